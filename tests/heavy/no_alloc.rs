//! SPEC F1: constructing a tree state and ticking it allocate nothing.
//! One test in its own binary: the counting allocator is process-wide.

use deciders::{
    Behavior, Ctx, Decorator, Flags, Frame, NodeInfo, Resource, Status, Trace, TraceEvent,
};
use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};
use std::alloc::System;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

fn allocs_during(f: impl FnOnce()) -> usize {
    let region = Region::new(GLOBAL);
    f();
    let change = region.change();
    change.allocations + change.reallocations
}

/// The fewest allocations over three runs of `f`. The counter is
/// process-wide and the test harness's main thread may still be allocating
/// while the test starts; the code under test is deterministic, so an
/// allocation of its own shows in every run and the minimum still catches
/// it.
fn fewest_allocs_during(mut f: impl FnMut()) -> usize {
    (0..3)
        .map(|_| allocs_during(&mut f))
        .min()
        .unwrap_or(usize::MAX)
}

/// A creature whose needs drift deterministically.
#[derive(Default)]
struct Critter {
    step: u32,
    hunger: f32,
}

impl Critter {
    fn danger(&self) -> f32 {
        if self.step % 97 < 5 {
            1.0
        } else {
            0.0
        }
    }
    fn guard(&self) -> bool {
        self.step % 41 < 10
    }
    fn fight(&self) -> f32 {
        (self.step % 13) as f32 - 11.0
    }
    fn hungry(&self) -> bool {
        self.hunger > 0.6
    }
    fn sleepy(&self) -> bool {
        self.hunger < 0.9
    }
    fn satisfied(&self) -> Option<bool> {
        (!self.step.is_multiple_of(7)).then_some(self.hunger < 0.2)
    }
    fn food_near(&self) -> bool {
        self.step.is_multiple_of(3)
    }
    fn curious(&self) -> f32 {
        (self.step % 11) as f32 - 6.0
    }
    fn calm(&self) -> f32 {
        5.0 - (self.step % 11) as f32
    }
    fn mood(&self) -> u32 {
        self.step % 3
    }
}

/// A decorator of the test's own (SPEC R11) with persistent state: counts
/// its child's completions and passes statuses through.
#[derive(Default)]
struct Counted;

impl Decorator<Critter> for Counted {
    type Persist = u32;
    fn after(&mut self, done: &mut u32, _: &Critter, _: &Ctx, child: Status) -> Status {
        if child.is_done() {
            *done += 1;
        }
        child
    }
}

/// Every leaf: succeeds or fails after a few ticks, by its parameter.
#[derive(Default)]
struct Step {
    every: u32,
    ticks: u32,
}

impl Step {
    fn every(every: u32) -> Self {
        Step { every, ticks: 0 }
    }
}

impl Behavior<Critter> for Step {
    fn tick(&mut self, c: &mut Critter, _ctx: &mut Ctx) -> Status {
        self.ticks += 1;
        c.hunger = (c.hunger + 0.01).min(1.0);
        if !self.ticks.is_multiple_of(self.every.max(1)) {
            Status::Running
        } else if c.step.is_multiple_of(5) {
            Status::Failure
        } else {
            Status::Success
        }
    }
}

#[derive(Default)]
struct Eat;

impl Behavior<Critter> for Eat {
    fn tick(&mut self, c: &mut Critter, _ctx: &mut Ctx) -> Status {
        c.hunger = 0.0;
        Status::Success
    }
}

const NIGHT: Flags = Flags::bit(0);

