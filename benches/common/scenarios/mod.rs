//! The further scenarios of the benchmark plan, each as (a) a `tree!` and
//! (b) a hand-written `match` machine making the same hook calls:
//!
//! | scenario | what it stresses |
//! |---|---|
//! | [`depth`] | a steady running leaf at depth (five nested sequences) |
//! | [`priority`] | priority re-evaluation (seven rejecting decides per tick) |
//! | [`interrupt`] | an interrupt that must halt (activate/deactivate every other tick) |
//! | [`restart`] | complete-and-restart every frame |
//! | [`timers`] | an `every(0.5)` timer with a fixed `dt` |
//! | [`scored`] | a utility selector rescoring its four children every 0.25 s |
//! | [`random`] | a weighted random choice among four children, seeded per agent |
//! | [`stimuli`] | a `priority` guarded by a stimuli flag, the store updated every agent-tick |
//! | [`events`] | a `selector` guarded by a variable that posted events set and clear |
//! | [`limit`] | a `fallback` whose first child is limited by a `Resource` shared by every agent |
//! | [`deferred`] | a `priority` over an animation played as a deferred action (launch, poll, cancel), a game system between frames |
//! | [`brain`] | a tree with stimuli (payload, timeouts), an event-set variable and its lifecycle, ticked as a `Brain` against a `Player`, a store and direct posts by hand |
//! | `cold` | the creature tree over 10k agents, caches evicted before every frame |
//!
//! All but `cold` act on a [`Worker`] (`stimuli`, `events` and `brain` on
//! an agent holding one, with what those scenarios add); `cold` reuses the creature
//! world.

use super::world::xorshift32;
use super::{Frames, Tracked, Workload};
use deciders::{Behavior, Ctx, Exit, Frame, Status};
use std::cell::Cell;

pub mod brain;
pub mod cold;
pub mod deferred;
pub mod depth;
pub mod events;
pub mod interrupt;
pub mod limit;
pub mod priority;
pub mod random;
pub mod restart;
pub mod scored;
pub mod stimuli;
pub mod timers;

/// The scenarios, in report order.
pub const SCENARIOS: [&str; 13] = [
    "depth",
    "priority",
    "interrupt",
    "restart",
    "timers",
    "scored",
    "random",
    "stimuli",
    "events",
    "limit",
    "deferred",
    "brain",
    "cold",
];

/// The implementations every scenario has.
pub const IMPLS: [&str; 2] = ["generated", "hand"];

/// The agent of the small scenarios: a random roll per tick, and counters of
/// every hook call.
#[derive(Clone, Debug)]
pub struct Worker {
    /// xorshift32 state (never 0).
    pub rng: u32,
    /// This tick's random roll, drawn by [`Worker::step`].
    pub roll: u32,
    /// Work done by behaviors (part of the checksum).
    pub work: u64,
    /// Decide calls.
    pub decides: Cell<u64>,
    /// Behavior `tick` calls.
    pub ticks: u64,
    /// Behavior `activate` calls (counted only by behaviors that have one).
    pub activations: u64,
    /// Behavior `deactivate` calls (counted only by behaviors that have one).
    pub deactivations: u64,
}

impl Worker {
    /// Worker number `index`.
    pub fn new(index: usize) -> Worker {
        Worker {
            rng: (super::world::splitmix64(index as u64) as u32) | 1,
            roll: 0,
            work: 0,
            decides: Cell::new(0),
            ticks: 0,
            activations: 0,
            deactivations: 0,
        }
    }

    /// The scenario's world step: draws this tick's roll.
    #[inline(always)]
    pub fn step(&mut self) {
        self.roll = xorshift32(&mut self.rng);
    }

    /// Counts one decide call.
    #[inline(always)]
    pub fn count_decide(&self) {
        self.decides.set(self.decides.get() + 1);
    }
}

/// `n` fresh workers.
pub fn make_workers(n: usize) -> Vec<Worker> {
    (0..n).map(Worker::new).collect()
}

impl Tracked for Worker {
    fn checksum(&self) -> u64 {
        let mut h = u64::from(self.rng) ^ (u64::from(self.roll) << 32);
        for w in [self.work, self.activations, self.deactivations] {
            h = (h ^ w).wrapping_mul(0x0000_0100_0000_01B3).rotate_left(17);
        }
        h
    }
    fn hook_calls(&self) -> u64 {
        self.decides.get() + self.ticks + self.activations + self.deactivations
    }
}

/// An instant step: does a little work and succeeds.
#[derive(Clone, Copy, Debug, Default)]
pub struct Step;

impl Behavior<Worker> for Step {
    #[inline]
    fn tick(&mut self, w: &mut Worker, _ctx: &mut Ctx) -> Status {
        w.ticks += 1;
        w.work = w.work.wrapping_add(u64::from(w.roll & 7));
        Status::Success
    }
}

/// Idles: counts its ticks, never completes.
#[derive(Clone, Copy, Debug, Default)]
pub struct Loiter;

impl Behavior<Worker> for Loiter {
    #[inline]
    fn tick(&mut self, w: &mut Worker, _ctx: &mut Ctx) -> Status {
        w.ticks += 1;
        Status::Running
    }
}

