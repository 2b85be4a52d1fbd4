mod common;
use common::*;
use deciders::{Ctx, Status};

deciders::tree! {
    /// Figure 1
    pub tree Figure1 for World {
        priority {
            flee: when(decide = d("flee")) => Act("flee"),
            guard: when(decide = d("guard")) => priority with Act("guard") {
                yell: when(decide = d("yell")) => Act("yell"),
                fight: when(decide = d("guard_fight")) => Act("guard_fight"),
                patrol: when(decide = d("patrol")) => Act("patrol"),
                rest: Act("guard_rest"),
            },
            fight: when(decide = d("fight")) => Act("fight"),
            eat: when(decide = d("eat")) => priority with Act("eat") {
                find_food: when(decide = d("find_food")) => Act("find_food"),
                eat_food: when(decide = d("eat_food")) => Act("eat_food"),
            },
            idle: priority with Act("idle") {
                play: when(decide = d("play")) => sequential { flip: Act("flip"), roll: Act("roll"), dance: Act("dance") },
                rest: Act("rest"),
            },
        }
    }
}

#[test]
fn smoke() {
    let mut w = World::new();
    w.set("eat", 1.0).set("eat_food", 1.0);
    let mut t = Figure1::new();
    let mut ctx = Ctx::new(0.1);
    assert_eq!(t.tick(&mut w, &mut ctx), Status::Running);
    println!("{:#?}", w.take());
    println!("size {}", std::mem::size_of::<Figure1>());
}