deciders::tree! {
    /// Figure 1 of the Spore documentation with real decides, a timer, a
    /// flag precondition, group behaviors, and every node kind of the
    /// language (SPEC F1 covers them all).
    tree Creature for Critter {
        priority {
            flee: when(decide = Critter::danger) => Step::every(3),
            guard: when(every(2.0), decide = Critter::guard) => priority with Step::every(50) {
                yell_for_help: when(any(NIGHT), decide = Critter::guard) => Step::every(2),
                fight: when(decide = Critter::fight) => timeout(1.0) { Step::every(40) },
                patrol: when(recheck, decide = Critter::guard) => subtree far::Patrol,
                rest: Step::every(3),
            },
            fight: when(decide = Critter::fight) => parallel(success >= 2) {
                Step::every(5),
                retry(3) { Step::every(2) },
                invert { condition(Critter::satisfied) },
            },
            eat: when(decide = Critter::hungry) => priority {
                find_food: when(decide = Critter::food_near) => reactive_sequence {
                    condition(Critter::hungry),
                    Step::every(2),
                    Eat,
                },
                eat_food: cooldown(0.5) { Eat },
            },
            explore: when(decide = Critter::curious) => random {
                wander: Step::every(2),
                shuffled: shuffle { Step::every(1), recheck(decide = Critter::guard) { Step::every(3) } },
                utility: scored(rescore = 0.2) {
                    a: when(decide = Critter::curious) => retry(forever) { Step::every(2) },
                    b: when(decide = Critter::calm) => run_once { Step::every(1) },
                },
                branch: if_then_else { condition(Critter::hungry), Eat, Step::every(2) },
                loop_: while_do_else {
                    condition(Critter::satisfied),
                    switch(Critter::mood) {
                        0 => decorate(Counted) { Step::every(2) },
                        _ => Step::every(3),
                    },
                    parallel(all_complete) { Step::every(1), Step::every(2) },
                },
            },
            idle: when(delegate) => priority {
                play: when(any(NIGHT)) => sequential {
                    flip: Step::every(1),
                    roll: repeat(2) { Step::every(2) },
                    dance: concurrent { Step::every(3), always(Success) { fail } },
                },
                rest: selector {
                    nap: when(none(NIGHT), decide = Critter::sleepy) => delay(0.2) { Step::every(7) },
                    fallback { cooldown_on_failure(1.0) { fail }, force(Success) { wait(0.3) } },
                },
            },
        }
    }
}

/// A subtree declared in another module (S3): referenced from `guard`, with
/// its own state there.
mod far {
    use super::{Critter, Step};

    deciders::tree! {
        pub tree Patrol for Critter {
            sequence { succeed, Step::every(2), repeat(forever) { Step::every(4) } }
        }
    }
}

/// Marks every node of `Creature` that was activated or ticked, in a fixed
/// array (no allocation), to prove the workload reached every node kind.
struct Seen([bool; 64]);

impl Trace for Seen {
    fn event(&mut self, e: TraceEvent) {
        let node: &NodeInfo = match e {
            TraceEvent::Activated { node, .. } | TraceEvent::Ticked { node, .. } => node,
            _ => return,
        };
        let shape = Creature::shape();
        if shape
            .get(usize::from(node.id))
            .is_some_and(|n| std::ptr::eq(n, node))
        {
            self.0[usize::from(node.id)] = true;
        }
    }
}

/// A text sink that only counts what it is given.
struct Sink(usize);

impl std::fmt::Write for Sink {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0 += s.len();
        Ok(())
    }
}

/// SPEC R8: a world holding the resource of a `limit`, which three agents
/// at a time pass, three ticks each.
struct Hall {
    door: Resource,
}

#[derive(Default)]
struct Pass {
    ticks: u32,
}

impl Behavior<Critter, Hall> for Pass {
    fn tick(&mut self, _: &mut Critter, _: &mut Ctx<Hall>) -> Status {
        self.ticks += 1;
        if self.ticks == 3 {
            Status::Success
        } else {
            Status::Running
        }
    }
}

deciders::tree! {
    tree Doorway for Critter, world = Hall {
        selector { limit(|h: &Hall| &h.door, 3) { Pass }, wait(0.5) }
    }
}

