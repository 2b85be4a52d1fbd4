//! Decorators of the user's own (SPEC R11), `recheck(…) { child }` (SPEC
//! R12) and `retry(forever)` (SPEC R5), tick by tick with the scripted
//! fixture of `tests/common`.

mod common;
use common::*;
use deciders::decorator::Before;
use deciders::Status::*;
use deciders::{Ctx, Decorator, Exit, Frame, Status, Tree};

/// Unity's "loop until it fails" (SPEC R11): runs its child again after
/// every success, fails when the child fails. No memory, no persistent state.
#[derive(Default)]
struct UntilFailure;

impl Decorator<World> for UntilFailure {
    type Persist = ();
    fn after(&mut self, _: &mut (), w: &World, _: &Ctx, child: Status) -> Status {
        w.push(format!("until_failure after {child:?}"));
        match child {
            Failure => Failure,
            _ => Running,
        }
    }
}

/// A cooldown-like decorator with a constant parameter, memory and
/// persistent state: after its child completed `uses` times (counted across
/// activations, in the persistent state), it refuses the next two entries.
struct Rationed {
    /// Constant parameter written in the tree.
    uses: u32,
    /// Memory: ticks this activation has run.
    ticks: u32,
}

impl Rationed {
    fn new(uses: u32) -> Self {
        Rationed { uses, ticks: 0 }
    }
}

/// What outlives an activation: completions so far, refusals left.
#[derive(Default)]
struct Ration {
    used: u32,
    resting: u32,
}

impl Decorator<World> for Rationed {
    type Persist = Ration;
    fn enter(&mut self, p: &mut Ration, w: &World, _: &Ctx) {
        w.push(format!("rationed enter used={}", p.used));
    }
    fn before(&mut self, p: &mut Ration, w: &World, _: &Ctx, running: bool) -> Before {
        if !running && p.resting > 0 {
            p.resting -= 1;
            w.push(format!("rationed refuses, resting {}", p.resting));
            return Before::Stop(Failure);
        }
        Before::Tick
    }
    fn after(&mut self, p: &mut Ration, w: &World, _: &Ctx, child: Status) -> Status {
        self.ticks += 1;
        if child.is_done() {
            p.used += 1;
            if p.used == self.uses {
                p.used = 0;
                p.resting = 2;
            }
        }
        w.push(format!("rationed after {child:?} ticks={}", self.ticks));
        child
    }
    fn exit(&mut self, _: &mut Ration, w: &World, _: &Ctx, exit: Exit) {
        w.push(format!("rationed exit {exit:?}"));
    }
}

/// A decorator whose `before` is scripted by the score of "gate": positive
/// ticks the child, 0 stops with `Running`, negative stops with `Failure`.
#[derive(Default)]
struct Gate;

impl Decorator<World> for Gate {
    type Persist = ();
    fn enter(&mut self, _: &mut (), w: &World, _: &Ctx) {
        w.push("gate enter".into());
    }
    fn before(&mut self, _: &mut (), w: &World, _: &Ctx, running: bool) -> Before {
        let score = w.score("gate");
        let b = if score > 0.0 {
            Before::Tick
        } else if score == 0.0 {
            Before::Stop(Running)
        } else {
            Before::Stop(Failure)
        };
        w.push(format!("gate before {running} -> {b:?}"));
        b
    }
    fn after(&mut self, _: &mut (), w: &World, _: &Ctx, child: Status) -> Status {
        w.push(format!("gate after {child:?}"));
        child
    }
    fn exit(&mut self, _: &mut (), w: &World, _: &Ctx, exit: Exit) {
        w.push(format!("gate exit {exit:?}"));
    }
}

deciders::tree! {
    tree Loop for World {
        decorate(UntilFailure) { Act("A") }
    }
    tree Ration2 for World {
        fallback {
            decorate(Rationed::new(2)) { Act("A") },
            Act("B"),
        }
    }
    tree RecheckRoot for World {
        recheck(decide = d("ok")) { Act("A") }
    }
    tree RecheckUnderInvert for World {
        invert { recheck(decide = d("ok")) { Act("A") } }
    }
    tree Gated for World {
        sequence { gate: decorate(Gate) { Act("A") }, Act("B") }
    }
    tree RetryForever for World {
        retry(forever) { Act("A") }
    }
    tree RunOnceSkip for World {
        sequence { run_once(Success) { Act("A") }, Act("B") }
    }
    tree RunOnceReplay for World {
        sequence { run_once { Act("A") }, Act("B") }
    }
}

