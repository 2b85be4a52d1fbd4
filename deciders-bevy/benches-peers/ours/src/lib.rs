//! deciders-bevy (Bevy 0.20): the agent component is the mover; its
//! `Brain` ticks the tree below on the compute task pool, and the
//! behaviors move the agent they are given. One entity per agent, the
//! target in the snapshot resource every tree reads.
//!
//! Also the floor no library can go under: the same task as one plain
//! system of Bevy 0.20 (`if near { chase } else { wander }` in a
//! `par_iter_mut`), with no decision machinery at all.

use bevy_app::{App, FixedUpdate, TaskPoolPlugin};
use bevy_ecs::prelude::*;
use bevy_time::{Fixed, Time, TimePlugin, TimeUpdateStrategy};
use deciders::{Behavior, Ctx, Status, Wake};
use deciders_bevy::{Brain, DecidersPlugin, DecidersSystems, Env, Output};

use peers_task::harness::{threads, Bench};
use peers_task::task::{Body, Census, Scenario, STEP, WORK_STEPS};

/// The agent.
#[derive(Component)]
pub struct Mover(Body);

/// The snapshot every tree reads: how the target moves, where it is, and
/// the step it is at.
#[derive(Resource)]
pub struct Scene {
    scenario: Scenario,
    target: [f32; 2],
    step: u64,
}

/// The behaviors ask nothing of the ECS: they move their own agent.
pub enum Nothing {}

impl Output for Nothing {
    fn apply(self, _: Entity, _: &mut Commands) {
        match self {}
    }
}

type W<'w> = Env<'w, Scene, Nothing>;

/// A world that knows where the target is: the plugin's (the snapshot
/// resource) and the hand-ticked core brain's ([`Sight`]).
pub trait Sees {
    fn target(&self) -> [f32; 2];
}

impl Sees for W<'_> {
    #[inline(always)]
    fn target(&self) -> [f32; 2] {
        self.read().target
    }
}

/// Steps toward the target, for as long as the tree keeps it.
#[derive(Default)]
pub struct Chase;

impl<V: Sees> Behavior<Mover, V> for Chase {
    fn tick(&mut self, m: &mut Mover, ctx: &mut Ctx<V>) -> Status {
        m.0.chase(ctx.world().target(), ctx.dt());
        Status::Running
    }
}

/// Walks at random, for as long as the tree keeps it.
#[derive(Default)]
pub struct Wander;

impl<V> Behavior<Mover, V> for Wander {
    fn tick(&mut self, m: &mut Mover, ctx: &mut Ctx<V>) -> Status {
        m.0.wander(ctx.dt());
        Status::Running
    }
}

fn near<V: Sees>(m: &Mover, ctx: &Ctx<V>) -> bool {
    m.0.near(ctx.world().target())
}

deciders::tree! {
    /// Chases while the target is near (checked again every tick while
    /// chasing: `recheck`), else wanders.
    tree Pursuit for Mover, world<'w> = Env<'w, Scene, Nothing> {
        priority {
            chase: when(decide = near, recheck) => Chase,
            wander: Wander,
        }
    }
}

/// The `rest` scenario: the first rest, as long as [`Body::next_rest`]
/// says (the agent's phase), a deadline it keeps and tells the plugin
/// (`wake`), so that a resting agent is not ticked again before it (the
/// later rests are the tree's `wait`, which does the same).
#[derive(Default)]
pub struct Rest {
    until: f64,
}

impl<'w> Behavior<Mover, W<'w>> for Rest {
    fn activate(&mut self, m: &mut Mover, ctx: &mut Ctx<W<'w>>) -> Status {
        let (steps, seconds) = m.0.next_rest();
        if steps == 0 {
            return Status::Success;
        }
        self.until = ctx.now() + f64::from(seconds);
        Status::Running
    }
    fn tick(&mut self, _: &mut Mover, ctx: &mut Ctx<W<'w>>) -> Status {
        if ctx.now() >= self.until {
            Status::Success
        } else {
            Status::Running
        }
    }
    fn wake(&self) -> Wake {
        Wake::at(self.until)
    }
}

/// The `rest` scenario: wanders [`WORK_STEPS`] steps, the first on the
/// step it starts (a behavior is ticked on the tick it is activated),
/// and succeeds on the last.
#[derive(Default)]
pub struct Work {
    left: u32,
}

