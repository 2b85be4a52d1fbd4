//! Stimuli (SPEC V2, G1): a `priority` group whose first child is guarded
//! by `stimuli_any(Stim::Hit.flag())`, over a running fallback. The store
//! lives in the agent, [`Wary`] (a [`Worker`] and its stimuli), and is
//! updated once per agent-tick, before the tick, by the same caller code
//! for both implementations ([`Wary::sense`]): a hit is added one roll in
//! 32 (payload: bits of the roll, timeout 0.2 s, six frames at
//! `dt = 1/30`), a noise one roll in 32 (timeout 0.5 s), and
//! `frame.set_stimuli(store.update(frame.dt()))`.
//!
//! The store is not a field of [`Worker`]: a larger `Worker` changed the
//! other scenarios' loops by one instruction per agent-tick (measured:
//! `timers` +1, `restart` −1, …), and their figures are kept as they were.
//!
//! A hit interrupts the idle child (D1); the flinch removes the hit it
//! handles on activation and runs until it completes (one tick in eight),
//! and the group then redecides with it masked (D2), entering the idle
//! child again. Its guard has no `recheck` (G3): a hit arriving while it
//! runs waits in the store until it times out or the group decides again.

use super::{Tracked, Worker};
use deciders::{Behavior, Ctx, Exit, Flags, Frame, Status, Stimuli, Stimulus};

/// The scenario's stimulus kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Stimulus)]
pub enum Stim {
    /// The worker took a hit; the payload says from whom.
    Hit,
    /// The worker heard something: present in the flags, guarded by nothing.
    Noise,
}

/// The guard's mask.
pub const HIT: Flags = Stim::Hit.flag();

/// How long a hit lasts unhandled, in seconds.
pub const HIT_TIMEOUT: f32 = 0.2;

/// How long a noise lasts, in seconds.
pub const NOISE_TIMEOUT: f32 = 0.5;

/// The scenario's agent: a worker and its stimuli (SPEC V2).
#[derive(Clone, Debug)]
pub struct Wary {
    /// The worker: its roll and the hook counters.
    pub w: Worker,
    /// The worker's stimuli; the payload of a hit says from whom.
    pub stimuli: Stimuli<Stim, u32>,
}

impl Wary {
    /// Agent number `index`.
    pub fn new(index: usize) -> Wary {
        Wary {
            w: Worker::new(index),
            stimuli: Stimuli::new(),
        }
    }

    /// The caller's side, once per agent-tick after the worker's step:
    /// adds this tick's stimuli from the roll, then updates the store and
    /// hands its flags to the frame (SPEC V2).
    #[inline(always)]
    pub fn sense(&mut self, frame: &mut Frame) {
        let roll = self.w.roll;
        if roll & 0x1f == 0 {
            self.stimuli.add(Stim::Hit, roll >> 16, Some(HIT_TIMEOUT));
        }
        if roll & 0x3e0 == 0 {
            self.stimuli.add(Stim::Noise, 0, Some(NOISE_TIMEOUT));
        }
        frame.set_stimuli(self.stimuli.update(frame.dt()));
    }
}

impl AsMut<Worker> for Wary {
    fn as_mut(&mut self) -> &mut Worker {
        &mut self.w
    }
}

impl Tracked for Wary {
    fn checksum(&self) -> u64 {
        self.w.checksum() ^ self.stimuli.flags().bits().rotate_left(29)
    }
    fn hook_calls(&self) -> u64 {
        self.w.hook_calls()
    }
}

/// Reacts to a hit: takes the hit's payload out of the store on
/// activation (the stimulus is handled), works with it every tick, and
/// completes one tick in eight.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flinch {
    /// Who hit the worker (0: the hit was gone).
    pub from: u32,
    /// Ticks since activation.
    pub since: u32,
}

impl Behavior<Wary> for Flinch {
    #[inline]
    fn activate(&mut self, a: &mut Wary, _ctx: &mut Ctx) -> Status {
        a.w.activations += 1;
        self.from = a.stimuli.remove(Stim::Hit).unwrap_or(0);
        Status::Running
    }
    #[inline]
    fn tick(&mut self, a: &mut Wary, _ctx: &mut Ctx) -> Status {
        let w = &mut a.w;
        w.ticks += 1;
        self.since += 1;
        w.work = w.work.wrapping_add(u64::from(self.from ^ self.since));
        if w.roll >> 29 == 0 {
            Status::Success
        } else {
            Status::Running
        }
    }
    #[inline]
    fn deactivate(&mut self, a: &mut Wary, _ctx: &mut Ctx, _exit: Exit) {
        let w = &mut a.w;
        w.deactivations += 1;
        w.work = w.work.wrapping_mul(3).wrapping_add(u64::from(self.since));
    }
}

/// The idle child: [`Guarded`](super::Guarded)'s hooks, on the worker of
/// a [`Wary`] agent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Idle(pub super::Guarded);

