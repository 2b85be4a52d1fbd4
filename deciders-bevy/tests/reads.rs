//! Trees that read the ECS beyond their own entity ([`Reads`]): a guard
//! that asks a query of other entities' components ("is a wolf within
//! 12?") and a behavior that reads two resources, in a real headless
//! Bevy app, with the same result on 1 and 4 threads and as a serial loop
//! outside Bevy over the same query (F4).

mod common;

use std::time::Duration;

use bevy_app::{App, FixedUpdate, TaskPoolPlugin};
use bevy_ecs::prelude::*;
use bevy_ecs::system::SystemParamItem;
use bevy_time::{Fixed, Time, TimePlugin, TimeUpdateStrategy};
use deciders::{Behavior, Ctx, Exit, Frame, Status};
use deciders_bevy::{Brain, DecidersPlugin, DecidersSystems, Env, Output, Reads};

const SHEEP: u32 = 600;
const WOLVES: u32 = 5;
const STEPS: u32 = 90;
const DT: Duration = Duration::from_millis(50);
const FIELD: f32 = 100.0;

/// A wolf: another entity, moved by a game system, that the sheep's trees
/// see through a query.
#[derive(Component, Clone, Copy, Debug)]
struct Wolf {
    at: [f32; 2],
}

/// How far a sheep runs in a second.
#[derive(Resource)]
struct Speed(f32);

/// How much grass a second of grazing eats.
#[derive(Resource)]
struct Grass(f32);

/// What the sheep's trees see: the wolves, and the two resources.
#[derive(Clone, Copy)]
struct Sight<'a> {
    wolves: &'a Query<'a, 'a, &'static Wolf>,
    speed: &'a Speed,
    grass: &'a Grass,
}

impl Sight<'_> {
    /// The nearest wolf to `at`, and how far it is.
    fn nearest(&self, at: [f32; 2]) -> Option<([f32; 2], f32)> {
        self.wolves
            .iter()
            .map(|w| (w.at, (w.at[0] - at[0]).hypot(w.at[1] - at[1])))
            .min_by(|a, b| a.1.total_cmp(&b.1))
    }
}

/// The reads behind [`Sight`].
struct Looks;

impl Reads for Looks {
    type Param = (
        Query<'static, 'static, &'static Wolf>,
        Res<'static, Speed>,
        Res<'static, Grass>,
    );
    type View<'a> = Sight<'a>;
    fn view<'a>((wolves, speed, grass): &'a SystemParamItem<'_, '_, Self::Param>) -> Sight<'a> {
        Sight {
            wolves,
            speed,
            grass,
        }
    }
}

/// A sheep: where it stands, what it ate, how often it fled.
#[derive(Component, Clone, Debug, PartialEq)]
struct Sheep {
    at: [f32; 2],
    eaten: f32,
    flights: u32,
}

/// What a sheep's tree asks of the ECS: a line in the journal.
enum Order {
    /// Started to flee from a wolf this far.
    Fled(u32),
    /// Stopped fleeing.
    Safe,
}

/// Every applied order, in the order applied.
#[derive(Resource, Default)]
struct Journal(Vec<(Entity, String)>);

impl Order {
    fn line(&self) -> String {
        match self {
            Order::Fled(d) => format!("Fled({d})"),
            Order::Safe => "Safe".to_string(),
        }
    }
}

impl Output for Order {
    fn apply(self, entity: Entity, commands: &mut Commands) {
        let line = self.line();
        commands.queue(move |w: &mut World| w.resource_mut::<Journal>().0.push((entity, line)));
    }
}

type W<'w> = Env<'w, Looks, Order>;

/// The guard: a wolf within 12, seen through the query.
fn wolf_near(s: &Sheep, ctx: &Ctx<W<'_>>) -> bool {
    ctx.world()
        .read()
        .nearest(s.at)
        .is_some_and(|(_, d)| d < 12.0)
}

/// Runs from the nearest wolf at the speed of the resource, until none
/// is within 20.
#[derive(Default)]
struct Flee;

impl<'w> Behavior<Sheep, W<'w>> for Flee {
    fn activate(&mut self, s: &mut Sheep, ctx: &mut Ctx<W<'w>>) -> Status {
        s.flights += 1;
        let d = ctx.world().read().nearest(s.at).map_or(0.0, |(_, d)| d);
        ctx.world_mut().emit(Order::Fled(d as u32));
        Status::Running
    }
    fn tick(&mut self, s: &mut Sheep, ctx: &mut Ctx<W<'w>>) -> Status {
        let sight = ctx.world().read();
        let Some((wolf, d)) = sight.nearest(s.at).filter(|&(_, d)| d < 20.0) else {
            return Status::Success;
        };
        let step = sight.speed.0 * ctx.dt() / d.max(0.1);
        s.at[0] = (s.at[0] + (s.at[0] - wolf[0]) * step).clamp(0.0, FIELD);
        s.at[1] = (s.at[1] + (s.at[1] - wolf[1]) * step).clamp(0.0, FIELD);
        Status::Running
    }
    fn deactivate(&mut self, _: &mut Sheep, ctx: &mut Ctx<W<'w>>, _: Exit) {
        ctx.world_mut().emit(Order::Safe);
    }
}

