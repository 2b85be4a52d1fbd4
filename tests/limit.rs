//! `limit(resource, max) { child }` (SPEC R8), tick by tick with exact hook
//! logs: several agents ticked serially share one `Resource` held in their
//! world; every hook of the child logs the resource's count as it sees it
//! from inside. Then the slot's release on every exit path, and, with the
//! `rayon` feature, 10,000 agents ticked in parallel.

use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};

use deciders::Status::*;
use deciders::{Behavior, Ctx, Exit, Frame, Limit, NodeKind, Resource, Status, Tree};

/// The world every agent shares: the alarm, and the log of every hook.
#[derive(Default)]
struct Town {
    alarm: Resource,
    log: Vec<String>,
    /// The highest count of the alarm seen from inside its child.
    inside_max: u32,
}

impl Town {
    fn take(&mut self) -> Vec<String> {
        std::mem::take(&mut self.log)
    }
}

/// The selector, as a path: `limit(alarm, 1)`.
fn alarm(t: &Town) -> &Resource {
    &t.alarm
}

/// An agent whose behaviors' results are scripted by name.
#[derive(Default)]
struct Monster {
    id: usize,
    afraid: bool,
    results: HashMap<&'static str, Status>,
    /// A behavior whose `tick` (or `activate`, with `panic_on_activate`)
    /// panics.
    panics: Option<&'static str>,
    panic_on_activate: bool,
}

impl Monster {
    fn new(id: usize) -> Monster {
        Monster {
            id,
            ..Monster::default()
        }
    }
}

