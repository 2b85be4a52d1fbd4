//! An agent that is a view over several components of its entity
//! (`deciders_bevy::Agent`): the tree changes one component and reads
//! another, as it would a plain agent; removing one of the view's parts
//! halts the tree (L2) like despawning does.

mod common;

use std::time::Duration;

use bevy_app::{App, TaskPoolPlugin};
use bevy_ecs::prelude::*;
use bevy_ecs::query::QueryItem;
use bevy_time::{Fixed, Time, TimePlugin, TimeUpdateStrategy};
use common::Nothing;
use deciders::{Behavior, Ctx, Exit, Frame, Status};
use deciders_bevy::{Agent, Brain, DecidersPlugin, Env, Output};

const DT: Duration = Duration::from_millis(20);

#[derive(Component, Clone, Copy, Debug, PartialEq)]
struct Position(f32);

#[derive(Component, Clone, Copy, Debug, PartialEq)]
struct Hunger(f32);

/// What the tree sees of a sheep: its position to change, its hunger to
/// read.
struct Sheep<'a> {
    position: &'a mut Position,
    hunger: &'a Hunger,
}

/// The query behind the view.
struct SheepParts;

impl Agent for SheepParts {
    type Data = (&'static mut Position, &'static Hunger);
    type Parts = (Position, Hunger);
    type View<'a> = Sheep<'a>;
    fn with_view<'i, Out>(
        (position, hunger): &'i mut QueryItem<'_, '_, Self::Data>,
        f: impl FnOnce(&mut Self::View<'i>) -> Out,
    ) -> Out {
        f(&mut Sheep { position, hunger })
    }
}

/// What the sheep's behaviors report: each halt, by behavior.
enum Said {
    Halted(&'static str),
}

/// Every halt applied, with its entity.
#[derive(Resource, Default)]
struct Halts(Vec<(Entity, &'static str)>);

impl Output for Said {
    fn apply(self, entity: Entity, commands: &mut Commands) {
        let Said::Halted(what) = self;
        commands.queue(move |w: &mut World| w.resource_mut::<Halts>().0.push((entity, what)));
    }
}

type W<'w> = Env<'w, Nothing, Said>;

/// Moves by its hunger each tick; tells when it is halted.
#[derive(Default)]
struct Graze;

impl<'w> Behavior<Sheep<'w>, W<'w>> for Graze {
    fn tick(&mut self, s: &mut Sheep<'w>, _: &mut Ctx<W<'w>>) -> Status {
        s.position.0 += s.hunger.0;
        Status::Running
    }
    fn deactivate(&mut self, _: &mut Sheep<'w>, ctx: &mut Ctx<W<'w>>, exit: Exit) {
        if exit == Exit::Halted {
            ctx.world_mut().emit(Said::Halted("graze"));
        }
    }
}

fn hungry(s: &Sheep<'_>, _: &Ctx<W<'_>>) -> bool {
    s.hunger.0 > 0.0
}

deciders::tree! {
    /// Grazes while hungry.
    tree Pasture for Sheep<'w>, world<'w> = Env<'w, Nothing, Said> {
        reactive_sequence { condition(hungry), graze: Graze }
    }
}

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((
        TaskPoolPlugin::default(),
        TimePlugin,
        DecidersPlugin::<SheepParts, Pasture, Nothing, Said>::new(),
    ));
    app.insert_resource(Time::<Fixed>::from_duration(DT));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(DT));
    app.init_resource::<Nothing>();
    app.init_resource::<Halts>();
    app
}

#[test]
fn an_agent_viewing_two_components_changes_one_and_reads_the_other() {
    let mut app = app();
    let hungers = [0.5, 0.0, 2.0];
    let sheep: Vec<Entity> = hungers
        .iter()
        .map(|&h| {
            let parts = (Position(0.0), Hunger(h), Brain::new(Pasture::new()));
            app.world_mut().spawn(parts).id()
        })
        .collect();
    app.update(); // starts the clocks
    for _ in 0..4 {
        app.update();
    }
    // The same ticks outside Bevy, through the same view.
    for (&e, &h) in sheep.iter().zip(&hungers) {
        let (mut position, hunger) = (Position(0.0), Hunger(h));
        let mut tree = Pasture::new();
        for _ in 0..4 {
            let mut view = Sheep {
                position: &mut position,
                hunger: &hunger,
            };
            let env = Env::new(&Nothing, e);
            tree.tick(&mut view, &mut Frame::new(DT.as_secs_f32()).with_world(env));
        }
        assert_eq!(position, Position(4.0 * h));
        assert_eq!(app.world().get::<Position>(e), Some(&position));
        assert_eq!(app.world().get::<Hunger>(e), Some(&hunger), "read only");
    }
}

#[test]
fn l2_removing_a_part_of_the_view_halts_the_tree() {
    let mut app = app();
    let a = app
        .world_mut()
        .spawn((Position(0.0), Hunger(1.0), Brain::new(Pasture::new())))
        .id();
    let b = app
        .world_mut()
        .spawn((Position(0.0), Hunger(1.0), Brain::new(Pasture::new())))
        .id();
    app.update();
    app.update();
    assert!(app
        .world()
        .get::<Brain<Pasture>>(a)
        .unwrap()
        .tree()
        .is_running());
    // Taking the hunger away halts `a`'s tree once; `b` grazes on.
    app.world_mut().entity_mut(a).remove::<Hunger>();
    assert_eq!(app.world().resource::<Halts>().0, [(a, "graze")]);
    assert!(!app
        .world()
        .get::<Brain<Pasture>>(a)
        .unwrap()
        .tree()
        .is_running());
    app.update();
    app.update();
    assert_eq!(app.world().resource::<Halts>().0, [(a, "graze")]);
    assert_eq!(app.world().get::<Position>(a), Some(&Position(1.0)));
    assert_eq!(app.world().get::<Position>(b), Some(&Position(3.0)));
    // Despawning halts `b`'s.
    app.world_mut().despawn(b);
    assert_eq!(
        app.world().resource::<Halts>().0,
        [(a, "graze"), (b, "graze")]
    );
}
