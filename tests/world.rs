//! The tree's world and the reason a behavior leaves (SPEC T2, L2, P3, F4,
//! I1): `tree Name for Agent, world = W`, `Ctx<W>`, `deactivate(…, Exit)`,
//! the batch preparation step and `Tree<A, W>` used generically.
//!
//! The tests assert the returned status and the exact hook log: after every
//! tick for one tree, per frame and per agent for batches. The hooks log
//! into the world (`ctx.world_mut()`), the channel behaviors emit through;
//! deciding code only reads it (`&Ctx<W>`, SPEC P3), so decides are not
//! logged. A `deactivate` logs its `Exit`:
//! `Completed(Success)`, `Completed(Failure)` or `Halted`.

use std::collections::{BTreeMap, HashMap, HashSet};

use deciders::batch::TraceOne;
use deciders::Status::*;
use deciders::{batch, Behavior, Ctx, Exit, Flags, Frame, Status, Trace, TraceEvent, Tree};

/// Shorthand for building expected logs.
fn log(entries: &[&str]) -> Vec<String> {
    entries.iter().map(|s| s.to_string()).collect()
}

// ======================================================= 1. emitting (T2, P3)

/// The world of the turret tree: one input set by the caller (`threat`),
/// read by the decides, and two buffers the behaviors emit into.
#[derive(Debug, Default)]
struct Requests {
    /// Set by the caller each frame; decides read it.
    threat: f32,
    /// Targets the engine should launch at this frame.
    launches: Vec<u32>,
    /// What the behaviors did, for the test.
    log: Vec<String>,
}

struct Turret {
    target: u32,
    ammo: u32,
    /// Threat below this is ignored.
    nerve: f32,
}

/// A decide that reads the world through `&Ctx<Requests>` (SPEC G2, P3): it
/// cannot push into it, only look.
fn threat_level(t: &Turret, ctx: &Ctx<Requests>) -> f32 {
    if t.ammo == 0 {
        0.0
    } else {
        ctx.world().threat - t.nerve
    }
}

/// Fires one shot per tick into `launches`; its memory counts the shots of
/// this activation (SPEC L3). Succeeds when the ammunition runs out.
#[derive(Default)]
struct Fire {
    shots: u32,
}

impl Behavior<Turret, Requests> for Fire {
    fn activate(&mut self, t: &mut Turret, ctx: &mut Ctx<Requests>) -> Status {
        ctx.world_mut()
            .log
            .push(format!("fire: arm at {}", t.target));
        Running
    }

    fn tick(&mut self, t: &mut Turret, ctx: &mut Ctx<Requests>) -> Status {
        t.ammo -= 1;
        self.shots += 1;
        let w = ctx.world_mut();
        w.launches.push(t.target);
        w.log
            .push(format!("fire: launch {} (shot {})", t.target, self.shots));
        if t.ammo == 0 {
            Success
        } else {
            Running
        }
    }

    fn deactivate(&mut self, _t: &mut Turret, ctx: &mut Ctx<Requests>, exit: Exit) {
        ctx.world_mut()
            .log
            .push(format!("fire: disarm, {} fired, {exit:?}", self.shots));
    }
}

#[derive(Default)]
struct Scan;

impl Behavior<Turret, Requests> for Scan {
    fn activate(&mut self, _t: &mut Turret, ctx: &mut Ctx<Requests>) -> Status {
        ctx.world_mut().log.push("scan: start".into());
        Running
    }

    fn tick(&mut self, _t: &mut Turret, ctx: &mut Ctx<Requests>) -> Status {
        ctx.world_mut().log.push("scan: sweep".into());
        Running
    }

    fn deactivate(&mut self, _t: &mut Turret, ctx: &mut Ctx<Requests>, exit: Exit) {
        ctx.world_mut().log.push(format!("scan: stop {exit:?}"));
    }
}

deciders::tree! {
    /// Fires while the threat the caller reports exceeds the turret's nerve.
    tree Defense for Turret, world = Requests {
        priority {
            fire: when(recheck, decide = threat_level) => Fire,
            scan: Scan,
        }
    }
}

/// One frame: a fresh world holding the caller's `threat`; gives back the
/// tick's status, what was launched and the log.
fn frame(t: &mut Defense, turret: &mut Turret, threat: f32) -> (Status, Vec<u32>, Vec<String>) {
    let mut ctx = Frame::new(0.1).with_world(Requests {
        threat,
        ..Requests::default()
    });
    let status = t.tick(turret, &mut ctx);
    let w = ctx.into_world();
    assert_eq!(
        w.threat, threat,
        "the world comes back as the caller left it"
    );
    (status, w.launches, w.log)
}

#[test]
fn t2_behaviors_emit_into_the_world_and_decides_read_it() {
    // SPEC T2, P3, G2, G3, L2: the caller's threat (in the world) switches
    // the branch; the behaviors' launches and log come back in the world.
    let mut turret = Turret {
        target: 7,
        ammo: 2,
        nerve: 0.5,
    };
    let mut t = Defense::new();
    assert_eq!(
        frame(&mut t, &mut turret, 0.0),
        (Running, vec![], log(&["scan: start", "scan: sweep"]))
    );
    // 0.4 is below the turret's nerve: the decide reads the world and the
    // agent, and still rejects.
    assert_eq!(
        frame(&mut t, &mut turret, 0.4),
        (Running, vec![], log(&["scan: sweep"]))
    );
    // The threat rises: FIRE interrupts SCAN (SPEC D1) and launches in the
    // same tick.
    assert_eq!(
        frame(&mut t, &mut turret, 0.9),
        (
            Running,
            vec![7],
            log(&[
                "scan: stop Halted",
                "fire: arm at 7",
                "fire: launch 7 (shot 1)",
            ])
        )
    );
    // The caller retargets; the recheck still accepts; the last round is
    // fired, FIRE completes, and SCAN takes over in the same tick (SPEC D2).
    turret.target = 8;
    assert_eq!(
        frame(&mut t, &mut turret, 0.9),
        (
            Running,
            vec![8],
            log(&[
                "fire: launch 8 (shot 2)",
                "fire: disarm, 2 fired, Completed(Success)",
                "scan: start",
                "scan: sweep",
            ])
        )
    );
    assert_eq!(turret.ammo, 0);
    // Out of ammunition: the same threat no longer switches.
    assert_eq!(
        frame(&mut t, &mut turret, 0.9),
        (Running, vec![], log(&["scan: sweep"]))
    );
    turret.ammo = 3;
    assert_eq!(
        frame(&mut t, &mut turret, 0.9),
        (
            Running,
            vec![8],
            log(&[
                "scan: stop Halted",
                "fire: arm at 8",
                "fire: launch 8 (shot 1)",
            ])
        )
    );
    // The threat falls: FIRE's recheck reads the world and rejects (SPEC
    // G3): FIRE is halted, not completed, and nothing is launched.
    assert_eq!(
        frame(&mut t, &mut turret, 0.3),
        (
            Running,
            vec![],
            log(&[
                "fire: disarm, 1 fired, Halted",
                "scan: start",
                "scan: sweep",
            ])
        )
    );
    assert_eq!(
        frame(&mut t, &mut turret, 0.3),
        (Running, vec![], log(&["scan: sweep"]))
    );
    assert_eq!(turret.ammo, 2);
}

#[test]
fn t2_one_context_reused_across_frames_keeps_its_world() {
    // SPEC T2: the world is the caller's; the tree never replaces it. Here
    // one context serves three frames and its launch buffer is drained by
    // the caller between them.
    let mut turret = Turret {
        target: 3,
        ammo: 10,
        nerve: 0.0,
    };
    let mut t = Defense::new();
    let mut ctx = Frame::new(0.1).with_world(Requests {
        threat: 1.0,
        ..Requests::default()
    });
    t.tick(&mut turret, &mut ctx);
    t.tick(&mut turret, &mut ctx);
    assert_eq!(std::mem::take(&mut ctx.world_mut().launches), [3, 3]);
    turret.target = 4;
    t.tick(&mut turret, &mut ctx);
    let w = ctx.into_world();
    assert_eq!(w.launches, [4]);
    assert_eq!(
        w.log,
        log(&[
            "fire: arm at 3",
            "fire: launch 3 (shot 1)",
            "fire: launch 3 (shot 2)",
            "fire: launch 4 (shot 3)",
        ])
    );
}

