//! big-brain 0.22 (Bevy 0.15), as its README and its `thirst` example do
//! it: each agent carries a `Thinker` (built from a `ThinkerBuilder`
//! component, which big-brain turns into a thinker entity with a scorer
//! entity per choice); the scorer's system scores every scorer entity, the
//! thinker picks (`FirstToScore`), and the picked action is spawned as an
//! entity with an `ActionState` that the action's system drives. All in
//! `PreUpdate`, the schedule the README gives `BigBrainPlugin`.
//!
//! The thinker: `when(Near, Chase).otherwise(Wander)`. `Near` scores 1
//! when the target is within reach, else 0. `Chase` moves toward it while
//! it is near and fails when it is not (big-brain does not cancel the
//! running action for its `otherwise` fallback, so an action that must
//! stop when its scorer drops ends itself); `Wander` walks until the
//! thinker cancels it for `Chase`.
//!
//! The `rest` scenario's thinker: `when(Rested, Work).otherwise(Rest)`.
//! `Rest` asks the agent how long it rests (`Body::next_rest`) when it is
//! requested and keeps the time the rest ends in the agent's `Rota`;
//! `Rested` scores 1 once that time has passed, and the thinker cancels
//! `Rest` for `Work`, which walks one step per tick from the tick it is
//! requested, succeeds on the fifth and puts the end of the next rest out
//! of reach (so the thinker falls back to `Rest`). Every tick the scorer,
//! the thinker and the `Rest` system each look at every resting agent.
//! The thinker spawns an action in `Init` and requests it on its next
//! tick, and replaces a cancelled action the tick after cancelling it, so
//! an agent's loop is 103 steps, not 100.

use bevy::core::{TaskPoolOptions, TaskPoolPlugin};
use bevy::prelude::*;
use bevy::time::{TimePlugin, TimeUpdateStrategy};
use big_brain::prelude::*;

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

/// Scorer: 1 when the target is near, else 0.
#[derive(Clone, Component, Debug, ScorerBuilder)]
pub struct Near;

/// Action: chase the target while it is near.
#[derive(Clone, Component, Debug, ActionBuilder)]
pub struct Chase;

/// Action: walk at random until cancelled.
#[derive(Clone, Component, Debug, ActionBuilder)]
pub struct Wander;

fn move_target(mut target: ResMut<Target>) {
    target.step += 1;
    target.pos = target.scenario.target_at(target.step);
}

fn near_scorer_system(
    movers: Query<&Mover>,
    target: Res<Target>,
    mut scorers: Query<(&Actor, &mut Score), With<Near>>,
) {
    for (Actor(actor), mut score) in &mut scorers {
        if let Ok(mover) = movers.get(*actor) {
            score.set(if mover.0.near(target.pos) { 1.0 } else { 0.0 });
        }
    }
}

fn chase_action_system(
    mut movers: Query<&mut Mover>,
    target: Res<Target>,
    time: Res<Time>,
    mut actions: Query<(&Actor, &mut ActionState), With<Chase>>,
) {
    for (Actor(actor), mut state) in &mut actions {
        let Ok(mut mover) = movers.get_mut(*actor) else {
            continue;
        };
        match *state {
            ActionState::Requested => *state = ActionState::Executing,
            ActionState::Executing => {
                if mover.0.near(target.pos) {
                    mover.0.chase(target.pos, time.delta_secs());
                } else {
                    *state = ActionState::Failure;
                }
            }
            ActionState::Cancelled => *state = ActionState::Failure,
            _ => {}
        }
    }
}

fn wander_action_system(
    mut movers: Query<&mut Mover>,
    time: Res<Time>,
    mut actions: Query<(&Actor, &mut ActionState), With<Wander>>,
) {
    for (Actor(actor), mut state) in &mut actions {
        let Ok(mut mover) = movers.get_mut(*actor) else {
            continue;
        };
        match *state {
            ActionState::Requested => *state = ActionState::Executing,
            ActionState::Executing => mover.0.wander(time.delta_secs()),
            ActionState::Cancelled => *state = ActionState::Failure,
            _ => {}
        }
    }
}

/// The `rest` scenario: when the agent's rest ends (elapsed seconds), set
/// by `Rest` when a rest starts; infinite before its first rest and after
/// each work.
#[derive(Component)]
pub struct Rota {
    rest_ends: f32,
}

/// Scorer (the `rest` scenario): 1 once the agent's rest is over, else 0.
#[derive(Clone, Component, Debug, ScorerBuilder)]
pub struct Rested;

/// Action (the `rest` scenario): rests, as long as [`Body::next_rest`]
/// says, until the thinker cancels it for `Work`.
#[derive(Clone, Component, Debug, ActionBuilder)]
pub struct Rest;

