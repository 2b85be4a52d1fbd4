//! Spore decider semantics, rule by rule (SPEC T1–T3, L1–L5, G1–G3, G5,
//! D1–D3, D7, D9, C7). Every test asserts the exact hook log tick by tick.

mod common;
use std::cell::Cell;

use common::*;
use deciders::Status::*;
use deciders::{Behavior, Ctx, Exit, Flags, Frame, Reject, Status, TickError, Trace, TraceEvent};

fn ctx() -> Frame {
    Frame::new(0.1)
}

/// Records trace events as text.
#[derive(Default)]
struct Rec(Vec<String>);

impl Trace for Rec {
    fn event(&mut self, e: TraceEvent) {
        match e {
            TraceEvent::Rejected { node, reason, .. } => {
                self.0.push(format!("reject {} {reason:?}", node.name))
            }
            TraceEvent::Accepted { node, score, .. } => {
                self.0.push(format!("accept {} {score}", node.name))
            }
            TraceEvent::SubsetViolation { node, .. } => {
                self.0.push(format!("subset {}", node.name))
            }
            TraceEvent::Activated { node, .. } => self.0.push(format!("activated {}", node.name)),
            TraceEvent::Deactivated { node, .. } => {
                self.0.push(format!("deactivated {}", node.name))
            }
            _ => {}
        }
    }
}

// ---------------------------------------------------------------- T1–T3

deciders::tree! {
    tree Steps for World {
        sequential {
            one: when(decide = d("one")) => Act("one"),
            two: when(decide = d("two")) => Act("two"),
            three: Act("three"),
        }
    }
}

#[test]
fn d3_sequential_runs_children_in_order_and_exits_with_the_last_status() {
    // SPEC D3, T1, T3
    let mut w = World::new();
    w.set("one", 1.0);
    let mut t = Steps::new();
    assert_eq!(t.tick(&mut w, &mut ctx()), Running);
    assert_eq!(
        w.take(),
        log(&["decide one", "activate one", "tick one -> Running"])
    );

    // Not interruptible by siblings: nothing is decided while ONE runs.
    w.set("two", 1.0);
    assert_eq!(t.tick(&mut w, &mut ctx()), Running);
    assert_eq!(w.take(), log(&["tick one -> Running"]));

    // ONE exits → the next child after it whose guard accepts; TWO rejects
    // now, so it is skipped and THREE runs, in the same tick.
    w.set("two", 0.0).result("one", Success);
    assert_eq!(t.tick(&mut w, &mut ctx()), Running);
    assert_eq!(
        w.take(),
        log(&[
            "tick one -> Success",
            "deactivate one",
            "decide two",
            "activate three",
            "tick three -> Running",
        ])
    );

    // Past the last child the group exits with the last status (T1: the
    // root reports it), and the next tick starts again from the root (T3).
    w.result("three", Failure);
    assert_eq!(t.tick(&mut w, &mut ctx()), Failure);
    assert_eq!(
        w.take(),
        log(&["tick three -> Failure", "deactivate three"])
    );
    assert!(!t.is_running());
    w.result("one", Success).result("three", Success);
    assert_eq!(t.tick(&mut w, &mut ctx()), Success);
    assert_eq!(
        w.take(),
        log(&[
            "decide one",
            "activate one",
            "tick one -> Success",
            "deactivate one",
            "decide two",
            "activate three",
            "tick three -> Success",
            "deactivate three",
        ])
    );
}

// ---------------------------------------------------------------- L1–L5

thread_local! {
    static DROPS: Cell<u32> = const { Cell::new(0) };
}

/// A behavior whose memory counts its ticks (SPEC L3) and whose name is a
/// parameter written in the tree (SPEC L4).
struct Counter {
    name: &'static str,
    ticks: u32,
}

impl Counter {
    fn named(name: &'static str) -> Self {
        Counter { name, ticks: 0 }
    }
}

impl Drop for Counter {
    fn drop(&mut self) {
        DROPS.with(|d| d.set(d.get() + 1));
    }
}

