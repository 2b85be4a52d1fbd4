//! `delegate` guards (SPEC G6): a decider group's guard that accepts exactly
//! when one of the group's children accepts, and hands that child on,
//! decided, so that entering the group decides nothing twice. Tick by tick
//! with the scripted fixture of `tests/common`.

mod common;
use common::*;
use deciders::Status::*;
use deciders::{Behavior, Ctx, Frame, Status, TraceEvent};

/// A behavior built from its guard's DBlock; logs the value it was given.
struct Carry(u32);

impl From<u32> for Carry {
    fn from(v: u32) -> Self {
        Carry(v)
    }
}

impl Behavior<World> for Carry {
    fn activate(&mut self, w: &mut World, _: &mut Ctx) -> Status {
        w.push(format!("activate carry {}", self.0));
        Running
    }
}

/// A DBlock decide: the score of `carry`, with 7 as the block.
fn spot(w: &World) -> Option<(f32, u32)> {
    Some((w.score("carry"), 7))
}

deciders::tree! {
    tree Delegating for World {
        priority {
            flee: when(decide = d("flee")) => Act("flee"),
            guard: when(delegate) => priority with Act("guard") {
                x: when(decide = d("x")) => Act("x"),
                y: when(decide = d("y")) => Act("y"),
            },
            idle: Act("idle"),
        }
    }
    tree WithBlock for World {
        priority {
            group: when(delegate) => priority {
                carry: when(dblock = spot) => Carry,
                other: when(decide = d("other")) => Act("other"),
            },
            idle: Act("idle"),
        }
    }
    tree Flagged for World {
        priority {
            group: when(any(deciders::Flags::bit(0)), delegate) => priority {
                x: when(decide = d("x")) => Act("x"),
            },
            idle: Act("idle"),
        }
    }
    tree Utility for World {
        scored {
            a: when(decide = d("a")) => Act("a"),
            g: when(delegate) => scored {
                x: when(decide = d("x")) => Act("x"),
                y: when(decide = d("y")) => Act("y"),
            },
        }
    }
    tree InOrder for World {
        priority {
            g: when(delegate) => sequential {
                x: when(decide = d("x")) => Act("x"),
                y: when(decide = d("y")) => Act("y"),
                z: when(decide = d("z")) => Act("z"),
            },
            idle: Act("idle"),
        }
    }
    tree Nested for World {
        priority {
            outer: when(delegate) => priority {
                inner: when(delegate) => priority {
                    x: when(decide = d("x")) => Act("x"),
                },
                y: when(decide = d("y")) => Act("y"),
            },
            idle: Act("idle"),
        }
    }
    tree Rounds for World {
        scored {
            a: when(decide = d("a")) => Act("a"),
            g: when(delegate) => shuffle {
                x: when(decide = d("x")) => Act("x"),
                y: when(decide = d("y")) => Act("y"),
            },
        }
    }
    tree Rechecked for World {
        sequence {
            g: when(recheck, delegate) => priority {
                x: when(decide = d("x")) => Act("x"),
            },
            after: Act("after"),
        }
    }
}

// SPEC G6
#[test]
fn g6_a_delegate_guard_rejects_when_no_child_accepts() {
    let mut w = World::new();
    let mut t = Delegating::new();
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "decide flee",
            "decide x",
            "decide y",
            "activate idle",
            "tick idle -> Running",
        ],
    );
}

// SPEC G6, D1
#[test]
fn g6_the_accepting_child_is_entered_without_a_second_decide() {
    let mut w = World::new();
    w.set("y", 1.0);
    let mut t = Delegating::new();
    // Each child's decide runs once: the group's guard decided `y`, and
    // entering the group enters `y` as decided.
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "decide flee",
            "decide x",
            "decide y",
            "activate guard",
            "tick guard -> Running",
            "activate y",
            "tick y -> Running",
        ],
    );
    // Running: the guard is not evaluated again (G3); the root decides the
    // earlier sibling, the group decides `x`, before `y` (D1).
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "decide flee",
            "tick guard -> Running",
            "decide x",
            "tick y -> Running",
        ],
    );
}

// SPEC G6, D1
#[test]
fn g6_a_delegating_group_interrupts_a_later_sibling() {
    let mut w = World::new();
    let mut t = Delegating::new();
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "decide flee",
            "decide x",
            "decide y",
            "activate idle",
            "tick idle -> Running",
        ],
    );
    w.set("x", 1.0).set("y", 1.0);
    // `x` is the first child that accepts: `y` is not decided (the group
    // is a `priority`: its first accepting child is its choice).
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "decide flee",
            "decide x",
            "deactivate idle",
            "activate guard",
            "tick guard -> Running",
            "activate x",
            "tick x -> Running",
        ],
    );
}

// SPEC G6, G2
#[test]
fn g6_the_delegated_childs_dblock_reaches_its_behavior() {
    let mut w = World::new();
    w.set("carry", 2.0);
    let mut t = WithBlock::new();
    step(
        &mut t,
        &mut w,
        Running,
        &["decide carry", "activate carry 7"],
    );
}

// SPEC G6, G1
#[test]
fn g6_preconditions_come_first_and_a_rejection_decides_no_child() {
    let mut w = World::new();
    w.set("x", 1.0);
    let mut t = Flagged::new();
    step(
        &mut t,
        &mut w,
        Running,
        &["activate idle", "tick idle -> Running"],
    );
    let mut t = Flagged::new();
    let mut ctx = Frame::new(0.1).with_flags(deciders::Flags::bit(0));
    assert_eq!(t.tick(&mut w, &mut ctx), Running);
    assert_eq!(
        w.take(),
        log(&["decide x", "activate x", "tick x -> Running"])
    );
}