#[test]
fn construction_and_ticking_do_not_allocate() {
    let mut agents: Vec<Critter> = (0..100).map(|_| Critter::default()).collect();
    let mut states: Vec<Creature> = Vec::with_capacity(100); // allocated outside the region
    assert_eq!(
        allocs_during(|| states.extend((0..100u64).map(Creature::with_seed))),
        0
    );
    let mut statuses = [0u32; 3];
    let mut seen = Seen([false; 64]);
    let ticking = fewest_allocs_during(|| {
        let mut ctx = Frame::new(1.0 / 30.0);
        for tick in 0..1_000u32 {
            for (agent, state) in agents.iter_mut().zip(states.iter_mut()) {
                agent.step = agent.step.wrapping_mul(7).wrapping_add(tick + 1) % 1000;
                ctx.set_flags(if tick % 200 < 100 {
                    NIGHT
                } else {
                    Flags::EMPTY
                });
                let s = state.tick_traced(agent, &mut ctx, &mut seen);
                statuses[s as usize] += 1;
            }
        }
        for (agent, state) in agents.iter_mut().zip(states.iter_mut()) {
            state.halt(agent, &mut Frame::new(0.0));
        }
    });
    assert_eq!(ticking, 0, "ticking allocated");
    let shape = Creature::shape();
    let unseen: Vec<String> = shape
        .iter()
        .filter(|n| !seen.0[usize::from(n.id)])
        .map(|n| {
            let parent = n.parent.map_or("-", |p| shape[usize::from(p)].name);
            format!("{parent}/{}", n.name)
        })
        .collect();
    assert!(
        unseen.is_empty(),
        "nodes the workload never ran: {unseen:?}"
    );
    assert_eq!(statuses.iter().sum::<u32>(), 300_000);
    // SPEC I1: describing a state, its active path or its whole tree with
    // every memory and persistent state, allocates nothing.
    let mut ctx = Frame::new(1.0 / 30.0);
    for (agent, state) in agents.iter_mut().zip(states.iter_mut()) {
        state.tick(agent, &mut ctx);
    }
    let mut sink = Sink(0);
    let describing = fewest_allocs_during(|| {
        for state in &states {
            state.describe(&mut sink).unwrap();
            deciders::describe::write_tree(state, &mut sink).unwrap();
        }
    });
    assert_eq!(describing, 0, "describing allocated");
    assert!(sink.0 > 100 * Creature::shape().len(), "{}", sink.0);
    // SPEC R8: taking and giving back `limit` slots allocates nothing (the
    // resource, created outside, counts in an `Arc` that slots clone).
    let mut ctx = Frame::new(0.1).with_world(Hall {
        door: Resource::new(),
    });
    let mut doors: Vec<Doorway> = (0..100).map(|_| Doorway::new()).collect();
    let limiting = fewest_allocs_during(|| {
        for _ in 0..50 {
            for (agent, state) in agents.iter_mut().zip(doors.iter_mut()) {
                state.tick(agent, &mut ctx);
            }
            doors[0].halt(&mut agents[0], &mut ctx);
        }
    });
    assert_eq!(limiting, 0, "taking limit slots allocated");
    assert!((1..=3).contains(&ctx.world().door.in_use()));
    // SPEC I6: a replay recorder allocates nothing until it records: made,
    // or paused while trees tick through it.
    let recording = fewest_allocs_during(|| {
        let mut recorder = std::hint::black_box(deciders::replay::Recorder::new());
        recorder.pause();
        let mut ctx = Frame::new(1.0 / 30.0);
        for (agent, state) in agents.iter_mut().zip(states.iter_mut()).take(10) {
            for _ in 0..20 {
                state.tick_traced(agent, &mut ctx, &mut recorder);
            }
        }
        assert!(recorder.is_empty());
    });
    assert_eq!(recording, 0, "a paused replay recorder allocated");
    services_do_not_allocate();
    ready_tracers_do_not_allocate();
    a_crowd_of_sleeping_brains_does_not_allocate();
    // The counter can fail: a known allocating path counts.
    assert!(
        allocs_during(|| {
            std::hint::black_box(vec![0u8; 1]);
        }) > 0
    );
}

/// The events of the services test.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Signal {
    Alarm,
    AllClear,
    Hit,
}

/// The stimuli of the services test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, deciders::Stimulus)]
enum Stim {
    Noise,
}

/// The world of the services test: a deferred-action buffer and the
/// completions reported so far.
struct Shop {
    requests: deciders::deferred::Requests<u32>,
    done: deciders::deferred::Completions<()>,
}

/// Launches a deferred action and waits for it.
#[derive(Default)]
struct Order(deciders::deferred::Action);

impl Behavior<Critter, Shop> for Order {
    fn activate(&mut self, c: &mut Critter, ctx: &mut Ctx<Shop>) -> Status {
        self.0.launch(&mut ctx.world_mut().requests, c.step)
    }
    fn tick(&mut self, _: &mut Critter, ctx: &mut Ctx<Shop>) -> Status {
        match self.0.poll(&ctx.world().done) {
            Some(()) => Status::Success,
            None => Status::Running,
        }
    }
    fn deactivate(&mut self, _: &mut Critter, ctx: &mut Ctx<Shop>, _: deciders::Exit) {
        self.0.abandon(&mut ctx.world_mut().requests);
    }
}

