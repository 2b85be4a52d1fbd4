//! Subtrees declared elsewhere (SPEC S3): a `subtree` that names, by path,
//! a tree declared in another `tree!` invocation or another module behaves
//! exactly like one declared in the same invocation (S1): each reference
//! has its own state, a clock and a seed are carried when the referenced
//! tree needs them and only then (F3), and the active path goes through it.
//! (Another crate: `tests/heavy/cross_crate.rs`.)

mod common;
use common::*;
use deciders::Status::*;
use deciders::{Frame, Status, Tree};

/// Trees of another module, each in an invocation of its own.
mod ai {
    use crate::common::*;

    deciders::tree! {
        /// Two steps.
        pub tree Patrol for World {
            sequence { walk: Act("walk"), look: Act("look") }
        }
    }

    deciders::tree! {
        /// Measures time: a tree referencing it needs a clock.
        pub tree Slow for World {
            timeout(0.25) { Act("slow") }
        }
    }

    deciders::tree! {
        /// Draws random numbers: a tree referencing it needs a seed.
        pub tree Dice for World {
            random {
                a: when(decide = d("a")) => Act("a"),
                b: when(decide = d("b")) => Act("b"),
                c: when(decide = d("c")) => Act("c"),
            }
        }
    }

    /// A module further down, referencing up: `super::` paths work.
    pub mod inner {
        deciders::tree! {
            pub tree Rounds for crate::common::World {
                sequence { one: subtree super::Patrol, two: subtree crate::ai::Patrol }
            }
        }
    }
}

deciders::tree! {
    /// Two references to one tree of another module: two states.
    tree Twice for World {
        sequence { first: subtree ai::Patrol, second: subtree crate::ai::Patrol }
    }
    /// The same tree declared here: the reference point.
    tree LocalPatrol for World {
        sequence { walk: Act("walk"), look: Act("look") }
    }
    tree TwiceLocal for World {
        sequence { first: subtree LocalPatrol, second: subtree LocalPatrol }
    }
    tree Timed for World {
        fallback { slow: subtree ai::Slow, after: Act("after") }
    }
    tree Rolled for World {
        sequence { roll: subtree ai::Dice, rest: Act("rest") }
    }
    /// `Timed` and `Rolled` with the referenced trees declared here.
    tree LocalSlow for World {
        timeout(0.25) { Act("slow") }
    }
    tree TimedLocal for World {
        fallback { slow: subtree LocalSlow, after: Act("after") }
    }
    tree LocalDice for World {
        random {
            a: when(decide = d("a")) => Act("a"),
            b: when(decide = d("b")) => Act("b"),
            c: when(decide = d("c")) => Act("c"),
        }
    }
    tree RolledLocal for World {
        sequence { roll: subtree LocalDice, rest: Act("rest") }
    }
    tree Deeper for World {
        priority { rounds: subtree ai::inner::Rounds }
    }
}

// A tree of the same module, in another invocation: a single name that is
// no tree of this invocation is a path too.
deciders::tree! {
    tree Neighbour for World {
        sequence { twice: subtree Twice, done: Act("done") }
    }
}

// SPEC S3, S1
#[test]
fn s3_each_reference_to_a_tree_of_another_module_has_its_own_state() {
    let mut w = World::new();
    let mut t = Twice::new();
    step(
        &mut t,
        &mut w,
        Running,
        &["activate walk", "tick walk -> Running"],
    );
    w.result("walk", Success);
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "tick walk -> Success",
            "deactivate walk",
            "activate look",
            "tick look -> Running",
        ],
    );
    // The second reference starts from its own root, not where the first
    // one is.
    w.result("look", Success);
    step(
        &mut t,
        &mut w,
        Success,
        &[
            "tick look -> Success",
            "deactivate look",
            "activate walk",
            "tick walk -> Success",
            "deactivate walk",
            "activate look",
            "tick look -> Success",
            "deactivate look",
        ],
    );
}

