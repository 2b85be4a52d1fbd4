//! Reflection (cargo feature `reflect`) in a real headless app: the plugin
//! registers `Brain<T>` (for a generated tree, which implements no
//! `TypePath` of its own), `Seed` and `Watch`, and an inspector reads a
//! brain's counts and lifecycle, and reads and inserts a seed, through the
//! app's type registry alone.

use core::any::TypeId;
use std::time::Duration;

use bevy_app::{App, TaskPoolPlugin};
use bevy_ecs::prelude::*;
use bevy_ecs::reflect::{AppTypeRegistry, ReflectComponent};
use bevy_reflect::{PartialReflect, ReflectRef};
use bevy_time::{Fixed, Time, TimePlugin, TimeUpdateStrategy};
use deciders::{Behavior, Ctx, Status};
use deciders_bevy::{Brain, DecidersPlugin, Env, Seed, Watch};
mod common;

use common::{Never, Nothing};

const DT: Duration = Duration::from_millis(20);

type W<'w> = Env<'w, Nothing, Never>;

/// A sentry: how many times it stood.
#[derive(Component, Default)]
struct Sentry {
    stood: u32,
}

/// Stands and succeeds.
#[derive(Default)]
struct Stand;
impl<'w> Behavior<Sentry, W<'w>> for Stand {
    fn tick(&mut self, s: &mut Sentry, _: &mut Ctx<W<'w>>) -> Status {
        s.stood += 1;
        Status::Success
    }
}

fn yes(_: &Sentry, _: &Ctx<W<'_>>) -> f32 {
    1.0
}

fn no(_: &Sentry, _: &Ctx<W<'_>>) -> f32 {
    0.0
}

deciders::tree! {
    /// `group` accepts the sentry but none of its children does: each tick
    /// reports one error (the subset rule, D9), and `rest` runs instead.
    tree Watchpost for Sentry, world<'w> = Env<'w, Nothing, Never> {
        priority {
            group: when(decide = yes) => priority {
                a: when(decide = no) => Stand,
            },
            rest: Stand,
        }
    }
}

fn headless() -> App {
    let mut app = App::new();
    app.add_plugins((TaskPoolPlugin::default(), TimePlugin));
    app.insert_resource(Time::<Fixed>::from_duration(DT));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(DT));
    app.init_resource::<Nothing>();
    app.add_plugins(DecidersPlugin::<Sentry, Watchpost, Nothing, Never>::new());
    app
}

#[test]
fn the_plugin_registers_brain_seed_and_watch() {
    let app = headless();
    // `bevy_app` is built without its `bevy_reflect` feature here: the
    // registry is the plugin's.
    let registry = app.world().resource::<AppTypeRegistry>().read();
    for id in [
        TypeId::of::<Brain<Watchpost>>(),
        TypeId::of::<Seed>(),
        TypeId::of::<Watch>(),
    ] {
        let registration = registry.get(id).expect("registered");
        assert!(registration.data::<ReflectComponent>().is_some());
    }
    let path = registry
        .get(TypeId::of::<Brain<Watchpost>>())
        .unwrap()
        .type_info()
        .type_path();
    assert!(path.starts_with("deciders_bevy::Brain<"), "{path}");
    assert!(path.ends_with("::Watchpost>"), "{path}");
    // Found again by its path, as a scene or an inspector finds it.
    assert!(registry.get_with_type_path(path).is_some());
    // The paths of the re-exports, not of the crate's modules.
    for (id, path) in [
        (TypeId::of::<Seed>(), "deciders_bevy::Seed"),
        (TypeId::of::<Watch>(), "deciders_bevy::Watch"),
    ] {
        assert_eq!(registry.get_with_type_path(path).unwrap().type_id(), id);
    }
}

#[test]
fn a_brain_is_read_through_the_type_registry() {
    let mut app = headless();
    let sentry = app
        .world_mut()
        .spawn((Sentry::default(), Brain::new(Watchpost::new()), Seed(7)))
        .id();
    app.update(); // starts the clocks
    app.update();
    app.update();

    let world = app.world();
    let brain = world.get::<Brain<Watchpost>>(sentry).unwrap();
    assert_eq!(
        (brain.errors(), world.get::<Sentry>(sentry).unwrap().stood),
        (2, 2)
    );

    let registry = world.resource::<AppTypeRegistry>().read();
    let component = registry
        .get(TypeId::of::<Brain<Watchpost>>())
        .unwrap()
        .data::<ReflectComponent>()
        .unwrap();
    let reflected = component.reflect(world.entity(sentry)).expect("a brain");
    // Its counts are fields, read without knowing the tree's type.
    let ReflectRef::Struct(fields) = reflected.reflect_ref() else {
        panic!("a struct");
    };
    let count = |name| {
        *fields
            .field(name)
            .unwrap()
            .try_downcast_ref::<u32>()
            .unwrap()
    };
    assert_eq!(
        (count("errors"), count("panics"), count("refused")),
        (2, 0, 0)
    );
    assert!(fields.field("brain").is_none() && fields.field("every").is_none());
    // Its lifecycle is in its reflected `Debug`.
    assert_eq!(
        format!("{:?}", reflected.as_partial_reflect()),
        "Brain { status: Executing, mode: Forever, count: 0, last: Some(Success), \
         every: 1, errors: 2, panics: 0, refused: 0 }"
    );
}

#[test]
fn a_seed_is_read_and_inserted_through_the_type_registry() {
    let mut app = headless();
    let first = app.world_mut().spawn((Sentry::default(), Seed(7))).id();
    let second = app.world_mut().spawn(Sentry::default()).id();
    let registry = app.world().resource::<AppTypeRegistry>().clone();
    let registry = registry.read();
    let component = registry
        .get_with_type_path("deciders_bevy::Seed")
        .unwrap()
        .data::<ReflectComponent>()
        .unwrap();

    let seed = component.reflect(app.world().entity(first)).unwrap();
    let ReflectRef::TupleStruct(fields) = seed.reflect_ref() else {
        panic!("a tuple struct");
    };
    assert_eq!(fields.field(0).unwrap().try_downcast_ref::<u64>(), Some(&7));
    assert_eq!(format!("{:?}", seed.as_partial_reflect()), "Seed(7)");

    // Inserted from a reflected value, as a scene loader does.
    let value: &dyn PartialReflect = &Seed(9);
    component.insert(&mut app.world_mut().entity_mut(second), value, &registry);
    assert_eq!(app.world().get::<Seed>(second), Some(&Seed(9)));
}
