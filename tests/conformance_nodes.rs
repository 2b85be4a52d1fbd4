//! Conformance scenarios of BehaviorTree.CPP, py_trees and Unreal (parallel,
//! decorators, other control nodes, PT-04, UE-02, UE-04) re-expressed tick by
//! tick with the shared scripted fixture, plus one tick-by-tick test per SPEC
//! rule R2–R7, C5, C6, L6, L7 and S1.
//!
//! How the peer tables map onto our fixture:
//! - a scripted leaf `A [R, S]` is `Act("A")`; before each tick the test sets
//!   what its tick returns with `w.result("A", …)`;
//! - "ticked" = the `tick A -> …` entries; "halted" = a `deactivate A` of a
//!   leaf that was `Running`;
//! - "halted" semantics differ on purpose (SPEC L2, C7): only RUNNING nodes
//!   are halted, and a leaf that completes is deactivated right after its own
//!   tick, so every completed leaf shows `activate`, `tick`, `deactivate` in
//!   the same tick. BT.CPP resets completed children silently; py_trees calls
//!   `terminate(SUCCESS|FAILURE)`; both are this `deactivate`.
//! - profile P is the default; where SPEC restarts on the next tick (R5) we
//!   match BT.CPP profile Y instead, and say so.

mod common;
use common::*;
use deciders::Status::*;
use deciders::{Behavior, Ctx, Exit, Frame, Status, Tree};

/// One tick with `dt`, then the status and the hook log of that tick.
fn run_dt<T: Tree<World>>(t: &mut T, w: &mut World, dt: f32) -> (Status, Vec<String>) {
    let s = t.tick(w, &mut Frame::new(dt));
    (s, w.take())
}

/// One tick with `dt = 0.1`.
fn run<T: Tree<World>>(t: &mut T, w: &mut World) -> (Status, Vec<String>) {
    run_dt(t, w, 0.1)
}

/// Asserts one tick (dt = 0.1): root status and exact hook log.
#[track_caller]
fn step<T: Tree<World>>(t: &mut T, w: &mut World, status: Status, expected: &[&str]) {
    assert_eq!(run(t, w), (status, log(expected)));
}

/// Asserts one tick with a given `dt`.
#[track_caller]
fn step_dt<T: Tree<World>>(t: &mut T, w: &mut World, dt: f32, status: Status, expected: &[&str]) {
    assert_eq!(run_dt(t, w, dt), (status, log(expected)));
}

/// A condition returning a `Status` directly: `> 0` → `Success`, `< 0` →
/// `Failure`, `0` → `Running`.
fn status_of(name: &'static str) -> impl Fn(&World) -> Status {
    move |w: &World| {
        let s = w.score(name);
        if s > 0.0 {
            Success
        } else if s < 0.0 {
            Failure
        } else {
            Running
        }
    }
}

/// A guard decide that accepts while the blackboard key `name` is NOT set
/// (UE "Blackboard: Bool1 is NOT set").
fn unset(name: &'static str) -> impl Fn(&World) -> bool {
    move |w: &World| w.score(name) <= 0.0
}

/// UE's `SetFlag`, made latent: its first tick sets the blackboard key and
/// reports `Running`, so the observer (our recheck guard) sees the new value
/// on the next tick before any later task starts. (In UE the observer abort
/// fires synchronously inside the same frame; a polling tree re-checks guards
/// once per tick, so an instant `SetFlag` would let `T2` start first.)
struct SetFlag(&'static str);

impl Behavior<World> for SetFlag {
    fn activate(&mut self, w: &mut World, _: &mut Ctx) -> Status {
        w.push("activate SetFlag".to_string());
        Running
    }

    fn tick(&mut self, w: &mut World, _: &mut Ctx) -> Status {
        w.set(self.0, 1.0);
        w.push("tick SetFlag -> Running".to_string());
        Running
    }

    fn deactivate(&mut self, w: &mut World, _: &mut Ctx, _exit: Exit) {
        w.push("deactivate SetFlag".to_string());
    }
}

/// A UE latent task: succeeds on the first tick that is `ticks` ticks after
/// the one that started it. Logs its start (`activate`), its finish
/// (`tick X -> Success`) and its `deactivate`; ticks that keep it running are
/// not logged, to keep the long UE-04 logs readable.
struct Latent {
    name: &'static str,
    ticks: u32,
    seen: u32,
}

impl Latent {
    fn new(name: &'static str, ticks: u32) -> Self {
        Latent {
            name,
            ticks,
            seen: 0,
        }
    }
}

impl Behavior<World> for Latent {
    fn activate(&mut self, w: &mut World, _: &mut Ctx) -> Status {
        w.push(format!("activate {}", self.name));
        Running
    }

    fn tick(&mut self, w: &mut World, _: &mut Ctx) -> Status {
        self.seen += 1;
        if self.seen > self.ticks {
            w.push(format!("tick {} -> Success", self.name));
            Success
        } else {
            Running
        }
    }

    fn deactivate(&mut self, w: &mut World, _: &mut Ctx, _exit: Exit) {
        w.push(format!("deactivate {}", self.name));
    }
}

// ---------------------------------------------------------------------------
// Parallel
// ---------------------------------------------------------------------------

deciders::tree! {
    tree Par01All for World {
        parallel(all) { Act("C1"), Act("A1"), Act("C2"), Act("A2") }
    }
    tree Par01Thresholds for World {
        parallel(success >= 4, failure >= 1) { Act("C1"), Act("A1"), Act("C2"), Act("A2") }
    }
}

fn bt_par_01_run<T: Tree<World>>() {
    let mut w = World::new();
    w.result("C1", Success).result("C2", Success);
    let mut t = T::default();
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "activate C1",
            "tick C1 -> Success",
            "deactivate C1",
            "activate A1",
            "tick A1 -> Running",
            "activate C2",
            "tick C2 -> Success",
            "deactivate C2",
            "activate A2",
            "tick A2 -> Running",
        ],
    );
    // Completed children (C1, C2) are not re-ticked.
    w.result("A1", Success);
    step(
        &mut t,
        &mut w,
        Running,
        &["tick A1 -> Success", "deactivate A1", "tick A2 -> Running"],
    );
    w.result("A2", Success);
    step(
        &mut t,
        &mut w,
        Success,
        &["tick A2 -> Success", "deactivate A2"],
    );
    assert!(!t.is_running());
}

#[test]
fn bt_par_01_default_thresholds_do_not_retick_completed_children() {
    // BT-PAR-01: BT.CPP Parallel(success=-1, failure=1) is our
    // `parallel(all)` and, spelled out, `parallel(success >= 4, failure >= 1)`.
    bt_par_01_run::<Par01All>();
    bt_par_01_run::<Par01Thresholds>();
}

deciders::tree! {
    tree Par02Two for World {
        parallel(success >= 2, failure >= 1) { Act("C1"), Act("A1"), Act("C2"), Act("A2") }
    }
    tree Par02Three for World {
        parallel(success >= 3, failure >= 1) { Act("C1"), Act("A1"), Act("C2"), Act("A2") }
    }
}

#[test]
fn bt_par_02_success_threshold_reached_mid_tick_halts_running_skips_rest() {
    // BT-PAR-02, case success=2: decided after C2; A2 is never ticked, A1
    // (running) is halted.
    let mut w = World::new();
    w.result("C1", Success).result("C2", Success);
    let mut t = Par02Two::new();
    step(
        &mut t,
        &mut w,
        Success,
        &[
            "activate C1",
            "tick C1 -> Success",
            "deactivate C1",
            "activate A1",
            "tick A1 -> Running",
            "activate C2",
            "tick C2 -> Success",
            "deactivate C2",
            "deactivate A1",
        ],
    );
    assert!(!t.is_running());

    // Case success=3 (= BT.CPP success=-2 with 4 children).
    let mut w = World::new();
    w.result("C1", Success).result("C2", Success);
    let mut t = Par02Three::new();
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "activate C1",
            "tick C1 -> Success",
            "deactivate C1",
            "activate A1",
            "tick A1 -> Running",
            "activate C2",
            "tick C2 -> Success",
            "deactivate C2",
            "activate A2",
            "tick A2 -> Running",
        ],
    );
    w.result("A1", Success);
    step(
        &mut t,
        &mut w,
        Success,
        &["tick A1 -> Success", "deactivate A1", "deactivate A2"],
    );
    assert!(!t.is_running());
}