/// Plays the same script on two trees: the logs, tick by tick.
fn script<T: Tree<World>>(mut t: T) -> Vec<(Status, Vec<String>)> {
    let mut w = World::new();
    let mut out = Vec::new();
    for i in 0..12 {
        let (walk, look) = match i % 4 {
            0 => (Running, Running),
            1 => (Success, Running),
            2 => (Success, Success),
            _ => (Failure, Success),
        };
        w.result("walk", walk).result("look", look);
        let s = t.tick(&mut w, &mut Frame::new(0.1));
        out.push((s, w.take()));
    }
    out
}

// SPEC S3, S1
#[test]
fn s3_a_tree_from_elsewhere_runs_and_sizes_like_one_declared_here() {
    assert_eq!(script(Twice::new()), script(TwiceLocal::new()));
    // No clock, no seed: neither tree measures time or draws (F3).
    assert_eq!(
        std::mem::size_of::<Twice>(),
        std::mem::size_of::<TwiceLocal>()
    );
}

// SPEC S3, S1
#[test]
fn s3_a_tree_of_another_invocation_of_the_same_module_is_referenced_by_name() {
    let mut w = World::new();
    w.result("walk", Success).result("look", Success);
    let mut t = Neighbour::new();
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "activate walk",
            "tick walk -> Success",
            "deactivate walk",
            "activate look",
            "tick look -> Success",
            "deactivate look",
            "activate walk",
            "tick walk -> Success",
            "deactivate walk",
            "activate look",
            "tick look -> Success",
            "deactivate look",
            "activate done",
            "tick done -> Running",
        ],
    );
}

// SPEC S3, T2, F3
#[test]
fn s3_a_referenced_tree_that_measures_time_gives_the_referencing_tree_a_clock() {
    let mut w = World::new();
    let mut t = Timed::new();
    step(
        &mut t,
        &mut w,
        Running,
        &["activate slow", "tick slow -> Running"],
    );
    step(&mut t, &mut w, Running, &["tick slow -> Running"]);
    step(&mut t, &mut w, Running, &["tick slow -> Running"]);
    // At 0.4 s, 0.3 s after `slow` started at 0.1 s, the 0.25 s timeout has
    // run out: `slow` is halted and fails, and the fallback goes on.
    step(
        &mut t,
        &mut w,
        Running,
        &["deactivate slow", "activate after", "tick after -> Running"],
    );
    assert!((t.now() - 0.4).abs() < 1e-6, "{}", t.now());
    // Sized like the same tree declared here, which carries a clock.
    assert_eq!(
        std::mem::size_of::<Timed>(),
        std::mem::size_of::<TimedLocal>()
    );
}

/// The children `Rolled` activates over `n` ticks.
fn rolls(t: &mut Rolled, n: usize) -> Vec<String> {
    let mut w = World::new();
    w.set("a", 1.0).set("b", 1.0).set("c", 1.0);
    w.result("a", Success)
        .result("b", Success)
        .result("c", Success)
        .result("rest", Success);
    let mut out = Vec::new();
    for _ in 0..n {
        t.tick(&mut w, &mut Frame::new(0.1));
        out.extend(
            w.take()
                .into_iter()
                .filter_map(|l| l.strip_prefix("activate ").map(str::to_string)),
        );
    }
    out
}

// SPEC S3, D8, F3
#[test]
fn s3_a_referenced_tree_that_draws_is_seeded_by_the_referencing_tree() {
    let (mut one, mut two) = (Rolled::with_seed(5), Rolled::with_seed(5));
    let first = rolls(&mut one, 30);
    assert_eq!(first, rolls(&mut two, 30));
    assert_ne!(first, rolls(&mut Rolled::with_seed(6), 30));
    assert_eq!(one.seed(), 5);
    // `reset` returns to the seed: the same draws again.
    one.reset(&mut World::new(), &mut Frame::new(0.0));
    assert_eq!(rolls(&mut one, 30), first);
    // Sized like the same tree declared here, which carries a seed.
    assert_eq!(
        std::mem::size_of::<Rolled>(),
        std::mem::size_of::<RolledLocal>()
    );
}