deciders::tree! {
    /// Variables, timestamps, `wait_for`, `wait_until`, `if_time`, `log`,
    /// a stimuli guard and a deferred action.
    tree Services for Critter, world = Shop, events = Signal {
        var alarmed = set(Signal::Alarm), clear(Signal::AllClear);
        stamp hit = on(Signal::Hit), group(g);
        stamp calm = on(Signal::AllClear), group(g);
        selector {
            noise: when(stimuli_any(Stim::Noise.flag())) => wait_for(Signal::AllClear),
            alarm: when(var(alarmed)) => log(start = "alarm", success = "served") { Order },
            hurt: if_time(hit, less_than = 1.0) { wait_until(hit, more_than = 0.5) },
            idle: wait(0.3),
        }
    }
}

/// Posting events, updating stimuli, launching, polling and abandoning
/// deferred actions allocate nothing once the buffers exist (SPEC V2–V5,
/// L7, R9, R10). Called from the one test of this file: the allocation
/// counter is process-wide, and a second test running at the same time
/// would count into it.
fn services_do_not_allocate() {
    let mut agents: Vec<Critter> = (0..100).map(|_| Critter::default()).collect();
    let mut states: Vec<Services> = (0..100).map(|_| Services::new()).collect();
    let mut stimuli: Vec<deciders::Stimuli<Stim>> =
        (0..100).map(|_| deciders::Stimuli::new()).collect();
    let mut frame = Frame::new(0.1).with_world(Shop {
        requests: deciders::deferred::Requests::with_capacity(1000, 0),
        done: deciders::deferred::Completions::new(),
    });
    let signals = [Signal::Alarm, Signal::Hit, Signal::AllClear];
    let mut log = deciders::LogLines::new(std::io::sink());
    let allocs = fewest_allocs_during(|| {
        for round in 0..60u32 {
            frame.world_mut().requests.next_frame(round);
            for (i, ((agent, state), store)) in agents
                .iter_mut()
                .zip(states.iter_mut())
                .zip(stimuli.iter_mut())
                .enumerate()
            {
                agent.step = agent.step.wrapping_add(1);
                if (round as usize + i).is_multiple_of(7) {
                    store.add(Stim::Noise, (), Some(0.3));
                }
                frame.set_stimuli(store.update(frame.dt()));
                frame.world_mut().requests.set_agent(i);
                state.tick_traced(agent, &mut frame, &mut log);
                if (round as usize + i).is_multiple_of(5) {
                    let signal = signals[(round as usize + i) % 3];
                    state.post(&signal, agent, &mut frame);
                }
            }
        }
    });
    assert_eq!(allocs, 0, "the services allocated");
    // The workload went through the variables and the deferred actions.
    assert!(states.iter().any(|s| s.vars().bits() != 0));
    let mut seen = std::collections::BTreeSet::new();
    for s in &states {
        s.active_path(|n| {
            seen.insert(n.name);
        });
    }
    assert!(seen.contains("Order") && seen.contains("alarm"), "{seen:?}");
}

