//! The plugin's observers: despawn halts ([`halt_on_remove`]) and
//! per-entity seeds ([`seed_on_insert`]).

use bevy_app::App;
use bevy_ecs::lifecycle::{Insert, Remove};
use bevy_ecs::observer::On;
use bevy_ecs::prelude::*;
use bevy_ecs::system::StaticSystemParam;
use deciders::brain::Receives;
use deciders::deferred::Requests;
use deciders::{Frame, Tree};

use crate::deferred::collect;
use crate::messages::panic_text;
use crate::world::{Deferral, Held, Reads};
use crate::{Agent, Brain, BrainTree, DeferredActions, Env, Output, Seed, TreePanicked};

/// Registers the two observers.
pub(crate) fn plug<A, T, R, O, D>(app: &mut App)
where
    A: Agent,
    T: BrainTree + for<'w> Receives<A::View<'w>, Env<'w, R, O, D>>,
    R: Reads,
    O: Output,
    D: Deferral,
{
    app.add_observer(halt_on_remove::<A, T, R, O, D>);
    app.add_observer(seed_on_insert::<A, T, R, O, D>);
}

/// Despawn halts: before an entity loses its brain or its agent, its tree
/// is stopped (every running behavior deactivated with `Exit::Halted`) and
/// the outputs of those hooks are applied. A `deactivate` that panics is
/// caught as in the tick: the outputs made before it are applied, the
/// panic is counted and written as a [`TreePanicked`] message. The
/// cancels of deferred actions those hooks abandon go to
/// [`DeferredActions`]; a launch there is dropped (nothing is left to
/// poll it).
#[allow(clippy::type_complexity)]
fn halt_on_remove<A, T, R, O, D>(
    removed: On<Remove<(A::Parts, Brain<T>)>>,
    read: StaticSystemParam<R::Param>,
    mut deferred: ResMut<DeferredActions<T, D>>,
    mut agents: Query<(A::Data, &mut Brain<T>)>,
    mut commands: Commands,
    mut panicked: MessageWriter<TreePanicked>,
) where
    A: Agent,
    T: BrainTree + for<'w> Receives<A::View<'w>, Env<'w, R, O, D>>,
    R: Reads,
    O: Output,
    D: Deferral,
{
    let entity = removed.entity;
    let Ok((mut data, mut brain)) = agents.get_mut(entity) else {
        return;
    };
    let DeferredActions {
        cancels,
        completions,
        capacity,
        step,
        ..
    } = &mut *deferred;
    let step = *step;
    let capacity = if D::NONE { 0 } else { *capacity };
    let env = Env {
        read: R::view(&read),
        entity,
        out: Held::Own(Vec::new()),
        requests: Held::Own(Requests::with_capacity(capacity, step)),
        completions,
    };
    let brain = &mut *brain;
    let (env, stopped) = A::with_view(&mut data, |agent| {
        let mut frame = Frame::new(0.0).with_world(env);
        frame.set_agent(entity.index().index());
        let core = &mut brain.brain;
        let stopped = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            core.stop(agent, &mut frame);
        }));
        (frame.into_world(), stopped)
    });
    let (out, requests) = env.into_parts();
    if !D::NONE {
        collect(entity, requests, step, &mut Vec::new(), cancels);
    }
    if let Err(payload) = stopped {
        brain.panics = brain.panics.saturating_add(1);
        panicked.write(TreePanicked {
            entity,
            message: panic_text(&*payload),
        });
    }
    for (entity, output) in out {
        output.apply(entity, &mut commands);
    }
}

/// Per-entity seeds: when a [`Brain`] or a [`Seed`] is inserted on an
/// entity that has both, the tree is reseeded with the seed (D8); what is
/// active, shuffle rounds and timers are kept.
fn seed_on_insert<A, T, R, O, D>(
    inserted: On<Insert<(Brain<T>, Seed)>>,
    mut brains: Query<(&mut Brain<T>, &Seed)>,
) where
    A: Agent,
    T: BrainTree + for<'w> Receives<A::View<'w>, Env<'w, R, O, D>>,
    R: Reads,
    O: Output,
    D: Deferral,
{
    if let Ok((mut brain, seed)) = brains.get_mut(inserted.entity) {
        Tree::<A::View<'_>, Env<'_, R, O, D>>::set_seed(brain.brain.tree_mut(), seed.0);
    }
}