deciders::tree! {
    tree Par03Any for World {
        parallel(any) { Act("C1"), Act("A1"), Act("C2"), Act("A2") }
    }
    tree Par03Reach for World {
        parallel(success >= 1) { Act("C1"), Act("A1"), Act("C2"), Act("A2") }
    }
    tree Par03Explicit for World {
        parallel(success >= 1, failure >= 4) { Act("C1"), Act("A1"), Act("C2"), Act("A2") }
    }
}

fn bt_par_03_run<T: Tree<World>>() {
    let mut w = World::new();
    w.result("C1", Failure).result("C2", Failure);
    let mut t = T::default();
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "activate C1",
            "tick C1 -> Failure",
            "deactivate C1",
            "activate A1",
            "tick A1 -> Running",
            "activate C2",
            "tick C2 -> Failure",
            "deactivate C2",
            "activate A2",
            "tick A2 -> Running",
        ],
    );
    w.result("A1", Failure).result("A2", Failure);
    step(
        &mut t,
        &mut w,
        Failure,
        &[
            "tick A1 -> Failure",
            "deactivate A1",
            "tick A2 -> Failure",
            "deactivate A2",
        ],
    );
    assert!(!t.is_running());
}

#[test]
fn bt_par_03_failure_threshold_all_fails_only_when_every_child_failed() {
    // BT-PAR-03: Parallel(success=1, failure=-1) is `parallel(any)`, or
    // `parallel(success >= 1)` (a missing failure threshold fails as soon as
    // success is out of reach, i.e. when all four failed), or explicitly
    // `parallel(success >= 1, failure >= 4)`.
    bt_par_03_run::<Par03Any>();
    bt_par_03_run::<Par03Reach>();
    bt_par_03_run::<Par03Explicit>();
}

deciders::tree! {
    tree Par06MaxFailures2 for World {
        parallel(success >= 2, failure >= 2) { Act("N1"), Act("N2"), Act("N3") }
    }
    tree Par06MaxFailures1 for World {
        parallel(all) { Act("N1"), Act("N2"), Act("N3") }
    }
    tree Par06AllComplete1 for World {
        parallel(all_complete) { Act("N1"), Act("N2"), Act("N3") }
    }
    tree Par06AllComplete2 for World {
        parallel(all_complete, failure >= 2) { Act("N1"), Act("N2"), Act("N3") }
    }
}

/// BT-PAR-06 with the wait-for-all form of SPEC C5 (`all_complete`):
/// BT.CPP's ParallelAll exactly, for `max_failures` 1 and 2.
fn bt_par_06_all_complete<T: Tree<World> + Default>(last: Status) {
    let mut w = World::new();
    let mut t = T::default();
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "activate N1",
            "tick N1 -> Running",
            "activate N2",
            "tick N2 -> Running",
            "activate N3",
            "tick N3 -> Running",
        ],
    );
    // No early exit on failure: N1 fails, the others keep running.
    w.result("N1", Failure);
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "tick N1 -> Failure",
            "deactivate N1",
            "tick N2 -> Running",
            "tick N3 -> Running",
        ],
    );
    w.result("N2", Success).result("N3", Success);
    step(
        &mut t,
        &mut w,
        last,
        &[
            "tick N2 -> Success",
            "deactivate N2",
            "tick N3 -> Success",
            "deactivate N3",
        ],
    );
    assert!(!t.is_running());
}

#[test]
fn bt_par_06_c5_all_complete_waits_for_every_child() {
    bt_par_06_all_complete::<Par06AllComplete1>(Failure);
    bt_par_06_all_complete::<Par06AllComplete2>(Success);
}

#[test]
fn bt_par_06_parallel_all_with_max_failures() {
    // BT-PAR-06, max_failures=2: "fail when 2 of 3 fail" is
    // `parallel(success >= 2, failure >= 2)`; the table is reproduced
    // exactly (after N1 fails, success is still reachable: keep running).
    let mut w = World::new();
    let mut t = Par06MaxFailures2::new();
    let start = [
        "activate N1",
        "tick N1 -> Running",
        "activate N2",
        "tick N2 -> Running",
        "activate N3",
        "tick N3 -> Running",
    ];
    step(&mut t, &mut w, Running, &start);
    w.result("N1", Failure);
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "tick N1 -> Failure",
            "deactivate N1",
            "tick N2 -> Running",
            "tick N3 -> Running",
        ],
    );
    w.result("N2", Success).result("N3", Success);
    step(
        &mut t,
        &mut w,
        Success,
        &[
            "tick N2 -> Success",
            "deactivate N2",
            "tick N3 -> Success",
            "deactivate N3",
        ],
    );

    // max_failures=1 with thresholds: BT.CPP's ParallelAll waits for every
    // child before deciding (FAILURE on tick 3); that is `all_complete`
    // (`bt_par_06_c5_all_complete_waits_for_every_child`). The threshold
    // form decides as soon as the outcome is known (SPEC C5): with one
    // failure allowed, N1's failure decides on tick 2.
    let mut w = World::new();
    let mut t = Par06MaxFailures1::new();
    step(&mut t, &mut w, Running, &start);
    w.result("N1", Failure);
    step(
        &mut t,
        &mut w,
        Failure,
        &[
            "tick N1 -> Failure",
            "deactivate N1",
            "deactivate N2",
            "deactivate N3",
        ],
    );
    assert!(!t.is_running());
}

// ---------------------------------------------------------------------------
// Decorators
// ---------------------------------------------------------------------------

deciders::tree! {
    tree Dec01Invert for World { invert { Act("A") } }
    tree Dec01ForceSuccess for World { force(Success) { Act("A") } }
    tree Dec01ForceFailure for World { force(Failure) { Act("A") } }
    tree Dec01KeepRunning for World { repeat(forever) { Act("A") } }
    tree Dec01InSequence for World { sequence { invert { fail }, succeed } }
}

#[test]
fn bt_dec_01_status_mapping_decorators_pass_running_through() {
    // BT-DEC-01. The child is ticked exactly once per root tick; a child
    // that completes is deactivated at once (BT.CPP: reset to IDLE).
    // Inverter[A [R, S, F]]: R, F, S.
    let mut w = World::new();
    let mut t = Dec01Invert::new();
    step(
        &mut t,
        &mut w,
        Running,
        &["activate A", "tick A -> Running"],
    );
    w.result("A", Success);
    step(
        &mut t,
        &mut w,
        Failure,
        &["tick A -> Success", "deactivate A"],
    );
    w.result("A", Failure);
    step(
        &mut t,
        &mut w,
        Success,
        &["activate A", "tick A -> Failure", "deactivate A"],
    );

    // ForceSuccess[A [R, F]]: R, S.
    let mut w = World::new();
    let mut t = Dec01ForceSuccess::new();
    step(
        &mut t,
        &mut w,
        Running,
        &["activate A", "tick A -> Running"],
    );
    w.result("A", Failure);
    step(
        &mut t,
        &mut w,
        Success,
        &["tick A -> Failure", "deactivate A"],
    );

    // ForceFailure[A [R, S]]: R, F.
    let mut w = World::new();
    let mut t = Dec01ForceFailure::new();
    step(
        &mut t,
        &mut w,
        Running,
        &["activate A", "tick A -> Running"],
    );
    w.result("A", Success);
    step(
        &mut t,
        &mut w,
        Failure,
        &["tick A -> Success", "deactivate A"],
    );

    // KeepRunningUntilFailure[A [S, S, F]] is `repeat(forever)` (SPEC R5:
    // each Success restarts the child on the next tick, a Failure fails).
    let mut w = World::new();
    let mut t = Dec01KeepRunning::new();
    w.result("A", Success);
    let once_ok = ["activate A", "tick A -> Success", "deactivate A"];
    step(&mut t, &mut w, Running, &once_ok);
    step(&mut t, &mut w, Running, &once_ok);
    w.result("A", Failure);
    step(
        &mut t,
        &mut w,
        Failure,
        &["activate A", "tick A -> Failure", "deactivate A"],
    );

    // Sequence[Inverter[AlwaysFailure], AlwaysSuccess]: S.
    let mut w = World::new();
    let mut t = Dec01InSequence::new();
    step(&mut t, &mut w, Success, &[]);
}

