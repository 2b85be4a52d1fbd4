use deciders::{Behavior, Status};

struct Bot;
struct Idle;
impl Behavior<Bot> for Idle {}

fn ready(_: &Bot) -> bool {
    true
}

deciders::tree! {
    tree OnSequence for Bot {
        priority {
            steps: when(delegate) => sequence { a: Idle, b: Idle },
            idle: Idle,
        }
    }
    tree OnLeaf for Bot {
        priority {
            leaf: when(delegate) => Idle,
            idle: Idle,
        }
    }
    tree WithDecide for Bot {
        priority {
            group: when(delegate, decide = ready) => priority { a: Idle },
            idle: Idle,
        }
    }
}

fn main() {
    let _ = Status::Running;
}
