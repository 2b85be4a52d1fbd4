//! Deferred actions (V5), tick by tick: launched, completed, cancelled
//! when abandoned, removed when abandoned in the same tick, refused on a
//! full buffer.

use deciders::deferred::{Action, Completions, Requests, Ticket};
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
        let cancel = self.1.abandon(&mut ctx.world_mut().anims);
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

fn ticket(frame: u32, n: u32) -> Ticket {
    Ticket { frame, agent: 0, n }
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
    assert_eq!(w.anims.launches(), [(ticket(1, 0), "flee")]);
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
