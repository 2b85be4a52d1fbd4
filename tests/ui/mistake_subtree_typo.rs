// One of six first mistakes, each one error at the user's tokens and
// nothing else. SPEC S3: a `subtree` path that names nothing is rustc's
// error at the path, with the similar name it found.
use deciders::{Behavior, Ctx, Status};

pub struct Sheep {
    hunger: f32,
}

mod idle {
    use super::Sheep;
    use deciders::Behavior;

    #[derive(Default)]
    pub struct Amble;
    impl Behavior<Sheep> for Amble {}

    deciders::tree! {
        pub tree Wander for Sheep { Amble }
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

deciders::tree! {
    pub tree Flock for Sheep {
        sequence {
            graze: Graze,
            rest: subtree idle::Wandr,
        }
    }
}

fn main() {
    let _ = Flock::new();
}
