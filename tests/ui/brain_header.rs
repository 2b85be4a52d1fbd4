// The brain's declarations in a tree's header and body: a stimuli payload
// is one type in parentheses; each `var` and `stamp` gets a key constant
// named in upper case, so two names equal in upper case, or one that would
// be `OUTLINE` or `SLEEP`, are refused where they are written.
use deciders::{Behavior, Stimulus};

#[derive(Clone, Copy, Stimulus)]
enum Stim {
    Hit,
}
#[derive(Clone, Copy)]
enum Ev {
    Hit,
}
struct Mob;
#[derive(Default)]
struct Idle;
impl Behavior<Mob> for Idle {}

deciders::tree! {
    tree TwoPayloads for Mob, stimuli = Stim(u32, f32) {
        Idle
    }
}

deciders::tree! {
    tree Keys for Mob, events = Ev {
        var hit = set(Ev::Hit);
        stamp Hit = on(Ev::Hit);
        var outline = set(Ev::Hit);
        stamp sleep = on(Ev::Hit);
        Idle
    }
}

fn main() {}