/// A long job with memory: succeeds after 1,000 of its own ticks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Work {
    /// Ticks done in this activation.
    pub done: u32,
}

impl Behavior<Worker> for Work {
    #[inline]
    fn tick(&mut self, w: &mut Worker, _ctx: &mut Ctx) -> Status {
        w.ticks += 1;
        self.done += 1;
        w.work = w.work.wrapping_add(u64::from(self.done));
        if self.done >= 1000 {
            Status::Success
        } else {
            Status::Running
        }
    }
}

/// A running behavior with all three hooks, for interrupts: the memory
/// counts ticks since activation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Guarded {
    /// Ticks since activation.
    pub since: u32,
}

impl Behavior<Worker> for Guarded {
    #[inline]
    fn activate(&mut self, w: &mut Worker, _ctx: &mut Ctx) -> Status {
        w.activations += 1;
        Status::Running
    }
    #[inline]
    fn tick(&mut self, w: &mut Worker, _ctx: &mut Ctx) -> Status {
        w.ticks += 1;
        self.since += 1;
        w.work = w.work.wrapping_add(u64::from(self.since));
        Status::Running
    }
    #[inline]
    fn deactivate(&mut self, w: &mut Worker, _ctx: &mut Ctx, _exit: Exit) {
        w.deactivations += 1;
        w.work = w.work.wrapping_mul(3).wrapping_add(u64::from(self.since));
    }
}

/// A chore of the decider-group scenarios (`scored`, `random`): a running
/// behavior with all three hooks that completes now and then, so that its
/// group decides again. Child `K` succeeds on a tick whose roll has `K` in
/// its top three bits (1 in 8), and leaves its own mark on the work (`K` in
/// the tick's shift and in `deactivate`), so that running another child
/// than the right one changes the checksum. The memory counts ticks since
/// activation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Chore<const K: u32> {
    /// Ticks since activation.
    pub since: u32,
}

/// In any world: the `limit` scenario's tree has one (its `Door`).
impl<const K: u32, W> Behavior<Worker, W> for Chore<K> {
    #[inline]
    fn activate(&mut self, w: &mut Worker, _ctx: &mut Ctx<W>) -> Status {
        w.activations += 1;
        Status::Running
    }
    #[inline]
    fn tick(&mut self, w: &mut Worker, _ctx: &mut Ctx<W>) -> Status {
        w.ticks += 1;
        self.since += 1;
        w.work = w.work.wrapping_add(u64::from(self.since) << K);
        if w.roll >> 29 == K {
            Status::Success
        } else {
            Status::Running
        }
    }
    #[inline]
    fn deactivate(&mut self, w: &mut Worker, _ctx: &mut Ctx<W>, _exit: Exit) {
        w.deactivations += 1;
        w.work = w
            .work
            .wrapping_mul(3)
            .wrapping_add(u64::from(self.since + K));
    }
}

/// Chore 0.
pub type Dig = Chore<0>;
/// Chore 1.
pub type Haul = Chore<1>;
/// Chore 2.
pub type Build = Chore<2>;
/// Chore 3.
pub type Rest = Chore<3>;

/// Runs `ticks` frames: every worker's step, then `tick` of its state.
/// Inlined into each implementation's `run`, so that the loop is the same
/// code for all of them.
#[inline(always)]
pub fn frames<S>(
    workers: &mut [Worker],
    states: &mut [S],
    ticks: u32,
    mut tick: impl FnMut(&mut S, &mut Worker, &mut Frame) -> Status,
) {
    let mut ctx = Frame::new(super::world::DT);
    for _ in 0..ticks {
        for (w, s) in workers.iter_mut().zip(states.iter_mut()) {
            w.step();
            tick(s, w, &mut ctx);
        }
    }
}

/// [`frames`] over agents that hold a [`Worker`] and add what their
/// scenario needs (`stimuli`, `events`): the worker's step, then `tick`.
/// A loop of its own, so that [`frames`], and with it the code of the
/// other scenarios, stays as it was.
#[inline(always)]
pub fn frames_of<A: AsMut<Worker>, S>(
    agents: &mut [A],
    states: &mut [S],
    ticks: u32,
    mut tick: impl FnMut(&mut S, &mut A, &mut Frame) -> Status,
) {
    let mut ctx = Frame::new(super::world::DT);
    for _ in 0..ticks {
        for (a, s) in agents.iter_mut().zip(states.iter_mut()) {
            a.as_mut().step();
            tick(s, a, &mut ctx);
        }
    }
}

/// A workload over `n` agents built by `agent` (from the index), with
/// states from `state`, run by `run`.
fn holders<A: Tracked + 'static, S: 'static>(
    name: &'static str,
    n: usize,
    agent: fn(usize) -> A,
    state: impl FnMut() -> S,
    run: fn(&mut [A], &mut [S], u32),
) -> Box<dyn Frames> {
    Box::new(Workload::new(name, (0..n).map(agent).collect(), state, run))
}

