//! Complete-and-restart every frame: a sequence of three instant steps, so
//! the root succeeds on every tick and starts again on the next.

/// (b) Hand-written.
pub mod hand {
    use super::super::{Step, Worker};
    use deciders::__private::Lent;
    use deciders::{Behavior, Ctx, Frame, Status};

    /// Where the sequence resumes: its running step, or the first.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub enum State {
        /// The first step (running, or nothing runs).
        #[default]
        First,
        /// The second step runs.
        Second,
        /// The third step runs.
        Third,
    }

    /// Ticks the step at `at`: `Some(status)` to return, `None` on to the
    /// next step.
    #[inline(always)]
    fn step(s: &mut State, at: State, w: &mut Worker, ctx: &mut Ctx) -> Option<Status> {
        match Step.tick(w, ctx) {
            Status::Success => None,
            Status::Running => {
                *s = at;
                Some(Status::Running)
            }
            Status::Failure => {
                *s = State::First;
                Some(Status::Failure)
            }
        }
    }

    /// One tick of one agent: the steps from the running one, straight-line.
    #[inline]
    pub fn tick(s: &mut State, w: &mut Worker, frame: &mut Frame) -> Status {
        let ctx = &mut deciders::__private::ctx_lend(frame, Lent::NONE);
        let from = *s;
        if from == State::First {
            if let Some(status) = step(s, State::First, w, ctx) {
                return status;
            }
        }
        if from != State::Third {
            if let Some(status) = step(s, State::Second, w, ctx) {
                return status;
            }
        }
        if let Some(status) = step(s, State::Third, w, ctx) {
            return status;
        }
        *s = State::First;
        Status::Success
    }

    /// Runs `ticks` frames.
    #[inline(never)]
    pub fn run(workers: &mut [Worker], states: &mut [State], ticks: u32) {
        super::super::frames(workers, states, ticks, tick);
    }
}

/// (a) Generated.
pub mod generated {
    use super::super::{Step, Worker};

    deciders::tree! {
        /// Three instant steps: completes every tick.
        pub tree Restart for Worker {
            sequence { Step, Step, Step }
        }
    }

    /// Runs `ticks` frames.
    #[inline(never)]
    pub fn run(workers: &mut [Worker], states: &mut [Restart], ticks: u32) {
        super::super::frames(workers, states, ticks, |s, w, ctx| s.tick(w, ctx));
    }
}
