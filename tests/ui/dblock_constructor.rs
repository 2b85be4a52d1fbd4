// A DBlock builds the value of the behavior it activates: a constructor
// written next to it would never be used, and a built-in cannot receive it.
use deciders::Behavior;
struct Critter;
struct Attack {
    target: u32,
}
impl From<u32> for Attack {
    fn from(target: u32) -> Self {
        Attack { target }
    }
}
impl Behavior<Critter> for Attack {}
#[derive(Default)]
struct Flee;
impl Behavior<Critter> for Flee {}
fn pick(_: &Critter) -> Option<(f32, u32)> {
    Some((1.0, 7))
}

deciders::tree! {
    tree Creature for Critter {
        priority {
            attack: when(dblock = pick) => Attack { target: 99 },
            group: when(dblock = pick) => sequence with Attack::from(3) { Flee },
            pause: when(dblock = pick) => wait(1.0),
        }
    }
}

fn main() {
    let _ = Attack::from(0).target;
}