/// Eats the grass of the resource.
#[derive(Default)]
struct Graze;

impl<'w> Behavior<Sheep, W<'w>> for Graze {
    fn tick(&mut self, s: &mut Sheep, ctx: &mut Ctx<W<'w>>) -> Status {
        s.eaten += ctx.world().read().grass.0 * ctx.dt();
        Status::Running
    }
}

deciders::tree! {
    tree Mind for Sheep, world<'w> = Env<'w, Looks, Order> {
        priority {
            flee: when(decide = wolf_near) => Flee,
            graze: Graze,
        }
    }
}

fn sheep(i: u32) -> Sheep {
    Sheep {
        at: [(i * 37 % 100) as f32, (i * 61 % 100) as f32],
        eaten: 0.0,
        flights: 0,
    }
}

fn wolf(i: u32, t: f32) -> Wolf {
    let phase = t * (0.4 + 0.1 * i as f32) + i as f32;
    let r = 15.0 + 7.0 * i as f32;
    Wolf {
        at: [50.0 + r * phase.cos(), 50.0 + r * phase.sin()],
    }
}

/// The wolves run in circles: a game system, before the sheep decide.
fn hunt(mut wolves: Query<&mut Wolf>, mut t: Local<u32>) {
    *t += 1;
    let seconds = *t as f32 * DT.as_secs_f32();
    for (i, mut w) in wolves.iter_mut().enumerate() {
        *w = wolf(i as u32, seconds);
    }
}

/// A headless app with `threads` compute threads (0: Bevy's default).
fn app(threads: usize) -> App {
    let mut app = App::new();
    app.add_plugins((
        common::pools(threads),
        TimePlugin,
        DecidersPlugin::<Sheep, Mind, Looks, Order>::new().parallel_from(common::parallel_from()),
    ));
    app.insert_resource(Time::<Fixed>::from_duration(DT));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(DT));
    app.insert_resource(Speed(6.0));
    app.insert_resource(Grass(0.5));
    app.init_resource::<Journal>();
    app.add_systems(FixedUpdate, hunt.in_set(DecidersSystems::Prepare));
    for i in 0..WOLVES {
        app.world_mut().spawn(wolf(i, 0.0));
    }
    for i in 0..SHEEP {
        app.world_mut().spawn((sheep(i), Brain::new(Mind::new())));
    }
    app
}

type Run = (Vec<Sheep>, Vec<(Entity, String)>);

/// The sheep (in entity order) and the journal after `STEPS` fixed steps.
fn run_app(threads: usize) -> Run {
    let mut app = app(threads);
    // The first update only starts the clocks; each later one is one step.
    for _ in 0..=STEPS {
        app.update();
    }
    let world = app.world_mut();
    let mut sheep: Vec<(Entity, Sheep)> = world
        .query::<(Entity, &Sheep)>()
        .iter(world)
        .map(|(e, s)| (e, s.clone()))
        .collect();
    sheep.sort_by_key(|(e, _)| *e);
    let journal = std::mem::take(&mut world.resource_mut::<Journal>().0);
    (sheep.into_iter().map(|(_, s)| s).collect(), journal)
}

/// The same sheep ticked one by one in entity order with no plugin: each
/// step moves the wolves, then builds the view over a query of the
/// world's wolves, as the plugin's fetch does.
fn run_serial() -> Run {
    let mut app = app(1);
    let world = app.world_mut();
    let mut spawned: Vec<(Entity, Sheep)> = world
        .query::<(Entity, &Sheep)>()
        .iter(world)
        .map(|(e, s)| (e, s.clone()))
        .collect();
    spawned.sort_by_key(|(e, _)| *e);
    let mut trees: Vec<Mind> = spawned.iter().map(|_| Mind::new()).collect();
    let mut journal = Vec::new();
    let (speed, grass) = (Speed(6.0), Grass(0.5));
    let mut wolves_state = world.query::<&mut Wolf>();
    for step in 1..=STEPS {
        let seconds = step as f32 * DT.as_secs_f32();
        for (i, mut w) in wolves_state.iter_mut(world).enumerate() {
            *w = wolf(i as u32, seconds);
        }
        let mut seen = world.query::<&Wolf>();
        let wolves = seen.query(world);
        let sight = Sight {
            wolves: &wolves,
            speed: &speed,
            grass: &grass,
        };
        for (i, (entity, sheep)) in spawned.iter_mut().enumerate() {
            let env: W<'_> = Env::new(sight, *entity);
            let mut frame = Frame::new(DT.as_secs_f32()).with_world(env);
            trees[i].tick(sheep, &mut frame);
            for (e, order) in frame.into_world().into_outputs() {
                journal.push((e, order.line()));
            }
        }
    }
    (spawned.into_iter().map(|(_, s)| s).collect(), journal)
}