/// A behavior logging its hooks with the agent and the alarm's count.
#[derive(Clone, Debug, PartialEq)]
struct Act(&'static str);

impl Act {
    fn log(&self, m: &Monster, ctx: &mut Ctx<Town>, what: String) {
        let t = ctx.world_mut();
        let n = t.alarm.in_use();
        if self.0 == "alarm" {
            // SPEC R8: what the child sees of the count.
            t.inside_max = t.inside_max.max(n);
        }
        t.log.push(format!("m{} {what} in_use={n}", m.id));
    }
}

impl Behavior<Monster, Town> for Act {
    fn activate(&mut self, m: &mut Monster, ctx: &mut Ctx<Town>) -> Status {
        self.log(m, ctx, format!("activate {}", self.0));
        if m.panic_on_activate && m.panics == Some(self.0) {
            panic!("m{} panics entering {}", m.id, self.0);
        }
        Running
    }
    fn tick(&mut self, m: &mut Monster, ctx: &mut Ctx<Town>) -> Status {
        if !m.panic_on_activate && m.panics == Some(self.0) {
            panic!("m{} panics in {}", m.id, self.0);
        }
        let s = m.results.get(self.0).copied().unwrap_or(Running);
        self.log(m, ctx, format!("tick {} -> {s:?}", self.0));
        s
    }
    fn deactivate(&mut self, m: &mut Monster, ctx: &mut Ctx<Town>, exit: Exit) {
        self.log(m, ctx, format!("deactivate {} {exit:?}", self.0));
    }
}

/// The selector's type written out, for a hand-built `decorate(…)`.
type AlarmLimit = Limit<fn(&Town) -> &Resource>;

deciders::tree! {
    /// One monster sounds the alarm, the others chase.
    #[derive(Debug, Clone, PartialEq)]
    tree Hunter for Monster, world = Town {
        fallback { limit(alarm, 1) { Act("alarm") }, Act("chase") }
    }
    /// The same with a closure, under a `selector`: every tick it tries the
    /// alarm again.
    tree Eager for Monster, world = Town {
        selector { limit(|t: &Town| &t.alarm, 1) { Act("alarm") }, Act("chase") }
    }
    /// A higher-priority sibling can interrupt the alarm.
    tree Skittish for Monster, world = Town {
        priority {
            flee: when(decide = |m: &Monster| m.afraid) => Act("flee"),
            alarm: limit(alarm, 1) { Act("alarm") },
            chase: Act("chase"),
        }
    }
    /// Two at a time, and the hand-written form of `limit`.
    tree Pair for Monster, world = Town {
        fallback { limit(alarm, 2,) { Act("alarm") }, Act("chase") }
    }
    tree ByHand for Monster, world = Town {
        fallback { decorate(AlarmLimit::new(alarm, 1)) { Act("alarm") }, Act("chase") }
    }
}

/// One frame: every agent ticked in order with one context; their statuses.
fn frame<T: Tree<Monster, Town>>(
    states: &mut [T],
    monsters: &mut [Monster],
    ctx: &mut Frame<Town>,
) -> Vec<Status> {
    let ticks = states.iter_mut().zip(monsters.iter_mut());
    ticks.map(|(s, m)| s.tick(m, ctx)).collect()
}

/// `n` agents and their fresh states.
fn agents<T: Tree<Monster, Town> + Default>(n: usize) -> (Vec<T>, Vec<Monster>) {
    let states = (0..n).map(|_| T::default()).collect();
    (states, (0..n).map(Monster::new).collect())
}

/// Asserts a frame's statuses and hook log, and the count after it.
#[track_caller]
fn expect(
    ctx: &mut Frame<Town>,
    statuses: Vec<Status>,
    want: &[Status],
    log: &[&str],
    in_use: u32,
) {
    assert_eq!(statuses, want);
    assert_eq!(ctx.world_mut().take(), log);
    assert_eq!(ctx.world().alarm.in_use(), in_use);
}

// SPEC R8
#[test]
fn r8_three_agents_serially_the_first_gets_in_the_others_fall_back() {
    let (mut states, mut ms) = agents::<Hunter>(3);
    let mut ctx = Frame::new(0.1).with_world(Town::default());
    let s = frame(&mut states, &mut ms, &mut ctx);
    let log = [
        "m0 activate alarm in_use=1",
        "m0 tick alarm -> Running in_use=1",
        "m1 activate chase in_use=1",
        "m1 tick chase -> Running in_use=1",
        "m2 activate chase in_use=1",
        "m2 tick chase -> Running in_use=1",
    ];
    expect(&mut ctx, s, &[Running; 3], &log, 1);
    // The fallback resumes at the running child: nobody asks again.
    let s = frame(&mut states, &mut ms, &mut ctx);
    let log = [
        "m0 tick alarm -> Running in_use=1",
        "m1 tick chase -> Running in_use=1",
        "m2 tick chase -> Running in_use=1",
    ];
    expect(&mut ctx, s, &[Running; 3], &log, 1);
    let mut path = Vec::new();
    states[0].active_path(|n| path.push(n.name));
    assert_eq!(path, ["root", "limit", "Act"]);
    assert_eq!(ctx.world().inside_max, 1);
}

// SPEC R8: the mistake of a resource rebuilt between ticks is loud. The
// running holder's slot counts in the old resource; its next tick reports
// `ResourceChanged`, gives the old slot back and takes one in the new
// resource; a full new resource fails the node, its child halted.
#[test]
fn r8_a_resource_rebuilt_between_ticks_is_reported() {
    let (mut states, mut ms) = agents::<Hunter>(2);
    let mut ctx = Frame::new(0.1).with_world(Town::default());
    frame(&mut states, &mut ms, &mut ctx);
    ctx.world_mut().take();
    assert!(ctx.report().is_ok());
    // The game builds a new resource (as if every frame).
    let old = std::mem::take(&mut ctx.world_mut().alarm);
    assert_eq!(old.in_use(), 1);
    let s = frame(&mut states[..1], &mut ms[..1], &mut ctx);
    assert_eq!(s, [Running]);
    let node = Hunter::shape().iter().find(|n| n.name == "limit").unwrap();
    assert_eq!(
        ctx.report().first(),
        Some(&deciders::TickError::ResourceChanged { node })
    );
    assert_eq!((old.in_use(), ctx.world().alarm.in_use()), (0, 1));
    assert_eq!(
        ctx.world_mut().take(),
        ["m0 tick alarm -> Running in_use=1"]
    );
    assert_eq!(
        ctx.report().first().unwrap().to_string(),
        "resource changed (R8 in the deciders reference): `limit` node `limit` (node 1, line 98) holds a slot of another resource than the one its selector returns now; \
         build each `Resource` once, for the game's life, not every frame"
    );
    // Rebuilt again, and full this time: the node fails, its child halted,
    // and the fallback goes on to `chase`.
    let full = Resource::new();
    let _someone = full.try_acquire(1).unwrap();
    let second = std::mem::replace(&mut ctx.world_mut().alarm, full);
    let s = frame(&mut states[..1], &mut ms[..1], &mut ctx);
    assert_eq!(s, [Running]);
    assert_eq!(ctx.report().count(), 1);
    assert_eq!(
        ctx.world_mut().take(),
        [
            "m0 deactivate alarm Halted in_use=1",
            "m0 activate chase in_use=1",
            "m0 tick chase -> Running in_use=1",
        ]
    );
    assert_eq!((second.in_use(), ctx.world().alarm.in_use()), (0, 1));
}

/// Keeps the transitions (level 1) as `Lines` writes them.
#[derive(Default)]
struct Transitions(Vec<String>);

impl deciders::Trace for Transitions {
    fn event(&mut self, e: deciders::TraceEvent) {
        if e.level() == 1 {
            self.0.push(e.to_string());
        }
    }
}

// SPEC R8, I2: a full `limit` is not activated, but its refusal is a trace
// event (level 1) naming it, before its parent moves on; the agent that
// got in sees no such event. Written by hand (`decorate(Limit::new(…))`)
// it is traced the same.
#[test]
fn r8_a_full_limit_is_traced_as_a_refused_entry() {
    fn traced<T: Tree<Monster, Town> + Default>(deco: &str) {
        let (mut states, mut ms) = agents::<T>(2);
        let mut ctx = Frame::new(0.1).with_world(Town::default());
        let mut seen = [Transitions::default(), Transitions::default()];
        for ((s, m), tr) in states.iter_mut().zip(&mut ms).zip(&mut seen) {
            assert_eq!(s.tick_traced(m, &mut ctx, tr), Running);
        }
        let [inside, outside] = seen.map(|t| t.0);
        assert_eq!(
            inside,
            [
                "+ root (fallback)",
                &format!("+ {deco}"),
                "+ Act (behavior)"
            ]
        );
        assert_eq!(
            outside,
            [
                "+ root (fallback)",
                &format!("! {deco}: refused entry: Failure"),
                "+ Act (behavior)"
            ]
        );
        assert_eq!(ctx.world_mut().take()[2], "m1 activate chase in_use=1");
        // The next frame: nobody is reached anew, nothing is traced.
        let mut again = Transitions::default();
        states[1].tick_traced(&mut ms[1], &mut ctx, &mut again);
        assert!(again.0.is_empty(), "{:?}", again.0);
        assert_eq!(ctx.world().alarm.in_use(), 1);
    }
    traced::<Hunter>("limit");
    traced::<ByHand>("decorate");
}

// SPEC R8
#[test]
fn r8_the_shape_names_the_keyword() {
    let limit = &Hunter::shape()[1];
    assert_eq!(
        (limit.name, limit.kind),
        ("limit", NodeKind::Decorator("limit"))
    );
    assert_eq!(Skittish::shape()[2].kind, NodeKind::Decorator("limit"));
}

// SPEC R8
#[test]
fn r8_the_slot_is_released_when_the_child_completes() {
    let (mut states, mut ms) = agents::<Eager>(3);
    let mut ctx = Frame::new(0.1).with_world(Town::default());
    frame(&mut states, &mut ms, &mut ctx);
    ctx.world_mut().take();
    // m0's alarm succeeds: its slot is free before m1 is ticked, and m1,
    // whose selector tries the alarm first every tick, takes it (in tick
    // order); its chase is halted.
    ms[0].results.insert("alarm", Success);
    let s = frame(&mut states, &mut ms, &mut ctx);
    let log = [
        "m0 tick alarm -> Success in_use=1",
        "m0 deactivate alarm Completed(Success) in_use=1",
        "m1 activate alarm in_use=1",
        "m1 tick alarm -> Running in_use=1",
        "m1 deactivate chase Halted in_use=1",
        "m2 tick chase -> Running in_use=1",
    ];
    expect(&mut ctx, s, &[Success, Running, Running], &log, 1);
    // m1's alarm fails: released, and its selector moves on to chase in
    // the same tick; m2 takes the slot. m0 starts over and finds it full.
    ms[1].results.insert("alarm", Failure);
    let s = frame(&mut states, &mut ms, &mut ctx);
    let log = [
        "m0 activate chase in_use=1",
        "m0 tick chase -> Running in_use=1",
        "m1 tick alarm -> Failure in_use=1",
        "m1 deactivate alarm Completed(Failure) in_use=1",
        "m1 activate chase in_use=0",
        "m1 tick chase -> Running in_use=0",
        "m2 activate alarm in_use=1",
        "m2 tick alarm -> Running in_use=1",
        "m2 deactivate chase Halted in_use=1",
    ];
    expect(&mut ctx, s, &[Running; 3], &log, 1);
    assert_eq!(ctx.world().inside_max, 1);
}

// SPEC R8, D1
#[test]
fn r8_the_slot_is_released_when_a_higher_priority_sibling_interrupts() {
    let (mut states, mut ms) = agents::<Skittish>(2);
    let mut ctx = Frame::new(0.1).with_world(Town::default());
    let s = frame(&mut states, &mut ms, &mut ctx);
    let log = [
        "m0 activate alarm in_use=1",
        "m0 tick alarm -> Running in_use=1",
        "m1 activate chase in_use=1",
        "m1 tick chase -> Running in_use=1",
    ];
    expect(&mut ctx, s, &[Running; 2], &log, 1);
    // m0 gets scared: FLEE interrupts ALARM, whose slot is given back
    // before FLEE runs. m1's priority decides the children before its
    // running CHASE every tick: ALARM, unguarded, accepts, so CHASE is
    // halted and ALARM entered (D1); this time it gets the slot.
    ms[0].afraid = true;
    let s = frame(&mut states, &mut ms, &mut ctx);
    let log = [
        "m0 deactivate alarm Halted in_use=1",
        "m0 activate flee in_use=0",
        "m0 tick flee -> Running in_use=0",
        "m1 deactivate chase Halted in_use=0",
        "m1 activate alarm in_use=1",
        "m1 tick alarm -> Running in_use=1",
    ];
    expect(&mut ctx, s, &[Running; 2], &log, 1);
    // m0 is done fleeing: its group decides again without FLEE (D2); ALARM
    // is refused (full: no activation, no log) and CHASE runs.
    ms[0].afraid = false;
    ms[0].results.insert("flee", Success);
    let s = frame(&mut states, &mut ms, &mut ctx);
    let log = [
        "m0 tick flee -> Success in_use=1",
        "m0 deactivate flee Completed(Success) in_use=1",
        "m0 activate chase in_use=1",
        "m0 tick chase -> Running in_use=1",
        "m1 tick alarm -> Running in_use=1",
    ];
    expect(&mut ctx, s, &[Running; 2], &log, 1);
    // While the alarm is full, m0's group tries it every tick before its
    // running CHASE (D1): CHASE is halted, ALARM refused, CHASE entered
    // again. A `limit` in a priority group is asked again every tick.
    let s = frame(&mut states, &mut ms, &mut ctx);
    let log = [
        "m0 deactivate chase Halted in_use=1",
        "m0 activate chase in_use=1",
        "m0 tick chase -> Running in_use=1",
        "m1 tick alarm -> Running in_use=1",
    ];
    expect(&mut ctx, s, &[Running; 2], &log, 1);
}

// SPEC R8, L2
#[test]
fn r8_the_slot_is_released_by_halt_and_by_reset() {
    let (mut states, mut ms) = agents::<Hunter>(2);
    let mut ctx = Frame::new(0.1).with_world(Town::default());
    frame(&mut states, &mut ms, &mut ctx);
    ctx.world_mut().take();
    states[0].halt(&mut ms[0], &mut ctx);
    expect(
        &mut ctx,
        vec![],
        &[],
        &["m0 deactivate alarm Halted in_use=1"],
        0,
    );
    // m0 starts again from the root and gets back in; m1 is still chasing.
    let s = frame(&mut states, &mut ms, &mut ctx);
    let log = [
        "m0 activate alarm in_use=1",
        "m0 tick alarm -> Running in_use=1",
        "m1 tick chase -> Running in_use=1",
    ];
    expect(&mut ctx, s, &[Running; 2], &log, 1);
    states[0].reset(&mut ms[0], &mut ctx);
    expect(
        &mut ctx,
        vec![],
        &[],
        &["m0 deactivate alarm Halted in_use=1"],
        0,
    );
    // A halted state holds nothing: halting again releases nothing twice.
    states[0].halt(&mut ms[0], &mut ctx);
    expect(&mut ctx, vec![], &[], &[], 0);
}

// SPEC R8, T4
#[test]
fn r8_the_slot_is_released_when_a_hook_panics() {
    let (mut states, mut ms) = agents::<Hunter>(2);
    let mut ctx = Frame::new(0.1).with_world(Town::default());
    frame(&mut states, &mut ms, &mut ctx);
    ctx.world_mut().take();
    // In the child's tick: the runtime drops the active state, with the
    // decorator's memory and its slot.
    ms[0].panics = Some("alarm");
    let caught = catch_unwind(AssertUnwindSafe(|| states[0].tick(&mut ms[0], &mut ctx)));
    assert!(caught.is_err());
    assert!(!states[0].is_running());
    expect(&mut ctx, vec![], &[], &[], 0);
    // In the child's `activate`, on entry: the slot was just taken.
    ms[0].panic_on_activate = true;
    let caught = catch_unwind(AssertUnwindSafe(|| states[0].tick(&mut ms[0], &mut ctx)));
    assert!(caught.is_err());
    assert!(!states[0].is_running());
    expect(&mut ctx, vec![], &[], &["m0 activate alarm in_use=1"], 0);
    // The next agent to arrive finds the alarm free.
    let mut fresh = Hunter::new();
    let mut m2 = Monster::new(2);
    let s = fresh.tick(&mut m2, &mut ctx);
    let log = [
        "m2 activate alarm in_use=1",
        "m2 tick alarm -> Running in_use=1",
    ];
    expect(&mut ctx, vec![s], &[Running], &log, 1);
}

// SPEC R8, L2
#[test]
fn r8_dropping_a_running_state_releases_its_slot() {
    let (mut states, mut ms) = agents::<Hunter>(2);
    let mut ctx = Frame::new(0.1).with_world(Town::default());
    frame(&mut states, &mut ms, &mut ctx);
    ctx.world_mut().take();
    assert_eq!(ctx.world().alarm.in_use(), 1);
    // Dropping cannot call `deactivate` (no agent to pass), but the slot is
    // given back by its destructor.
    drop(states.remove(0));
    expect(&mut ctx, vec![], &[], &[], 0);
    drop(states);
    assert_eq!(ctx.world().alarm.in_use(), 0);
}

// SPEC R8
#[test]
fn r8_a_cloned_state_inside_counts_as_one_more_compares_and_prints() {
    let (mut states, mut ms) = agents::<Hunter>(1);
    let mut ctx = Frame::new(0.1).with_world(Town::default());
    frame(&mut states, &mut ms, &mut ctx);
    let copy = states[0].clone();
    assert_eq!(ctx.world().alarm.in_use(), 2);
    assert!(copy == states[0] && copy != Hunter::new());
    let printed = format!("{copy:?}");
    assert!(
        printed.contains("Limit { max: 1, inside: true }"),
        "{printed}"
    );
    drop(copy);
    assert_eq!(ctx.world().alarm.in_use(), 1);
}

// SPEC R8
#[test]
fn r8_two_at_a_time_and_the_hand_written_form() {
    let (mut states, mut ms) = agents::<Pair>(3);
    let mut ctx = Frame::new(0.1).with_world(Town::default());
    let s = frame(&mut states, &mut ms, &mut ctx);
    let log = [
        "m0 activate alarm in_use=1",
        "m0 tick alarm -> Running in_use=1",
        "m1 activate alarm in_use=2",
        "m1 tick alarm -> Running in_use=2",
        "m2 activate chase in_use=2",
        "m2 tick chase -> Running in_use=2",
    ];
    expect(&mut ctx, s, &[Running; 3], &log, 2);

    let (mut states, mut ms) = agents::<ByHand>(2);
    let mut ctx = Frame::new(0.1).with_world(Town::default());
    let s = frame(&mut states, &mut ms, &mut ctx);
    let log = [
        "m0 activate alarm in_use=1",
        "m0 tick alarm -> Running in_use=1",
        "m1 activate chase in_use=1",
        "m1 tick chase -> Running in_use=1",
    ];
    expect(&mut ctx, s, &[Running; 2], &log, 1);
    drop(states);
    assert_eq!(ctx.world().alarm.in_use(), 0);
}

// SPEC R8: many frames of agents coming and going, serially: the count seen
// from inside never exceeds `max`, and nothing is left held.
#[test]
fn r8_serial_churn_never_admits_more_than_max() {
    let (mut states, mut ms) = agents::<Pair>(40);
    let mut ctx = Frame::new(0.1).with_world(Town::default());
    let mut rng = 0x2545_f491_u32;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 17;
        rng ^= rng << 5;
        rng
    };
    for _ in 0..200 {
        for m in &mut ms {
            let r = [Running, Running, Success, Failure][next() as usize % 4];
            m.results.insert("alarm", r);
            m.results
                .insert("chase", [Running, Success][next() as usize % 2]);
        }
        let halted = next() as usize % 40;
        states[halted].halt(&mut ms[halted], &mut ctx);
        frame(&mut states, &mut ms, &mut ctx);
        assert!(ctx.world().alarm.in_use() <= 2);
    }
    let t = ctx.world_mut();
    assert_eq!(t.inside_max, 2, "the alarm was full at times, never over");
    assert!(t
        .log
        .iter()
        .any(|l| l.contains("deactivate alarm Completed(Failure)")));
    drop(states);
    assert_eq!(ctx.world().alarm.in_use(), 0);
}

