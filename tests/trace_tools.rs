//! The ready tracers, tick by tick: the level filter and the text writer
//! (I2), per-node statuses (I3) and the root report (I5).

mod common;
use common::*;
use deciders::batch::{self, TraceSome};
use deciders::trace::{Level, Lines, NodeStatus, NodeStatuses, RootReport};
use deciders::Status::*;
use deciders::{Frame, NodeInfo, Status, Trace, TraceEvent, Tree};

mod nap {
    use crate::common::*;
    deciders::tree! {
        pub tree Nap for World {
            sequence { doze: Act("doze"), wake: Act("wake") }
        }
    }
}
use nap::Nap;

deciders::tree! {
    tree Guarded for World {
        priority {
            flee: when(decide = d("flee")) => Act("flee"),
            walk: sequence { step: Act("step"), look: Act("look") },
        }
    }
    tree Door for World {
        sequence { walk: Act("walk"), unlock: Act("unlock"), enter: Act("enter") }
    }
    tree Watch for World {
        selector { first: condition(maybe("first")), second: condition(maybe("second")) }
    }
    tree Camp for World {
        sequence { pitch: Act("pitch"), rest: subtree Nap }
    }
    /// Most node kinds, for the property that statuses and the active path
    /// agree.
    tree Mixed for World {
        priority {
            flee: when(decide = d("flee")) => invert { run: Act("run") },
            work: when(decide = d("work")) => parallel(all) {
                dig: Act("dig"),
                watch: selector { seen: condition(maybe("seen")), look: Act("look") },
                sense: condition(maybe("sense")),
            },
            hunt: when(decide = d("hunt")) => timeout(0.3) { stalk: Act("stalk") },
            chores: sequence {
                sweep: retry(2) { broom: Act("sweep") },
                cool: cooldown(0.2) { wipe: Act("wipe") },
                nap: subtree Nap,
                check: condition(maybe("check")),
            },
        }
    }
}

/// Every node of the shape as `name status`.
fn statuses(s: &NodeStatuses) -> Vec<String> {
    s.iter().map(|(n, st)| format!("{} {st}", n.name)).collect()
}

/// The nodes of `shape` on `t`'s active path, by id.
fn active_ids<T: Tree<World>>(t: &T) -> Vec<u16> {
    let shape = T::shape();
    let mut ids = Vec::new();
    t.active_path(|n| {
        if shape
            .get(usize::from(n.id))
            .is_some_and(|e| std::ptr::eq(e, n))
        {
            ids.push(n.id);
        }
    });
    ids.sort_unstable();
    ids
}

/// The nodes the statuses have as running, by id.
fn running_ids(s: &NodeStatuses) -> Vec<u16> {
    s.iter()
        .filter(|(_, st)| *st == NodeStatus::Running)
        .map(|(n, _)| n.id)
        .collect()
}

fn tick_with<T: Tree<World>, Tr: Trace>(t: &mut T, w: &mut World, tr: &mut Tr) -> Status {
    let s = t.tick_traced(w, &mut Frame::new(0.1), tr);
    w.take();
    s
}

// ---------------------------------------------------------------- I3

// SPEC I3, D1, L9
#[test]
fn i3_statuses_after_a_preemption_a_completion_and_a_halt() {
    let (mut w, mut t) = (World::new(), Guarded::new());
    let mut st = NodeStatuses::new(Guarded::shape());
    assert_eq!(
        statuses(&st),
        [
            "root idle",
            "flee idle",
            "walk idle",
            "step idle",
            "look idle"
        ]
    );
    tick_with(&mut t, &mut w, &mut st);
    assert_eq!(
        statuses(&st),
        [
            "root running",
            "flee idle",
            "walk running",
            "step running",
            "look idle"
        ]
    );
    w.result("step", Success);
    tick_with(&mut t, &mut w, &mut st);
    assert_eq!(
        statuses(&st),
        [
            "root running",
            "flee idle",
            "walk running",
            "step success",
            "look running"
        ]
    );
    // `flee` preempts the running `walk` (D1): `walk` and `look` halted.
    w.set("flee", 1.0);
    tick_with(&mut t, &mut w, &mut st);
    assert_eq!(
        statuses(&st),
        [
            "root running",
            "flee running",
            "walk halted",
            "step success",
            "look halted"
        ]
    );
    assert_eq!(running_ids(&st), active_ids(&t));
    // `flee` completes; the priority decides again (D2) and `walk` starts over.
    w.set("flee", 0.0)
        .result("flee", Success)
        .result("step", Running);
    tick_with(&mut t, &mut w, &mut st);
    assert_eq!(
        statuses(&st),
        [
            "root running",
            "flee success",
            "walk running",
            "step running",
            "look halted"
        ]
    );
    assert_eq!(running_ids(&st), active_ids(&t));
    // `halt` is not traced: `sync` halts what was running.
    t.halt(&mut w, &mut Frame::new(0.0));
    assert_eq!(running_ids(&st), [0, 2, 3]);
    st.sync(&t);
    assert_eq!(
        statuses(&st),
        [
            "root halted",
            "flee success",
            "walk halted",
            "step halted",
            "look halted"
        ]
    );
    assert!(running_ids(&st).is_empty());
    st.reset();
    assert!(st.iter().all(|(_, s)| s == NodeStatus::Idle));
}

