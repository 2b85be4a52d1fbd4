//! Status composites (SPEC C1–C4, C7, G3, G4) and the peers'
//! conformance scenarios (BehaviorTree.CPP, py_trees, Unreal) they can
//! express, tick by tick.
//!
//! Every test asserts the returned status and the exact hook log after every
//! tick. Scripted leaves `A [R, R, S]` are `Act("a")` whose result is set
//! with `w.result("a", …)` before each tick so that its k-th tick returns the
//! k-th entry. Conditions (leaves that never return `Running`) are `Act`s
//! with a completion result: they log `activate`, `tick` and `deactivate` in
//! one go. In this library halting a completed node is silent: a node that
//! completes is deactivated right after its tick, and only running nodes are
//! deactivated by a halt — the "halted" column of the conformance
//! scenarios (see the reference's "Conformance scenarios").

mod common;
use common::*;
use deciders::Status::*;
use deciders::{Behavior, Ctx, Exit, Frame, Status};

fn ctx() -> Frame {
    Frame::new(0.1)
}

/// One tick with `dt = 0.1`.
fn step<T: deciders::Tree<World>>(t: &mut T, w: &mut World) -> Status {
    t.tick(w, &mut ctx())
}

/// An empty hook log.
fn none() -> Vec<String> {
    Vec::new()
}

// ================================================================ SPEC rules

deciders::tree! {
    tree Seq for World {
        sequence { Act("a"), Act("b"), Act("c") }
    }
}

#[test]
fn c1_sequence_resumes_the_running_child_and_restarts_after_completion() {
    // SPEC C1
    let mut w = World::new();
    let mut t = Seq::new();
    // A runs: the sequence runs.
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(w.take(), log(&["activate a", "tick a -> Running"]));
    // A succeeds: B starts in the same tick.
    w.result("a", Success);
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "tick a -> Success",
            "deactivate a",
            "activate b",
            "tick b -> Running",
        ])
    );
    // Resume at B: A is not re-run.
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(w.take(), log(&["tick b -> Running"]));
    // B fails: the sequence fails, C never starts.
    w.result("b", Failure);
    assert_eq!(step(&mut t, &mut w), Failure);
    assert_eq!(w.take(), log(&["tick b -> Failure", "deactivate b"]));
    // Restart from the first child after a Failure; all succeed → Success.
    w.result("b", Success).result("c", Success);
    assert_eq!(step(&mut t, &mut w), Success);
    assert_eq!(
        w.take(),
        log(&[
            "activate a",
            "tick a -> Success",
            "deactivate a",
            "activate b",
            "tick b -> Success",
            "deactivate b",
            "activate c",
            "tick c -> Success",
            "deactivate c",
        ])
    );
    // And from the first child again after a Success (T3).
    w.result("a", Running);
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(w.take(), log(&["activate a", "tick a -> Running"]));
}

deciders::tree! {
    tree RSeq for World {
        reactive_sequence { Act("c1"), Act("c2"), Act("a") }
    }
}

#[test]
fn c2_reactive_sequence_rewalks_every_tick_and_halts_the_later_running_child() {
    // SPEC C2
    let mut w = World::new();
    w.result("c1", Success).result("c2", Success);
    let mut t = RSeq::new();
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "activate c1",
            "tick c1 -> Success",
            "deactivate c1",
            "activate c2",
            "tick c2 -> Success",
            "deactivate c2",
            "activate a",
            "tick a -> Running",
        ])
    );
    // Every tick starts again from the first child; A is continued, not
    // restarted.
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "activate c1",
            "tick c1 -> Success",
            "deactivate c1",
            "activate c2",
            "tick c2 -> Success",
            "deactivate c2",
            "tick a -> Running",
        ])
    );
    // An earlier child that now runs halts the later running child: C2 is
    // ticked (and so activated) first, then A is halted.
    w.result("c2", Running);
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "activate c1",
            "tick c1 -> Success",
            "deactivate c1",
            "activate c2",
            "tick c2 -> Running",
            "deactivate a",
        ])
    );
    // C2 (still active) succeeds: A starts again.
    w.result("c2", Success);
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "activate c1",
            "tick c1 -> Success",
            "deactivate c1",
            "tick c2 -> Success",
            "deactivate c2",
            "activate a",
            "tick a -> Running",
        ])
    );
    // An earlier child now fails: the running child is halted after it and
    // the sequence fails.
    w.result("c1", Failure);
    assert_eq!(step(&mut t, &mut w), Failure);
    assert_eq!(
        w.take(),
        log(&[
            "activate c1",
            "tick c1 -> Failure",
            "deactivate c1",
            "deactivate a",
        ])
    );
    assert!(!t.is_running());
}

deciders::tree! {
    tree Fb for World {
        fallback { Act("a"), Act("b"), Act("c") }
    }
}

