//! The lifecycle (O1–O5): play with a mode, pause, resume, stop, reset and
//! the tree status, tick by tick with exact hook logs.

use std::collections::HashMap;

use deciders::lifecycle::{PlayMode, PlayStatus, Player};
use deciders::{Behavior, Ctx, Exit, Frame, Status};

/// The agent: what each behavior's `tick` returns (`Running` until
/// scripted), whether the guard of `alert` accepts, and the log of hooks.
#[derive(Default)]
struct Crew {
    results: HashMap<&'static str, Status>,
    alert: bool,
    log: Vec<String>,
}

impl Crew {
    fn take(&mut self) -> Vec<String> {
        std::mem::take(&mut self.log)
    }
    fn set(&mut self, name: &'static str, status: Status) {
        self.results.insert(name, status);
    }
}

/// Logs every hook, pause and resume included.
struct Job(&'static str);

impl Behavior<Crew> for Job {
    fn activate(&mut self, c: &mut Crew, _: &mut Ctx) -> Status {
        c.log.push(format!("activate {}", self.0));
        Status::Running
    }
    fn tick(&mut self, c: &mut Crew, _: &mut Ctx) -> Status {
        let s = c.results.get(self.0).copied().unwrap_or(Status::Running);
        c.log.push(format!("tick {} {s:?}", self.0));
        s
    }
    fn deactivate(&mut self, c: &mut Crew, _: &mut Ctx, exit: Exit) {
        c.log.push(format!("deactivate {} {exit:?}", self.0));
    }
    fn pause(&mut self, c: &mut Crew, ctx: &mut Ctx) {
        c.log.push(format!("pause {} at {}", self.0, ctx.now()));
    }
    fn resume(&mut self, c: &mut Crew, ctx: &mut Ctx) {
        c.log.push(format!("resume {} at {}", self.0, ctx.now()));
    }
}

fn alert(c: &Crew) -> f32 {
    if c.alert {
        1.0
    } else {
        0.0
    }
}

deciders::tree! {
    /// A group behavior over an alert that preempts a two-step job.
    tree Shift for Crew {
        priority with Job("shift") {
            alert: when(decide = alert) => Job("alarm"),
            work: sequence {
                load: Job("load"),
                pause_a_bit: wait(0.75),
                haul: Job("haul"),
            },
        }
    }
}

fn log(lines: &[&str]) -> Vec<String> {
    lines.iter().map(|s| s.to_string()).collect()
}

/// A player, its crew and a frame of `dt = 0.25`.
fn start() -> (Player<Shift>, Crew, Frame) {
    (Player::new(Shift::new()), Crew::default(), Frame::new(0.25))
}

fn path(p: &Player<Shift>) -> Vec<&'static str> {
    let mut names = Vec::new();
    p.tree().active_path(|n| names.push(n.name));
    names
}

// SPEC O1, O4
#[test]
fn o1_a_new_player_is_reset_and_plays_forever_on_its_first_tick() {
    let (mut p, mut c, mut f) = start();
    assert_eq!(
        (p.status(), p.mode(), p.count()),
        (PlayStatus::Reset, PlayMode::Forever, 0)
    );
    assert_eq!(p.tick(&mut c, &mut f), Some(Status::Running));
    assert_eq!(
        c.take(),
        log(&[
            "activate shift",
            "tick shift Running",
            "activate load",
            "tick load Running"
        ])
    );
    assert_eq!(p.status(), PlayStatus::Executing);
    // Forever counts nothing.
    assert_eq!(p.count(), 0);
}

// SPEC O2
#[test]
fn o2_pause_between_two_ticks_then_resume_goes_on_with_no_second_activate() {
    let (mut p, mut c, mut f) = start();
    p.tick(&mut c, &mut f);
    c.take();
    p.pause(&mut c, &mut f);
    // Root first: the group behavior, then the leaf; at the tree clock.
    assert_eq!(
        c.take(),
        log(&["pause shift at 0.25", "pause load at 0.25"])
    );
    assert_eq!(p.status(), PlayStatus::Paused);
    // Ticks do nothing, not even advance the clock.
    for _ in 0..3 {
        assert_eq!(p.tick(&mut c, &mut f), None);
    }
    assert!(c.take().is_empty());
    assert_eq!(p.tree().now(), 0.25);
    assert_eq!(path(&p), ["root", "work", "load"]);
    // A second pause does nothing.
    p.pause(&mut c, &mut f);
    assert!(c.take().is_empty());
    p.resume(&mut c, &mut f);
    assert_eq!(
        c.take(),
        log(&["resume shift at 0.25", "resume load at 0.25"])
    );
    assert_eq!(p.status(), PlayStatus::Executing);
    c.set("load", Status::Success);
    assert_eq!(p.tick(&mut c, &mut f), Some(Status::Running));
    assert_eq!(
        c.take(),
        log(&[
            "tick shift Running",
            "tick load Success",
            "deactivate load Completed(Success)"
        ])
    );
    assert_eq!(path(&p), ["root", "work", "pause_a_bit"]);
    // A second resume does nothing.
    p.resume(&mut c, &mut f);
    assert!(c.take().is_empty());
}

