// Decorators take exactly one child; parallel thresholds fit the children;
// counts and durations make sense (SPEC §9).
use deciders::Behavior;
struct Critter;
#[derive(Default)]
struct Flee;
impl Behavior<Critter> for Flee {}
#[derive(Default)]
struct Rest;
impl Behavior<Critter> for Rest {}

deciders::tree! {
    tree Creature for Critter {
        sequence {
            invert { Flee, Rest },
            timeout(2.0) {},
            parallel(success >= 3) { Flee, Rest },
            repeat(0) { Flee },
            delay(-1.0) { Rest },
        }
    }
}

fn main() {
    let _ = Creature::new();
}
