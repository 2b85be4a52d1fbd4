// User items named like the generated code's generic parameters (an agent
// type `Tr`, another `V`) and locals (a constant `stamp`), next to trees
// with one mistake each: each mistake is the only error, and code using
// the trees reports nothing more — the broken tree's timestamp keys
// included.
use deciders::{Behavior, Frame};

pub struct Tr;
pub struct V;
#[allow(non_upper_case_globals)]
const stamp: deciders::events::Timestamp<Broken> = Broken::HIT;
#[derive(Default)]
struct Idle;
impl Behavior<Tr> for Idle {}
impl Behavior<V> for Idle {}
pub enum Ev {
    Hit,
}

deciders::tree! {
    pub tree Broken for Tr, events = Ev {
        stamp hit = on(Ev::Hit);
        sequnce { Idle, Idle }
    }
    pub tree Visited for V {
        repeat(0) { Idle }
    }
}

fn main() {
    let mut tree = Broken::new();
    let _ = tree.tick(&mut Tr, &mut Frame::new(0.1));
    let _ = tree.since(stamp);
    let mut tree = Visited::new();
    let _ = tree.tick(&mut V, &mut Frame::new(0.1));
    tree.active_path(|_| {});
}
