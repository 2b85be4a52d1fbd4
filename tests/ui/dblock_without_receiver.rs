// A DBlock needs a behavior to receive it; `redecide` belongs on groups.
use deciders::Behavior;
struct Critter;
#[derive(Default)]
struct Flee;
impl Behavior<Critter> for Flee {}
fn spot(_: &Critter) -> Option<(f32, u8)> { None }
fn ok(_: &Critter) -> bool { true }

deciders::tree! {
    tree Creature for Critter {
        priority {
            group: when(dblock = spot) => priority { flee: Flee },
            flee: when(redecide, decide = ok) => Flee,
        }
    }
}

fn main() {}
