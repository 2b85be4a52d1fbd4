//! Deferred actions (V5), tick by tick: launched, completed, cancelled
//! when abandoned, removed when abandoned in the same tick, refused on a
//! full buffer (launches fail; cancels are reported and kept for a later
//! frame), tickets unique when frame numbers repeat.

use deciders::deferred::{Action, Cancel, Completions, InFlight, Requests, Ticket};
use deciders::{Behavior, Ctx, Exit, Frame, Status, TickError, Trace, TraceEvent};

/// A frame's buffers, and the completions reported before it.
pub struct World {
    anims: Requests<&'static str>,
    done: Completions<bool>,
    log: Vec<String>,
}

impl World {
    fn new(capacity: usize) -> World {
        World {
            anims: Requests::with_capacity(capacity, 0),
            done: Completions::new(),
            log: Vec::new(),
        }
    }
}

/// The agent: whether a threat is near.
#[derive(Default)]
pub struct Npc {
    threat: bool,
}

impl Npc {
    fn threatened(&self) -> bool {
        self.threat
    }
}

/// Plays an animation as a deferred action.
pub struct Play(&'static str, Action);

impl Play {
    fn new(name: &'static str) -> Play {
        Play(name, Action::default())
    }
}

impl Behavior<Npc, World> for Play {
    fn activate(&mut self, _: &mut Npc, ctx: &mut Ctx<World>) -> Status {
        let status = self.1.launch_in(ctx, |w: &mut World| &mut w.anims, self.0);
        ctx.world_mut()
            .log
            .push(format!("launch {} {status:?}", self.0));
        status
    }
    fn tick(&mut self, _: &mut Npc, ctx: &mut Ctx<World>) -> Status {
        let status = match self.1.poll(&ctx.world().done) {
            Some(true) => Status::Success,
            Some(false) => Status::Failure,
            None => Status::Running,
        };
        ctx.world_mut()
            .log
            .push(format!("tick {} {status:?}", self.0));
        status
    }
    fn deactivate(&mut self, _: &mut Npc, ctx: &mut Ctx<World>, exit: Exit) {
        let cancel = self.1.abandon_in(ctx, |w: &mut World| &mut w.anims);
        ctx.world_mut()
            .log
            .push(format!("deactivate {} {exit:?} {cancel:?}", self.0));
    }
}

deciders::tree! {
    /// Flee when threatened (interrupting the wave), else wave.
    pub tree Greeter for Npc, world = World {
        priority {
            flee: when(decide = Npc::threatened) => Play::new("flee"),
            wave: Play::new("wave"),
        }
    }
}

deciders::tree! {
    /// Hide (launching nothing) when threatened, else wave.
    pub tree Skittish for Npc, world = World {
        priority {
            hide: when(decide = Npc::threatened) => wait(1.0),
            wave: Play::new("wave"),
        }
    }
}

fn ticket(frame: u32, n: u32) -> Ticket {
    Ticket { frame, agent: 0, n }
}

/// Keeps the level-1 events about deferred actions and the tick's end, as
/// text.
#[derive(Default)]
struct Refusals(Vec<String>);

impl Trace for Refusals {
    fn event(&mut self, e: TraceEvent) {
        match e {
            TraceEvent::LaunchRefused { count, .. } => self
                .0
                .push(format!("launches refused {count} (level {})", e.level())),
            TraceEvent::CancelRefused { count, .. } => self
                .0
                .push(format!("cancels refused {count} (level {})", e.level())),
            TraceEvent::TickEnd { status, .. } => self.0.push(format!("end {status:?}")),
            _ => {}
        }
    }
}

#[test]
fn v5_a_launch_completes_on_the_tick_after_the_game_system_reports_it() {
    // SPEC V5.
    let (mut npc, mut t) = (Npc::default(), Greeter::new());
    let mut frame = Frame::new(0.1).with_world(World::new(4));
    assert_eq!(t.tick(&mut npc, &mut frame), Status::Running);
    let w = frame.world_mut();
    assert_eq!(w.anims.launches(), [(ticket(0, 0), "wave")]);
    w.anims.next_frame(1);
    assert_eq!(t.tick(&mut npc, &mut frame), Status::Running);
    // Reported between two ticks: seen on the next one.
    frame.world_mut().done.complete(ticket(0, 0), true);
    assert_eq!(t.tick(&mut npc, &mut frame), Status::Success);
    assert_eq!(
        std::mem::take(&mut frame.world_mut().log),
        // SPEC L1: a behavior is ticked in the tick that activates it.
        [
            "launch wave Running",
            "tick wave Running",
            "tick wave Running",
            "tick wave Success",
            "deactivate wave Completed(Success) None"
        ]
    );
    assert!(frame.world().anims.cancels().is_empty());
}

#[test]
fn v5_an_abandoned_action_is_cancelled() {
    // SPEC V5, D2: the priority interrupts the wave a frame after it was
    // launched: a cancel request for the game system.
    let (mut npc, mut t) = (Npc::default(), Greeter::new());
    let mut frame = Frame::new(0.1).with_world(World::new(4));
    t.tick(&mut npc, &mut frame);
    frame.world_mut().anims.next_frame(1);
    npc.threat = true;
    t.tick(&mut npc, &mut frame);
    let w = frame.world();
    assert_eq!(w.anims.cancels(), [ticket(0, 0)]);
    // The buffer's second launch: numbers go on across frames.
    assert_eq!(w.anims.launches(), [(ticket(1, 1), "flee")]);
    assert_eq!(
        w.log,
        [
            "launch wave Running",
            "tick wave Running",
            "deactivate wave Halted Some(Requested)",
            "launch flee Running",
            "tick flee Running"
        ]
    );
}

#[test]
fn v5_an_action_abandoned_in_the_tick_it_was_launched_is_removed() {
    // SPEC V5: launched and abandoned within one frame: the game system
    // never sees the launch, and no cancel is emitted.
    let (mut npc, mut t) = (Npc::default(), Greeter::new());
    let mut frame = Frame::new(0.1).with_world(World::new(4));
    t.tick(&mut npc, &mut frame);
    t.halt(&mut npc, &mut frame);
    let w = frame.world();
    assert!(w.anims.launches().is_empty() && w.anims.cancels().is_empty());
    assert_eq!(
        w.log,
        [
            "launch wave Running",
            "tick wave Running",
            "deactivate wave Halted Some(Removed)"
        ]
    );
}

#[test]
fn v5_a_full_buffer_fails_the_launching_behavior() {
    // SPEC V5: capacity 1, two agents in one frame: the second launch is
    // refused, its behavior fails, and the refusal is counted.
    let (mut a, mut b) = (Npc::default(), Npc::default());
    let (mut ta, mut tb) = (Greeter::new(), Greeter::new());
    let mut frame = Frame::new(0.1).with_world(World::new(1));
    frame.world_mut().anims.set_agent(0);
    assert_eq!(ta.tick(&mut a, &mut frame), Status::Running);
    frame.world_mut().anims.set_agent(1);
    assert_eq!(tb.tick(&mut b, &mut frame), Status::Failure);
    let w = frame.world();
    assert_eq!((w.anims.refused(), w.anims.launches().len()), (1, 1));
    assert_eq!(
        w.log,
        // SPEC L2: an activation that fails is not deactivated.
        [
            "launch wave Running",
            "tick wave Running",
            "launch wave Failure"
        ]
    );
    // The tick that refused says so in its report.
    assert_eq!(
        (frame.report().first(), frame.report().launches_refused()),
        (Some(&TickError::LaunchRefused { agent: 1 }), 1)
    );
}

// SPEC V5, I2
#[test]
fn v5_a_refused_launch_is_a_trace_event_at_the_end_of_its_tick() {
    /// Keeps the events of level 1 and the tick's end.
    #[derive(Default)]
    struct Seen(Vec<String>);
    impl Trace for Seen {
        fn event(&mut self, e: TraceEvent) {
            match e {
                TraceEvent::LaunchRefused { count, .. } => self
                    .0
                    .push(format!("refused {count} (level {})", e.level())),
                TraceEvent::TickEnd { status, .. } => self.0.push(format!("end {status:?}")),
                TraceEvent::Activated { node, .. } => self.0.push(format!("+{}", node.name)),
                TraceEvent::ActivateFailed { node, .. } => self.0.push(format!("!{}", node.name)),
                _ => {}
            }
        }
    }
    let (mut a, mut b) = (Npc::default(), Npc::default());
    let (mut ta, mut tb) = (Greeter::new(), Greeter::new());
    let mut frame = Frame::new(0.1).with_world(World::new(1));
    let mut seen = Seen::default();
    ta.tick_traced(&mut a, &mut frame, &mut seen);
    // A launch that fits: no event.
    assert!(
        !seen.0.iter().any(|e| e.starts_with("refused")),
        "{:?}",
        seen.0
    );
    seen.0.clear();
    frame.world_mut().anims.set_agent(1);
    tb.tick_traced(&mut b, &mut frame, &mut seen);
    let last_two = &seen.0[seen.0.len() - 2..];
    assert_eq!(last_two, ["refused 1 (level 1)", "end Failure"]);
    // The next tick's report starts empty.
    frame.world_mut().anims.next_frame(1);
    ta.tick(&mut a, &mut frame);
    assert!(frame.report().is_ok());
}

// SPEC V5, I2: a cancel that finds the frame's cancels full is not lost:
// the tick reports it (report, trace event, counted apart from refused
// launches) and the buffer keeps it for the next frame.
#[test]
fn v5_a_refused_cancel_is_reported_and_delivered_on_the_next_frame() {
    let (mut a, mut b) = (Npc::default(), Npc::default());
    let (mut ta, mut tb) = (Skittish::new(), Skittish::new());
    // One launch and one cancel a frame.
    let mut frame = Frame::new(0.1).with_world(World::new(1));
    let wave_a = Ticket {
        frame: 0,
        agent: 0,
        n: 0,
    };
    let wave_b = Ticket {
        frame: 1,
        agent: 1,
        n: 1,
    };
    // Frame 0: A waves. Frame 1: B waves.
    frame.world_mut().anims.set_agent(0);
    assert_eq!(ta.tick(&mut a, &mut frame), Status::Running);
    assert_eq!(frame.world().anims.launches(), [(wave_a, "wave")]);
    frame.world_mut().anims.next_frame(1);
    frame.world_mut().anims.set_agent(1);
    assert_eq!(tb.tick(&mut b, &mut frame), Status::Running);
    assert_eq!(frame.world().anims.launches(), [(wave_b, "wave")]);
    frame.world_mut().anims.next_frame(2);
    frame.world_mut().log.clear();
    // Frame 2: both hide. A's cancel fills the frame's cancels…
    (a.threat, b.threat) = (true, true);
    let mut seen = Refusals::default();
    frame.world_mut().anims.set_agent(0);
    assert_eq!(
        ta.tick_traced(&mut a, &mut frame, &mut seen),
        Status::Running
    );
    assert!(frame.report().is_ok());
    assert_eq!(seen.0, ["end Running"]);
    seen.0.clear();
    // …so B's is refused: reported by its tick, kept by the buffer.
    frame.world_mut().anims.set_agent(1);
    assert_eq!(
        tb.tick_traced(&mut b, &mut frame, &mut seen),
        Status::Running
    );
    assert_eq!(seen.0, ["cancels refused 1 (level 1)", "end Running"]);
    let report = frame.report();
    assert_eq!(report.first(), Some(&TickError::CancelRefused { agent: 1 }));
    assert_eq!(
        (
            report.count(),
            report.launches_refused(),
            report.cancels_refused()
        ),
        (1, 0, 1)
    );
    let w = frame.world();
    assert_eq!(
        w.log,
        [
            "deactivate wave Halted Some(Requested)",
            "deactivate wave Halted Some(Refused)"
        ]
    );
    assert_eq!(w.anims.cancels(), [wave_a]);
    assert_eq!(w.anims.pending_cancels(), [wave_b]);
    assert_eq!(
        (
            w.anims.launches_refused(),
            w.anims.cancels_refused(),
            w.anims.refused()
        ),
        (0, 1, 1)
    );
    // Frame 3: the game system gets B's cancel first; nothing is refused
    // any more, and the next tick's report starts empty.
    frame.world_mut().anims.next_frame(3);
    let w = frame.world();
    assert_eq!(w.anims.cancels(), [wave_b]);
    assert!(w.anims.pending_cancels().is_empty());
    assert_eq!(w.anims.refused(), 0);
    seen.0.clear();
    assert_eq!(
        tb.tick_traced(&mut b, &mut frame, &mut seen),
        Status::Running
    );
    assert!(frame.report().is_ok());
    assert_eq!(seen.0, ["end Running"]);
}

// SPEC V5: more refused cancels than a frame holds come in over several
// frames, oldest first, before that frame's own cancels.
#[test]
fn v5_refused_cancels_come_in_oldest_first_as_frames_have_room() {
    let mut r: Requests<()> = Requests::with_capacity(1, 0);
    let old: Vec<Ticket> = (0..3)
        .map(|n| Ticket {
            frame: 0,
            agent: 0,
            n,
        })
        .collect();
    r.next_frame(1);
    let got: Vec<Cancel> = old.iter().map(|&t| r.cancel(t)).collect();
    assert_eq!(got, [Cancel::Requested, Cancel::Refused, Cancel::Refused]);
    assert_eq!((r.cancels(), r.pending_cancels()), (&old[..1], &old[1..]));
    r.next_frame(2);
    assert_eq!((r.cancels(), r.pending_cancels()), (&old[1..2], &old[2..]));
    // Frame 2's own cancel waits behind the older one.
    let late = Ticket {
        frame: 1,
        agent: 4,
        n: 8,
    };
    assert_eq!(r.cancel(late), Cancel::Refused);
    assert_eq!(r.pending_cancels(), [old[2], late]);
    r.next_frame(3);
    assert_eq!((r.cancels(), r.pending_cancels()), (&old[2..], &[late][..]));
    r.next_frame(4);
    assert_eq!((r.cancels(), r.pending_cancels()), (&[late][..], &[][..]));
}

// SPEC V5: halted between ticks, a behavior whose cancel is refused adds
// it to the frame's report (the last tick's), and the cancel is kept.
#[test]
fn v5_a_cancel_refused_in_a_halt_goes_into_the_frames_report() {
    let (mut npc, mut t) = (Npc::default(), Greeter::new());
    let mut frame = Frame::new(0.1).with_world(World::new(1));
    t.tick(&mut npc, &mut frame);
    let w = frame.world_mut();
    w.anims.next_frame(1);
    let other = Ticket {
        frame: 0,
        agent: 3,
        n: 5,
    };
    assert_eq!(w.anims.cancel(other), Cancel::Requested);
    t.halt(&mut npc, &mut frame);
    assert_eq!(
        frame.world().log.last().map(String::as_str),
        Some("deactivate wave Halted Some(Refused)")
    );
    assert_eq!(
        frame.report().first(),
        Some(&TickError::CancelRefused { agent: 0 })
    );
    assert_eq!(frame.report().cancels_refused(), 1);
    assert_eq!(frame.world().anims.pending_cancels(), [ticket(0, 0)]);
}

// SPEC V5: an agent with two trees (its body and its voice) in a game that
// numbers frames from 0 again (a level restarted): the voice's new launch
// does not take the ticket of the body's old one, so the body's cancel
// leaves it alone and the game system can tell them apart.
#[test]
fn v5_tickets_are_unique_when_frame_numbers_repeat() {
    let (mut npc, mut body, mut voice) = (Npc::default(), Greeter::new(), Greeter::new());
    let mut frame = Frame::new(0.1).with_world(World::new(4));
    body.tick(&mut npc, &mut frame);
    let old = frame.world().anims.launches()[0].0;
    assert_eq!(old, ticket(0, 0));
    // The level restarts: frame 0 again.
    frame.world_mut().anims.next_frame(0);
    voice.tick(&mut npc, &mut frame);
    let new = frame.world().anims.launches()[0].0;
    assert_eq!(new, ticket(0, 1));
    assert_ne!(new, old);
    // The body leaves its wave: a cancel request for the old launch; the
    // voice's launch stays in the buffer.
    body.halt(&mut npc, &mut frame);
    let w = frame.world();
    assert_eq!(w.anims.launches(), [(new, "wave")]);
    assert_eq!(w.anims.cancels(), [old]);
    assert_eq!(
        w.log,
        [
            "launch wave Running",
            "tick wave Running",
            "launch wave Running",
            "tick wave Running",
            "deactivate wave Halted Some(Requested)"
        ]
    );
    // A completion of the old launch is not the new one's.
    frame.world_mut().done.complete(old, false);
    assert_eq!(voice.tick(&mut npc, &mut frame), Status::Running);
    frame.world_mut().done.complete(new, true);
    assert_eq!(voice.tick(&mut npc, &mut frame), Status::Success);
}

// SPEC V5: the game system may correct a result before the agent's next
// tick: the second report of a ticket is the one the behavior sees.
#[test]
fn v5_a_second_report_of_a_ticket_replaces_the_first() {
    let (mut npc, mut t) = (Npc::default(), Greeter::new());
    let mut frame = Frame::new(0.1).with_world(World::new(4));
    t.tick(&mut npc, &mut frame);
    let w = frame.world_mut();
    w.anims.next_frame(1);
    w.done.complete(ticket(0, 0), false);
    w.done.complete(ticket(0, 0), true);
    assert_eq!(w.done.len(), 1);
    assert_eq!(t.tick(&mut npc, &mut frame), Status::Success);
    assert_eq!(
        frame.world().log[2..],
        [
            "tick wave Success",
            "deactivate wave Completed(Success) None"
        ]
    );
}

// SPEC V5: a buffer that replaces another (a loaded game) goes on with the
// old one's numbers: a loaded behavior's ticket is not given again.
#[test]
fn v5_a_buffer_numbered_from_the_old_ones_next_number_repeats_no_ticket() {
    let (mut npc, mut t) = (Npc::default(), Greeter::new());
    let mut frame = Frame::new(0.1).with_world(World::new(4));
    t.tick(&mut npc, &mut frame);
    let held = frame.world().anims.launches()[0].0;
    assert_eq!(frame.world().anims.next_number(), 1);
    // The game builds its buffers anew, at frame 0 again.
    let next = frame.world().anims.next_number();
    frame.world_mut().anims = Requests::with_capacity(4, 0).numbered_from(next);
    let mut other = Greeter::new();
    other.tick(&mut npc, &mut frame);
    assert_eq!(frame.world().anims.launches(), [(ticket(0, 1), "wave")]);
    // The first agent's cancel is a request, not the other's launch removed.
    t.halt(&mut npc, &mut frame);
    let w = frame.world();
    assert_eq!(w.anims.cancels(), [held]);
    assert_eq!(w.anims.launches(), [(ticket(0, 1), "wave")]);
}

#[test]
fn v5_in_flight_takes_cancels_then_launches_and_completes_in_order() {
    // The game system's side: a frame's cancels take actions out, its
    // launches come in, in order; work completes what is done, oldest
    // first, and keeps the rest.
    let (mut r, mut sys, mut done) = (
        Requests::with_capacity(4, 0),
        InFlight::new(),
        Completions::new(),
    );
    let a = r.launch(1u32).unwrap();
    let b = r.launch(3).unwrap();
    sys.take(&mut r);
    assert!(r.launches().is_empty(), "the launches were drained");
    r.next_frame(1);
    let c = r.launch(1).unwrap();
    assert_eq!(r.cancel(b), Cancel::Requested);
    // A cancel of an action no longer under way is ignored.
    assert_eq!(r.cancel(ticket(0, 99)), Cancel::Requested);
    sys.take(&mut r);
    let order: Vec<Ticket> = sys.iter().map(|(t, _)| *t).collect();
    assert_eq!(order, [a, c]);
    let mut seen = vec![];
    let n = sys.work(&mut done, |t, left| {
        seen.push(t);
        *left -= 1;
        (*left == 0).then_some(t.n)
    });
    assert_eq!((n, seen, sys.len()), (2, vec![a, c], 0));
    assert_eq!(
        (done.get(a), done.get(b), done.get(c)),
        (Some(&a.n), None, Some(&c.n))
    );
    // An action not done yet stays, and is worked on again.
    let d = r.launch(2).unwrap();
    sys.take(&mut r);
    assert_eq!(
        sys.work(&mut done, |_, left| {
            *left -= 1;
            (*left == 0).then_some(0)
        }),
        0
    );
    assert_eq!((sys.len(), done.get(d)), (1, None));
    assert_eq!(
        sys.work(&mut done, |_, left| {
            *left -= 1;
            (*left == 0).then_some(0)
        }),
        1
    );
    assert_eq!((sys.is_empty(), done.get(d)), (true, Some(&0)));
}
