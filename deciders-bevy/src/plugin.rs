//! The plugin [`DecidersPlugin`] and its system sets
//! ([`DecidersSystems`]): `build` chains the sets in the plugin's schedule
//! and has each module register its own systems, observers, messages and
//! resources.

use core::marker::PhantomData;

use bevy_app::{App, FixedUpdate, Plugin};
use bevy_ecs::prelude::*;
use bevy_ecs::schedule::{InternedScheduleLabel, ScheduleLabel};
use deciders::brain::Receives;

use crate::world::{Deferral, Reads};
use crate::{
    brain, deferred, dormant, messages, observers, systems, watch, Agent, BrainTree, Env,
    NoDeferred, Output,
};
#[cfg(doc)]
use crate::{Brain, OutputsDropped, TreePanicked};

/// The system sets of [`DecidersPlugin`], chained in this order in its
/// schedule.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DecidersSystems {
    /// Yours: set flags, add stimuli, post events, pause or resume
    /// brains, update the snapshot, report completions.
    Prepare,
    /// The frame's [`Post`](crate::Post) messages go into their brains'
    /// inboxes, then every due brain ticks, in parallel; a panic in one
    /// brain's step is caught and written as a [`TreePanicked`] message.
    Tick,
    /// Every output becomes commands, in entity order, each entity's
    /// applied before the next entity's; the outputs of an entity
    /// despawned by an earlier one are dropped ([`OutputsDropped`]).
    Apply,
}

/// Ticks every entity that has the agent `A` (a component, or the parts of
/// a view: [`Agent`]) and a
/// [`Brain<T>`], with the world [`Env<'_, R, O, D>`]: see [the crate](crate).
/// `D` is [`NoDeferred`] unless the tree's behaviors launch deferred
/// actions (`Deferring<L, Done>`: see [`DeferredActions`](crate::DeferredActions)).
pub struct DecidersPlugin<A, T, R, O, D = NoDeferred> {
    schedule: InternedScheduleLabel,
    _types: PhantomData<Types<A, T, R, O, D>>,
}

/// What a plugin is for, as a `PhantomData` that is `Send` and `Sync`
/// whatever the types.
type Types<A, T, R, O, D> = fn() -> (A, T, R, O, D);

impl<A, T, R, O, D> DecidersPlugin<A, T, R, O, D> {
    /// The plugin, in [`FixedUpdate`].
    pub fn new() -> Self {
        DecidersPlugin {
            schedule: FixedUpdate.intern(),
            _types: PhantomData,
        }
    }

    /// The plugin in another schedule (`Update`, your own).
    pub fn in_schedule(mut self, schedule: impl ScheduleLabel) -> Self {
        self.schedule = schedule.intern();
        self
    }
}

impl<A, T, R, O, D> Default for DecidersPlugin<A, T, R, O, D> {
    fn default() -> Self {
        Self::new()
    }
}

impl<A, T, R, O, D> Plugin for DecidersPlugin<A, T, R, O, D>
where
    A: Agent,
    T: BrainTree + for<'w> Receives<A::View<'w>, Env<'w, R, O, D>>,
    R: Reads,
    O: Output,
    D: Deferral,
{
    fn build(&self, app: &mut App) {
        messages::plug(app);
        messages::plug_tree::<T>(app);
        deferred::plug::<T, D>(app);
        app.configure_sets(
            self.schedule,
            (
                DecidersSystems::Prepare,
                DecidersSystems::Tick,
                DecidersSystems::Apply,
            )
                .chain(),
        );
        systems::plug::<A, T, R, O, D>(app, self.schedule);
        observers::plug::<A, T, R, O, D>(app);
        brain::plug::<T>(app);
        dormant::plug::<T>(app);
        watch::plug(app);
    }
}
