//! The walk over the active path hands each node's data to a visitor
//! written once for every tree (SPEC I1, I3): behavior memories (leaves and
//! group behaviors) and decorator memories, root first, depth first.

use deciders::{Behavior, Ctx, Decorator, NodeInfo, Status, Tree, Visitor};
use std::any::Any;

#[derive(Default)]
struct Npc {
    ticks: u32,
}

/// A leaf whose memory counts its own ticks.
#[derive(Default)]
struct Count {
    n: u32,
}
impl Behavior<Npc> for Count {
    fn tick(&mut self, npc: &mut Npc, _: &mut Ctx) -> Status {
        self.n += 1;
        npc.ticks += 1;
        Status::Running
    }
}

/// A group behavior with a name in its memory.
struct Mood(&'static str);
impl Default for Mood {
    fn default() -> Self {
        Mood("calm")
    }
}
impl Behavior<Npc> for Mood {}

deciders::tree! {
    tree Guard for Npc {
        sequence with Mood {
            succeed,
            timeout(10.0) { repeat(3) { Count } },
        }
    }
}

/// Records what it is shown: node names, kinds of data, and the values it
/// can read (a visitor knows nothing of the tree, only the trait bounds; it
/// reads memories through `Any` here).
#[derive(Default)]
struct Dump(Vec<String>);

impl Visitor<Npc> for Dump {
    fn node(&mut self, node: &'static NodeInfo) {
        self.0.push(format!("node {}", node.name));
    }
    fn behavior<B: Behavior<Npc> + 'static>(&mut self, node: &'static NodeInfo, memory: &B) {
        let memory: &dyn Any = memory as &dyn Any;
        let detail = if let Some(c) = memory.downcast_ref::<Count>() {
            format!("count n={}", c.n)
        } else if let Some(m) = memory.downcast_ref::<Mood>() {
            format!("mood {}", m.0)
        } else {
            "?".to_string()
        };
        self.0.push(format!("behavior {} ({detail})", node.name));
    }
    fn decorator<D: Decorator<Npc> + 'static>(&mut self, node: &'static NodeInfo, memory: &D) {
        let memory: &dyn Any = memory as &dyn Any;
        let detail = if memory.is::<deciders::decorator::Timeout>() {
            "timeout"
        } else if memory.is::<deciders::decorator::Repeat>() {
            "repeat"
        } else {
            "?"
        };
        self.0.push(format!("decorator {} ({detail})", node.name));
    }
}

fn dump(t: &Guard) -> Vec<String> {
    let mut d = Dump::default();
    t.visit_active(&mut d);
    d.0
}

#[test]
fn i3_the_visitor_sees_every_active_node_with_its_memory() {
    let (mut npc, mut t) = (Npc::default(), Guard::new());
    assert!(
        dump(&t).is_empty(),
        "nothing is active before the first tick"
    );
    let mut ctx = Ctx::new(0.1);
    assert_eq!(t.tick(&mut npc, &mut ctx), Status::Running);
    assert_eq!(
        dump(&t),
        [
            "behavior root (mood calm)",
            "decorator timeout (timeout)",
            "decorator repeat (repeat)",
            "behavior Count (count n=1)",
        ]
    );
    t.tick(&mut npc, &mut ctx);
    t.tick(&mut npc, &mut ctx);
    // The memory read is the live one.
    assert_eq!(dump(&t)[3], "behavior Count (count n=3)");
    assert_eq!(npc.ticks, 3);
}

#[test]
fn i1_active_path_is_the_same_walk_through_the_trait() {
    fn names<T: Tree<Npc>>(t: &T) -> Vec<&'static str> {
        let mut v = Vec::new();
        t.active_path(|n| v.push(n.name));
        v
    }
    let (mut npc, mut t) = (Npc::default(), Guard::new());
    t.tick(&mut npc, &mut Ctx::new(0.1));
    assert_eq!(names(&t), ["root", "timeout", "repeat", "Count"]);
    let mut inherent = Vec::new();
    t.active_path(|n| inherent.push(n.name));
    assert_eq!(names(&t), inherent);
    t.halt(&mut npc, &mut Ctx::new(0.1));
    assert!(names(&t).is_empty());
}

#[test]
fn i3_the_shape_names_behaviors_as_the_user_wrote_them() {
    let shape = Guard::shape();
    assert_eq!(shape[0].behavior, Some("Mood"), "a group behavior");
    // A built-in leaf is named by its runtime type, not by a hidden path.
    assert_eq!(shape[1].behavior, Some("Succeed"));
    assert_eq!(shape[2].behavior, None, "a decorator has no behavior");
    assert_eq!(shape[4].behavior, Some("Count"));
}
