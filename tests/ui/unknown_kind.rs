// An unknown composite keyword (a typo) is reported with a suggestion.
use deciders::Behavior;
struct Critter;
#[derive(Default)]
struct Flee;
impl Behavior<Critter> for Flee {}

deciders::tree! {
    tree Creature for Critter {
        prioritty {
            flee: Flee,
        }
    }
}

fn main() {
    // The fallback type keeps this line free of secondary errors.
    let _ = Creature::new();
}
