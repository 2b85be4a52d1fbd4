// Durations: a bare number or `s` is seconds, `ms` milliseconds; any other
// unit is an error at the literal, never silently seconds.
use deciders::{Behavior, Ctx, Status};

struct World;
#[derive(Default)]
struct Step;
impl Behavior<World> for Step {
    fn tick(&mut self, _: &mut World, _: &mut Ctx) -> Status {
        Status::Running
    }
}

deciders::tree! {
    tree Units for World {
        sequence {
            timeout(1min) { Step },
            delay(2h) { Step },
            wait(5f32),
            cooldown(250us) { Step },
        }
    }
}

fn main() {}
