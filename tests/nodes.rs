//! Decorators, parallel, concurrent, conditions, built-in leaves and
//! subtrees (SPEC R1–R7, C5, C6, L6, L7, S1, S2), tick by tick.

mod common;
use common::*;
use deciders::Status::*;
use deciders::{Ctx, Status};

fn ctx() -> Ctx {
    Ctx::new(0.1)
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
    assert_eq!(run(&mut t, &mut w), (Running, log(&["activate a", "tick a -> Running"])));
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
    assert_eq!(run(&mut t, &mut w), (Success, log(&["tick c -> Success", "deactivate c"])));
    // invert(Success) = Failure stops the sequence.
    w.result("a", Success);
    assert_eq!(
        run(&mut t, &mut w),
        (Failure, log(&["activate a", "tick a -> Success", "deactivate a"]))
    );
}