/// A world that borrows its resource from the frame (`world<'w>`): the
/// selector is a function of every lifetime of the world.
mod borrowed {
    use super::Monster;
    use deciders::{Behavior, Ctx, Frame, Resource, Status};

    struct Seats<'w> {
        seat: &'w Resource,
        seen: Vec<(usize, u32)>,
    }

    #[derive(Default)]
    struct Sit;
    impl<'w> Behavior<Monster, Seats<'w>> for Sit {
        fn tick(&mut self, m: &mut Monster, ctx: &mut Ctx<Seats<'w>>) -> Status {
            let n = ctx.world().seat.in_use();
            ctx.world_mut().seen.push((m.id, n));
            Status::Running
        }
    }

    fn seat<'a>(f: &'a Seats<'_>) -> &'a Resource {
        f.seat
    }

    deciders::tree! {
        tree Lounge for Monster, world<'w> = Seats<'w> {
            fallback { limit(|f: &Seats| f.seat, 1) { Sit }, wait(1.0) }
        }
        tree Bench for Monster, world<'w> = Seats<'w> {
            fallback { limit(seat, 2) { Sit }, wait(1.0) }
        }
    }

    // SPEC R8
    #[test]
    fn r8_a_borrowed_world_lends_the_resource() {
        let seat = Resource::new();
        let mut ms: Vec<Monster> = (0..3).map(Monster::new).collect();
        let mut lounge: Vec<Lounge> = (0..3).map(|_| Lounge::new()).collect();
        let mut bench: Vec<Bench> = (0..3).map(|_| Bench::new()).collect();
        for _ in 0..2 {
            let mut ctx = Frame::new(0.1).with_world(Seats {
                seat: &seat,
                seen: Vec::new(),
            });
            for (s, m) in lounge.iter_mut().zip(&mut ms) {
                s.tick(m, &mut ctx);
            }
            assert_eq!(ctx.into_world().seen, [(0, 1)]);
        }
        drop(lounge);
        let mut ctx = Frame::new(0.1).with_world(Seats {
            seat: &seat,
            seen: Vec::new(),
        });
        for (s, m) in bench.iter_mut().zip(&mut ms) {
            s.tick(m, &mut ctx);
        }
        assert_eq!(ctx.into_world().seen, [(0, 1), (1, 2)]);
        drop(bench);
        assert_eq!(seat.in_use(), 0);
    }
}

