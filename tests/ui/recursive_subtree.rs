// Subtree references form a DAG; unknown subtrees are named (SPEC S1, S2).
use deciders::Behavior;
struct Critter;
#[derive(Default)]
struct Patrol;
impl Behavior<Critter> for Patrol {}

deciders::tree! {
    tree Guard for Critter {
        sequence { Patrol, subtree Roam }
    }
    tree Roam for Critter {
        fallback { subtree Guard, subtree Gaurd }
    }
}

fn main() {}
