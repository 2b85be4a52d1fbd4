//! Per-entity seeds from a component (D8: the same seed gives the same
//! choices whatever the entity's index and the order of spawning) and tick
//! errors as Bevy messages (D9's subset-rule report), in headless apps.

use std::collections::BTreeMap;
use std::time::Duration;

use bevy_app::{App, FixedUpdate, TaskPoolPlugin};
use bevy_ecs::prelude::*;
use bevy_time::{Fixed, Time, TimePlugin, TimeUpdateStrategy};
use deciders::{Behavior, Ctx, Frame, Status, TickError};
mod common;

use common::{Never, Nothing};
use deciders_bevy::{Brain, DecidersPlugin, DecidersSystems, Env, Seed, TreeErrors};

const DT: Duration = Duration::from_millis(20);

type W<'w> = Env<'w, Nothing, Never>;

/// A hiker: its number (to find it again), what its behaviors did, and
/// whether its decides break the subset rule.
#[derive(Component, Clone, Debug, Default, PartialEq)]
struct Hiker {
    id: u32,
    log: Vec<&'static str>,
    broken: bool,
}

/// Logs its name and succeeds.
struct Step(&'static str);
impl<'w> Behavior<Hiker, W<'w>> for Step {
    fn tick(&mut self, h: &mut Hiker, _: &mut Ctx<W<'w>>) -> Status {
        h.log.push(self.0);
        Status::Success
    }
}

deciders::tree! {
    /// A random walk: the three steps in an order drawn from the tree's
    /// seed, every tick.
    tree Walk for Hiker, world<'w> = Env<'w, Nothing, Never> {
        random {
            north: Step("n"),
            east: Step("e"),
            south: Step("s"),
        }
    }
}

/// Agents with these numbers and seeds; the same seed twice on purpose.
const HIKERS: [(u32, u64); 6] = [(0, 3), (1, 1), (2, 4), (3, 1), (4, 5), (5, 9)];
const FRAMES: usize = 30;

fn headless() -> App {
    let mut app = App::new();
    app.add_plugins((TaskPoolPlugin::default(), TimePlugin));
    app.insert_resource(Time::<Fixed>::from_duration(DT));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(DT));
    app.init_resource::<Nothing>();
    app
}

/// Each hiker's log after `FRAMES` steps, by number.
fn logs(app: &mut App) -> BTreeMap<u32, Vec<&'static str>> {
    // The first update only starts the clocks; each later one is one step.
    for _ in 0..=FRAMES {
        app.update();
    }
    let world = app.world_mut();
    world
        .query::<&Hiker>()
        .iter(world)
        .map(|h| (h.id, h.log.clone()))
        .collect()
}

#[test]
fn d8_seeds_come_from_the_seed_component_not_from_the_entity() {
    // In spawn order, with the seed spawned beside the brain.
    let mut first = headless();
    first.add_plugins(DecidersPlugin::<Hiker, Walk, Nothing, Never>::new());
    for (id, seed) in HIKERS {
        let hiker = Hiker {
            id,
            ..Hiker::default()
        };
        first
            .world_mut()
            .spawn((hiker, Brain::new(Walk::new()), Seed(seed)));
    }
    let first = logs(&mut first);

    // Other entities first, the hikers in reverse order, and half of them
    // seeded after their brain was inserted (the other path of the
    // observer).
    let mut second = headless();
    second.add_plugins(DecidersPlugin::<Hiker, Walk, Nothing, Never>::new());
    for _ in 0..17 {
        second.world_mut().spawn_empty();
    }
    for (id, seed) in HIKERS.into_iter().rev() {
        let hiker = Hiker {
            id,
            ..Hiker::default()
        };
        if id % 2 == 0 {
            second
                .world_mut()
                .spawn((Seed(seed), hiker, Brain::new(Walk::new())));
        } else {
            let e = second
                .world_mut()
                .spawn((hiker, Brain::new(Walk::new())))
                .id();
            second.world_mut().entity_mut(e).insert(Seed(seed));
        }
    }
    let second = logs(&mut second);
    assert_eq!(first, second);

    // The same walks as `Walk::with_seed` ticked outside Bevy.
    for (id, seed) in HIKERS {
        let mut hiker = Hiker {
            id,
            ..Hiker::default()
        };
        let mut walk = Walk::with_seed(seed);
        for _ in 0..FRAMES {
            let env = Env::new(&Nothing, Entity::PLACEHOLDER);
            walk.tick(
                &mut hiker,
                &mut Frame::new(DT.as_secs_f32()).with_world(env),
            );
        }
        assert_eq!(first[&id], hiker.log, "hiker {id} (seed {seed})");
    }
    // The draws are the seed's: equal seeds walk alike, others do not.
    assert_eq!(first[&1], first[&3]);
    assert_ne!(first[&0], first[&2]);
    // A random group runs its children in a drawn order (D4): all three
    // steps each tick.
    assert_eq!(first[&0].len(), 3 * FRAMES);
    assert_ne!(first[&0][..3], first[&0][3..6], "the order is drawn again");
}