impl<'w> Behavior<Mover, W<'w>> for Work {
    fn activate(&mut self, _: &mut Mover, _: &mut Ctx<W<'w>>) -> Status {
        self.left = WORK_STEPS;
        Status::Running
    }
    fn tick(&mut self, m: &mut Mover, ctx: &mut Ctx<W<'w>>) -> Status {
        m.0.wander(ctx.dt());
        self.left -= 1;
        if self.left == 0 {
            Status::Success
        } else {
            Status::Running
        }
    }
}

deciders::tree! {
    /// Rests as long as the agent's phase says, then works and rests
    /// 1.89 s ([`REST_STEPS`](peers_task::task::REST_STEPS) steps less half of one), for ever.
    tree Shift for Mover, world<'w> = Env<'w, Scene, Nothing> {
        sequence {
            Rest,
            repeat(forever) { sequence { Work, wait(1.89) } },
        }
    }
}

/// Moves the target: a `Prepare` system.
fn move_target(mut scene: ResMut<Scene>) {
    scene.step += 1;
    scene.target = scene.scenario.target_at(scene.step);
}

/// A Bevy 0.20 app with its agents.
pub struct Ours {
    app: App,
    baseline: u32,
}

/// A headless app (task pools, time stepped by hand, one fixed step per
/// update) with the target. The pools are Bevy's default for the machine,
/// or `N` threads in all with the bench's `--threads N` ([`threads`]: the
/// parallel tick's figures on a machine with few cores, where 4 gives 2
/// compute threads).
fn app(scenario: Scenario) -> App {
    let mut app = App::new();
    let pools = match threads() {
        Some(n) => TaskPoolPlugin {
            task_pool_options: bevy_app::TaskPoolOptions::with_num_threads(n),
        },
        None => TaskPoolPlugin::default(),
    };
    app.add_plugins((pools, TimePlugin));
    app.insert_resource(Time::<Fixed>::from_duration(STEP));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(STEP));
    app.insert_resource(Scene {
        scenario,
        target: scenario.target_at(0),
        step: 0,
    });
    app
}

/// deciders-bevy with `n` agents.
pub fn build(n: u32, scenario: Scenario) -> Ours {
    let mut app = app(scenario);
    if scenario == Scenario::Rest {
        app.add_plugins(DecidersPlugin::<Mover, Shift, Scene, Nothing>::new());
    } else {
        app.add_plugins(DecidersPlugin::<Mover, Pursuit, Scene, Nothing>::new());
    }
    app.add_systems(FixedUpdate, move_target.in_set(DecidersSystems::Prepare));
    // The first update starts the clocks (no fixed step yet).
    app.update();
    let baseline = app.world().entity_count();
    let world = app.world_mut();
    if scenario == Scenario::Rest {
        world.spawn_batch((0..n).map(|i| (Mover(Body::new(i)), Brain::new(Shift::new()))));
    } else {
        world.spawn_batch((0..n).map(|i| (Mover(Body::new(i)), Brain::new(Pursuit::new()))));
    }
    Ours { app, baseline }
}

/// The task as one plain system.
fn plain(scene: Res<Scene>, time: Res<Time>, mut movers: Query<&mut Mover>) {
    let (target, dt) = (scene.target, time.delta_secs());
    movers.par_iter_mut().for_each(|mut m| {
        if m.0.near(target) {
            m.0.chase(target, dt);
        } else {
            m.0.wander(dt);
        }
    });
}

/// Where an agent of the `rest` scenario is in its loop, for the plain
/// system: the steps of rest or work left.
#[derive(Component, Clone, Copy)]
pub enum Rota {
    /// Starts its next rest on this step.
    Next,
    Resting(u32),
    Working(u32),
}

impl Rota {
    /// One step of `body`, as the tree `Shift` steps it.
    fn step(&mut self, body: &mut Body, dt: f32) {
        match self {
            Rota::Next => {
                let (steps, _) = body.next_rest();
                if steps == 0 {
                    self.work(body, dt);
                } else {
                    *self = Rota::Resting(steps);
                }
            }
            Rota::Resting(left) => {
                *left -= 1;
                if *left == 0 {
                    self.work(body, dt);
                }
            }
            Rota::Working(left) => {
                body.wander(dt);
                *left -= 1;
                if *left == 0 {
                    *self = Rota::Next;
                }
            }
        }
    }

