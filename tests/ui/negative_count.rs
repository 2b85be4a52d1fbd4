// A count is a positive whole number; repeating without end is
// `repeat(forever)` (not `-1`, as some libraries write it).
use deciders::Behavior;
struct Critter;
#[derive(Default)]
struct Flee;
impl Behavior<Critter> for Flee {}

deciders::tree! {
    tree Creature for Critter {
        sequence {
            repeat(-1) { Flee },
            repeat(2.5) { Flee },
        }
    }
}

fn main() {
    let _ = Creature::new();
}
