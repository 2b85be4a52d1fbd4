//! Deferred actions through the plugin (V5), in a real headless Bevy app:
//! behaviors launch with `ctx.launch` into an `Env` with
//! `Deferring<L, Done>`; the launches arrive in `DeferredActions`, tagged
//! with their entity, in entity order, their tickets naming the step and
//! the entity; a game system completes them by ticket and the behaviors
//! see it at their next tick; a despawn abandons, as a cancel.

mod common;

use std::time::Duration;

use bevy_app::{App, FixedUpdate, TaskPoolPlugin};
use bevy_ecs::prelude::*;
use bevy_time::{Fixed, Time, TimePlugin, TimeUpdateStrategy};
use common::{Never, Nothing};
use deciders::deferred::{Action, Ticket};
use deciders::{Behavior, Ctx, Exit, Status};
use deciders_bevy::{
    Brain, DecidersPlugin, DecidersSystems, DeferredActions, Deferring, Env, TreeErrors,
};

/// The agent: a log of what its hooks did.
#[derive(Component, Clone, Debug, Default, PartialEq)]
struct Mob {
    log: Vec<String>,
    /// Runs `Greedy` instead of waving.
    greedy: bool,
}

type D = Deferring<&'static str, bool>;
type W<'w> = Env<'w, Nothing, Never, D>;

/// Waves: an animation the game plays for a few steps.
#[derive(Default)]
struct Wave(Action);

impl<'w> Behavior<Mob, W<'w>> for Wave {
    fn activate(&mut self, m: &mut Mob, ctx: &mut Ctx<W<'w>>) -> Status {
        let status = ctx.launch(&mut self.0, "wave");
        m.log.push(format!("launch {status:?}"));
        status
    }
    fn tick(&mut self, m: &mut Mob, ctx: &mut Ctx<W<'w>>) -> Status {
        match ctx.poll(&mut self.0) {
            Some(&ok) => {
                m.log.push(format!("done {ok}"));
                if ok {
                    Status::Success
                } else {
                    Status::Failure
                }
            }
            None => Status::Running,
        }
    }
    fn deactivate(&mut self, m: &mut Mob, ctx: &mut Ctx<W<'w>>, exit: Exit) {
        if let Some(cancel) = ctx.abandon(&mut self.0) {
            m.log.push(format!("abandon {cancel:?} ({exit:?})"));
        }
    }
}

/// Launches twice at once: the second is past a capacity of 1.
#[derive(Default)]
struct Greedy(Action, Action);

impl<'w> Behavior<Mob, W<'w>> for Greedy {
    fn activate(&mut self, m: &mut Mob, ctx: &mut Ctx<W<'w>>) -> Status {
        let first = ctx.launch(&mut self.0, "left");
        let second = ctx.launch(&mut self.1, "right");
        m.log.push(format!("greedy {first:?} {second:?}"));
        Status::Running
    }
}

fn greedy(m: &Mob, _: &Ctx<W<'_>>) -> bool {
    m.greedy
}

deciders::tree! {
    /// Waves again and again.
    tree Greeter for Mob, world<'w> = Env<'w, Nothing, Never, Deferring<&'static str, bool>> {
        fallback { sequence { condition(greedy), Greedy }, Wave }
    }
}

const DT: Duration = Duration::from_millis(20);

