// A parallel threshold is written `success >= n`: the suggestion keeps the
// value written.
use deciders::Behavior;
struct Critter;
#[derive(Default)]
struct Flee;
impl Behavior<Critter> for Flee {}

deciders::tree! {
    tree Creature for Critter {
        parallel(success = 1) { Flee }
    }
}

fn main() {
    let _ = Creature::new();
}
