//! Subtrees declared in another crate (SPEC S3): `deciders-test-library`
//! declares an agent, its behaviors and trees; the trees here reference
//! them by path. Each reference has its own state, the referenced tree runs
//! as if declared here, and the referencing state carries a clock or a seed
//! only when a referenced tree needs one (F3).

use deciders::Status::*;
use deciders::{Frame, Status, Tree};
use deciders_test_library::{Scout, Step};

deciders::tree! {
    tree Rounds for Scout {
        sequence { first: subtree deciders_test_library::Patrol, second: subtree deciders_test_library::Patrol }
    }
    tree Hurried for Scout {
        fallback { hurry: subtree deciders_test_library::Hurry, after: Step("after") }
    }
    tree Wandering for Scout {
        sequence { wander: subtree deciders_test_library::Wander, rest: Step("rest") }
    }
    /// `Rounds` with its subtree declared here.
    tree Plain for Scout {
        sequence { walk: Step("walk"), look: Step("look") }
    }
    tree PlainRounds for Scout {
        sequence { first: subtree Plain, second: subtree Plain }
    }
}

#[track_caller]
fn step<T: Tree<Scout>>(t: &mut T, s: &mut Scout, status: Status, expected: &[&str]) {
    let got = t.tick(s, &mut Frame::new(0.1));
    assert_eq!(
        (got, s.take()),
        (status, expected.iter().map(|e| e.to_string()).collect())
    );
}

// SPEC S3, S1
#[test]
fn s3_each_reference_to_a_tree_of_another_crate_has_its_own_state() {
    let mut s = Scout::default();
    let mut t = Rounds::new();
    step(
        &mut t,
        &mut s,
        Running,
        &["activate walk", "tick walk -> Running"],
    );
    s.result("walk", Success);
    s.result("look", Success);
    step(
        &mut t,
        &mut s,
        Success,
        &[
            "tick walk -> Success",
            "deactivate walk",
            "activate look",
            "tick look -> Success",
            "deactivate look",
            "activate walk",
            "tick walk -> Success",
            "deactivate walk",
            "activate look",
            "tick look -> Success",
            "deactivate look",
        ],
    );
    // No clock, no seed: sized like the same tree declared in this crate.
    assert_eq!(
        std::mem::size_of::<Rounds>(),
        std::mem::size_of::<PlainRounds>()
    );
    assert_eq!(t.now(), 0.0);
}

// SPEC S3, T2
#[test]
fn s3_a_tree_of_another_crate_that_measures_time_runs_on_the_referencing_trees_clock() {
    let mut s = Scout::default();
    let mut t = Hurried::new();
    step(
        &mut t,
        &mut s,
        Running,
        &["activate hurry", "tick hurry -> Running"],
    );
    step(&mut t, &mut s, Running, &["tick hurry -> Running"]);
    step(&mut t, &mut s, Running, &["tick hurry -> Running"]);
    step(
        &mut t,
        &mut s,
        Running,
        &[
            "deactivate hurry",
            "activate after",
            "tick after -> Running",
        ],
    );
    assert!((t.now() - 0.4).abs() < 1e-6);
}

/// The children `Wandering` activates over 30 ticks.
fn wanders(t: &mut Wandering) -> Vec<String> {
    let mut s = Scout::default();
    for name in ["a", "b", "c", "rest"] {
        s.result(name, Success);
    }
    let mut out = Vec::new();
    for _ in 0..30 {
        t.tick(&mut s, &mut Frame::new(0.1));
        out.extend(s.take().into_iter().filter(|l| l.starts_with("activate")));
    }
    out
}

// SPEC S3, D8
#[test]
fn s3_a_tree_of_another_crate_that_draws_is_seeded_by_the_referencing_tree() {
    let first = wanders(&mut Wandering::with_seed(3));
    assert_eq!(first, wanders(&mut Wandering::with_seed(3)));
    assert_ne!(first, wanders(&mut Wandering::with_seed(4)));
    assert_eq!(Wandering::with_seed(3).seed(), 3);
}
