//! The brain (B1–B6): one value per agent holding its tree, lifecycle,
//! stimuli store and events inbox; batches that take brains; deferred
//! actions through the context (V5). Tick by tick: which hooks ran, in
//! which order, with which statuses.

use deciders::batch;
use deciders::brain::{Brain, InboxFull};
use deciders::deferred::{Action, Completions, Deferred, Requests, Ticket};
use deciders::lifecycle::{PlayMode, PlayStatus};
use deciders::{Behavior, Ctx, Exit, Frame, Status, Stimulus, TickError, Trace, TraceEvent, Tree};
use std::any::Any;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Stimulus)]
enum Stim {
    Hit,
    Heard,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Signal {
    Alarm,
    AllClear,
    Seen,
    /// Bound by nothing in the trees below.
    Noise,
}

/// The agent: a log of what its hooks did.
#[derive(Default)]
struct Mob {
    log: Vec<String>,
}

impl Mob {
    fn take(&mut self) -> Vec<String> {
        std::mem::take(&mut self.log)
    }
}

fn log(lines: &[&str]) -> Vec<String> {
    lines.iter().map(|s| s.to_string()).collect()
}

/// Logs its hooks under a name, and every event it is handed.
struct Hook(&'static str);

impl Behavior<Mob> for Hook {
    fn activate(&mut self, m: &mut Mob, _: &mut Ctx) -> Status {
        m.log.push(format!("+{}", self.0));
        Status::Running
    }
    fn tick(&mut self, m: &mut Mob, _: &mut Ctx) -> Status {
        m.log.push(self.0.to_string());
        Status::Running
    }
    fn deactivate(&mut self, m: &mut Mob, _: &mut Ctx, exit: Exit) {
        m.log.push(format!("-{} {exit:?}", self.0));
    }
    fn event(&mut self, m: &mut Mob, _: &mut Ctx, event: &dyn Any) {
        if let Some(e) = event.downcast_ref::<Signal>() {
            m.log.push(format!("{} got {e:?}", self.0));
        }
    }
}

/// Strikes back at the attacker the `Hit` stimulus carries, then forgets
/// the hit.
#[derive(Default)]
struct Retaliate;

impl Behavior<Mob> for Retaliate {
    fn tick(&mut self, m: &mut Mob, ctx: &mut Ctx) -> Status {
        let attacker = ctx.stimulus::<Stim, u32>(Stim::Hit).copied();
        let forgot = ctx.forget_stimulus(Stim::Hit);
        m.log.push(format!("strike {attacker:?} forgot {forgot}"));
        // Forgotten when the tick ends: the store is unchanged until then.
        assert_eq!(ctx.stimulus::<Stim, u32>(Stim::Hit).copied(), attacker);
        Status::Success
    }
}

deciders::tree! {
    /// Chase when alarmed; strike back when hit; listen when something is
    /// heard; else watch.
    tree Guard for Mob, events = Signal, stimuli = Stim(u32) {
        var calm = set(Signal::AllClear), clear(Signal::Alarm);
        var alarmed = set(Signal::Alarm), clear(Signal::AllClear);
        stamp seen = on(Signal::Seen);
        priority {
            chase: when(var(alarmed)) => Hook("chase"),
            strike: when(stimuli_any(Stim::Hit.flag())) => Retaliate,
            listen: when(stimuli_any(Stim::Heard.flag())) => Hook("listen"),
            watch: Hook("watch"),
        }
    }
}

#[test]
fn b1_posted_events_are_delivered_in_order_at_the_start_of_the_next_tick() {
    let (mut brain, mut mob, f) = (
        Brain::new(Guard::new()),
        Mob::default(),
        &mut Frame::new(0.25),
    );
    assert_eq!(brain.tick(&mut mob, f), Some(Status::Running));
    assert_eq!(mob.take(), log(&["+watch", "watch"]));
    // Posted between ticks: nothing happens until the next tick.
    brain.post(Signal::Alarm).unwrap();
    brain.post(Signal::AllClear).unwrap();
    brain.post(Signal::Alarm).unwrap();
    assert_eq!(brain.inbox().len(), 3);
    assert!(!brain.var(Guard::ALARMED) && mob.log.is_empty());
    brain.tick(&mut mob, f);
    // In order, each handed to the active behavior (V4), then the tick:
    // the last one, `Alarm`, wins.
    assert_eq!(
        mob.take(),
        log(&[
            "watch got Alarm",
            "watch got AllClear",
            "watch got Alarm",
            "-watch Halted",
            "+chase",
            "chase",
        ])
    );
    assert!(brain.var(Guard::ALARMED) && !brain.var(Guard::CALM));
    assert_eq!(brain.inbox().len(), 0);
    // A timestamp by name: stamped at the clock before the tick's advance.
    brain.post(Signal::Seen).unwrap();
    brain.tick(&mut mob, f);
    assert_eq!(brain.since(Guard::SEEN), Some(0.25));
    brain.tick(&mut mob, f);
    assert_eq!(brain.since(Guard::SEEN), Some(0.5));
}

#[test]
fn b2_a_full_inbox_refuses_the_event_and_hands_it_back() {
    let mut brain = Brain::with_inbox(Guard::new(), 2);
    assert_eq!(brain.post(Signal::Alarm), Ok(()));
    assert_eq!(brain.post(Signal::Seen), Ok(()));
    let refused = brain.post(Signal::AllClear).unwrap_err();
    assert_eq!(refused, InboxFull(Signal::AllClear));
    assert_eq!(
        refused.to_string(),
        "the brain's inbox is full: the event was not queued (raise its capacity with `Brain::with_inbox`, or tick between posts)"
    );
    // The two it took are kept, in order; a tick empties the inbox.
    assert_eq!(
        brain.inbox().copied().collect::<Vec<_>>(),
        [Signal::Alarm, Signal::Seen]
    );
    brain.tick(&mut Mob::default(), &mut Frame::new(0.1));
    assert_eq!(brain.post(Signal::AllClear), Ok(()));
}

#[test]
fn b1_stimuli_expire_with_the_brains_clock_and_no_caller_code() {
    let (mut brain, mut mob, f) = (
        Brain::new(Guard::new()),
        Mob::default(),
        &mut Frame::new(0.25),
    );
    // Heard for half a second: the second tick of 0.25 s no longer sees it.
    brain.stimuli_mut().add(Stim::Heard, 0, Some(0.5));
    brain.tick(&mut mob, f);
    assert_eq!(f.stimuli(), Stim::Heard.flag());
    assert_eq!(mob.take(), log(&["+listen", "listen"]));
    brain.tick(&mut mob, f);
    assert!(brain.stimuli().is_empty());
    assert_eq!(f.stimuli(), deciders::Flags::EMPTY);
    // The running `listen` is not re-checked (a priority re-checks the
    // children above it), but a new decision no longer takes it.
    assert_eq!(mob.take(), log(&["listen"]));
    brain.tree_mut().halt(&mut mob, f);
    brain.tick(&mut mob, f);
    assert_eq!(mob.take(), log(&["-listen Halted", "+watch", "watch"]));
}

#[test]
fn b1_hooks_read_stimulus_payloads_and_forget_them_when_the_tick_ends() {
    let (mut brain, mut mob, f) = (
        Brain::new(Guard::new()),
        Mob::default(),
        &mut Frame::new(0.1),
    );
    brain.stimuli_mut().add(Stim::Hit, 7, None);
    assert_eq!(brain.tick(&mut mob, f), Some(Status::Running));
    // `strike` succeeded, the priority went on to `watch`; the hit is gone.
    assert_eq!(
        mob.take(),
        log(&["strike Some(7) forgot true", "+watch", "watch"])
    );
    assert!(!brain.stimuli().contains(Stim::Hit));
    brain.tick(&mut mob, f);
    assert_eq!(mob.take(), log(&["watch"]));
}

#[test]
fn a_tree_ticked_without_a_brain_reads_no_payload_and_forgets_nothing() {
    let (mut tree, mut mob, f) = (Guard::new(), Mob::default(), &mut Frame::new(0.1));
    // The caller's flags say "hit", but no brain lends a store.
    f.set_stimuli(Stim::Hit.flag());
    tree.tick(&mut mob, f);
    assert_eq!(
        mob.take(),
        log(&["strike None forgot false", "+watch", "watch"])
    );
}

/// Keeps the trace's events as text.
#[derive(Default)]
struct Lines(Vec<String>);

impl Trace for Lines {
    fn event(&mut self, e: TraceEvent) {
        if e.level() == 1 {
            self.0.push(e.to_string());
        }
    }
}

#[test]
fn b3_an_event_nothing_binds_is_reported() {
    let (mut brain, mut mob, f) = (
        Brain::new(Guard::new()),
        Mob::default(),
        &mut Frame::new(0.1),
    );
    brain.tick(&mut mob, f);
    mob.take();
    // `post` on the tree says so at once…
    let posted = brain.tree_mut().post(&Signal::Noise, &mut mob, f);
    assert!(!posted.bound && posted.vars.bits() == 0 && posted.stamps == 0);
    assert_eq!(posted.reached, 1, "the active behavior was handed it");
    let posted = brain.tree_mut().post(&Signal::Alarm, &mut mob, f);
    assert!(posted.bound);
    assert_eq!(posted.vars, Guard::ALARMED.flag()); // `calm` was clear already
    brain.tree_mut().post(&Signal::AllClear, &mut mob, f);
    mob.take();
    // …and the brain's trace, before the tick that delivers it.
    brain.post(Signal::Noise).unwrap();
    brain.post(Signal::Seen).unwrap();
    let mut trace = Lines::default();
    brain.tick_traced(&mut mob, f, &mut trace);
    assert_eq!(
        trace.0,
        ["! event posted that no var, stamp or wait_for binds (handed to 1 behavior(s)) (B3)"]
    );
    assert_eq!(brain.unbound(), 1);
    brain.tick(&mut mob, f);
    assert_eq!(brain.unbound(), 0);
}

#[test]
fn b5_reset_empties_the_store_and_the_inbox_stop_keeps_them() {
    let (mut brain, mut mob, f) = (
        Brain::new(Guard::new()),
        Mob::default(),
        &mut Frame::new(0.1),
    );
    brain.stimuli_mut().add(Stim::Heard, 1, None);
    brain.post(Signal::Alarm).unwrap();
    brain.stop(&mut mob, f);
    assert_eq!(brain.tick(&mut mob, f), None);
    assert_eq!((brain.stimuli().len(), brain.inbox().len()), (1, 1));
    brain.reset(&mut mob, f);
    assert_eq!((brain.stimuli().len(), brain.inbox().len()), (0, 0));
    assert_eq!(brain.status(), PlayStatus::Reset);
    assert_eq!(brain.tick(&mut mob, f), Some(Status::Running));
    assert_eq!(mob.take(), log(&["+watch", "watch"]));
}

#[test]
fn b1_a_paused_brain_in_a_batch_does_nothing_and_every_agent_reports_its_status() {
    let mut brains: Vec<Brain<Guard>> = (0..4).map(|_| Brain::default()).collect();
    let mut mobs: Vec<Mob> = (0..4).map(|_| Mob::default()).collect();
    let f = &mut Frame::new(0.25);
    batch::tick_all(&mut brains, &mut mobs, f, |_, _, _, _| {});
    brains[1].pause(&mut mobs[1], f);
    brains[2].stimuli_mut().add(Stim::Hit, 3, Some(1.0));
    brains[3].play(PlayMode::Ticks(1), &mut mobs[3], f);
    brains[1].post(Signal::Alarm).unwrap();
    brains[1].stimuli_mut().add(Stim::Heard, 0, Some(0.25));
    for m in &mut mobs {
        m.take();
    }
    let errors = batch::tick_all(&mut brains, &mut mobs, f, |_, _, _, _| {});
    assert_eq!(errors, 0);
    let statuses: Vec<_> = brains.iter().map(Brain::last_status).collect();
    assert_eq!(
        statuses,
        [
            Some(Status::Running),
            None,
            Some(Status::Running),
            Some(Status::Running)
        ]
    );
    // The paused one: no event delivered, no stimulus expired, no hook.
    assert!(mobs[1].log.is_empty());
    assert_eq!((brains[1].inbox().len(), brains[1].stimuli().len()), (1, 1));
    assert_eq!(brains[1].tree().now(), 0.25);
    assert_eq!(
        mobs[2].take(),
        log(&[
            "-watch Halted",
            "strike Some(3) forgot true",
            "+watch",
            "watch"
        ])
    );
    // Agent 3 played one tick and stopped: it ticks no more.
    assert_eq!(brains[3].status(), PlayStatus::Stopped);
    batch::tick_all(&mut brains, &mut mobs, f, |_, _, _, _| {});
    assert_eq!(brains[3].last_status(), None);
    // Resumed, agent 1 goes on where it was, then takes its event.
    brains[1].resume(&mut mobs[1], f);
    batch::tick_all(&mut brains, &mut mobs, f, |_, _, _, _| {});
    assert_eq!(
        mobs[1].take(),
        log(&["watch got Alarm", "-watch Halted", "+chase", "chase"])
    );
    // As a `Tree`, a brain that did not tick reports `Running`.
    brains[1].pause(&mut mobs[1], f);
    assert_eq!(Tree::tick(&mut brains[1], &mut mobs[1], f), Status::Running);
}

// ------------------------------------------------------------ deferred

#[derive(Clone, Copy, Debug, PartialEq)]
enum Anim {
    Wave,
}

/// A frame's world: its requests, and last frame's completions.
struct Game {
    anims: Requests<Anim>,
    done: Completions<bool>,
}

impl Deferred for Game {
    type Launch = Anim;
    type Done = bool;
    fn requests(&mut self) -> &mut Requests<Anim> {
        &mut self.anims
    }
    fn completions(&self) -> &Completions<bool> {
        &self.done
    }
}

/// Waves (a deferred action) until the animation system says how it went.
#[derive(Default)]
struct Wave(Action);

impl Behavior<Mob, Game> for Wave {
    fn activate(&mut self, m: &mut Mob, ctx: &mut Ctx<Game>) -> Status {
        let status = ctx.launch(&mut self.0, Anim::Wave);
        m.log.push(format!("launch {status:?}"));
        status
    }
    fn tick(&mut self, m: &mut Mob, ctx: &mut Ctx<Game>) -> Status {
        let status = match ctx.poll(&mut self.0) {
            Some(true) => Status::Success,
            Some(false) => Status::Failure,
            None => Status::Running,
        };
        m.log.push(format!("poll {status:?}"));
        status
    }
    fn deactivate(&mut self, m: &mut Mob, ctx: &mut Ctx<Game>, exit: Exit) {
        let cancel = ctx.abandon(&mut self.0);
        m.log.push(format!("abandon {cancel:?} {exit:?}"));
    }
}

deciders::tree! {
    tree Greeter for Mob, world = Game, events = Signal {
        var busy = set(Signal::Alarm), clear(Signal::AllClear);
        priority { rest: when(var(busy)) => wait(10.0), wave: Wave }
    }
}

fn game(capacity: usize, frame: u32) -> Game {
    Game {
        anims: Requests::with_capacity(capacity, frame),
        done: Completions::new(),
    }
}

#[test]
fn v5_deferred_actions_through_the_context_name_the_batch_agent() {
    let mut brains: Vec<Brain<Greeter>> = (0..3).map(|_| Brain::default()).collect();
    let mut mobs: Vec<Mob> = (0..3).map(|_| Mob::default()).collect();
    // Room for two launches: the third agent's is refused, and its tick
    // says so, naming it.
    let f = &mut Frame::new(0.1).with_world(game(2, 0));
    let errors = batch::tick_all(&mut brains, &mut mobs, f, |_, _, _, _| {});
    assert_eq!(errors, 1);
    let tickets: Vec<Ticket> = f.world().anims.launches().iter().map(|(t, _)| *t).collect();
    assert_eq!(tickets.iter().map(|t| t.agent).collect::<Vec<_>>(), [0, 1]);
    assert_eq!(
        brains[2].report().first(),
        Some(&TickError::LaunchRefused { agent: 2 })
    );
    assert!(brains[0].report().is_ok());
    assert_eq!(mobs[0].take(), log(&["launch Running", "poll Running"]));
    assert_eq!(mobs[2].take(), log(&["launch Failure"]));
    mobs[1].take();
    // Next frame: agent 0's wave completes; agent 1 is called away (its
    // cancel is requested); agent 2 launches again.
    f.world_mut().anims.next_frame(1);
    f.world_mut().done.complete(tickets[0], true);
    brains[1].post(Signal::Alarm).unwrap();
    batch::tick_all(&mut brains, &mut mobs, f, |_, _, _, _| {});
    assert_eq!(
        mobs[0].take(),
        log(&["poll Success", "abandon None Completed(Success)"])
    );
    assert_eq!(mobs[1].take(), log(&["abandon Some(Requested) Halted"]));
    assert_eq!(mobs[2].take(), log(&["launch Running", "poll Running"]));
    assert_eq!(f.world().anims.cancels(), [tickets[1]]);
    assert_eq!(f.world().anims.launches()[0].0.agent, 2);
    assert_eq!(
        brains.iter().map(Brain::last_status).collect::<Vec<_>>(),
        [
            Some(Status::Success),
            Some(Status::Running),
            Some(Status::Running)
        ]
    );
}

#[test]
fn v5_a_launch_over_one_under_way_abandons_it_first() {
    let (mut mob, f) = (Mob::default(), &mut Frame::new(0.1).with_world(game(4, 0)));
    let mut action = Action::default();
    {
        let mut ctx = f.ctx();
        assert_eq!(ctx.launch(&mut action, Anim::Wave), Status::Running);
        let first = action.ticket().unwrap();
        assert_eq!(ctx.launch(&mut action, Anim::Wave), Status::Running);
        // The first launch was still in this frame's buffer: removed.
        assert_ne!(action.ticket(), Some(first));
    }
    assert_eq!(f.world().anims.launches().len(), 1);
    assert_eq!(f.world().anims.cancels().len(), 0);
    mob.take();
}

#[test]
fn b4_a_brain_is_a_tree_for_the_tools() {
    let (mut brain, mut mob, f) = (
        Brain::new(Guard::new()),
        Mob::default(),
        &mut Frame::new(0.1),
    );
    brain.tick(&mut mob, f);
    assert!(brain.is_active("watch"));
    let mut text = String::new();
    deciders::describe::write_state(&brain, &mut text).unwrap();
    assert!(text.contains("watch"), "{text}");
    assert_eq!(
        <Brain<Guard> as Tree<Mob>>::shape().len(),
        Guard::shape().len()
    );
}

#[test]
fn b7_a_queued_operation_is_performed_by_the_next_tick() {
    use deciders::brain::Lifecycle;
    let (mut brain, mut mob, f) = (
        Brain::new(Guard::new()),
        Mob::default(),
        &mut Frame::new(0.25),
    );
    brain.tick(&mut mob, f);
    mob.take();
    // Queued between ticks: nothing happens until the next tick, which
    // pauses (the `pause` hooks run with its agent and frame) and ticks no
    // more; a later `queue` replaces an earlier one.
    brain.queue(Lifecycle::Stop);
    brain.queue(Lifecycle::Pause);
    assert_eq!(brain.queued(), Some(Lifecycle::Pause));
    assert_eq!(brain.status(), PlayStatus::Executing);
    assert_eq!(brain.tick(&mut mob, f), None);
    assert_eq!((brain.status(), brain.queued()), (PlayStatus::Paused, None));
    assert_eq!(brain.tree().now(), 0.25, "the clock stood still");
    brain.queue(Lifecycle::Resume);
    assert_eq!(brain.tick(&mut mob, f), Some(Status::Running));
    assert_eq!(mob.take(), log(&["watch"]));
    // Play with a mode: a new run from the root, stopped after two ticks.
    brain.queue(Lifecycle::Play(PlayMode::Ticks(2)));
    brain.tick(&mut mob, f);
    brain.tick(&mut mob, f);
    assert_eq!(brain.status(), PlayStatus::Stopped);
    assert_eq!(
        mob.take(),
        log(&["-watch Halted", "+watch", "watch", "watch", "-watch Halted"])
    );
    brain.queue(Lifecycle::Reset);
    brain.tick(&mut mob, f);
    assert_eq!(
        (brain.status(), brain.tree().now()),
        (PlayStatus::Executing, 0.25)
    );
}

#[test]
fn b4_a_paused_brain_adds_no_error_to_a_batch() {
    let mut brains: Vec<Brain<Greeter>> = (0..2).map(|_| Brain::default()).collect();
    let mut mobs: Vec<Mob> = (0..2).map(|_| Mob::default()).collect();
    // No room at all: agent 0's launch is refused; agent 1 is paused, and
    // the frame's report it did not make is not counted again.
    let f = &mut Frame::new(0.1).with_world(game(0, 0));
    brains[1].queue(deciders::brain::Lifecycle::Pause);
    assert_eq!(
        batch::tick_all(&mut brains, &mut mobs, f, |_, _, _, _| {}),
        1
    );
    assert_eq!(brains[0].report().count(), 1);
    assert!(brains[1].report().is_ok() && brains[1].last_status().is_none());
}

#[test]
fn b4_a_report_with_errors_is_kept_until_the_next_tick_that_ticks_clears_it() {
    let (mut brain, mut mob) = (Brain::<Greeter>::default(), Mob::default());
    // Its first tick (the lifecycle starts): a launch with room, no error.
    let f = &mut Frame::new(0.1).with_world(game(1, 0));
    brain.tick(&mut mob, f);
    assert!(brain.report().is_ok());
    let ticket = f.world().anims.launches()[0].0;
    // The wave completes: a tick of the common case, clean.
    f.world_mut().anims.next_frame(1);
    f.world_mut().done.complete(ticket, true);
    assert_eq!(brain.tick(&mut mob, f), Some(Status::Success));
    assert!(brain.report().is_ok());
    // Waving again with no room: the common case's tick keeps its error…
    *f.world_mut() = game(0, 2);
    assert_eq!(brain.tick(&mut mob, f), Some(Status::Failure));
    assert_eq!(
        brain.report().first(),
        Some(&TickError::LaunchRefused { agent: 0 })
    );
    // …a paused brain's tick keeps it too (B4: the last tick that ticked)…
    brain.pause(&mut mob, f);
    assert_eq!(brain.tick(&mut mob, f), None);
    assert_eq!(brain.report().count(), 1);
    // …and the next one that ticks, clean, clears it.
    brain.resume(&mut mob, f);
    *f.world_mut() = game(1, 3);
    assert_eq!(brain.tick(&mut mob, f), Some(Status::Running));
    assert!(brain.report().is_ok());
    assert_eq!(
        mob.take(),
        log(&[
            "launch Running",
            "poll Running",
            "poll Success",
            "abandon None Completed(Success)",
            "launch Failure",
            "launch Running",
            "poll Running"
        ])
    );
}

/// Panics when handed `Noise`.
#[derive(Default)]
struct Touchy;

impl Behavior<Mob> for Touchy {
    fn tick(&mut self, _: &mut Mob, _: &mut Ctx) -> Status {
        Status::Running
    }
    fn event(&mut self, m: &mut Mob, _: &mut Ctx, event: &dyn Any) {
        let signal = event.downcast_ref::<Signal>();
        assert_ne!(signal, Some(&Signal::Noise), "touchy");
        m.log.push(format!("got {signal:?}"));
    }
}

deciders::tree! {
    tree Fragile for Mob, events = Signal {
        var alarmed = set(Signal::Alarm), clear(Signal::AllClear);
        Touchy
    }
}

#[test]
fn b1_a_hook_that_panics_during_delivery_leaves_the_later_events_queued() {
    let (mut brain, mut mob, f) = (
        Brain::new(Fragile::new()),
        Mob::default(),
        &mut Frame::new(0.1),
    );
    brain.tick(&mut mob, f);
    for signal in [Signal::Alarm, Signal::Noise, Signal::AllClear] {
        brain.post(signal).unwrap();
    }
    let ticked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        brain.tick(&mut mob, f);
    }));
    assert!(ticked.is_err());
    // `Alarm` was delivered, `Noise` left the inbox as it was handed over:
    // `AllClear` waits for the next tick.
    assert!(brain.var(Fragile::ALARMED));
    assert_eq!(
        brain.inbox().copied().collect::<Vec<_>>(),
        [Signal::AllClear]
    );
    assert_eq!(mob.take(), log(&["got Some(Alarm)"]));
    brain.tick(&mut mob, f);
    assert!(!brain.var(Fragile::ALARMED) && brain.inbox().len() == 0);
    assert_eq!(mob.take(), log(&["got Some(AllClear)"]));
}