// SPEC I3, C1, T3
#[test]
fn i3_statuses_after_the_root_completes() {
    let (mut w, mut t) = (World::new(), Door::new());
    let mut st = NodeStatuses::new(Door::shape());
    w.result("walk", Success).result("unlock", Failure);
    assert_eq!(tick_with(&mut t, &mut w, &mut st), Failure);
    assert_eq!(
        statuses(&st),
        [
            "root failure",
            "walk success",
            "unlock failure",
            "enter idle"
        ]
    );
    // The next run: statuses of the last run stay until overwritten.
    w.result("walk", Running);
    tick_with(&mut t, &mut w, &mut st);
    assert_eq!(
        statuses(&st),
        [
            "root running",
            "walk running",
            "unlock failure",
            "enter idle"
        ]
    );
    // A failed `activate` (L2) is a failure, with no activation.
    w.result("walk", Success).fail_activate("unlock", true);
    assert_eq!(tick_with(&mut t, &mut w, &mut st), Failure);
    assert_eq!(
        statuses(&st),
        [
            "root failure",
            "walk success",
            "unlock failure",
            "enter idle"
        ]
    );
    assert_eq!(st.get(9), None);
}

// SPEC I3, L6, C4
#[test]
fn i3_a_running_condition_dropped_without_an_event_is_halted() {
    let (mut w, mut t) = (World::new(), Watch::new());
    let mut st = NodeStatuses::new(Watch::shape());
    // `first` fails, `second` is not known yet: it runs.
    w.set("first", -1.0);
    tick_with(&mut t, &mut w, &mut st);
    assert_eq!(
        statuses(&st),
        ["root running", "first failure", "second running"]
    );
    // `first` runs now: the selector drops `second` (C4), silently.
    w.set("first", 0.0);
    tick_with(&mut t, &mut w, &mut st);
    assert_eq!(
        statuses(&st),
        ["root running", "first running", "second halted"]
    );
    assert_eq!(running_ids(&st), active_ids(&t));
    // `first` fails again, `second` runs again; then `first` succeeds:
    // the root completes, dropping `second`.
    w.set("first", -1.0);
    tick_with(&mut t, &mut w, &mut st);
    assert_eq!(
        statuses(&st),
        ["root running", "first failure", "second running"]
    );
    w.set("first", 1.0);
    assert_eq!(tick_with(&mut t, &mut w, &mut st), Success);
    assert_eq!(
        statuses(&st),
        ["root success", "first success", "second halted"]
    );
    assert_eq!(running_ids(&st), active_ids(&t));
}

// SPEC I3, S1, I1
#[test]
fn i3_a_referenced_trees_nodes_are_kept_only_by_its_own_statuses() {
    let (mut w, mut t) = (World::new(), Camp::new());
    w.result("pitch", Success);
    let mut both = (
        NodeStatuses::new(Camp::shape()),
        NodeStatuses::new(Nap::shape()),
    );
    tick_with(&mut t, &mut w, &mut both);
    let (camp, nap) = &both;
    // `rest` stands for `Nap`'s root; `doze` is `Nap`'s node 1, which is
    // not `Camp`'s node 1 (`pitch`).
    assert_eq!(
        statuses(camp),
        ["root running", "pitch success", "rest running"]
    );
    assert_eq!(statuses(nap), ["root idle", "doze running", "wake idle"]);
    let doze = &Nap::shape()[1];
    assert_eq!(
        (camp.status(doze), nap.status(doze)),
        (None, Some(NodeStatus::Running))
    );
    assert_eq!(running_ids(camp), active_ids(&t));
}

/// A small deterministic generator (xorshift), for the scripted inputs.
struct Dice(u64);

