//! The walk over the active path hands each node's data to a visitor
//! written once for every tree (SPEC I1, I3): behavior memories (leaves and
//! group behaviors) and decorator memories, root first, depth first.

use deciders::{Behavior, Ctx, Decorator, Frame, NodeInfo, Status, Tree, Visitor};
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
    let mut ctx = Frame::new(0.1);
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
    t.tick(&mut npc, &mut Frame::new(0.1));
    assert_eq!(names(&t), ["root", "timeout", "repeat", "Count"]);
    let mut inherent = Vec::new();
    t.active_path(|n| inherent.push(n.name));
    assert_eq!(names(&t), inherent);
    t.halt(&mut npc, &mut Frame::new(0.1));
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

// ---------------------------------------------------------------- the mutable walk

mod patrol {
    use super::{Count, Npc};
    deciders::tree! {
        /// Counts, through a decorator: used as a subtree below.
        pub tree Beat for Npc {
            repeat(forever) { beat: Count }
        }
    }
}

deciders::tree! {
    /// Three running children at once, one a subtree, one decorated, and a
    /// group behavior around them.
    tree Squad for Npc {
        sequence with Mood {
            team: parallel(all) {
                left: Count,
                mid: timeout(10.0) { Count },
                right: subtree patrol::Beat,
            },
        }
    }
}

/// Visits mutably: logs each node with the agent's tick count and the
/// clock it sees, resets every `Count` it reaches and renames the `Mood`.
#[derive(Default)]
struct Reset(Vec<String>);

impl deciders::VisitorMut<Npc> for Reset {
    fn node(&mut self, node: &'static NodeInfo, npc: &mut Npc, ctx: &mut Ctx) {
        self.0.push(format!(
            "node {} ({} ticks, t={})",
            node.name,
            npc.ticks,
            ctx.now()
        ));
    }
    fn behavior<B: Behavior<Npc> + 'static>(
        &mut self,
        node: &'static NodeInfo,
        memory: &mut B,
        npc: &mut Npc,
        _: &mut Ctx,
    ) {
        let memory: &mut dyn Any = memory as &mut dyn Any;
        if let Some(c) = memory.downcast_mut::<Count>() {
            self.0.push(format!("count {} n={}", node.name, c.n));
            c.n = 0;
        } else if let Some(m) = memory.downcast_mut::<Mood>() {
            self.0.push(format!("mood {} {}", node.name, m.0));
            m.0 = "alert";
        }
        npc.ticks += 100;
    }
    fn decorator<D: Decorator<Npc> + 'static>(
        &mut self,
        node: &'static NodeInfo,
        _: &mut D,
        _: &mut Npc,
        _: &mut Ctx,
    ) {
        self.0.push(format!("decorator {}", node.name));
    }
}

// SPEC I1, C5, S1
#[test]
fn i1_the_mutable_walk_reaches_every_active_node_of_a_parallel_with_agent_and_context() {
    let mut npc = Npc::default();
    let mut t = Squad::new();
    // Nothing active: nothing visited.
    let mut v = Reset::default();
    t.visit_active_mut(&mut npc, &mut Frame::new(0.0), &mut v);
    assert!(v.0.is_empty());
    for _ in 0..2 {
        t.tick(&mut npc, &mut Frame::new(0.5));
    }
    assert_eq!(npc.ticks, 6);
    let mut v = Reset::default();
    // The hooks see the tree clock (1.0), not the context's.
    t.visit_active_mut(&mut npc, &mut Frame::new(0.0), &mut v);
    assert_eq!(
        v.0,
        [
            "mood root calm",
            "node team (106 ticks, t=1)",
            "count left n=2",
            "decorator mid",
            "count Count n=2",
            // The subtree's root (the repeat) is reported as the reference.
            "decorator right",
            "count beat n=2",
        ]
    );
    assert_eq!(npc.ticks, 6 + 4 * 100);
    // What the walk changed is what the next tick and the read-only walk see.
    t.tick(&mut npc, &mut Frame::new(0.5));
    let mut d = Dump::default();
    t.visit_active(&mut d);
    assert_eq!(
        d.0,
        [
            "behavior root (mood alert)",
            "node team",
            "behavior left (count n=1)",
            "decorator mid (timeout)",
            "behavior Count (count n=1)",
            // The subtree's root, a `repeat`, under the reference's name.
            "decorator right (repeat)",
            "behavior beat (count n=1)",
        ]
    );
    // Through the `Tree` trait, as generic code would.
    fn walk<T: Tree<Npc>>(t: &mut T, npc: &mut Npc) -> usize {
        let mut v = Reset::default();
        t.visit_active_mut(npc, &mut Frame::new(0.0), &mut v);
        v.0.len()
    }
    assert_eq!(walk(&mut t, &mut npc), 7);
}
