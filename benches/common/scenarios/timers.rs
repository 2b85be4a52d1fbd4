//! Timers with a fixed `dt`: a selector whose first child has an
//! `every(0.5)` precondition (SPEC G1) in front of its decide, over a running
//! fallback. With `dt = 1/30` the decide is called about every 15th tick and
//! accepts half the time; the timer is checked every tick.

use super::Worker;

/// The timer's interval in seconds.
pub const EVERY: f64 = 0.5;

impl Worker {
    /// Decide of the timed child: half the time.
    #[inline]
    pub fn spots(&self) -> bool {
        self.count_decide();
        self.roll & 0x200 != 0
    }
}

/// (b) Hand-written: the tree clock and the timer next to the running child.
pub mod hand {
    use super::super::{Loiter, Step, Worker};
    use super::EVERY;
    use deciders::__private::Lent;
    use deciders::{Behavior, Frame, Status, Timer};

    /// The running child.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub enum Child {
        /// Nothing runs.
        #[default]
        Fresh,
        /// The timed child runs.
        Look,
        /// The fallback runs.
        Loiter,
    }

    /// One agent's tree state: clock, timer, running child.
    #[derive(Clone, Copy, Debug, Default, PartialEq)]
    pub struct State {
        /// The tree clock (SPEC T2).
        pub now: f64,
        /// The `every(0.5)` timer.
        pub timer: Timer,
        /// The running child.
        pub child: Child,
    }

    /// One tick of one agent.
    #[inline]
    pub fn tick(s: &mut State, w: &mut Worker, frame: &mut Frame) -> Status {
        s.now += f64::from(frame.dt());
        let ctx = &mut deciders::__private::ctx_lend(frame, Lent::clock(&s.now));
        if s.timer.fire(s.now, EVERY) && w.spots() {
            match Step.tick(w, ctx) {
                Status::Running => {
                    s.child = Child::Look;
                    return Status::Running;
                }
                Status::Success => {
                    s.child = Child::Fresh;
                    return Status::Success;
                }
                Status::Failure => {}
            }
        }
        if s.child == Child::Look {
            s.child = Child::Fresh;
        }
        let status = Loiter.tick(w, ctx);
        s.child = if status == Status::Running {
            Child::Loiter
        } else {
            Child::Fresh
        };
        status
    }

    /// Runs `ticks` frames.
    #[inline(never)]
    pub fn run(workers: &mut [Worker], states: &mut [State], ticks: u32) {
        super::super::frames(workers, states, ticks, tick);
    }
}

/// (a) Generated.
pub mod generated {
    use super::super::{Loiter, Step, Worker};

    deciders::tree! {
        /// A decide behind an `every(0.5)` timer, over a running fallback.
        pub tree Timed for Worker {
            selector {
                look: when(every(0.5), decide = Worker::spots) => Step,
                idle: Loiter,
            }
        }
    }

    /// Runs `ticks` frames.
    #[inline(never)]
    pub fn run(workers: &mut [Worker], states: &mut [Timed], ticks: u32) {
        super::super::frames(workers, states, ticks, |s, w, ctx| s.tick(w, ctx));
    }
}