#[test]
fn c3_fallback_resumes_the_running_child_and_succeeds_on_the_first_success() {
    // SPEC C3
    let mut w = World::new();
    w.result("a", Failure);
    let mut t = Fb::new();
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "activate a",
            "tick a -> Failure",
            "deactivate a",
            "activate b",
            "tick b -> Running",
        ])
    );
    // Resume at B: A, which would now succeed, is not re-run.
    w.result("a", Success);
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(w.take(), log(&["tick b -> Running"]));
    // B fails: C runs in the same tick and its Success is the fallback's.
    w.result("b", Failure).result("c", Success);
    assert_eq!(step(&mut t, &mut w), Success);
    assert_eq!(
        w.take(),
        log(&[
            "tick b -> Failure",
            "deactivate b",
            "activate c",
            "tick c -> Success",
            "deactivate c",
        ])
    );
    // Restart from the first child: A's Success ends it at once.
    assert_eq!(step(&mut t, &mut w), Success);
    assert_eq!(
        w.take(),
        log(&["activate a", "tick a -> Success", "deactivate a"])
    );
    // All fail → Failure.
    w.result("a", Failure).result("c", Failure);
    assert_eq!(step(&mut t, &mut w), Failure);
    assert_eq!(
        w.take(),
        log(&[
            "activate a",
            "tick a -> Failure",
            "deactivate a",
            "activate b",
            "tick b -> Failure",
            "deactivate b",
            "activate c",
            "tick c -> Failure",
            "deactivate c",
        ])
    );
}

deciders::tree! {
    tree Sel for World {
        selector { Act("a"), Act("b"), Act("c") }
    }
}

#[test]
fn c4_selector_rewalks_every_tick_and_an_earlier_child_halts_the_running_one() {
    // SPEC C4
    let mut w = World::new();
    w.result("a", Failure).result("b", Failure);
    let mut t = Sel::new();
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "activate a",
            "tick a -> Failure",
            "deactivate a",
            "activate b",
            "tick b -> Failure",
            "deactivate b",
            "activate c",
            "tick c -> Running",
        ])
    );
    // Every tick starts from the first child; C is continued.
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "activate a",
            "tick a -> Failure",
            "deactivate a",
            "activate b",
            "tick b -> Failure",
            "deactivate b",
            "tick c -> Running",
        ])
    );
    // B now runs: B is ticked first, then C is halted.
    w.result("b", Running);
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "activate a",
            "tick a -> Failure",
            "deactivate a",
            "activate b",
            "tick b -> Running",
            "deactivate c",
        ])
    );
    // A now succeeds: A is ticked, then B is halted; the selector succeeds.
    w.result("a", Success);
    assert_eq!(step(&mut t, &mut w), Success);
    assert_eq!(
        w.take(),
        log(&[
            "activate a",
            "tick a -> Success",
            "deactivate a",
            "deactivate b",
        ])
    );
    assert!(!t.is_running());
    // All fail → Failure.
    w.result("a", Failure)
        .result("b", Failure)
        .result("c", Failure);
    assert_eq!(step(&mut t, &mut w), Failure);
    assert_eq!(
        w.take(),
        log(&[
            "activate a",
            "tick a -> Failure",
            "deactivate a",
            "activate b",
            "tick b -> Failure",
            "deactivate b",
            "activate c",
            "tick c -> Failure",
            "deactivate c",
        ])
    );
}

deciders::tree! {
    tree GuardSeq for World {
        sequence {
            a: when(decide = d("ga")) => Act("a"),
            Act("b"),
        }
    }
    tree GuardFb for World {
        fallback {
            x: when(decide = d("gx")) => Act("x"),
            Act("y"),
        }
    }
    tree GuardSel for World {
        selector {
            x: when(decide = d("gx")) => Act("x"),
            y: when(decide = d("gy")) => Act("y"),
        }
    }
}

#[test]
fn g4_a_rejecting_guard_makes_the_child_fail_without_running_it() {
    // SPEC G4: a rejected child reports Failure without being activated.
    let mut w = World::new();
    let mut t = GuardSeq::new();
    // In a sequence the Failure ends it; B never starts.
    assert_eq!(step(&mut t, &mut w), Failure);
    assert_eq!(w.take(), log(&["decide ga"]));
    assert!(!t.is_running());
    // Accepted: A runs.
    w.set("ga", 1.0);
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&["decide ga", "activate a", "tick a -> Running"])
    );
    // SPEC G3 hysteresis: in a `sequence` the guard of the running child is
    // not re-evaluated, even if it would now reject.
    w.set("ga", 0.0);
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(w.take(), log(&["tick a -> Running"]));

    // In a fallback the rejected child's Failure moves on to the next one.
    let mut w = World::new();
    let mut t = GuardFb::new();
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&["decide gx", "activate y", "tick y -> Running"])
    );
    // `fallback` resumes Y: X's guard is not decided again.
    w.set("gx", 1.0);
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(w.take(), log(&["tick y -> Running"]));

    // In a selector every guard is decided every tick: X's guard accepts,
    // X runs first, then the running Y is halted (SPEC C4 order).
    let mut w = World::new();
    w.set("gy", 1.0);
    let mut t = GuardSel::new();
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&["decide gx", "decide gy", "activate y", "tick y -> Running"])
    );
    w.set("gx", 1.0);
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "decide gx",
            "activate x",
            "tick x -> Running",
            "deactivate y"
        ])
    );
    // The running child's own guard is re-evaluated too: when it rejects,
    // X is halted without being ticked and counts as Failure; Y's guard
    // rejects as well, so the selector fails.
    w.set("gx", 0.0).set("gy", 0.0);
    assert_eq!(step(&mut t, &mut w), Failure);
    assert_eq!(w.take(), log(&["decide gx", "deactivate x", "decide gy"]));
    assert!(!t.is_running());
}

