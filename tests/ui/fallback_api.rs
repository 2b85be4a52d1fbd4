// A tree with a mistake is the same type, with the same API, as a correct
// one (its definition is a stub): code using it through every method and
// the `Tree` trait reports nothing but the tree's own error.
use deciders::{Behavior, Frame, NoTrace, Tree};

struct Critter;
#[derive(Default)]
struct Flee;
impl Behavior<Critter> for Flee {}

deciders::tree! {
    /// Documented, and derived, like a correct tree.
    #[derive(Debug, Clone)]
    pub tree Creature for Critter {
        prioritty { flee: Flee }
    }
}

fn generic<T: Tree<Critter>>(seed: u64) -> T {
    T::with_seed(seed)
}

fn main() {
    let mut c = Critter;
    let mut ctx = Frame::new(0.1);
    let mut t = Creature::with_seed(3);
    t.set_seed(4);
    let _: u64 = t.seed();
    let _ = t.tick_traced(&mut c, &mut ctx, &mut NoTrace);
    let _ = t.tick(&mut c, &mut ctx);
    t.halt(&mut c, &mut ctx);
    t.reset(&mut c, &mut ctx);
    let _ = (t.is_running(), t.now(), Creature::shape(), t.clone());
    t.active_path(|n| println!("{}", n.name));
    println!("{t:?}");
    let _: Creature = generic(7);
    let _ = Creature::default();
}