impl Dice {
    fn roll(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// Scripts every decide, condition and behavior of `Mixed` at random.
fn shake(w: &mut World, dice: &mut Dice) {
    for name in ["flee", "work", "hunt", "seen", "sense", "check"] {
        w.set(name, dice.roll(3) as f32 - 1.0);
    }
    for name in [
        "run", "dig", "look", "stalk", "sweep", "wipe", "doze", "wake",
    ] {
        let status = [Running, Running, Success, Failure][dice.roll(4) as usize];
        w.result(name, status);
        w.fail_activate(name, dice.roll(20) == 0);
    }
}

// SPEC I3, I1
#[test]
fn i3_running_statuses_are_the_active_path_tick_by_tick() {
    let mut ran = vec![false; Mixed::shape().len()];
    for seed in 1..=20u64 {
        let mut dice = Dice(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let (mut w, mut t) = (World::new(), Mixed::new());
        let mut st = NodeStatuses::new(Mixed::shape());
        for tick in 0..200 {
            shake(&mut w, &mut dice);
            tick_with(&mut t, &mut w, &mut st);
            assert_eq!(running_ids(&st), active_ids(&t), "seed {seed}, tick {tick}");
            // `sync` finds nothing to change.
            let mut synced = st.clone();
            synced.sync(&t);
            assert_eq!(synced, st, "seed {seed}, tick {tick}");
        }
        for (n, s) in st.iter() {
            ran[usize::from(n.id)] |= s != NodeStatus::Idle;
        }
    }
    assert!(ran.iter().all(|r| *r), "every node ran: {ran:?}");
}

// ---------------------------------------------------------------- I5

/// The report as `name (kind) at line L` lines, from the shape.
fn lines_of(nodes: &[&NodeInfo]) -> String {
    nodes
        .iter()
        .map(|n| format!("{} ({}) at line {}\n", n.name, n.kind.keyword(), n.line))
        .collect()
}

// SPEC I5, C1
#[test]
fn i5_the_report_after_a_failure_lists_the_failing_leaf_first() {
    let (mut w, mut t) = (World::new(), Door::new());
    let mut report = RootReport::new();
    let shape = Door::shape();
    let (root, walk, unlock) = (&shape[0], &shape[1], &shape[2]);
    // Lines are the source lines of the nodes in this file (`Door` is
    // written on one line).
    assert!(root.line > 0 && walk.line == root.line && unlock.line == root.line);
    w.result("walk", Success);
    assert_eq!(tick_with(&mut t, &mut w, &mut report), Running);
    assert_eq!(report.last_report().count(), 0);
    assert_eq!(report.to_string(), "");
    w.result("unlock", Failure);
    assert_eq!(tick_with(&mut t, &mut w, &mut report), Failure);
    assert_eq!(report.last_status(), Some(Failure));
    let names: Vec<_> = report.last_report().map(|n| n.name).collect();
    assert_eq!(names, ["unlock", "root", "walk"]);
    assert_eq!(report.to_string(), lines_of(&[unlock, root, walk]));
    // The report stays until the next completion, and covers that run only.
    w.result("walk", Failure);
    tick_with(&mut t, &mut w, &mut report);
    let names: Vec<_> = report.last_report().map(|n| n.name).collect();
    assert_eq!(names, ["walk", "root"]);
    report.reset();
    assert_eq!(
        (report.last_status(), report.to_string()),
        (None, String::new())
    );
}

// SPEC I5, D1, D2
#[test]
fn i5_the_report_after_a_redecide_and_through_a_subtree() {
    // `flee` fails; the priority decides again, `walk` runs and fails.
    let (mut w, mut t) = (World::new(), Guarded::new());
    let mut report = RootReport::new();
    w.set("flee", 1.0).result("flee", Failure);
    w.result("step", Success).result("look", Running);
    tick_with(&mut t, &mut w, &mut report);
    w.result("look", Failure);
    assert_eq!(tick_with(&mut t, &mut w, &mut report), Failure);
    let names: Vec<_> = report.last_report().map(|n| n.name).collect();
    assert_eq!(names, ["look", "walk", "root", "step", "flee"]);
    let s = Guarded::shape();
    assert!(s[0].line < s[1].line && s[1].line < s[2].line && s[2].line == s[4].line);
    assert_eq!(
        report.to_string(),
        lines_of(&[&s[4], &s[2], &s[0], &s[3], &s[1]])
    );
    // Through a `subtree` reference: `wake` is `Nap`'s.
    let (mut t, mut report) = (Camp::new(), RootReport::new());
    w.result("pitch", Success)
        .result("doze", Success)
        .result("wake", Failure);
    assert_eq!(tick_with(&mut t, &mut w, &mut report), Failure);
    let at: Vec<_> = report
        .last_report()
        .map(|n| format!("{}@{}", n.name, n.tree))
        .collect();
    assert_eq!(
        at,
        [
            "wake@Nap",
            "rest@Camp",
            "root@Camp",
            "doze@Nap",
            "pitch@Camp"
        ]
    );
}

// SPEC I5
#[test]
fn i5_a_small_report_keeps_the_most_recent_nodes() {
    let (mut w, mut t) = (World::new(), Door::new());
    w.result("walk", Success)
        .result("unlock", Success)
        .result("enter", Failure);
    let mut three = RootReport::<3>::default();
    tick_with(&mut t, &mut w, &mut three);
    let names: Vec<_> = three.last_report().map(|n| n.name).collect();
    assert_eq!(names, ["enter", "root", "unlock"]);
    // No room at all: nothing kept, nothing panics.
    let mut none = RootReport::<0>::default();
    tick_with(&mut t, &mut w, &mut none);
    assert_eq!(
        (none.last_report().count(), none.last_status()),
        (0, Some(Failure))
    );
}

// ---------------------------------------------------------------- I2

/// Every event as its `Display` text.
#[derive(Default)]
struct Texts(Vec<String>);

impl Trace for Texts {
    fn event(&mut self, e: TraceEvent) {
        self.0.push(e.to_string());
    }
}

// SPEC I2
#[test]
fn i2_levels_filter_events_and_level_4_adds_nothing_to_3() {
    let run = |max: u8| {
        let (mut w, mut t) = (World::new(), Guarded::new());
        w.result("step", Success);
        let mut level = Level::new(max, Texts::default());
        tick_with(&mut t, &mut w, &mut level);
        level.into_inner().0
    };
    assert!(run(0).is_empty());
    let transitions = [
        "+ root (priority)",
        "+ walk (sequence)",
        "+ step (behavior)",
        "- step: Success",
        "+ look (behavior)",
    ];
    assert_eq!(run(1), transitions);
    assert_eq!(run(2), run(1));
    let ticks = [
        "tick at 0",
        "+ root (priority)",
        "+ walk (sequence)",
        "+ step (behavior)",
        "step: Success",
        "- step: Success",
        "+ look (behavior)",
        "look: Running",
        "end: Running",
    ];
    assert_eq!(run(3), ticks);
    assert_eq!(run(4), run(3));
    let all = run(5);
    assert_eq!(all[2], "flee: rejected (decide scored 0)");
    assert_eq!(all.len(), ticks.len() + 1);
    assert_eq!(run(255), all);
}

// SPEC I2
#[test]
fn i2_lines_indents_by_depth_and_keeps_the_first_write_error() {
    let (mut w, mut t) = (World::new(), Guarded::new());
    let mut lines = Lines::new(Vec::new(), 1);
    tick_with(&mut t, &mut w, &mut lines);
    let text = String::from_utf8(lines.into_inner()).unwrap();
    assert_eq!(
        text,
        "  + root (priority)\n    + walk (sequence)\n      + step (behavior)\n"
    );
    /// A writer that always fails.
    struct Broken;
    impl std::io::Write for Broken {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("broken"))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut lines = Lines::new(Broken, 5);
    let mut t = Guarded::new();
    assert_eq!(tick_with(&mut t, &mut w, &mut lines), Running);
    assert_eq!(lines.error().map(|e| e.to_string()), Some("broken".into()));
}

// SPEC I2, F4
#[test]
fn i2_trace_some_traces_the_chosen_agents_into_one_tracer() {
    let mut agents: Vec<World> = (0..6).map(|_| World::new()).collect();
    let mut states: Vec<Door> = (0..6).map(|_| Door::new()).collect();
    let mut texts = Texts::default();
    let chosen = TraceSome::new(|i| [1, 4].contains(&i), &mut texts);
    batch::tick_all_traced(
        &mut states,
        &mut agents,
        &mut Frame::new(0.1),
        |_, _, _, _| {},
        chosen,
    );
    let starts = texts.0.iter().filter(|l| l.starts_with("tick at")).count();
    assert_eq!(starts, 2);
    assert_eq!(texts.0.len(), 2 * 5); // start, +root, +walk, walk: Running, end
}