deciders::tree! {
    tree Nest for World {
        sequence with Act("outer") {
            Act("a"),
            sequence with Act("inner") { Act("b"), Act("c") },
        }
    }
    tree Alarm for World {
        selector {
            Act("alarm"),
            sequence with Act("seq") { Act("a"), Act("b") },
        }
    }
}

#[test]
fn c7_halt_deactivates_every_running_node_deepest_first_exactly_once() {
    // SPEC C7, D7, L2
    let mut w = World::new();
    w.result("a", Success).result("b", Success);
    let mut t = Nest::new();
    // Group behaviors are activated and ticked before their children.
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "activate outer",
            "tick outer -> Running",
            "activate a",
            "tick a -> Success",
            "deactivate a",
            "activate inner",
            "tick inner -> Running",
            "activate b",
            "tick b -> Success",
            "deactivate b",
            "activate c",
            "tick c -> Running",
        ])
    );
    // Each tick the group behaviors are ticked before the running child.
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "tick outer -> Running",
            "tick inner -> Running",
            "tick c -> Running"
        ])
    );
    // Halted mid-run: the running leaf, then each group behavior after its
    // children; the completed A and B are not deactivated again.
    t.halt(&mut w, &mut ctx());
    assert_eq!(
        w.take(),
        log(&["deactivate c", "deactivate inner", "deactivate outer"])
    );
    assert!(!t.is_running());
    // Exactly once: a second halt does nothing.
    t.halt(&mut w, &mut ctx());
    assert_eq!(w.take(), none());
    // Halting reset the resume state: the next tick starts again at A.
    w.result("a", Running);
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "activate outer",
            "tick outer -> Running",
            "activate a",
            "tick a -> Running",
        ])
    );
    // Completion deactivates the group behaviors after their children.
    w.result("a", Success).result("c", Success);
    assert_eq!(step(&mut t, &mut w), Success);
    assert_eq!(
        w.take(),
        log(&[
            "tick outer -> Running",
            "tick a -> Success",
            "deactivate a",
            "activate inner",
            "tick inner -> Running",
            "activate b",
            "tick b -> Success",
            "deactivate b",
            "activate c",
            "tick c -> Success",
            "deactivate c",
            "deactivate inner",
            "deactivate outer",
        ])
    );

    // A composite with a group behavior halted by its parent (C4): the
    // running leaf first, then the group behavior, each once.
    let mut w = World::new();
    w.result("alarm", Failure).result("a", Success);
    let mut t = Alarm::new();
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "activate alarm",
            "tick alarm -> Failure",
            "deactivate alarm",
            "activate seq",
            "tick seq -> Running",
            "activate a",
            "tick a -> Success",
            "deactivate a",
            "activate b",
            "tick b -> Running",
        ])
    );
    w.result("alarm", Success);
    assert_eq!(step(&mut t, &mut w), Success);
    assert_eq!(
        w.take(),
        log(&[
            "activate alarm",
            "tick alarm -> Success",
            "deactivate alarm",
            "deactivate b",
            "deactivate seq",
        ])
    );
    assert!(!t.is_running());
    t.halt(&mut w, &mut ctx());
    assert_eq!(w.take(), none());
    // The halted sequence starts again from A.
    w.result("alarm", Failure);
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "activate alarm",
            "tick alarm -> Failure",
            "deactivate alarm",
            "activate seq",
            "tick seq -> Running",
            "activate a",
            "tick a -> Success",
            "deactivate a",
            "activate b",
            "tick b -> Running",
        ])
    );
}

// ============================================ conformance scenarios [core]

deciders::tree! {
    tree SeqTriple for World {
        sequence { Act("c"), Act("a1"), Act("a2"), Act("a3") }
    }
}

#[test]
fn bt_seq_01_sequence_resumes_at_the_running_child() {
    // BT-SEQ-01: C [S, F], A1 [R, R, S], A2 [S], A3 [R, S].
    let mut w = World::new();
    w.result("c", Success).result("a1", Running);
    let mut t = SeqTriple::new();
    // t1: ticked C, A1 → R
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "activate c",
            "tick c -> Success",
            "deactivate c",
            "activate a1",
            "tick a1 -> Running",
        ])
    );
    w.result("c", Failure); // C's next tick returns F
                            // t2: ticked A1 → R (C not re-ticked)
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(w.take(), log(&["tick a1 -> Running"]));
    // t3: ticked A1, A2, A3 → R
    w.result("a1", Success)
        .result("a2", Success)
        .result("a3", Running);
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "tick a1 -> Success",
            "deactivate a1",
            "activate a2",
            "tick a2 -> Success",
            "deactivate a2",
            "activate a3",
            "tick a3 -> Running",
        ])
    );
    // t4: ticked A3 → S
    w.result("a3", Success);
    assert_eq!(step(&mut t, &mut w), Success);
    assert_eq!(w.take(), log(&["tick a3 -> Success", "deactivate a3"]));
    assert!(!t.is_running());
    // t5: ticked C → F (the index was reset after SUCCESS)
    assert_eq!(step(&mut t, &mut w), Failure);
    assert_eq!(
        w.take(),
        log(&["activate c", "tick c -> Failure", "deactivate c"])
    );
}