    /// Starts the work: its first move, on this step.
    fn work(&mut self, body: &mut Body, dt: f32) {
        *self = Rota::Working(WORK_STEPS);
        self.step(body, dt);
    }
}

/// The `rest` scenario as one plain system: every agent's countdown,
/// every step.
fn plain_rest(time: Res<Time>, mut movers: Query<(&mut Mover, &mut Rota)>) {
    let dt = time.delta_secs();
    movers
        .par_iter_mut()
        .for_each(|(mut m, mut shift)| shift.step(&mut m.0, dt));
}

/// The plain system with `n` agents.
pub fn build_plain(n: u32, scenario: Scenario) -> Ours {
    let mut app = app(scenario);
    if scenario == Scenario::Rest {
        app.add_systems(FixedUpdate, (move_target, plain_rest).chain());
    } else {
        app.add_systems(FixedUpdate, (move_target, plain).chain());
    }
    app.update();
    let baseline = app.world().entity_count();
    let world = app.world_mut();
    if scenario == Scenario::Rest {
        world.spawn_batch((0..n).map(|i| (Mover(Body::new(i)), Rota::Next)));
    } else {
        world.spawn_batch((0..n).map(|i| Mover(Body::new(i))));
    }
    Ours { app, baseline }
}

impl Bench for Ours {
    fn update(&mut self) {
        self.app.update();
    }
    fn census(&mut self) -> Census {
        let world = self.app.world_mut();
        let mut census = Census::default();
        for m in world.query::<&Mover>().iter(world) {
            census.add(&m.0);
        }
        census
    }
    fn entities(&mut self) -> u32 {
        self.app.world().entity_count()
    }
    fn baseline(&self) -> u32 {
        self.baseline
    }
}

/// What the hand-ticked core brain's tree reads (`--callgrind` only, see
/// [`build_by_hand`]): the target, copied once a step.
pub struct Sight<'w> {
    target: [f32; 2],
    _step: core::marker::PhantomData<&'w Scene>,
}

impl Sees for Sight<'_> {
    #[inline(always)]
    fn target(&self) -> [f32; 2] {
        self.target
    }
}

deciders::tree! {
    /// [`Pursuit`] for the hand-ticked core brain.
    tree PursuitByHand for Mover, world<'w> = Sight<'w> {
        priority {
            chase: when(decide = near, recheck) => Chase,
            wander: Wander,
        }
    }
}

/// The core brain (`deciders::brain::Brain`) as a component of its own,
/// without the plugin.
#[derive(Component)]
pub struct ByHand(deciders::brain::Brain<PursuitByHand>);

/// Every agent's core brain ticked in a plain loop, with one frame made
/// once a step: no sleep, no rate, no lifecycle, no panic guard, no
/// outputs or errors collected.
fn tick_by_hand(scene: Res<Scene>, time: Res<Time>, mut agents: Query<(&mut Mover, &mut ByHand)>) {
    let sight = Sight {
        target: scene.target,
        _step: core::marker::PhantomData,
    };
    let mut frame = deciders::Frame::new(time.delta_secs()).with_world(sight);
    for (mut mover, mut brain) in &mut agents {
        brain.0.tick(&mut *mover, &mut frame);
    }
}

/// `orbit` and `jump` with deciders' core brain ticked by hand in a plain
/// system ([`tick_by_hand`]), for `--callgrind`: what the plugin costs
/// over the core brain. It makes the plain system's moves.
pub fn build_by_hand(n: u32, scenario: Scenario) -> Ours {
    assert!(scenario != Scenario::Rest, "orbit or jump");
    let mut app = app(scenario);
    app.add_systems(FixedUpdate, (move_target, tick_by_hand).chain());
    app.update();
    let baseline = app.world().entity_count();
    let brain = || ByHand(deciders::brain::Brain::new(PursuitByHand::new()));
    let world = app.world_mut();
    world.spawn_batch((0..n).map(|i| (Mover(Body::new(i)), brain())));
    Ours { app, baseline }
}
