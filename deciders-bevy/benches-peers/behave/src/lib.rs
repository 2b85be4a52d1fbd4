//! bevy_behave 0.5 (Bevy 0.18), as its README and its `chase` example do
//! it: each agent has a `BehaveTree` child entity; a task leaf spawns an
//! entity carrying a task component and a `BehaveCtx`, which the task's
//! system (in `FixedUpdate`) drives until it reports success or failure by
//! triggering an event; the tree (ticked in `FixedPreUpdate` by the
//! plugin) then moves on and the task entity is despawned.
//!
//! The tree: `Forever { Fallback { Chase, Wander } }`. `Chase` moves toward
//! the target while it is near and fails when it is not (as the example's
//! `MoveTowardsPlayer` fails out of vision range); `Wander` walks while the
//! target is far and succeeds once it is near (as the example's
//! `WaitUntilPlayerIsNear`), which ends the `Fallback` and starts `Chase`
//! again.
//!
//! The `rest` scenario's tree: `Forever { Sequence { Rest, Work } }`, a
//! task entity for each rest and each work. `Rest` asks the agent how long
//! it rests (`Body::next_rest`) when its entity is added (an observer, as
//! the example's `onadd_move_towards_player`), and its system reports
//! success once that time has passed since the task started
//! (`BehaveCtx::elapsed_secs`); `Work` walks one step per tick and
//! succeeds on the fifth. The tree sleeps while its task runs, but the
//! `Rest` system looks at every resting agent every tick. The README's
//! other way to pause, `Behave::Wait` (a timer the tree keeps itself, for
//! the rests after the first), keeps every waiting tree ticking instead, a
//! walk down the tree each tick: three to five times slower here at 10,000
//! agents. A report reaches the tree on the next tick, and `Forever` takes
//! a tick of its own to start again, so an agent's loop is 102 steps, not
//! 100.

use bevy::app::{FixedFirst, TaskPoolOptions, TaskPoolPlugin};
use bevy::prelude::*;
use bevy::time::{TimePlugin, TimeUpdateStrategy};
use bevy_behave::prelude::*;

use peers_task::harness::{threads, Bench};
use peers_task::task::{Body, Census, Scenario, STEP, WORK_STEPS};

/// The agent.
#[derive(Component)]
pub struct Mover(Body);

/// How the target moves, where it is, and the step it is at.
#[derive(Resource)]
pub struct Target {
    scenario: Scenario,
    pos: [f32; 2],
    step: u64,
}

/// Task component: chase the target while it is near.
#[derive(Component, Clone)]
pub struct Chase;

/// Task component: walk at random until the target is near.
#[derive(Component, Clone)]
pub struct Wander;

fn move_target(mut target: ResMut<Target>) {
    target.step += 1;
    target.pos = target.scenario.target_at(target.step);
}

fn chase_system(
    tasks: Query<&BehaveCtx, With<Chase>>,
    mut movers: Query<&mut Mover>,
    target: Res<Target>,
    time: Res<Time>,
    mut commands: Commands,
) {
    for ctx in &tasks {
        let Ok(mut mover) = movers.get_mut(ctx.target_entity()) else {
            commands.trigger(ctx.failure());
            continue;
        };
        if mover.0.near(target.pos) {
            mover.0.chase(target.pos, time.delta_secs());
        } else {
            commands.trigger(ctx.failure());
        }
    }
}

fn wander_system(
    tasks: Query<&BehaveCtx, With<Wander>>,
    mut movers: Query<&mut Mover>,
    target: Res<Target>,
    time: Res<Time>,
    mut commands: Commands,
) {
    for ctx in &tasks {
        let Ok(mut mover) = movers.get_mut(ctx.target_entity()) else {
            commands.trigger(ctx.failure());
            continue;
        };
        if mover.0.near(target.pos) {
            commands.trigger(ctx.success());
        } else {
            mover.0.wander(time.delta_secs());
        }
    }
}

