// A subtree runs with the agent and the world of the tree that references
// it: both must be the same types (SPEC S1).
use deciders::Behavior;
struct Critter;
struct Robot;
#[derive(Default)]
struct Orders;
#[derive(Default)]
struct Patrol;
impl Behavior<Critter> for Patrol {}
impl Behavior<Critter, Orders> for Patrol {}
impl Behavior<Robot> for Patrol {}

deciders::tree! {
    tree Guard for Critter {
        sequence { Patrol, subtree Roam, subtree Scan }
    }
    tree Roam for Critter, world = Orders {
        sequence { Patrol }
    }
    tree Scan for Robot {
        sequence { Patrol }
    }
}

fn main() {}
