// SPEC V2, G1: a guard naming a stimulus kind that does not exist is
// rustc's own error at that name, with the kind it meant.
use deciders::{Behavior, Stimuli, Stimulus};

#[derive(Clone, Copy, Stimulus)]
enum Stim {
    Hit,
    Invited,
}

struct Critter {
    stimuli: Stimuli<Stim, u32>,
}

#[derive(Default)]
struct Flee;
impl Behavior<Critter> for Flee {}

#[derive(Default)]
struct Idle;
impl Behavior<Critter> for Idle {}

deciders::tree! {
    tree Life for Critter {
        priority {
            flee: when(stimuli_any(Stim::Hitt.flag())) => Flee,
            idle: Idle,
        }
    }
}

fn main() {
    let critter = Critter { stimuli: Stimuli::new() };
    let _ = (Life::new(), critter.stimuli.flags());
}