deciders::tree! {
    tree SeqNested for World {
        sequence {
            sequence { Act("c1"), Act("c2") },
            sequence { Act("a1"), Act("a2") },
        }
    }
}

#[test]
fn bt_seq_03_finished_children_are_never_re_evaluated() {
    // BT-SEQ-03, profile P: C1 [S, F], C2 [S], A1 [R, R, S], A2 [R, S].
    // SPEC has no yields (T2: one pass per tick), so BT.CPP's profile Y
    // (a SequenceWithMemory returning R right after a synchronous child)
    // does not apply: SPEC differs deliberately and follows profile P.
    let mut w = World::new();
    w.result("c1", Success).result("c2", Success);
    let mut t = SeqNested::new();
    // t1: ticked C1, C2, A1 → R
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "activate c1",
            "tick c1 -> Success",
            "deactivate c1",
            "activate c2",
            "tick c2 -> Success",
            "deactivate c2",
            "activate a1",
            "tick a1 -> Running",
        ])
    );
    // C1 flips to F: never observed.
    w.result("c1", Failure);
    // t2: ticked A1 → R
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(w.take(), log(&["tick a1 -> Running"]));
    // t3: ticked A1, A2 → R
    w.result("a1", Success);
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "tick a1 -> Success",
            "deactivate a1",
            "activate a2",
            "tick a2 -> Running",
        ])
    );
    // t4: ticked A2 → S
    w.result("a2", Success);
    assert_eq!(step(&mut t, &mut w), Success);
    assert_eq!(w.take(), log(&["tick a2 -> Success", "deactivate a2"]));
    assert!(!t.is_running());
}

deciders::tree! {
    tree SeqIndex for World {
        sequence { Act("a"), Act("cnd"), Act("b") }
    }
    tree SeqHalted for World {
        reactive_sequence {
            Act("c"),
            sequence { Act("a1"), Act("a2") },
        }
    }
}

#[test]
fn bt_seq_04_a_sequence_restarts_after_failure_and_after_a_halt() {
    // BT-SEQ-04 part A: A [S], CND [F, F, F, F, S], B [S].
    // SPEC differs deliberately from BT.CPP's SequenceWithMemory, which keeps
    // its index after FAILURE (ticks 2–5 would tick only CND): SPEC C1 says
    // "Failure → Failure and restart from the first child next time", which
    // is the scenario's "Contrast" row (plain Sequence, and py_trees PT-02).
    let mut w = World::new();
    w.result("a", Success)
        .result("cnd", Failure)
        .result("b", Success);
    let mut t = SeqIndex::new();
    // t1–t4: ticked A, CND → F
    for _ in 1..=4 {
        assert_eq!(step(&mut t, &mut w), Failure);
        assert_eq!(
            w.take(),
            log(&[
                "activate a",
                "tick a -> Success",
                "deactivate a",
                "activate cnd",
                "tick cnd -> Failure",
                "deactivate cnd",
            ])
        );
    }
    // t5: ticked A, CND, B → S; t6 (CND's last value repeats): the same.
    w.result("cnd", Success);
    for _ in 5..=6 {
        assert_eq!(step(&mut t, &mut w), Success);
        assert_eq!(
            w.take(),
            log(&[
                "activate a",
                "tick a -> Success",
                "deactivate a",
                "activate cnd",
                "tick cnd -> Success",
                "deactivate cnd",
                "activate b",
                "tick b -> Success",
                "deactivate b",
            ])
        );
    }

    // BT-SEQ-04 part B: C [S, F, S, S], A1 [S], A2 [R, R, S].
    // SPEC differs deliberately from BT.CPP (whose SequenceWithMemory halt
    // keeps the index, so tick 3 resumes at A2): SPEC C7 says "Halting
    // resets resume state (sequence index …)", so tick 3 re-ticks A1, as the
    // scenario notes for a plain Sequence. A2's script is not rewound by
    // the halt.
    let mut w = World::new();
    w.result("c", Success)
        .result("a1", Success)
        .result("a2", Running);
    let mut t = SeqHalted::new();
    // t1: ticked C, A1, A2 → R
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "activate c",
            "tick c -> Success",
            "deactivate c",
            "activate a1",
            "tick a1 -> Success",
            "deactivate a1",
            "activate a2",
            "tick a2 -> Running",
        ])
    );
    // t2: ticked C, halted A2 → F
    w.result("c", Failure);
    assert_eq!(step(&mut t, &mut w), Failure);
    assert_eq!(
        w.take(),
        log(&[
            "activate c",
            "tick c -> Failure",
            "deactivate c",
            "deactivate a2",
        ])
    );
    // t3: ticked C, A1 (SPEC; BT.CPP: not A1), A2 (2nd tick: R) → R
    w.result("c", Success);
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "activate c",
            "tick c -> Success",
            "deactivate c",
            "activate a1",
            "tick a1 -> Success",
            "deactivate a1",
            "activate a2",
            "tick a2 -> Running",
        ])
    );
    // t4: ticked C, A2 (3rd tick: S) → S
    w.result("a2", Success);
    assert_eq!(step(&mut t, &mut w), Success);
    assert_eq!(
        w.take(),
        log(&[
            "activate c",
            "tick c -> Success",
            "deactivate c",
            "tick a2 -> Success",
            "deactivate a2",
        ])
    );
    // t5: ticked C, A1, A2 → S
    assert_eq!(step(&mut t, &mut w), Success);
    assert_eq!(
        w.take(),
        log(&[
            "activate c",
            "tick c -> Success",
            "deactivate c",
            "activate a1",
            "tick a1 -> Success",
            "deactivate a1",
            "activate a2",
            "tick a2 -> Success",
            "deactivate a2",
        ])
    );
}

