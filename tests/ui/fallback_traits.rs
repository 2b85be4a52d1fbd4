// A tree with an error still declares its state type, with the tree's
// derives and the `Tree` trait, so that code using it reports nothing more:
// one error, at the mistake. A user constant named like a generated
// parameter (`agent`) and a function named like the tree do not add any.
use deciders::{Behavior, Frame, Status, Tree};

struct Critter;

#[derive(Default, Debug, Clone)]
struct Flee;
impl Behavior<Critter> for Flee {}

#[allow(non_upper_case_globals)]
const agent: u32 = 0;

#[allow(non_snake_case)]
fn Creature() -> u32 {
    agent
}

deciders::tree! {
    /// Documented, derived, generic code uses it.
    #[derive(Debug, Clone, Default)]
    pub tree Creature for Critter {
        sequence { Flee, frobnicate { Flee } }
    }
}

fn tick_any<T: Tree<Critter> + std::fmt::Debug + Clone>(tree: &mut T) -> Status {
    tree.tick(&mut Critter, &mut Frame::new(0.1))
}

fn main() {
    let mut state = Creature::default();
    println!("{:?}", state.clone());
    tick_any(&mut state);
    let _ = Creature();
}
