//! A shared limit (SPEC R8, C3): `fallback { limit(door, 32) { Dig }, Haul }`
//! over every agent of the workload, all sharing one [`Resource`] kept in
//! the frame's world ([`Door`]). An agent tries the door when its tree
//! starts; inside, it digs until the dig completes (one tick in eight) and
//! gives its slot back; when the door is full, the limit fails without
//! entering its child and the agent hauls until the haul completes (one
//! tick in eight), then tries again. With 1,000 agents 32 are inside and
//! about one agent-tick in eight tries the door, most of them finding it
//! full; with the equivalence test's 128, fewer tries fail.
//!
//! Agents are ticked in order, so which ones get in is deterministic, and
//! the same for both implementations, each with a resource of its own.

use super::super::Tracked;
use super::{make_workers, Frames, Worker};
use deciders::{Frame, Resource, Status};

/// The world of the scenario's frames: the door every agent shares.
#[derive(Clone, Debug, Default)]
pub struct Door {
    /// How many agents are inside.
    pub door: Resource,
}

/// The limit's `max`, as the generated tree writes it (a literal there).
pub const MAX: u32 = 32;

/// The workers, their states and the frame whose world holds the door:
/// the frame lives as long as the workload, since the slots held in the
/// states count in its resource.
pub struct Queue<S> {
    name: &'static str,
    workers: Vec<Worker>,
    states: Vec<S>,
    frame: Frame<Door>,
    run: fn(&mut [Worker], &mut [S], &mut Frame<Door>, u32),
}

impl<S> Queue<S> {
    /// `n` workers with states from `state`, run by `run`.
    pub fn new(
        name: &'static str,
        n: usize,
        state: impl FnMut() -> S,
        run: fn(&mut [Worker], &mut [S], &mut Frame<Door>, u32),
    ) -> Self {
        Queue {
            name,
            workers: make_workers(n),
            states: std::iter::repeat_with(state).take(n).collect(),
            frame: Frame::new(super::super::world::DT).with_world(Door::default()),
            run,
        }
    }

    /// The door.
    pub fn door(&self) -> &Resource {
        &self.frame.world().door
    }
}

impl<S> Frames for Queue<S> {
    fn name(&self) -> &'static str {
        self.name
    }
    fn agents(&self) -> usize {
        self.workers.len()
    }
    fn frames(&mut self, n: u32) {
        (self.run)(
            std::hint::black_box(&mut self.workers),
            &mut self.states,
            &mut self.frame,
            n,
        );
    }
    fn checksum(&self) -> u64 {
        self.workers
            .iter()
            .fold(u64::from(self.door().in_use()), |h, a| {
                (h ^ a.checksum())
                    .rotate_left(5)
                    .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            })
    }
    fn hook_calls(&self) -> u64 {
        self.workers.iter().map(Tracked::hook_calls).sum()
    }
}

/// Runs `ticks` frames: every worker's step, then `tick` of its state, as
/// [`super::frames`] does, with the workload's frame.
#[inline(always)]
pub fn frames<S>(
    workers: &mut [Worker],
    states: &mut [S],
    frame: &mut Frame<Door>,
    ticks: u32,
    mut tick: impl FnMut(&mut S, &mut Worker, &mut Frame<Door>) -> Status,
) {
    for _ in 0..ticks {
        for (w, s) in workers.iter_mut().zip(states.iter_mut()) {
            w.step();
            tick(s, w, frame);
        }
    }
}

/// (b) Hand-written: the slot held in the state next to the dig's memory,
/// taken with `Resource::try_acquire` as the decorator takes it.
pub mod hand {
    use super::super::{Dig, Haul, Worker};
    use super::{Door, MAX};
    use deciders::__private::Lent;
    use deciders::{Behavior, Ctx, Exit, Frame, Slot, Status};

    /// The running child and its memory.
    #[derive(Debug, Default)]
    pub enum State {
        /// Nothing runs.
        #[default]
        Fresh,
        /// Inside the door, digging: the slot is held.
        Inside(Slot, Dig),
        /// Hauling.
        Outside(Haul),
    }