/// The ready tracers (I2, I3, I5) allocate nothing while ticking, once
/// `NodeStatuses` has its one allocation: per-node statuses, the root
/// report, the level filter and the text writer, over every node kind of
/// `Creature`. Outside the measured region, the statuses are checked
/// against the active path after every tick (I3). Called from the one
/// test of this file (the allocation counter is process-wide).
fn ready_tracers_do_not_allocate() {
    use deciders::trace::{Level, Lines, NodeStatus, NodeStatuses, RootReport};
    let mut agents: Vec<Critter> = (0..20).map(|_| Critter::default()).collect();
    let mut states: Vec<Creature> = (0..20u64).map(Creature::with_seed).collect();
    let mut statuses: Vec<NodeStatuses> = (0..20)
        .map(|_| NodeStatuses::new(Creature::shape()))
        .collect();
    let mut reports = [RootReport::new(); 20];
    let mut lines = Level::new(3, Lines::new(std::io::sink(), 5));
    let mut run = |ticks: std::ops::Range<u32>, check: bool| {
        let mut ctx = Frame::new(1.0 / 30.0);
        for tick in ticks {
            for (i, (agent, state)) in agents.iter_mut().zip(states.iter_mut()).enumerate() {
                agent.step = agent.step.wrapping_mul(7).wrapping_add(tick + 1) % 1000;
                let night = tick % 200 < 100;
                ctx.set_flags(if night { NIGHT } else { Flags::EMPTY });
                let mut tracers = (&mut statuses[i], &mut reports[i], &mut lines);
                state.tick_traced(agent, &mut ctx, &mut tracers);
                if check {
                    let shape = Creature::shape();
                    let mut active = vec![false; shape.len()];
                    state.active_path(|n| {
                        if shape
                            .get(usize::from(n.id))
                            .is_some_and(|e| std::ptr::eq(e, n))
                        {
                            active[usize::from(n.id)] = true;
                        }
                    });
                    for (node, status) in statuses[i].iter() {
                        let running = status == NodeStatus::Running;
                        assert_eq!(
                            running,
                            active[usize::from(node.id)],
                            "{} at tick {tick}",
                            node.name
                        );
                    }
                }
            }
        }
    };
    let allocs = fewest_allocs_during(|| run(0..300, false));
    assert_eq!(allocs, 0, "the ready tracers allocated");
    run(300..1_000, true);
    // `Creature`'s root never completes: a root that does freezes reports.
    let mut errand = far::Patrol::new();
    let mut report = RootReport::new();
    let completing = fewest_allocs_during(|| {
        for _ in 0..100 {
            agents[0].step = agents[0].step.wrapping_add(1);
            errand.tick_traced(&mut agents[0], &mut Frame::new(0.1), &mut report);
        }
    });
    assert_eq!(completing, 0, "the root report allocated");
    assert!(report.last_report().count() >= 3, "{report}");
    assert!(lines.into_inner().error().is_none());
}

/// What a guard of the crowd below can be hit by (V2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, deciders::Stimulus)]
enum Hurt {
    Hit,
}

const GO: Flags = Flags::bit(0);

/// Counts the flips of `GO` it sees; waits for nothing but an input.
#[derive(Default)]
struct Watch(bool);
impl Behavior<Critter> for Watch {
    fn tick(&mut self, c: &mut Critter, ctx: &mut Ctx) -> Status {
        if ctx.flags().any(GO) != self.0 {
            self.0 = !self.0;
            c.step = c.step.wrapping_add(1);
        }
        Status::Running
    }
    fn wake(&self) -> deciders::Wake {
        deciders::Wake::NEVER
    }
}

deciders::tree! {
    tree Sentry for Critter, stimuli = Hurt {
        priority {
            flinch: when(stimuli_any(Hurt::Hit.flag())) => wait(0.3),
            watch: when(any(GO)) => Watch,
            idle: wait(1.0),
        }
    }
}

/// Z2: a crowd's frames allocate nothing once its buffers (the queue, the
/// timers) have grown to what the population needs: flags flipped, hits
/// with timeouts, brains woken by hand, deadlines.
fn a_crowd_of_sleeping_brains_does_not_allocate() {
    use deciders::brain::Brain;
    use deciders::crowd::Crowd;
    const N: usize = 200;
    let mut crowd: Crowd<Sentry> = (0..N).map(|_| Brain::new(Sentry::new())).collect();
    let mut critters: Vec<Critter> = (0..N).map(|_| Critter::default()).collect();
    let mut frame_no = 0usize;
    let mut frames = |crowd: &mut Crowd<Sentry>, n: usize| {
        for _ in 0..n {
            frame_no += 1;
            let i = frame_no * 7 % N;
            crowd.set_flags(i, Flags(crowd.flags(i).0 ^ GO.0));
            if frame_no.is_multiple_of(5) {
                let k = frame_no * 13 % N;
                if let Some(brain) = crowd.brain_mut(k) {
                    brain.stimuli_mut().add(Hurt::Hit, (), Some(0.2));
                }
            }
            crowd.wake(frame_no * 31 % N);
            let frame = &mut Frame::new(0.1);
            crowd.tick_all(&mut critters, frame, |_, _, _, _| {});
        }
    };
    frames(&mut crowd, 400);
    assert!(crowd.asleep() > N / 2, "{crowd:?}");
    let allocs = fewest_allocs_during(|| frames(&mut crowd, 300));
    assert_eq!(allocs, 0, "a crowd's frames allocated");
}