#[test]
fn r11_loop_until_failure_reruns_the_child_next_tick_and_fails_with_it() {
    let mut w = World::new();
    let mut t = Loop::new();
    w.result("A", Success);
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "activate A",
            "tick A -> Success",
            "deactivate A",
            "until_failure after Success",
        ],
    );
    // R5-style restart: the child is entered again from scratch next tick.
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "activate A",
            "tick A -> Success",
            "deactivate A",
            "until_failure after Success",
        ],
    );
    w.result("A", Running);
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "activate A",
            "tick A -> Running",
            "until_failure after Running",
        ],
    );
    w.result("A", Failure);
    step(
        &mut t,
        &mut w,
        Failure,
        &[
            "tick A -> Failure",
            "deactivate A",
            "until_failure after Failure",
        ],
    );
    assert!(!t.is_running());
}

/// `Rationed` entered with no use counted, its child succeeding at once.
const FRESH_SUCCESS: &[&str] = &[
    "rationed enter used=0",
    "activate A",
    "tick A -> Success",
    "deactivate A",
    "rationed after Success ticks=1",
    "rationed exit Completed(Success)",
];

#[test]
fn r11_custom_decorator_with_memory_parameters_and_persistent_state() {
    let mut w = World::new();
    let mut t = Ration2::new();
    w.result("A", Running).result("B", Running);
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "rationed enter used=0",
            "activate A",
            "tick A -> Running",
            "rationed after Running ticks=1",
        ],
    );
    // Memory: the tick count goes on within the activation.
    w.result("A", Success);
    step(
        &mut t,
        &mut w,
        Success,
        &[
            "tick A -> Success",
            "deactivate A",
            "rationed after Success ticks=2",
            "rationed exit Completed(Success)",
        ],
    );
    // A fresh activation: fresh memory (ticks=1), persistent `used` kept.
    step(
        &mut t,
        &mut w,
        Success,
        &[
            "rationed enter used=1",
            "activate A",
            "tick A -> Success",
            "deactivate A",
            "rationed after Success ticks=1",
            "rationed exit Completed(Success)",
        ],
    );
    // Two uses done: the next two entries are refused. `enter` runs before
    // the first `before`; a stop in the entry tick is no activation, so no
    // `exit` follows. The fallback goes on to B.
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "rationed enter used=0",
            "rationed refuses, resting 1",
            "activate B",
            "tick B -> Running",
        ],
    );
    w.result("B", Success);
    step(
        &mut t,
        &mut w,
        Success,
        &["tick B -> Success", "deactivate B"],
    );
    step(
        &mut t,
        &mut w,
        Success,
        &[
            "rationed enter used=0",
            "rationed refuses, resting 0",
            "activate B",
            "tick B -> Success",
            "deactivate B",
        ],
    );
    step(&mut t, &mut w, Success, FRESH_SUCCESS);
}

#[test]
fn r11_halting_a_custom_decorator_halts_its_child_then_exits_it() {
    let mut w = World::new();
    let mut t = Ration2::new();
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "rationed enter used=0",
            "activate A",
            "tick A -> Running",
            "rationed after Running ticks=1",
        ],
    );
    t.halt(&mut w, &mut Frame::new(0.0));
    assert_eq!(w.take(), log(&["deactivate A", "rationed exit Halted"]));
    // `reset` returns the persistent state to its default.
    let mut t = Ration2::new();
    w.result("A", Success);
    step(&mut t, &mut w, Success, FRESH_SUCCESS);
    t.reset(&mut w, &mut Frame::new(0.0));
    step(&mut t, &mut w, Success, FRESH_SUCCESS);
}

#[test]
fn r12_recheck_at_the_root_checks_on_entry_and_every_tick() {
    let mut w = World::new();
    let mut t = RecheckRoot::new();
    // Rejected on entry: the child is not run, the decorator fails (G4).
    step(&mut t, &mut w, Failure, &["decide ok"]);
    w.set("ok", 1.0);
    step(
        &mut t,
        &mut w,
        Running,
        &["decide ok", "activate A", "tick A -> Running"],
    );
    // G3: evaluated again every tick while the child runs.
    step(&mut t, &mut w, Running, &["decide ok", "tick A -> Running"]);
    w.set("ok", 0.0);
    step(&mut t, &mut w, Failure, &["decide ok", "deactivate A"]);
    assert!(!t.is_running());
}

#[test]
fn r12_recheck_under_another_decorator() {
    let mut w = World::new();
    let mut t = RecheckUnderInvert::new();
    w.set("ok", 1.0);
    step(
        &mut t,
        &mut w,
        Running,
        &["decide ok", "activate A", "tick A -> Running"],
    );
    w.set("ok", -1.0);
    // The recheck's Failure is inverted.
    step(&mut t, &mut w, Success, &["decide ok", "deactivate A"]);
}