deciders::tree! {
    tree RSeqHalt for World {
        reactive_sequence { Act("c"), Act("a") }
    }
    tree RSeqGuard for World {
        reactive_sequence { a: when(decide = d("c")) => Act("a") }
    }
}

#[test]
fn bt_rseq_01_reactive_sequence_halts_the_action_when_its_condition_fails() {
    // BT-RSEQ-01: C [S, S, F], A [R].
    let mut w = World::new();
    w.result("c", Success);
    let mut t = RSeqHalt::new();
    // t1: ticked C, A → R
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "activate c",
            "tick c -> Success",
            "deactivate c",
            "activate a",
            "tick a -> Running",
        ])
    );
    // t2: ticked C, A → R (A is continued, not restarted)
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "activate c",
            "tick c -> Success",
            "deactivate c",
            "tick a -> Running",
        ])
    );
    // t3: ticked C, halted A → F
    w.result("c", Failure);
    assert_eq!(step(&mut t, &mut w), Failure);
    assert_eq!(
        w.take(),
        log(&[
            "activate c",
            "tick c -> Failure",
            "deactivate c",
            "deactivate a",
        ])
    );
    assert!(!t.is_running());

    // The same with C written as A's guard: in a reactive_sequence the
    // running child's guard is decided every tick.
    let mut w = World::new();
    w.set("c", 1.0);
    let mut t = RSeqGuard::new();
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&["decide c", "activate a", "tick a -> Running"])
    );
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(w.take(), log(&["decide c", "tick a -> Running"]));
    w.set("c", 0.0);
    assert_eq!(step(&mut t, &mut w), Failure);
    assert_eq!(w.take(), log(&["decide c", "deactivate a"]));
    assert!(!t.is_running());
}

deciders::tree! {
    tree RSeqNested for World {
        reactive_sequence {
            sequence { Act("c1"), Act("c2") },
            Act("a1"),
        }
    }
}

#[test]
fn bt_rseq_02_reactive_sequence_over_a_nested_sequence_of_conditions() {
    // BT-RSEQ-02: C1 [S], C2 [S, F], A1 [R]; variant: C1 [S, F], C2 [S].
    let t1 = log(&[
        "activate c1",
        "tick c1 -> Success",
        "deactivate c1",
        "activate c2",
        "tick c2 -> Success",
        "deactivate c2",
        "activate a1",
        "tick a1 -> Running",
    ]);
    let mut w = World::new();
    w.result("c1", Success).result("c2", Success);
    let mut t = RSeqNested::new();
    // t1: ticked C1, C2, A1 → R
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(w.take(), t1);
    // t2: ticked C1, C2, halted A1 → F
    w.result("c2", Failure);
    assert_eq!(step(&mut t, &mut w), Failure);
    assert_eq!(
        w.take(),
        log(&[
            "activate c1",
            "tick c1 -> Success",
            "deactivate c1",
            "activate c2",
            "tick c2 -> Failure",
            "deactivate c2",
            "deactivate a1",
        ])
    );
    assert!(!t.is_running());

    // Variant: C1 turns F instead.
    let mut w = World::new();
    w.result("c1", Success).result("c2", Success);
    let mut t = RSeqNested::new();
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(w.take(), t1);
    w.result("c1", Failure);
    assert_eq!(step(&mut t, &mut w), Failure);
    assert_eq!(
        w.take(),
        log(&[
            "activate c1",
            "tick c1 -> Failure",
            "deactivate c1",
            "deactivate a1",
        ])
    );
    assert!(!t.is_running());
}

deciders::tree! {
    tree RSeqPrefix for World {
        reactive_sequence {
            sequence { Act("a"), Act("b"), Act("c") },
            sequence { Act("d"), Act("e"), Act("f") },
        }
    }
}

#[test]
fn bt_rseq_03_profile_p_the_whole_tree_completes_in_one_tick() {
    // BT-RSEQ-03 [core][ext], profile P only: all leaves [S]. The scenario's
    // point is BT.CPP's AsyncSequence yielding after each child (profile Y);
    // SPEC has no yields (T2), so it deliberately follows profile P: tick 1
    // ticks A…F and returns S.
    let mut w = World::new();
    for n in ["a", "b", "c", "d", "e", "f"] {
        w.result(n, Success);
    }
    let mut t = RSeqPrefix::new();
    assert_eq!(step(&mut t, &mut w), Success);
    let mut expected = Vec::new();
    for n in ["a", "b", "c", "d", "e", "f"] {
        expected.push(format!("activate {n}"));
        expected.push(format!("tick {n} -> Success"));
        expected.push(format!("deactivate {n}"));
    }
    assert_eq!(w.take(), expected);
    assert!(!t.is_running());
}

deciders::tree! {
    tree FbResume for World {
        fallback { Act("c"), Act("a") }
    }
}

