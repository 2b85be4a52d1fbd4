// A decide cannot change the world: it gets `&Agent` (SPEC P3).
use deciders::Behavior;
struct Critter { fear: f32 }
#[derive(Default)]
struct Flee;
impl Behavior<Critter> for Flee {}
fn calm_down(c: &mut Critter) -> f32 { c.fear -= 1.0; c.fear }

deciders::tree! {
    tree Creature for Critter {
        priority {
            flee: when(decide = calm_down) => Flee,
        }
    }
}

fn main() {}
