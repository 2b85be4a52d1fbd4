// Syntax errors in two trees of one invocation: both are reported, the
// trees' types still exist (no "cannot find type" at the use sites), and a
// tree referencing a broken one adds no error of its own.
use deciders::{Behavior, Frame};
struct Critter;
#[derive(Default)]
struct Flee;
impl Behavior<Critter> for Flee {}
fn scared(_: &Critter) -> bool { true }

deciders::tree! {
    tree Creature for Critter {
        priority {
            flee: when(decide = scared) => Flee,
            idle: priority { a: when(decide = scared) Flee, b: Flee },
        }
    }
    tree Other for Critter {
        sequence { subtree Creature, Flee }
    }
    tree Third for Critter {
        sequence { Flee, Flee, }
        extra
    }
}

fn main() {
    let mut c = Creature::new();
    let mut o = Other::new();
    let t = Third::new();
    let _ = (c.tick(&mut Critter, &mut Frame::new(0.1)), o.tick(&mut Critter, &mut Frame::new(0.1)), t.is_running());
}