deciders::tree! {
    tree Dec03Retry3 for World { retry(3) { Act("A") } }
    tree Dec03Retry5 for World { retry(5) { Act("X") } }
}

#[test]
fn bt_dec_03_retry_three_attempts() {
    // BT-DEC-03. Deliberate difference from BT.CPP profile P: SPEC R5
    // restarts the child on the NEXT tick (the decorator reports Running
    // meanwhile), which is BT.CPP's profile Y for this row.
    // A [F, F, F, S]: profile Y = R, R, F, then S (counter reset after F).
    let mut w = World::new();
    let mut t = Dec03Retry3::new();
    let attempt_fails = ["activate A", "tick A -> Failure", "deactivate A"];
    w.result("A", Failure);
    step(&mut t, &mut w, Running, &attempt_fails);
    step(&mut t, &mut w, Running, &attempt_fails);
    step(&mut t, &mut w, Failure, &attempt_fails);
    w.result("A", Success);
    step(
        &mut t,
        &mut w,
        Success,
        &["activate A", "tick A -> Success", "deactivate A"],
    );

    // A [R, F, R, S]. BT.CPP (P and Y alike) re-ticks A in the same tick
    // after the failure (t2: A, A → R) and succeeds on t3; here the restart
    // waits for the next tick, so it takes one tick more.
    let mut w = World::new();
    let mut t = Dec03Retry3::new();
    step(
        &mut t,
        &mut w,
        Running,
        &["activate A", "tick A -> Running"],
    );
    w.result("A", Failure);
    step(
        &mut t,
        &mut w,
        Running,
        &["tick A -> Failure", "deactivate A"],
    );
    w.result("A", Running);
    step(
        &mut t,
        &mut w,
        Running,
        &["activate A", "tick A -> Running"],
    );
    w.result("A", Success);
    step(
        &mut t,
        &mut w,
        Success,
        &["tick A -> Success", "deactivate A"],
    );

    // Post-conditions per attempt: RetryUntilSuccessful(5)[AlwaysFailure
    // _post=…] runs its post-condition 5 times; here each attempt is one
    // activate/tick/deactivate, 5 attempts, then Failure.
    let mut w = World::new();
    let mut t = Dec03Retry5::new();
    w.result("X", Failure);
    let attempt = ["activate X", "tick X -> Failure", "deactivate X"];
    for _ in 0..4 {
        step(&mut t, &mut w, Running, &attempt);
    }
    step(&mut t, &mut w, Failure, &attempt);
    assert!(!t.is_running());
}

deciders::tree! {
    tree Dec06Delay for World { delay(0.1) { Act("A") } }
}

#[test]
fn bt_dec_06_delay_100ms() {
    // BT-DEC-06: Delay(100 ms), ticks at @0, @40, @80, @120, @160: with
    // dt = 0.04 the delay is entered on tick 1 and the child first runs on
    // tick 4 (0.12 s after entry ≥ 0.1 s).
    // Delay(100)[A [S]]: R, R, R, S, R (a new activation waits again).
    let dt = 0.04;
    let mut w = World::new();
    let mut t = Dec06Delay::new();
    w.result("A", Success);
    step_dt(&mut t, &mut w, dt, Running, &[]);
    step_dt(&mut t, &mut w, dt, Running, &[]);
    step_dt(&mut t, &mut w, dt, Running, &[]);
    step_dt(
        &mut t,
        &mut w,
        dt,
        Success,
        &["activate A", "tick A -> Success", "deactivate A"],
    );
    step_dt(&mut t, &mut w, dt, Running, &[]);

    // Delay(100)[A [R, S]]: R, R, R, R (A started), S. The delay is not
    // re-applied while the child runs.
    let mut w = World::new();
    let mut t = Dec06Delay::new();
    step_dt(&mut t, &mut w, dt, Running, &[]);
    step_dt(&mut t, &mut w, dt, Running, &[]);
    step_dt(&mut t, &mut w, dt, Running, &[]);
    step_dt(
        &mut t,
        &mut w,
        dt,
        Running,
        &["activate A", "tick A -> Running"],
    );
    w.result("A", Success);
    step_dt(
        &mut t,
        &mut w,
        dt,
        Success,
        &["tick A -> Success", "deactivate A"],
    );
}

// ---------------------------------------------------------------------------
// Other control nodes
// ---------------------------------------------------------------------------

deciders::tree! {
    tree Ctl01IfThenElse for World {
        fallback { sequence { Act("C"), Act("T") }, Act("E") }
    }
}

#[test]
fn bt_ctl_01_if_then_else_evaluates_its_condition_once() {
    // BT-CTL-01. We have no IfThenElse node; `fallback { sequence { C, T }, E }`
    // reproduces the table exactly (C may run, is evaluated once per
    // activation because the sequence resumes at T, a false C runs E).
    // Not covered: BT.CPP's "a failing THEN branch makes the node fail" —
    // with this composition a failing T falls through to E.
    let mut w = World::new();
    let mut t = Ctl01IfThenElse::new();
    step(
        &mut t,
        &mut w,
        Running,
        &["activate C", "tick C -> Running"],
    );
    w.result("C", Success);
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "tick C -> Success",
            "deactivate C",
            "activate T",
            "tick T -> Running",
        ],
    );
    w.result("C", Failure);
    step(&mut t, &mut w, Running, &["tick T -> Running"]);
    w.result("T", Success);
    step(
        &mut t,
        &mut w,
        Success,
        &["tick T -> Success", "deactivate T"],
    );
    w.result("E", Success);
    step(
        &mut t,
        &mut w,
        Success,
        &[
            "activate C",
            "tick C -> Failure",
            "deactivate C",
            "activate E",
            "tick E -> Success",
            "deactivate E",
        ],
    );
}

/// A switch case: accepts while the blackboard variable `v` equals `case`
/// (logs `decide v`).
fn v_is(case: f32) -> impl Fn(&World) -> bool {
    move |w: &World| w.score("v") == case
}

deciders::tree! {
    tree Ctl03Switch for World {
        selector {
            case_1: when(decide = v_is(1.0)) => Act("A1"),
            case_42: when(decide = v_is(42.0)) => Act("A42"),
            default: Act("DEF"),
        }
    }
}

#[test]
fn bt_ctl_03_switch_halts_the_previous_case_when_the_variable_changes() {
    // BT-CTL-03. We have no Switch node: a `selector` whose children are
    // guarded by `v == case` (SPEC C4, G4) and a last unguarded default
    // child is one. The selector re-evaluates the guards of the cases before
    // the running one every tick, and the running case's own guard (G4), so
    // the variable is read once per case instead of once per tick (the log
    // shows each read as `decide v`). Matching is the user's comparison
    // (here `f32` equality); BT.CPP's string/integer/real matching rules are
    // not ours to copy.
    let mut w = World::new();
    let mut t = Ctl03Switch::new();
    w.set("v", 1.0);
    step(
        &mut t,
        &mut w,
        Running,
        &["decide v", "activate A1", "tick A1 -> Running"],
    );
    // t2: v = 42. A1's guard fails, so A1 is halted before A42 is ticked.
    w.set("v", 42.0);
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "decide v",
            "deactivate A1",
            "decide v",
            "activate A42",
            "tick A42 -> Running",
        ],
    );
    w.result("A42", Success);
    step(
        &mut t,
        &mut w,
        Success,
        &[
            "decide v",
            "decide v",
            "tick A42 -> Success",
            "deactivate A42",
        ],
    );
    // t4: v = "none": no case matches, the default runs.
    w.set("v", -1.0);
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "decide v",
            "decide v",
            "activate DEF",
            "tick DEF -> Running",
        ],
    );
    w.result("DEF", Success);
    step(
        &mut t,
        &mut w,
        Success,
        &[
            "decide v",
            "decide v",
            "tick DEF -> Success",
            "deactivate DEF",
        ],
    );
}

