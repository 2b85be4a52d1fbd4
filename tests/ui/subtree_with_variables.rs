// A tree that declares variables or timestamps cannot be used through
// `subtree` (SPEC V3, V4): its guards would read the referencing tree's
// variables by position.
use deciders::Behavior;

pub struct Mob;
#[derive(Default)]
struct Idle;
impl Behavior<Mob> for Idle {}

pub enum Ev {
    A,
    B,
}

deciders::tree! {
    pub tree Inner for Mob, events = Ev {
        var b = set(Ev::B);
        selector { when(var(b)) => Idle, Idle }
    }
    pub tree Outer for Mob, events = Ev {
        var a = set(Ev::A);
        sequence { subtree Inner }
    }
}

fn main() {}