impl Behavior<World> for Counter {
    fn tick(&mut self, w: &mut World, _ctx: &mut Ctx) -> Status {
        self.ticks += 1;
        w.push(format!("tick {} #{}", self.name, self.ticks));
        Running
    }
    fn deactivate(&mut self, w: &mut World, _ctx: &mut Ctx, _exit: Exit) {
        w.push(format!("deactivate {} after {}", self.name, self.ticks));
    }
}

/// A behavior built from a struct literal written in the tree (SPEC L4).
#[derive(Default)]
struct Say {
    word: &'static str,
    times: u32,
}

impl Behavior<World> for Say {
    fn tick(&mut self, w: &mut World, _ctx: &mut Ctx) -> Status {
        w.push(format!("say {} x{}", self.word, self.times));
        Success
    }
}

deciders::tree! {
    tree Leaves for World {
        priority {
            urgent: when(decide = d("urgent")) => Act("urgent"),
            hold: when(decide = d("hold")) => Hold("hold"),
            say: when(decide = d("say")) => Say { word: "hi", times: 2 },
            count_a: when(decide = d("count_a")) => Counter::named("a"),
            count_b: when(decide = d("count_b")) => Counter::named("b"),
            act: Act("act"),
        }
    }
}

#[test]
fn l1_a_behavior_without_tick_stays_active_until_removed() {
    // SPEC L1: `Hold` writes only activate/deactivate.
    let mut w = World::new();
    w.set("hold", 1.0);
    let mut t = Leaves::new();
    assert_eq!(t.tick(&mut w, &mut ctx()), Running);
    assert_eq!(
        w.take(),
        log(&["decide urgent", "decide hold", "activate hold"])
    );
    w.set("hold", 0.0);
    for _ in 0..3 {
        assert_eq!(t.tick(&mut w, &mut ctx()), Running);
        assert_eq!(w.take(), log(&["decide urgent"]));
    }
    w.set("urgent", 1.0);
    assert_eq!(t.tick(&mut w, &mut ctx()), Running);
    assert_eq!(
        w.take(),
        log(&[
            "decide urgent",
            "deactivate hold",
            "activate urgent",
            "tick urgent -> Running"
        ])
    );
}

#[test]
fn l2_failed_activate_counts_as_failure_and_gets_no_deactivate() {
    // SPEC L2, D2: the failed child is masked and the group redecides.
    let mut w = World::new();
    w.set("urgent", 1.0).fail_activate("urgent", true);
    let mut t = Leaves::new();
    assert_eq!(t.tick(&mut w, &mut ctx()), Running);
    assert_eq!(
        w.take(),
        log(&[
            "decide urgent",
            "activate urgent -> Failure",
            // masked redecide: URGENT is not decided again this tick
            "decide hold",
            "decide say",
            "decide count_a",
            "decide count_b",
            "activate act",
            "tick act -> Running",
        ])
    );
}

#[test]
fn l3_memory_is_built_on_activation_and_dropped_on_deactivation() {
    // SPEC L3, L4, L5: Counter's memory counts ticks of one activation; the
    // two occurrences of Counter have separate memories.
    DROPS.with(|d| d.set(0));
    let mut w = World::new();
    w.set("count_b", 1.0);
    let mut t = Leaves::new();
    t.tick(&mut w, &mut ctx());
    t.tick(&mut w, &mut ctx());
    let l = w.take();
    assert_eq!(&l[l.len() - 1], "tick b #2");
    // COUNT_A interrupts: B's memory is deactivated then dropped.
    w.set("count_a", 1.0);
    t.tick(&mut w, &mut ctx());
    assert_eq!(
        w.take(),
        log(&[
            "decide urgent",
            "decide hold",
            "decide say",
            "decide count_a",
            "deactivate b after 2",
            "tick a #1",
        ])
    );
    assert_eq!(DROPS.with(Cell::get), 1);
    // B comes back with fresh memory.
    w.set("count_a", 0.0).set("urgent", 1.0);
    t.tick(&mut w, &mut ctx());
    w.take();
    w.set("urgent", 0.0)
        .fail_activate("urgent", false)
        .result("urgent", Success);
    t.tick(&mut w, &mut ctx());
    assert_eq!(
        w.take(),
        log(&[
            "tick urgent -> Success",
            "deactivate urgent",
            "decide hold",
            "decide say",
            "decide count_a",
            "decide count_b",
            "tick b #1",
        ])
    );
    assert_eq!(
        DROPS.with(Cell::get),
        2,
        "A's memory was dropped when URGENT interrupted it"
    );
}

