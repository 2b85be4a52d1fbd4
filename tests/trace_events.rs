//! What a trace sees (I2), tick by tick: every deactivation with its `Exit`
//! (L9) — a behavior's, a composite's completion, a decorator's, a halt —
//! and a `random` or `scored` group's choice, after the candidates' scores.

mod common;
use common::*;
use deciders::Status::*;
use deciders::{Exit, Frame, Trace, TraceEvent};

/// Every event as text; `Deactivated` with its exit, `Chose` with the
/// child's index and score.
#[derive(Default)]
struct Events(Vec<String>);

impl Trace for Events {
    fn event(&mut self, e: TraceEvent) {
        self.0.push(match e {
            TraceEvent::Accepted { node, score, .. } => format!("accept {} {score}", node.name),
            TraceEvent::Rejected { node, .. } => format!("reject {}", node.name),
            TraceEvent::Chose {
                node, index, score, ..
            } => format!("{} chose #{index} ({score})", node.name),
            TraceEvent::Activated { node, .. } => format!("+ {}", node.name),
            TraceEvent::Ticked { node, status, .. } => format!("tick {} {status:?}", node.name),
            TraceEvent::Deactivated { node, exit, .. } => match exit {
                Exit::Completed(s) => format!("- {} {s:?}", node.name),
                Exit::Halted => format!("- {} halted", node.name),
                other => format!("- {} {other:?}", node.name),
            },
            _ => return,
        });
    }
}

deciders::tree! {
    tree Patrol for World {
        priority {
            alert: when(decide = d("alert")) => invert { shout: Act("shout") },
            walk: sequence { step: Act("step"), look: Act("look") },
        }
    }
    tree Pick for World {
        scored {
            a: when(decide = d("a")) => Act("a"),
            b: when(decide = d("b")) => Act("b"),
            c: when(decide = d("c")) => Act("c"),
        }
    }
}

fn traced<T: deciders::Tree<World>>(t: &mut T, w: &mut World) -> Vec<String> {
    let mut tr = Events::default();
    t.tick_traced(w, &mut Frame::new(0.1), &mut tr);
    w.take();
    tr.0
}

// SPEC I2, L9, C7
#[test]
fn i2_every_deactivation_carries_its_exit() {
    let mut w = World::new();
    w.set("alert", -1.0);
    let mut t = Patrol::new();
    assert_eq!(
        traced(&mut t, &mut w),
        [
            "+ root",
            "reject alert",
            "+ walk",
            "+ step",
            "tick step Running"
        ]
    );
    // `step` completes: its exit, then `look` starts.
    w.result("step", Success);
    assert_eq!(
        traced(&mut t, &mut w),
        [
            "reject alert",
            "tick step Success",
            "- step Success",
            "+ look",
            "tick look Running"
        ]
    );
    // The alert interrupts: `look` and the sequence are halted (deepest
    // first), the decorator's child completes and so does the decorator,
    // with the status it completed with (inverted). The priority redecides
    // without it (D2): `walk` runs again, `step` completing at once.
    w.set("alert", 1.0).result("shout", Success);
    assert_eq!(
        traced(&mut t, &mut w),
        [
            "accept alert 1",
            "- look halted",
            "- walk halted",
            "+ alert",
            "+ shout",
            "tick shout Success",
            "- shout Success",
            "- alert Failure",
            "+ walk",
            "+ step",
            "tick step Success",
            "- step Success",
            "+ look",
            "tick look Running",
        ]
    );
    // Halting the tree: every active node, deepest first, told so.
    let mut tr = Events::default();
    t.halt(&mut w, &mut Frame::new(0.1));
    w.take();
    t.tick_traced(&mut w, &mut Frame::new(0.1), &mut tr);
    assert_eq!(tr.0[..2], ["+ root", "accept alert 1"]);
}

// SPEC I2, D6
#[test]
fn i2_a_scored_group_reports_its_choice_after_the_candidates() {
    let mut w = World::new();
    w.set("a", 0.2).set("b", 0.9).set("c", -1.0);
    let mut t = Pick::new();
    assert_eq!(
        traced(&mut t, &mut w),
        [
            "+ root",
            "accept a 0.2",
            "accept b 0.9",
            "reject c",
            "root chose #1 (0.9)",
            "+ b",
            "tick b Running",
        ]
    );
    // `b` fails: the group chooses again without it (D2).
    w.result("b", Failure);
    assert_eq!(
        traced(&mut t, &mut w),
        [
            "tick b Failure",
            "- b Failure",
            "accept a 0.2",
            "reject c",
            "root chose #0 (0.2)",
            "+ a",
            "tick a Running",
        ]
    );
    // `a` fails too: the redecide masks only `a` (D2); `b` is chosen and
    // fails at once, is masked in turn, nothing else accepts, and the
    // group completes with the last status.
    w.result("a", Failure);
    assert_eq!(
        traced(&mut t, &mut w),
        [
            "tick a Failure",
            "- a Failure",
            "accept b 0.9",
            "reject c",
            "root chose #1 (0.9)",
            "+ b",
            "tick b Failure",
            "- b Failure",
            "reject c",
            "- root Failure",
        ]
    );
}