// SPEC O2
#[test]
fn o2_time_stands_still_while_paused() {
    let (mut p, mut c, mut f) = start();
    c.set("load", Status::Success);
    p.tick(&mut c, &mut f);
    assert_eq!(path(&p), ["root", "work", "pause_a_bit"]);
    p.pause(&mut c, &mut f);
    for _ in 0..10 {
        p.tick(&mut c, &mut f);
    }
    p.resume(&mut c, &mut f);
    c.take();
    // `wait(0.75)` entered at 0.25 is done at 1.0: three more ticks, as
    // if the pause had not happened.
    p.tick(&mut c, &mut f);
    p.tick(&mut c, &mut f);
    assert_eq!(path(&p), ["root", "work", "pause_a_bit"]);
    p.tick(&mut c, &mut f);
    assert_eq!(path(&p), ["root", "work", "haul"]);
    assert_eq!(p.tree().now(), 1.0);
}

// SPEC O3
#[test]
fn o3_stop_halts_everything_ignores_ticks_and_play_restarts_from_the_root() {
    let (mut p, mut c, mut f) = start();
    c.set("load", Status::Success);
    p.tick(&mut c, &mut f);
    p.tick(&mut c, &mut f);
    c.take();
    p.stop(&mut c, &mut f);
    // Deepest first; `wait` has no hook, the group behavior goes last.
    assert_eq!(c.take(), log(&["deactivate shift Halted"]));
    assert_eq!(p.status(), PlayStatus::Stopped);
    assert!(!p.tree().is_running());
    assert_eq!(p.tick(&mut c, &mut f), None);
    // Resume does not restart a stopped tree.
    p.resume(&mut c, &mut f);
    assert_eq!(p.tick(&mut c, &mut f), None);
    assert!(c.take().is_empty());
    p.play(PlayMode::Forever, &mut c, &mut f);
    assert_eq!(p.status(), PlayStatus::Executing);
    c.set("load", Status::Running);
    assert_eq!(p.tick(&mut c, &mut f), Some(Status::Running));
    assert_eq!(
        c.take(),
        log(&[
            "activate shift",
            "tick shift Running",
            "activate load",
            "tick load Running"
        ])
    );
    // The clock was kept by `stop`: stop is not reset.
    assert_eq!(p.tree().now(), 0.75);
}

// SPEC O3
#[test]
fn o3_stop_while_paused_halts_without_resuming() {
    let (mut p, mut c, mut f) = start();
    p.tick(&mut c, &mut f);
    p.pause(&mut c, &mut f);
    c.take();
    p.stop(&mut c, &mut f);
    assert_eq!(
        c.take(),
        log(&["deactivate load Halted", "deactivate shift Halted"])
    );
    assert_eq!(p.status(), PlayStatus::Stopped);
    // A second stop does nothing.
    p.stop(&mut c, &mut f);
    assert!(c.take().is_empty());
}

// SPEC O3, O4
#[test]
fn o3_reset_during_a_pause_halts_and_returns_to_the_initial_state() {
    let (mut p, mut c, mut f) = start();
    p.play(PlayMode::Ticks(5), &mut c, &mut f);
    p.tick(&mut c, &mut f);
    p.tick(&mut c, &mut f);
    p.pause(&mut c, &mut f);
    c.take();
    p.reset(&mut c, &mut f);
    assert_eq!(
        c.take(),
        log(&["deactivate load Halted", "deactivate shift Halted"])
    );
    assert_eq!(
        (p.status(), p.mode(), p.count()),
        (PlayStatus::Reset, PlayMode::Forever, 0)
    );
    assert_eq!(p.tree().now(), 0.0);
    // Plays as if `play(Forever)`: from the root, with no target.
    for _ in 0..10 {
        assert_eq!(p.tick(&mut c, &mut f), Some(Status::Running));
    }
    assert_eq!(p.status(), PlayStatus::Executing);
}

