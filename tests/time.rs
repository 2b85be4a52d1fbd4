//! SPEC T2: time cannot freeze, and every hook sees the tree clock.
//!
//! - A `dt` beyond `Frame::MAX_DT` (one hour) counts as `Frame::MAX_DT`: after
//!   one absurd frame (`3e14`, `1e30`, `f32::MAX`) the `f64` tree clock still
//!   has the precision to count ordinary frames, so every timed node (`wait`,
//!   an `every` guard, `timeout`, `delay`, `cooldown`, `cooldown_on_failure`)
//!   completes exactly on time afterwards, tick by tick.
//! - `halt` and `reset` called from outside give the hooks the tree's own
//!   clock in `ctx.now()`, whatever the caller's context held.

mod common;
use common::*;
use deciders::Status::*;
use deciders::{Behavior, Ctx, Exit, Frame, Status, Tree};

/// Absurd frame lengths a game might pass once (a debugger pause, a bad
/// timestamp), next to the cap itself.
const HUGE: &[f32] = &[3e14, 1e30, f32::MAX, Frame::MAX_DT];

/// An ordinary frame.
const DT: f32 = 0.1;

deciders::tree! {
    tree Wait for World { sequence { wait(1.0), Act("done") } }

    tree Every for World {
        priority {
            beat: when(every(1.0), decide = d("beat")) => Act("beat"),
            idle: Act("idle"),
        }
    }

    tree Timeout for World { fallback { timeout(1.0) { Act("slow") }, Act("after") } }

    tree Delay for World { delay(1.0) { Act("late") } }

    tree Cooldown for World { selector { cooldown(1.0) { Act("cd") }, Act("rest") } }

    tree CooldownOnFailure for World {
        selector { cooldown_on_failure(1.0) { Act("cf") }, Act("rest") }
    }
}

/// Ticks `t` once per `dt` and returns each tick's hook log.
fn run<T: Tree<World>>(t: &mut T, w: &mut World, dts: &[f32]) -> Vec<Vec<String>> {
    dts.iter()
        .map(|&dt| {
            t.tick(w, &mut Frame::new(dt));
            w.take()
        })
        .collect()
}

/// `n` frames: the first lasts `first`, the others are ordinary.
fn frames(first: f32, n: usize) -> Vec<f32> {
    let mut f = vec![DT; n];
    f[0] = first;
    f
}

/// `n` ticks whose log is `each`, except the ticks (1-based) listed in
/// `special`.
fn expect(n: usize, each: &[&str], special: &[(usize, &[&str])]) -> Vec<Vec<String>> {
    (1..=n)
        .map(|i| match special.iter().find(|(k, _)| *k == i) {
            Some((_, e)) => log(e),
            None => log(each),
        })
        .collect()
}

/// In every test below, tick 1 lasts `huge` and puts the clock at exactly
/// 3600; tick `k > 1` is at `3600 + (k - 1) × 0.1`, so a 1-second duration
/// started at tick 1 is over at tick 11, and one started at tick 11 at
/// tick 21. (An `f32` 0.1 is slightly more than 0.1, so ten of them are at
/// least one second.)
#[test]
fn t2_wait_completes_on_time_after_a_huge_frame() {
    for &huge in HUGE {
        let (mut w, mut t) = (World::new(), Wait::new());
        let got = run(&mut t, &mut w, &frames(huge, 12));
        assert_eq!(t.now(), 3600.0 + 11.0 * f64::from(DT), "dt {huge}");
        let want = expect(
            12,
            &[],
            &[
                (11, &["activate done", "tick done -> Running"]),
                (12, &["tick done -> Running"]),
            ],
        );
        assert_eq!(got, want, "dt {huge}");
    }
}

