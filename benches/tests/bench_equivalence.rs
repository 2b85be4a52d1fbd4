//! The benchmarks compare the same work (SPEC F2, the benchmark plan): every
//! implementation of a scenario ends in the same world, and the ones with the
//! same semantics make the same user-hook calls.
//!
//! Sizes are modest because `cargo test` runs this unoptimized.

#[path = "../common/mod.rs"]
mod common;

use common::scenarios::{IMPLS, SCENARIOS};
use common::{Frames, CREATURE};

const AGENTS: usize = 128;
const TICKS: u32 = 1000;

/// Runs `imp` of the creature scenario; `None` if it is not built.
fn creature(imp: &str) -> Option<Box<dyn Frames>> {
    let mut w = common::creature(imp, AGENTS)?;
    w.frames(TICKS);
    Some(w)
}

// SPEC F2
#[test]
fn f2_creature_implementations_end_in_the_same_world() {
    let hand = creature("hand").expect("hand is always built");
    for imp in ["generated", "bonsai", "dyn"] {
        let Some(other) = creature(imp) else {
            continue;
        };
        assert_eq!(
            other.checksum(),
            hand.checksum(),
            "{imp} ended in another world than hand"
        );
    }
    // The baseline runs the same world steps without a tree: a different
    // world, or the tree would be doing nothing.
    assert_ne!(creature("base").unwrap().checksum(), hand.checksum());
}

// SPEC F2
#[test]
fn f2_generated_hand_and_dyn_make_the_same_hook_calls() {
    let hand = creature("hand").unwrap();
    let per_tick = hand.hook_calls() as f64 / (AGENTS as f64 * f64::from(TICKS));
    assert!(per_tick > 4.0, "hook calls per agent-tick: {per_tick}");
    for imp in ["generated", "dyn"] {
        if let Some(other) = creature(imp) {
            assert_eq!(other.hook_calls(), hand.hook_calls(), "{imp}");
        }
    }
    // bonsai restarts groups every tick, so it makes more calls.
    assert!(creature("bonsai").unwrap().hook_calls() > hand.hook_calls());
}

#[test]
fn the_generated_tree_is_benchmarked() {
    assert!(
        CREATURE
            .iter()
            .all(|imp| common::creature(imp, 1).is_some()),
        "an implementation of the creature scenario is missing"
    );
}

// SPEC F2
#[test]
fn f2_scenarios_generated_and_hand_do_the_same_work() {
    for scenario in SCENARIOS {
        let agents = if scenario == "cold" { 16 } else { AGENTS };
        let mut runs = IMPLS.iter().filter_map(|imp| {
            let mut w = common::scenarios::workload(scenario, imp, agents)?;
            w.frames(TICKS);
            Some((imp, w.checksum(), w.hook_calls()))
        });
        let Some(first) = runs.next() else {
            panic!("{scenario}: no implementation");
        };
        for other in runs {
            assert_eq!(
                (other.1, other.2),
                (first.1, first.2),
                "{scenario}: {} and {} differ",
                other.0,
                first.0
            );
        }
    }
}
