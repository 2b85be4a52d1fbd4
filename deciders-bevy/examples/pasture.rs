//! Wolves and sheep in a headless Bevy app: 4,000 sheep, each with a tree
//! ticked in parallel on Bevy's task pool, flee the wolves near them and
//! graze otherwise; a sheep a wolf reaches is eaten (an output of its tree,
//! applied as a despawn, which halts its running behaviors first). Prints a
//! summary per simulated second; time is advanced by hand, 30 fixed steps a
//! second, so the run takes a moment whatever the machine.
//!
//! The wolves are entities of their own, moved by a game system; the
//! sheep's trees see them through a query (`Looks`, a [`Reads`]), so no
//! system copies them into a snapshot first.
//!
//! Run it with `cargo run -p deciders-bevy --example pasture --release`.

use std::time::Duration;

use bevy_app::{App, FixedUpdate, TaskPoolPlugin};
use bevy_ecs::prelude::*;
use bevy_ecs::system::SystemParamItem;
use bevy_time::{Fixed, Time, TimePlugin, TimeUpdateStrategy};
use deciders::{Behavior, Ctx, Exit, Status};
use deciders_bevy::{Brain, DecidersPlugin, DecidersSystems, Env, Output, Reads};

const SHEEP: u32 = 4_000;
const WOLVES: usize = 6;
const FIELD: f32 = 200.0;
const STEP: Duration = Duration::from_millis(1000 / 30);
const SECONDS: u32 = 8;

/// A wolf: where it runs.
#[derive(Component)]
struct Wolf {
    at: [f32; 2],
}

/// What a sheep's tree sees of the ECS: every wolf, through a query.
#[derive(Clone, Copy)]
struct Sight<'a> {
    wolves: &'a Query<'a, 'a, &'static Wolf>,
}

impl Sight<'_> {
    /// The nearest wolf to `at` and its distance.
    fn nearest(&self, at: [f32; 2]) -> ([f32; 2], f32) {
        self.wolves
            .iter()
            .map(|w| (w.at, (w.at[0] - at[0]).hypot(w.at[1] - at[1])))
            .fold(
                ([0.0; 2], f32::INFINITY),
                |a, b| if b.1 < a.1 { b } else { a },
            )
    }
}

/// The reads behind [`Sight`]: fetched once per step, read by every
/// sheep's tick in parallel.
struct Looks;

impl Reads for Looks {
    type Param = Query<'static, 'static, &'static Wolf>;
    type View<'a> = Sight<'a>;
    fn view<'a>(wolves: &'a SystemParamItem<'_, '_, Self::Param>) -> Sight<'a> {
        Sight { wolves }
    }
}

/// What a sheep's tree asks of the world.
enum Order {
    /// A wolf reached it.
    Eaten,
}

/// What happened this second, for the summary.
#[derive(Resource, Default)]
struct Tally {
    eaten: u32,
}

impl Output for Order {
    fn apply(self, entity: Entity, commands: &mut Commands) {
        match self {
            Order::Eaten => {
                commands.entity(entity).despawn();
                commands.queue(|w: &mut World| w.resource_mut::<Tally>().eaten += 1);
            }
        }
    }
}

/// A sheep: where it stands, and how full it is.
#[derive(Component)]
struct Sheep {
    at: [f32; 2],
    fed: f32,
    fleeing: bool,
}

type W<'w> = Env<'w, Looks, Order>;

/// Runs from the nearest wolf until none is within 25; eaten if one is
/// within 1.
#[derive(Default)]
struct Flee;

impl<'w> Behavior<Sheep, W<'w>> for Flee {
    fn activate(&mut self, s: &mut Sheep, _: &mut Ctx<W<'w>>) -> Status {
        s.fleeing = true;
        Status::Running
    }
    fn tick(&mut self, s: &mut Sheep, ctx: &mut Ctx<W<'w>>) -> Status {
        let (wolf, d) = ctx.world().read().nearest(s.at);
        if d < 1.0 {
            ctx.world_mut().emit(Order::Eaten);
            return Status::Failure;
        }
        if d > 25.0 {
            return Status::Success;
        }
        let speed = 9.0 * ctx.dt();
        s.at[0] = (s.at[0] + (s.at[0] - wolf[0]) / d * speed).clamp(0.0, FIELD);
        s.at[1] = (s.at[1] + (s.at[1] - wolf[1]) / d * speed).clamp(0.0, FIELD);
        Status::Running
    }
    fn deactivate(&mut self, s: &mut Sheep, _: &mut Ctx<W<'w>>, _: Exit) {
        s.fleeing = false;
    }
}