#[test]
fn t2_a_huge_frame_during_a_wait_ends_it_then_waits_run_on_time() {
    // A wait entered at 0.1 is over after the huge frame; the next one,
    // entered when the tree restarts, takes one second again.
    deciders::tree! {
        tree Waits for World { sequence { wait(1.0), Act("done") } }
    }
    for &huge in HUGE {
        let (mut w, mut t) = (World::new(), Waits::new());
        w.result("done", Success);
        let mut dts = vec![DT; 14];
        dts[1] = huge;
        let got = run(&mut t, &mut w, &dts);
        let done: &[&str] = &["activate done", "tick done -> Success", "deactivate done"];
        // Tick 2 completes the first wait; tick 3 enters the second at
        // 3600.1 + 0.1, which completes ten ticks later.
        let want = expect(14, &[], &[(2, done), (13, done)]);
        assert_eq!(got, want, "dt {huge}");
    }
}

#[test]
fn t2_every_fires_on_time_after_a_huge_frame() {
    for &huge in HUGE {
        let (mut w, mut t) = (World::new(), Every::new());
        w.set("beat", 1.0).result("beat", Success);
        let got = run(&mut t, &mut w, &frames(huge, 22));
        let beat_then_idle: &[&str] = &[
            "decide beat",
            "activate beat",
            "tick beat -> Success",
            "deactivate beat",
            "activate idle",
            "tick idle -> Running",
        ];
        let interrupt: &[&str] = &[
            "decide beat",
            "deactivate idle",
            "activate beat",
            "tick beat -> Success",
            "deactivate beat",
            "activate idle",
            "tick idle -> Running",
        ];
        let want = expect(
            22,
            &["tick idle -> Running"],
            &[(1, beat_then_idle), (11, interrupt), (21, interrupt)],
        );
        assert_eq!(got, want, "dt {huge}");
    }
}

#[test]
fn t2_every_fires_on_the_huge_frame_then_on_time() {
    for &huge in HUGE {
        let (mut w, mut t) = (World::new(), Every::new());
        w.set("beat", 1.0).result("beat", Success);
        let mut dts = vec![DT; 13];
        dts[1] = huge;
        let got = run(&mut t, &mut w, &dts);
        let beat_then_idle: &[&str] = &[
            "decide beat",
            "activate beat",
            "tick beat -> Success",
            "deactivate beat",
            "activate idle",
            "tick idle -> Running",
        ];
        let interrupt: &[&str] = &[
            "decide beat",
            "deactivate idle",
            "activate beat",
            "tick beat -> Success",
            "deactivate beat",
            "activate idle",
            "tick idle -> Running",
        ];
        let want = expect(
            13,
            &["tick idle -> Running"],
            &[(1, beat_then_idle), (2, interrupt), (12, interrupt)],
        );
        assert_eq!(got, want, "dt {huge}");
    }
}

#[test]
fn t2_timeout_fires_on_time_after_a_huge_frame() {
    for &huge in HUGE {
        let (mut w, mut t) = (World::new(), Timeout::new());
        let got = run(&mut t, &mut w, &frames(huge, 12));
        let want = expect(
            12,
            &["tick slow -> Running"],
            &[
                (1, &["activate slow", "tick slow -> Running"]),
                (
                    11,
                    &["deactivate slow", "activate after", "tick after -> Running"],
                ),
                (12, &["tick after -> Running"]),
            ],
        );
        assert_eq!(got, want, "dt {huge}");
    }
}

#[test]
fn t2_a_huge_frame_times_out_a_running_child_then_timeouts_run_on_time() {
    deciders::tree! {
        tree Timeouts for World { sequence { timeout(1.0) { Act("slow") }, Act("after") } }
    }
    for &huge in HUGE {
        let (mut w, mut t) = (World::new(), Timeouts::new());
        let mut dts = vec![DT; 14];
        dts[1] = huge;
        let got = run(&mut t, &mut w, &dts);
        // Tick 2 times the child out (the sequence fails); tick 3 starts
        // again at 3600.1 + 0.1 and times out ten ticks later.
        let start: &[&str] = &["activate slow", "tick slow -> Running"];
        let want = expect(
            14,
            &["tick slow -> Running"],
            &[
                (1, start),
                (2, &["deactivate slow"]),
                (3, start),
                (13, &["deactivate slow"]),
                (14, start),
            ],
        );
        assert_eq!(got, want, "dt {huge}");
    }
}