// SPEC S3, I1
#[test]
fn s3_the_active_path_goes_through_references_from_elsewhere() {
    let mut w = World::new();
    let mut t = Deeper::new();
    t.tick(&mut w, &mut Frame::new(0.1));
    let mut path = Vec::new();
    t.active_path(|n| path.push(n.name));
    // `Deeper`'s root, its reference `rounds` standing for `Rounds`' root,
    // `Rounds`' first reference `one` standing for `Patrol`'s root, and
    // `Patrol`'s running leaf (S1, I1).
    assert_eq!(path, ["root", "rounds", "one", "walk"]);
}

// ---------------------------------------------------------------- I1, I2

/// A subtree reference's nodes in paths and traces, with the tree each
/// node belongs to.
mod herd {
    use crate::common::*;

    deciders::tree! {
        /// Ambles until told otherwise: a priority as its root.
        pub tree Idle for World {
            priority {
                amble: when(decide = d("amble")) => Act("amble"),
                graze: Act("graze"),
            }
        }
    }
}

deciders::tree! {
    tree Sheep for World {
        fallback {
            flee: when(decide = d("flee")) => Act("flee"),
            rest: subtree herd::Idle,
        }
    }
    /// The same tree referenced from a tree of the same invocation.
    tree Wander for World {
        sequence { roam: Act("roam") }
    }
    tree Flock for World {
        fallback { idle: subtree herd::Idle, wander: subtree Wander }
    }
}

/// Records every trace event as `event node@tree`.
#[derive(Default)]
struct Events(Vec<String>);

impl deciders::Trace for Events {
    fn event(&mut self, e: deciders::TraceEvent) {
        use deciders::TraceEvent as E;
        let at = |n: &deciders::NodeInfo| format!("{}@{}", n.name, n.tree);
        self.0.push(match e {
            E::Accepted { node, .. } => format!("accept {}", at(node)),
            E::Rejected { node, .. } => format!("reject {}", at(node)),
            E::Activated { node, .. } => format!("+ {}", at(node)),
            E::Deactivated { node, .. } => format!("- {}", at(node)),
            E::Ticked { node, status, .. } => format!("tick {} {status:?}", at(node)),
            _ => return,
        });
    }
}

fn path_of<T: Tree<World>>(t: &T) -> Vec<String> {
    let mut path = Vec::new();
    t.active_path(|n| path.push(format!("{}@{}", n.name, n.tree)));
    path
}

// SPEC S1, I1
#[test]
fn i1_a_subtree_root_appears_once_under_the_reference_name() {
    let mut w = World::new();
    w.set("amble", 1.0);
    let mut t = Sheep::new();
    assert_eq!(t.tick(&mut w, &mut Frame::new(0.1)), Running);
    // `flee` is rejected, `rest` runs `Idle`, whose root (a `priority`)
    // is reported as `rest`, a node of `Sheep`; `amble` belongs to `Idle`.
    assert_eq!(path_of(&t), ["root@Sheep", "rest@Sheep", "amble@Idle"]);
    // Every node of `Idle`'s shape says it belongs to `Idle`.
    assert!(herd::Idle::shape().iter().all(|n| n.tree == "Idle"));
    assert!(Sheep::shape().iter().all(|n| n.tree == "Sheep"));
    // Two references from one tree, one from another module.
    let mut t = Flock::new();
    w.set("amble", -1.0).result("graze", Failure);
    t.tick(&mut w, &mut Frame::new(0.1));
    assert_eq!(path_of(&t), ["root@Flock", "wander@Flock", "roam@Wander"]);
}

// SPEC S1, I2
#[test]
fn i2_a_trace_reports_a_subtree_root_as_its_reference() {
    let mut w = World::new();
    w.set("amble", 1.0);
    let mut t = Sheep::new();
    let mut tr = Events::default();
    t.tick_traced(&mut w, &mut Frame::new(0.1), &mut tr);
    assert_eq!(
        tr.0,
        [
            "+ root@Sheep",
            "reject flee@Sheep",
            "+ rest@Sheep",
            "accept amble@Idle",
            "+ amble@Idle",
            "tick amble@Idle Running",
        ]
    );
    // `amble` completes; `Idle`'s priority goes on with `graze`.
    w.result("amble", Success);
    let mut tr = Events::default();
    t.tick_traced(&mut w, &mut Frame::new(0.1), &mut tr);
    assert_eq!(
        tr.0,
        [
            "tick amble@Idle Success",
            "- amble@Idle",
            "+ graze@Idle",
            "tick graze@Idle Running",
        ]
    );
    // `graze` completes (the priority checks `amble` before it, and again
    // before completing, D1): so do `Idle`'s root, reported as the
    // reference `rest`, and the root, each once.
    w.set("amble", -1.0).result("graze", Success);
    let mut tr = Events::default();
    t.tick_traced(&mut w, &mut Frame::new(0.1), &mut tr);
    assert_eq!(
        tr.0,
        [
            "reject amble@Idle",
            "tick graze@Idle Success",
            "- graze@Idle",
            "reject amble@Idle",
            "- rest@Sheep",
            "- root@Sheep",
        ]
    );
    assert!(!t.is_running());
}

