//! The plugin's observers: despawn halts ([`halt_on_remove`]) and
//! per-entity seeds ([`seed_on_insert`]).

use bevy_app::App;
use bevy_ecs::lifecycle::{Insert, Remove};
use bevy_ecs::observer::On;
use bevy_ecs::prelude::*;
use deciders::{Frame, Tree};

use crate::messages::panic_text;
use crate::{Agent, Brain, Env, Output, Seed, TreePanicked};

/// Registers the two observers.
pub(crate) fn plug<A, T, R, O>(app: &mut App)
where
    A: Agent,
    T: for<'w> Tree<A::View<'w>, Env<'w, R, O>> + Send + Sync + 'static,
    R: Resource,
    O: Output,
{
    app.add_observer(halt_on_remove::<A, T, R, O>);
    app.add_observer(seed_on_insert::<A, T, R, O>);
}

/// Despawn halts: before an entity loses its brain or its agent, its tree
/// is stopped (every running behavior deactivated with `Exit::Halted`) and
/// the outputs of those hooks are applied. A `deactivate` that panics is
/// caught as in the tick: the outputs made before it are applied, the
/// panic is counted and written as a [`TreePanicked`] message.
fn halt_on_remove<A, T, R, O>(
    removed: On<Remove<(A::Parts, Brain<T>)>>,
    read: Res<R>,
    mut agents: Query<(A::Data, &mut Brain<T>)>,
    mut commands: Commands,
    mut panicked: MessageWriter<TreePanicked>,
) where
    A: Agent,
    T: for<'w> Tree<A::View<'w>, Env<'w, R, O>> + Send + Sync + 'static,
    R: Resource,
    O: Output,
{
    let entity = removed.entity;
    let Ok((mut data, mut brain)) = agents.get_mut(entity) else {
        return;
    };
    let env = Env {
        read: &*read,
        entity,
        out: Vec::new(),
    };
    let brain = &mut *brain;
    let (out, stopped) = A::with_view(&mut data, |agent| {
        let mut frame = Frame::new(0.0).with_world(env);
        let player = &mut brain.player;
        let stopped = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            player.stop(agent, &mut frame);
        }));
        (frame.into_world().out, stopped)
    });
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
fn seed_on_insert<A, T, R, O>(
    inserted: On<Insert<(Brain<T>, Seed)>>,
    mut brains: Query<(&mut Brain<T>, &Seed)>,
) where
    A: Agent,
    T: for<'w> Tree<A::View<'w>, Env<'w, R, O>> + Send + Sync + 'static,
    R: Resource,
    O: Output,
{
    if let Ok((mut brain, seed)) = brains.get_mut(inserted.entity) {
        Tree::<A::View<'_>, Env<'_, R, O>>::set_seed(brain.player.tree_mut(), seed.0);
    }
}
