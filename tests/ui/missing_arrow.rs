// Malformed syntax: the guard is not followed by `=>`.
use deciders::{Behavior, Status};
struct Critter;
#[derive(Default)]
struct Flee;
impl Behavior<Critter> for Flee {}
fn scared(_: &Critter) -> bool { true }

deciders::tree! {
    tree Creature for Critter {
        priority {
            flee: when(decide = scared) Flee,
        }
    }
}

fn main() {
    let _ = Status::Running;
}
