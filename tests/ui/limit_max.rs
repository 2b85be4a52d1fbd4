// SPEC R8: `limit(resource, max)` takes the resource and an integer
// literal at least 1; anything else is a compile error at the argument,
// reported with the tree's other errors.
use deciders::{Behavior, Ctx, Resource, Status};
struct Town {
    alarm: Resource,
}
struct Monster;
#[derive(Default)]
struct SoundAlarm;
impl Behavior<Monster, Town> for SoundAlarm {}
#[derive(Default)]
struct Chase;
impl Behavior<Monster, Town> for Chase {
    fn tick(&mut self, _: &mut Monster, _: &mut Ctx<Town>) -> Status {
        Status::Running
    }
}
const MAX: u32 = 2;

deciders::tree! {
    tree Zero for Monster, world = Town {
        fallback {
            limit(|t: &Town| &t.alarm, 0) { SoundAlarm },
            limit(|t: &Town| &t.alarm, 2.5) { SoundAlarm },
            limit(|t: &Town| &t.alarm, -1) { SoundAlarm },
            limit(|t: &Town| &t.alarm, MAX) { SoundAlarm },
            limit(|t: &Town| &t.alarm, 4294967296) { Chase },
        }
    }
    tree NoMax for Monster, world = Town {
        fallback { limit(|t: &Town| &t.alarm) { SoundAlarm }, Chase }
    }
    tree Three for Monster, world = Town {
        limit(|t: &Town| &t.alarm, 1, 2) { SoundAlarm }
    }
    tree Empty for Monster, world = Town {
        limit() { SoundAlarm }
    }
}

fn main() {}
