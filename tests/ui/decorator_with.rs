// Only composites carry a group behavior (`with`): a decorator or a
// parallel node does not.
use deciders::Behavior;
struct Critter;
#[derive(Default)]
struct Flee;
impl Behavior<Critter> for Flee {}
#[derive(Default)]
struct Guarding;
impl Behavior<Critter> for Guarding {}

deciders::tree! {
    tree Creature for Critter {
        sequence {
            retry(2) with Guarding { Flee },
        }
    }

    tree Herd for Critter {
        parallel(all) with Guarding { Flee }
    }
}

fn main() {
    let _ = (Creature::new(), Herd::new());
}
