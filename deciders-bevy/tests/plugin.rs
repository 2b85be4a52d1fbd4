//! The plugin in a real headless Bevy app: thousands of entities ticked in
//! parallel with the same result on 1, 2 and 4 threads and as a serial
//! loop outside Bevy (F4, D8), despawn that halts (L2), level-of-detail
//! ticking, and the lifecycle through the brain (O2, O3).

mod common;

use std::time::Duration;

use bevy_app::{App, FixedUpdate, TaskPoolPlugin};
use bevy_ecs::prelude::*;
use bevy_time::{Fixed, Time, TimePlugin, TimeUpdateStrategy};
use deciders::{Behavior, Ctx, Exit, Frame, Status};
use deciders_bevy::{Brain, DecidersPlugin, DecidersSystems, Env, Output};

/// The snapshot every ship reads: the danger at each position.
#[derive(Resource)]
struct Field {
    danger: Vec<u32>,
}

/// What ships ask of the ECS: a line in the journal.
enum Order {
    /// Moved to this position.
    Moved(u32),
    /// Refuelled, with this much fuel.
    Refuelled(u32),
    /// A behavior was halted (its `deactivate` saw `Exit::Halted`).
    Halted(&'static str),
}

/// Every applied order, in the order applied.
#[derive(Resource, Default)]
struct Journal(Vec<(Entity, String)>);

impl Order {
    /// The order as a journal line.
    fn line(&self) -> String {
        match self {
            Order::Moved(x) => format!("Moved({x})"),
            Order::Refuelled(f) => format!("Refuelled({f})"),
            Order::Halted(b) => format!("Halted({b:?})"),
        }
    }
}

impl Output for Order {
    fn apply(self, entity: Entity, commands: &mut Commands) {
        let line = self.line();
        commands.queue(move |w: &mut World| w.resource_mut::<Journal>().0.push((entity, line)));
    }
}

/// The agent.
#[derive(Component, Clone, Debug, PartialEq)]
struct Ship {
    /// The seed of its tree (D8).
    seed: u64,
    x: u32,
    fuel: u32,
    ticks: u32,
    dt_seen: f32,
}

type W<'w> = Env<'w, Field, Order>;

/// Moves one step along the field, emitting where to; fails when out of
/// fuel; runs for a few ticks.
#[derive(Default)]
struct Cruise {
    steps: u32,
}

impl<'w> Behavior<Ship, W<'w>> for Cruise {
    fn tick(&mut self, s: &mut Ship, ctx: &mut Ctx<W<'w>>) -> Status {
        s.ticks += 1;
        s.dt_seen += ctx.dt();
        if s.fuel == 0 {
            return Status::Failure;
        }
        s.fuel -= 1;
        let len = ctx.world().read().danger.len() as u32;
        s.x = (s.x + 1 + ctx.world().read().danger[s.x as usize] % 3) % len;
        let x = s.x;
        ctx.world_mut().emit(Order::Moved(x));
        self.steps += 1;
        if self.steps == 3 {
            Status::Success
        } else {
            Status::Running
        }
    }
    fn deactivate(&mut self, _: &mut Ship, ctx: &mut Ctx<W<'w>>, exit: Exit) {
        if exit == Exit::Halted {
            ctx.world_mut().emit(Order::Halted("cruise"));
        }
    }
}

/// Refuels in one tick.
#[derive(Default)]
struct Refuel;

impl<'w> Behavior<Ship, W<'w>> for Refuel {
    fn tick(&mut self, s: &mut Ship, ctx: &mut Ctx<W<'w>>) -> Status {
        s.ticks += 1;
        s.dt_seen += ctx.dt();
        s.fuel += 4;
        let fuel = s.fuel;
        ctx.world_mut().emit(Order::Refuelled(fuel));
        Status::Success
    }
}

fn low_fuel(s: &Ship, _: &Ctx<W<'_>>) -> f32 {
    if s.fuel < 2 {
        1.0
    } else {
        0.0
    }
}

deciders::tree! {
    /// Refuels when low, else cruises or drifts at random (seeded per
    /// ship: D8).
    tree Pilot for Ship, world<'w> = Env<'w, Field, Order> {
        priority {
            refuel: when(decide = low_fuel) => Refuel,
            roam: random {
                cruise: Cruise,
                drift: sequence { wait(0.05), Cruise },
            },
        }
    }
}

const SHIPS: u32 = 2_000;
const STEPS: u32 = 40;
const DT: Duration = Duration::from_millis(20);

fn ship(i: u32) -> Ship {
    Ship {
        seed: u64::from(i),
        x: i % 97,
        fuel: i % 5,
        ticks: 0,
        dt_seen: 0.0,
    }
}

fn field() -> Field {
    Field {
        danger: (0..97u32)
            .map(|i| i.wrapping_mul(2_654_435_761) >> 7)
            .collect(),
    }
}

/// A headless app with `threads` compute threads (0: Bevy's default),
/// `SHIPS` ships, each seeded with its number; the fixed step is `DT` and
/// every update advances time by exactly `DT`.
fn app(threads: usize) -> App {
    let mut app = App::new();
    app.add_plugins((
        common::pools(threads),
        TimePlugin,
        DecidersPlugin::<Ship, Pilot, Field, Order>::new().parallel_from(common::parallel_from()),
    ));
    app.insert_resource(Time::<Fixed>::from_duration(DT));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(DT));
    app.insert_resource(field());
    app.init_resource::<Journal>();
    for i in 0..SHIPS {
        app.world_mut()
            .spawn((ship(i), Brain::new(Pilot::with_seed(u64::from(i)))));
    }
    app
}

