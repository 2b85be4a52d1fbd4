use deciders::Behavior;

#[derive(Default)]
struct Act;
impl Behavior<()> for Act {}

/// Meant as a decorator, but implements nothing.
#[derive(Default)]
struct Gate;

deciders::tree! {
    tree T for () {
        decorate(Gate) { Act }
    }
}

fn main() {}