/// What the game system saw and did.
#[derive(Resource, Default)]
struct Game {
    step: u32,
    launches: Vec<(u32, Entity, Ticket, &'static str)>,
    cancels: Vec<(u32, Entity, Ticket)>,
    /// Launches under way: (step launched, ticket).
    playing: Vec<(u32, Ticket)>,
    /// Waves of several lengths, some failing.
    variety: bool,
}

/// The game's animation system, after the tick: takes the launches and
/// cancels, and finishes every animation two steps after its launch.
fn animate(mut deferred: ResMut<DeferredActions<Greeter, D>>, mut game: ResMut<Game>) {
    let deferred = &mut *deferred;
    // Last step's completions were seen by this step's ticks.
    deferred.clear_completions();
    let launches: Vec<_> = deferred.drain_launches().collect();
    let cancels: Vec<_> = deferred.drain_cancels().collect();
    for (ticket, ok) in game.play(launches, cancels) {
        deferred.complete(ticket, ok);
    }
}

impl Game {
    /// One step of the game's animations: what it finished, and how. A
    /// wave ends two steps after its launch, or more, and fails now and
    /// then, by its ticket.
    fn play(
        &mut self,
        launches: Vec<(Entity, Ticket, &'static str)>,
        cancels: Vec<(Entity, Ticket)>,
    ) -> Vec<(Ticket, bool)> {
        let step = self.step;
        self.step += 1;
        for (entity, ticket, what) in launches {
            self.launches.push((step, entity, ticket, what));
            self.playing.push((step, ticket));
        }
        for (entity, ticket) in cancels {
            self.cancels.push((step, entity, ticket));
            self.playing.retain(|&(_, t)| t != ticket);
        }
        let takes = |t: &Ticket| 2 + (t.agent ^ t.frame) % 3 * (self.variety as u32);
        let (done, playing): (Vec<_>, Vec<_>) = self
            .playing
            .iter()
            .partition(|&&(at, t)| step >= at + takes(&t));
        self.playing = playing;
        done.into_iter()
            .map(|(_, t)| (t, !self.variety || (t.agent + t.frame) % 5 != 0))
            .collect()
    }
}

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((
        TaskPoolPlugin::default(),
        TimePlugin,
        DecidersPlugin::<Mob, Greeter, Nothing, Never, D>::new(),
    ));
    app.insert_resource(Time::<Fixed>::from_duration(DT));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(DT));
    app.init_resource::<Nothing>();
    app.init_resource::<Game>();
    app.add_systems(FixedUpdate, animate.in_set(DecidersSystems::Apply));
    app
}

fn agent(e: Entity) -> u32 {
    e.index().index()
}

// SPEC V5
#[test]
fn v5_launches_arrive_tagged_in_entity_order_and_completions_come_back_by_ticket() {
    let mut app = app();
    let mobs: Vec<Entity> = (0..4)
        .map(|_| {
            app.world_mut()
                .spawn((Mob::default(), Brain::new(Greeter::new())))
                .id()
        })
        .collect();
    // The first update only starts the clocks.
    app.update();
    for _ in 0..5 {
        app.update();
    }
    // Steps 0 to 4: launched at 0, completed in the game at 2, seen done
    // at 3 (the root succeeds), launched again at 4.
    let game = app.world().resource::<Game>();
    // In entity order (`Entity`'s `Ord`, as outputs are applied).
    let mut ordered = mobs.clone();
    ordered.sort();
    let expected: Vec<(u32, Entity, Ticket, &str)> = [0, 4]
        .into_iter()
        .flat_map(|step| {
            ordered.iter().map(move |&e| {
                let ticket = Ticket {
                    frame: step,
                    agent: agent(e),
                    n: 0,
                };
                (step, e, ticket, "wave")
            })
        })
        .collect();
    assert_eq!(game.launches, expected);
    assert!(game.cancels.is_empty());
    for &e in &mobs {
        assert_eq!(
            app.world().get::<Mob>(e).unwrap().log,
            ["launch Running", "done true", "launch Running"]
        );
    }
    // Despawned while its second wave plays: abandoned, a cancel of that
    // wave's ticket, tagged with the entity.
    app.world_mut().despawn(mobs[1]);
    app.update();
    let game = app.world().resource::<Game>();
    let second = Ticket {
        frame: 4,
        agent: agent(mobs[1]),
        n: 0,
    };
    assert_eq!(game.cancels, [(5, mobs[1], second)]);
    assert!(!game.playing.iter().any(|&(_, t)| t == second));
}

/// Every `TreeErrors` written.
#[derive(Resource, Default)]
struct Errors(Vec<Entity>);

