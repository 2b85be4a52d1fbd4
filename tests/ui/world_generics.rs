// A world's parameters are lifetimes only (`world<'w> = Frame<'w>`): the
// state type serves every frame's borrow, and nothing else may vary.
use deciders::Behavior;

struct Critter;
#[derive(Default)]
struct Flee;
impl<W> Behavior<Critter, W> for Flee {}

deciders::tree! {
    tree Typed for Critter, world<T> = Vec<T> {
        Flee
    }
}

fn main() {}
