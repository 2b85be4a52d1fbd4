// A guard belongs to a child slot of a composite: the root has none.
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
        when(decide = scared) => Flee
    }
}

fn main() {
    let _ = Creature::new();
}
