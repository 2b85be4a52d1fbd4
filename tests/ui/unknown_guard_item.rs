// An unknown guard item names the ones that exist.
use deciders::Behavior;
struct Critter;
#[derive(Default)]
struct Flee;
impl Behavior<Critter> for Flee {}

deciders::tree! {
    tree Creature for Critter {
        priority {
            flee: when(sometimes(3)) => Flee,
        }
    }
}

fn main() {}