/// Counts the fixed steps.
#[derive(Resource, Default)]
struct Steps(u32);

/// The ships (in entity order) and the journal after `STEPS` fixed steps.
fn run_app(threads: usize) -> (Vec<Ship>, Vec<(Entity, String)>) {
    let mut app = app(threads);
    app.init_resource::<Steps>();
    app.add_systems(FixedUpdate, |mut s: ResMut<Steps>| s.0 += 1);
    // The first update only starts the clocks; each later one is one step.
    for _ in 0..=STEPS {
        app.update();
    }
    assert_eq!(
        app.world().resource::<Steps>().0,
        STEPS,
        "one fixed step per update"
    );
    let world = app.world_mut();
    let mut ships: Vec<(Entity, Ship)> = world
        .query::<(Entity, &Ship)>()
        .iter(world)
        .map(|(e, s)| (e, s.clone()))
        .collect();
    ships.sort_by_key(|(e, _)| *e);
    let journal = std::mem::take(&mut world.resource_mut::<Journal>().0);
    (ships.into_iter().map(|(_, s)| s).collect(), journal)
}

/// The same agents (`(entity, ship)` as spawned) ticked one by one in
/// entity order, with no Bevy.
fn run_serial(mut spawned: Vec<(Entity, Ship)>) -> (Vec<Ship>, Vec<(Entity, String)>) {
    spawned.sort_by_key(|(e, _)| *e);
    let read = field();
    let entities: Vec<Entity> = spawned.iter().map(|(e, _)| *e).collect();
    let mut ships: Vec<Ship> = spawned.into_iter().map(|(_, s)| s).collect();
    let mut trees: Vec<Pilot> = ships.iter().map(|s| Pilot::with_seed(s.seed)).collect();
    let mut journal = Vec::new();
    for _ in 0..STEPS {
        for (i, &entity) in entities.iter().enumerate() {
            let env = Env::new(&read, entity);
            let mut frame = Frame::new(DT.as_secs_f32()).with_world(env);
            trees[i].tick(&mut ships[i], &mut frame);
            for (e, order) in frame.into_world().into_outputs() {
                journal.push((e, order.line()));
            }
        }
    }
    (ships, journal)
}

