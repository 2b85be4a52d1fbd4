// One of six first mistakes, each one error at the user's tokens and
// nothing else. SPEC C10: a switch's cases are a `match`; one that forgets
// an enum variant is rustc's E0004, naming the variant, at the switch's
// value. Failing on the rest is written `_ => fail`.
use deciders::{Behavior, Ctx, Status};

#[derive(Clone, Copy)]
pub enum Kind {
    Sheep,
    Wolf,
}

pub struct Animal {
    kind: Kind,
    hunger: f32,
}

#[derive(Default)]
struct Graze;
impl Behavior<Animal> for Graze {
    fn tick(&mut self, a: &mut Animal, _: &mut Ctx) -> Status {
        a.hunger -= 1.0;
        Status::Success
    }
}

deciders::tree! {
    pub tree Life for Animal {
        switch(|a: &Animal| a.kind) {
            sheep: Kind::Sheep => Graze,
        }
    }
}

fn main() {
    let _ = Animal { kind: Kind::Wolf, hunger: 0.0 }.kind;
    let _ = Life::new();
}