#[test]
fn l4_parameters_written_in_the_tree_build_the_memory() {
    // SPEC L4: `Say { word: "hi", times: 2 }` is written in the tree.
    let mut w = World::new();
    w.set("say", 1.0);
    let mut t = Leaves::new();
    t.tick(&mut w, &mut ctx());
    let l = w.take();
    assert!(l.contains(&"say hi x2".to_string()), "{l:?}");
}

#[test]
fn l2_dropping_a_running_state_runs_destructors_but_not_deactivate() {
    // SPEC L2: there is no agent to pass to `deactivate` on drop.
    DROPS.with(|d| d.set(0));
    let mut w = World::new();
    w.set("count_a", 1.0);
    let mut t = Leaves::new();
    t.tick(&mut w, &mut ctx());
    w.take();
    drop(t);
    assert_eq!(DROPS.with(Cell::get), 1);
    assert_eq!(w.take(), Vec::<String>::new());
}

#[test]
fn l2_every_activate_is_paired_with_exactly_one_deactivate() {
    // SPEC L2, C7: drive Figure 1 with pseudo-random scores and results for
    // 3,000 ticks and check the log: a node is activated only when inactive,
    // deactivated only when active, and nothing is active after `halt`.
    let names = [
        "flee",
        "guard",
        "yell_for_help",
        "guard_fight",
        "patrol",
        "guard_rest",
        "fight",
        "eat",
        "find_food",
        "eat_food",
        "idle",
        "play",
        "flip",
        "roll",
        "dance",
        "rest",
    ];
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut w = World::new();
    let mut t = Figure1::new();
    let mut active = std::collections::HashSet::new();
    let mut activations = 0;
    let mut check = |entries: Vec<String>, active: &mut std::collections::HashSet<String>| {
        for e in entries {
            let words: Vec<&str> = e.split(' ').collect();
            match (words[0], words.get(2)) {
                ("activate", None) => {
                    assert!(active.insert(words[1].to_string()), "{e}: activated twice");
                    activations += 1;
                }
                ("activate", Some(_)) => assert!(!active.contains(words[1]), "{e} while active"),
                ("deactivate", _) => assert!(active.remove(words[1]), "{e}: not active"),
                ("tick", _) => assert!(active.contains(words[1]), "{e}: ticked while inactive"),
                _ => {}
            }
        }
    };
    let results = [Running, Running, Running, Success, Failure];
    for _ in 0..3000 {
        for name in names {
            let r = next();
            if r % 7 == 0 {
                w.set(name, (r % 3) as f32 - 0.5);
            }
            if r % 11 == 0 {
                w.result(name, results[(r / 11 % 5) as usize]);
            }
            w.fail_activate(name, r % 29 == 0);
        }
        t.tick(&mut w, &mut ctx());
        check(w.take(), &mut active);
        assert_eq!(t.is_running(), !active.is_empty());
    }
    t.halt(&mut w, &mut ctx());
    check(w.take(), &mut active);
    assert!(active.is_empty(), "still active after halt: {active:?}");
    assert!(
        activations > 100,
        "the script exercised too little: {activations}"
    );
}

// ---------------------------------------------------------------- G1

const DANGER: Flags = Flags::bit(0);
const NIGHT: Flags = Flags::bit(1);
const SQUAD: Flags = Flags::bit(2);

deciders::tree! {
    tree Precond for World {
        priority {
            a: when(any(DANGER | NIGHT), decide = d("a")) => Act("a"),
            b: when(all(DANGER | NIGHT)) => Act("b"),
            c: when(none(SQUAD), not_all(DANGER | NIGHT), every(1.0), decide = d("c")) => Act("c"),
            idle: Hold("idle"),
        }
    }
}

fn flagged(f: Flags) -> Frame {
    Frame::new(0.1).with_flags(f)
}