#[test]
fn bt_fb_01_fallback_does_not_re_evaluate_a_failed_child_while_a_later_one_runs() {
    // BT-FB-01: C [F, S], A [R].
    let mut w = World::new();
    w.result("c", Failure);
    let mut t = FbResume::new();
    // t1: ticked C, A → R
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "activate c",
            "tick c -> Failure",
            "deactivate c",
            "activate a",
            "tick a -> Running",
        ])
    );
    // t2: C would now return S but is not ticked; ticked A → R
    w.result("c", Success);
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(w.take(), log(&["tick a -> Running"]));
}

deciders::tree! {
    tree RFb for World {
        selector { Act("c1"), Act("c2"), Act("a1") }
    }
}

#[test]
fn bt_rfb_01_selector_a_higher_child_succeeding_halts_the_running_lower_child() {
    // BT-RFB-01: our `selector` is BT.CPP's ReactiveFallback (SPEC C4).
    // C1 [F, S], C2 [F], A1 [R].
    let t1 = log(&[
        "activate c1",
        "tick c1 -> Failure",
        "deactivate c1",
        "activate c2",
        "tick c2 -> Failure",
        "deactivate c2",
        "activate a1",
        "tick a1 -> Running",
    ]);
    let mut w = World::new();
    w.result("c1", Failure).result("c2", Failure);
    let mut t = RFb::new();
    // t1: ticked C1, C2, A1 → R
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(w.take(), t1);
    // t2: ticked C1, halted A1 → S
    w.result("c1", Success);
    assert_eq!(step(&mut t, &mut w), Success);
    assert_eq!(
        w.take(),
        log(&[
            "activate c1",
            "tick c1 -> Success",
            "deactivate c1",
            "deactivate a1",
        ])
    );
    assert!(!t.is_running());

    // Variant Condition2ToTrue: C1 [F], C2 [F, S].
    let mut w = World::new();
    w.result("c1", Failure).result("c2", Failure);
    let mut t = RFb::new();
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(w.take(), t1);
    // t2: ticked C1, C2, halted A1 → S
    w.result("c2", Success);
    assert_eq!(step(&mut t, &mut w), Success);
    assert_eq!(
        w.take(),
        log(&[
            "activate c1",
            "tick c1 -> Failure",
            "deactivate c1",
            "activate c2",
            "tick c2 -> Success",
            "deactivate c2",
            "deactivate a1",
        ])
    );
    assert!(!t.is_running());
}

deciders::tree! {
    tree PtSeq for World {
        sequence { Act("c1"), Act("a"), Act("b") }
    }
}

#[test]
fn pt_02_sequence_resumes_the_running_child_and_restarts_at_child_0() {
    // PT-02: py_trees Sequence(memory=True) is our `sequence` (SPEC C1).
    // C1 [S, F], A [R, R, S], B [R].
    let mut w = World::new();
    w.result("c1", Success);
    let mut t = PtSeq::new();
    // t1: ticked C1, A → R
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "activate c1",
            "tick c1 -> Success",
            "deactivate c1",
            "activate a",
            "tick a -> Running",
        ])
    );
    w.result("c1", Failure);
    // t2: ticked A → R
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(w.take(), log(&["tick a -> Running"]));
    // t3: ticked A, B → R
    w.result("a", Success);
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "tick a -> Success",
            "deactivate a",
            "activate b",
            "tick b -> Running",
        ])
    );
    // t4: ticked B → R
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(w.take(), log(&["tick b -> Running"]));

    // Second table: C1 [S, F], A [R, R, F], B [S].
    let mut w = World::new();
    w.result("c1", Success).result("b", Success);
    let mut t = PtSeq::new();
    // t1: ticked C1, A → R
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "activate c1",
            "tick c1 -> Success",
            "deactivate c1",
            "activate a",
            "tick a -> Running",
        ])
    );
    w.result("c1", Failure);
    // t2: ticked A → R
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(w.take(), log(&["tick a -> Running"]));
    // t3: ticked A → F
    w.result("a", Failure);
    assert_eq!(step(&mut t, &mut w), Failure);
    assert_eq!(w.take(), log(&["tick a -> Failure", "deactivate a"]));
    // t4: ticked C1 → F (restart at child 0)
    assert_eq!(step(&mut t, &mut w), Failure);
    assert_eq!(
        w.take(),
        log(&["activate c1", "tick c1 -> Failure", "deactivate c1"])
    );
}

deciders::tree! {
    tree PtSelNoMemory for World {
        selector { Act("c1"), Act("a") }
    }
    tree PtSelMemory for World {
        fallback { Act("c1"), Act("a"), Act("b") }
    }
}

