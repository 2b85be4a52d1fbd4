// One of six first mistakes, each one error at the user's tokens with no
// note into the library's internals. SPEC P3, G2: a decide reads the agent
// (`&Sheep`); one written over `&mut Sheep` is reported at the function, with
// the public `DecideFn`'s message.
use deciders::{Behavior, Ctx, Status};

pub struct Sheep {
    hunger: f32,
}

impl Sheep {
    fn hungry(&mut self) -> f32 {
        self.hunger
    }
}

#[derive(Default)]
struct Graze;
impl Behavior<Sheep> for Graze {
    fn tick(&mut self, s: &mut Sheep, _: &mut Ctx) -> Status {
        s.hunger -= 1.0;
        Status::Success
    }
}

#[derive(Default)]
struct Amble;
impl Behavior<Sheep> for Amble {}

deciders::tree! {
    pub tree Flock for Sheep {
        priority {
            graze: when(decide = Sheep::hungry) => Graze,
            amble: Amble,
        }
    }
}

fn main() {
    let _ = Flock::new();
}