mod parallel {
    //! SPEC R8, F4: one resource shared by 10,000 agents ticked on rayon's
    //! pool, chunk by chunk, each chunk world holding a clone of it.
    #![cfg(feature = "rayon")]

    use std::sync::atomic::{AtomicU32, Ordering};
    use std::sync::Arc;

    use deciders::{batch, Behavior, Ctx, Exit, Resource, Status};

    const MAX: u32 = 8;

    /// A chunk's world: the shared resource and the shared measures.
    struct Hive {
        door: Resource,
        /// Agents between `activate` and `deactivate` of the child.
        inside: Arc<AtomicU32>,
        /// The most ever inside at once, and the most the door counted.
        high: Arc<AtomicU32>,
        counted: Arc<AtomicU32>,
    }

    struct Bee {
        id: u32,
        ticks: u32,
        entries: u32,
    }

    /// The child: counts itself in and out, and works a few ticks.
    #[derive(Default)]
    struct Dance {
        left: u32,
    }
    impl Behavior<Bee, Hive> for Dance {
        fn activate(&mut self, b: &mut Bee, ctx: &mut Ctx<Hive>) -> Status {
            let h = ctx.world();
            let now = h.inside.fetch_add(1, Ordering::SeqCst) + 1;
            h.high.fetch_max(now, Ordering::SeqCst);
            h.counted.fetch_max(h.door.in_use(), Ordering::SeqCst);
            b.entries += 1;
            self.left = 1 + (b.id + b.ticks) % 3;
            Status::Running
        }
        fn tick(&mut self, b: &mut Bee, ctx: &mut Ctx<Hive>) -> Status {
            let h = ctx.world();
            h.counted.fetch_max(h.door.in_use(), Ordering::SeqCst);
            b.ticks += 1;
            self.left -= 1;
            if self.left == 0 {
                Status::Success
            } else {
                Status::Running
            }
        }
        fn deactivate(&mut self, _: &mut Bee, ctx: &mut Ctx<Hive>, _: Exit) {
            ctx.world().inside.fetch_sub(1, Ordering::SeqCst);
        }
    }

