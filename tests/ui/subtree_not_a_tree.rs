// A type that is no tree: the first error says so; the referencing tree's
// state, which would hold the referenced tree's, repeats it.
use deciders::Behavior;

struct Bot;
#[derive(Default)]
struct Idle;
impl Behavior<Bot> for Idle {}

deciders::tree! {
    tree NotATree for Bot {
        sequence { idle: subtree Idle }
    }
}

fn main() {}
