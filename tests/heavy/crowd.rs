//! Brains that sleep (Z2): a [`Crowd`] ticks only the brains that need a
//! tick, and does exactly what the same brains ticked every frame do.
//!
//! The property test drives a few agents through random frames — flags,
//! stimuli added with timeouts and removed, events, the game completing a
//! behavior's wait, pauses, frames of several lengths — once in a crowd
//! and once in a plain batch of brains, and compares every frame: each
//! agent's hook log (with the tree clock each hook saw), its active path,
//! variables, timestamps, clocks and play status (a sleeping brain's
//! clocks one frame in five, when the crowd catches them up: the other
//! frames they are those of its last tick). The behaviors here log
//! only what they do, so a tick they said they did not need leaves
//! nothing to compare.

use deciders::brain::{Brain, Lifecycle};
use deciders::crowd::Crowd;
use deciders::{batch, Behavior, Ctx, Exit, Flags, Frame, Status, Stimulus, Wake};
use proptest::prelude::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Stimulus)]
enum Stim {
    Hurt,
    Called,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Call {
    Alarm,
    AllClear,
    Go,
}

#[derive(Default, Debug)]
struct Npc {
    log: Vec<String>,
    /// The game finished what `Await` waits for.
    done: bool,
    /// What `peek`'s decide reads: the game changes it without waking the
    /// agent, as `every(d)` lets it (the decide is called when due).
    curious: bool,
}

impl Npc {
    fn curious(&self) -> f32 {
        if self.curious {
            1.0
        } else {
            0.0
        }
    }
}

const NIGHT: Flags = Flags::bit(0);
const BUSY: Flags = Flags::bit(1);

/// Runs and logs every hook: it polls.
struct Act(&'static str);
impl Behavior<Npc> for Act {
    fn activate(&mut self, n: &mut Npc, ctx: &mut Ctx) -> Status {
        n.log.push(format!("{} on @{}", self.0, ctx.now()));
        Status::Running
    }
    fn tick(&mut self, n: &mut Npc, ctx: &mut Ctx) -> Status {
        n.log.push(format!("{} tick @{}", self.0, ctx.now()));
        Status::Running
    }
    fn deactivate(&mut self, n: &mut Npc, ctx: &mut Ctx, exit: Exit) {
        n.log
            .push(format!("{} off {exit:?} @{}", self.0, ctx.now()));
    }
}

/// Naps until a time it keeps: it says so (`Wake::at`).
struct Nap {
    seconds: f64,
    until: f64,
}
impl Nap {
    fn new(seconds: f64) -> Nap {
        Nap {
            seconds,
            until: 0.0,
        }
    }
}
impl Behavior<Npc> for Nap {
    fn activate(&mut self, n: &mut Npc, ctx: &mut Ctx) -> Status {
        self.until = ctx.now() + self.seconds;
        n.log.push(format!("nap until {}", self.until));
        Status::Running
    }
    fn tick(&mut self, n: &mut Npc, ctx: &mut Ctx) -> Status {
        if ctx.now() >= self.until {
            n.log.push(format!("nap over @{}", ctx.now()));
            Status::Success
        } else {
            Status::Running
        }
    }
    fn wake(&self) -> Wake {
        Wake::at(self.until)
    }
}

/// Waits for the game (`Npc::done`), which wakes the agent: it says it
/// waits for nothing else (`Wake::NEVER`).
#[derive(Default)]
struct Await;
impl Behavior<Npc> for Await {
    fn activate(&mut self, n: &mut Npc, ctx: &mut Ctx) -> Status {
        n.log.push(format!("await @{}", ctx.now()));
        Status::Running
    }
    fn tick(&mut self, n: &mut Npc, ctx: &mut Ctx) -> Status {
        if n.done {
            n.done = false;
            n.log.push(format!("awaited @{}", ctx.now()));
            Status::Success
        } else {
            Status::Running
        }
    }
    fn deactivate(&mut self, n: &mut Npc, _: &mut Ctx, exit: Exit) {
        n.log.push(format!("await off {exit:?}"));
    }
    fn wake(&self) -> Wake {
        Wake::NEVER
    }
}

/// Holds, with nothing to tick.
struct Idle(&'static str);
impl Behavior<Npc> for Idle {
    fn activate(&mut self, n: &mut Npc, ctx: &mut Ctx) -> Status {
        n.log.push(format!("{} on @{}", self.0, ctx.now()));
        Status::Running
    }
    fn deactivate(&mut self, n: &mut Npc, ctx: &mut Ctx, exit: Exit) {
        n.log
            .push(format!("{} off {exit:?} @{}", self.0, ctx.now()));
    }
    fn wake(&self) -> Wake {
        Wake::NEVER
    }
}

deciders::tree! {
    tree Life for Npc, events = Call, stimuli = Stim {
        var alarmed = set(Call::Alarm), clear(Call::AllClear);
        stamp raised = on(Call::Alarm);
        priority {
            hurt: when(stimuli_any(Stim::Hurt.flag())) => sequence { Nap::new(0.3), Idle("shaken") },
            alert: when(var(alarmed)) => fallback {
                chase: timeout(0.7) { Await },
                watch: wait(0.5),
            },
            night: when(any(NIGHT)) => parallel(all) { Idle("dream"), delay(0.4) { Nap::new(0.2) } },
            busy: when(any(BUSY)) => if_then_else {
                wait_for(Call::Go),
                repeat(3) { Nap::new(0.15) },
                Act("bored"),
            },
            called: when(stimuli_any(Stim::Called.flag())) => wait_until(raised, more_than = 1.0, or_never_set),
            peek: when(every(0.3), decide = Npc::curious) => sequence { Nap::new(0.1), Idle("peek") },
            day: sequence { wait(0.35), invert { Idle("rest") } },
        }
    }
}

/// What a game does to one agent between two frames.
#[derive(Clone, Debug)]
enum Op {
    Flags(u8),
    Hurt(Option<f32>),
    Heal,
    /// A call: for ever (`true`) or for 0.6 s.
    Call(bool),
    Post(u8),
    Done,
    Pause,
    Resume,
    /// The agent's curiosity flips; nothing wakes it.
    Curious,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => (0u8..4).prop_map(Op::Flags),
        2 => prop_oneof![Just(None), Just(Some(0.2f32)), Just(Some(0.45)), Just(Some(1.0))].prop_map(Op::Hurt),
        1 => Just(Op::Heal),
        1 => any::<bool>().prop_map(Op::Call),
        2 => (0u8..3).prop_map(Op::Post),
        2 => Just(Op::Done),
        1 => Just(Op::Pause),
        1 => Just(Op::Resume),
        2 => Just(Op::Curious),
    ]
}

const AGENTS: usize = 4;
const DTS: [f32; 4] = [0.1, 0.05, 1.0 / 60.0, 0.25];

/// A frame: its `dt` and what happens to which agent before it.
fn frames() -> impl Strategy<Value = Vec<(usize, Vec<(usize, Op)>)>> {
    proptest::collection::vec(
        (
            0..DTS.len(),
            // Mostly quiet frames, as in a game: agents keep doing what
            // they do.
            prop_oneof![
                2 => Just(Vec::new()),
                1 => proptest::collection::vec((0..AGENTS, op()), 1..3),
            ],
        ),
        1..120,
    )
}

/// What a frame shows of one agent: its log, path, variables,
/// timestamps, clocks and play status.
/// `clocks`: with the clock and the time since the timestamp (a sleeping
/// brain's are those of its last tick until the crowd catches it up).
fn seen(brain: &Brain<Life>, npc: &mut Npc, clocks: bool) -> String {
    let mut path = Vec::new();
    brain.tree().active_path(|n| path.push(n.name));
    let time = if clocks {
        format!(
            " raised {:?} now {}",
            brain.since(Life::RAISED),
            brain.tree().now()
        )
    } else {
        String::new()
    };
    format!(
        "{:?} path {path:?} alarmed {}{time} status {:?} stimuli {:?}",
        std::mem::take(&mut npc.log),
        brain.var(Life::ALARMED),
        brain.status(),
        brain.stimuli().flags(),
    )
}

fn apply(brain: &mut Brain<Life>, npc: &mut Npc, op: &Op) {
    match op {
        Op::Flags(_) => {}
        Op::Hurt(t) => {
            brain.stimuli_mut().add(Stim::Hurt, (), *t);
        }
        Op::Heal => {
            brain.stimuli_mut().remove(Stim::Hurt);
        }
        Op::Call(lasts) => {
            let timeout = if *lasts { None } else { Some(0.6) };
            brain.stimuli_mut().add(Stim::Called, (), timeout);
        }
        Op::Post(k) => {
            let _ = brain.post([Call::Alarm, Call::AllClear, Call::Go][usize::from(*k)]);
        }
        Op::Done => npc.done = true,
        Op::Curious => npc.curious = !npc.curious,
        Op::Pause => brain.queue(Lifecycle::Pause),
        Op::Resume => brain.queue(Lifecycle::Resume),
    }
}

fn flags(k: u8) -> Flags {
    [Flags::EMPTY, NIGHT, BUSY, NIGHT.with(BUSY)][usize::from(k)]
}

/// How the crowd is ticked.
#[derive(Clone, Copy, Debug)]
enum Way {
    /// `Crowd::tick_all`.
    Serial,
    /// `Crowd::par_tick_all` in chunks of this many agents, on a pool of
    /// this many threads.
    Parallel(usize, usize),
}

/// Plays `script` both ways, the crowd ticked `way`; the first frame
/// where they differ, if any, and how many ticks the crowd skipped.
fn both_ways(script: &[(usize, Vec<(usize, Op)>)], way: Way) -> (Option<String>, usize) {
    match way {
        Way::Serial => play(script, way),
        Way::Parallel(_, threads) => rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a thread pool")
            .install(|| play(script, way)),
    }
}

fn play(script: &[(usize, Vec<(usize, Op)>)], way: Way) -> (Option<String>, usize) {
    let mut every: Vec<Brain<Life>> = (0..AGENTS).map(|_| Brain::new(Life::new())).collect();
    let mut crowd: Crowd<Life> = (0..AGENTS).map(|_| Brain::new(Life::new())).collect();
    let mut npcs_every: Vec<Npc> = (0..AGENTS).map(|_| Npc::default()).collect();
    let mut npcs_crowd: Vec<Npc> = (0..AGENTS).map(|_| Npc::default()).collect();
    let mut agent_flags = [Flags::EMPTY; AGENTS];
    let mut skipped = 0;
    for (f, (dt, ops)) in script.iter().enumerate() {
        for (i, op) in ops {
            let i = *i;
            apply(&mut every[i], &mut npcs_every[i], op);
            match op {
                Op::Flags(k) => {
                    agent_flags[i] = flags(*k);
                    crowd.set_flags(i, flags(*k));
                }
                // Read by a decide throttled by `every`: no wake.
                Op::Curious => npcs_crowd[i].curious = !npcs_crowd[i].curious,
                // The game completed what the agent waits for: it wakes it.
                Op::Done => {
                    npcs_crowd[i].done = true;
                    crowd.wake(i);
                }
                _ => apply(crowd.brain_mut(i).unwrap(), &mut npcs_crowd[i], op),
            }
        }
        let frame = &mut Frame::new(DTS[*dt]);
        batch::tick_all(&mut every, &mut npcs_every, frame, |i, _, _, frame| {
            frame.set_flags(agent_flags[i]);
        });
        match way {
            Way::Serial => {
                let frame = &mut Frame::new(DTS[*dt]);
                crowd.tick_all(&mut npcs_crowd, frame, |_, _, _, _| {});
            }
            Way::Parallel(chunk, _) => {
                let chunks =
                    crowd.par_tick_all(&mut npcs_crowd, DTS[*dt], chunk, || (), |_, _, _, _| {});
                assert_eq!(chunks.len(), AGENTS.div_ceil(chunk));
                assert!(chunks.iter().all(|c| c.panics.is_empty() && c.errors == 0));
            }
        }
        skipped += AGENTS - crowd.ticked();
        // The sleepers' clocks are caught up one frame in five: the
        // others, they catch up when they wake (their hooks log the clock
        // they see), and only the awake brains' clocks are compared.
        let full = f % 5 == 4;
        if full {
            crowd.catch_up();
        }
        for i in 0..AGENTS {
            let clocks = full || !crowd.is_asleep(i);
            let a = seen(&every[i], &mut npcs_every[i], clocks);
            let b = seen(crowd.brain(i).unwrap(), &mut npcs_crowd[i], clocks);
            if a != b {
                return (
                    Some(format!(
                        "frame {f}, agent {i} (asleep: {})\nevery frame: {a}\ncrowd:       {b}",
                        crowd.is_asleep(i)
                    )),
                    skipped,
                );
            }
        }
    }
    (None, skipped)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn z2_a_crowd_does_what_brains_ticked_every_frame_do(script in frames()) {
        let (difference, _) = both_ways(&script, Way::Serial);
        if let Some(d) = difference {
            prop_assert!(false, "{}", d);
        }
    }

    /// The same, the crowd ticked in parallel: chunks of 1 and 3 agents
    /// (four chunks, then a full and a partial one), on 4 threads.
    #[test]
    fn z2_a_parallel_crowd_does_what_brains_ticked_every_frame_do(script in frames(), chunk in prop_oneof![Just(1usize), Just(3)]) {
        let (difference, _) = both_ways(&script, Way::Parallel(chunk, 4));
        if let Some(d) = difference {
            prop_assert!(false, "{}", d);
        }
    }
}

/// The property is not vacuous: the crowd skips many of the ticks of
/// the scripts above (most agents wait most of the time).
#[test]
fn z2_the_crowd_skips_most_ticks() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let (mut skipped, mut ticks) = (0, 0);
    for _ in 0..64 {
        let script = frames().new_tree(&mut runner).unwrap().current();
        let (difference, s) = both_ways(&script, Way::Serial);
        assert_eq!(difference, None);
        // In parallel on one thread, it skips the same ticks.
        assert_eq!(both_ways(&script, Way::Parallel(2, 1)), (None, s));
        skipped += s;
        ticks += script.len() * AGENTS;
    }
    println!("skipped {skipped} of {ticks} ticks");
    assert!(skipped * 2 > ticks, "skipped {skipped} of {ticks}");
}

/// The world of the shop below: this frame's orders and the completions
/// the game reported.
#[derive(deciders::deferred::Deferred)]
struct Shop {
    orders: deciders::deferred::Requests<u32>,
    done: deciders::deferred::Completions<bool>,
}

/// Orders something and waits for it: a deferred action (V5), with
/// nothing to do per tick until the game completes it.
#[derive(Default)]
struct Order(deciders::deferred::Action);
impl Behavior<Npc, Shop> for Order {
    fn activate(&mut self, _: &mut Npc, ctx: &mut Ctx<Shop>) -> Status {
        ctx.launch(&mut self.0, 7)
    }
    fn tick(&mut self, n: &mut Npc, ctx: &mut Ctx<Shop>) -> Status {
        match ctx.poll(&mut self.0) {
            None => Status::Running,
            Some(&ok) => {
                n.log.push(format!("delivered {ok}"));
                if ok {
                    Status::Success
                } else {
                    Status::Failure
                }
            }
        }
    }
    fn wake(&self) -> Wake {
        Wake::NEVER
    }
}

/// Stays: nothing to do per tick.
#[derive(Default)]
struct Stay;
impl Behavior<Npc, Shop> for Stay {
    fn wake(&self) -> Wake {
        Wake::NEVER
    }
}

deciders::tree! {
    tree Buyer for Npc, world = Shop {
        sequence { Order, Stay }
    }
}

/// Z2: a deferred action completing wakes the agent that launched it, and
/// nothing else does: `wake_completed` with the game's completions.
#[test]
fn z2_a_completed_action_wakes_the_agent_that_launched_it() {
    let mut crowd: Crowd<Buyer> = (0..3).map(|_| Brain::new(Buyer::new())).collect();
    let mut npcs: Vec<Npc> = (0..3).map(|_| Npc::default()).collect();
    let shop = Shop {
        orders: deciders::deferred::Requests::with_capacity(8, 0),
        done: deciders::deferred::Completions::new(),
    };
    let mut frame = Frame::new(0.1).with_world(shop);
    let mut ticked = Vec::new();
    let mut tick = |crowd: &mut Crowd<Buyer>, frame: &mut Frame<Shop>| {
        crowd.tick_all(&mut npcs, frame, |_, _, _, _| {});
        ticked.push(crowd.ticked());
    };
    // Every buyer orders; the next frame follows the one that moved.
    tick(&mut crowd, &mut frame);
    let tickets: Vec<_> = frame
        .world()
        .orders
        .launches()
        .iter()
        .map(|(t, _)| *t)
        .collect();
    assert_eq!(
        tickets.iter().map(|t| t.agent).collect::<Vec<_>>(),
        [0, 1, 2]
    );
    tick(&mut crowd, &mut frame);
    tick(&mut crowd, &mut frame);
    // The game delivers buyer 1's order.
    frame.world_mut().done.complete(tickets[1], true);
    crowd.wake_completed(&frame.world().done);
    tick(&mut crowd, &mut frame);
    frame.world_mut().done.clear();
    tick(&mut crowd, &mut frame);
    tick(&mut crowd, &mut frame);
    assert_eq!(ticked, [3, 3, 0, 1, 1, 0]);
    assert_eq!(npcs[1].log, ["delivered true"]);
    assert!(npcs[0].log.is_empty() && npcs[2].log.is_empty());
    let mut path = Vec::new();
    crowd
        .brain(1)
        .unwrap()
        .tree()
        .active_path(|n| path.push(n.name));
    assert_eq!(path, ["root", "Stay"]);
}

/// Panics on its first tick while the flag `BUSY` is set, then waits
/// for an input.
#[derive(Default)]
struct Fragile;
impl Behavior<Npc> for Fragile {
    fn tick(&mut self, n: &mut Npc, ctx: &mut Ctx) -> Status {
        n.log.push(format!("tick {}", ctx.flags().any(BUSY)));
        if ctx.flags().any(BUSY) && !n.done {
            n.done = true;
            panic!("fragile");
        }
        Status::Running
    }
    fn wake(&self) -> Wake {
        Wake::NEVER
    }
}

deciders::tree! {
    tree Brittle for Npc { Fragile }
}

/// A panic in a parallel crowd is reported with its agent's index, the
/// other agents of its chunk are ticked, and the agent that panicked
/// stays awake: its state as if dropped, it starts again on the next
/// frame, and then sleeps.
#[test]
fn z2_a_panic_in_a_parallel_crowd_is_reported_and_the_agent_starts_again() {
    let mut crowd: Crowd<Brittle> = (0..4).map(|_| Brain::new(Brittle::new())).collect();
    let mut npcs: Vec<Npc> = (0..4).map(|_| Npc::default()).collect();
    let frame = |crowd: &mut Crowd<Brittle>, npcs: &mut Vec<Npc>| {
        let chunks = crowd.par_tick_all(npcs, 0.1, 2, || (), |_, _, _, _| {});
        let panics: Vec<(usize, Option<String>)> = chunks
            .iter()
            .flat_map(|c| &c.panics)
            .map(|p| (p.index, p.message().map(str::to_string)))
            .collect();
        let logs: Vec<Vec<String>> = npcs
            .iter_mut()
            .map(|n| std::mem::take(&mut n.log))
            .collect();
        (crowd.ticked(), panics, logs)
    };
    let quiet = || vec![Vec::<String>::new(); 4];
    let ticks = |who: &[usize], busy: bool| -> Vec<Vec<String>> {
        (0..4)
            .map(|i| {
                if who.contains(&i) {
                    vec![format!("tick {busy}")]
                } else {
                    vec![]
                }
            })
            .collect()
    };
    // Ticked twice (a first tick enters nodes), then asleep.
    assert_eq!(
        frame(&mut crowd, &mut npcs),
        (4, vec![], ticks(&[0, 1, 2, 3], false))
    );
    assert_eq!(
        frame(&mut crowd, &mut npcs),
        (4, vec![], ticks(&[0, 1, 2, 3], false))
    );
    assert_eq!(frame(&mut crowd, &mut npcs), (0, vec![], quiet()));
    crowd.set_flags(0, BUSY);
    crowd.set_flags(1, BUSY);
    npcs[1].done = true; // agent 1 does not panic
                         // Agent 0 panics; agent 1, in the same chunk, is ticked all the same.
    assert_eq!(
        frame(&mut crowd, &mut npcs),
        (
            2,
            vec![(0, Some("fragile".to_string()))],
            ticks(&[0, 1], true)
        )
    );
    // Agent 0 starts again (as if dropped: its path entered anew), then
    // both sleep.
    assert_eq!(frame(&mut crowd, &mut npcs), (1, vec![], ticks(&[0], true)));
    assert_eq!(crowd.brain(0).map(|b| b.tree().is_running()), Some(true));
    assert_eq!(frame(&mut crowd, &mut npcs), (1, vec![], ticks(&[0], true)));
    assert_eq!(frame(&mut crowd, &mut npcs), (0, vec![], quiet()));
    assert_eq!(crowd.asleep(), 4);
}

/// Polls while its agent's flags say `BUSY`; otherwise waits for an input.
#[derive(Default)]
struct Churn {
    busy: bool,
}
impl Behavior<Npc> for Churn {
    fn tick(&mut self, _: &mut Npc, ctx: &mut Ctx) -> Status {
        self.busy = ctx.flags().any(BUSY);
        Status::Running
    }
    fn wake(&self) -> Wake {
        if self.busy {
            Wake::POLL
        } else {
            Wake::NEVER
        }
    }
}

deciders::tree! {
    tree Mill for Npc { Churn }
}

/// The frames after which brains of a crowd of 6 sleep, out of the
/// first `frames`, with `flags(number)` set on every brain before frame
/// `number`; and how many brains ticked on each frame.
fn sleepy_frames(flags: impl Fn(usize) -> Flags, frames: usize) -> (Vec<usize>, Vec<usize>) {
    let mut crowd: Crowd<Mill> = (0..6).map(|_| Brain::new(Mill::new())).collect();
    let mut npcs: Vec<Npc> = (0..6).map(|_| Npc::default()).collect();
    let (mut sleepy, mut ticked) = (Vec::new(), Vec::new());
    for number in 0..frames {
        for i in 0..crowd.len() {
            crowd.set_flags(i, flags(number));
        }
        crowd.tick_all(&mut npcs, &mut Frame::new(0.1), |_, _, _, _| {});
        ticked.push(crowd.ticked());
        match crowd.asleep() {
            0 => {}
            6 => sleepy.push(number),
            n => panic!("{n} asleep after frame {number}"),
        }
    }
    (sleepy, ticked)
}

/// A crowd whose brains all need a tick stops asking them after 8 frames,
/// for 63 frames, then asks again; while the asking frames after a
/// stretch find it as busy, each stretch is twice as long as the last,
/// up to 255 frames. Brains whose trees poll tell at once; brains that
/// sleep but are woken every frame, on the frame after. Calmed down, the
/// brains sleep on the first asking frame; before it, every brain ticks
/// on every frame, as in a batch.
#[test]
fn z2_a_busy_crowd_asks_less_and_less_often() {
    // Polling until frame `calm`: asking frames 0..=7, 71, 199, 455, 711.
    for (calm, asleep) in [
        (3, 3),
        (8, 71),
        (71, 71),
        (72, 199),
        (199, 199),
        (200, 455),
        (456, 711),
    ] {
        let polling = |number| if number < calm { BUSY } else { Flags::EMPTY };
        let (sleepy, ticked) = sleepy_frames(polling, asleep + 3);
        assert_eq!(
            sleepy,
            [asleep, asleep + 1, asleep + 2],
            "calm from frame {calm}"
        );
        assert!(
            ticked[..=asleep].iter().all(|&t| t == 6),
            "calm from frame {calm}"
        );
        assert_eq!(ticked[asleep + 1..], [0, 0], "calm from frame {calm}");
    }
    // Woken every frame by a flag that flips, sleeping after each tick
    // (but the first, which moved): each stretch is followed by two
    // asking frames, the first of which leaves them asleep; the second
    // (72, 201, 458) wakes them all for the next stretch.
    let flipping = |number: usize| {
        if number.is_multiple_of(2) {
            NIGHT
        } else {
            Flags::EMPTY
        }
    };
    let (sleepy, ticked) = sleepy_frames(flipping, 720);
    let asking: Vec<usize> = (1..=6).chain([71, 200, 457, 714]).collect();
    assert_eq!(sleepy, asking);
    assert!(ticked.iter().all(|&t| t == 6));
}
