//! No allocation per frame in steady state (F1, T4): after a warm-up, a
//! headless app ticking 2,000 brains in parallel, with outputs applied as
//! commands, allocates nothing per frame — neither the plugin's systems nor
//! Bevy's schedule around them. One test in this file: the allocation
//! counter is process-wide.

use std::alloc::System;
use std::time::Duration;

use bevy_app::{App, TaskPoolPlugin};
use bevy_ecs::prelude::*;
use bevy_time::{Fixed, Time, TimePlugin, TimeUpdateStrategy};
use deciders::{Behavior, Ctx, Status};
use deciders_bevy::{Brain, DecidersPlugin, Env, Output};
use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};

/// Counts every allocation of the process.
#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

#[derive(Resource, Default)]
struct Beacon {
    on: bool,
}

/// Bumps a counter on its entity: an output every other tick.
struct Bump;

#[derive(Component, Default)]
struct Bumps(u64);

impl Output for Bump {
    fn apply(self, entity: Entity, commands: &mut Commands) {
        commands
            .entity(entity)
            .entry::<Bumps>()
            .and_modify(|mut b| b.0 += 1);
    }
}

#[derive(Component, Default)]
struct Drone {
    ticks: u64,
}

type W<'w> = Env<'w, Beacon, Bump>;

#[derive(Default)]
struct Hover;
impl<'w> Behavior<Drone, W<'w>> for Hover {
    fn tick(&mut self, d: &mut Drone, ctx: &mut Ctx<W<'w>>) -> Status {
        d.ticks += 1;
        if d.ticks.is_multiple_of(2) {
            ctx.world_mut().emit(Bump);
        }
        if d.ticks.is_multiple_of(5) {
            Status::Success
        } else {
            Status::Running
        }
    }
}

deciders::tree! {
    tree Patrol for Drone, world<'w> = Env<'w, Beacon, Bump> {
        priority {
            home: when(decide = |_: &Drone, c: &Ctx<W<'_>>| if c.world().read().on { 1.0 } else { 0.0 }) => Hover,
            roam: sequence { wait(0.1), Hover },
        }
    }
}

/// A headless app with `drones` brains, warmed up; then the allocations
/// per frame over 100 more frames, and the outputs applied in all.
fn allocations_per_frame(drones: u64) -> (f64, u64) {
    let step = Duration::from_millis(20);
    let mut app = App::new();
    app.add_plugins((
        TaskPoolPlugin::default(),
        TimePlugin,
        DecidersPlugin::<Drone, Patrol, Beacon, Bump>::new(),
    ));
    app.insert_resource(Time::<Fixed>::from_duration(step));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(step));
    app.init_resource::<Beacon>();
    for i in 0..drones {
        app.world_mut().spawn((
            Drone::default(),
            Bumps::default(),
            Brain::new(Patrol::with_seed(i)),
        ));
    }
    for _ in 0..100 {
        app.update();
    }
    let region = Region::new(GLOBAL);
    for i in 0..100 {
        app.world_mut().resource_mut::<Beacon>().on = i % 20 < 10;
        app.update();
    }
    let changes = region.change();
    let per_frame = (changes.allocations + changes.reallocations) as f64 / 100.0;
    let world = app.world_mut();
    let bumps: u64 = world.query::<&Bumps>().iter(world).map(|b| b.0).sum();
    (per_frame, bumps)
}

// SPEC F1
#[test]
fn f1_the_plugin_allocates_nothing_per_frame_in_steady_state() {
    // Bevy's own frame (its executor, its time) allocates a few times per
    // frame whatever the plugin does: measured with no brain at all.
    let (bevy, _) = allocations_per_frame(0);
    let (with_brains, bumps) = allocations_per_frame(2_000);
    println!("allocations per frame: Bevy alone {bevy}, with 2,000 brains {with_brains}");
    assert!(bumps > 100_000, "the outputs were applied: {bumps}");
    // Over the 100 frames, the brains may add a one-time allocation or two:
    // a pool thread that first helps with the tick after the warm-up makes
    // its output buffer then. Anything per frame would add 100 or more.
    let added = ((with_brains - bevy) * 100.0).round();
    assert!(
        added < 8.0,
        "2,000 brains added {added} allocations in 100 frames"
    );
}