// ---------------------------------------------------------------------------
// py_trees
// ---------------------------------------------------------------------------

deciders::tree! {
    tree Pt04All for World {
        parallel(all) { Act("A"), Act("B"), Act("C") }
    }
    tree Pt04Unsync for World {
        concurrent { Act("A"), Act("B"), Act("C") }
    }
    tree Pt04One for World {
        parallel(any) { Act("A"), Act("B"), Act("C") }
    }
    tree Pt04Selected for World {
        parallel(success >= 1, failure >= 1) {
            Act("A"),
            parallel(all) { Act("B"), Act("C") },
            Act("D"),
        }
    }
}

#[test]
fn pt_04_parallel_policies() {
    // PT-04. py_trees ticks every child, then decides; SPEC C5 decides as
    // soon as the outcome is known and does not tick the remaining children
    // (BT.CPP's early exit, BT-PAR-02). Rows 3–5 differ from py_trees only
    // in those skipped ticks, marked below.
    let start3 = [
        "activate A",
        "tick A -> Success",
        "deactivate A",
        "activate B",
        "tick B -> Running",
        "activate C",
        "tick C -> Running",
    ];

    // SuccessOnAll(synchronise=True) · A [S], B [R, S, R], C [R, R, S]
    // → `parallel(all)`: completed children are not re-ticked.
    let mut w = World::new();
    let mut t = Pt04All::new();
    w.result("A", Success);
    step(&mut t, &mut w, Running, &start3);
    w.result("B", Success);
    step(
        &mut t,
        &mut w,
        Running,
        &["tick B -> Success", "deactivate B", "tick C -> Running"],
    );
    w.result("B", Running).result("C", Success);
    step(
        &mut t,
        &mut w,
        Success,
        &["tick C -> Success", "deactivate C"],
    );

    // SuccessOnAll(synchronise=False) · same → `concurrent` (SPEC C6):
    // completed children are entered again every tick; B runs again on t3
    // and the whole never succeeds.
    let mut w = World::new();
    let mut t = Pt04Unsync::new();
    w.result("A", Success);
    step(&mut t, &mut w, Running, &start3);
    w.result("B", Success);
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "activate A",
            "tick A -> Success",
            "deactivate A",
            "tick B -> Success",
            "deactivate B",
            "tick C -> Running",
        ],
    );
    w.result("B", Running).result("C", Success);
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "activate A",
            "tick A -> Success",
            "deactivate A",
            "activate B",
            "tick B -> Running",
            "tick C -> Success",
            "deactivate C",
        ],
    );

    // SuccessOnOne · A [R], B [S], C [R] → `parallel(any)`. Difference:
    // py_trees also ticks C (then stops it); SPEC C5 stops at B's success,
    // C is never entered, A is halted.
    let mut w = World::new();
    let mut t = Pt04One::new();
    w.result("B", Success);
    step(
        &mut t,
        &mut w,
        Success,
        &[
            "activate A",
            "tick A -> Running",
            "activate B",
            "tick B -> Success",
            "deactivate B",
            "deactivate A",
        ],
    );

    // SuccessOnSelected([B, C]) · A [R], B [R, S], C [R, R, S], D [R]: no
    // such policy; composed as `parallel(success >= 1, failure >= 1)` over
    // A, `parallel(all) { B, C }`, D (any failure fails, as in py_trees).
    // B is not re-ticked on t3 (synchronised). Difference: on t3 py_trees
    // ticks D before stopping A and D; here D is only halted.
    let mut w = World::new();
    let mut t = Pt04Selected::new();
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "activate A",
            "tick A -> Running",
            "activate B",
            "tick B -> Running",
            "activate C",
            "tick C -> Running",
            "activate D",
            "tick D -> Running",
        ],
    );
    w.result("B", Success);
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "tick A -> Running",
            "tick B -> Success",
            "deactivate B",
            "tick C -> Running",
            "tick D -> Running",
        ],
    );
    w.result("C", Success);
    step(
        &mut t,
        &mut w,
        Success,
        &[
            "tick A -> Running",
            "tick C -> Success",
            "deactivate C",
            "deactivate A",
            "deactivate D",
        ],
    );

    // SuccessOnAll(synchronise=True) · A [S], B [R, F], C [R] →
    // `parallel(all)`. Difference: py_trees ticks C on t2 before stopping
    // it; here C is halted without a tick.
    let mut w = World::new();
    let mut t = Pt04All::new();
    w.result("A", Success);
    step(&mut t, &mut w, Running, &start3);
    w.result("B", Failure);
    step(
        &mut t,
        &mut w,
        Failure,
        &["tick B -> Failure", "deactivate B", "deactivate C"],
    );
    assert!(!t.is_running());
}

// ---------------------------------------------------------------------------
// Unreal Engine
// ---------------------------------------------------------------------------

deciders::tree! {
    tree Ue02 for World {
        sequence {
            Act("T0"),
            force(Success) {
                branch: when(recheck, decide = unset("Bool1")) => sequence {
                    Act("T1"),
                    SetFlag("Bool1"),
                    Act("T2"),
                },
            },
            Act("T3"),
        }
    }
}

/// The UE execution log of a hook log: `activate Tn` → `n`, a latent task's
/// finish `tick Tn -> Success` → `1n` (only for the tasks in `latent`).
fn ue_log(hooks: &[String], latent: &[&str]) -> Vec<String> {
    hooks
        .iter()
        .filter_map(|h| {
            if let Some(t) = h.strip_prefix("activate T") {
                Some(t.to_string())
            } else {
                let t = h.strip_prefix("tick ")?.strip_suffix(" -> Success")?;
                latent
                    .contains(&t)
                    .then(|| format!("1{}", t.trim_start_matches('T')))
            }
        })
        .collect()
}

#[test]
fn ue_02_self_abort_with_force_success() {
    // UE-02: Observer Aborts = Self is a `recheck` guard around the branch
    // (SPEC G3); Force Success is `force(Success)`. The recheck rejects on
    // the tick after SetFlag: the branch is halted and counts as Failure,
    // forced to Success, and the outer sequence goes on with T3. T2 never
    // starts. Expected UE log: 0, 1, 3.
    let mut w = World::new();
    for n in ["T0", "T1", "T2", "T3"] {
        w.result(n, Success);
    }
    let mut t = Ue02::new();
    let mut all = Vec::new();
    let (s, l) = run(&mut t, &mut w);
    all.extend(l.clone());
    assert_eq!(
        (s, l),
        (
            Running,
            log(&[
                "activate T0",
                "tick T0 -> Success",
                "deactivate T0",
                "decide Bool1",
                "activate T1",
                "tick T1 -> Success",
                "deactivate T1",
                "activate SetFlag",
                "tick SetFlag -> Running",
            ])
        )
    );
    let (s, l) = run(&mut t, &mut w);
    all.extend(l.clone());
    assert_eq!(
        (s, l),
        (
            Success,
            log(&[
                "decide Bool1",
                "deactivate SetFlag",
                "activate T3",
                "tick T3 -> Success",
                "deactivate T3",
            ])
        )
    );
    assert_eq!(ue_log(&all, &[]), ["0", "1", "3"]);
}

deciders::tree! {
    tree Ue04Delayed for World {
        sequence {
            parallel(all) {
                Latent::new("T0", 6),
                sequence { Latent::new("T1", 3), Latent::new("T2", 3), Latent::new("T3", 3) },
            },
            Act("T4"),
        }
    }
    tree Ue04Immediate for World {
        sequence {
            parallel(any) {
                Latent::new("T0", 6),
                repeat(forever) {
                    sequence { Latent::new("T1", 4), Latent::new("T2", 4), Latent::new("T3", 4) }
                },
            },
            Act("T4"),
        }
    }
}

