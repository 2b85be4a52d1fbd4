//! Save games in a headless Bevy app (feature `serde`, SPEC O6): every
//! brain and its agent saved in the middle of a run, loaded into a fresh
//! app, continue step for step as in the app that was never saved: the
//! same agents, active paths, statuses and outputs. The tree holds a
//! `limit` slot mid-run: the loaded brain, in an app whose resource is
//! another, takes its slot there again.

use std::time::Duration;

use bevy_app::{App, FixedUpdate, TaskPoolPlugin};
use bevy_ecs::prelude::*;
use bevy_time::{Fixed, Time, TimePlugin, TimeUpdateStrategy};
use deciders::brain::Receives;
use deciders::{Behavior, Ctx, Exit, Status};
use deciders_bevy::{Brain, BrainTree, DecidersPlugin, Env, Output};
use serde::{Deserialize, Serialize};

/// The snapshot every ship reads: the danger at each position, and the
/// sea lanes a few ships cruise at once (`limit`).
#[derive(Resource)]
struct Field {
    danger: Vec<u32>,
    lanes: deciders::Resource,
}

/// The lanes, for `limit`.
fn lanes<'a>(w: &'a W<'_>) -> &'a deciders::Resource {
    &w.read().lanes
}

/// What ships ask of the ECS: a line in the journal.
enum Order {
    Moved(u32),
    Halted,
}

/// Every applied order: the ship's number and the line.
#[derive(Resource, Default)]
struct Journal(Vec<(u64, String)>);

impl Output for Order {
    fn apply(self, entity: Entity, commands: &mut Commands) {
        let line = match self {
            Order::Moved(x) => format!("Moved({x})"),
            Order::Halted => "Halted".to_string(),
        };
        commands.queue(move |w: &mut World| {
            let seed = w.get::<Ship>(entity).map_or(u64::MAX, |s| s.seed);
            w.resource_mut::<Journal>().0.push((seed, line));
        });
    }
}

/// The agent, saved with its brain.
#[derive(Component, Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Ship {
    seed: u64,
    x: u32,
    fuel: u32,
}

type W<'w> = Env<'w, Field, Order>;

/// Moves along the field for `legs` ticks: its memory counts them.
#[derive(Default, Serialize, Deserialize)]
struct Cruise {
    legs: u32,
    steps: u32,
}

impl Cruise {
    fn new(legs: u32) -> Self {
        Cruise { legs, steps: 0 }
    }
}

impl<'w> Behavior<Ship, W<'w>> for Cruise {
    fn tick(&mut self, s: &mut Ship, ctx: &mut Ctx<W<'w>>) -> Status {
        if s.fuel == 0 {
            return Status::Failure;
        }
        s.fuel -= 1;
        let danger = &ctx.world().read().danger;
        s.x = (s.x + 1 + danger[s.x as usize] % 3) % danger.len() as u32;
        let x = s.x;
        ctx.world_mut().emit(Order::Moved(x));
        self.steps += 1;
        if self.steps == self.legs {
            Status::Success
        } else {
            Status::Running
        }
    }
    fn deactivate(&mut self, _: &mut Ship, ctx: &mut Ctx<W<'w>>, exit: Exit) {
        if exit == Exit::Halted {
            ctx.world_mut().emit(Order::Halted);
        }
    }
}

/// Refuels in one tick.
#[derive(Default, Serialize, Deserialize)]
struct Refuel;

impl<'w> Behavior<Ship, W<'w>> for Refuel {
    fn tick(&mut self, s: &mut Ship, _: &mut Ctx<W<'w>>) -> Status {
        s.fuel += 5;
        Status::Success
    }
}

fn low_fuel(s: &Ship, _: &Ctx<W<'_>>) -> f32 {
    if s.fuel < 2 {
        1.0
    } else {
        0.0
    }
}

deciders::tree! {
    /// Refuels when low (a cooldown between refuels), else cruises or
    /// drifts at random, waits and shuffles: timers, a generator and
    /// memories to save, with a borrowed world.
    #[derive(Serialize, Deserialize)]
    tree Pilot for Ship, world<'w> = Env<'w, Field, Order> {
        priority {
            refuel: when(decide = low_fuel) => cooldown(0.1) { Refuel },
            roam: random {
                // Never full (ticked in parallel, a contended limit would
                // let in whoever came first): the slot is what is saved.
                cruise: limit(lanes, 1_000) { Cruise::new(4) },
                drift: sequence { wait(0.05), Cruise::new(2) },
                tour: shuffle { Cruise::new(3), timeout(0.1) { Cruise::new(9) } },
            },
        }
    }
}