fn digest(run: &(Vec<Ship>, Vec<(Entity, String)>)) -> String {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    format!("{:?}", run.0).hash(&mut h);
    format!("{:?}", run.1).hash(&mut h);
    format!("{:016x} {} lines", h.finish(), run.1.len())
}

/// Not a test of its own: what `digest_in_a_process` runs, in a process
/// whose compute task pool has `THREADS` threads (the pool is global: one
/// size per process).
#[test]
#[ignore = "run by f4_the_same_result_on_1_2_and_4_threads_and_serially, one process per thread count"]
fn one_run() {
    let threads = std::env::var("THREADS").map_or(0, |t| t.parse().unwrap());
    println!("digest {}", digest(&run_app(threads)));
}

// SPEC F4, D8
#[test]
fn f4_the_same_result_on_1_2_and_4_threads_and_serially() {
    let in_bevy = run_app(0);
    assert!(
        in_bevy.1.len() > 10_000,
        "the ships did things: {}",
        in_bevy.1.len()
    );
    // Every ship ticked every step, with the fixed step's time.
    assert!(in_bevy.0.iter().all(|s| s.ticks > 0 && s.ticks <= STEPS));
    let spawned: Vec<(Entity, Ship)> = {
        let mut app = app(0);
        let world = app.world_mut();
        world
            .query::<(Entity, &Ship)>()
            .iter(world)
            .map(|(e, s)| (e, s.clone()))
            .collect()
    };
    let serial = run_serial(spawned);
    let first = in_bevy.0.iter().zip(&serial.0).position(|(a, b)| a != b);
    assert_eq!(first, None, "the ships end as a serial loop leaves them");
    // The same outputs in the same order: each step's in entity order.
    assert!(in_bevy.1 == serial.1, "the journals differ");
    let expected = digest(&in_bevy);
    for threads in [1, 2, 4] {
        assert_eq!(
            common::digest_in_a_process(threads),
            expected,
            "{threads} threads"
        );
    }
    // Handed to the pool only from one brain more than there are: 4
    // threads tick them in the one-thread loop, with the same result.
    let more = SHIPS as usize + 1;
    assert_eq!(
        common::digest_with_parallel_from(4, more),
        expected,
        "4 threads, parallel from {more}"
    );
}

/// Runs until something removes it.
#[derive(Default)]
struct Hold;

impl<'w> Behavior<Ship, W<'w>> for Hold {
    fn tick(&mut self, s: &mut Ship, ctx: &mut Ctx<W<'w>>) -> Status {
        s.ticks += 1;
        s.dt_seen += ctx.dt();
        Status::Running
    }
    fn deactivate(&mut self, _: &mut Ship, ctx: &mut Ctx<W<'w>>, exit: Exit) {
        let Exit::Halted = exit else { return };
        ctx.world_mut().emit(Order::Halted("hold"));
    }
}

deciders::tree! {
    /// Holds its position until something removes it.
    tree Station for Ship, world<'w> = Env<'w, Field, Order> {
        sequence { Hold }
    }
}

fn station_app() -> App {
    let mut app = App::new();
    app.add_plugins((
        TaskPoolPlugin::default(),
        TimePlugin,
        DecidersPlugin::<Ship, Station, Field, Order>::new(),
    ));
    app.insert_resource(Time::<Fixed>::from_duration(DT));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(DT));
    app.insert_resource(field());
    app.init_resource::<Journal>();
    app
}

// SPEC L2, O3
#[test]
fn l2_despawning_an_entity_halts_its_running_behaviors() {
    let mut app = station_app();
    let a = app
        .world_mut()
        .spawn((ship(0), Brain::new(Station::new())))
        .id();
    let b = app
        .world_mut()
        .spawn((ship(1), Brain::new(Station::new())))
        .id();
    for _ in 0..3 {
        app.update();
    }
    assert!(app
        .world()
        .get::<Brain<Station>>(a)
        .unwrap()
        .tree()
        .is_running());
    app.world_mut().despawn(a);
    // Losing the brain halts too.
    app.world_mut().entity_mut(b).remove::<Brain<Station>>();
    app.update();
    let journal = &app.world().resource::<Journal>().0;
    assert_eq!(
        journal,
        &[
            (a, "Halted(\"hold\")".to_string()),
            (b, "Halted(\"hold\")".to_string())
        ]
    );
    // A brain removed, not despawned, leaves its agent in place.
    assert!(app.world().get::<Ship>(b).is_some());
}

