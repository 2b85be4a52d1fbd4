use deciders::Behavior;

struct Bot;
struct Cat;
#[derive(Default)]
struct Idle;
impl Behavior<Bot> for Idle {}
impl Behavior<Cat> for Idle {}

mod cats {
    deciders::tree! {
        pub tree Prowl for super::Cat { super::Idle }
    }
}

deciders::tree! {
    // A tree for another agent.
    tree WrongAgent for Bot {
        sequence { prowl: subtree cats::Prowl, idle: Idle }
    }
    // A path that names nothing.
    tree Nowhere for Bot {
        sequence { idle: subtree cats::Patrol }
    }
}

fn main() {}
