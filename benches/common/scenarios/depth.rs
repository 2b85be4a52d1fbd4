//! A steady running leaf at depth: five nested sequences, each starting with
//! an instant [`Step`], around a [`Work`] that runs for 1,000 ticks. Almost
//! every tick resumes `Work` five levels down.

/// (b) Hand-written: the nested sequences flattened into one, as a person
/// would write it: the running position, with `Work`'s memory inline.
pub mod hand {
    use super::super::{Step, Work, Worker};
    use deciders::__private::Lent;
    use deciders::{Behavior, Frame, Status};

    /// How many instant steps come before `Work`.
    const STEPS: u8 = 5;

    /// One agent's tree state.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub enum State {
        /// Nothing runs.
        #[default]
        Fresh,
        /// Step number `.0` (0..5) runs.
        Step(u8),
        /// `Work` runs, with its memory.
        Work(Work),
    }

    /// One tick of one agent: the steady case (`Work` running) first.
    #[inline]
    pub fn tick(s: &mut State, w: &mut Worker, frame: &mut Frame) -> Status {
        let ctx = &mut deciders::__private::ctx_lend(frame, Lent::NONE);
        if let State::Work(m) = s {
            let status = m.tick(w, ctx);
            if status != Status::Running {
                *s = State::Fresh;
            }
            return status;
        }
        let mut k = match *s {
            State::Step(k) => k,
            _ => 0,
        };
        while k < STEPS {
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
        let mut m = Work::default();
        let status = m.tick(w, ctx);
        *s = if status == Status::Running {
            State::Work(m)
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
    use super::super::{Step, Work, Worker};

    deciders::tree! {
        /// Five nested sequences around a long job.
        pub tree Deep for Worker {
            sequence { Step, sequence { Step, sequence { Step, sequence { Step, sequence { Step, Work } } } } }
        }
    }

    /// Runs `ticks` frames.
    #[inline(never)]
    pub fn run(workers: &mut [Worker], states: &mut [Deep], ticks: u32) {
        super::super::frames(workers, states, ticks, |s, w, ctx| s.tick(w, ctx));
    }
}
