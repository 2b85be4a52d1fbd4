//! Decorators, parallel, concurrent, conditions, built-in leaves and
//! subtrees (SPEC R1–R7, C5, C6, L6, L7, S1, S2), tick by tick.

mod common;
use common::*;
use deciders::Status::*;
use deciders::{Frame, Status};

fn ctx() -> Frame {
    Frame::new(0.1)
}

fn run<T: deciders::Tree<World>>(t: &mut T, w: &mut World) -> (Status, Vec<String>) {
    let s = t.tick(w, &mut ctx());
    (s, w.take())
}

deciders::tree! {
    tree Inverted for World {
        sequence {
            invert { Act("a") },
            force(Success) { Act("b") },
            Act("c"),
        }
    }
}

#[test]
fn r1_r2_invert_and_force_map_completions_and_pass_running_through() {
    // SPEC R1, R2
    let mut w = World::new();
    let mut t = Inverted::new();
    assert_eq!(
        run(&mut t, &mut w),
        (Running, log(&["activate a", "tick a -> Running"]))
    );
    w.result("a", Failure).result("b", Failure);
    assert_eq!(
        run(&mut t, &mut w),
        (
            Running,
            log(&[
                "tick a -> Failure",
                "deactivate a",
                "activate b",
                "tick b -> Failure",
                "deactivate b",
                "activate c",
                "tick c -> Running",
            ])
        )
    );
    w.result("c", Success);
    assert_eq!(
        run(&mut t, &mut w),
        (Success, log(&["tick c -> Success", "deactivate c"]))
    );
    // invert(Success) = Failure stops the sequence.
    w.result("a", Success);
    assert_eq!(
        run(&mut t, &mut w),
        (
            Failure,
            log(&["activate a", "tick a -> Success", "deactivate a"])
        )
    );
}

deciders::tree! {
    tree Nested for World {
        priority {
            urgent: when(decide = d("urgent")) => Act("urgent"),
            work: parallel(all) {
                sequence { Act("a"), priority { inner: when(decide = d("inner")) => Act("inner"), Act("b") } },
                repeat(forever) { Act("c") },
            },
        }
    }
}

#[test]
fn nesting_a_decider_group_interrupts_a_running_parallel_deepest_first() {
    // SPEC D1, C5, C7: the interrupt halts every running node under the
    // parallel, deepest first, children in declaration order, each once.
    let mut w = World::new();
    w.result("a", Success);
    let mut t = Nested::new();
    assert_eq!(
        run(&mut t, &mut w),
        (
            Running,
            log(&[
                "decide urgent",
                "activate a",
                "tick a -> Success",
                "deactivate a",
                "decide inner",
                "activate b",
                "tick b -> Running",
                "activate c",
                "tick c -> Running",
            ])
        )
    );
    // A decider group nested in a sequence in a parallel still interrupts
    // its own running child (SPEC D1 inside C1 inside C5).
    w.set("inner", 1.0);
    assert_eq!(
        run(&mut t, &mut w),
        (
            Running,
            log(&[
                "decide urgent",
                "decide inner",
                "deactivate b",
                "activate inner",
                "tick inner -> Running",
                "tick c -> Running",
            ])
        )
    );
    w.set("urgent", 1.0);
    assert_eq!(
        run(&mut t, &mut w),
        (
            Running,
            log(&[
                "decide urgent",
                "deactivate inner",
                "deactivate c",
                "activate urgent",
                "tick urgent -> Running",
            ])
        )
    );
}

/// `Act` that also says how it left: `deactivate walk: Halted`, or
/// `Completed(…)` with the status its own `tick` returned.
struct Task(&'static str);

impl deciders::Behavior<World> for Task {
    fn activate(&mut self, w: &mut World, ctx: &mut deciders::Ctx) -> Status {
        Act(self.0).activate(w, ctx)
    }
    fn tick(&mut self, w: &mut World, ctx: &mut deciders::Ctx) -> Status {
        Act(self.0).tick(w, ctx)
    }
    fn deactivate(&mut self, w: &mut World, _: &mut deciders::Ctx, exit: deciders::Exit) {
        w.push(format!("deactivate {}: {exit:?}", self.0));
    }
}

deciders::tree! {
    tree Policy for World {
        sequence { always(Success) { Task("walk") }, always(Failure) { Task("shout") } }
    }
}

#[test]
fn l8_action_policy_reports_its_status_after_one_step_whatever_the_task_returned() {
    // SPEC L8: Unity's action node "always reports a node status of Success
    // (or Failure) to its parent node after the OnStep operation returns",
    // whatever its task did: written `always(S) { Leaf }` (R2). A task
    // still running after its step is halted; the node never stays
    // running. (`force(S)` would wait for the task: R1/R2 test above.)
    let mut w = World::new();
    let mut t = Policy::new();
    // Both tasks still running after their step: WALK reports Success and
    // is halted, SHOUT reports Failure and is halted, the sequence fails.
    assert_eq!(
        run(&mut t, &mut w),
        (
            Failure,
            log(&[
                "activate walk",
                "tick walk -> Running",
                "deactivate walk: Halted",
                "activate shout",
                "tick shout -> Running",
                "deactivate shout: Halted",
            ])
        )
    );
    assert!(!t.is_running());
    // Next tick, the same again from the start: one step each, nothing was
    // left running.
    assert_eq!(
        run(&mut t, &mut w),
        (
            Failure,
            log(&[
                "activate walk",
                "tick walk -> Running",
                "deactivate walk: Halted",
                "activate shout",
                "tick shout -> Running",
                "deactivate shout: Halted",
            ])
        )
    );
    // Tasks that complete, the other way round each: the policy's status
    // replaces theirs.
    w.result("walk", Failure).result("shout", Success);
    assert_eq!(
        run(&mut t, &mut w),
        (
            Failure,
            log(&[
                "activate walk",
                "tick walk -> Failure",
                "deactivate walk: Completed(Failure)",
                "activate shout",
                "tick shout -> Success",
                "deactivate shout: Completed(Success)",
            ])
        )
    );
    assert!(!t.is_running());
}

deciders::tree! {
    tree Look for World {
        sequence { Act("left"), Act("right") }
    }
    tree Cross for World {
        parallel(all) { subtree Look, subtree Look }
    }
}

#[test]
fn s1_each_subtree_reference_has_its_own_state() {
    // SPEC S1: both references run LOOK; each keeps its own resume index.
    let mut w = World::new();
    w.result("left", Success);
    let mut t = Cross::new();
    assert_eq!(
        run(&mut t, &mut w),
        (
            Running,
            log(&[
                "activate left",
                "tick left -> Success",
                "deactivate left",
                "activate right",
                "tick right -> Running",
                "activate left",
                "tick left -> Success",
                "deactivate left",
                "activate right",
                "tick right -> Running",
            ])
        )
    );
    let mut path = Vec::new();
    t.active_path(|n| path.push(n.name));
    // Each reference stands for its tree's root (I1).
    assert_eq!(path, ["root", "Look_0", "Act_1", "Look_1", "Act_1"]);
    w.result("right", Success);
    assert_eq!(
        run(&mut t, &mut w),
        (
            Success,
            log(&[
                "tick right -> Success",
                "deactivate right",
                "tick right -> Success",
                "deactivate right"
            ])
        )
    );
}