#[test]
fn ue_04_simple_parallel_delayed_and_immediate() {
    // UE-04. Simple Parallel has no direct counterpart (SPEC C5 has no
    // "main task" or finish mode). Mappings, exact for this scenario:
    // - Immediate (abort background): `parallel(any) { main,
    //   repeat(forever) { background } }`: the background restarts whenever
    //   it finishes and can never succeed, so the main task decides; when it
    //   ends the background is halted.
    // - Delayed (wait for background): `parallel(all) { main, background }`:
    //   the background run in progress finishes before the parallel does.
    //   Not covered: restarting the background when it finishes while the
    //   main task still runs (it does not happen in this scenario), and the
    //   result being the main task's alone (a failing background fails
    //   `parallel(all)`).
    // T4 is an instant task (UE logs only its start).
    let mut w = World::new();
    w.result("T4", Success);
    let mut t = Ue04Delayed::new();
    let quiet: &[&str] = &[];
    let t4 = ["activate T4", "tick T4 -> Success", "deactivate T4"];
    let frames: Vec<(Status, Vec<&str>)> = vec![
        (Running, vec!["activate T0", "activate T1"]),
        (Running, quiet.to_vec()),
        (Running, quiet.to_vec()),
        (
            Running,
            vec!["tick T1 -> Success", "deactivate T1", "activate T2"],
        ),
        (Running, quiet.to_vec()),
        (Running, quiet.to_vec()),
        (
            Running,
            vec![
                "tick T0 -> Success",
                "deactivate T0",
                "tick T2 -> Success",
                "deactivate T2",
                "activate T3",
            ],
        ),
        (Running, quiet.to_vec()),
        (Running, quiet.to_vec()),
        (
            Success,
            [&["tick T3 -> Success", "deactivate T3"][..], &t4[..]].concat(),
        ),
    ];
    let mut all = Vec::new();
    for (i, (status, expected)) in frames.iter().enumerate() {
        let (s, l) = run(&mut t, &mut w);
        assert_eq!(
            (s, &l),
            (*status, &log(expected)),
            "Delayed, tick {}",
            i + 1
        );
        all.extend(l);
    }
    let latent = ["T0", "T1", "T2", "T3"];
    assert_eq!(
        ue_log(&all, &latent),
        ["0", "1", "11", "2", "10", "12", "3", "13", "4"]
    );

    let mut w = World::new();
    w.result("T4", Success);
    let mut t = Ue04Immediate::new();
    let frames: Vec<(Status, Vec<&str>)> = vec![
        (Running, vec!["activate T0", "activate T1"]),
        (Running, quiet.to_vec()),
        (Running, quiet.to_vec()),
        (Running, quiet.to_vec()),
        (
            Running,
            vec!["tick T1 -> Success", "deactivate T1", "activate T2"],
        ),
        (Running, quiet.to_vec()),
        (
            Success,
            [
                &["tick T0 -> Success", "deactivate T0", "deactivate T2"][..],
                &t4[..],
            ]
            .concat(),
        ),
    ];
    let mut all = Vec::new();
    for (i, (status, expected)) in frames.iter().enumerate() {
        let (s, l) = run(&mut t, &mut w);
        assert_eq!(
            (s, &l),
            (*status, &log(expected)),
            "Immediate, tick {}",
            i + 1
        );
        all.extend(l);
    }
    assert_eq!(ue_log(&all, &latent), ["0", "1", "11", "2", "10", "4"]);
}

// ---------------------------------------------------------------------------
// SPEC rules
// ---------------------------------------------------------------------------

deciders::tree! {
    tree AlwaysMaps for World {
        sequence { always(Success) { Act("a") }, always(Running) { Act("b") } }
    }
    tree AlwaysFails for World { always(Failure) { Act("c") } }
    tree AlwaysNested for World { always(Success) { sequence with Act("g") { Act("a") } } }
}

#[test]
fn r2_always_maps_every_status_and_halts_a_mapped_running_child() {
    // SPEC R2: `always(S)` maps Running too; a running child mapped to a
    // completion is halted at once (C7 invariant).
    let mut w = World::new();
    let mut t = AlwaysMaps::new();
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "activate a",
            "tick a -> Running",
            "deactivate a",
            "activate b",
            "tick b -> Running",
        ],
    );
    // `always(Running)` over a completed child: Running, and the child is
    // entered again on the next tick.
    w.result("b", Success);
    step(
        &mut t,
        &mut w,
        Running,
        &["tick b -> Success", "deactivate b"],
    );
    step(
        &mut t,
        &mut w,
        Running,
        &["activate b", "tick b -> Success", "deactivate b"],
    );

    let mut w = World::new();
    let mut t = AlwaysFails::new();
    step(
        &mut t,
        &mut w,
        Failure,
        &["activate c", "tick c -> Running", "deactivate c"],
    );
    assert!(!t.is_running());

    // Over a running subtree: halted at once, deepest first.
    let mut w = World::new();
    let mut t = AlwaysNested::new();
    step(
        &mut t,
        &mut w,
        Success,
        &[
            "activate g",
            "tick g -> Running",
            "activate a",
            "tick a -> Running",
            "deactivate a",
            "deactivate g",
        ],
    );
    assert!(!t.is_running());
}

deciders::tree! {
    tree CoolFail for World { cooldown_on_failure(0.25) { Act("x") } }
}

#[test]
fn r3_cooldown_on_failure_blocks_only_after_a_failure() {
    // SPEC R3 (bot format `timer(N)`): Failure without ticking the child
    // while the child failed within the last 0.25 s. dt = 0.1.
    let mut w = World::new();
    let mut t = CoolFail::new();
    let once = |s: &str| -> Vec<String> {
        log(&["activate x", &format!("tick x -> {s}"), "deactivate x"])
    };
    w.result("x", Failure);
    assert_eq!(run(&mut t, &mut w), (Failure, once("Failure"))); // 0.1: fails
    step(&mut t, &mut w, Failure, &[]); // 0.2: 0.1 since
    step(&mut t, &mut w, Failure, &[]); // 0.3: 0.2 since
    w.result("x", Success);
    assert_eq!(run(&mut t, &mut w), (Success, once("Success"))); // 0.4: 0.3 ≥ 0.25
                                                                 // Successes start no cooldown ("may run more often if it keeps
                                                                 // returning success").
    assert_eq!(run(&mut t, &mut w), (Success, once("Success")));
    w.result("x", Running);
    step(
        &mut t,
        &mut w,
        Running,
        &["activate x", "tick x -> Running"],
    );
    w.result("x", Failure);
    step(
        &mut t,
        &mut w,
        Failure,
        &["tick x -> Failure", "deactivate x"],
    ); // 0.7
    step(&mut t, &mut w, Failure, &[]); // 0.8
    step(&mut t, &mut w, Failure, &[]); // 0.9
    w.result("x", Running);
    step(
        &mut t,
        &mut w,
        Running,
        &["activate x", "tick x -> Running"],
    ); // 1.0
}

deciders::tree! {
    tree Cool for World { cooldown(0.25) { Act("x") } }
}

#[test]
fn r4_cooldown_after_any_completion() {
    // SPEC R4: after the child completes (either way), Failure without
    // ticking it until 0.25 s have passed, measured from the completion.
    let mut w = World::new();
    let mut t = Cool::new();
    step(
        &mut t,
        &mut w,
        Running,
        &["activate x", "tick x -> Running"],
    ); // 0.1
    w.result("x", Success);
    step(
        &mut t,
        &mut w,
        Success,
        &["tick x -> Success", "deactivate x"],
    ); // 0.2
    step(&mut t, &mut w, Failure, &[]); // 0.3
    step(&mut t, &mut w, Failure, &[]); // 0.4
    w.result("x", Failure);
    step(
        &mut t,
        &mut w,
        Failure,
        &["activate x", "tick x -> Failure", "deactivate x"],
    ); // 0.5: 0.3 since the success
    step(&mut t, &mut w, Failure, &[]); // 0.6
    step(&mut t, &mut w, Failure, &[]); // 0.7
    w.result("x", Success);
    step(
        &mut t,
        &mut w,
        Success,
        &["activate x", "tick x -> Success", "deactivate x"],
    ); // 0.8
}

