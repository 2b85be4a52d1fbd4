// A condition with the wrong signature is reported at the function named in
// the tree, saying which signatures a condition may have.
use deciders::Status;
struct Critter {
    hunger: f64,
}

impl Critter {
    /// Returns `f64`: a condition answers `bool`, `Option<bool>` or `Status`.
    fn hunger(&self) -> f64 {
        self.hunger
    }
    /// Takes `&mut Critter`: a condition cannot change the agent.
    fn eat_a_bit(&mut self) -> bool {
        self.hunger -= 1.0;
        true
    }
    /// Takes an argument no condition is given.
    fn hungrier_than(&self, level: f64) -> bool {
        self.hunger > level
    }
}

deciders::tree! {
    tree Creature for Critter {
        sequence {
            condition(Critter::hunger),
            condition(Critter::eat_a_bit),
            condition(Critter::hungrier_than),
        }
    }
}

fn main() {
    let _ = Status::Running;
}