const SHIPS: u32 = 300;
const DT: Duration = Duration::from_millis(20);

fn field() -> Field {
    Field {
        danger: (0..97u32)
            .map(|i| i.wrapping_mul(2_654_435_761) >> 7)
            .collect(),
        lanes: deciders::Resource::new(),
    }
}

/// Counts the fixed steps.
#[derive(Resource, Default)]
struct Steps(u32);

/// A headless app with no ship: the plugin, a fixed step of `DT`, and
/// every update advancing time by exactly `DT`.
fn empty_app() -> App {
    let mut app = app_of::<Pilot>();
    app.init_resource::<Steps>();
    app.add_systems(FixedUpdate, |mut s: ResMut<Steps>| s.0 += 1);
    // The first update only starts the clocks.
    app.update();
    assert_eq!(app.world().resource::<Steps>().0, 0);
    app
}

/// Advances `app` by one fixed step.
fn step(app: &mut App) {
    let before = app.world().resource::<Steps>().0;
    app.update();
    assert_eq!(app.world().resource::<Steps>().0, before + 1);
}

/// What a step shows of every ship, by seed: the agent, the brain's last
/// status and active path.
type Seen = Vec<(Ship, Option<Status>, Vec<&'static str>)>;

fn seen(app: &mut App) -> Seen {
    let world = app.world_mut();
    let mut all: Seen = world
        .query::<(&Ship, &Brain<Pilot>)>()
        .iter(world)
        .map(|(s, b)| {
            let mut path = Vec::new();
            b.tree().active_path(|n| path.push(n.name));
            (s.clone(), b.last_status(), path)
        })
        .collect();
    all.sort_by_key(|(s, _, _)| s.seed);
    all
}

/// The save: every ship and its brain, by seed, as JSON.
fn save(app: &mut App) -> String {
    let world = app.world_mut();
    let mut all: Vec<(&Ship, &Brain<Pilot>)> = world
        .query::<(&Ship, &Brain<Pilot>)>()
        .iter(world)
        .collect();
    all.sort_by_key(|(s, _)| s.seed);
    serde_json::to_string(&all).expect("the brains save")
}

/// A fresh app with the ships and brains of `save`.
fn load(save: &str) -> App {
    let mut app = empty_app();
    // Other entities first: the loaded ships get other entity indices than
    // the saved ones, so a tick rhythm taken from the index would change.
    for _ in 0..5 {
        app.world_mut().spawn_empty();
    }
    let all: Vec<(Ship, Brain<Pilot>)> = serde_json::from_str(save).expect("the save loads");
    app.world_mut().spawn_batch(all);
    app
}

// SPEC O6, F4
#[test]
fn o6_brains_saved_mid_run_continue_in_a_fresh_app() {
    let mut original = empty_app();
    for i in 0..SHIPS {
        let ship = Ship {
            seed: u64::from(i),
            x: i % 97,
            fuel: i % 5,
        };
        let mut brain = Brain::new(Pilot::with_seed(u64::from(i)));
        // Level of detail: every third ship ticks every third step, and
        // keeps its rhythm through the save.
        if i % 3 == 0 {
            brain = brain.tick_every(3);
        }
        original.world_mut().spawn((ship, brain));
    }
    for _ in 0..23 {
        step(&mut original);
    }
    let before = seen(&mut original);
    let running = before.iter().filter(|(_, _, p)| p.len() > 2).count();
    assert!(running > SHIPS as usize / 2, "{running} ships mid-behavior");
    let in_lanes = |app: &App| app.world().resource::<Field>().lanes.in_use();
    let cruising = in_lanes(&original);
    assert!(cruising > 0, "ships hold a lane slot in the save");
    let mut loaded = load(&save(&mut original));
    assert_eq!(
        seen(&mut loaded),
        before,
        "the loaded brains are the saved ones"
    );
    assert_eq!(in_lanes(&loaded), 0, "a fresh app's lanes are empty");
    original.world_mut().resource_mut::<Journal>().0.clear();
    for k in 0..60 {
        if k == 0 {
            // Each loaded brain's running limit re-takes its slot in the
            // lanes of its new app (and reports that the resource changed).
            let held = seen(&mut loaded)
                .iter()
                .filter(|(_, _, path)| path.contains(&"cruise"))
                .count();
            assert_eq!(held as u32, cruising);
        }
        step(&mut original);
        step(&mut loaded);
        let (a, b) = (seen(&mut original), seen(&mut loaded));
        if let Some(i) = (0..a.len()).find(|&i| a[i] != b[i]) {
            panic!("step {k} after the load: {:?} != {:?}", a[i], b[i]);
        }
        // Once every brain ticked (every third step for some), the lanes
        // of both apps hold as many.
        if k >= 2 {
            assert_eq!(in_lanes(&original), in_lanes(&loaded), "step {k}");
        }
        let journals = [&mut original, &mut loaded]
            .map(|app| std::mem::take(&mut app.world_mut().resource_mut::<Journal>().0));
        assert!(!journals[0].is_empty());
        assert_eq!(journals[0], journals[1], "step {k} after the load");
    }
}

/// One saved ship's brain after a few steps, as a JSON object to edit.
fn saved_brain() -> serde_json::Value {
    let mut app = empty_app();
    let ship = Ship {
        seed: 1,
        x: 1,
        fuel: 3,
    };
    app.world_mut()
        .spawn((ship, Brain::new(Pilot::with_seed(1)).tick_every(3)));
    for _ in 0..4 {
        step(&mut app);
    }
    let all: serde_json::Value = serde_json::from_str(&save(&mut app)).unwrap();
    all[0][1].clone()
}

/// Loads an edited brain: the error's text, if it is refused.
fn load_brain(brain: &serde_json::Value) -> Result<Brain<Pilot>, String> {
    serde_json::from_value::<Brain<Pilot>>(brain.clone()).map_err(|e| e.to_string())
}

// SPEC O6: a loaded value never makes a later step panic
#[test]
fn o6_a_save_whose_tick_rate_or_times_would_break_a_step_is_refused_naming_the_field() {
    let good = saved_brain();
    assert_eq!(good["every"], 3);
    let loaded = load_brain(&good).expect("the saved brain loads");
    assert_eq!(loaded.panics(), 0);
    // `every: 0` would divide by zero at the next step.
    let mut zero = good.clone();
    zero["every"] = 0.into();
    let error = load_brain(&zero).err().expect("every = 0 is refused");
    assert!(error.contains("invalid Brain field `every`: 0"), "{error}");
    // A countdown at or above the rate would not tick for that long.
    let mut wait = good.clone();
    wait["wait"] = 3.into();
    let error = load_brain(&wait).err().expect("wait = every is refused");
    assert!(
        error.contains("invalid Brain field `wait`: 3 steps, not below `every` (3)"),
        "{error}"
    );
    wait["wait"] = 2.into();
    assert!(load_brain(&wait).is_ok(), "wait = every - 1 loads");
    // A time that is negative (or, from another format, not finite) would
    // reach the next tick.
    let mut time = good.clone();
    time["pending_dt"] = (-1.0).into();
    let error = load_brain(&time).err().expect("a negative time is refused");
    assert!(
        error.contains("invalid Brain field `pending_dt`: -1"),
        "{error}"
    );
    // A save made before brains counted panics loads, with none counted.
    let mut old = good.clone();
    old.as_object_mut().unwrap().remove("panics");
    assert_eq!(load_brain(&old).expect("an older save loads").panics(), 0);
    // The saved brain, loaded, goes on ticking every third step.
    let mut app = empty_app();
    let ship = Ship {
        seed: 1,
        x: 1,
        fuel: 3,
    };
    let e = app.world_mut().spawn((ship, loaded)).id();
    let mut ticked = Vec::new();
    for k in 0..6 {
        let before = app.world().get::<Ship>(e).unwrap().clone();
        step(&mut app);
        if *app.world().get::<Ship>(e).unwrap() != before {
            ticked.push(k);
        }
    }
    assert_eq!(ticked.len(), 2, "ticked at steps {ticked:?}");
    assert_eq!(ticked[1] - ticked[0], 3, "ticked at steps {ticked:?}");
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Bell {
    Ring,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, deciders::Stimulus)]
enum Sense {
    Smoke,
}

deciders::tree! {
    /// Flees when the bell rang, sniffs while it smells smoke.
    #[derive(Serialize, Deserialize)]
    tree Lookout for Ship, world<'w> = Env<'w, Field, Order>, events = Bell, stimuli = Sense(u32) {
        var rung = set(Bell::Ring);
        priority {
            flee: when(var(rung)) => wait(1.0),
            sniff: when(stimuli_any(Sense::Smoke.flag())) => wait(1.0),
            idle: wait(1.0),
        }
    }
}

// SPEC O6, B2, V2: the core brain inside saves whole
#[test]
fn o6_a_brain_saves_its_inbox_and_its_stimuli() {
    let mut app = app_of::<Lookout>();
    let ship = Ship {
        seed: 0,
        x: 0,
        fuel: 0,
    };
    let e = app
        .world_mut()
        .spawn((ship, Brain::with_inbox(Lookout::new(), 3)))
        .id();
    app.update();
    app.update();
    {
        let mut brain = app.world_mut().get_mut::<Brain<Lookout>>(e).unwrap();
        brain.stimuli_mut().add(Sense::Smoke, 5, Some(0.5));
        brain.post(Bell::Ring).unwrap();
    }
    let saved = serde_json::to_string(app.world().get::<Brain<Lookout>>(e).unwrap()).unwrap();
    let loaded: Brain<Lookout> = serde_json::from_str(&saved).expect("the brain loads");
    assert_eq!(loaded.inbox().copied().collect::<Vec<_>>(), [Bell::Ring]);
    assert_eq!(loaded.stimuli().get(Sense::Smoke), Some(&5));
    // Its inbox keeps its capacity: 3, one taken.
    let mut loaded = loaded;
    loaded.post(Bell::Ring).unwrap();
    loaded.post(Bell::Ring).unwrap();
    assert!(loaded.post(Bell::Ring).is_err());
}

/// A headless app ticking ships' brains of the tree `T`, with no ship
/// yet.
fn app_of<T>() -> App
where
    T: BrainTree + for<'w> Receives<Ship, Env<'w, Field, Order>>,
{
    let mut app = App::new();
    app.add_plugins((
        TaskPoolPlugin::default(),
        TimePlugin,
        DecidersPlugin::<Ship, T, Field, Order>::new(),
    ));
    app.insert_resource(Time::<Fixed>::from_duration(DT));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(DT));
    app.insert_resource(field());
    app.init_resource::<Journal>();
    app
}

