//! Deferred actions (SPEC V5, D1, D2): `priority { flinch: when(decide =
//! Worker::startled) => Flinch, act: Anim }`. [`Anim`] plays an animation
//! as a deferred action: it launches it on activation
//! ([`Action::launch`] into the frame's [`Requests`]), polls the
//! [`Completions`] on every tick (done when the game system reported its
//! ticket: `Success`, or `Failure` for one animation in eight) and
//! abandons it in `deactivate` (a cancel request when the flinch
//! interrupts it). The flinch's decide accepts one roll in 64; the flinch
//! ([`Chore<3>`](super::Chore)) completes one tick in eight, and the group
//! then redecides with it masked (D2), launching a new animation.
//!
//! The frame's world, [`Stage`], holds the requests (capacity: one launch
//! and one cancel per agent, so nothing is refused) and the completions;
//! the frame lives as long as the workload ([`Theater`]), as `limit`'s
//! does. After every frame the run loop plays the game system,
//! [`Animator::end_frame`], the same code for both implementations: it
//! completes the launches of the frame `DELAY` frames back (an animation
//! lasts `DELAY` frames, then its completion is seen on the next tick),
//! takes this frame's launches out of the buffer and calls `next_frame`.
//! Cancels are counted (and hashed into the checksum) but the animations
//! they name still complete: their behaviors no longer hold the ticket,
//! so nobody polls them.
//!
//! An animation is never abandoned in the frame it was launched in (the
//! flinch is decided before the animation, and each agent ticks once per
//! frame), so every abandon is a cancel request, never a removed launch.

use super::super::Tracked;
use super::{make_workers, Chore, Frames, Worker};
use deciders::deferred::{Action, Cancel, Completions, Requests, Ticket};
use deciders::{Behavior, Ctx, Exit, Frame, Status};

/// How many frames an animation plays before the game system reports it.
pub const DELAY: u32 = 4;

impl Worker {
    /// The flinch's decide: one roll in 64.
    #[inline]
    pub fn startled(&self) -> bool {
        self.count_decide();
        self.roll & 0x3f == 0
    }
}

/// The world of the scenario's frames: the animation requests of this
/// frame, and the completions the game system reported after the last.
#[derive(Clone, Debug)]
pub struct Stage {
    /// Launches (the animation's number) and cancels.
    pub anims: Requests<u32>,
    /// Finished animations: whether each played to its end.
    pub done: Completions<bool>,
}

impl Stage {
    /// Buffers for `agents` agents: at most one launch and one cancel each
    /// per frame, so that nothing is refused. The completions are grown to
    /// that size once here, so that the frames allocate nothing.
    pub fn new(agents: usize) -> Stage {
        let mut done = Completions::new();
        for agent in 0..agents {
            let agent = u32::try_from(agent).unwrap_or(u32::MAX);
            done.complete(
                Ticket {
                    frame: 0,
                    agent,
                    n: 0,
                },
                false,
            );
        }
        done.clear();
        Stage {
            anims: Requests::with_capacity(agents.max(1), 0),
            done,
        }
    }
}

/// The game system: the animations playing, by the frame they were
/// launched in (a ring of `DELAY` buffers), and what it saw.
#[derive(Clone, Debug)]
pub struct Animator {
    /// The frame that is ending.
    frame: u32,
    /// The launches of the last `DELAY` frames, at `frame % DELAY`.
    playing: [Vec<(Ticket, u32)>; DELAY as usize],
    /// Launches taken.
    pub launched: u64,
    /// Animations reported failed.
    pub failed: u64,
    /// Cancel requests seen.
    pub cancelled: u64,
    /// A digest of the cancel requests' tickets.
    pub cancels_hash: u64,
}

impl Animator {
    /// A game system for `agents` agents.
    pub fn new(agents: usize) -> Animator {
        Animator {
            frame: 0,
            playing: std::array::from_fn(|_| Vec::with_capacity(agents)),
            launched: 0,
            failed: 0,
            cancelled: 0,
            cancels_hash: 0,
        }
    }