#[test]
fn g1_flag_preconditions_call_no_user_code() {
    // SPEC G1: flags are checked before the decide, which is not called
    // when they reject.
    let mut w = World::new();
    let mut t = Precond::new();
    let mut rec = Rec::default();
    t.tick_traced(&mut w, &mut flagged(Flags::EMPTY), &mut rec);
    assert_eq!(w.take(), log(&["decide c", "activate idle"]));
    assert_eq!(
        rec.0,
        [
            "activated root",
            "reject a DecisionFlags",
            "reject b DecisionFlags",
            "reject c Decide(0.0)",
            "activated idle"
        ]
    );
    // DANGER: A's flags pass, so its decide runs; B still needs NIGHT too.
    t.tick(&mut w, &mut flagged(DANGER));
    assert_eq!(w.take(), log(&["decide a"]));
    // DANGER | NIGHT: B has no decide and accepts (score 1.0).
    let mut rec = Rec::default();
    t.tick_traced(&mut w, &mut flagged(DANGER | NIGHT), &mut rec);
    assert_eq!(
        w.take(),
        log(&[
            "decide a",
            "deactivate idle",
            "activate b",
            "tick b -> Running"
        ])
    );
    assert_eq!(
        rec.0,
        [
            "reject a Decide(0.0)",
            "accept b 1",
            "deactivated idle",
            "activated b"
        ]
    );
}

#[test]
fn g1_every_timer_calls_decide_at_most_once_per_interval() {
    // SPEC G1, T2: the timer starts due, is stamped when the check reaches
    // the decide step, and is measured on the tree clock.
    let mut w = World::new();
    let mut t = Precond::new();
    let mut decided_at = Vec::new();
    for i in 1..=25 {
        // At tick 5 the SQUAD flag rejects C before its timer: no stamp.
        let f = if i == 12 { SQUAD } else { Flags::EMPTY };
        t.tick(&mut w, &mut flagged(f));
        if w.take().contains(&"decide c".to_string()) {
            decided_at.push(i);
        }
    }
    // Clock after tick i is 0.1 * i. Due at 0.1 (start), then 1.1, then 2.1
    // would be tick 21, but tick 12 (1.2) was rejected by flags before the
    // timer, so the stamp at 1.1 (tick 11) stands.
    assert_eq!(decided_at, [1, 11, 21]);
    assert!((t.now() - 2.5).abs() < 1e-5, "clock {}", t.now());
}

deciders::tree! {
    tree Pulse for World {
        priority {
            pulse: when(every(0.5)) => Act("pulse"),
            idle: Hold("idle"),
        }
    }
}

#[test]
fn g1_a_timer_without_decide_is_stamped_too() {
    // SPEC G1: "also for a guard with no decide function".
    let mut w = World::new();
    w.result("pulse", Success);
    let mut t = Pulse::new();
    let mut pulses = Vec::new();
    for i in 1..=12 {
        t.tick(&mut w, &mut ctx());
        if w.take().contains(&"tick pulse -> Success".to_string()) {
            pulses.push(i);
        }
    }
    assert_eq!(pulses, [1, 6, 11]);
}

// ---------------------------------------------------------------- G2

/// A DBlock: what the decide found (Spore S22).
struct Threat {
    level: u8,
}

/// Memory built from the DBlock.
struct FleeFrom {
    level: u8,
}

impl From<Threat> for FleeFrom {
    fn from(t: Threat) -> Self {
        FleeFrom { level: t.level }
    }
}

impl Behavior<World> for FleeFrom {
    fn activate(&mut self, w: &mut World, _ctx: &mut Ctx) -> Status {
        w.push(format!("flee from level {}", self.level));
        Running
    }
}

fn spot_threat(w: &World) -> Option<(f32, Threat)> {
    let s = w.score("threat");
    (s > 0.0).then_some((
        s,
        Threat {
            level: (s * 10.0) as u8,
        },
    ))
}

deciders::tree! {
    tree Scores for World {
        priority {
            flee: when(dblock = spot_threat) => FleeFrom,
            scored: when(decide = d("scored")) => Act("scored"),
            with_ctx: when(decide = |w: &World, c: &Ctx| c.dt() > 0.05 && w.score("with_ctx") > 0.0) => Act("with_ctx"),
            idle: Hold("idle"),
        }
    }
}

