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
    parallel_from: usize,
    _types: PhantomData<Types<A, T, R, O, D>>,
}

/// What a plugin is for, as a `PhantomData` that is `Send` and `Sync`
/// whatever the types.
type Types<A, T, R, O, D> = fn() -> (A, T, R, O, D);

/// [`DecidersPlugin::PARALLEL_FROM`], for what has no plugin type at hand.
pub(crate) const PARALLEL_FROM: usize = 1024;

impl<A, T, R, O, D> DecidersPlugin<A, T, R, O, D> {
    /// The fewest awake brains that [`parallel_from`](Self::parallel_from)
    /// hands to the compute pool by default.
    pub const PARALLEL_FROM: usize = PARALLEL_FROM;

    /// The plugin, in [`FixedUpdate`].
    pub fn new() -> Self {
        DecidersPlugin {
            schedule: FixedUpdate.intern(),
            parallel_from: Self::PARALLEL_FROM,
            _types: PhantomData,
        }
    }

    /// The tick hands the brains to Bevy's compute pool, in batches on its
    /// threads, only when at least `n` are awake (by default
    /// [`PARALLEL_FROM`](Self::PARALLEL_FROM)); fewer are ticked in one
    /// loop on the tick system's thread, as they are when the pool has a
    /// single thread. For a few brains, handing them out costs about what
    /// it saves, and Bevy's parallel iteration allocates its tasks every
    /// frame (6 or 7 at two compute threads), where the loop allocates
    /// nothing. `0` hands them out whatever their number, `usize::MAX`
    /// never. The results are the same either way: outputs, requests,
    /// errors and panics are put in entity order after the tick.
    ///
    /// The default is where the two took the same time in the peer
    /// benchmark (`orbit`, two compute threads on two cores); a machine
    /// with more cores gains more from the pool, and may want less.
    ///
    /// ```
    /// # use bevy_app::App;
    /// # use bevy_ecs::prelude::*;
    /// # use deciders::Ctx;
    /// # use deciders_bevy::{DecidersPlugin, Env, Output};
    /// # #[derive(Component)]
    /// # struct Sheep;
    /// # #[derive(Resource)]
    /// # struct Field;
    /// # enum Order {}
    /// # impl Output for Order {
    /// #     fn apply(self, _: Entity, _: &mut Commands) {
    /// #         match self {}
    /// #     }
    /// # }
    /// # fn hungry(_: &Sheep, _: &Ctx<Env<'_, Field, Order>>) -> bool {
    /// #     true
    /// # }
    /// # deciders::tree! {
    /// #     tree Graze for Sheep, world<'w> = Env<'w, Field, Order> {
    /// #         sequence { condition(hungry) }
    /// #     }
    /// # }
    /// // A few hundred sheep: ticked in one loop whatever the machine.
    /// let mut app = App::new();
    /// app.add_plugins(DecidersPlugin::<Sheep, Graze, Field, Order>::new().parallel_from(usize::MAX));
    /// ```
    pub fn parallel_from(mut self, n: usize) -> Self {
        self.parallel_from = n;
        self
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
        systems::plug::<A, T, R, O, D>(app, self.schedule, self.parallel_from);
        observers::plug::<A, T, R, O, D>(app);
        brain::plug::<T>(app);
        dormant::plug::<T>(app);
        watch::plug(app);
    }
}
