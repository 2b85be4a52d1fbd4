// `post` exists only on a tree whose header declares its events
// (`events = Signal`).
use deciders::{Behavior, Frame};

pub struct Mob;
#[derive(Default)]
struct Idle;
impl Behavior<Mob> for Idle {}

pub enum Signal {
    Alarm,
}

deciders::tree! {
    pub tree Calm for Mob {
        Idle
    }
}

fn main() {
    let mut tree = Calm::new();
    tree.post(&Signal::Alarm, &mut Mob, &mut Frame::new(0.1));
}