#[test]
fn g2_scores_that_are_not_finite_or_not_positive_reject() {
    // SPEC G2
    for (score, accepted) in [
        (1.0, true),
        (0.01, true),
        (0.0, false),
        (-1.0, false),
        (f32::NAN, false),
        (f32::INFINITY, false),
    ] {
        let mut w = World::new();
        w.set("scored", score);
        let mut t = Scores::new();
        t.tick(&mut w, &mut ctx());
        assert_eq!(
            w.take().contains(&"activate scored".to_string()),
            accepted,
            "score {score}"
        );
    }
}

#[test]
fn g2_a_decide_hands_its_dblock_to_the_behavior_it_activates() {
    // SPEC G2, L3, Spore S22
    let mut w = World::new();
    w.set("threat", 0.7);
    let mut t = Scores::new();
    t.tick(&mut w, &mut ctx());
    assert_eq!(w.take(), log(&["decide threat", "flee from level 7"]));
}

#[test]
fn g2_a_decide_may_read_the_tick_context() {
    // SPEC G2, T2: decides get `(&Agent)` or `(&Agent, &Ctx)`.
    let mut w = World::new();
    w.set("with_ctx", 1.0);
    let mut t = Scores::new();
    t.tick(&mut w, &mut Frame::new(0.01));
    assert!(w.take().contains(&"activate idle".to_string()));
    let mut t = Scores::new();
    t.tick(&mut w, &mut Frame::new(0.1));
    assert!(w.take().contains(&"activate with_ctx".to_string()));
}

// ---------------------------------------------------------------- G3

deciders::tree! {
    tree Recheck for World {
        priority {
            urgent: when(decide = d("urgent")) => Act("urgent"),
            work: when(recheck, decide = d("work")) => Act("work"),
            timed: when(recheck, every(1.0), decide = d("timed")) => Act("timed"),
            idle: Hold("idle"),
        }
    }
}

#[test]
fn g3_recheck_guard_is_evaluated_after_earlier_siblings_and_aborts_its_child() {
    // SPEC G3
    let mut w = World::new();
    w.set("work", 1.0);
    let mut t = Recheck::new();
    t.tick(&mut w, &mut ctx());
    assert_eq!(
        w.take(),
        log(&[
            "decide urgent",
            "decide work",
            "activate work",
            "tick work -> Running"
        ])
    );
    // Earlier siblings first, then the active child's recheck, then its tick.
    t.tick(&mut w, &mut ctx());
    assert_eq!(
        w.take(),
        log(&["decide urgent", "decide work", "tick work -> Running"])
    );
    // The recheck rejects: WORK is deactivated without being ticked and
    // counts as Failure → masked redecide.
    w.set("work", 0.0);
    t.tick(&mut w, &mut ctx());
    assert_eq!(
        w.take(),
        log(&[
            "decide urgent",
            "decide work",
            "deactivate work",
            "decide urgent",
            "decide timed",
            "activate idle"
        ])
    );
}

#[test]
fn g3_a_recheck_timer_not_yet_due_keeps_the_child_running() {
    // SPEC G1, G3
    let mut w = World::new();
    w.set("timed", 1.0);
    let mut t = Recheck::new();
    t.tick(&mut w, &mut ctx()); // clock 0.1: decide timed (stamp)
    assert_eq!(
        w.take(),
        log(&[
            "decide urgent",
            "decide work",
            "decide timed",
            "activate timed",
            "tick timed -> Running"
        ])
    );
    w.set("timed", 0.0);
    for _ in 0..9 {
        // clock 0.2 … 1.0: not due, no decide, keeps running
        t.tick(&mut w, &mut ctx());
        assert_eq!(
            w.take(),
            log(&["decide urgent", "decide work", "tick timed -> Running"])
        );
    }
    t.tick(&mut w, &mut ctx()); // clock 1.1: due, decide rejects
    assert_eq!(
        w.take(),
        log(&[
            "decide urgent",
            "decide work",
            "decide timed",
            "deactivate timed",
            "decide urgent",
            "decide work",
            "activate idle"
        ])
    );
}

// ---------------------------------------------------------------- G5, D7