    /// The fallback's second child, entered after the limit failed
    /// (SPEC C3): the status of the fallback.
    #[inline(always)]
    fn haul(s: &mut State, w: &mut Worker, ctx: &mut Ctx<Door>) -> Status {
        let mut m = Haul::default();
        if m.activate(w, ctx) == Status::Failure {
            *s = State::Fresh;
            return Status::Failure;
        }
        match m.tick(w, ctx) {
            Status::Running => {
                *s = State::Outside(m);
                Status::Running
            }
            done => {
                m.deactivate(w, ctx, Exit::Completed(done));
                *s = State::Fresh;
                done
            }
        }
    }

    /// Enters the limit: a slot first (SPEC R8), then the dig. A full door,
    /// or a dig that fails, fails the limit and the fallback moves on.
    #[inline(always)]
    fn enter(s: &mut State, w: &mut Worker, ctx: &mut Ctx<Door>) -> Status {
        let Some(slot) = ctx.world().door.try_acquire(MAX) else {
            return haul(s, w, ctx);
        };
        let mut m = Dig::default();
        let status = if m.activate(w, ctx) == Status::Failure {
            Status::Failure
        } else {
            match m.tick(w, ctx) {
                Status::Running => {
                    *s = State::Inside(slot, m);
                    return Status::Running;
                }
                done => {
                    m.deactivate(w, ctx, Exit::Completed(done));
                    done
                }
            }
        };
        // SPEC R8: the child's completion gives the slot back.
        drop(slot);
        if status == Status::Success {
            *s = State::Fresh;
            return status;
        }
        haul(s, w, ctx)
    }

    /// One tick of one agent.
    #[inline]
    pub fn tick(s: &mut State, w: &mut Worker, frame: &mut Frame<Door>) -> Status {
        let ctx = &mut deciders::__private::ctx_lend(frame, Lent::NONE);
        match s {
            // SPEC C3: the fallback resumes at its running child.
            State::Inside(_, m) => {
                let status = m.tick(w, ctx);
                if status == Status::Running {
                    return Status::Running;
                }
                m.deactivate(w, ctx, Exit::Completed(status));
                // SPEC R8: the slot goes with the state it is held in.
                *s = State::Fresh;
                if status == Status::Success {
                    return status;
                }
                haul(s, w, ctx)
            }
            State::Outside(m) => {
                let status = m.tick(w, ctx);
                if status != Status::Running {
                    m.deactivate(w, ctx, Exit::Completed(status));
                    *s = State::Fresh;
                }
                status
            }
            State::Fresh => enter(s, w, ctx),
        }
    }

    /// Runs `ticks` frames.
    #[inline(never)]
    pub fn run(workers: &mut [Worker], states: &mut [State], frame: &mut Frame<Door>, ticks: u32) {
        super::frames(workers, states, frame, ticks, tick);
    }
}

/// (a) Generated.
pub mod generated {
    use super::super::{Dig, Haul, Worker};
    use super::Door;
    use deciders::Frame;

    deciders::tree! {
        /// A dig behind a door at most 32 agents pass at once, over a haul.
        pub tree Gate for Worker, world = Door {
            fallback {
                pass: limit(|d: &Door| &d.door, 32) { Dig },
                wait: Haul,
            }
        }
    }

    /// Runs `ticks` frames.
    #[inline(never)]
    pub fn run(workers: &mut [Worker], states: &mut [Gate], frame: &mut Frame<Door>, ticks: u32) {
        super::frames(workers, states, frame, ticks, |s, w, f| s.tick(w, f));
    }
}

/// The implementation `imp` over `agents` agents.
pub fn workload(imp: &str, agents: usize) -> Option<Box<dyn Frames>> {
    Some(match imp {
        "hand" => Box::new(Queue::new("hand", agents, Default::default, hand::run)),
        "generated" => Box::new(Queue::new(
            "generated",
            agents,
            Default::default,
            generated::run,
        )),
        _ => return None,
    })
}