deciders::tree! {
    tree Rep3 for World { repeat(3) { Act("x") } }
    tree RepForever for World { repeat(forever) { Act("x") } }
    tree RepForeverInstant for World { repeat(forever) { succeed } }
    tree Retry2 for World { retry(2) { Act("x") } }
}

#[test]
fn r5_repeat_and_retry_restart_on_the_next_tick() {
    // SPEC R5.
    let ok = ["activate x", "tick x -> Success", "deactivate x"];
    let ko = ["activate x", "tick x -> Failure", "deactivate x"];

    // repeat(3): Success after the 3rd success; one restart per tick.
    let mut w = World::new();
    let mut t = Rep3::new();
    w.result("x", Success);
    step(&mut t, &mut w, Running, &ok);
    step(&mut t, &mut w, Running, &ok);
    step(&mut t, &mut w, Success, &ok);
    // A new run counts from zero; a running child keeps it running.
    step(&mut t, &mut w, Running, &ok);
    w.result("x", Running);
    step(
        &mut t,
        &mut w,
        Running,
        &["activate x", "tick x -> Running"],
    );
    w.result("x", Success);
    step(
        &mut t,
        &mut w,
        Running,
        &["tick x -> Success", "deactivate x"],
    );
    step(&mut t, &mut w, Success, &ok);
    // A Failure fails.
    w.result("x", Failure);
    step(&mut t, &mut w, Failure, &ko);
    // Halting resets the count (SPEC C7), even between restarts when the
    // child is not active (nothing to deactivate).
    w.result("x", Success);
    step(&mut t, &mut w, Running, &ok);
    t.halt(&mut w, &mut Frame::new(0.1));
    assert_eq!(w.take(), log(&[]));
    assert!(!t.is_running());
    step(&mut t, &mut w, Running, &ok);
    step(&mut t, &mut w, Running, &ok);
    step(&mut t, &mut w, Success, &ok);

    // repeat(forever) never succeeds and ends every tick (T4).
    let mut w = World::new();
    let mut t = RepForever::new();
    w.result("x", Success);
    for _ in 0..5 {
        step(&mut t, &mut w, Running, &ok);
    }
    w.result("x", Failure);
    step(&mut t, &mut w, Failure, &ko);
    let mut t = RepForeverInstant::new();
    for _ in 0..3 {
        step(&mut t, &mut w, Running, &[]);
    }

    // retry(2): up to 2 attempts, one per tick.
    let mut w = World::new();
    let mut t = Retry2::new();
    w.result("x", Failure);
    step(&mut t, &mut w, Running, &ko);
    step(&mut t, &mut w, Failure, &ko);
    step(&mut t, &mut w, Running, &ko); // a new run: attempt 1
    w.result("x", Running);
    step(
        &mut t,
        &mut w,
        Running,
        &["activate x", "tick x -> Running"],
    );
    step(&mut t, &mut w, Running, &["tick x -> Running"]);
    w.result("x", Success);
    step(
        &mut t,
        &mut w,
        Success,
        &["tick x -> Success", "deactivate x"],
    );
    step(&mut t, &mut w, Success, &ok);
    // A failed `activate` is a failed attempt, with no `deactivate` (L2).
    w.fail_activate("x", true);
    step(&mut t, &mut w, Running, &["activate x -> Failure"]);
    step(&mut t, &mut w, Failure, &["activate x -> Failure"]);
}

deciders::tree! {
    tree Timeout for World { timeout(0.25) { Act("x") } }
    tree TimeoutNested for World {
        timeout(0.15) { sequence with Act("g") { Act("a"), parallel(all) { Act("b"), Act("c") } } }
    }
}

#[test]
fn r6_timeout_halts_the_running_child() {
    // SPEC R6 + T2: entered at 0.1, the timeout is over on the first tick
    // where now − 0.1 ≥ 0.25 (0.4): the still-running child is halted
    // without another tick and the decorator fails.
    let mut w = World::new();
    let mut t = Timeout::new();
    step(
        &mut t,
        &mut w,
        Running,
        &["activate x", "tick x -> Running"],
    ); // 0.1
    step(&mut t, &mut w, Running, &["tick x -> Running"]); // 0.2
    step(&mut t, &mut w, Running, &["tick x -> Running"]); // 0.3
    step(&mut t, &mut w, Failure, &["deactivate x"]); // 0.4
    assert!(!t.is_running());
    // A child that completes in time passes its status through.
    w.result("x", Success);
    step(
        &mut t,
        &mut w,
        Success,
        &["activate x", "tick x -> Success", "deactivate x"],
    );
    w.result("x", Running);
    step(
        &mut t,
        &mut w,
        Running,
        &["activate x", "tick x -> Running"],
    ); // 0.6
    w.result("x", Failure);
    step(
        &mut t,
        &mut w,
        Failure,
        &["tick x -> Failure", "deactivate x"],
    );

    // Over a subtree: every running node is halted, deepest first, the
    // group behavior after its children (C7, D7).
    let mut w = World::new();
    w.result("a", Success);
    let mut t = TimeoutNested::new();
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "activate g",
            "tick g -> Running",
            "activate a",
            "tick a -> Success",
            "deactivate a",
            "activate b",
            "tick b -> Running",
            "activate c",
            "tick c -> Running",
        ],
    ); // 0.1
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "tick g -> Running",
            "tick b -> Running",
            "tick c -> Running",
        ],
    ); // 0.2
    step(
        &mut t,
        &mut w,
        Failure,
        &["deactivate b", "deactivate c", "deactivate g"],
    ); // 0.3: 0.2 ≥ 0.15
    assert!(!t.is_running());
}

deciders::tree! {
    tree Delay for World { delay(0.25) { Act("x") } }
}

#[test]
fn r7_delay_reports_running_then_ticks_the_child() {
    // SPEC R7: entered at 0.1; the child runs first at 0.4 (0.3 ≥ 0.25).
    let mut w = World::new();
    let mut t = Delay::new();
    step(&mut t, &mut w, Running, &[]); // 0.1
    step(&mut t, &mut w, Running, &[]); // 0.2
    step(&mut t, &mut w, Running, &[]); // 0.3
    step(
        &mut t,
        &mut w,
        Running,
        &["activate x", "tick x -> Running"],
    ); // 0.4
    w.result("x", Success);
    step(
        &mut t,
        &mut w,
        Success,
        &["tick x -> Success", "deactivate x"],
    ); // 0.5
       // A new activation waits again; halting during the delay resets it.
    step(&mut t, &mut w, Running, &[]); // 0.6: entered
    step(&mut t, &mut w, Running, &[]); // 0.7
    t.halt(&mut w, &mut Frame::new(0.1));
    assert_eq!(w.take(), log(&[]));
    step(&mut t, &mut w, Running, &[]); // 0.8: entered again
    step(&mut t, &mut w, Running, &[]); // 0.9 (would have run here without the halt)
    step(&mut t, &mut w, Running, &[]); // 1.0
    step(
        &mut t,
        &mut w,
        Success,
        &["activate x", "tick x -> Success", "deactivate x"],
    ); // 1.1
}

deciders::tree! {
    tree ParAll for World { parallel(all) { Act("a"), Act("b"), Act("c") } }
    tree ParAny for World { parallel(any) { Act("a"), Act("b"), Act("c") } }
    tree ParTwo for World { parallel(success >= 2) { Act("a"), Act("b"), Act("c") } }
    tree ParOneTwo for World { parallel(success >= 1, failure >= 2) { Act("a"), Act("b"), Act("c") } }
    tree ParFailOnly for World { parallel(failure >= 1) { Act("a"), Act("b") } }
}

