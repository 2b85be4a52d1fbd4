// One of six first mistakes, each one error at the user's tokens and
// nothing else. SPEC R6, §9: a duration in minutes is an error at the
// literal; the behaviors the tree names stay used (no `unused import`
// warning for `Amble` and `Graze`), although the tree could not be read.
pub struct Sheep {
    hunger: f32,
}

mod behaviors {
    use super::Sheep;
    use deciders::{Behavior, Ctx, Status};

    #[derive(Default)]
    pub struct Graze;
    impl Behavior<Sheep> for Graze {
        fn tick(&mut self, s: &mut Sheep, _: &mut Ctx) -> Status {
            s.hunger -= 1.0;
            Status::Success
        }
    }

    #[derive(Default)]
    pub struct Amble;
    impl Behavior<Sheep> for Amble {}
}

use behaviors::{Amble, Graze};

deciders::tree! {
    pub tree Flock for Sheep {
        sequence {
            graze: timeout(2min) { Graze },
            amble: Amble,
        }
    }
}

fn main() {
    let _ = Flock::new();
}