// ------------------------------------------- slots and decorators (S1, I1)

deciders::tree! {
    /// A `subtree` child in a parallel's slot and under a decorator, run
    /// and walked through its runtime node type (`Sub`) by the slots'
    /// dispatch and by the decorator.
    tree Sides for World {
        parallel(success >= 2) {
            patrol: subtree ai::Patrol,
            kept: retry(2) { again: subtree ai::Patrol },
            guard: Act("guard"),
        }
    }
}

/// The mutable walk, as `kind name@tree` per node reached.
#[derive(Default)]
struct Reached(Vec<String>);

impl deciders::VisitorMut<World> for Reached {
    fn node(&mut self, node: &'static deciders::NodeInfo, _: &mut World, _: &mut deciders::Ctx) {
        self.0.push(format!("node {}@{}", node.name, node.tree));
    }
    fn behavior<B: deciders::Behavior<World> + 'static>(
        &mut self,
        node: &'static deciders::NodeInfo,
        _: &mut B,
        _: &mut World,
        _: &mut deciders::Ctx,
    ) {
        self.0.push(format!("behavior {}@{}", node.name, node.tree));
    }
    fn decorator<D: deciders::Decorator<World> + 'static>(
        &mut self,
        node: &'static deciders::NodeInfo,
        _: &mut D,
        _: &mut World,
        _: &mut deciders::Ctx,
    ) {
        self.0
            .push(format!("decorator {}@{}", node.name, node.tree));
    }
}

// SPEC S1, C5, R1, I1
#[test]
fn i1_subtrees_in_slots_and_under_decorators_run_and_are_walked() {
    let mut w = World::new();
    let mut t = Sides::new();
    // Every slot enters its child: both references start at their first
    // leaf, through the decorator for the second.
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "activate walk",
            "tick walk -> Running",
            "activate walk",
            "tick walk -> Running",
            "activate guard",
            "tick guard -> Running",
        ],
    );
    let expected = [
        "root@Sides",
        "patrol@Sides",
        "walk@Patrol",
        "kept@Sides",
        "again@Sides",
        "walk@Patrol",
        "guard@Sides",
    ];
    assert_eq!(path_of(&t), expected);
    let mut reached = Reached::default();
    t.visit_active_mut(&mut w, &mut Frame::new(0.0), &mut reached);
    assert_eq!(
        reached.0,
        [
            "node root@Sides",
            "node patrol@Sides",
            "behavior walk@Patrol",
            "decorator kept@Sides",
            "node again@Sides",
            "behavior walk@Patrol",
            "behavior guard@Sides",
        ]
    );
    // Both references fail: the first slot keeps its failure, the retry
    // takes its first failure and waits for the next tick (R1).
    w.result("walk", Failure);
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "tick walk -> Failure",
            "deactivate walk",
            "tick walk -> Failure",
            "deactivate walk",
            "tick guard -> Running",
        ],
    );
    assert_eq!(path_of(&t), ["root@Sides", "kept@Sides", "guard@Sides"]);
    // The retry enters its reference again, which fails a second time:
    // two failures fail the parallel, which halts `guard` (C5, C7).
    step(
        &mut t,
        &mut w,
        Failure,
        &[
            "activate walk",
            "tick walk -> Failure",
            "deactivate walk",
            "deactivate guard",
        ],
    );
    assert!(path_of(&t).is_empty());
}