#[test]
fn c5_parallel_policies() {
    // SPEC C5: children in declaration order; decided → remaining children
    // not ticked, running ones halted in declaration order; completed
    // children not re-ticked until the parallel restarts.
    let ok = |n: &str| {
        [
            format!("activate {n}"),
            format!("tick {n} -> Success"),
            format!("deactivate {n}"),
        ]
    };
    let ko = |n: &str| {
        [
            format!("activate {n}"),
            format!("tick {n} -> Failure"),
            format!("deactivate {n}"),
        ]
    };
    let starts = |n: &str| [format!("activate {n}"), format!("tick {n} -> Running")];

    // all: the first Failure decides.
    let mut w = World::new();
    let mut t = ParAll::new();
    w.result("a", Success);
    assert_eq!(
        run(&mut t, &mut w),
        (Running, [&ok("a")[..], &starts("b"), &starts("c")].concat())
    );
    w.result("b", Failure);
    step(
        &mut t,
        &mut w,
        Failure,
        &["tick b -> Failure", "deactivate b", "deactivate c"],
    );
    // It restarts from scratch; all succeed → Success.
    w.result("b", Success).result("c", Success);
    assert_eq!(
        run(&mut t, &mut w),
        (Success, [&ok("a")[..], &ok("b"), &ok("c")].concat())
    );

    // any: the first Success decides; Failure when all fail.
    let mut w = World::new();
    let mut t = ParAny::new();
    w.result("a", Failure);
    assert_eq!(
        run(&mut t, &mut w),
        (Running, [&ko("a")[..], &starts("b"), &starts("c")].concat())
    );
    w.result("c", Success);
    step(
        &mut t,
        &mut w,
        Success,
        &[
            "tick b -> Running",
            "tick c -> Success",
            "deactivate c",
            "deactivate b",
        ],
    );
    w.result("b", Failure).result("c", Failure);
    assert_eq!(
        run(&mut t, &mut w),
        (Failure, [&ko("a")[..], &ko("b"), &ko("c")].concat())
    );

    // success >= 2, no failure threshold: Failure as soon as 2 successes
    // are out of reach.
    let mut w = World::new();
    let mut t = ParTwo::new();
    w.result("a", Failure);
    assert_eq!(
        run(&mut t, &mut w),
        (Running, [&ko("a")[..], &starts("b"), &starts("c")].concat())
    );
    w.result("b", Failure);
    step(
        &mut t,
        &mut w,
        Failure,
        &["tick b -> Failure", "deactivate b", "deactivate c"],
    );
    w.result("a", Success)
        .result("b", Running)
        .result("c", Success);
    assert_eq!(
        run(&mut t, &mut w),
        (
            Success,
            [
                &ok("a")[..],
                &starts("b"),
                &ok("c"),
                &["deactivate b".to_string()]
            ]
            .concat()
        )
    );

    // success >= 1, failure >= 2: one failure keeps it running.
    let mut w = World::new();
    let mut t = ParOneTwo::new();
    w.result("a", Failure);
    assert_eq!(
        run(&mut t, &mut w),
        (Running, [&ko("a")[..], &starts("b"), &starts("c")].concat())
    );
    w.result("c", Failure);
    step(
        &mut t,
        &mut w,
        Failure,
        &[
            "tick b -> Running",
            "tick c -> Failure",
            "deactivate c",
            "deactivate b",
        ],
    );

    // failure >= 1 alone: success needs every child.
    let mut w = World::new();
    let mut t = ParFailOnly::new();
    w.result("a", Success);
    assert_eq!(
        run(&mut t, &mut w),
        (Running, [&ok("a")[..], &starts("b")].concat())
    );
    step(&mut t, &mut w, Running, &["tick b -> Running"]);
    w.result("b", Success);
    step(
        &mut t,
        &mut w,
        Success,
        &["tick b -> Success", "deactivate b"],
    );
}

deciders::tree! {
    tree Concurrent for World { concurrent { Act("a"), Act("b"), Act("c") } }
}

#[test]
fn c6_concurrent_reenters_completed_children_and_fails_on_first_failure() {
    // SPEC C6.
    let mut w = World::new();
    let mut t = Concurrent::new();
    w.result("b", Success);
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "activate a",
            "tick a -> Running",
            "activate b",
            "tick b -> Success",
            "deactivate b",
            "activate c",
            "tick c -> Running",
        ],
    );
    // A Running child does not stop the walk; the completed b runs again.
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "tick a -> Running",
            "activate b",
            "tick b -> Success",
            "deactivate b",
            "tick c -> Running",
        ],
    );
    // b fails: the walk stops (c not ticked) and every running child is
    // halted, the one before (a) and the one after (c).
    w.result("b", Failure);
    step(
        &mut t,
        &mut w,
        Failure,
        &[
            "tick a -> Running",
            "activate b",
            "tick b -> Failure",
            "deactivate b",
            "deactivate a",
            "deactivate c",
        ],
    );
    assert!(!t.is_running());
    // All Success → Success.
    w.result("a", Success)
        .result("b", Success)
        .result("c", Success);
    step(
        &mut t,
        &mut w,
        Success,
        &[
            "activate a",
            "tick a -> Success",
            "deactivate a",
            "activate b",
            "tick b -> Success",
            "deactivate b",
            "activate c",
            "tick c -> Success",
            "deactivate c",
        ],
    );
}

deciders::tree! {
    tree CondThenGo for World {
        sequence { condition(maybe("ready")), Act("go") }
    }
    tree CondKinds for World {
        selector {
            condition(is("b")),
            condition(status_of("s")),
            condition(|_: &World, c: &Ctx| c.dt() > 0.15),
        }
    }
}

#[test]
fn l6_conditions_bool_option_status_and_ctx() {
    // SPEC L6: true → Success, false → Failure, None → Running.
    let mut w = World::new();
    let mut t = CondThenGo::new();
    step(&mut t, &mut w, Running, &["decide ready"]); // None
    step(&mut t, &mut w, Running, &["decide ready"]); // asked again
    w.set("ready", 1.0);
    step(
        &mut t,
        &mut w,
        Running,
        &["decide ready", "activate go", "tick go -> Running"],
    );
    // The sequence resumes at `go`: the condition is not re-evaluated.
    w.set("ready", -1.0);
    step(&mut t, &mut w, Running, &["tick go -> Running"]);
    w.result("go", Success);
    step(
        &mut t,
        &mut w,
        Success,
        &["tick go -> Success", "deactivate go"],
    );
    step(&mut t, &mut w, Failure, &["decide ready"]); // Some(false)

    // bool, Status and (&Agent, &Ctx) conditions. (The `&Ctx` one reads
    // `dt`: this tree has no time-based node, so it carries no clock and
    // `ctx.now()` stays 0.0, as documented on `Ctx::now`, SPEC F3.)
    let mut w = World::new();
    let mut t = CondKinds::new();
    w.set("s", -1.0);
    step(&mut t, &mut w, Failure, &["decide b", "decide s"]);
    w.set("s", 0.0);
    step(&mut t, &mut w, Running, &["decide b", "decide s"]);
    w.set("s", -1.0);
    step_dt(&mut t, &mut w, 0.2, Success, &["decide b", "decide s"]);
    w.set("b", 1.0);
    step(&mut t, &mut w, Success, &["decide b"]);
}

deciders::tree! {
    tree WaitThenGo for World { sequence { succeed, wait(0.25), Act("x") } }
    tree FailFallsThrough for World {
        selector { sequence { fail, Act("x") }, fallback { fail, Act("y") } }
    }
}

#[test]
fn l7_succeed_fail_wait() {
    // SPEC L7 + T2: `wait(0.25)` entered at 0.1 succeeds at 0.4.
    let mut w = World::new();
    let mut t = WaitThenGo::new();
    step(&mut t, &mut w, Running, &[]); // 0.1
    step(&mut t, &mut w, Running, &[]); // 0.2
    step(&mut t, &mut w, Running, &[]); // 0.3
    step(
        &mut t,
        &mut w,
        Running,
        &["activate x", "tick x -> Running"],
    ); // 0.4
    w.result("x", Success);
    step(
        &mut t,
        &mut w,
        Success,
        &["tick x -> Success", "deactivate x"],
    );

    let mut w = World::new();
    let mut t = FailFallsThrough::new();
    w.result("y", Success);
    step(
        &mut t,
        &mut w,
        Success,
        &["activate y", "tick y -> Success", "deactivate y"],
    );
}