fn digest(run: &Run) -> String {
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
#[ignore = "run by f4_a_tree_that_reads_other_entities_through_a_query_ends_alike_on_1_and_4_threads, one process per thread count"]
fn one_run() {
    let threads = std::env::var("THREADS").map_or(0, |t| t.parse().unwrap());
    println!("digest {}", digest(&run_app(threads)));
}

// SPEC F4
#[test]
fn f4_a_tree_that_reads_other_entities_through_a_query_ends_alike_on_1_and_4_threads() {
    let serial = run_serial();
    // The query and both resources were read: sheep fled the wolves (and
    // came back to grazing), others grazed the whole time.
    let fled = serial.0.iter().filter(|s| s.flights > 0).count();
    assert!(
        fled > 20 && fled < SHEEP as usize - 20,
        "{fled} of {SHEEP} sheep fled"
    );
    assert!(serial.1.iter().any(|(_, l)| l == "Safe"));
    let full = STEPS as f32 * DT.as_secs_f32() * 0.5;
    let grazed_all = serial
        .0
        .iter()
        .filter(|s| (s.eaten - full).abs() < 1e-3)
        .count();
    assert!(grazed_all > 0, "some sheep grazed every step: {full}");
    let expected = digest(&serial);
    for threads in [1, 4] {
        assert_eq!(
            common::digest_in_a_process(threads),
            expected,
            "{threads} threads against the serial loop"
        );
    }
}

/// The guard sees the wolves as they stand after the step's `Prepare`
/// systems: a sheep spawned next to where a wolf will be is fleeing from
/// the first step on, and one far from every wolf never flees.
#[test]
fn f4_a_guard_reads_the_query_of_this_step() {
    let mut app = app(1);
    let first = wolf(0, DT.as_secs_f32()).at;
    let near = app
        .world_mut()
        .spawn((
            Sheep {
                at: [first[0] + 3.0, first[1]],
                eaten: 0.0,
                flights: 0,
            },
            Brain::new(Mind::new()),
        ))
        .id();
    // Steps 0 and 1: the first update only starts the clocks.
    app.update();
    app.update();
    let journal = &app.world().resource::<Journal>().0;
    let lines: Vec<&str> = journal
        .iter()
        .filter(|(e, _)| *e == near)
        .map(|(_, l)| l.as_str())
        .collect();
    assert_eq!(lines, ["Fled(3)"]);
    let s = app.world().get::<Sheep>(near).unwrap();
    assert_eq!((s.flights, s.eaten), (1, 0.0));
}

/// Reads that would see the agents' own components while their ticks
/// write them: the sheep's tree reading every sheep.
struct Herd;

impl Reads for Herd {
    type Param = Query<'static, 'static, &'static Sheep>;
    type View<'a> = &'a Query<'a, 'a, &'static Sheep>;
    fn view<'a>(sheep: &'a SystemParamItem<'_, '_, Self::Param>) -> Self::View<'a> {
        sheep
    }
}

#[derive(Default)]
struct Count;

impl<'w> Behavior<Sheep, Env<'w, Herd, Order>> for Count {
    fn tick(&mut self, s: &mut Sheep, ctx: &mut Ctx<Env<'w, Herd, Order>>) -> Status {
        s.flights = ctx.world().read().iter().count() as u32;
        Status::Running
    }
}

deciders::tree! {
    tree Crowded for Sheep, world<'w> = Env<'w, Herd, Order> { Count }
}

/// Bevy refuses a query of the reads over a component the agent writes,
/// as soon as the plugin is added (its despawn observer is the first
/// system to hold both): two accesses to `Sheep` in one system, Bevy's
/// error B0001, which names the component with Bevy's `debug` feature.
#[test]
#[should_panic(expected = "B0001")]
fn reads_that_overlap_the_agent_are_refused_by_bevy() {
    let mut app = App::new();
    app.add_plugins((
        TaskPoolPlugin::default(),
        TimePlugin,
        DecidersPlugin::<Sheep, Crowded, Herd, Order>::new().in_schedule(bevy_app::Update),
    ));
    app.init_resource::<Journal>();
    app.world_mut()
        .spawn((sheep(0), Brain::new(Crowded::new())));
    app.update();
}