// ================================================ 2. why a behavior leaves (L2)

/// The scripted agent of the `Exit` tests: decide scores, tick results and
/// refused activations by name. Decides read it; only behaviors change it.
#[derive(Default)]
struct Bot {
    scores: HashMap<&'static str, f32>,
    results: HashMap<&'static str, Status>,
    refuse: HashSet<&'static str>,
}

impl Bot {
    fn set(&mut self, name: &'static str, score: f32) -> &mut Self {
        self.scores.insert(name, score);
        self
    }

    fn result(&mut self, name: &'static str, status: Status) -> &mut Self {
        self.results.insert(name, status);
        self
    }

    fn refuse(&mut self, name: &'static str) -> &mut Self {
        self.refuse.insert(name);
        self
    }

    fn score(&self, name: &'static str) -> f32 {
        self.scores.get(name).copied().unwrap_or(0.0)
    }
}

/// A scripted decide: `decide = d("job")`.
fn d(name: &'static str) -> impl Fn(&Bot) -> f32 {
    move |b: &Bot| b.score(name)
}

/// A scripted condition: `Success` while `d(name)` is positive.
fn is(name: &'static str) -> impl Fn(&Bot) -> bool {
    move |b: &Bot| b.score(name) > 0.0
}

/// The hook log: the world of the `Exit` trees.
#[derive(Debug, Default)]
struct Log(Vec<String>);

impl Log {
    fn push(&mut self, entry: String) {
        self.0.push(entry);
    }
}