// SPEC T2
#[test]
fn lod_a_brain_ticked_every_fourth_step_sees_the_time_of_four() {
    let mut app = station_app();
    let every = app
        .world_mut()
        .spawn((ship(0), Brain::new(Station::new())))
        .id();
    let slow = app
        .world_mut()
        .spawn((ship(1), Brain::new(Station::new()).tick_every(4)))
        .id();
    for _ in 0..=16 {
        app.update();
    }
    let fast = app.world().get::<Ship>(every).unwrap().clone();
    let lod = app.world().get::<Ship>(slow).unwrap().clone();
    assert_eq!(fast.ticks, 16);
    assert_eq!(lod.ticks, 4);
    // Both saw all the time that passed but the slow one's last < 4 steps.
    assert!(
        (fast.dt_seen - 16.0 * 0.02).abs() < 1e-4,
        "{}",
        fast.dt_seen
    );
    assert!(
        lod.dt_seen > 12.0 * 0.02 - 1e-4 && lod.dt_seen <= 16.0 * 0.02 + 1e-4,
        "{}",
        lod.dt_seen
    );
}

// SPEC T2
/// A brain's rate set back to every step keeps the time it had counted:
/// its next tick sees all of it. Four brains, so that every phase of the
/// countdown (staggered by entity index) is met, three with time pending.
#[test]
fn lod_a_brain_set_back_to_every_step_sees_the_time_it_had_counted() {
    let mut app = station_app();
    let slow: Vec<Entity> = (0..4)
        .map(|i| {
            app.world_mut()
                .spawn((ship(i), Brain::new(Station::new()).tick_every(4)))
                .id()
        })
        .collect();
    // The first update starts the clocks; then 5 steps.
    for _ in 0..=5 {
        app.update();
    }
    let before: Vec<u32> = slow
        .iter()
        .map(|&e| app.world().get::<Ship>(e).unwrap().ticks)
        .collect();
    for &e in &slow {
        let mut brain = app.world_mut().get_mut::<Brain<Station>>(e).unwrap();
        brain.set_tick_every(1);
    }
    for _ in 0..3 {
        app.update();
    }
    for (i, &e) in slow.iter().enumerate() {
        let ship = app.world().get::<Ship>(e).unwrap();
        // Every step since the switch ticked it.
        assert_eq!(ship.ticks, before[i] + 3, "brain {i}");
        // And all 8 steps' time reached its tree.
        assert!(
            (ship.dt_seen - 8.0 * 0.02).abs() < 1e-4,
            "brain {i}: {} seen, ticked {} times in the first 5 steps",
            ship.dt_seen,
            before[i]
        );
    }
    // The phases differ: some had time pending at the switch.
    assert!(before.iter().any(|&t| t != before[0]), "{before:?}");
}

/// Pauses every brain whose ship has ticked 3 times: a `Prepare` system.
fn pause_after_three(mut q: Query<(&Ship, &mut Brain<Station>)>) {
    for (s, mut b) in &mut q {
        if s.ticks == 3 && b.status() == deciders::lifecycle::PlayStatus::Executing {
            b.pause();
        }
    }
}

// SPEC O2, O3
#[test]
fn o2_a_prepare_system_pauses_a_brain_and_ticks_stop() {
    let mut app = station_app();
    app.add_systems(
        FixedUpdate,
        pause_after_three.in_set(DecidersSystems::Prepare),
    );
    let e = app
        .world_mut()
        .spawn((ship(0), Brain::new(Station::new())))
        .id();
    for _ in 0..=10 {
        app.update();
    }
    assert_eq!(app.world().get::<Ship>(e).unwrap().ticks, 3);
    let brain = app.world().get::<Brain<Station>>(e).unwrap();
    assert_eq!(brain.status(), deciders::lifecycle::PlayStatus::Paused);
    // Stopping from outside halts, applied on the next step.
    app.world_mut().get_mut::<Brain<Station>>(e).unwrap().stop();
    app.update();
    assert_eq!(
        app.world().resource::<Journal>().0,
        [(e, "Halted(\"hold\")".to_string())]
    );
}