deciders::tree! {
    tree Redecide for World {
        priority {
            group: when(redecide, decide = d("group")) => priority with Act("group") {
                a: when(decide = d("a")) => Act("a"),
                b: when(decide = d("b")) => Act("b"),
            },
            plain: when(decide = d("plain")) => priority with Act("plain") {
                c: when(decide = d("c")) => Act("c"),
                e: when(decide = d("e")) => Act("e"),
            },
            idle: Hold("idle"),
        }
    }
}

#[test]
fn g5_call_decide_on_redecide_reruns_the_groups_guard() {
    // SPEC G5, D2
    let mut w = World::new();
    w.set("group", 1.0).set("a", 1.0).set("b", 1.0);
    let mut t = Redecide::new();
    t.tick(&mut w, &mut ctx());
    w.take();
    // A exits while GROUP's guard still accepts: the guard is re-run, then B.
    w.result("a", Success);
    t.tick(&mut w, &mut ctx());
    assert_eq!(
        w.take(),
        log(&[
            "tick group -> Running",
            "tick a -> Success",
            "deactivate a",
            "decide group",
            "decide b",
            "activate b",
            "tick b -> Running",
        ])
    );
    // B fails while GROUP's guard now rejects: GROUP exits with Failure
    // without deciding its children; the ROOT redecides with GROUP masked.
    w.set("group", 0.0).set("a", 0.0).result("b", Failure);
    t.tick(&mut w, &mut ctx());
    assert_eq!(
        w.take(),
        log(&[
            "tick group -> Running",
            "decide a",
            "tick b -> Failure",
            "deactivate b",
            "decide group",
            "deactivate group",
            "decide plain",
            "activate idle",
        ])
    );
}

#[test]
fn d7_group_behavior_wraps_its_children() {
    // SPEC D7: activate before the children, tick before them every tick,
    // deactivate after them; Failure from its tick fails the group.
    let mut w = World::new();
    w.set("plain", 1.0).set("e", 1.0);
    let mut t = Redecide::new();
    t.tick(&mut w, &mut ctx());
    assert_eq!(
        w.take(),
        log(&[
            "decide group",
            "decide plain",
            "activate plain",
            "tick plain -> Running",
            "decide c",
            "decide e",
            "activate e",
            "tick e -> Running",
        ])
    );
    w.result("plain", Failure);
    t.tick(&mut w, &mut ctx());
    assert_eq!(
        w.take(),
        log(&[
            "decide group",
            "tick plain -> Failure",
            "deactivate e",
            "deactivate plain",
            "decide group",
            "activate idle",
        ])
    );
}

#[test]
fn d7_a_group_whose_behavior_fails_to_activate_fails() {
    // SPEC D7, L2: no child is decided, no deactivate.
    let mut w = World::new();
    w.set("plain", 1.0)
        .set("e", 1.0)
        .fail_activate("plain", true);
    let mut t = Redecide::new();
    t.tick(&mut w, &mut ctx());
    assert_eq!(
        w.take(),
        log(&[
            "decide group",
            "decide plain",
            "activate plain -> Failure",
            "decide group",
            "activate idle"
        ])
    );
}

// ---------------------------------------------------------------- D1, C7

#[test]
fn d1_interrupt_halts_a_path_three_levels_deep_deepest_first() {
    // SPEC D1, C7: ROOT → IDLE → PLAY → ROLL is interrupted by FLEE.
    let mut w = World::new();
    w.set("play", 1.0).result("flip", Success);
    let mut t = Figure1::new();
    tick(&mut t, &mut w);
    w.take();
    let mut path = Vec::new();
    t.active_path(|n| path.push(n.name));
    assert_eq!(path, ["root", "idle", "play", "roll"]);
    w.set("flee", 1.0);
    tick(&mut t, &mut w);
    assert_eq!(
        w.take(),
        log(&[
            "decide flee",
            "deactivate roll",
            "deactivate play",
            "deactivate idle",
            "activate flee",
            "tick flee -> Running",
        ])
    );
}

#[test]
fn c7_halt_deactivates_every_active_node_once_deepest_first() {
    // SPEC C7, L2
    let mut w = World::new();
    w.set("play", 1.0);
    let mut t = Figure1::new();
    tick(&mut t, &mut w);
    w.take();
    t.halt(&mut w, &mut ctx());
    assert_eq!(
        w.take(),
        log(&["deactivate flip", "deactivate play", "deactivate idle"])
    );
    assert!(!t.is_running());
    t.halt(&mut w, &mut ctx());
    assert_eq!(w.take(), Vec::<String>::new(), "a second halt does nothing");
    // The next tick starts again from the root.
    tick(&mut t, &mut w);
    assert_eq!(w.take()[0], "decide flee");
}