/// A scripted behavior logging every hook into the world, `deactivate`
/// with its `Exit`.
struct Hook(&'static str);

impl Behavior<Bot, Log> for Hook {
    fn activate(&mut self, b: &mut Bot, ctx: &mut Ctx<Log>) -> Status {
        if b.refuse.contains(self.0) {
            ctx.world_mut()
                .push(format!("activate {} -> Failure", self.0));
            return Failure;
        }
        ctx.world_mut().push(format!("activate {}", self.0));
        Running
    }

    fn tick(&mut self, b: &mut Bot, ctx: &mut Ctx<Log>) -> Status {
        let s = b.results.get(self.0).copied().unwrap_or(Running);
        ctx.world_mut().push(format!("tick {} -> {s:?}", self.0));
        s
    }

    fn deactivate(&mut self, _b: &mut Bot, ctx: &mut Ctx<Log>, exit: Exit) {
        ctx.world_mut()
            .push(format!("deactivate {} {exit:?}", self.0));
    }
}

/// One tick with `dt = 0.1` of any tree over `Bot` and `Log`: its status and
/// the hook log of the tick.
fn step<T: Tree<Bot, Log>>(t: &mut T, b: &mut Bot) -> (Status, Vec<String>) {
    let mut ctx = Frame::new(0.1).with_world(Log::default());
    let s = t.tick(b, &mut ctx);
    (s, ctx.into_world().0)
}

/// `halt`, then the hook log.
fn halted<T: Tree<Bot, Log>>(t: &mut T, b: &mut Bot) -> Vec<String> {
    let mut ctx = Frame::new(0.1).with_world(Log::default());
    t.halt(b, &mut ctx);
    assert!(!t.is_running());
    ctx.into_world().0
}

/// `reset`, then the hook log.
fn reset<T: Tree<Bot, Log>>(t: &mut T, b: &mut Bot) -> Vec<String> {
    let mut ctx = Frame::new(0.1).with_world(Log::default());
    t.reset(b, &mut ctx);
    assert!(!t.is_running());
    ctx.into_world().0
}

deciders::tree! {
    tree Single for Bot, world = Log { Hook("a") }
}

#[test]
fn l2_a_leaf_that_completes_is_told_its_status() {
    // SPEC L1, L2: `Completed(status)` is what its own tick returned.
    let mut b = Bot::default();
    let mut t = Single::new();
    b.result("a", Success);
    assert_eq!(
        step(&mut t, &mut b),
        (
            Success,
            log(&[
                "activate a",
                "tick a -> Success",
                "deactivate a Completed(Success)"
            ])
        )
    );
    b.result("a", Failure);
    assert_eq!(
        step(&mut t, &mut b),
        (
            Failure,
            log(&[
                "activate a",
                "tick a -> Failure",
                "deactivate a Completed(Failure)"
            ])
        )
    );
    // Completing on a later tick than the first.
    b.result("a", Running);
    assert_eq!(
        step(&mut t, &mut b),
        (Running, log(&["activate a", "tick a -> Running"]))
    );
    b.result("a", Failure);
    assert_eq!(
        step(&mut t, &mut b),
        (
            Failure,
            log(&["tick a -> Failure", "deactivate a Completed(Failure)"])
        )
    );
    assert!(!t.is_running());
}

#[test]
fn l2_halt_and_reset_tell_a_running_leaf_it_was_halted() {
    // SPEC C7, O3, L2
    let mut b = Bot::default();
    let mut t = Single::new();
    step(&mut t, &mut b);
    assert_eq!(halted(&mut t, &mut b), log(&["deactivate a Halted"]));
    assert_eq!(halted(&mut t, &mut b), log(&[]), "nothing left to halt");
    step(&mut t, &mut b);
    assert_eq!(reset(&mut t, &mut b), log(&["deactivate a Halted"]));
    assert_eq!(reset(&mut t, &mut b), log(&[]));
}

deciders::tree! {
    tree Prio for Bot, world = Log {
        priority {
            high: when(decide = d("high")) => Hook("high"),
            low: Hook("low"),
        }
    }
}

#[test]
fn d1_an_interrupted_leaf_is_halted_and_the_interrupter_completes() {
    // SPEC D1, D2, L2
    let mut b = Bot::default();
    let mut t = Prio::new();
    assert_eq!(
        step(&mut t, &mut b),
        (Running, log(&["activate low", "tick low -> Running"]))
    );
    b.set("high", 1.0);
    assert_eq!(
        step(&mut t, &mut b),
        (
            Running,
            log(&[
                "deactivate low Halted",
                "activate high",
                "tick high -> Running"
            ])
        )
    );
    b.result("high", Success);
    assert_eq!(
        step(&mut t, &mut b),
        (
            Running,
            log(&[
                "tick high -> Success",
                "deactivate high Completed(Success)",
                "activate low",
                "tick low -> Running",
            ])
        )
    );
}

#[test]
fn l2_a_failed_activate_gets_no_deactivate() {
    // SPEC L2: at the root, in a priority (masked redecide, SPEC D2), as a
    // group behavior (SPEC D7) and as a child of a parallel (SPEC C5).
    let mut b = Bot::default();
    b.refuse("a");
    let mut t = Single::new();
    for _ in 0..2 {
        assert_eq!(
            step(&mut t, &mut b),
            (Failure, log(&["activate a -> Failure"]))
        );
    }
    assert_eq!(halted(&mut t, &mut b), log(&[]));

    let mut b = Bot::default();
    b.set("high", 1.0).refuse("high");
    let mut t = Prio::new();
    assert_eq!(
        step(&mut t, &mut b),
        (
            Running,
            log(&[
                "activate high -> Failure",
                "activate low",
                "tick low -> Running"
            ])
        )
    );

    let mut b = Bot::default();
    b.set("job", 1.0).refuse("group");
    let mut t = Grouped::new();
    assert_eq!(
        step(&mut t, &mut b),
        (
            Running,
            log(&[
                "activate group -> Failure",
                "activate idle",
                "tick idle -> Running"
            ])
        )
    );

    let mut b = Bot::default();
    b.refuse("p1");
    let mut t = Par::new();
    assert_eq!(
        step(&mut t, &mut b),
        (
            Running,
            log(&[
                "activate p1 -> Failure",
                "activate p2",
                "tick p2 -> Running",
                "activate p3",
                "tick p3 -> Running",
            ])
        )
    );
    b.result("p3", Success);
    assert_eq!(
        step(&mut t, &mut b),
        (
            Success,
            log(&[
                "tick p2 -> Running",
                "tick p3 -> Success",
                "deactivate p3 Completed(Success)",
                "deactivate p2 Halted",
            ])
        )
    );
}

deciders::tree! {
    tree Timed for Bot, world = Log {
        timeout(0.25) { Hook("slow") }
    }

    tree TimedGroup for Bot, world = Log {
        timeout(0.25) {
            sequence with Hook("g") { x: Hook("x") }
        }
    }
}

#[test]
fn r6_a_timeout_halts_its_leaf() {
    // SPEC R6, T2, L2: entered at clock 0.1, it times out on the first tick
    // where 0.25 s have passed (clock 0.4).
    let mut b = Bot::default();
    let mut t = Timed::new();
    assert_eq!(
        step(&mut t, &mut b),
        (Running, log(&["activate slow", "tick slow -> Running"]))
    );
    for _ in 0..2 {
        assert_eq!(
            step(&mut t, &mut b),
            (Running, log(&["tick slow -> Running"]))
        );
    }
    assert_eq!(
        step(&mut t, &mut b),
        (Failure, log(&["deactivate slow Halted"]))
    );
    // Started again, it completes before the timeout: told so.
    assert_eq!(
        step(&mut t, &mut b),
        (Running, log(&["activate slow", "tick slow -> Running"]))
    );
    b.result("slow", Success);
    assert_eq!(
        step(&mut t, &mut b),
        (
            Success,
            log(&["tick slow -> Success", "deactivate slow Completed(Success)"])
        )
    );
}

#[test]
fn r6_a_timeout_halts_a_group_and_its_behavior() {
    // SPEC R6, D7, C7: the child first, then the group behavior, both halted.
    let mut b = Bot::default();
    let mut t = TimedGroup::new();
    assert_eq!(
        step(&mut t, &mut b),
        (
            Running,
            log(&[
                "activate g",
                "tick g -> Running",
                "activate x",
                "tick x -> Running"
            ])
        )
    );
    for _ in 0..2 {
        assert_eq!(
            step(&mut t, &mut b),
            (Running, log(&["tick g -> Running", "tick x -> Running"]))
        );
    }
    assert_eq!(
        step(&mut t, &mut b),
        (
            Failure,
            log(&["deactivate x Halted", "deactivate g Halted"])
        )
    );
}

deciders::tree! {
    tree Guarded for Bot, world = Log {
        priority {
            work: when(recheck, decide = d("work")) => Hook("work"),
            team: when(recheck, decide = d("team")) => sequence with Hook("team") {
                drill: Hook("drill"),
            },
            idle: Hook("idle"),
        }
    }
}

#[test]
fn g3_a_failing_recheck_halts_a_leaf() {
    // SPEC G3, D2, L2: a recheck rejecting counts as Failure for the group,
    // but the leaf did not complete: it is halted.
    let mut b = Bot::default();
    b.set("work", 1.0);
    let mut t = Guarded::new();
    assert_eq!(
        step(&mut t, &mut b),
        (Running, log(&["activate work", "tick work -> Running"]))
    );
    assert_eq!(
        step(&mut t, &mut b),
        (Running, log(&["tick work -> Running"]))
    );
    b.set("work", 0.0);
    assert_eq!(
        step(&mut t, &mut b),
        (
            Running,
            log(&[
                "deactivate work Halted",
                "activate idle",
                "tick idle -> Running"
            ])
        )
    );
}

#[test]
fn g3_a_failing_recheck_halts_a_group_and_its_behavior() {
    // SPEC G3, D7, C7
    let mut b = Bot::default();
    b.set("team", 1.0);
    let mut t = Guarded::new();
    assert_eq!(
        step(&mut t, &mut b),
        (
            Running,
            log(&[
                "activate team",
                "tick team -> Running",
                "activate drill",
                "tick drill -> Running",
            ])
        )
    );
    b.set("team", 0.0);
    assert_eq!(
        step(&mut t, &mut b),
        (
            Running,
            log(&[
                "deactivate drill Halted",
                "deactivate team Halted",
                "activate idle",
                "tick idle -> Running",
            ])
        )
    );
}

deciders::tree! {
    tree Par for Bot, world = Log {
        parallel(any) { p1: Hook("p1"), p2: Hook("p2"), p3: Hook("p3") }
    }

    tree Conc for Bot, world = Log {
        concurrent { c1: Hook("c1"), c2: Hook("c2"), c3: Hook("c3") }
    }

    tree Watch for Bot, world = Log {
        reactive_sequence { ok: condition(is("ok")), task: Hook("task") }
    }
}

#[test]
fn c5_parallel_any_halts_the_children_still_running() {
    // SPEC C5, C7, L2: P2 completes (told so), which decides the parallel;
    // P1 (already ticked this tick) and P3 (not yet) are halted, in
    // declaration order.
    let mut b = Bot::default();
    let mut t = Par::new();
    assert_eq!(
        step(&mut t, &mut b),
        (
            Running,
            log(&[
                "activate p1",
                "tick p1 -> Running",
                "activate p2",
                "tick p2 -> Running",
                "activate p3",
                "tick p3 -> Running",
            ])
        )
    );
    b.result("p2", Success);
    assert_eq!(
        step(&mut t, &mut b),
        (
            Success,
            log(&[
                "tick p1 -> Running",
                "tick p2 -> Success",
                "deactivate p2 Completed(Success)",
                "deactivate p1 Halted",
                "deactivate p3 Halted",
            ])
        )
    );
    assert!(!t.is_running());
}

#[test]
fn c6_concurrent_failing_halts_the_children_still_running() {
    // SPEC C6, C7, L2: a child that succeeds is told so and started again
    // next tick; one that fails ends the concurrent and the others, still
    // running, are halted.
    let mut b = Bot::default();
    let mut t = Conc::new();
    assert_eq!(
        step(&mut t, &mut b),
        (
            Running,
            log(&[
                "activate c1",
                "tick c1 -> Running",
                "activate c2",
                "tick c2 -> Running",
                "activate c3",
                "tick c3 -> Running",
            ])
        )
    );
    b.result("c1", Success);
    assert_eq!(
        step(&mut t, &mut b),
        (
            Running,
            log(&[
                "tick c1 -> Success",
                "deactivate c1 Completed(Success)",
                "tick c2 -> Running",
                "tick c3 -> Running",
            ])
        )
    );
    b.result("c1", Running);
    assert_eq!(
        step(&mut t, &mut b),
        (
            Running,
            log(&[
                "activate c1",
                "tick c1 -> Running",
                "tick c2 -> Running",
                "tick c3 -> Running",
            ])
        )
    );
    b.result("c2", Failure);
    assert_eq!(
        step(&mut t, &mut b),
        (
            Failure,
            log(&[
                "tick c1 -> Running",
                "tick c2 -> Failure",
                "deactivate c2 Completed(Failure)",
                "deactivate c1 Halted",
                "deactivate c3 Halted",
            ])
        )
    );
    assert!(!t.is_running());
}

#[test]
fn c2_a_reactive_sequence_whose_condition_fails_halts_its_running_child() {
    // SPEC C2, C7: the parent completes with Failure; TASK did not.
    let mut b = Bot::default();
    b.set("ok", 1.0);
    let mut t = Watch::new();
    assert_eq!(
        step(&mut t, &mut b),
        (Running, log(&["activate task", "tick task -> Running"]))
    );
    b.set("ok", 0.0);
    assert_eq!(
        step(&mut t, &mut b),
        (Failure, log(&["deactivate task Halted"]))
    );
}

deciders::tree! {
    tree Grouped for Bot, world = Log {
        priority {
            alarm: when(decide = d("alarm")) => Hook("alarm"),
            job: when(decide = d("job")) => sequence with Hook("group") {
                step1: Hook("step1"),
                step2: Hook("step2"),
            },
            idle: Hook("idle"),
        }
    }
}

/// `Grouped` with JOB running STEP1.
fn job_running(b: &mut Bot) -> Grouped {
    b.set("job", 1.0);
    let mut t = Grouped::new();
    assert_eq!(
        step(&mut t, b),
        (
            Running,
            log(&[
                "activate group",
                "tick group -> Running",
                "activate step1",
                "tick step1 -> Running",
            ])
        )
    );
    t
}

#[test]
fn d7_a_group_that_completes_tells_its_behavior_the_status() {
    // SPEC D7, C1, L2: the children first, each with its own completion,
    // then the group behavior with the group's.
    let mut b = Bot::default();
    let mut t = job_running(&mut b);
    b.result("step1", Success);
    assert_eq!(
        step(&mut t, &mut b),
        (
            Running,
            log(&[
                "tick group -> Running",
                "tick step1 -> Success",
                "deactivate step1 Completed(Success)",
                "activate step2",
                "tick step2 -> Running",
            ])
        )
    );
    b.result("step2", Success);
    assert_eq!(
        step(&mut t, &mut b),
        (
            Running,
            log(&[
                "tick group -> Running",
                "tick step2 -> Success",
                "deactivate step2 Completed(Success)",
                "deactivate group Completed(Success)",
                "activate idle",
                "tick idle -> Running",
            ])
        )
    );

    // A child failing fails the sequence: the group completed with Failure.
    let mut b = Bot::default();
    let mut t = job_running(&mut b);
    b.result("step1", Failure);
    assert_eq!(
        step(&mut t, &mut b),
        (
            Running,
            log(&[
                "tick group -> Running",
                "tick step1 -> Failure",
                "deactivate step1 Completed(Failure)",
                "deactivate group Completed(Failure)",
                "activate idle",
                "tick idle -> Running",
            ])
        )
    );
}

#[test]
fn d7_a_group_behavior_whose_tick_fails_is_told_completed_failure() {
    // SPEC D7, L2: its running child is halted (it did not complete), the
    // group behavior itself completed with Failure.
    let mut b = Bot::default();
    let mut t = job_running(&mut b);
    b.result("group", Failure);
    assert_eq!(
        step(&mut t, &mut b),
        (
            Running,
            log(&[
                "tick group -> Failure",
                "deactivate step1 Halted",
                "deactivate group Completed(Failure)",
                "activate idle",
                "tick idle -> Running",
            ])
        )
    );

    // Failing on its very first tick: no child was entered.
    let mut b = Bot::default();
    b.set("job", 1.0).result("group", Failure);
    let mut t = Grouped::new();
    assert_eq!(
        step(&mut t, &mut b),
        (
            Running,
            log(&[
                "activate group",
                "tick group -> Failure",
                "deactivate group Completed(Failure)",
                "activate idle",
                "tick idle -> Running",
            ])
        )
    );
}

#[test]
fn d7_an_interrupted_group_halts_its_child_then_its_behavior() {
    // SPEC D1, D7, C7, L2
    let mut b = Bot::default();
    let mut t = job_running(&mut b);
    b.set("alarm", 1.0);
    assert_eq!(
        step(&mut t, &mut b),
        (
            Running,
            log(&[
                "deactivate step1 Halted",
                "deactivate group Halted",
                "activate alarm",
                "tick alarm -> Running",
            ])
        )
    );
}

deciders::tree! {
    tree Decider for Bot, world = Log {
        priority {
            grp: when(decide = d("grp")) => priority with Hook("grp") {
                a: when(decide = d("a")) => Hook("a"),
            },
            idle: Hook("idle"),
        }
    }
}

#[test]
fn d2_a_decider_group_left_with_nothing_to_run_completes() {
    // SPEC D9, D7, L2: accepted, but no child accepts: the group exits with
    // Failure at once (reported), so its behavior completed with Failure.
    let mut b = Bot::default();
    b.set("grp", 1.0);
    let mut t = Decider::new();
    let mut ctx = Frame::new(0.1).with_world(Log::default());
    assert_eq!(t.tick(&mut b, &mut ctx), Running);
    assert_eq!(ctx.report().count(), 1);
    assert_eq!(
        std::mem::take(&mut ctx.world_mut().0),
        log(&[
            "activate grp",
            "tick grp -> Running",
            "deactivate grp Completed(Failure)",
            "activate idle",
            "tick idle -> Running",
        ])
    );
    // SPEC D2: its child exits and nothing else accepts: the group exits
    // with the child's status, and its behavior is told that status.
    b.set("a", 1.0);
    assert_eq!(
        step(&mut t, &mut b),
        (
            Running,
            log(&[
                "deactivate idle Halted",
                "activate grp",
                "tick grp -> Running",
                "activate a",
                "tick a -> Running",
            ])
        )
    );
    b.set("a", 0.0).result("a", Success);
    assert_eq!(
        step(&mut t, &mut b),
        (
            Running,
            log(&[
                "tick grp -> Running",
                "tick a -> Success",
                "deactivate a Completed(Success)",
                "deactivate grp Completed(Success)",
                "activate idle",
                "tick idle -> Running",
            ])
        )
    );
}

#[test]
fn c7_halt_and_reset_halt_a_group_deepest_first() {
    // SPEC C7, O3, L2
    let mut b = Bot::default();
    let mut t = job_running(&mut b);
    assert_eq!(
        halted(&mut t, &mut b),
        log(&["deactivate step1 Halted", "deactivate group Halted"])
    );
    // The next tick starts again from the root.
    assert_eq!(
        step(&mut t, &mut b),
        (
            Running,
            log(&[
                "activate group",
                "tick group -> Running",
                "activate step1",
                "tick step1 -> Running",
            ])
        )
    );
    b.result("step1", Success);
    step(&mut t, &mut b);
    assert_eq!(
        reset(&mut t, &mut b),
        log(&["deactivate step2 Halted", "deactivate group Halted"])
    );
}

// ============================================== 3. batches, serially (F4, D9)

const PANIC: Flags = Flags::bit(0);

/// A squad member. `perception` comes from outside the tree (an engine's
/// perception system, here an array) and is written by the preparation step.
#[derive(Clone, Debug, Default, PartialEq)]
struct Unit {
    id: usize,
    perception: f32,
    confused: bool,
}

/// The world of a squad frame.
#[derive(Clone, Debug, Default, PartialEq)]
struct Snap {
    /// Set by the caller: the perception an enemy must exceed.
    alert: f32,
    /// Written by the preparation step, once per agent.
    prepared: Vec<usize>,
    /// Written by the behaviors: (agent id, hook).
    emitted: Vec<(usize, String)>,
}

/// Reads the agent (prepared this frame) and the world (SPEC G2, P3).
fn spots_enemy(u: &Unit, ctx: &Ctx<Snap>) -> f32 {
    u.perception - ctx.world().alert
}

fn confused(u: &Unit) -> bool {
    u.confused
}

fn never(_: &Unit) -> bool {
    false
}

/// Logs its hooks into the world, tagged with the agent's id.
struct Emit(&'static str);

impl Behavior<Unit, Snap> for Emit {
    fn activate(&mut self, u: &mut Unit, ctx: &mut Ctx<Snap>) -> Status {
        ctx.world_mut()
            .emitted
            .push((u.id, format!("activate {}", self.0)));
        Running
    }

    fn tick(&mut self, u: &mut Unit, ctx: &mut Ctx<Snap>) -> Status {
        ctx.world_mut()
            .emitted
            .push((u.id, format!("tick {}", self.0)));
        Running
    }

    fn deactivate(&mut self, u: &mut Unit, ctx: &mut Ctx<Snap>, exit: Exit) {
        ctx.world_mut()
            .emitted
            .push((u.id, format!("deactivate {} {exit:?}", self.0)));
    }
}

deciders::tree! {
    tree Squad for Unit, world = Snap {
        priority {
            flee: when(any(PANIC)) => Emit("flee"),
            engage: when(recheck, decide = spots_enemy) => Emit("engage"),
            // Breaks the subset rule (SPEC D9) for a confused unit: the
            // group accepts, its only child never does.
            muddle: when(decide = confused) => priority {
                plan: when(decide = never) => Emit("plan"),
            },
            idle: Emit("idle"),
        }
    }
}

fn squad(n: usize, confused: &[usize]) -> (Vec<Squad>, Vec<Unit>) {
    let states = (0..n).map(|_| Squad::new()).collect();
    let units = (0..n)
        .map(|id| Unit {
            id,
            perception: 0.0,
            confused: confused.contains(&id),
        })
        .collect();
    (states, units)
}

/// The preparation step (SPEC F4): writes the agent's perception from the
/// external array, sets its decision flags, and records it in the world.
fn prep<'a>(
    perception: &'a [f32],
    panicked: &'a [usize],
) -> impl Fn(usize, &mut Squad, &mut Unit, &mut Frame<Snap>) + Sync + 'a {
    move |i, _, u, ctx| {
        u.perception = perception[i];
        ctx.set_flags(if panicked.contains(&i) {
            PANIC
        } else {
            Flags::EMPTY
        });
        ctx.world_mut().prepared.push(i);
    }
}

