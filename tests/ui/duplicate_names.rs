// Duplicate sibling names, an empty composite, a bad duration and a recheck
// guard with nothing to re-check: all reported at once (SPEC §9).
use deciders::Behavior;
struct Critter;
#[derive(Default)]
struct Flee;
impl Behavior<Critter> for Flee {}
#[derive(Default)]
struct Rest;
impl Behavior<Critter> for Rest {}

deciders::tree! {
    tree Creature for Critter {
        priority {
            run: Flee,
            run: Rest,
            nothing: sequence {},
            tick_tock: when(every(0.0)) => Rest,
            again: when(recheck) => Rest,
        }
    }
}

fn main() {
    let _ = Creature::new();
}