/// Eats where it stands.
#[derive(Default)]
struct Graze;

impl<'w> Behavior<Sheep, W<'w>> for Graze {
    fn tick(&mut self, s: &mut Sheep, ctx: &mut Ctx<W<'w>>) -> Status {
        s.fed += ctx.dt();
        Status::Running
    }
}

fn wolf_near(s: &Sheep, ctx: &Ctx<W<'_>>) -> f32 {
    let (_, d) = ctx.world().read().nearest(s.at);
    if d < 15.0 {
        15.0 - d
    } else {
        0.0
    }
}

deciders::tree! {
    /// A sheep's mind.
    tree Mind for Sheep, world<'w> = Env<'w, Looks, Order> {
        priority {
            flee: when(decide = wolf_near) => Flee,
            graze: Graze,
        }
    }
}

/// Where wolf `i` runs at time `t`: in circles through the field.
fn run(i: usize, t: f32) -> [f32; 2] {
    let phase = t * (0.3 + 0.05 * i as f32) + i as f32;
    let r = 30.0 + 12.0 * i as f32;
    [FIELD / 2.0 + r * phase.cos(), FIELD / 2.0 + r * phase.sin()]
}

/// The wolves move: game logic, in `Prepare`, before the sheep decide.
fn hunt(mut wolves: Query<&mut Wolf>, mut t: Local<f32>) {
    *t += STEP.as_secs_f32();
    for (i, mut wolf) in wolves.iter_mut().enumerate() {
        wolf.at = run(i, *t);
    }
}

fn main() {
    let mut app = App::new();
    app.add_plugins((
        TaskPoolPlugin::default(),
        TimePlugin,
        DecidersPlugin::<Sheep, Mind, Looks, Order>::new(),
    ));
    app.insert_resource(Time::<Fixed>::from_duration(STEP));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(STEP));
    for i in 0..WOLVES {
        app.world_mut().spawn(Wolf { at: run(i, 0.0) });
    }
    app.init_resource::<Tally>();
    app.add_systems(FixedUpdate, hunt.in_set(DecidersSystems::Prepare));
    for i in 0..SHEEP {
        // A deterministic scatter over the field.
        let x = (i.wrapping_mul(2_654_435_761) % 20_000) as f32 / 100.0;
        let y = (i.wrapping_mul(40_503) % 20_000) as f32 / 100.0;
        let sheep = Sheep {
            at: [x, y],
            fed: 0.0,
            fleeing: false,
        };
        // Far-away sheep think less often: every second step.
        let brain = Brain::new(Mind::with_seed(u64::from(i)));
        let brain = if x < 40.0 { brain.tick_every(2) } else { brain };
        app.world_mut().spawn((sheep, brain));
    }
    let started = std::time::Instant::now();
    app.update(); // starts the clocks
    for second in 1..=SECONDS {
        for _ in 0..30 {
            app.update();
        }
        let world = app.world_mut();
        let (mut alive, mut fleeing, mut fed) = (0u32, 0u32, 0.0f32);
        for s in world.query::<&Sheep>().iter(world) {
            alive += 1;
            fleeing += u32::from(s.fleeing);
            fed += s.fed;
        }
        let mut tally = world.resource_mut::<Tally>();
        println!(
            "second {second}: {alive} sheep, {fleeing} fleeing, {} eaten this second, {:.1} s of grazing each",
            tally.eaten,
            fed / alive.max(1) as f32
        );
        tally.eaten = 0;
    }
    let frames = SECONDS * 30;
    println!(
        "{frames} fixed steps of {SHEEP} sheep in {:.2} s of wall time",
        started.elapsed().as_secs_f32()
    );
}