fn frame_world() -> Snap {
    Snap {
        alert: 0.5,
        ..Snap::default()
    }
}

fn emitted(entries: &[(usize, &str)]) -> Vec<(usize, String)> {
    entries.iter().map(|&(i, s)| (i, s.to_string())).collect()
}

#[test]
fn f4_tick_all_prepares_each_agent_before_its_tick() {
    // SPEC F4, G1, G2, G3, D1, D9, L2
    let (mut states, mut units) = squad(6, &[2]);
    let mut ctx = Frame::new(0.1).with_world(frame_world());

    // Frame 1. Unit 3 panics (flags), 1 and 5 see an enemy (perception),
    // 2 is confused: its MUDDLE group breaks the subset rule, is reported,
    // and IDLE runs instead.
    let errors = batch::tick_all(
        &mut states,
        &mut units,
        &mut ctx,
        prep(&[0.0, 0.9, 0.2, 0.7, 0.0, 0.95], &[3]),
    );
    assert_eq!(errors, 1);
    let w = std::mem::replace(ctx.world_mut(), frame_world());
    assert_eq!(w.prepared, [0, 1, 2, 3, 4, 5]);
    assert_eq!(
        w.emitted,
        emitted(&[
            (0, "activate idle"),
            (0, "tick idle"),
            (1, "activate engage"),
            (1, "tick engage"),
            (2, "activate idle"),
            (2, "tick idle"),
            (3, "activate flee"),
            (3, "tick flee"),
            (4, "activate idle"),
            (4, "tick idle"),
            (5, "activate engage"),
            (5, "tick engage"),
        ])
    );
    let seen: Vec<f32> = units.iter().map(|u| u.perception).collect();
    assert_eq!(seen, [0.0, 0.9, 0.2, 0.7, 0.0, 0.95]);

    // Frame 2. Unit 0 now sees the enemy (interrupts IDLE), unit 1 lost it
    // (ENGAGE's recheck halts it), unit 2 is still confused (MUDDLE
    // accepts, interrupting IDLE, fails at once: IDLE is entered again),
    // unit 3 keeps fleeing without the flag (G3: no recheck), unit 4
    // panics, unit 5 keeps engaging.
    let errors = batch::tick_all(
        &mut states,
        &mut units,
        &mut ctx,
        prep(&[0.8, 0.1, 0.0, 0.9, 0.0, 0.95], &[4]),
    );
    assert_eq!(errors, 1);
    let w = ctx.into_world();
    assert_eq!(w.prepared, [0, 1, 2, 3, 4, 5]);
    assert_eq!(
        w.emitted,
        emitted(&[
            (0, "deactivate idle Halted"),
            (0, "activate engage"),
            (0, "tick engage"),
            (1, "deactivate engage Halted"),
            (1, "activate idle"),
            (1, "tick idle"),
            (2, "deactivate idle Halted"),
            (2, "activate idle"),
            (2, "tick idle"),
            (3, "tick flee"),
            (4, "deactivate idle Halted"),
            (4, "activate flee"),
            (4, "tick flee"),
            (5, "tick engage"),
        ])
    );
    // Every unit runs the branch the preparation chose (SPEC I1).
    let running: Vec<&str> = states
        .iter()
        .map(|s| {
            let mut leaf = "";
            s.active_path(|n| leaf = n.name);
            leaf
        })
        .collect();
    assert_eq!(
        running,
        ["engage", "idle", "idle", "flee", "flee", "engage"]
    );
}

