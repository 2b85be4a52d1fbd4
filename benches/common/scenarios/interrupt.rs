//! An interrupt that must halt: a selector of an alarm (decided every tick,
//! accepting half the ticks at random) over a patrol, both running behaviors
//! with `activate`, `tick` and `deactivate` hooks and memory. About every
//! other tick one child interrupts the other: the old one is deactivated and
//! the new one activated with fresh memory.

use super::Worker;

impl Worker {
    /// Decide of the alarm: half the ticks.
    #[inline]
    pub fn alarmed(&self) -> bool {
        self.count_decide();
        self.roll & 0x100 != 0
    }
}

/// (b) Hand-written.
pub mod hand {
    use super::super::{Guarded, Worker};
    use deciders::__private::Lent;
    use deciders::{Behavior, Ctx, Exit, Frame, Status};

    /// The running child and its memory.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub enum State {
        /// Nothing runs.
        #[default]
        Fresh,
        /// The alarm runs.
        Alarm(Guarded),
        /// The patrol runs.
        Patrol(Guarded),
    }

    /// Ticks a running behavior; `Err(status)` (deactivated) if it completed.
    #[inline(always)]
    fn resume(mut m: Guarded, w: &mut Worker, ctx: &mut Ctx) -> Result<Guarded, Status> {
        match m.tick(w, ctx) {
            Status::Running => Ok(m),
            done => {
                m.deactivate(w, ctx, Exit::Completed(done));
                Err(done)
            }
        }
    }

    /// Activates a fresh behavior and ticks it.
    #[inline(always)]
    fn start(w: &mut Worker, ctx: &mut Ctx) -> Result<Guarded, Status> {
        let mut m = Guarded::default();
        if m.activate(w, ctx) == Status::Failure {
            return Err(Status::Failure);
        }
        resume(m, w, ctx)
    }

    /// Deactivates whatever runs.
    #[inline(always)]
    fn halt(s: &mut State, w: &mut Worker, ctx: &mut Ctx) {
        if let State::Alarm(m) | State::Patrol(m) = s {
            m.deactivate(w, ctx, Exit::Halted);
        }
        *s = State::Fresh;
    }

    /// One tick of one agent.
    #[inline]
    pub fn tick(s: &mut State, w: &mut Worker, frame: &mut Frame) -> Status {
        let ctx = &mut deciders::__private::ctx_lend(frame, Lent::NONE);
        if w.alarmed() {
            let was = matches!(s, State::Alarm(_));
            let r = match *s {
                State::Alarm(m) => resume(m, w, ctx),
                _ => start(w, ctx),
            };
            match r {
                Ok(m) => {
                    if !was {
                        halt(s, w, ctx);
                    }
                    *s = State::Alarm(m);
                    return Status::Running;
                }
                Err(Status::Failure) => {
                    if was {
                        *s = State::Fresh;
                    }
                }
                Err(done) => {
                    if !was {
                        halt(s, w, ctx);
                    }
                    *s = State::Fresh;
                    return done;
                }
            }
        } else if let State::Alarm(m) = s {
            m.deactivate(w, ctx, Exit::Halted);
            *s = State::Fresh;
        }
        let was = matches!(s, State::Patrol(_));
        let r = match *s {
            State::Patrol(m) => resume(m, w, ctx),
            _ => start(w, ctx),
        };
        if !was {
            halt(s, w, ctx);
        }
        match r {
            Ok(m) => {
                *s = State::Patrol(m);
                Status::Running
            }
            Err(done) => {
                *s = State::Fresh;
                done
            }
        }
    }

    /// Runs `ticks` frames.
    #[inline(never)]
    pub fn run(workers: &mut [Worker], states: &mut [State], ticks: u32) {
        super::super::frames(workers, states, ticks, tick);
    }
}

/// (a) Generated.
pub mod generated {
    use super::super::{Guarded, Worker};

    deciders::tree! {
        /// An alarm that interrupts a patrol about every other tick.
        pub tree Interrupt for Worker {
            selector {
                alarm: when(decide = Worker::alarmed) => Guarded,
                patrol: Guarded,
            }
        }
    }

    /// Runs `ticks` frames.
    #[inline(never)]
    pub fn run(workers: &mut [Worker], states: &mut [Interrupt], ticks: u32) {
        super::super::frames(workers, states, ticks, |s, w, ctx| s.tick(w, ctx));
    }
}
