// A node name is an identifier: a Rust keyword (`loop`, `fn`) is reported
// with the fix, all of them at once. `r#loop` is the name `loop`.
use deciders::Behavior;
struct Critter;
#[derive(Default)]
struct Flee;
impl Behavior<Critter> for Flee {}

deciders::tree! {
    tree Creature for Critter {
        sequence {
            loop: Flee,
            fn: Flee,
            self: Flee,
            r#match: Flee,
        }
    }
}

fn main() {
    let _ = Creature::new();
}
