// Literal values out of range (a duration that is 0 or infinite as an
// `f64`, a count beyond `u64`, a negative count) are reported with the
// tree's other errors, not instead of them (SPEC §9).
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
        sequence {
            pause: wait(1e-400),
            flee: repeat(18446744073709551616) { Flee },
            flee: Rest,
            rest: retry(-1) { cooldown(1e400) { Rest } },
        }
    }
}

fn main() {
    let _ = Creature::new();
}