    #[derive(Default)]
    struct Buzz;
    impl Behavior<Bee, Hive> for Buzz {}

    deciders::tree! {
        tree Worker for Bee, world = Hive {
            selector { limit(|h: &Hive| &h.door, 8) { Dance }, Buzz }
        }
    }

    // SPEC R8
    #[test]
    fn r8_par_tick_all_never_admits_more_than_max() {
        let n = 10_000;
        let door = Resource::new();
        let (inside, high, counted) = Default::default();
        let (inside, high, counted): (Arc<AtomicU32>, Arc<AtomicU32>, Arc<AtomicU32>) =
            (inside, high, counted);
        let mut bees: Vec<Bee> = (0..n)
            .map(|id| Bee {
                id,
                ticks: 0,
                entries: 0,
            })
            .collect();
        let mut states: Vec<Worker> = (0..n).map(|_| Worker::new()).collect();
        for _ in 0..60 {
            let chunks = batch::par_tick_all(
                &mut states,
                &mut bees,
                0.1,
                64,
                || Hive {
                    door: door.clone(),
                    inside: inside.clone(),
                    high: high.clone(),
                    counted: counted.clone(),
                },
                |_, _, _, _| {},
            );
            assert!(chunks.iter().all(|c| c.errors == 0 && c.panics.is_empty()));
            assert!(door.in_use() <= MAX);
        }
        assert_eq!(
            high.load(Ordering::SeqCst),
            MAX,
            "full at times, never over"
        );
        assert_eq!(counted.load(Ordering::SeqCst), MAX);
        let entries: u32 = bees.iter().map(|b| b.entries).sum();
        assert!(entries > 100, "agents came and went: {entries} entries");
        assert_eq!(door.in_use(), inside.load(Ordering::SeqCst));
        drop(states);
        assert_eq!(door.in_use(), 0);
    }
}