impl Behavior<Wary> for Idle {
    #[inline]
    fn activate(&mut self, a: &mut Wary, ctx: &mut Ctx) -> Status {
        self.0.activate(&mut a.w, ctx)
    }
    #[inline]
    fn tick(&mut self, a: &mut Wary, ctx: &mut Ctx) -> Status {
        self.0.tick(&mut a.w, ctx)
    }
    #[inline]
    fn deactivate(&mut self, a: &mut Wary, ctx: &mut Ctx, exit: Exit) {
        self.0.deactivate(&mut a.w, ctx, exit);
    }
}

/// (b) Hand-written: the running child in an enum, the guard a test of
/// the frame's stimuli flags.
pub mod hand {
    use super::{Flinch, Idle, Wary, HIT};
    use deciders::__private::Lent;
    use deciders::{Behavior, Ctx, Exit, Frame, Status};

    /// The running child and its memory.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub enum State {
        /// Nothing runs.
        #[default]
        Fresh,
        /// The flinch runs.
        Flinch(Flinch),
        /// The idle child runs.
        Idle(Idle),
    }

    /// Enters the idle child, the last one: when it exits, no child is
    /// left to decide (the flinch is masked or has just rejected, and the
    /// tick's stimuli flags do not change), so the group exits with its
    /// status (SPEC D2).
    #[inline(always)]
    fn idle(s: &mut State, w: &mut Wary, ctx: &mut Ctx) -> Status {
        let mut m = Idle::default();
        if m.activate(w, ctx) == Status::Failure {
            *s = State::Fresh;
            return Status::Failure;
        }
        match m.tick(w, ctx) {
            Status::Running => {
                *s = State::Idle(m);
                Status::Running
            }
            done => {
                m.deactivate(w, ctx, Exit::Completed(done));
                *s = State::Fresh;
                done
            }
        }
    }

    /// Enters the flinch, whose guard has just accepted; if it exits at
    /// once, the group redecides with it masked (SPEC D2).
    #[inline(always)]
    fn flinch(s: &mut State, w: &mut Wary, ctx: &mut Ctx) -> Status {
        let mut m = Flinch::default();
        if m.activate(w, ctx) != Status::Failure {
            match m.tick(w, ctx) {
                Status::Running => {
                    *s = State::Flinch(m);
                    return Status::Running;
                }
                done => m.deactivate(w, ctx, Exit::Completed(done)),
            }
        }
        idle(s, w, ctx)
    }

    /// One tick of one agent (after [`Wary::sense`]).
    #[inline]
    pub fn tick(s: &mut State, w: &mut Wary, frame: &mut Frame) -> Status {
        let ctx = &mut deciders::__private::ctx_lend(frame, Lent::NONE);
        match s {
            // SPEC D1: no child before the running one; it is ticked.
            State::Flinch(m) => {
                let status = m.tick(w, ctx);
                if status == Status::Running {
                    return Status::Running;
                }
                m.deactivate(w, ctx, Exit::Completed(status));
                idle(s, w, ctx)
            }
            // SPEC D1, G1: the flinch is decided every tick and interrupts.
            State::Idle(m) => {
                if ctx.stimuli().any(HIT) {
                    m.deactivate(w, ctx, Exit::Halted);
                    return flinch(s, w, ctx);
                }
                let status = m.tick(w, ctx);
                if status != Status::Running {
                    m.deactivate(w, ctx, Exit::Completed(status));
                    *s = State::Fresh;
                }
                status
            }
            State::Fresh => {
                if ctx.stimuli().any(HIT) {
                    flinch(s, w, ctx)
                } else {
                    idle(s, w, ctx)
                }
            }
        }
    }

    /// One agent-tick after the world step: the stimuli, then the tree.
    #[inline(always)]
    pub fn agent_tick(s: &mut State, w: &mut Wary, frame: &mut Frame) -> Status {
        w.sense(frame);
        tick(s, w, frame)
    }

    /// Runs `ticks` frames.
    #[inline(never)]
    pub fn run(agents: &mut [Wary], states: &mut [State], ticks: u32) {
        super::super::frames_of(agents, states, ticks, agent_tick);
    }
}

/// (a) Generated.
pub mod generated {
    use super::{Flinch, Idle, Stim, Wary};
    use deciders::{Frame, Status};

    deciders::tree! {
        /// A flinch guarded by the hit stimulus, over a running idle child.
        pub tree Startle for Wary {
            priority {
                flinch: when(stimuli_any(Stim::Hit.flag())) => Flinch,
                idle: Idle,
            }
        }
    }

    /// One agent-tick after the world step: the stimuli, then the tree.
    #[inline(always)]
    pub fn agent_tick(s: &mut Startle, w: &mut Wary, frame: &mut Frame) -> Status {
        w.sense(frame);
        s.tick(w, frame)
    }

    /// Runs `ticks` frames.
    #[inline(never)]
    pub fn run(agents: &mut [Wary], states: &mut [Startle], ticks: u32) {
        super::super::frames_of(agents, states, ticks, agent_tick);
    }
}