#[test]
fn f4_tick_all_counts_only_ticks_that_reported_an_error() {
    // SPEC F4, D9: the count is per tick, not per error kind or per frame;
    // a shared context's report is cleared at the start of every tick.
    let (mut states, mut units) = squad(5, &[0, 3, 4]);
    let mut ctx = Frame::new(0.1).with_world(frame_world());
    let none = [0.0; 5];
    assert_eq!(
        batch::tick_all(&mut states, &mut units, &mut ctx, prep(&none, &[])),
        3
    );
    // Unit 4 (the last one ticked) reported: the context still shows it.
    assert_eq!(ctx.report().count(), 1);
    // A panic flag puts units 0 and 4 on FLEE, higher than MUDDLE: no
    // longer decided, no longer reported.
    assert_eq!(
        batch::tick_all(&mut states, &mut units, &mut ctx, prep(&none, &[0, 4])),
        1
    );
    assert!(ctx.report().is_ok(), "unit 4's tick reported nothing");
    // An empty batch ticks nothing.
    assert_eq!(
        batch::tick_all(&mut states[..0], &mut units, &mut ctx, |_, _, _, _| {
            unreachable!("no agent to prepare")
        }),
        0
    );
}

/// A trace that keeps every event of the ticks it sees, as text.
#[derive(Debug, Default)]
struct Events(Vec<String>);

impl Trace for Events {
    fn event(&mut self, e: TraceEvent) {
        self.0.push(match e {
            TraceEvent::TickStart { .. } => "start".to_string(),
            TraceEvent::Accepted { node, score, .. } => format!("accept {} {score}", node.name),
            TraceEvent::Rejected { node, reason, .. } => format!("reject {} {reason:?}", node.name),
            TraceEvent::Activated { node, .. } => format!("+{}", node.name),
            TraceEvent::ActivateFailed { node, .. } => format!("refused {}", node.name),
            TraceEvent::Ticked { node, status, .. } => format!("tick {} {status:?}", node.name),
            TraceEvent::Deactivated { node, .. } => format!("-{}", node.name),
            TraceEvent::SubsetViolation { node, .. } => format!("subset {}", node.name),
            TraceEvent::TickEnd { status, .. } => format!("end {status:?}"),
            other => format!("{other:?}"),
        });
    }
}

/// The frames of the traced-batch tests: (perception, panicking units).
const TRACED_FRAMES: [([f32; 5], &[usize]); 3] = [
    ([0.0, 0.9, 0.2, 0.0, 0.0], &[]),
    ([0.0, 0.1, 0.2, 0.0, 0.0], &[2]),
    ([0.0, 0.1, 0.0, 0.0, 0.0], &[]),
];

/// Unit 1 across [`TRACED_FRAMES`]: it engages, its recheck fails and it
/// idles, then keeps idling (SPEC G3, D1).
fn unit_1_events() -> [Vec<String>; 3] {
    [
        log(&[
            "start",
            "+root",
            "reject flee DecisionFlags",
            "accept engage 0.39999998",
            "+engage",
            "tick engage Running",
            "end Running",
        ]),
        // The higher priority is looked at first (SPEC D1), then ENGAGE's
        // recheck rejects: the group redecides without it (SPEC D2); IDLE
        // has no guard, so nothing is accepted.
        log(&[
            "start",
            "reject flee DecisionFlags",
            "reject engage Decide(-0.4)",
            "-engage",
            "reject flee DecisionFlags",
            "reject muddle Decide(0.0)",
            "+idle",
            "tick idle Running",
            "end Running",
        ]),
        log(&[
            "start",
            "reject flee DecisionFlags",
            "reject engage Decide(-0.4)",
            "reject muddle Decide(0.0)",
            "tick idle Running",
            "end Running",
        ]),
    ]
}

#[test]
fn i2_tick_all_traced_traces_the_chosen_agent_only() {
    // SPEC I2, F4, D9: unit 1 of five is traced, tick by tick; the batch
    // does exactly what `tick_all` does (same worlds, same states), and
    // the others go untraced.
    let (mut states, mut units) = squad(5, &[2]);
    let (mut plain_states, mut plain_units) = squad(5, &[2]);
    let expected = unit_1_events();
    let mut events = Events::default();
    let mut errors = Vec::new();
    for (k, (perception, panicked)) in TRACED_FRAMES.iter().enumerate() {
        let mut ctx = Frame::new(0.1).with_world(frame_world());
        let traced_errors = batch::tick_all_traced(
            &mut states,
            &mut units,
            &mut ctx,
            prep(perception, panicked),
            TraceOne::new(1, &mut events),
        );
        assert_eq!(std::mem::take(&mut events.0), expected[k], "frame {k}");

        let mut plain = Frame::new(0.1).with_world(frame_world());
        let plain_errors = batch::tick_all(
            &mut plain_states,
            &mut plain_units,
            &mut plain,
            prep(perception, panicked),
        );
        assert_eq!(traced_errors, plain_errors, "frame {k}");
        errors.push(traced_errors);
        assert_eq!(ctx.into_world(), plain.into_world(), "frame {k}");
        assert_eq!(units, plain_units, "frame {k}");
    }
    // Unit 2 broke the subset rule in frame 1 (SPEC D9): counted, like in
    // `tick_all`, and not traced.
    assert_eq!(errors, [1, 0, 0]);
    let leaves = |states: &[Squad]| -> Vec<&'static str> {
        states
            .iter()
            .map(|s| {
                let mut leaf = "";
                s.active_path(|n| leaf = n.name);
                leaf
            })
            .collect()
    };
    assert_eq!(leaves(&states), ["idle", "idle", "flee", "idle", "idle"]);
    assert_eq!(leaves(&states), leaves(&plain_states));
}

