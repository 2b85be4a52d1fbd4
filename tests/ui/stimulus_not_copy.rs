// SPEC V2: stimulus kinds are `Copy`; forgetting the derive is rustc's
// error, at the derive.
use deciders::Stimulus;

#[derive(Stimulus)]
enum Stim {
    Hit,
}

fn main() {}
