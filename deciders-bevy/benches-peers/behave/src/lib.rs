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

use bevy::app::{FixedFirst, TaskPoolPlugin};
use bevy::prelude::*;
use bevy::time::{TimePlugin, TimeUpdateStrategy};
use bevy_behave::prelude::*;

use peers_task::harness::Bench;
use peers_task::task::{Body, Census, Scenario, STEP};

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

/// A Bevy app running the task with bevy_behave.
pub struct BehaveApp {
    app: App,
    baseline: u32,
}

/// A headless app (task pools, time stepped by hand) with `n` agents.
pub fn build(n: u32, scenario: Scenario) -> BehaveApp {
    let mut app = App::new();
    app.add_plugins((TaskPoolPlugin::default(), TimePlugin));
    app.add_plugins(BehavePlugin::default());
    app.insert_resource(Time::<Fixed>::from_duration(STEP));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(STEP));
    app.insert_resource(Target {
        scenario,
        pos: scenario.target_at(0),
        step: 0,
    });
    app.add_systems(FixedFirst, move_target);
    app.add_systems(FixedUpdate, (chase_system, wander_system));
    app.update();
    let baseline = app.world().entity_count();
    let tree = behave! {
        Behave::Forever => {
            Behave::Fallback => {
                Behave::spawn_named("Chase", Chase),
                Behave::spawn_named("Wander", Wander),
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