#[test]
fn i2_tick_all_traced_gives_each_chosen_agent_its_own_tracer() {
    // SPEC I2, F4, D9: units 1 and 2 traced, each into its own tracer,
    // through each ready-made choice; unit 2's tracer sees its subset-rule
    // violations, unit 1's sees exactly what it saw alone.
    let unit_2 = [
        // MUDDLE accepts, none of its children does: reported (SPEC D9),
        // it fails, and the group decides again without it (SPEC D2).
        log(&[
            "start",
            "+root",
            "reject flee DecisionFlags",
            "reject engage Decide(-0.3)",
            "accept muddle 1",
            "+muddle",
            "reject plan Decide(0.0)",
            "subset muddle",
            "-muddle",
            "reject flee DecisionFlags",
            "reject engage Decide(-0.3)",
            "+idle",
            "tick idle Running",
            "end Running",
        ]),
        log(&[
            "start",
            "accept flee 1",
            "-idle",
            "+flee",
            "tick flee Running",
            "end Running",
        ]),
        // FLEE is the first child and has no recheck (SPEC G3).
        log(&["start", "tick flee Running", "end Running"]),
    ];
    let unit_1 = unit_1_events();

    /// Runs the frames with `tracers`; after each, `take` empties the
    /// tracers of units 1 and 2 and gives their events.
    fn run_frames<Ts: batch::Tracers + ?Sized>(
        tracers: &mut Ts,
        mut take: impl FnMut(&mut Ts) -> (Vec<String>, Vec<String>),
    ) -> Vec<(Vec<String>, Vec<String>)> {
        let (mut states, mut units) = squad(5, &[2]);
        TRACED_FRAMES
            .iter()
            .map(|(perception, panicked)| {
                let mut ctx = Frame::new(0.1).with_world(frame_world());
                batch::tick_all_traced(
                    &mut states,
                    &mut units,
                    &mut ctx,
                    prep(perception, panicked),
                    &mut *tracers,
                );
                take(tracers)
            })
            .collect()
    }
    let expected: Vec<(Vec<String>, Vec<String>)> =
        unit_1.iter().cloned().zip(unit_2.iter().cloned()).collect();

    // One slot per agent; agents 0, 3, 4 untraced.
    let mut slots: Vec<Option<Events>> = vec![
        None,
        Some(Events::default()),
        Some(Events::default()),
        None,
        None,
    ];
    let seen = run_frames(&mut slots, |s| {
        let mut take = |i: usize| std::mem::take(&mut s[i].as_mut().unwrap().0);
        (take(1), take(2))
    });
    assert_eq!(seen, expected);
    assert!(slots[0].is_none() && slots[3].is_none() && slots[4].is_none());

    // A slice shorter than the batch: agents past its end are untraced.
    let mut short: Vec<Option<Events>> =
        vec![None, Some(Events::default()), Some(Events::default())];
    let seen = run_frames(&mut short[..], |s| {
        let mut take = |i: usize| std::mem::take(&mut s[i].as_mut().unwrap().0);
        (take(1), take(2))
    });
    assert_eq!(seen, expected);

    // Maps from index to tracer.
    let mut tree_map: BTreeMap<usize, Events> =
        [(1, Events::default()), (2, Events::default())].into();
    let seen = run_frames(&mut tree_map, |m| {
        let mut take = |i: usize| std::mem::take(&mut m.get_mut(&i).unwrap().0);
        (take(1), take(2))
    });
    assert_eq!(seen, expected);
    assert_eq!(tree_map.len(), 2);

    let mut hash_map: HashMap<usize, Events> =
        [(1, Events::default()), (2, Events::default())].into();
    let seen = run_frames(&mut hash_map, |m| {
        let mut take = |i: usize| std::mem::take(&mut m.get_mut(&i).unwrap().0);
        (take(1), take(2))
    });
    assert_eq!(seen, expected);

    // An index past the batch traces nobody.
    let mut nobody = TraceOne::new(5, Events::default());
    let seen = run_frames(&mut nobody, |t| (std::mem::take(&mut t.trace.0), vec![]));
    assert_eq!(seen, vec![(vec![], vec![]); 3]);
}

// ============================================ 4. batches, in parallel (F4)

