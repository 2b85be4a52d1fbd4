// A behavior written for another agent, and one written without a
// constructor that has no `Default`, are reported at the behavior in the
// tree, saying what it needs.
use deciders::Behavior;
struct Critter;
struct Dog;
#[derive(Default)]
struct Fetch;
impl Behavior<Dog> for Fetch {}
struct Say(&'static str);
impl Behavior<Critter> for Say {}

deciders::tree! {
    tree Creature for Critter {
        sequence {
            Fetch,
            Say,
        }
    }
}

fn main() {
    let _ = Say("hi").0;
}