// SPEC I1, I6
#[test]
fn i1_a_watched_entity_shows_its_path_status_and_description_and_records_a_replay() {
    use deciders_bevy::Watch;
    let mut app = station_app();
    let watched = app
        .world_mut()
        .spawn((ship(0), Brain::new(Station::new()), Watch::new()))
        .id();
    let plain = app
        .world_mut()
        .spawn((ship(1), Brain::new(Station::new())))
        .id();
    app.world_mut()
        .get_mut::<Watch>(watched)
        .unwrap()
        .record(100);
    for _ in 0..=5 {
        app.update();
    }
    let watch = app.world().get::<Watch>(watched).unwrap();
    assert_eq!(watch.status, "Executing, Running");
    assert_eq!(watch.path, "root > Hold");
    // A tree with no time-based node keeps no clock (T2).
    assert_eq!(watch.clock, 0.0);
    assert_eq!(watch.errors, 0);
    assert_eq!(
        watch.description,
        "Station at 0.00 s\nroot: sequence\n  Hold: behavior\n"
    );
    assert_eq!(watch.recorder().len(), 5);
    let page = deciders::replay::to_html(Station::shape(), watch.recorder(), "ship 0");
    assert!(page.contains("ship 0") && page.contains("Hold"));
    // The other entity has no watch, and its brain ticked all the same.
    assert!(app.world().get::<Watch>(plain).is_none());
    assert_eq!(app.world().get::<Ship>(plain).unwrap().ticks, 5);
}

// SPEC I6
#[test]
fn i6_a_watched_brain_paused_for_two_steps_shows_them_as_paused_frames() {
    use deciders_bevy::Watch;
    let mut app = station_app();
    let e = app
        .world_mut()
        .spawn((ship(0), Brain::new(Station::new()), Watch::new()))
        .id();
    app.world_mut().get_mut::<Watch>(e).unwrap().record(100);
    for step in 0..8 {
        let mut brain = app.world_mut().get_mut::<Brain<Station>>(e).unwrap();
        match step {
            3 => brain.pause(),
            5 => brain.resume(),
            _ => {}
        }
        app.update();
    }
    let watch = app.world().get::<Watch>(e).unwrap();
    let ticked: Vec<u64> = watch.recorder().ticks().map(|t| t.frame()).collect();
    let paused: Vec<_> = watch.recorder().pauses().map(|p| p.frames()).collect();
    // Seven steps of the plugin (the first update ticks nothing, as in the
    // test above): two ticks, the pause (asked before step 2) holds
    // steps 2 and 3 as paused frames, the resume (before step 4) ticks on.
    assert_eq!((ticked, paused), (vec![0, 1, 4, 5, 6], vec![2..=3]));
    let page = deciders::replay::to_html(Station::shape(), watch.recorder(), "ship 0");
    assert!(page.contains(" · 2 paused frames"));
}

// SPEC I3
#[cfg(feature = "reflect")]
#[test]
fn i3_a_watch_is_reflected_for_inspectors() {
    use bevy_reflect::{PartialReflect, ReflectRef};
    use deciders_bevy::Watch;
    let mut watch = Watch::new();
    watch.path = "root > Hold".to_string();
    let ReflectRef::Struct(fields) = watch.reflect_ref() else {
        panic!("a struct");
    };
    let path = fields.field("path").unwrap().try_downcast_ref::<String>();
    assert_eq!(path.map(String::as_str), Some("root > Hold"));
    assert!(fields.field("description").is_some() && fields.field("recorder").is_none());
}
