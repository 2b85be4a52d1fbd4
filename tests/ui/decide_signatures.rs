// A decide with the wrong signature is reported at the function named in the
// tree, saying which signatures a decide may have.
use deciders::{Behavior, Ctx};
struct Critter {
    hunger: f64,
}
#[derive(Default)]
struct Eat;
impl Behavior<Critter> for Eat {}

impl Critter {
    /// Returns `f64`: a score is an `f32`.
    fn hungry(&self) -> f64 {
        self.hunger
    }
    /// Takes `&mut Critter`: a decide cannot change the agent.
    fn eat_a_bit(&mut self) -> bool {
        self.hunger -= 1.0;
        true
    }
    /// Takes an argument no decide is given.
    fn hungrier_than(&self, level: f64) -> bool {
        self.hunger > level
    }
}

/// The context is the second argument, not the first.
fn swapped(_: &Ctx, c: &Critter) -> bool {
    c.hunger > 0.0
}

deciders::tree! {
    tree Creature for Critter {
        priority {
            a: when(decide = Critter::hungry) => Eat,
            b: when(decide = Critter::eat_a_bit) => Eat,
            c: when(decide = Critter::hungrier_than) => Eat,
            d: when(decide = swapped) => Eat,
        }
    }
}

fn main() {}