#[cfg(feature = "rayon")]
#[test]
fn f4_par_tick_all_gives_each_chunk_its_own_world() {
    // SPEC F4, D9: chunks of 3 over 10 agents, each with its own world; in
    // order, each with its start; together the same as the serial batch.
    // Each frame: (perception, panicking units, errors per chunk). Units 2
    // and 7 are confused: MUDDLE breaks the subset rule whenever it is
    // decided, that is when the unit neither flees nor engages (chunks at 0
    // and 6).
    type Script = ([f32; 10], &'static [usize], [usize; 4]);
    let frames: [Script; 3] = [
        (
            [0.9, 0.0, 0.0, 0.7, 0.0, 0.6, 0.0, 0.0, 0.8, 0.0],
            &[4],
            [1, 0, 1, 0],
        ),
        // Unit 7 engages: chunk 6 reports nothing.
        (
            [0.0, 0.9, 0.0, 0.7, 0.0, 0.1, 0.9, 0.9, 0.8, 0.9],
            &[1, 9],
            [1, 0, 0, 0],
        ),
        // Unit 7's recheck fails; MUDDLE is decided again.
        ([0.0; 10], &[], [1, 0, 1, 0]),
    ];
    let confused = [2, 7];
    let (mut serial_states, mut serial_units) = squad(10, &confused);
    let (mut par_states, mut par_units) = squad(10, &confused);
    for (k, (perception, panicked, chunk_errors)) in frames.iter().enumerate() {
        let mut ctx = Frame::new(0.1).with_world(frame_world());
        let serial_errors = batch::tick_all(
            &mut serial_states,
            &mut serial_units,
            &mut ctx,
            prep(perception, panicked),
        );
        let serial = ctx.into_world();

        let chunks = batch::par_tick_all(
            &mut par_states,
            &mut par_units,
            0.1,
            3,
            frame_world,
            prep(perception, panicked),
        );
        let starts: Vec<usize> = chunks.iter().map(|c| c.start).collect();
        assert_eq!(starts, [0, 3, 6, 9], "frame {k}");
        for c in &chunks {
            let mine: Vec<usize> = (c.start..(c.start + 3).min(10)).collect();
            assert_eq!(c.world.prepared, mine, "frame {k}, chunk {}", c.start);
            let mut ids: Vec<usize> = c.world.emitted.iter().map(|e| e.0).collect();
            ids.dedup();
            assert_eq!(ids, mine, "frame {k}: chunk {} emitted", c.start);
            assert_eq!(c.world.alert, 0.5);
        }
        let errors: Vec<usize> = chunks.iter().map(|c| c.errors).collect();
        assert_eq!(errors, chunk_errors, "frame {k}");
        assert_eq!(
            serial_errors,
            chunk_errors.iter().sum::<usize>(),
            "frame {k}"
        );

        let prepared: Vec<usize> = chunks
            .iter()
            .flat_map(|c| c.world.prepared.iter().copied())
            .collect();
        assert_eq!(prepared, serial.prepared, "frame {k}");
        let union: Vec<(usize, String)> =
            chunks.into_iter().flat_map(|c| c.world.emitted).collect();
        assert_eq!(union, serial.emitted, "frame {k}");
        assert_eq!(par_units, serial_units, "frame {k}");
    }
}

#[cfg(feature = "rayon")]
#[test]
fn f4_par_tick_all_prepares_each_agent_with_its_index_in_the_whole_slice() {
    // SPEC F4: whatever the chunk size (0 counts as 1; one that does not
    // divide the slice; one larger than it), `prep` gets each agent's own
    // index, once, and each chunk starts where it should.
    for chunk in [0, 1, 2, 3, 4, 7, 10, 11] {
        let (mut states, mut units) = squad(10, &[]);
        let chunks = batch::par_tick_all(
            &mut states,
            &mut units,
            0.1,
            chunk,
            frame_world,
            |i, _, u: &mut Unit, ctx: &mut Frame<Snap>| {
                u.perception = i as f32;
                ctx.world_mut().prepared.push(i);
            },
        );
        let seen: Vec<f32> = units.iter().map(|u| u.perception).collect();
        let own: Vec<f32> = (0..10).map(|i| i as f32).collect();
        assert_eq!(
            seen, own,
            "chunk size {chunk}: each agent prepared with its index"
        );
        let size = chunk.max(1);
        let starts: Vec<usize> = chunks.iter().map(|c| c.start).collect();
        assert_eq!(
            starts,
            (0..10).step_by(size).collect::<Vec<_>>(),
            "chunk size {chunk}"
        );
        for c in &chunks {
            let mine: Vec<usize> = (c.start..(c.start + size).min(10)).collect();
            assert_eq!(c.world.prepared, mine, "chunk size {chunk}");
            assert!(c.panics.is_empty());
        }
    }
}

/// A worker of the panic tests: counts its preparations and ticks; its
/// behavior panics while `panic_in_tick` is set.
#[derive(Debug, Default)]
struct Worker {
    id: usize,
    prepared: u32,
    ticks: u32,
    panic_in_tick: bool,
}

/// Logs its hooks into the world, then panics when the worker says so, after
/// emitting.
#[derive(Default)]
struct Work;

impl Behavior<Worker, Snap> for Work {
    fn activate(&mut self, w: &mut Worker, ctx: &mut Ctx<Snap>) -> Status {
        ctx.world_mut().emitted.push((w.id, "activate".into()));
        Running
    }

    fn tick(&mut self, w: &mut Worker, ctx: &mut Ctx<Snap>) -> Status {
        w.ticks += 1;
        ctx.world_mut().emitted.push((w.id, "tick".into()));
        if w.panic_in_tick {
            panic!("worker {} fell", w.id);
        }
        Running
    }

    fn deactivate(&mut self, w: &mut Worker, ctx: &mut Ctx<Snap>, exit: Exit) {
        ctx.world_mut()
            .emitted
            .push((w.id, format!("deactivate {exit:?}")));
    }
}

deciders::tree! {
    tree Shift for Worker, world = Snap { sequence { work: Work } }
}

fn crew(n: usize) -> (Vec<Shift>, Vec<Worker>) {
    let states = (0..n).map(|_| Shift::new()).collect();
    let workers = (0..n)
        .map(|id| Worker {
            id,
            ..Worker::default()
        })
        .collect();
    (states, workers)
}

/// Counts the preparation into the worker and the world; panics for the
/// agents in `panic_in_prep` (before the tick: those are not ticked).
fn prep_crew<'a>(
    panic_in_prep: &'a [usize],
) -> impl Fn(usize, &mut Shift, &mut Worker, &mut Frame<Snap>) + Sync + 'a {
    move |i, _, w, ctx| {
        w.prepared += 1;
        ctx.world_mut().prepared.push(i);
        if panic_in_prep.contains(&i) {
            std::panic::panic_any(i as u32);
        }
    }
}

#[cfg(feature = "rayon")]
#[test]
fn f4_a_panic_in_par_tick_all_is_reported_and_every_other_agent_is_ticked() {
    // SPEC F4, T4: 10 workers in chunks of 3 (starts 0, 3, 6, 9). Frame 1:
    // worker 4 panics in its tick, after emitting. Its chunk goes on with
    // worker 5; every world comes back with what was emitted into it; the
    // panic is reported with the index and the payload.
    let (mut states, mut workers) = crew(10);
    workers[4].panic_in_tick = true;
    let chunks = batch::par_tick_all(
        &mut states,
        &mut workers,
        0.1,
        3,
        frame_world,
        prep_crew(&[]),
    );
    let starts: Vec<usize> = chunks.iter().map(|c| c.start).collect();
    assert_eq!(starts, [0, 3, 6, 9]);
    for c in &chunks {
        let mine: Vec<usize> = (c.start..(c.start + 3).min(10)).collect();
        assert_eq!(c.world.prepared, mine, "chunk {}", c.start);
        let expected: Vec<(usize, String)> = mine
            .iter()
            .flat_map(|&i| [(i, "activate".to_string()), (i, "tick".to_string())])
            .collect();
        // Worker 4's "activate" and "tick" were emitted before its panic.
        assert_eq!(c.world.emitted, expected, "chunk {}", c.start);
        assert_eq!(c.errors, 0);
        if c.start != 3 {
            assert!(c.panics.is_empty(), "chunk {}", c.start);
        }
    }
    let panicked = &chunks[1].panics;
    assert_eq!(panicked.len(), 1);
    assert_eq!(panicked[0].index, 4);
    assert_eq!(panicked[0].message(), Some("worker 4 fell"));
    assert_eq!(
        panicked[0]
            .payload
            .downcast_ref::<String>()
            .map(String::as_str),
        Some("worker 4 fell")
    );
    assert_eq!(
        format!("{:?}", panicked[0]),
        r#"Panicked { index: 4, message: "worker 4 fell" }"#
    );
    // Every worker was prepared and ticked exactly once, worker 4 included
    // (its tick ran up to the panic).
    let counts: Vec<(u32, u32)> = workers.iter().map(|w| (w.prepared, w.ticks)).collect();
    assert_eq!(counts, vec![(1, 1); 10]);
    // Worker 4's state is as if dropped (T4): nothing runs; the others run.
    let running: Vec<bool> = states.iter().map(|s| s.is_running()).collect();
    let mut expected = vec![true; 10];
    expected[4] = false;
    assert_eq!(running, expected);

    // Frame 2: nobody panics. Worker 4 starts again from the root (a fresh
    // activation; its old memory got no `deactivate`), the others go on.
    workers[4].panic_in_tick = false;
    let chunks = batch::par_tick_all(
        &mut states,
        &mut workers,
        0.1,
        3,
        frame_world,
        prep_crew(&[]),
    );
    let all: Vec<(usize, String)> = chunks
        .iter()
        .flat_map(|c| c.world.emitted.clone())
        .collect();
    let mut expected: Vec<(usize, String)> = (0..10).map(|i| (i, "tick".to_string())).collect();
    expected.insert(4, (4, "activate".to_string()));
    assert_eq!(all, expected);
    assert!(chunks.iter().all(|c| c.panics.is_empty()));
    assert!(states.iter().all(Shift::is_running));

    // Frame 3: two panics in one chunk (workers 6 and 7, in their ticks),
    // one in `prep` (worker 9, alone in its chunk: not ticked, and its
    // payload is no message). Reported in index order, chunk by chunk.
    workers[6].panic_in_tick = true;
    workers[7].panic_in_tick = true;
    let chunks = batch::par_tick_all(
        &mut states,
        &mut workers,
        0.1,
        3,
        frame_world,
        prep_crew(&[9]),
    );
    let panics: Vec<(usize, usize, Option<&str>)> = chunks
        .iter()
        .flat_map(|c| c.panics.iter().map(|p| (c.start, p.index, p.message())))
        .collect();
    assert_eq!(
        panics,
        [
            (6, 6, Some("worker 6 fell")),
            (6, 7, Some("worker 7 fell")),
            (9, 9, None)
        ]
    );
    assert_eq!(chunks[3].panics[0].payload.downcast_ref::<u32>(), Some(&9));
    assert_eq!(
        format!("{:?}", chunks[3].panics[0]),
        r#"Panicked { index: 9, payload: "<not a message>" }"#
    );
    assert_eq!(
        chunks[2].world.emitted,
        emitted(&[(6, "tick"), (7, "tick"), (8, "tick")])
    );
    assert_eq!(chunks[3].world.prepared, [9]);
    assert!(chunks[3].world.emitted.is_empty());
    let counts: Vec<(u32, u32)> = workers.iter().map(|w| (w.prepared, w.ticks)).collect();
    let mut expected = vec![(3, 3); 10];
    expected[9] = (3, 2);
    assert_eq!(counts, expected);
    // Worker 9 panicked before its tick: its state still runs.
    let running: Vec<bool> = states.iter().map(|s| s.is_running()).collect();
    let mut expected = vec![true; 10];
    expected[6] = false;
    expected[7] = false;
    assert_eq!(running, expected);

    // The caller may fail the frame with the first panic once it took the
    // worlds: `resume` unwinds with the same payload.
    let mut chunks = chunks;
    let first = chunks[2].panics.remove(0);
    let resumed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| first.resume()));
    let payload = resumed.expect_err("resume unwinds");
    assert_eq!(
        payload.downcast_ref::<String>().map(String::as_str),
        Some("worker 6 fell")
    );
}

