// Mistakes in events, variables and timestamps (SPEC V3, V4, L7, R10):
// each reported at the name, with a suggestion where one is close.
use deciders::Behavior;

pub struct Mob;
#[derive(Default)]
struct Idle;
impl Behavior<Mob> for Idle {}

pub enum Signal {
    Alarm,
    AllClear,
}

deciders::tree! {
    // An unknown variable, an unknown timestamp.
    pub tree Typos for Mob, events = Signal {
        var alarmed = set(Signal::Alarm), clear(Signal::AllClear);
        stamp heard = on(Signal::Alarm);
        selector {
            chase: when(var(alarmd)) => Idle,
            calm: if_time(hear, more_than = 2.0) { Idle },
            idle: Idle,
        }
    }
    // Variables and `wait_for` need the events' type in the header.
    pub tree NoEvents for Mob {
        var alarmed = set(Signal::Alarm);
        sequence { wait_for(Signal::Alarm), Idle }
    }
    // An event the enum does not have: rustc's own error at the pattern.
    pub tree BadVariant for Mob, events = Signal {
        var alarmed = set(Signal::Alarn);
        Idle
    }
}

fn main() {}
