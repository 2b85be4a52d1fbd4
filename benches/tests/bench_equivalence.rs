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

// SPEC D8
#[test]
fn the_hand_random_machine_seeds_the_random_group_node() {
    use common::scenarios::random;
    let shape = random::generated::Lottery::shape();
    let node = &shape[random::NODE as usize];
    assert_eq!(node.kind, deciders::NodeKind::Random);
    assert_eq!(u64::from(node.id), random::NODE);
}

/// Which chore of a decider-group scenario's hand machine runs after each
/// tick, over `AGENTS` workers × `TICKS`: per chore, the ticks it ran; and
/// the ticks on which another chore took over from one that did not
/// complete.
fn chores<S>(
    mut state: impl FnMut() -> S,
    tick: fn(&mut S, &mut common::scenarios::Worker, &mut deciders::Frame) -> deciders::Status,
    running: fn(&S) -> Option<u32>,
) -> ([u64; 4], u64) {
    let mut ran = [0u64; 4];
    let mut takeovers = 0;
    let mut ctx = deciders::Frame::new(common::world::DT);
    for i in 0..AGENTS {
        let mut w = common::scenarios::Worker::new(i);
        let mut s = state();
        for _ in 0..TICKS {
            let before = running(&s);
            w.step();
            tick(&mut s, &mut w, &mut ctx);
            let after = running(&s);
            if let Some(k) = after {
                ran[k as usize] += 1;
            }
            // A chore completes when its index is in the roll's top bits.
            if let (Some(j), Some(k)) = (before, after) {
                if j != k && w.roll >> 29 != j {
                    takeovers += 1;
                }
            }
        }
    }
    (ran, takeovers)
}

// The decider-group scenarios exercise their decisions: every chore runs,
// and (for `scored`) rescoring hands over from a chore still running.
#[test]
fn scored_and_random_choices_change() {
    use common::scenarios::{random, scored};
    let (ran, takeovers) = chores(
        scored::hand::State::default,
        scored::hand::tick,
        |s| match s.active {
            scored::hand::Active::Fresh => None,
            scored::hand::Active::Dig(_) => Some(0),
            scored::hand::Active::Haul(_) => Some(1),
            scored::hand::Active::Build(_) => Some(2),
            scored::hand::Active::Rest(_) => Some(3),
        },
    );
    let total: u64 = ran.iter().sum();
    assert!(ran.iter().all(|&n| n * 8 > total), "scored: {ran:?}");
    assert!(takeovers * 50 > total, "scored: {takeovers} takeovers");

    let (ran, takeovers) = chores(
        random::seeded(random::hand::State::seeded),
        random::hand::tick,
        |s| match s.active {
            random::hand::Active::Fresh => None,
            random::hand::Active::Dig(_) => Some(0),
            random::hand::Active::Haul(_) => Some(1),
            random::hand::Active::Build(_) => Some(2),
            random::hand::Active::Rest(_) => Some(3),
        },
    );
    let total: u64 = ran.iter().sum();
    assert!(ran.iter().all(|&n| n * 8 > total), "random: {ran:?}");
    // `random` is not interrupted: a chore only ends by completing.
    assert_eq!(takeovers, 0, "random");
}
