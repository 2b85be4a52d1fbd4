//! Priority re-evaluation: a selector of seven guarded instant children and
//! a running fallback. Every tick decides up to seven children; each accepts
//! with probability 1/256, so the fallback runs about 97% of the ticks.

use super::Worker;

impl Worker {
    /// Decide `k` of the priority scenario.
    #[inline]
    pub fn pick(&self, k: u32) -> bool {
        self.count_decide();
        self.roll.rotate_left(5 * k) & 0xff == 0
    }
    /// Decide 0.
    pub fn p0(&self) -> bool {
        self.pick(0)
    }
    /// Decide 1.
    pub fn p1(&self) -> bool {
        self.pick(1)
    }
    /// Decide 2.
    pub fn p2(&self) -> bool {
        self.pick(2)
    }
    /// Decide 3.
    pub fn p3(&self) -> bool {
        self.pick(3)
    }
    /// Decide 4.
    pub fn p4(&self) -> bool {
        self.pick(4)
    }
    /// Decide 5.
    pub fn p5(&self) -> bool {
        self.pick(5)
    }
    /// Decide 6.
    pub fn p6(&self) -> bool {
        self.pick(6)
    }
}

/// (b) Hand-written: a `while` over a `match` on the child index.
pub mod hand {
    use super::super::{Loiter, Step, Worker};
    use deciders::__private::Lent;
    use deciders::{Behavior, Frame, Status};

    /// The running child.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub enum State {
        /// Nothing runs.
        #[default]
        Fresh,
        /// Guarded child `.0` (0..7) runs.
        Child(u8),
        /// The fallback runs.
        Loiter,
    }

    /// One tick of one agent.
    #[inline]
    pub fn tick(s: &mut State, w: &mut Worker, frame: &mut Frame) -> Status {
        let ctx = &mut deciders::__private::ctx_lend(frame, Lent::NONE);
        let mut k = 0u8;
        while k < 7 {
            let accepted = match k {
                0 => w.p0(),
                1 => w.p1(),
                2 => w.p2(),
                3 => w.p3(),
                4 => w.p4(),
                5 => w.p5(),
                _ => w.p6(),
            };
            let running = *s == State::Child(k);
            if accepted {
                match Step.tick(w, ctx) {
                    Status::Running => {
                        *s = State::Child(k);
                        return Status::Running;
                    }
                    Status::Success => {
                        *s = State::Fresh;
                        return Status::Success;
                    }
                    Status::Failure => {}
                }
            }
            if running {
                *s = State::Fresh;
            }
            k += 1;
        }
        let status = Loiter.tick(w, ctx);
        *s = if status == Status::Running {
            State::Loiter
        } else {
            State::Fresh
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
        /// Seven guarded instant children and a running fallback.
        pub tree Priority for Worker {
            selector {
                c0: when(decide = Worker::p0) => Step,
                c1: when(decide = Worker::p1) => Step,
                c2: when(decide = Worker::p2) => Step,
                c3: when(decide = Worker::p3) => Step,
                c4: when(decide = Worker::p4) => Step,
                c5: when(decide = Worker::p5) => Step,
                c6: when(decide = Worker::p6) => Step,
                rest: Loiter,
            }
        }
    }

    /// Runs `ticks` frames.
    #[inline(never)]
    pub fn run(workers: &mut [Worker], states: &mut [Priority], ticks: u32) {
        super::super::frames(workers, states, ticks, |s, w, ctx| s.tick(w, ctx));
    }
}
