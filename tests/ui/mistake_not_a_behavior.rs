// One of six first mistakes, each one error at the user's tokens and
// nothing else. SPEC L1, §9: a leaf whose type is no behavior of the tree is
// one error at the leaf (not one per hook the tree calls), saying what it
// needs.
use deciders::{Behavior, Ctx, Status};

pub struct Sheep {
    hunger: f32,
}

#[derive(Default)]
struct Graze;
impl Behavior<Sheep> for Graze {
    fn tick(&mut self, s: &mut Sheep, _: &mut Ctx) -> Status {
        s.hunger -= 1.0;
        Status::Success
    }
}

#[derive(Default)]
struct Amble;

deciders::tree! {
    pub tree Flock for Sheep {
        sequence {
            graze: Graze,
            amble: Amble,
        }
    }
}

fn main() {
    let _ = Flock::new();
}