    /// After a frame: reports the animations launched `DELAY` frames back
    /// (one in eight failed, from its number), takes this frame's launches,
    /// counts its cancels and starts the next frame.
    #[inline]
    pub fn end_frame(&mut self, stage: &mut Stage) {
        stage.done.clear();
        let slot = &mut self.playing[(self.frame % DELAY) as usize];
        for &(ticket, anim) in slot.iter() {
            let ok = anim & 7 != 0;
            self.failed += u64::from(!ok);
            stage.done.complete(ticket, ok);
        }
        slot.clear();
        for t in stage.anims.cancels() {
            let t = u64::from(t.frame) << 40 ^ u64::from(t.agent) << 16 ^ u64::from(t.n);
            self.cancels_hash = (self.cancels_hash ^ t).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
        self.cancelled += stage.anims.cancels().len() as u64;
        slot.extend(stage.anims.drain_launches());
        self.launched += slot.len() as u64;
        self.frame = self.frame.wrapping_add(1);
        stage.anims.next_frame(self.frame);
    }

    /// A digest of what the game system saw.
    pub fn checksum(&self) -> u64 {
        [self.launched, self.failed, self.cancelled]
            .into_iter()
            .fold(self.cancels_hash, |h, v| {
                (h ^ v).wrapping_mul(0x0000_0100_0000_01B3).rotate_left(23)
            })
    }
}

/// The flinch: a chore that completes one tick in eight.
pub type Flinch = Chore<3>;

/// Plays an animation as a deferred action (SPEC V5): the animation's
/// number comes from the roll; the memory is the action.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Anim(pub Action);

impl Behavior<Worker, Stage> for Anim {
    #[inline]
    fn activate(&mut self, w: &mut Worker, ctx: &mut Ctx<Stage>) -> Status {
        w.activations += 1;
        let anim = w.roll >> 8;
        w.work = w.work.wrapping_add(u64::from(anim & 0xff));
        self.0.launch(&mut ctx.world_mut().anims, anim)
    }
    #[inline]
    fn tick(&mut self, w: &mut Worker, ctx: &mut Ctx<Stage>) -> Status {
        w.ticks += 1;
        match self.0.poll(&ctx.world().done) {
            None => Status::Running,
            Some(&ok) => {
                w.work = w.work.rotate_left(3) ^ u64::from(ok);
                if ok {
                    Status::Success
                } else {
                    Status::Failure
                }
            }
        }
    }
    #[inline]
    fn deactivate(&mut self, w: &mut Worker, ctx: &mut Ctx<Stage>, _exit: Exit) {
        w.deactivations += 1;
        let cancel = match self.0.abandon(&mut ctx.world_mut().anims) {
            None => 0,
            Some(Cancel::Removed) => 1,
            Some(Cancel::Requested) => 2,
            Some(Cancel::Refused) => 3,
        };
        w.work = w.work.wrapping_mul(3).wrapping_add(cancel);
    }
}

/// The workers, their states, the frame whose world holds the requests and
/// completions, and the game system: all live as long as the workload,
/// since the actions held in the states name tickets of the frames before.
pub struct Theater<S> {
    name: &'static str,
    workers: Vec<Worker>,
    states: Vec<S>,
    frame: Frame<Stage>,
    system: Animator,
    run: Run<S>,
}

/// A `run` function of the scenario.
pub type Run<S> = fn(&mut [Worker], &mut [S], &mut Frame<Stage>, &mut Animator, u32);

impl<S> Theater<S> {
    /// `n` workers with states from `state`, run by `run`.
    pub fn new(name: &'static str, n: usize, state: impl FnMut() -> S, run: Run<S>) -> Self {
        Theater {
            name,
            workers: make_workers(n),
            states: std::iter::repeat_with(state).take(n).collect(),
            frame: Frame::new(super::super::world::DT).with_world(Stage::new(n)),
            system: Animator::new(n),
            run,
        }
    }
}

impl<S> Frames for Theater<S> {
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
            &mut self.system,
            n,
        );
    }
    fn checksum(&self) -> u64 {
        self.workers.iter().fold(self.system.checksum(), |h, a| {
            (h ^ a.checksum())
                .rotate_left(5)
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        })
    }
    fn hook_calls(&self) -> u64 {
        self.workers.iter().map(Tracked::hook_calls).sum()
    }
}

/// Runs `ticks` frames: for every worker its step, the requests told
/// whose tick comes (`set_agent`, a batch's `prep`), then `tick` of its
/// state; after each frame, the game system.
#[inline(always)]
pub fn frames<S>(
    workers: &mut [Worker],
    states: &mut [S],
    frame: &mut Frame<Stage>,
    system: &mut Animator,
    ticks: u32,
    mut tick: impl FnMut(&mut S, &mut Worker, &mut Frame<Stage>) -> Status,
) {
    for _ in 0..ticks {
        for (i, (w, s)) in workers.iter_mut().zip(states.iter_mut()).enumerate() {
            w.step();
            frame.world_mut().anims.set_agent(i);
            tick(s, w, frame);
        }
        system.end_frame(frame.world_mut());
    }
}