#[test]
fn d2_a_child_that_exits_at_once_is_masked_and_the_decision_goes_on() {
    // SPEC D2: EAT_FOOD succeeds on its first tick; EAT redecides with it
    // masked, FIND_FOOD rejects, EAT exits with Success, ROOT redecides with
    // EAT masked and IDLE runs, all in one tick.
    let mut w = World::new();
    w.set("eat", 1.0)
        .set("eat_food", 1.0)
        .result("eat_food", Success);
    let mut t = Figure1::new();
    assert_eq!(tick(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "decide flee",
            "decide guard",
            "decide fight",
            "decide eat",
            "activate eat",
            "tick eat -> Running",
            "decide find_food",
            "decide eat_food",
            "activate eat_food",
            "tick eat_food -> Success",
            "deactivate eat_food",
            "decide find_food",
            "deactivate eat",
            "decide flee",
            "decide guard",
            "decide fight",
            "activate idle",
            "tick idle -> Running",
            "decide play",
            "activate rest",
            "tick rest -> Running",
        ])
    );
}

// ---------------------------------------------------------------- D9, T4

deciders::tree! {
    tree Subset for World {
        priority {
            group: when(decide = d("group")) => priority {
                a: when(decide = d("a")) => Act("a"),
            },
            idle: Hold("idle"),
        }
    }
}

deciders::tree! {
    tree Nothing for World {
        priority {
            a: when(decide = d("a")) => Act("a"),
            b: when(decide = d("b")) => Act("b"),
        }
    }
}

#[test]
fn d9_subset_rule_violation_is_reported_not_panicked_nor_looped() {
    // SPEC D9, T4
    let mut w = World::new();
    w.set("group", 1.0);
    let mut t = Subset::new();
    let mut c = ctx();
    let mut rec = Rec::default();
    assert_eq!(t.tick_traced(&mut w, &mut c, &mut rec), Running);
    assert_eq!(
        w.take(),
        log(&["decide group", "decide a", "activate idle"])
    );
    assert_eq!(
        rec.0,
        [
            "activated root",
            "accept group 1",
            "activated group",
            "reject a Decide(0.0)",
            "subset group",
            "deactivated group",
            "activated idle",
        ]
    );
    let err = c.report().first().copied().expect("a report");
    let TickError::SubsetRule { node } = err else {
        panic!("expected a subset-rule error, got {err:?}");
    };
    assert_eq!(node.name, "group");
    assert_eq!(node.parent, Some(0));
    assert_eq!(c.report().count(), 1);
    assert!(err.to_string().contains("subset rule"), "{err}");
    // The violation repeats while GROUP keeps accepting (it is decided again
    // every tick, being higher priority than IDLE); the report is per tick.
    t.tick(&mut w, &mut c);
    assert_eq!(c.report().count(), 1);
    w.set("group", 0.0);
    t.tick(&mut w, &mut c);
    assert!(c.report().is_ok());
}

#[test]
fn d9_a_root_where_nothing_accepts_fails_with_a_report() {
    // SPEC D9, T3
    let mut w = World::new();
    let mut t = Nothing::new();
    let mut c = ctx();
    assert_eq!(t.tick(&mut w, &mut c), Failure);
    assert_eq!(w.take(), log(&["decide a", "decide b"]));
    assert!(c.report().result().is_err());
}

#[test]
fn t2_a_tree_without_timers_carries_no_clock() {
    // SPEC T2, F3
    assert_eq!(Nothing::new().now(), 0.0);
    assert!(std::mem::size_of::<Nothing>() < std::mem::size_of::<Precond>());
    let mut w = World::new();
    let mut t = Precond::new();
    t.tick(&mut w, &mut Frame::new(0.25));
    t.tick(&mut w, &mut Frame::new(f32::NAN)); // bad dt counts as 0
    assert_eq!(t.now(), 0.25);
    let _ = Reject::Timer;
}