// SPEC O1, O2, O3, O4
#[test]
fn o4_every_operation_on_a_player_with_nothing_running() {
    let (mut p, mut c, mut f) = start();
    p.pause(&mut c, &mut f);
    assert_eq!(p.status(), PlayStatus::Paused);
    assert_eq!(p.tick(&mut c, &mut f), None);
    p.resume(&mut c, &mut f);
    assert_eq!(p.status(), PlayStatus::Executing);
    p.stop(&mut c, &mut f);
    assert_eq!(p.status(), PlayStatus::Stopped);
    p.pause(&mut c, &mut f);
    assert_eq!(
        p.status(),
        PlayStatus::Stopped,
        "pausing a stopped tree keeps it stopped"
    );
    p.reset(&mut c, &mut f);
    assert_eq!(p.status(), PlayStatus::Reset);
    p.play(PlayMode::Interruptions(1), &mut c, &mut f);
    // Nothing runs: pausing and stopping interrupt nothing.
    p.pause(&mut c, &mut f);
    p.resume(&mut c, &mut f);
    p.stop(&mut c, &mut f);
    assert_eq!(p.count(), 0);
    assert!(c.take().is_empty(), "no hook runs when nothing runs");
}

/// Plays `mode` and ticks until the player stops (at most 20 ticks):
/// the statuses of the ticks that ran.
fn play_out(p: &mut Player<Shift>, c: &mut Crew, mode: PlayMode) -> Vec<Status> {
    let mut f = Frame::new(0.25);
    p.play(mode, c, &mut f);
    let mut out = Vec::new();
    for _ in 0..20 {
        match p.tick(c, &mut f) {
            Some(s) => out.push(s),
            None => break,
        }
    }
    out
}

// SPEC O5
#[test]
fn o5_each_mode_counts_its_kind_and_stops_at_the_end_of_the_tick_that_reaches_the_target() {
    use Status::{Failure as F, Running as R, Success as S};
    // `load` and `haul` succeed at once, so a root run is: load (Running,
    // wait entered), two ticks of wait, then haul: the root succeeds on
    // the 4th tick of each run.
    let crew = || {
        let mut c = Crew::default();
        c.set("load", S);
        c.set("haul", S);
        c
    };
    let cases: [(PlayMode, Vec<Status>); 5] = [
        (PlayMode::Ticks(3), vec![R, R, R]),
        (PlayMode::Completions(2), vec![R, R, R, S, R, R, R, S]),
        (PlayMode::Successes(1), vec![R, R, R, S]),
        (PlayMode::RunningTicks(4), vec![R, R, R, S, R]),
        (PlayMode::Ticks(1), vec![R]),
    ];
    for (mode, statuses) in cases {
        let (mut p, mut c) = (Player::new(Shift::new()), crew());
        assert_eq!(play_out(&mut p, &mut c, mode), statuses, "{mode:?}");
        let target = mode.target().unwrap();
        assert_eq!(
            (p.status(), p.count()),
            (PlayStatus::Stopped, target),
            "{mode:?}"
        );
        assert!(!p.tree().is_running(), "{mode:?}: stopped halts what runs");
    }
    // Failures: `haul` fails.
    let (mut p, mut c) = (Player::new(Shift::new()), crew());
    c.set("haul", F);
    assert_eq!(
        play_out(&mut p, &mut c, PlayMode::Failures(2)),
        vec![R, R, R, F, R, R, R, F]
    );
    assert_eq!(p.count(), 2);
}

// SPEC O5: `Completions` counts a failure as a completion: a run that
// succeeds then a run that fails reach `Completions(2)`, and the player
// stops at the end of the failing tick.
#[test]
fn o5_completions_count_a_failure_and_can_stop_on_one() {
    use Status::{Failure as F, Running as R, Success as S};
    let (mut p, mut c, mut f) = start();
    c.set("load", S);
    c.set("haul", S);
    p.play(PlayMode::Completions(2), &mut c, &mut f);
    let mut statuses = Vec::new();
    for _ in 0..4 {
        statuses.push(p.tick(&mut c, &mut f).unwrap());
    }
    assert_eq!(statuses, [R, R, R, S]);
    assert_eq!((p.status(), p.count()), (PlayStatus::Executing, 1));
    // The second run fails at its end.
    c.set("haul", F);
    c.take();
    let mut statuses = Vec::new();
    for _ in 0..4 {
        statuses.push(p.tick(&mut c, &mut f).unwrap());
    }
    assert_eq!(statuses, [R, R, R, F]);
    assert_eq!((p.status(), p.count()), (PlayStatus::Stopped, 2));
    assert_eq!(
        c.take()[5..],
        log(&[
            "tick shift Running",
            "tick shift Running",
            "tick shift Running",
            "activate haul",
            "tick haul Failure",
            "deactivate haul Completed(Failure)",
            "deactivate shift Completed(Failure)"
        ])
    );
    // Stopped: ticks do nothing.
    assert_eq!(p.tick(&mut c, &mut f), None);
    assert!(c.take().is_empty());
}

