// A leaf takes no children: braces after a behavior, a built-in or a
// subtree reference are reported there.
use deciders::Behavior;
struct Critter;
#[derive(Default)]
struct Flee;
impl Behavior<Critter> for Flee {}
struct Say(&'static str);
impl Behavior<Critter> for Say {}

deciders::tree! {
    tree Creature for Critter {
        sequence { succeed { Flee } }
    }

    tree Herd for Critter {
        sequence { Say("hi") { Flee } }
    }

    tree Pack for Critter {
        sequence { subtree Herd { Flee } }
    }
}

fn main() {
    let _ = Say("hi").0;
}