deciders::tree! {
    tree Shout for World { cooldown(1.0) { Act("shout") } }
    tree Crowd for World { fallback { subtree Shout, subtree Shout, Act("rest") } }
}

#[test]
fn s1_a_subtree_referenced_twice_has_two_independent_states() {
    // SPEC S1: each reference has its own cooldown. (In the bot format the
    // two includes would share it, and tick 2 would go straight to REST.)
    let mut w = World::new();
    w.result("shout", Success);
    let mut t = Crowd::new();
    let shout = [
        "activate shout",
        "tick shout -> Success",
        "deactivate shout",
    ];
    step(&mut t, &mut w, Success, &shout); // first reference
    step(&mut t, &mut w, Success, &shout); // first cools down, second runs
    step(
        &mut t,
        &mut w,
        Running,
        &["activate rest", "tick rest -> Running"],
    ); // both cool down
    w.result("rest", Success);
    step(
        &mut t,
        &mut w,
        Success,
        &["tick rest -> Success", "deactivate rest"],
    );
    step(
        &mut t,
        &mut w,
        Success,
        &["activate rest", "tick rest -> Success", "deactivate rest"],
    );
}

// ---------------------------------------------------------------------------
// Control nodes (SPEC C8–C10)
// ---------------------------------------------------------------------------

/// What `switch` reads in BT-CTL-03 (the blackboard variable `v`).
#[derive(Clone, Copy, PartialEq)]
enum V {
    One,
    FortyTwo,
    Other,
}

thread_local! {
    static VAR: std::cell::Cell<V> = const { std::cell::Cell::new(V::One) };
}

fn var(w: &World) -> V {
    w.push("read v".to_string());
    VAR.with(|v| v.get())
}

deciders::tree! {
    tree Ctl01 for World {
        if_then_else { condition(status_of("C")), Act("T"), Act("E") }
    }
    tree Ctl01NoElse for World {
        if_then_else { condition(status_of("C")), Act("T") }
    }
    tree WhileDo for World {
        while_do_else { condition(status_of("C")), Act("D"), Act("E") }
    }
    tree WhileDoNoElse for World {
        while_do_else { condition(status_of("C")), Act("D") }
    }
    tree Ctl03 for World {
        switch(var) {
            V::One => Act("A1"),
            V::FortyTwo => Act("A42"),
            _ => Act("DEF"),
        }
    }
    tree Ctl03FailDefault for World {
        switch(var) { V::One => Act("A1"), _ => fail }
    }
}

#[test]
fn bt_ctl_01_c8_if_then_else_evaluates_its_condition_once_per_activation() {
    // C [R, S, F], T [R, R, S], E [S]. `status_of("C")`: score 0 → Running,
    // > 0 → Success, < 0 → Failure.
    let mut w = World::new();
    let mut t = Ctl01::new();
    step(&mut t, &mut w, Running, &["decide C"]);
    w.set("C", 1.0);
    step(
        &mut t,
        &mut w,
        Running,
        &["decide C", "activate T", "tick T -> Running"],
    );
    // The condition is not evaluated again while the branch runs.
    w.set("C", -1.0);
    step(&mut t, &mut w, Running, &["tick T -> Running"]);
    w.result("T", Success);
    step(
        &mut t,
        &mut w,
        Success,
        &["tick T -> Success", "deactivate T"],
    );
    // A new activation: C fails → the else branch.
    w.result("E", Success);
    step(
        &mut t,
        &mut w,
        Success,
        &[
            "decide C",
            "activate E",
            "tick E -> Success",
            "deactivate E",
        ],
    );
    assert!(!t.is_running());
    // With two children, a failing condition fails the node; a failing
    // branch fails it too.
    let mut t = Ctl01NoElse::new();
    step(&mut t, &mut w, Failure, &["decide C"]);
    w.set("C", 1.0).result("T", Failure);
    step(
        &mut t,
        &mut w,
        Failure,
        &[
            "decide C",
            "activate T",
            "tick T -> Failure",
            "deactivate T",
        ],
    );
}

#[test]
fn c8_halting_if_then_else_halts_the_running_branch() {
    let mut w = World::new();
    let mut t = Ctl01::new();
    w.set("C", 1.0);
    step(
        &mut t,
        &mut w,
        Running,
        &["decide C", "activate T", "tick T -> Running"],
    );
    t.halt(&mut w, &mut Frame::new(0.0));
    assert_eq!(w.take(), log(&["deactivate T"]));
    // The next activation evaluates the condition again.
    w.set("C", -1.0);
    step(
        &mut t,
        &mut w,
        Running,
        &["decide C", "activate E", "tick E -> Running"],
    );
}

#[test]
fn c9_while_do_else_ticks_its_condition_every_tick_and_halts_the_branch_left() {
    let mut w = World::new();
    let mut t = WhileDo::new();
    w.set("C", 1.0);
    step(
        &mut t,
        &mut w,
        Running,
        &["decide C", "activate D", "tick D -> Running"],
    );
    step(&mut t, &mut w, Running, &["decide C", "tick D -> Running"]);
    // The choice changes: D is halted before E is ticked.
    w.set("C", -1.0);
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "decide C",
            "deactivate D",
            "activate E",
            "tick E -> Running",
        ],
    );
    // The condition running: the node runs, no branch is ticked (E stays
    // active, untouched).
    w.set("C", 0.0);
    step(&mut t, &mut w, Running, &["decide C"]);
    w.set("C", -1.0).result("E", Success);
    step(
        &mut t,
        &mut w,
        Success,
        &["decide C", "tick E -> Success", "deactivate E"],
    );
    assert!(!t.is_running());
    // No else branch: a failing condition fails the node, halting D first.
    let mut t = WhileDoNoElse::new();
    w.set("C", 1.0);
    step(
        &mut t,
        &mut w,
        Running,
        &["decide C", "activate D", "tick D -> Running"],
    );
    w.set("C", -1.0);
    step(&mut t, &mut w, Failure, &["decide C", "deactivate D"]);
    assert!(!t.is_running());
}

#[test]
fn bt_ctl_03_c10_switch_halts_the_previous_case_before_ticking_the_new_one() {
    let mut w = World::new();
    let mut t = Ctl03::new();
    VAR.with(|v| v.set(V::One));
    step(
        &mut t,
        &mut w,
        Running,
        &["read v", "activate A1", "tick A1 -> Running"],
    );
    VAR.with(|v| v.set(V::FortyTwo));
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "read v",
            "deactivate A1",
            "activate A42",
            "tick A42 -> Running",
        ],
    );
    w.result("A42", Success);
    step(
        &mut t,
        &mut w,
        Success,
        &["read v", "tick A42 -> Success", "deactivate A42"],
    );
    // No case matches: the default.
    VAR.with(|v| v.set(V::Other));
    step(
        &mut t,
        &mut w,
        Running,
        &["read v", "activate DEF", "tick DEF -> Running"],
    );
    w.result("DEF", Success);
    step(
        &mut t,
        &mut w,
        Success,
        &["read v", "tick DEF -> Success", "deactivate DEF"],
    );
    // BehaviorTree.CPP's Switch with no default fails when nothing matches.
    // Here (C10) the cases are a `match` and must be exhaustive (rustc
    // checks it): that failure is written as `_ => fail`. The same ticks:
    // Failure, halting the case that ran.
    let mut t = Ctl03FailDefault::new();
    VAR.with(|v| v.set(V::One));
    step(
        &mut t,
        &mut w,
        Running,
        &["read v", "activate A1", "tick A1 -> Running"],
    );
    VAR.with(|v| v.set(V::Other));
    step(&mut t, &mut w, Failure, &["read v", "deactivate A1"]);
    assert!(!t.is_running());
}