// SPEC O5
#[test]
fn o5_the_tick_that_reaches_the_target_halts_what_still_runs() {
    let (mut p, mut c, mut f) = start();
    p.play(PlayMode::Ticks(2), &mut c, &mut f);
    p.tick(&mut c, &mut f);
    c.take();
    assert_eq!(p.tick(&mut c, &mut f), Some(Status::Running));
    assert_eq!(
        c.take(),
        log(&[
            "tick shift Running",
            "tick load Running",
            "deactivate load Halted",
            "deactivate shift Halted",
        ])
    );
    assert_eq!(p.status(), PlayStatus::Stopped);
}

// SPEC O5
#[test]
fn o5_play_resets_the_count_and_resume_keeps_it() {
    let (mut p, mut c, mut f) = start();
    p.play(PlayMode::Ticks(3), &mut c, &mut f);
    p.tick(&mut c, &mut f);
    p.tick(&mut c, &mut f);
    p.pause(&mut c, &mut f);
    p.resume(&mut c, &mut f);
    assert_eq!(p.count(), 2);
    p.tick(&mut c, &mut f);
    assert_eq!((p.status(), p.count()), (PlayStatus::Stopped, 3));
    p.play(PlayMode::Ticks(3), &mut c, &mut f);
    assert_eq!((p.status(), p.count()), (PlayStatus::Executing, 0));
    // A target of 0 is reached at once.
    p.play(PlayMode::Successes(0), &mut c, &mut f);
    assert_eq!(p.status(), PlayStatus::Stopped);
    assert_eq!(p.tick(&mut c, &mut f), None);
}

// SPEC O5
#[test]
fn o5_interruptions_count_pause_and_stop_while_running_not_preemptions() {
    let (mut p, mut c, mut f) = start();
    p.play(PlayMode::Interruptions(3), &mut c, &mut f);
    p.tick(&mut c, &mut f);
    // A preemption inside the tree is not an interruption.
    c.alert = true;
    p.tick(&mut c, &mut f);
    assert_eq!(path(&p), ["root", "alert"]);
    assert_eq!(p.count(), 0);
    p.pause(&mut c, &mut f);
    assert_eq!(p.count(), 1);
    // Stopping a paused player: its interruption was the pause.
    p.stop(&mut c, &mut f);
    assert_eq!(p.count(), 1);
    // `play` resets the count; the next tick runs, a pause interrupts.
    p.play(PlayMode::Interruptions(2), &mut c, &mut f);
    p.tick(&mut c, &mut f);
    p.pause(&mut c, &mut f);
    p.resume(&mut c, &mut f);
    c.take();
    // The pause that reaches the target: pause hooks, then stop.
    p.pause(&mut c, &mut f);
    assert_eq!(
        c.take(),
        log(&[
            "pause shift at 0.75",
            "pause alarm at 0.75",
            "deactivate alarm Halted",
            "deactivate shift Halted",
        ])
    );
    assert_eq!((p.status(), p.count()), (PlayStatus::Stopped, 2));
}

// SPEC O3, O5
#[test]
fn o3_play_while_paused_starts_a_new_run_without_resuming() {
    let (mut p, mut c, mut f) = start();
    p.tick(&mut c, &mut f);
    p.pause(&mut c, &mut f);
    c.take();
    p.play(PlayMode::Ticks(1), &mut c, &mut f);
    assert_eq!(
        c.take(),
        log(&["deactivate load Halted", "deactivate shift Halted"])
    );
    assert_eq!(p.tick(&mut c, &mut f), Some(Status::Running));
    assert_eq!(
        c.take(),
        log(&[
            "activate shift",
            "tick shift Running",
            "activate load",
            "tick load Running",
            "deactivate load Halted",
            "deactivate shift Halted",
        ])
    );
}

// SPEC O1
#[test]
fn o1_a_player_adds_at_most_16_bytes_to_the_state() {
    use std::mem::size_of;
    assert!(size_of::<Player<Shift>>() <= size_of::<Shift>() + 16);
}