#[test]
fn t4_a_panic_in_tick_all_unwinds_and_the_agents_after_it_are_not_ticked() {
    // SPEC T4, F4: the serial loop catches nothing. The caller who catches
    // the panic keeps the context and what was emitted into it; the agents
    // after the one that panicked were neither prepared nor ticked.
    let (mut states, mut workers) = crew(5);
    workers[2].panic_in_tick = true;
    let mut ctx = Frame::new(0.1).with_world(frame_world());
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        batch::tick_all(&mut states, &mut workers, &mut ctx, prep_crew(&[]))
    }));
    let payload = caught.expect_err("the panic unwinds out of tick_all");
    assert_eq!(
        payload.downcast_ref::<String>().map(String::as_str),
        Some("worker 2 fell")
    );
    let w = ctx.into_world();
    assert_eq!(w.prepared, [0, 1, 2]);
    assert_eq!(
        w.emitted,
        emitted(&[
            (0, "activate"),
            (0, "tick"),
            (1, "activate"),
            (1, "tick"),
            (2, "activate"),
            (2, "tick"),
        ])
    );
    let counts: Vec<(u32, u32)> = workers.iter().map(|w| (w.prepared, w.ticks)).collect();
    assert_eq!(counts, [(1, 1), (1, 1), (1, 1), (0, 0), (0, 0)]);
    let running: Vec<bool> = states.iter().map(|s| s.is_running()).collect();
    assert_eq!(running, [true, true, false, false, false]);
}

// ===================================== 5. Tree<A, W> used generically (I1, T2)

/// What [`run`] saw after one tick.
#[derive(Debug, PartialEq)]
struct Seen {
    status: Status,
    /// The tree clock, in tenths of a second.
    tenths: i64,
    path: Vec<&'static str>,
}

/// Ticks any tree `frames` times with `ctx`, recording after each tick its
/// status, clock (SPEC T2) and active path (SPEC I1).
fn run<A, W, T: Tree<A, W>>(
    t: &mut T,
    agent: &mut A,
    ctx: &mut Frame<W>,
    frames: usize,
) -> Vec<Seen> {
    assert_eq!(T::shape()[0].name, "root");
    (0..frames)
        .map(|_| {
            let status = t.tick(agent, ctx);
            let mut path = Vec::new();
            t.active_path(|n| path.push(n.name));
            Seen {
                status,
                tenths: (t.now() * 10.0).round() as i64,
                path,
            }
        })
        .collect()
}

fn seen(status: Status, tenths: i64, path: &[&'static str]) -> Seen {
    Seen {
        status,
        tenths,
        path: path.to_vec(),
    }
}

/// Halts any tree; afterwards nothing is active.
fn stop<A, W, T: Tree<A, W>>(t: &mut T, agent: &mut A, ctx: &mut Frame<W>) {
    t.halt(agent, ctx);
    assert!(!t.is_running());
    let mut visited = 0;
    t.active_path(|_| visited += 1);
    assert_eq!(visited, 0);
}

/// A group behavior that logs the tree clock its hooks see (SPEC T2).
#[derive(Default)]
struct Stamp;

impl Behavior<Bot, Log> for Stamp {
    fn activate(&mut self, _b: &mut Bot, ctx: &mut Ctx<Log>) -> Status {
        let now = ctx.now();
        ctx.world_mut().push(format!("patrol activate at {now:.1}"));
        Running
    }

    fn deactivate(&mut self, _b: &mut Bot, ctx: &mut Ctx<Log>, exit: Exit) {
        let now = ctx.now();
        ctx.world_mut()
            .push(format!("patrol deactivate {exit:?} at {now:.1}"));
    }
}

deciders::tree! {
    tree Patrol for Bot, world = Log {
        sequence with Stamp {
            walk: Hook("walk"),
            pause: wait(0.25),
            look: Hook("look"),
        }
    }
}

#[test]
fn i1_a_generic_driver_sees_the_clock_and_the_active_path() {
    // SPEC I1, T2, L7, C1, C7, O3
    let mut b = Bot::default();
    b.result("walk", Success);
    let mut t = Patrol::new();
    let mut ctx = Frame::new(0.1).with_world(Log::default());
    assert_eq!(
        run(&mut t, &mut b, &mut ctx, 4),
        [
            seen(Running, 1, &["root", "pause"]),
            seen(Running, 2, &["root", "pause"]),
            seen(Running, 3, &["root", "pause"]),
            // 0.3 s after the wait started at 0.1: LOOK runs.
            seen(Running, 4, &["root", "look"]),
        ]
    );
    assert_eq!(
        std::mem::take(&mut ctx.world_mut().0),
        log(&[
            "patrol activate at 0.1",
            "activate walk",
            "tick walk -> Success",
            "deactivate walk Completed(Success)",
            "activate look",
            "tick look -> Running",
        ])
    );
    // `halt` with a context whose clock says 0: the hooks still see the
    // tree clock (0.4), and the tree keeps it.
    let mut fresh = Frame::new(0.0).with_world(Log::default());
    stop(&mut t, &mut b, &mut fresh);
    assert_eq!(
        fresh.into_world().0,
        log(&["deactivate look Halted", "patrol deactivate Halted at 0.4"])
    );
    assert_eq!((t.now() * 10.0).round(), 4.0);
    // Started again from the root, on the same clock.
    assert_eq!(
        run(&mut t, &mut b, &mut ctx, 1),
        [seen(Running, 5, &["root", "pause"])]
    );
    assert_eq!(
        std::mem::take(&mut ctx.world_mut().0),
        log(&[
            "patrol activate at 0.5",
            "activate walk",
            "tick walk -> Success",
            "deactivate walk Completed(Success)",
        ])
    );
    // `reset`: the hooks see the clock from before (0.5); then it is 0.
    let mut fresh = Frame::new(0.0).with_world(Log::default());
    Tree::reset(&mut t, &mut b, &mut fresh);
    assert_eq!(
        fresh.into_world().0,
        log(&["patrol deactivate Halted at 0.5"])
    );
    assert_eq!(Tree::<Bot, Log>::now(&t), 0.0);
    assert!(!Tree::<Bot, Log>::is_running(&t));
    assert_eq!(
        run(&mut t, &mut b, &mut ctx, 1),
        [seen(Running, 1, &["root", "pause"])]
    );
}

#[test]
fn t2_the_same_generic_driver_runs_a_tree_of_another_agent_and_world() {
    // SPEC T2, F3, I1: DEFENSE has no time-based node, so it carries no
    // clock: `now()` stays 0 however long it runs.
    let mut turret = Turret {
        target: 1,
        ammo: 5,
        nerve: 0.5,
    };
    let mut t = Defense::new();
    let mut ctx = Frame::new(0.1).with_world(Requests::default());
    assert_eq!(
        run(&mut t, &mut turret, &mut ctx, 2),
        [
            seen(Running, 0, &["root", "scan"]),
            seen(Running, 0, &["root", "scan"]),
        ]
    );
    ctx.world_mut().threat = 0.9;
    assert_eq!(
        run(&mut t, &mut turret, &mut ctx, 1),
        [seen(Running, 0, &["root", "fire"])]
    );
    assert_eq!(ctx.world().launches, [1]);
    stop(&mut t, &mut turret, &mut ctx);
    assert_eq!(
        ctx.world().log.last().map(String::as_str),
        Some("fire: disarm, 1 fired, Halted")
    );
}
