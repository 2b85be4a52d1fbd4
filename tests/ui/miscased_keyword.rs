// A node keyword written in another case reads as a behavior type: the
// error points at it and names the keyword.
use deciders::Behavior;
struct Critter;
#[derive(Default)]
struct Flee;
impl Behavior<Critter> for Flee {}
fn scared(_: &Critter) -> bool {
    true
}

deciders::tree! {
    tree Creature for Critter {
        Sequence {
            when(decide = scared) => Flee,
        }
    }

    tree Herd for Critter {
        sequence {
            Repeat(3) { Flee },
        }
    }
}

fn main() {
    let _ = (Creature::new(), Herd::new());
}
