//! Events, variables and timestamps (V3, V4), `wait_for`, `wait_until`
//! (L7) and `if_time` (R10), tick by tick with exact hook logs.

use std::any::Any;

use deciders::{Behavior, Ctx, Exit, Frame, Status};

/// The events posted to the guards.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Signal {
    Alarm,
    AllClear,
    Hit { by: u32 },
    Seen,
    Lost,
}

/// The agent: a log of hooks.
#[derive(Default)]
pub struct Mob {
    log: Vec<String>,
}

impl Mob {
    fn take(&mut self) -> Vec<String> {
        std::mem::take(&mut self.log)
    }
}

/// Logs its hooks, the variables it sees and the events it gets; runs
/// until halted.
#[derive(Default)]
pub struct Hook(&'static str);

impl Behavior<Mob> for Hook {
    fn activate(&mut self, m: &mut Mob, ctx: &mut Ctx) -> Status {
        m.log
            .push(format!("activate {} vars {}", self.0, ctx.vars().bits()));
        Status::Running
    }
    fn tick(&mut self, m: &mut Mob, _: &mut Ctx) -> Status {
        m.log.push(format!("tick {}", self.0));
        Status::Running
    }
    fn deactivate(&mut self, m: &mut Mob, _: &mut Ctx, exit: Exit) {
        m.log.push(format!("deactivate {} {exit:?}", self.0));
    }
    fn event(&mut self, m: &mut Mob, _: &mut Ctx, event: &dyn Any) {
        if let Some(e) = event.downcast_ref::<Signal>() {
            m.log.push(format!("event {} {e:?}", self.0));
        }
    }
}

fn log(lines: &[&str]) -> Vec<String> {
    lines.iter().map(|s| s.to_string()).collect()
}

deciders::tree! {
    /// A selector guarded by a variable over a fallback that keeps running.
    pub tree Watch for Mob, events = Signal {
        var alarmed = set(Signal::Alarm), clear(Signal::AllClear);
        selector {
            chase: when(var(alarmed)) => Hook("chase"),
            idle: Hook("idle"),
        }
    }
}

#[test]
fn v4_an_event_sets_a_variable_that_a_selector_guard_sees_on_the_next_tick() {
    // SPEC V4, G1, C4: the event takes effect at once (the variable is set
    // when `post` returns); the selector re-checks its higher child on its
    // next tick and interrupts the running fallback.
    let (mut m, mut t, mut f) = (Mob::default(), Watch::new(), Frame::new(0.1));
    t.tick(&mut m, &mut f);
    t.tick(&mut m, &mut f);
    assert_eq!(
        m.take(),
        log(&["activate idle vars 0", "tick idle", "tick idle"])
    );
    t.post(&Signal::Alarm, &mut m, &mut f);
    assert_eq!(t.vars().bits(), 1);
    // The running behavior got the event through its hook.
    assert_eq!(m.take(), log(&["event idle Alarm"]));
    t.tick(&mut m, &mut f);
    // SPEC C4: the selector enters the higher child, then halts the one
    // that ran.
    assert_eq!(
        m.take(),
        log(&[
            "activate chase vars 1",
            "tick chase",
            "deactivate idle Halted"
        ])
    );
    t.post(&Signal::AllClear, &mut m, &mut f);
    assert_eq!(t.vars().bits(), 0);
    t.tick(&mut m, &mut f);
    assert_eq!(
        m.take(),
        // The running child's own guard now rejects: it is halted first.
        log(&[
            "event chase AllClear",
            "deactivate chase Halted",
            "activate idle vars 0",
            "tick idle"
        ])
    );
}

#[test]
fn v4_an_event_nobody_binds_changes_nothing_but_reaches_the_behaviors() {
    // SPEC V4: `Seen` is bound to no variable of `Watch`.
    let (mut m, mut t, mut f) = (Mob::default(), Watch::new(), Frame::new(0.1));
    t.tick(&mut m, &mut f);
    m.take();
    t.post(&Signal::Seen, &mut m, &mut f);
    assert_eq!(t.vars().bits(), 0);
    assert_eq!(m.take(), log(&["event idle Seen"]));
    // Posting to a state with nothing active touches no behavior.
    let mut fresh = Watch::new();
    fresh.post(&Signal::Alarm, &mut m, &mut f);
    assert_eq!((fresh.vars().bits(), m.take()), (1, Vec::<String>::new()));
}

deciders::tree! {
    /// `!var`, a fallback that keeps its running child.
    pub tree Calm for Mob, events = Signal {
        var alarmed = set(Signal::Alarm), clear(Signal::AllClear);
        fallback {
            rest: when(!var(alarmed)) => Hook("rest"),
            run: Hook("run"),
        }
    }
}

#[test]
fn v4_a_fallback_keeps_its_running_child_when_a_variable_changes() {
    // SPEC V4, C3: a fallback does not re-check its earlier children while
    // one runs; the guard is read only on entry.
    let (mut m, mut t, mut f) = (Mob::default(), Calm::new(), Frame::new(0.1));
    t.tick(&mut m, &mut f);
    t.post(&Signal::Alarm, &mut m, &mut f);
    t.tick(&mut m, &mut f);
    assert_eq!(
        m.take(),
        log(&[
            "activate rest vars 0",
            "tick rest",
            "event rest Alarm",
            "tick rest"
        ])
    );
    t.halt(&mut m, &mut f);
    m.take();
    // Entered anew with the variable set: `!var(alarmed)` rejects.
    t.tick(&mut m, &mut f);
    assert_eq!(m.take(), log(&["activate run vars 1", "tick run"]));
}

deciders::tree! {
    /// Two timestamps in one group, and one alone.
    pub tree Stamps for Mob, events = Signal {
        stamp seen = on(Signal::Seen), group(contact);
        stamp lost = on(Signal::Lost), group(contact);
        stamp hit = on(Signal::Hit { .. });
        Hook("wait")
    }
}

#[test]
fn v3_writing_a_timestamp_clears_the_others_of_its_group() {
    // SPEC V3: stamped at the tree clock when the event is posted.
    let (mut m, mut t, mut f) = (Mob::default(), Stamps::new(), Frame::new(0.25));
    assert_eq!(
        (
            t.since(Stamps::SEEN),
            t.since(Stamps::LOST),
            t.since(Stamps::HIT)
        ),
        (None, None, None)
    );
    t.tick(&mut m, &mut f);
    t.post(&Signal::Seen, &mut m, &mut f);
    t.tick(&mut m, &mut f);
    assert_eq!(
        (t.since(Stamps::SEEN), t.since(Stamps::LOST)),
        (Some(0.25), None)
    );
    t.post(&Signal::Lost, &mut m, &mut f);
    assert_eq!(
        (t.since(Stamps::SEEN), t.since(Stamps::LOST)),
        (None, Some(0.0))
    );
    t.post(&Signal::Hit { by: 7 }, &mut m, &mut f);
    t.tick(&mut m, &mut f);
    assert_eq!(
        (t.since(Stamps::LOST), t.since(Stamps::HIT)),
        (Some(0.25), Some(0.25))
    );
    // Another group is untouched; `reset` forgets every timestamp.
    t.post(&Signal::Seen, &mut m, &mut f);
    assert_eq!(
        (
            t.since(Stamps::SEEN),
            t.since(Stamps::LOST),
            t.since(Stamps::HIT)
        ),
        (Some(0.0), None, Some(0.25))
    );
    t.reset(&mut m, &mut f);
    assert_eq!(
        (
            t.since(Stamps::SEEN),
            t.since(Stamps::LOST),
            t.since(Stamps::HIT)
        ),
        (None, None, None)
    );
}

/// Runs forever and keeps nothing.
#[derive(Default)]
pub struct Still;

impl Behavior<Mob> for Still {}

deciders::tree! {
    /// No variable and no timestamp: one zero-sized leaf.
    pub tree Bare for Mob {
        Still
    }
}

#[test]
fn f3_a_tree_without_timestamps_pays_for_none_not_even_their_alignment() {
    // SPEC F3, V3: the state of a tree that declares no timestamp is its
    // active path alone (here one byte: is the leaf running); timestamps
    // are `f64`s, and an empty array of them would still align the state
    // to eight bytes.
    assert_eq!(std::mem::size_of::<Still>(), 0);
    assert_eq!(std::mem::size_of::<Bare>(), 1);
    assert_eq!(std::mem::align_of::<Bare>(), 1);
    assert!(std::mem::size_of::<Stamps>() >= 3 * 8);
}

deciders::tree! {
    /// `wait_for` in a sequence.
    pub tree Waiter for Mob, events = Signal {
        sequence { Hook("first"), wait_for(Signal::Hit { .. }), Hook("after") }
    }
}

/// Succeeds at once, logging.
#[derive(Default)]
pub struct Once(&'static str);
impl Behavior<Mob> for Once {
    fn tick(&mut self, m: &mut Mob, _: &mut Ctx) -> Status {
        m.log.push(format!("tick {}", self.0));
        Status::Success
    }
}

deciders::tree! {
    /// `wait_for` after a step that completes at once.
    pub tree Listen for Mob, events = Signal {
        sequence { Once("step"), wait_for(Signal::Alarm | Signal::AllClear), Once("done") }
    }
}

#[test]
fn l7_wait_for_completes_on_the_tick_after_an_event_posted_while_active() {
    // SPEC L7, V4.
    let (mut m, mut t, mut f) = (Mob::default(), Listen::new(), Frame::new(0.1));
    // Posted before `wait_for` was entered: not kept.
    t.post(&Signal::Alarm, &mut m, &mut f);
    assert_eq!(t.tick(&mut m, &mut f), Status::Running);
    assert_eq!(t.tick(&mut m, &mut f), Status::Running);
    assert_eq!(m.take(), log(&["tick step"]));
    // An event that does not match changes nothing.
    t.post(&Signal::Seen, &mut m, &mut f);
    assert_eq!(t.tick(&mut m, &mut f), Status::Running);
    // A match: the next tick completes the wait, then the sequence.
    t.post(&Signal::AllClear, &mut m, &mut f);
    assert_eq!(m.take(), Vec::<String>::new());
    assert_eq!(t.tick(&mut m, &mut f), Status::Success);
    assert_eq!(m.take(), log(&["tick done"]));
    // Entered anew: waits again.
    assert_eq!(t.tick(&mut m, &mut f), Status::Running);
    assert_eq!(m.take(), log(&["tick step"]));
}

// SPEC L7, V4: two events posted between the same two ticks: a match
// followed by an event that does not match still completes the wait on
// the next tick, in either order; two matches complete it once.
#[test]
fn l7_wait_for_two_events_between_ticks_a_match_is_not_undone() {
    let orders: [[Signal; 2]; 3] = [
        [Signal::Alarm, Signal::Seen],
        [Signal::Lost, Signal::AllClear],
        [Signal::AllClear, Signal::Alarm],
    ];
    for [first, second] in orders {
        let (mut m, mut t, mut f) = (Mob::default(), Listen::new(), Frame::new(0.1));
        assert_eq!(t.tick(&mut m, &mut f), Status::Running);
        assert_eq!(m.take(), log(&["tick step"]));
        t.post(&first, &mut m, &mut f);
        t.post(&second, &mut m, &mut f);
        assert_eq!(
            t.tick(&mut m, &mut f),
            Status::Success,
            "{first:?} then {second:?}"
        );
        assert_eq!(m.take(), log(&["tick done"]), "{first:?} then {second:?}");
        // Entered anew: waits again, nothing kept from those events.
        assert_eq!(t.tick(&mut m, &mut f), Status::Running);
        assert_eq!(t.tick(&mut m, &mut f), Status::Running);
        assert_eq!(m.take(), log(&["tick step"]));
    }
}

#[test]
fn l7_wait_for_matches_a_pattern_with_fields() {
    // SPEC L7: a pattern with fields, behind a running behavior (the
    // sequence does not reach it until `first` completes: never here).
    let (mut m, mut t, mut f) = (Mob::default(), Waiter::new(), Frame::new(0.1));
    t.tick(&mut m, &mut f);
    t.post(&Signal::Hit { by: 3 }, &mut m, &mut f);
    t.tick(&mut m, &mut f);
    assert_eq!(
        m.take(),
        log(&[
            "activate first vars 0",
            "tick first",
            "event first Hit { by: 3 }",
            "tick first"
        ])
    );
}

deciders::tree! {
    /// `wait_until` with and without `or_never_set`.
    pub tree Until for Mob, events = Signal {
        stamp hit = on(Signal::Hit { .. });
        sequence { wait_until(hit, more_than = 0.5), Once("healed") }
    }
    /// The same, where a timestamp never set passes.
    pub tree UntilOrNever for Mob, events = Signal {
        stamp hit = on(Signal::Hit { .. });
        sequence { wait_until(hit, more_than = 0.5, or_never_set), Once("healed") }
    }
}

#[test]
fn l7_wait_until_waits_strictly_more_than_d_since_the_stamp() {
    // SPEC L7, V3: dt = 0.25 is exact in binary, so the boundary is exact.
    let (mut m, mut t, mut f) = (Mob::default(), Until::new(), Frame::new(0.25));
    // Never set, no `or_never_set`: waits.
    for _ in 0..4 {
        assert_eq!(t.tick(&mut m, &mut f), Status::Running);
    }
    t.post(&Signal::Hit { by: 1 }, &mut m, &mut f); // stamped at 1.0
    assert_eq!(t.tick(&mut m, &mut f), Status::Running); // 0.25 since
    assert_eq!(t.tick(&mut m, &mut f), Status::Running); // 0.5: not more
    assert_eq!(m.take(), Vec::<String>::new());
    assert_eq!(t.tick(&mut m, &mut f), Status::Success); // 0.75
    assert_eq!(m.take(), log(&["tick healed"]));
}

#[test]
fn l7_wait_until_or_never_set_passes_a_timestamp_never_set() {
    // SPEC L7, V3.
    let (mut m, mut t, mut f) = (Mob::default(), UntilOrNever::new(), Frame::new(0.25));
    assert_eq!(t.tick(&mut m, &mut f), Status::Success);
    assert_eq!(m.take(), log(&["tick healed"]));
    t.post(&Signal::Hit { by: 1 }, &mut m, &mut f);
    assert_eq!(t.tick(&mut m, &mut f), Status::Running);
}

deciders::tree! {
    /// `if_time` in a selector: cautious while hit recently.
    pub tree Careful for Mob, events = Signal {
        stamp hit = on(Signal::Hit { .. });
        selector {
            if_time(hit, less_than = 0.5) { Hook("cautious") },
            Hook("bold"),
        }
    }
    /// `if_time` with `more_than` and `or_never_set`.
    pub tree Bold for Mob, events = Signal {
        stamp hit = on(Signal::Hit { .. });
        fallback {
            if_time(hit, more_than = 0.5, or_never_set) { Hook("bold") },
            Hook("cautious"),
        }
    }
}

#[test]
fn r10_if_time_checks_on_entry_strictly_less_than_d() {
    // SPEC R10: never set, no `or_never_set`: the test is false.
    let (mut m, mut t, mut f) = (Mob::default(), Careful::new(), Frame::new(0.25));
    t.tick(&mut m, &mut f);
    assert_eq!(m.take(), log(&["activate bold vars 0", "tick bold"]));
    t.post(&Signal::Hit { by: 2 }, &mut m, &mut f); // stamped at 0.25
    t.tick(&mut m, &mut f); // 0.25 since: < 0.5, the selector switches
    assert_eq!(
        m.take(),
        log(&[
            "event bold Hit { by: 2 }",
            "activate cautious vars 0",
            "tick cautious",
            "deactivate bold Halted"
        ])
    );
    // Checked on entry only: it keeps running past the boundary.
    t.tick(&mut m, &mut f); // 0.5 since
    t.tick(&mut m, &mut f);
    assert_eq!(m.take(), log(&["tick cautious", "tick cautious"]));
    // Entered anew at 0.75 since (1.0): not less than 0.5.
    t.halt(&mut m, &mut f);
    m.take();
    t.tick(&mut m, &mut f);
    assert_eq!(m.take(), log(&["activate bold vars 0", "tick bold"]));
}

#[test]
fn r10_if_time_more_than_or_never_set() {
    // SPEC R10: never set passes with `or_never_set`; the boundary is strict.
    let (mut m, mut t, mut f) = (Mob::default(), Bold::new(), Frame::new(0.25));
    t.tick(&mut m, &mut f);
    assert_eq!(m.take(), log(&["activate bold vars 0", "tick bold"]));
    t.post(&Signal::Hit { by: 2 }, &mut m, &mut f); // at 0.25
    t.tick(&mut m, &mut f); // 0.5
    t.tick(&mut m, &mut f); // 0.75: exactly 0.5 since
    t.halt(&mut m, &mut f);
    m.take();
    t.tick(&mut m, &mut f); // 1.0: 0.75 since (the halt does not advance)
    assert_eq!(m.take(), log(&["activate bold vars 0", "tick bold"]));
    t.post(&Signal::Hit { by: 2 }, &mut m, &mut f); // at 1.0
    t.halt(&mut m, &mut f);
    m.take();
    t.tick(&mut m, &mut f); // 1.25: 0.25 since, not more than 0.5
    t.halt(&mut m, &mut f);
    t.tick(&mut m, &mut f); // 1.5: exactly 0.5, not more
    assert_eq!(
        m.take(),
        log(&[
            "activate cautious vars 0",
            "tick cautious",
            "deactivate cautious Halted",
            "activate cautious vars 0",
            "tick cautious"
        ])
    );
}

/// Records the `log` messages and the deactivations, in order.
#[derive(Default)]
struct Lines(Vec<String>);

impl deciders::Trace for Lines {
    fn event(&mut self, event: deciders::TraceEvent) {
        match event {
            deciders::TraceEvent::Log { node, message, .. } => {
                self.0.push(format!("{}: {message}", node.name))
            }
            deciders::TraceEvent::Deactivated { node, exit, .. } => {
                self.0.push(format!("- {} {exit:?}", node.name))
            }
            _ => {}
        }
    }
}

/// Succeeds on its `n`th tick, or fails when `n` is 0.
#[derive(Default)]
pub struct After(u32);
impl Behavior<Mob> for After {
    fn tick(&mut self, _: &mut Mob, _: &mut Ctx) -> Status {
        match self.0 {
            0 => Status::Failure,
            1 => Status::Success,
            _ => {
                self.0 -= 1;
                Status::Running
            }
        }
    }
}

deciders::tree! {
    /// `log` around a node that runs two ticks, one that fails, and one
    /// that is halted.
    pub tree Logged for Mob {
        sequence {
            walk: log(start = "walking", success = "arrived", failure = "lost") { After(2) },
            look: log(failure = "nothing seen") { After(0) },
        }
    }
    /// Halted while running: no message.
    pub tree Halted for Mob {
        sequence { waiting: log(start = "waiting", success = "done", failure = "gave up") { Hook("w") } }
    }
}

#[test]
fn r9_log_messages_on_entry_success_and_failure_in_order() {
    // SPEC R9: start on entry, success or failure on completion, before
    // the deactivation is reported; nothing on halt.
    let (mut m, mut t, mut f) = (Mob::default(), Logged::new(), Frame::new(0.1));
    let mut lines = Lines::default();
    t.tick_traced(&mut m, &mut f, &mut lines);
    assert_eq!(lines.0, ["walk: walking"]);
    lines.0.clear();
    assert_eq!(t.tick_traced(&mut m, &mut f, &mut lines), Status::Failure);
    assert_eq!(
        lines.0,
        [
            "- After Completed(Success)",
            "walk: arrived",
            "- walk Completed(Success)",
            "- After Completed(Failure)",
            "look: nothing seen",
            "- look Completed(Failure)",
            "- root Completed(Failure)"
        ]
    );
    let (mut h, mut lines) = (Halted::new(), Lines::default());
    h.tick_traced(&mut m, &mut f, &mut lines);
    h.halt(&mut m, &mut f);
    assert_eq!(lines.0, ["waiting: waiting"]);
    // `LogLines` prints the same messages.
    let mut out = deciders::LogLines::new(Vec::new());
    Logged::new().tick_traced(&mut m, &mut f, &mut out);
    assert_eq!(
        String::from_utf8(out.into_inner()).unwrap(),
        "walk: walking\n"
    );
}
