// The bot format's `condition EXPR { NODE }` is no form of `tree!`: the
// error names the forms that are (a `recheck` guard, a `reactive_sequence`).
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
        sequence {
            condition(scared) { Flee },
        }
    }
}

fn main() {
    let _ = Creature::new();
}