#[test]
fn r5_retry_forever_retries_until_success() {
    let mut w = World::new();
    let mut t = RetryForever::new();
    w.result("A", Failure);
    for _ in 0..50 {
        step(
            &mut t,
            &mut w,
            Running,
            &["activate A", "tick A -> Failure", "deactivate A"],
        );
    }
    w.result("A", Success);
    step(
        &mut t,
        &mut w,
        Success,
        &["activate A", "tick A -> Success", "deactivate A"],
    );
}

#[test]
fn r13_bt_dec_04_run_once_then_skip() {
    // BT-DEC-04: `Sequence[RunOnce[A [S]], B [S]]`: A ticked once, B every
    // time, all `Success`. `run_once(Success)` is BT.CPP's then_skip=true
    // (SPEC R13: a status given in the tree).
    let mut w = World::new();
    w.result("A", Success).result("B", Success);
    let mut t = RunOnceSkip::new();
    step(
        &mut t,
        &mut w,
        Success,
        &[
            "activate A",
            "tick A -> Success",
            "deactivate A",
            "activate B",
            "tick B -> Success",
            "deactivate B",
        ],
    );
    for _ in 0..4 {
        step(
            &mut t,
            &mut w,
            Success,
            &["activate B", "tick B -> Success", "deactivate B"],
        );
    }
    // `reset` forgets the stored status.
    t.reset(&mut w, &mut Frame::new(0.0));
    step(
        &mut t,
        &mut w,
        Success,
        &[
            "activate A",
            "tick A -> Success",
            "deactivate A",
            "activate B",
            "tick B -> Success",
            "deactivate B",
        ],
    );
}

#[test]
fn r13_bt_dec_04_run_once_replays_the_stored_status_and_counts_completions() {
    // then_skip=false: A fails once; every later tick replays `Failure`
    // without ticking anything.
    let mut w = World::new();
    w.result("A", Running).result("B", Success);
    let mut t = RunOnceReplay::new();
    // "Once" counts completions, not ticks: while A runs it is ticked.
    step(
        &mut t,
        &mut w,
        Running,
        &["activate A", "tick A -> Running"],
    );
    step(&mut t, &mut w, Running, &["tick A -> Running"]);
    // A halt keeps nothing stored: A had not completed.
    t.halt(&mut w, &mut Frame::new(0.0));
    assert_eq!(w.take(), log(&["deactivate A"]));
    w.result("A", Failure);
    step(
        &mut t,
        &mut w,
        Failure,
        &["activate A", "tick A -> Failure", "deactivate A"],
    );
    w.result("A", Success);
    for _ in 0..3 {
        step(&mut t, &mut w, Failure, &[]);
    }
    // A halt keeps the stored status (persistent, SPEC C7).
    t.halt(&mut w, &mut Frame::new(0.0));
    step(&mut t, &mut w, Failure, &[]);
}

/// The active path's names.
fn path<T: deciders::Tree<World>>(t: &T) -> Vec<&'static str> {
    let mut p = Vec::new();
    t.active_path(|n| p.push(n.name));
    p
}

#[test]
fn r11_stop_with_running_halts_the_child_and_keeps_the_decorator_waiting() {
    // SPEC R11, C7, L2: `Before::Stop(Running)` is not a completion. On
    // entry it waits (the decorator is activated, its child not entered);
    // later it halts a running child and the decorator stays, waiting. The
    // sequence above it sees a running child throughout.
    let mut w = World::new();
    let mut t = Gated::new();
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "gate enter",
            "decide gate",
            "gate before false -> Stop(Running)",
        ],
    );
    assert_eq!(path(&t), ["root", "gate"]);
    w.set("gate", 1.0);
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "decide gate",
            "gate before false -> Tick",
            "activate A",
            "tick A -> Running",
            "gate after Running",
        ],
    );
    assert_eq!(path(&t), ["root", "gate", "Act"]);
    w.set("gate", 0.0);
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "decide gate",
            "gate before true -> Stop(Running)",
            "deactivate A",
        ],
    );
    assert_eq!(path(&t), ["root", "gate"]);
    // Ticking again enters the child afresh; its success completes the
    // decorator, and the sequence goes on to B in the same tick.
    w.set("gate", 1.0).result("A", Success);
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "decide gate",
            "gate before false -> Tick",
            "activate A",
            "tick A -> Success",
            "deactivate A",
            "gate after Success",
            "gate exit Completed(Success)",
            "activate B",
            "tick B -> Running",
        ],
    );
    // Halting the tree: B only, the decorator already left.
    Tree::halt(&mut t, &mut w, &mut Frame::new(0.1));
    assert_eq!(w.take(), ["deactivate B"]);
    // A stop with `Failure` on entry is a refusal: no activation, no
    // `exit`, and the sequence fails.
    w.set("gate", -1.0);
    step(
        &mut t,
        &mut w,
        Failure,
        &[
            "gate enter",
            "decide gate",
            "gate before false -> Stop(Failure)",
        ],
    );
    assert!(!t.is_running());
}
