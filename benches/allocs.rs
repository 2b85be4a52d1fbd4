//! The allocation pass of the ratio bench, in its own
//! binary: a counting global allocator costs atomic operations on every
//! allocation, which made bonsai-bt 46% slower when it was installed in the
//! timing binary. `benches/ratios.rs` runs this and merges its lines.
//!
//! ```text
//! cargo bench -p deciders-benches --bench allocs -- [--agents N] [--warmup W]
//! ```
//!
//! Prints one line per creature implementation:
//! `alloc IMPL ALLOCS_PER_TICK SIZE_OF HEAP_BYTES HEAP_ALLOCS`, where the
//! last three describe building one agent's state, and the allocations per
//! agent-tick are counted over 100 frames after the warm-up; then the same
//! for each implementation of the scenarios in [`SCENARIOS`], as
//! `alloc SCENARIO/IMPL …` (the `brain` scenario: its inbox, store and
//! lifecycle included).

mod common;

use common::scenarios::{self, IMPLS};
use common::CREATURE;
use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};
use std::alloc::System;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

fn main() {
    let mut agents = 1000usize;
    let mut warmup = 200u32;
    let mut args = std::env::args().skip(1).filter(|a| a != "--bench");
    while let Some(arg) = args.next() {
        let value = args.next().and_then(|v| v.parse::<usize>().ok());
        match (arg.as_str(), value) {
            ("--agents", Some(v)) => agents = v,
            ("--warmup", Some(v)) => warmup = v as u32,
            _ => {
                eprintln!("usage: allocs [--agents N] [--warmup W]");
                std::process::exit(2);
            }
        }
    }
    for imp in CREATURE {
        let Some(per_tick) = allocs_per_tick(imp, agents, warmup) else {
            continue;
        };
        let (inline, heap, allocs) = creature_state(imp).unwrap_or((0, 0, 0));
        println!("alloc {imp} {per_tick} {inline} {heap} {allocs}");
    }
    for scenario in SCENARIOS {
        for imp in IMPLS {
            let Some(w) = scenarios::workload(scenario, imp, agents) else {
                continue;
            };
            let per_tick = count_per_tick(w, agents, warmup);
            let (inline, heap, allocs) = scenario_state(scenario, imp).unwrap_or((0, 0, 0));
            println!("alloc {scenario}/{imp} {per_tick} {inline} {heap} {allocs}");
        }
    }
}

/// The scenarios whose allocations are counted.
const SCENARIOS: [&str; 1] = ["brain"];

/// Allocations (and reallocations) per agent-tick of `imp` at steady state.
fn allocs_per_tick(imp: &str, agents: usize, warmup: u32) -> Option<f64> {
    Some(count_per_tick(
        common::creature(imp, agents)?,
        agents,
        warmup,
    ))
}

/// Allocations (and reallocations) per agent-tick of `w` at steady state.
fn count_per_tick(mut w: Box<dyn common::Frames>, agents: usize, warmup: u32) -> f64 {
    w.frames(warmup);
    let ticks = 100;
    let region = Region::new(GLOBAL);
    w.frames(ticks);
    let c = region.change();
    (c.allocations + c.reallocations) as f64 / (agents as f64 * f64::from(ticks))
}

/// `(size_of, heap bytes, heap allocations)` of building one state.
fn state_cost<S>(build: impl FnOnce() -> S) -> (usize, usize, usize) {
    let region = Region::new(GLOBAL);
    let state = build();
    let c = region.change();
    drop(state);
    (
        std::mem::size_of::<S>(),
        c.bytes_allocated,
        c.allocations + c.reallocations,
    )
}

fn creature_state(imp: &str) -> Option<(usize, usize, usize)> {
    use common::{bonsai, dyn_tree, hand};
    Some(match imp {
        "generated" => state_cost(common::generated::State::default),
        "hand" => state_cost(hand::State::default),
        "bonsai" => state_cost(bonsai::new_state),
        "dyn" => state_cost(dyn_tree::new_state),
        _ => return None,
    })
}

fn scenario_state(scenario: &str, imp: &str) -> Option<(usize, usize, usize)> {
    use common::scenarios::brain;
    Some(match (scenario, imp) {
        ("brain", "generated") => state_cost(brain::generated::new_state),
        ("brain", "hand") => state_cost(brain::hand::State::default),
        _ => return None,
    })
}