// SPEC G6, D6
#[test]
fn g6_the_delegating_groups_score_is_its_childs() {
    let mut w = World::new();
    // `g` delegates to `y` with 3, which beats `a`'s 2.
    w.set("a", 2.0).set("x", 1.0).set("y", 3.0);
    let mut t = Utility::new();
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "decide a",
            "decide x",
            "decide y",
            "activate y",
            "tick y -> Running",
        ],
    );
    // With `y` at 1.5, `a` wins: `g` is not entered.
    let mut w = World::new();
    w.set("a", 2.0).set("x", 1.0).set("y", 1.5);
    let mut t = Utility::new();
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "decide a",
            "decide x",
            "decide y",
            "activate a",
            "tick a -> Running",
        ],
    );
}

// SPEC G6, D3, D2
#[test]
fn g6_a_delegated_child_that_exits_at_once_hands_over_by_the_groups_policy() {
    let mut w = World::new();
    w.set("x", 1.0).set("z", 1.0).result("x", Success);
    let mut t = InOrder::new();
    // `x` exits at once: the sequential group goes on after it, deciding
    // `y` and `z` (not `x` again).
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "decide x",
            "activate x",
            "tick x -> Success",
            "deactivate x",
            "decide y",
            "decide z",
            "activate z",
            "tick z -> Running",
        ],
    );
}

// SPEC G6, D2
#[test]
fn g6_when_the_rest_rejects_the_group_exits_with_the_childs_status() {
    let mut w = World::new();
    w.set("x", 1.0).result("x", Success);
    let mut t = InOrder::new();
    // `x` exits; `y` and `z` reject: the group exits with `x`'s status and
    // the root redecides with it masked (D2): `idle` runs.
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "decide x",
            "activate x",
            "tick x -> Success",
            "deactivate x",
            "decide y",
            "decide z",
            "activate idle",
            "tick idle -> Running",
        ],
    );
}

// SPEC G6
#[test]
fn g6_delegation_nests() {
    let mut w = World::new();
    w.set("x", 1.0).set("y", 1.0);
    let mut t = Nested::new();
    // `outer` asks `inner`, which asks `x`: each decide once, `y` never.
    step(
        &mut t,
        &mut w,
        Running,
        &["decide x", "activate x", "tick x -> Running"],
    );
    let mut w = World::new();
    w.set("y", 1.0);
    let mut t = Nested::new();
    step(
        &mut t,
        &mut w,
        Running,
        &["decide x", "decide y", "activate y", "tick y -> Running"],
    );
}

// SPEC G6, G3
#[test]
fn g6_a_recheck_delegate_guard_keeps_its_group_while_a_child_accepts() {
    let mut w = World::new();
    w.set("x", 1.0);
    let mut t = Rechecked::new();
    step(
        &mut t,
        &mut w,
        Running,
        &["decide x", "activate x", "tick x -> Running"],
    );
    // Rechecked: the children decide again; `x` still accepts.
    step(&mut t, &mut w, Running, &["decide x", "tick x -> Running"]);
    // No child accepts: the group is halted and counts as `Failure`.
    w.set("x", 0.0);
    step(&mut t, &mut w, Failure, &["decide x", "deactivate x"]);
}

// SPEC G6, I2
#[test]
fn g6_the_guard_is_traced_as_accepting_with_the_childs_score_or_rejecting() {
    #[derive(Default)]
    struct Events(Vec<String>);
    impl deciders::Trace for Events {
        fn event(&mut self, e: TraceEvent) {
            match e {
                TraceEvent::Accepted { node, score, .. } => {
                    self.0.push(format!("accepted {} {score}", node.name))
                }
                TraceEvent::Rejected { node, reason, .. } => {
                    self.0.push(format!("rejected {} {reason:?}", node.name))
                }
                _ => {}
            }
        }
    }
    let mut w = World::new();
    w.set("y", 2.5);
    let mut t = Delegating::new();
    let mut tr = Events::default();
    t.tick_traced(&mut w, &mut Frame::new(0.1), &mut tr);
    assert_eq!(
        tr.0,
        [
            "rejected flee Decide(0.0)",
            "rejected x Decide(0.0)",
            "accepted y 2.5",
            "accepted guard 2.5",
        ]
    );
    let mut w = World::new();
    let mut t = Delegating::new();
    let mut tr = Events::default();
    t.tick_traced(&mut w, &mut Frame::new(0.1), &mut tr);
    assert_eq!(
        tr.0[..4],
        [
            "rejected flee Decide(0.0)",
            "rejected x Decide(0.0)",
            "rejected y Decide(0.0)",
            "rejected guard Delegate",
        ]
    );
}

// SPEC G6, D5
#[test]
fn g6_a_shuffle_round_counts_a_delegated_child_only_once_entered() {
    let mut w = World::new();
    w.set("a", 5.0).set("x", 1.0);
    let mut t = Rounds::new();
    // `g` delegates to `x`, but `a` scores higher: `g` is not entered.
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "decide a",
            "decide x",
            "decide y",
            "activate a",
            "tick a -> Running",
        ],
    );
    t.halt(&mut w, &mut Frame::new(0.0));
    w.take();
    // So `x` is not in the round: one pass decides `x` then `y` (a round
    // holding `x` would decide `y` first, then `x` in a new round).
    w.set("a", 0.0);
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "decide a",
            "decide x",
            "decide y",
            "activate x",
            "tick x -> Running",
        ],
    );
    // Now it is: once halted, `g`'s next decision passes over `x`.
    t.halt(&mut w, &mut Frame::new(0.0));
    w.take();
    w.set("y", 1.0);
    step(
        &mut t,
        &mut w,
        Running,
        &["decide a", "decide y", "activate y", "tick y -> Running"],
    );
}
