// An unknown behavior type is reported by rustc at the name written in the tree.
use deciders::Behavior;
struct Critter;
#[derive(Default)]
struct Flee;
impl Behavior<Critter> for Flee {}

deciders::tree! {
    tree Creature for Critter {
        priority {
            flee: Flee,
            rest: Rset,
        }
    }
}

fn main() {}