/// Task component (the `rest` scenario): a rest, as long as
/// [`Body::next_rest`] says when the task entity is added; succeeds once
/// that time has passed.
#[derive(Component, Clone, Default)]
pub struct Rest {
    secs: f32,
}

/// Task component (the `rest` scenario): walks at random, one step per
/// tick, and succeeds on the last of [`WORK_STEPS`].
#[derive(Component, Clone)]
pub struct Work {
    left: u32,
}

/// A rest starts: how long it lasts.
fn on_rest_added(
    add: On<Add, Rest>,
    mut tasks: Query<(&BehaveCtx, &mut Rest)>,
    mut movers: Query<&mut Mover>,
) {
    let Ok((ctx, mut rest)) = tasks.get_mut(add.event().entity) else {
        return;
    };
    if let Ok(mut mover) = movers.get_mut(ctx.target_entity()) {
        rest.secs = mover.0.next_rest().1;
    }
}

fn rest_system(tasks: Query<(&BehaveCtx, &Rest)>, time: Res<Time>, mut commands: Commands) {
    let now = time.elapsed_secs();
    for (ctx, rest) in &tasks {
        if now - ctx.elapsed_secs() >= rest.secs {
            commands.trigger(ctx.success());
        }
    }
}

fn work_system(
    mut tasks: Query<(&BehaveCtx, &mut Work)>,
    mut movers: Query<&mut Mover>,
    time: Res<Time>,
    mut commands: Commands,
) {
    for (ctx, mut work) in &mut tasks {
        let Ok(mut mover) = movers.get_mut(ctx.target_entity()) else {
            commands.trigger(ctx.failure());
            continue;
        };
        mover.0.wander(time.delta_secs());
        work.left -= 1;
        if work.left == 0 {
            commands.trigger(ctx.success());
        }
    }
}

/// A Bevy app running the task with bevy_behave.
pub struct BehaveApp {
    app: App,
    baseline: u32,
}

/// A headless app (task pools, time stepped by hand) with `n` agents.
/// The pools are Bevy's default, or as the bench's `--threads` says.
pub fn build(n: u32, scenario: Scenario) -> BehaveApp {
    let mut app = App::new();
    // Bevy's default pools, or as many threads as the bench's `--threads`.
    let pools = match threads() {
        Some(n) => TaskPoolPlugin {
            task_pool_options: TaskPoolOptions::with_num_threads(n),
        },
        None => TaskPoolPlugin::default(),
    };
    app.add_plugins((pools, TimePlugin));
    app.add_plugins(BehavePlugin::default());
    app.insert_resource(Time::<Fixed>::from_duration(STEP));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(STEP));
    app.insert_resource(Target {
        scenario,
        pos: scenario.target_at(0),
        step: 0,
    });
    app.add_systems(FixedFirst, move_target);
    if scenario == Scenario::Rest {
        app.add_observer(on_rest_added);
        app.add_systems(FixedUpdate, (rest_system, work_system));
    } else {
        app.add_systems(FixedUpdate, (chase_system, wander_system));
    }
    app.update();
    let baseline = app.world().entity_count();
    let tree = if scenario == Scenario::Rest {
        behave! {
            Behave::Forever => {
                Behave::Sequence => {
                    Behave::spawn_named("Rest", Rest::default()),
                    Behave::spawn_named("Work", Work { left: WORK_STEPS }),
                }
            }
        }
    } else {
        behave! {
            Behave::Forever => {
                Behave::Fallback => {
                    Behave::spawn_named("Chase", Chase),
                    Behave::spawn_named("Wander", Wander),
                }
            }
        }
    };
    let world = app.world_mut();
    for i in 0..n {
        world
            .spawn(Mover(Body::new(i)))
            .with_child(BehaveTree::new(tree.clone()));
    }
    BehaveApp { app, baseline }
}

impl Bench for BehaveApp {
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