// SPEC V5: a launch past an entity's capacity fails and is reported
#[test]
fn v5_a_launch_past_the_capacity_fails_and_is_reported() {
    let mut app = app();
    app.init_resource::<Errors>();
    app.add_systems(
        FixedUpdate,
        (|mut errors: MessageReader<TreeErrors>, mut seen: ResMut<Errors>| {
            seen.0.extend(errors.read().map(|e| e.entity));
        })
        .after(DecidersSystems::Tick),
    );
    app.world_mut()
        .resource_mut::<DeferredActions<Greeter, D>>()
        .set_capacity(1);
    let mob = Mob {
        greedy: true,
        ..Mob::default()
    };
    let mob = app
        .world_mut()
        .spawn((mob, Brain::new(Greeter::new())))
        .id();
    app.update();
    app.update();
    assert_eq!(
        app.world().get::<Mob>(mob).unwrap().log,
        ["greedy Running Failure"]
    );
    let game = app.world().resource::<Game>();
    let left = Ticket {
        frame: 0,
        agent: agent(mob),
        n: 0,
    };
    assert_eq!(game.launches, [(0, mob, left, "left")]);
    assert_eq!(app.world().resource::<Errors>().0, [mob]);
    assert_eq!(app.world().get::<Brain<Greeter>>(mob).unwrap().errors(), 1);
}

/// Many mobs, waves of several lengths, some failing: the plugin, on the
/// compute task pool, launches and completes as a serial loop over the
/// entities in entity order does, with the same tickets.
#[test]
fn f4_deferred_actions_in_the_plugin_are_those_of_a_serial_loop() {
    use deciders::brain::Brain as Core;
    use deciders::deferred::{Completions, Requests};
    use deciders::Frame;

    const MOBS: usize = 2_000;
    const STEPS: u32 = 12;
    let mut app = app();
    app.world_mut().resource_mut::<Game>().variety = true;
    let mut mobs: Vec<Entity> = (0..MOBS)
        .map(|_| {
            app.world_mut()
                .spawn((Mob::default(), Brain::new(Greeter::new())))
                .id()
        })
        .collect();
    app.update();
    for _ in 0..STEPS {
        app.update();
    }

    mobs.sort();
    let mut game = Game {
        variety: true,
        ..Game::default()
    };
    let mut brains: Vec<Core<Greeter>> = (0..MOBS).map(|_| Core::new(Greeter::new())).collect();
    let mut agents = vec![Mob::default(); MOBS];
    let mut completions = Completions::new();
    for step in 0..STEPS {
        let (mut launches, mut cancels) = (Vec::new(), Vec::new());
        for (i, &e) in mobs.iter().enumerate() {
            let requests = Requests::with_capacity(8, step);
            let env = Env::with_deferred(&Nothing, e, requests, &completions);
            let mut frame = Frame::new(DT.as_secs_f32()).with_world(env);
            frame.set_agent(agent(e));
            brains[i].tick(&mut agents[i], &mut frame);
            let (_, requests) = frame.into_world().into_parts();
            launches.extend(requests.launches().iter().map(|&(t, w)| (e, t, w)));
            cancels.extend(requests.cancels().iter().map(|&t| (e, t)));
        }
        completions.clear();
        for (ticket, ok) in game.play(launches, cancels) {
            completions.complete(ticket, ok);
        }
    }
    let in_bevy = app.world().resource::<Game>();
    assert!(
        in_bevy.launches.len() > 2 * MOBS,
        "{}",
        in_bevy.launches.len()
    );
    assert!(
        in_bevy.launches == game.launches,
        "the same launches, in the same order"
    );
    for (i, &e) in mobs.iter().enumerate() {
        assert_eq!(app.world().get::<Mob>(e).unwrap(), &agents[i], "mob {i}");
    }
    assert!(agents
        .iter()
        .any(|m| m.log.contains(&"done false".to_string())));
}