#[test]
fn pt_03_selector_without_memory_and_fallback_with_memory() {
    // PT-03: py_trees Selector(memory=False) is our `selector` (SPEC C4);
    // Selector(memory=True) is our `fallback` (SPEC C3). py_trees sends
    // terminate(SUCCESS|FAILURE) to completed nodes; here a completed node
    // is deactivated right after its tick, and only running nodes are
    // deactivated by a halt (the table's "halted" column).

    // Selector(memory=False): C1 [F, S], A [R].
    let mut w = World::new();
    w.result("c1", Failure);
    let mut t = PtSelNoMemory::new();
    // t1: ticked C1, A → R
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "activate c1",
            "tick c1 -> Failure",
            "deactivate c1",
            "activate a",
            "tick a -> Running",
        ])
    );
    // t2: ticked C1, halted A → S
    w.result("c1", Success);
    assert_eq!(step(&mut t, &mut w), Success);
    assert_eq!(
        w.take(),
        log(&[
            "activate c1",
            "tick c1 -> Success",
            "deactivate c1",
            "deactivate a",
        ])
    );
    assert!(!t.is_running());

    // Selector(memory=True): C1 [F], A [R, F], B [S].
    let mut w = World::new();
    w.result("c1", Failure).result("b", Success);
    let mut t = PtSelMemory::new();
    // t1: ticked C1, A → R
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "activate c1",
            "tick c1 -> Failure",
            "deactivate c1",
            "activate a",
            "tick a -> Running",
        ])
    );
    // t2: ticked A, B → S (C1 not ticked)
    w.result("a", Failure);
    assert_eq!(step(&mut t, &mut w), Success);
    assert_eq!(
        w.take(),
        log(&[
            "tick a -> Failure",
            "deactivate a",
            "activate b",
            "tick b -> Success",
            "deactivate b",
        ])
    );
    // t3: ticked C1, A, B → S (restart at child 0 after completion)
    assert_eq!(step(&mut t, &mut w), Success);
    assert_eq!(
        w.take(),
        log(&[
            "activate c1",
            "tick c1 -> Failure",
            "deactivate c1",
            "activate a",
            "tick a -> Failure",
            "deactivate a",
            "activate b",
            "tick b -> Success",
            "deactivate b",
        ])
    );
}

/// UE-01's `SetFlag(Bool1 = true)`: writes the blackboard key the inner
/// branch's guard observes. Latent (reports `Running`): in a polling tree a
/// recheck guard is evaluated when its node is ticked, so the write must
/// come one tick before T2 would start for the abort to be seen in between
/// (UE's observer aborts at once, between two tasks).
#[derive(Default)]
struct SetFlag;

impl Behavior<World> for SetFlag {
    fn activate(&mut self, w: &mut World, _ctx: &mut Ctx) -> Status {
        w.push("activate set_flag".into());
        Status::Running
    }

    fn tick(&mut self, w: &mut World, _ctx: &mut Ctx) -> Status {
        w.set("bool1_not_set", 0.0);
        w.push("tick set_flag -> Running".into());
        Status::Running
    }

    fn deactivate(&mut self, w: &mut World, _ctx: &mut Ctx, _exit: Exit) {
        w.push("deactivate set_flag".into());
    }
}

deciders::tree! {
    tree AbortSelf for World {
        sequence {
            Act("t0"),
            inner: when(recheck, decide = d("bool1_not_set")) => sequence {
                Act("t1"),
                SetFlag,
                Act("t2"),
            },
            Act("t3"),
        }
    }
}

#[test]
fn ue_01_a_recheck_guard_turns_its_branch_into_a_failure() {
    // UE-01: Observer Aborts = Self is a `recheck` guard (SPEC G3). All
    // tasks succeed at once; expected start log `0, 1`: T2, T3 never start.
    let mut w = World::new();
    w.set("bool1_not_set", 1.0);
    for n in ["t0", "t1", "t2", "t3"] {
        w.result(n, Success);
    }
    let mut t = AbortSelf::new();
    // T0 runs; the branch is entered (Bool1 not set), T1 runs, SetFlag sets
    // Bool1.
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "activate t0",
            "tick t0 -> Success",
            "deactivate t0",
            "decide bool1_not_set",
            "activate t1",
            "tick t1 -> Success",
            "deactivate t1",
            "activate set_flag",
            "tick set_flag -> Running",
        ])
    );
    // The recheck rejects while the branch executes: the branch is halted
    // and counts as Failure, so the outer sequence fails; T2 and T3 never
    // start.
    assert_eq!(step(&mut t, &mut w), Failure);
    assert_eq!(
        w.take(),
        log(&["decide bool1_not_set", "deactivate set_flag"])
    );
    assert!(!t.is_running());
}

// ============================================== guards and group behaviors

deciders::tree! {
    tree RecheckSeq for World {
        sequence {
            Act("a"),
            x: when(recheck, decide = d("gx")) => sequence with Act("g") { Act("b"), Act("c") },
            Act("z"),
        }
    }
    tree RecheckFb for World {
        fallback {
            x: when(recheck, decide = d("gx")) => Act("x"),
            Act("y"),
        }
    }
    tree GuardSelMoveOn for World {
        selector with Act("sel") {
            x: when(decide = d("gx")) => Act("x"),
            Act("y"),
        }
    }
    /// A `recheck` guard on a parallel's child (its slot).
    tree RecheckSlot for World {
        parallel(all_complete) {
            x: when(recheck, decide = d("gx")) => sequence with Act("g") { Act("b"), Act("c") },
            Act("y"),
        }
    }
}