#[test]
fn t2_delay_ends_on_time_after_a_huge_frame() {
    for &huge in HUGE {
        let (mut w, mut t) = (World::new(), Delay::new());
        let got = run(&mut t, &mut w, &frames(huge, 12));
        let want = expect(
            12,
            &[],
            &[
                (11, &["activate late", "tick late -> Running"]),
                (12, &["tick late -> Running"]),
            ],
        );
        assert_eq!(got, want, "dt {huge}");
    }
}

#[test]
fn t2_cooldown_ends_on_time_after_a_huge_frame() {
    for &huge in HUGE {
        let (mut w, mut t) = (World::new(), Cooldown::new());
        w.result("cd", Success);
        let got = run(&mut t, &mut w, &frames(huge, 12));
        let cd: &[&str] = &["activate cd", "tick cd -> Success", "deactivate cd"];
        // Tick 1: `cd` runs and is stamped at 3600; the root succeeds.
        // Ticks 2–10: on cooldown, `rest` runs. Tick 11: due again, `cd`
        // succeeds, which halts `rest`; tick 12 is on cooldown again.
        let want = expect(
            12,
            &["tick rest -> Running"],
            &[
                (1, cd),
                (2, &["activate rest", "tick rest -> Running"]),
                (
                    11,
                    &[
                        "activate cd",
                        "tick cd -> Success",
                        "deactivate cd",
                        "deactivate rest",
                    ],
                ),
                (12, &["activate rest", "tick rest -> Running"]),
            ],
        );
        assert_eq!(got, want, "dt {huge}");
    }
}

#[test]
fn t2_cooldown_on_failure_ends_on_time_after_a_huge_frame() {
    for &huge in HUGE {
        let (mut w, mut t) = (World::new(), CooldownOnFailure::new());
        w.result("cf", Failure);
        let got = run(&mut t, &mut w, &frames(huge, 12));
        let want = expect(
            12,
            &["tick rest -> Running"],
            &[
                (
                    1,
                    &[
                        "activate cf",
                        "tick cf -> Failure",
                        "deactivate cf",
                        "activate rest",
                        "tick rest -> Running",
                    ],
                ),
                (
                    11,
                    &[
                        "activate cf",
                        "tick cf -> Failure",
                        "deactivate cf",
                        "tick rest -> Running",
                    ],
                ),
            ],
        );
        assert_eq!(got, want, "dt {huge}");
    }
}

#[test]
fn t2_only_the_huge_frame_is_capped() {
    // Garbage still counts as no time at all, and a normal long frame is
    // not touched.
    for (dt, now) in [
        (f32::INFINITY, 0.0),
        (f32::NEG_INFINITY, 0.0),
        (f32::NAN, 0.0),
        (-1e30, 0.0),
        (1e30, 3600.0),
        (3599.5, 3599.5),
    ] {
        let (mut w, mut t) = (World::new(), Wait::new());
        t.tick(&mut w, &mut Frame::new(dt));
        assert_eq!(t.now(), now, "dt {dt}");
        let mut ctx = Frame::new(0.5);
        ctx.set_dt(dt);
        t.tick(&mut w, &mut ctx);
        assert_eq!(t.now(), 2.0 * now, "set_dt {dt}");
    }
}

// ------------------------------------------------ halt and reset from outside