/// Every lookout by seed: whether it sleeps, its tree clock, its active
/// path.
fn lookouts(app: &mut App) -> Vec<(u64, bool, f64, Vec<&'static str>)> {
    let world = app.world_mut();
    let mut all: Vec<_> = world
        .query::<(&Ship, &Brain<Lookout>)>()
        .iter(world)
        .map(|(s, b)| {
            let mut path = Vec::new();
            b.tree().active_path(|n| path.push(n.name));
            (s.seed, b.is_asleep(), b.tree().now(), path)
        })
        .collect();
    all.sort_by_key(|l| l.0);
    all
}

// SPEC O6, Z2: a sleeping brain saves what it slept
#[test]
fn o6_a_brain_saved_asleep_wakes_in_a_fresh_app_when_it_would_have() {
    let mut original = app_of::<Lookout>();
    for i in 0..4u64 {
        let ship = Ship {
            seed: i,
            x: 0,
            fuel: 0,
        };
        original
            .world_mut()
            .spawn((ship, Brain::new(Lookout::new())));
    }
    // Started at different steps: their waits end at different steps.
    for k in 0..13 {
        original.update();
        if k % 3 == 0 {
            let world = original.world_mut();
            let mut brains = world.query::<(&Ship, &mut Brain<Lookout>)>();
            for (ship, mut brain) in brains.iter_mut(world) {
                if ship.seed == k / 3 {
                    brain.reset();
                }
            }
        }
    }
    let before = lookouts(&mut original);
    assert!(
        before.iter().all(|l| l.1),
        "all asleep in their wait: {before:?}"
    );
    let world = original.world_mut();
    let mut all: Vec<(&Ship, &Brain<Lookout>)> = world
        .query::<(&Ship, &Brain<Lookout>)>()
        .iter(world)
        .collect();
    all.sort_by_key(|(s, _)| s.seed);
    let saved = serde_json::to_string(&all).expect("the brains save");
    let mut loaded = app_of::<Lookout>();
    let all: Vec<(Ship, Brain<Lookout>)> = serde_json::from_str(&saved).expect("the save loads");
    loaded.world_mut().spawn_batch(all);
    // The first update of a fresh app starts its clocks, no step.
    loaded.update();
    assert_eq!(lookouts(&mut loaded), before);
    let mut woke = 0;
    for k in 0..60 {
        original.update();
        loaded.update();
        let (a, b) = (lookouts(&mut original), lookouts(&mut loaded));
        assert_eq!(a, b, "step {k} after the load");
        woke += a.iter().filter(|l| !l.1).count();
    }
    // Each wait of 1 s ended once in the 60 steps (1.2 s), each at its
    // own step: the brain was awake that step (the tree ended) and the
    // next (it started again and entered a new wait), then slept.
    assert_eq!(woke, 8);
}