#[test]
fn g3_a_recheck_guard_on_a_parallel_child_halts_it_which_counts_as_failure() {
    // SPEC G3, G4, C5, C7: a slot's guard is decided on entry and before
    // each tick of its running child; rejecting halts the child deepest
    // first and the slot keeps a Failure, while the other child runs on.
    let mut w = World::new();
    w.set("gx", 1.0).result("b", Success);
    let mut t = RecheckSlot::new();
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "decide gx",
            "activate g",
            "tick g -> Running",
            "activate b",
            "tick b -> Success",
            "deactivate b",
            "activate c",
            "tick c -> Running",
            "activate y",
            "tick y -> Running",
        ])
    );
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "decide gx",
            "tick g -> Running",
            "tick c -> Running",
            "tick y -> Running"
        ])
    );
    w.set("gx", 0.0);
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "decide gx",
            "deactivate c",
            "deactivate g",
            "tick y -> Running"
        ])
    );
    // The slot keeps its Failure: the guard is not decided again, and the
    // parallel completes with `y` (all complete, one failure fails it).
    w.result("y", Success);
    assert_eq!(step(&mut t, &mut w), Failure);
    assert_eq!(w.take(), log(&["tick y -> Success", "deactivate y"]));
    assert!(!t.is_running());
}

#[test]
fn g3_a_recheck_guard_in_a_status_composite_halts_its_child_which_counts_as_failure() {
    // SPEC G3, C7: the rejected branch is halted deepest first (its group
    // behavior after its running child) and counts as Failure.
    let mut w = World::new();
    w.set("gx", 1.0).result("a", Success).result("b", Success);
    let mut t = RecheckSeq::new();
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "activate a",
            "tick a -> Success",
            "deactivate a",
            "decide gx",
            "activate g",
            "tick g -> Running",
            "activate b",
            "tick b -> Success",
            "deactivate b",
            "activate c",
            "tick c -> Running",
        ])
    );
    // The recheck guard is decided every tick while its child runs.
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&["decide gx", "tick g -> Running", "tick c -> Running"])
    );
    // It rejects: halted without being ticked; Failure ends the sequence.
    w.set("gx", 0.0);
    assert_eq!(step(&mut t, &mut w), Failure);
    assert_eq!(
        w.take(),
        log(&["decide gx", "deactivate c", "deactivate g"])
    );
    assert!(!t.is_running());
    // The sequence restarts from A; the guard now rejects on entry (G4).
    assert_eq!(step(&mut t, &mut w), Failure);
    assert_eq!(
        w.take(),
        log(&[
            "activate a",
            "tick a -> Success",
            "deactivate a",
            "decide gx"
        ])
    );

    // In a fallback the Failure moves on to the next child in the same tick.
    let mut w = World::new();
    w.set("gx", 1.0);
    let mut t = RecheckFb::new();
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&["decide gx", "activate x", "tick x -> Running"])
    );
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(w.take(), log(&["decide gx", "tick x -> Running"]));
    w.set("gx", 0.0);
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "decide gx",
            "deactivate x",
            "activate y",
            "tick y -> Running"
        ])
    );
    // `fallback` resumes Y: X's guard is not decided any more.
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(w.take(), log(&["tick y -> Running"]));

    // In a selector every guard is re-evaluated anyway (no `recheck`
    // needed); the halted child counts as Failure and the walk moves on.
    let mut w = World::new();
    w.set("gx", 1.0);
    let mut t = GuardSelMoveOn::new();
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "activate sel",
            "tick sel -> Running",
            "decide gx",
            "activate x",
            "tick x -> Running",
        ])
    );
    w.set("gx", 0.0);
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "tick sel -> Running",
            "decide gx",
            "deactivate x",
            "activate y",
            "tick y -> Running",
        ])
    );
    w.result("y", Failure);
    assert_eq!(step(&mut t, &mut w), Failure);
    assert_eq!(
        w.take(),
        log(&[
            "tick sel -> Running",
            "decide gx",
            "tick y -> Failure",
            "deactivate y",
            "deactivate sel",
        ])
    );
    assert!(!t.is_running());
}

deciders::tree! {
    tree GroupFails for World {
        sequence with Act("seq") { Act("a"), Act("b") }
    }
}

#[test]
fn c7_a_failing_group_behavior_halts_the_running_children_first() {
    // SPEC C7, D7, L2
    let mut w = World::new();
    w.result("a", Success);
    let mut t = GroupFails::new();
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "activate seq",
            "tick seq -> Running",
            "activate a",
            "tick a -> Success",
            "deactivate a",
            "activate b",
            "tick b -> Running",
        ])
    );
    // A group behavior's Success means "carry on".
    w.result("seq", Success);
    assert_eq!(step(&mut t, &mut w), Running);
    assert_eq!(w.take(), log(&["tick seq -> Success", "tick b -> Running"]));
    // Its Failure fails the composite: B is not ticked; B, then SEQ, are
    // deactivated, each once.
    w.result("seq", Failure);
    assert_eq!(step(&mut t, &mut w), Failure);
    assert_eq!(
        w.take(),
        log(&["tick seq -> Failure", "deactivate b", "deactivate seq"])
    );
    assert!(!t.is_running());
    t.halt(&mut w, &mut ctx());
    assert_eq!(w.take(), none());
    // A failed group activate runs no child and gets no deactivate.
    w.fail_activate("seq", true);
    assert_eq!(step(&mut t, &mut w), Failure);
    assert_eq!(w.take(), log(&["activate seq -> Failure"]));
    assert!(!t.is_running());
}