/// Logs the clock it sees in every hook.
struct Clocked(&'static str);

impl Behavior<World> for Clocked {
    fn activate(&mut self, w: &mut World, ctx: &mut Ctx) -> Status {
        w.push(format!("activate {} at {}", self.0, ctx.now()));
        Running
    }

    fn deactivate(&mut self, w: &mut World, ctx: &mut Ctx, _exit: Exit) {
        w.push(format!("deactivate {} at {}", self.0, ctx.now()));
    }
}

deciders::tree! {
    /// A tree with a clock (it has a timed node).
    tree Timed for World {
        sequence with Clocked("g") { timeout(100.0) { Clocked("x") } }
    }

    /// A tree without one.
    tree Untimed for World {
        sequence with Clocked("g") { Clocked("y") }
    }
}

#[test]
fn t2_halt_from_outside_shows_the_tree_clock() {
    let (mut w, mut t) = (World::new(), Timed::new());
    for _ in 0..3 {
        t.tick(&mut w, &mut Frame::new(0.5));
    }
    assert_eq!(w.take(), log(&["activate g at 0.5", "activate x at 0.5"]));
    // A fresh frame: the clock the hooks see is the state's, lent by it.
    let mut ctx = Frame::new(0.1);
    t.halt(&mut w, &mut ctx);
    assert_eq!(
        w.take(),
        log(&["deactivate x at 1.5", "deactivate g at 1.5"])
    );
    // Halting does not advance the clock.
    assert_eq!(t.now(), 1.5);
}

#[test]
fn t2_reset_from_outside_shows_the_clock_from_before_the_reset() {
    let (mut w, mut t) = (World::new(), Timed::new());
    for _ in 0..3 {
        t.tick(&mut w, &mut Frame::new(0.5));
    }
    w.take();
    // A frame reused from an agent whose clock is far ahead.
    let mut ctx = Frame::new(0.5);
    let mut other = Timed::new();
    other.tick(&mut World::new(), &mut Frame::new(3000.0));
    other.tick(&mut World::new(), &mut ctx);
    assert_eq!(other.now(), 3000.5);
    t.reset(&mut w, &mut ctx);
    assert_eq!(
        w.take(),
        log(&["deactivate x at 1.5", "deactivate g at 1.5"])
    );
    assert_eq!(t.now(), 0.0);
    t.tick(&mut w, &mut Frame::new(0.5));
    assert_eq!(w.take(), log(&["activate g at 0.5", "activate x at 0.5"]));
}

#[test]
fn t2_halt_of_a_tree_without_clock_shows_zero() {
    // SPEC F3: a tree with no timed node carries no clock; its hooks see 0
    // even when the caller's frame was last used by a tree that has one.
    let (mut w, mut t) = (World::new(), Untimed::new());
    t.tick(&mut w, &mut Frame::new(0.5));
    assert_eq!(w.take(), log(&["activate g at 0", "activate y at 0"]));
    let mut ctx = Frame::new(0.5);
    let mut timed = Timed::new();
    timed.tick(&mut World::new(), &mut ctx);
    assert_eq!(timed.now(), 0.5);
    t.halt(&mut w, &mut ctx);
    assert_eq!(w.take(), log(&["deactivate y at 0", "deactivate g at 0"]));
}

deciders::tree! {
    /// Durations with units: `ms` is milliseconds, `s` (or nothing) seconds.
    tree Units for World {
        sequence {
            wait(250ms),
            timeout(0.5s) { Act("slow") },
            wait(1),
        }
    }
}

#[test]
fn durations_in_milliseconds_and_seconds_mean_what_they_say() {
    // 0.05 s frames: wait(250ms) starts at the first tick's clock (0.05)
    // and completes on the 6th (clock 0.30); `slow` starts in the same tick
    // and times out 0.5 s later (clock 0.80, the 16th tick), failing the
    // sequence: `wait(1)` never runs.
    let mut t = Units::new();
    let mut w = World::new();
    let mut ticks = 0;
    let status = loop {
        ticks += 1;
        let s = t.tick(&mut w, &mut Frame::new(0.05));
        if ticks == 6 {
            assert_eq!(w.take(), log(&["activate slow", "tick slow -> Running"]));
        }
        if s != Running {
            break s;
        }
        assert!(ticks < 100, "never completed");
    };
    assert_eq!((ticks, status), (16, Failure));
    assert_eq!(w.take().last().map(String::as_str), Some("deactivate slow"));
}