/// Action (the `rest` scenario): walks at random, one step per tick from
/// the tick it is requested, and succeeds on the last of [`WORK_STEPS`].
#[derive(Clone, Component, Debug, ActionBuilder)]
pub struct Work {
    left: u32,
}

fn rested_scorer_system(
    rotas: Query<&Rota>,
    time: Res<Time>,
    mut scorers: Query<(&Actor, &mut Score), With<Rested>>,
) {
    let now = time.elapsed_secs();
    for (Actor(actor), mut score) in &mut scorers {
        if let Ok(rota) = rotas.get(*actor) {
            score.set(if now >= rota.rest_ends { 1.0 } else { 0.0 });
        }
    }
}

fn rest_action_system(
    mut agents: Query<(&mut Mover, &mut Rota)>,
    time: Res<Time>,
    mut actions: Query<(&Actor, &mut ActionState), With<Rest>>,
) {
    for (Actor(actor), mut state) in &mut actions {
        match *state {
            ActionState::Requested => {
                let Ok((mut mover, mut rota)) = agents.get_mut(*actor) else {
                    *state = ActionState::Failure;
                    continue;
                };
                rota.rest_ends = time.elapsed_secs() + mover.0.next_rest().1;
                *state = ActionState::Executing;
            }
            ActionState::Cancelled => *state = ActionState::Failure,
            _ => {}
        }
    }
}

fn work_action_system(
    mut agents: Query<(&mut Mover, &mut Rota)>,
    time: Res<Time>,
    mut actions: Query<(&Actor, &mut ActionState, &mut Work)>,
) {
    for (Actor(actor), mut state, mut work) in &mut actions {
        match *state {
            ActionState::Requested | ActionState::Executing => {
                let Ok((mut mover, mut rota)) = agents.get_mut(*actor) else {
                    *state = ActionState::Failure;
                    continue;
                };
                mover.0.wander(time.delta_secs());
                work.left -= 1;
                if work.left == 0 {
                    rota.rest_ends = f32::INFINITY;
                    *state = ActionState::Success;
                } else {
                    *state = ActionState::Executing;
                }
            }
            ActionState::Cancelled => *state = ActionState::Failure,
            _ => {}
        }
    }
}

/// A Bevy app running the task with big-brain.
pub struct BrainApp {
    app: App,
    baseline: u32,
}

/// A headless app (task pools, time stepped by hand) with `n` agents.
/// The pools are Bevy's default, or as the bench's `--threads` says.
pub fn build(n: u32, scenario: Scenario) -> BrainApp {
    let mut app = App::new();
    // Bevy's default pools, or as many threads as the bench's `--threads`.
    let pools = match threads() {
        Some(n) => TaskPoolPlugin {
            task_pool_options: TaskPoolOptions::with_num_threads(n),
        },
        None => TaskPoolPlugin::default(),
    };
    app.add_plugins((pools, TimePlugin));
    app.add_plugins(BigBrainPlugin::new(PreUpdate));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(STEP));
    app.insert_resource(Target {
        scenario,
        pos: scenario.target_at(0),
        step: 0,
    });
    app.add_systems(First, move_target);
    if scenario == Scenario::Rest {
        app.add_systems(
            PreUpdate,
            (
                rested_scorer_system.in_set(BigBrainSet::Scorers),
                (rest_action_system, work_action_system).in_set(BigBrainSet::Actions),
            ),
        );
    } else {
        app.add_systems(
            PreUpdate,
            (
                near_scorer_system.in_set(BigBrainSet::Scorers),
                (chase_action_system, wander_action_system).in_set(BigBrainSet::Actions),
            ),
        );
    }
    app.update();
    let baseline = app.world().entities().len();
    let world = app.world_mut();
    if scenario == Scenario::Rest {
        let thinker = Thinker::build()
            .picker(FirstToScore { threshold: 0.5 })
            .when(Rested, Work { left: WORK_STEPS })
            .otherwise(Rest);
        world.spawn_batch((0..n).map(|i| {
            let rota = Rota {
                rest_ends: f32::INFINITY,
            };
            (Mover(Body::new(i)), rota, thinker.clone())
        }));
    } else {
        let thinker = Thinker::build()
            .picker(FirstToScore { threshold: 0.5 })
            .when(Near, Chase)
            .otherwise(Wander);
        world.spawn_batch((0..n).map(|i| (Mover(Body::new(i)), thinker.clone())));
    }
    BrainApp { app, baseline }
}

impl Bench for BrainApp {
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
        self.app.world().entities().len()
    }
    fn baseline(&self) -> u32 {
        self.baseline
    }
}