/// (b) Hand-written: the running child and its memory in an enum, the
/// masked redecides (D2) written out as the functions that enter a child
/// with the other one masked or not.
pub mod hand {
    use super::super::Worker;
    use super::{Anim, Flinch, Stage};
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
        /// The animation runs.
        Anim(Anim),
    }

    /// Enters the flinch with the animation masked (it exited this tick):
    /// when the flinch exits, no child is left and the group exits with
    /// its status (SPEC D2).
    #[inline(always)]
    fn flinch_last(s: &mut State, w: &mut Worker, ctx: &mut Ctx<Stage>) -> Status {
        let mut m = Flinch::default();
        if m.activate(w, ctx) == Status::Failure {
            *s = State::Fresh;
            return Status::Failure;
        }
        match m.tick(w, ctx) {
            Status::Running => {
                *s = State::Flinch(m);
                Status::Running
            }
            done => {
                m.deactivate(w, ctx, Exit::Completed(done));
                *s = State::Fresh;
                done
            }
        }
    }

    /// Enters the animation with the flinch masked (it exited this tick):
    /// when the animation exits, the group exits with its status.
    #[inline(always)]
    fn anim_last(s: &mut State, w: &mut Worker, ctx: &mut Ctx<Stage>) -> Status {
        let mut m = Anim::default();
        if m.activate(w, ctx) == Status::Failure {
            *s = State::Fresh;
            return Status::Failure;
        }
        match m.tick(w, ctx) {
            Status::Running => {
                *s = State::Anim(m);
                Status::Running
            }
            done => {
                m.deactivate(w, ctx, Exit::Completed(done));
                *s = State::Fresh;
                done
            }
        }
    }

    /// Enters the flinch, whose decide has just accepted; if it exits
    /// (or refuses to activate), the group redecides with it masked: the
    /// animation (SPEC D2).
    #[inline(always)]
    fn flinch(s: &mut State, w: &mut Worker, ctx: &mut Ctx<Stage>) -> Status {
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
        anim_last(s, w, ctx)
    }

    /// The group redecides with the animation masked (it exited with
    /// `status`, or refused to activate): the flinch is decided again
    /// (SPEC D2).
    #[inline(always)]
    fn after_anim(s: &mut State, w: &mut Worker, ctx: &mut Ctx<Stage>, status: Status) -> Status {
        if w.startled() {
            return flinch_last(s, w, ctx);
        }
        *s = State::Fresh;
        status
    }

    /// Enters the animation, the flinch's decide having rejected.
    #[inline(always)]
    fn anim(s: &mut State, w: &mut Worker, ctx: &mut Ctx<Stage>) -> Status {
        let mut m = Anim::default();
        if m.activate(w, ctx) == Status::Failure {
            return after_anim(s, w, ctx, Status::Failure);
        }
        match m.tick(w, ctx) {
            Status::Running => {
                *s = State::Anim(m);
                Status::Running
            }
            done => {
                m.deactivate(w, ctx, Exit::Completed(done));
                after_anim(s, w, ctx, done)
            }
        }
    }

    /// One tick of one agent.
    #[inline]
    pub fn tick(s: &mut State, w: &mut Worker, frame: &mut Frame<Stage>) -> Status {
        let ctx = &mut deciders::__private::ctx_lend(frame, Lent::NONE);
        match s {
            // SPEC D1: no child before the running one; it is ticked.
            State::Flinch(m) => {
                let status = m.tick(w, ctx);
                if status == Status::Running {
                    return Status::Running;
                }
                m.deactivate(w, ctx, Exit::Completed(status));
                anim_last(s, w, ctx)
            }
            // SPEC D1: the flinch is decided every tick and interrupts.
            State::Anim(m) => {
                if w.startled() {
                    m.deactivate(w, ctx, Exit::Halted);
                    return flinch(s, w, ctx);
                }
                let status = m.tick(w, ctx);
                if status == Status::Running {
                    return Status::Running;
                }
                m.deactivate(w, ctx, Exit::Completed(status));
                after_anim(s, w, ctx, status)
            }
            State::Fresh => {
                if w.startled() {
                    flinch(s, w, ctx)
                } else {
                    anim(s, w, ctx)
                }
            }
        }
    }

    /// Runs `ticks` frames.
    #[inline(never)]
    pub fn run(
        workers: &mut [Worker],
        states: &mut [State],
        frame: &mut Frame<Stage>,
        system: &mut super::Animator,
        ticks: u32,
    ) {
        super::frames(workers, states, frame, system, ticks, tick);
    }
}

/// (a) Generated.
pub mod generated {
    use super::super::Worker;
    use super::{Anim, Animator, Flinch, Stage};
    use deciders::Frame;

    deciders::tree! {
        /// A flinch decided every tick, over an animation played as a
        /// deferred action.
        pub tree Play for Worker, world = Stage {
            priority {
                flinch: when(decide = Worker::startled) => Flinch,
                act: Anim,
            }
        }
    }

    /// Runs `ticks` frames.
    #[inline(never)]
    pub fn run(
        workers: &mut [Worker],
        states: &mut [Play],
        frame: &mut Frame<Stage>,
        system: &mut Animator,
        ticks: u32,
    ) {
        super::frames(workers, states, frame, system, ticks, |s, w, f| {
            s.tick(w, f)
        });
    }
}

/// The implementation `imp` over `agents` agents.
pub fn workload(imp: &str, agents: usize) -> Option<Box<dyn Frames>> {
    Some(match imp {
        "hand" => Box::new(Theater::new("hand", agents, Default::default, hand::run)),
        "generated" => Box::new(Theater::new(
            "generated",
            agents,
            generated::Play::new,
            generated::run,
        )),
        _ => return None,
    })
}
