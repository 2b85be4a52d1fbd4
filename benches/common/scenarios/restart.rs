//! Complete-and-restart every frame: a sequence of three instant steps, so
//! the root succeeds on every tick and starts again on the next.

/// (b) Hand-written.
pub mod hand {
    use super::super::{Step, Worker};
    use crate::common::world::DT;
    use deciders::{Behavior, Ctx, Status};

    /// The running step, if any.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub enum State {
        /// Nothing runs.
        #[default]
        Fresh,
        /// Step `.0` (0..3) runs.
        Step(u8),
    }

    /// One tick of one agent.
    #[inline]
    pub fn tick(s: &mut State, w: &mut Worker, ctx: &Ctx) -> Status {
        let mut k = match *s {
            State::Fresh => 0,
            State::Step(k) => k,
        };
        while k < 3 {
            match Step.tick(w, ctx) {
                Status::Success => k += 1,
                Status::Running => {
                    *s = State::Step(k);
                    return Status::Running;
                }
                Status::Failure => {
                    *s = State::Fresh;
                    return Status::Failure;
                }
            }
        }
        *s = State::Fresh;
        Status::Success
    }

    /// Runs `ticks` frames.
    #[inline(never)]
    pub fn run(workers: &mut [Worker], states: &mut [State], ticks: u32) {
        let ctx = Ctx::new(DT);
        for _ in 0..ticks {
            for (w, s) in workers.iter_mut().zip(states.iter_mut()) {
                w.step();
                tick(s, w, &ctx);
            }
        }
    }
}

/// (a) Generated.
pub mod generated {
    use super::super::{Step, Worker};
    use crate::common::world::DT;
    use deciders::Ctx;

    deciders::tree! {
        /// Three instant steps: completes every tick.
        pub tree Restart for Worker {
            sequence { Step, Step, Step }
        }
    }

    /// Runs `ticks` frames.
    #[inline(never)]
    pub fn run(workers: &mut [Worker], states: &mut [Restart], ticks: u32) {
        let mut ctx = Ctx::new(DT);
        for _ in 0..ticks {
            for (w, s) in workers.iter_mut().zip(states.iter_mut()) {
                w.step();
                s.tick(w, &mut ctx);
            }
        }
    }
}
