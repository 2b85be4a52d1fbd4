//! The shared benchmark fixture, used by
//! `benches/ratios.rs`, `benches/allocs.rs` and `benches/tests/bench_equivalence.rs`
//! (which includes it with `#[path = "../common/mod.rs"]`).
//!
//! - [`world`]: the creature world of the benchmark plan and its checksum;
//! - [`hooks`]: the creature tree's decides and behaviors, shared by every
//!   implementation;
//! - one module per implementation, each with an `#[inline(never)]
//!   run(agents, states, ticks)`: [`baseline`] (0), [`generated`] (a),
//!   [`hand`] (b), [`bonsai`] (c), [`dyn_tree`] (d);
//! - [`scenarios`]: the further scenarios (depth, priority, interrupt, restart,
//!   timers, cold), for (a) and (b);
//! - [`Workload`]: agents, states and a `run`, behind the object-safe
//!   [`Frames`] so that a harness can interleave implementations.
#![allow(dead_code)]

pub mod baseline;
pub mod batch;
pub mod bonsai;
pub mod dyn_tree;
pub mod generated;
pub mod hand;
pub mod hooks;
pub mod scenarios;
pub mod sleep;
pub mod world;

use world::Agent;

/// An agent type whose world can be compared across implementations.
pub trait Tracked {
    /// A digest of the agent's world state (not of its hook counters).
    fn checksum(&self) -> u64;
    /// How many user hooks (decides and behavior hooks) were called on it.
    fn hook_calls(&self) -> u64;
}

impl Tracked for Agent {
    fn checksum(&self) -> u64 {
        Agent::checksum(self)
    }
    fn hook_calls(&self) -> u64 {
        self.decides.get() + self.leaf_ticks
    }
}

/// One implementation of one scenario, ready to run frames.
pub trait Frames {
    /// The implementation's name (`hand`, `generated`, …).
    fn name(&self) -> &'static str;
    /// How many agents it ticks per frame.
    fn agents(&self) -> usize;
    /// Prepares the next timed frame (outside the timing); nothing by
    /// default.
    fn before_frame(&mut self) {}
    /// Runs `n` frames.
    fn frames(&mut self, n: u32);
    /// The checksum of the whole world.
    fn checksum(&self) -> u64;
    /// The hook calls made so far over all agents.
    fn hook_calls(&self) -> u64;
}

/// Agents, their tree states, and the implementation's `run`.
pub struct Workload<A, S> {
    /// The implementation's name.
    pub name: &'static str,
    /// The agents (the world).
    pub agents: Vec<A>,
    /// One tree state per agent.
    pub states: Vec<S>,
    /// The implementation's `run(agents, states, ticks)`.
    pub run: fn(&mut [A], &mut [S], u32),
}

impl<A, S> Workload<A, S> {
    /// A workload over `agents`, with a state from `state` for each.
    pub fn new(
        name: &'static str,
        agents: Vec<A>,
        state: impl FnMut() -> S,
        run: fn(&mut [A], &mut [S], u32),
    ) -> Self {
        let states = std::iter::repeat_with(state).take(agents.len()).collect();
        Workload {
            name,
            agents,
            states,
            run,
        }
    }
}

impl<A: Tracked, S> Frames for Workload<A, S> {
    fn name(&self) -> &'static str {
        self.name
    }
    fn agents(&self) -> usize {
        self.agents.len()
    }
    fn frames(&mut self, n: u32) {
        (self.run)(std::hint::black_box(&mut self.agents), &mut self.states, n);
    }
    fn checksum(&self) -> u64 {
        self.agents.iter().fold(0u64, |h, a| {
            (h ^ a.checksum())
                .rotate_left(5)
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        })
    }
    fn hook_calls(&self) -> u64 {
        self.agents.iter().map(Tracked::hook_calls).sum()
    }
}

/// The implementations of the creature scenario, in report order.
pub const CREATURE: [&str; 5] = ["base", "generated", "hand", "bonsai", "dyn"];

/// The creature scenario's implementation `name` over `agents` fresh agents.
pub fn creature(name: &str, agents: usize) -> Option<Box<dyn Frames>> {
    let world = world::make_agents(agents);
    Some(match name {
        "base" => Box::new(Workload::new("base", world, || (), baseline::run)),
        "generated" => Box::new(Workload::new(
            "generated",
            world,
            generated::State::default,
            generated::run,
        )),
        // Not in `CREATURE`: probed by `scripts/bench-report` alone, for
        // the ratio player/generated.
        "player" => Box::new(Workload::new(
            "player",
            world,
            generated::PlayerState::default,
            generated::run_player,
        )),
        // Not in `CREATURE` either: the ratio statuses/generated, what
        // keeping every node's status (I3) costs.
        "statuses" => Box::new(Workload::new(
            "statuses",
            world,
            generated::StatusesState::default,
            generated::run_statuses,
        )),
        "hand" => Box::new(Workload::new(
            "hand",
            world,
            hand::State::default,
            hand::run,
        )),
        "bonsai" => Box::new(Workload::new(
            "bonsai",
            world,
            bonsai::new_state,
            bonsai::run,
        )),
        "dyn" => Box::new(Workload::new(
            "dyn",
            world,
            dyn_tree::new_state,
            dyn_tree::run,
        )),
        _ => return None,
    })
}

/// Every workload the harness knows, by `scenario/impl` name (the creature
/// scenario's are also known by their bare impl name).
pub fn workload(name: &str, agents: usize) -> Option<Box<dyn Frames>> {
    match name.split_once('/') {
        None => creature(name, agents),
        Some(("creature", imp)) => creature(imp, agents),
        Some((scenario, imp)) if scenario.starts_with("sleep") => {
            sleep::workload(scenario, imp, agents)
        }
        Some((scenario, imp)) => scenarios::workload(scenario, imp, agents),
    }
}