/// A workload over `n` workers with states from `state`, run by `run`.
fn workers<S: 'static>(
    name: &'static str,
    n: usize,
    state: impl FnMut() -> S,
    run: fn(&mut [Worker], &mut [S], u32),
) -> Box<dyn Frames> {
    Box::new(Workload::new(name, make_workers(n), state, run))
}

/// The scenario `scenario`'s implementation `imp` over `agents` agents.
pub fn workload(scenario: &str, imp: &str, agents: usize) -> Option<Box<dyn Frames>> {
    Some(match (scenario, imp) {
        ("depth", "hand") => workers("hand", agents, Default::default, depth::hand::run),
        ("priority", "hand") => workers("hand", agents, Default::default, priority::hand::run),
        ("interrupt", "hand") => workers("hand", agents, Default::default, interrupt::hand::run),
        ("restart", "hand") => workers("hand", agents, Default::default, restart::hand::run),
        ("timers", "hand") => workers("hand", agents, Default::default, timers::hand::run),
        ("scored", "hand") => workers("hand", agents, Default::default, scored::hand::run),
        ("random", "hand") => workers(
            "hand",
            agents,
            random::seeded(random::hand::State::seeded),
            random::hand::run,
        ),
        ("stimuli", "hand") => holders(
            "hand",
            agents,
            stimuli::Wary::new,
            Default::default,
            stimuli::hand::run,
        ),
        ("events", "hand") => holders(
            "hand",
            agents,
            events::Alert::new,
            Default::default,
            events::hand::run,
        ),
        ("brain", "hand") => holders(
            "hand",
            agents,
            events::Alert::new,
            Default::default,
            brain::hand::run,
        ),
        ("limit", imp) => return limit::workload(imp, agents),
        ("deferred", imp) => return deferred::workload(imp, agents),
        ("cold", imp) => return cold::workload(imp, agents),
        ("depth", "generated") => {
            workers("generated", agents, Default::default, depth::generated::run)
        }
        ("priority", "generated") => workers(
            "generated",
            agents,
            Default::default,
            priority::generated::run,
        ),
        ("interrupt", "generated") => workers(
            "generated",
            agents,
            Default::default,
            interrupt::generated::run,
        ),
        ("restart", "generated") => workers(
            "generated",
            agents,
            Default::default,
            restart::generated::run,
        ),
        ("timers", "generated") => workers(
            "generated",
            agents,
            Default::default,
            timers::generated::run,
        ),
        ("scored", "generated") => workers(
            "generated",
            agents,
            Default::default,
            scored::generated::run,
        ),
        ("random", "generated") => workers(
            "generated",
            agents,
            random::seeded(random::generated::Lottery::with_seed),
            random::generated::run,
        ),
        ("stimuli", "generated") => holders(
            "generated",
            agents,
            stimuli::Wary::new,
            Default::default,
            stimuli::generated::run,
        ),
        ("events", "generated") => holders(
            "generated",
            agents,
            events::Alert::new,
            Default::default,
            events::generated::run,
        ),
        ("brain", "generated") => holders(
            "generated",
            agents,
            events::Alert::new,
            brain::generated::new_state,
            brain::generated::run,
        ),
        _ => return None,
    })
}

/// `size_of` of the scenario `scenario`'s state for implementation `imp`.
pub fn state_size(scenario: &str, imp: &str) -> Option<usize> {
    use std::mem::size_of;
    Some(match (scenario, imp) {
        ("depth", "hand") => size_of::<depth::hand::State>(),
        ("priority", "hand") => size_of::<priority::hand::State>(),
        ("interrupt", "hand") => size_of::<interrupt::hand::State>(),
        ("restart", "hand") => size_of::<restart::hand::State>(),
        ("timers", "hand") => size_of::<timers::hand::State>(),
        ("scored", "hand") => size_of::<scored::hand::State>(),
        ("random", "hand") => size_of::<random::hand::State>(),
        ("stimuli", "hand") => size_of::<stimuli::hand::State>(),
        ("events", "hand") => size_of::<events::hand::State>(),
        ("limit", "hand") => size_of::<limit::hand::State>(),
        ("deferred", "hand") => size_of::<deferred::hand::State>(),
        ("brain", "hand") => size_of::<brain::hand::State>(),
        ("cold", "hand") => size_of::<super::hand::State>(),
        ("depth", "generated") => size_of::<depth::generated::Deep>(),
        ("priority", "generated") => size_of::<priority::generated::Priority>(),
        ("interrupt", "generated") => size_of::<interrupt::generated::Interrupt>(),
        ("restart", "generated") => size_of::<restart::generated::Restart>(),
        ("timers", "generated") => size_of::<timers::generated::Timed>(),
        ("scored", "generated") => size_of::<scored::generated::Utility>(),
        ("random", "generated") => size_of::<random::generated::Lottery>(),
        ("stimuli", "generated") => size_of::<stimuli::generated::Startle>(),
        ("events", "generated") => size_of::<events::generated::Watch>(),
        ("limit", "generated") => size_of::<limit::generated::Gate>(),
        ("deferred", "generated") => size_of::<deferred::generated::Play>(),
        ("brain", "generated") => size_of::<brain::generated::State>(),
        ("cold", "generated") => size_of::<super::generated::State>(),
        _ => return None,
    })
}