#[test]
fn d8_without_a_seed_component_a_brain_keeps_its_trees_seed() {
    let mut app = headless();
    app.add_plugins(DecidersPlugin::<Hiker, Walk, Nothing, Never>::new());
    let hiker = Hiker {
        id: 0,
        ..Hiker::default()
    };
    app.world_mut()
        .spawn((hiker, Brain::new(Walk::with_seed(4))));
    let logs = logs(&mut app);

    let mut hiker = Hiker::default();
    let mut walk = Walk::with_seed(4);
    for _ in 0..FRAMES {
        let env = Env::new(&Nothing, Entity::PLACEHOLDER);
        walk.tick(
            &mut hiker,
            &mut Frame::new(DT.as_secs_f32()).with_world(env),
        );
    }
    assert_eq!(logs[&0], hiker.log);
}

fn yes(h: &Hiker, _: &Ctx<W<'_>>) -> f32 {
    if h.broken {
        1.0
    } else {
        0.0
    }
}

fn no(_: &Hiker, _: &Ctx<W<'_>>) -> f32 {
    0.0
}

deciders::tree! {
    /// `group` accepts a broken hiker, but none of its children does: the
    /// subset rule (D9) is broken and reported, and `rest` runs instead.
    tree Subset for Hiker, world<'w> = Env<'w, Nothing, Never> {
        priority {
            group: when(decide = yes) => priority {
                a: when(decide = no) => Step("a"),
            },
            rest: Step("rest"),
        }
    }
}

/// The messages read after each tick, frame by frame.
#[derive(Resource, Default)]
struct Seen(Vec<Vec<TreeErrors>>);

fn read_errors(mut errors: MessageReader<TreeErrors>, mut seen: ResMut<Seen>) {
    seen.0.push(errors.read().copied().collect());
}

#[test]
fn d9_tick_errors_are_bevy_messages_in_entity_order() {
    let mut app = headless();
    app.add_plugins(DecidersPlugin::<Hiker, Subset, Nothing, Never>::new());
    app.init_resource::<Seen>();
    app.add_systems(FixedUpdate, read_errors.after(DecidersSystems::Tick));
    let spawn = |app: &mut App, id: u32, broken: bool| {
        let hiker = Hiker {
            id,
            broken,
            ..Hiker::default()
        };
        app.world_mut()
            .spawn((hiker, Brain::new(Subset::new())))
            .id()
    };
    // Spawned out of entity order on purpose: messages come sorted.
    let a = spawn(&mut app, 0, true);
    let fine = spawn(&mut app, 1, false);
    let b = spawn(&mut app, 2, true);
    app.update(); // starts the clocks
    app.update();
    app.update();

    let seen = &app.world().resource::<Seen>().0;
    assert_eq!(seen.len(), 2, "one read per fixed step");
    for frame in seen {
        let entities: Vec<Entity> = frame.iter().map(|e| e.entity).collect();
        let mut sorted = vec![a, b];
        sorted.sort();
        assert_eq!(entities, sorted, "the broken hikers, in entity order");
        for error in frame {
            assert_eq!(error.count, 1);
            let TickError::SubsetRule { node } = error.first else {
                panic!("expected a subset-rule error, got {:?}", error.first);
            };
            assert_eq!(node.name, "group");
        }
    }
    let world = app.world();
    for (entity, errors) in [(a, 2), (fine, 0), (b, 2)] {
        let brain = world.entity(entity).get::<Brain<Subset>>().unwrap();
        assert_eq!(brain.errors(), errors);
        let hiker = world.entity(entity).get::<Hiker>().unwrap();
        assert_eq!(hiker.log, ["rest", "rest"], "rest runs either way");
    }
}
