// SPEC R8: the resource of `limit` is a function or a closure from the
// world to `&Resource`, capturing nothing; anything else is a type error at
// the expression.
use deciders::{Behavior, Resource};
struct Town {
    alarm: Resource,
    name: String,
}
struct Monster;
#[derive(Default)]
struct SoundAlarm;
impl Behavior<Monster, Town> for SoundAlarm {}

fn name(t: &Town) -> &String {
    &t.name
}

deciders::tree! {
    tree Wrong for Monster, world = Town {
        sequence {
            limit(|t: &Town| &t.name, 1) { SoundAlarm },
            limit(name, 1) { SoundAlarm },
            limit(Resource::new(), 1) { SoundAlarm },
        }
    }
}

fn main() {
    let alarm = Resource::new();
    let _ = (alarm, Wrong::new());
}
