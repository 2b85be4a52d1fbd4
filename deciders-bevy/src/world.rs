//! The world a tree sees ([`Env`]: what it reads of the ECS ([`Reads`]:
//! a snapshot resource, or queries and resources of yours), the entity
//! ticking, its outputs, and its deferred actions when it has them) and
//! what its behaviors ask of the ECS ([`Output`]).

use core::marker::PhantomData;
use std::sync::OnceLock;

use bevy_ecs::prelude::*;
use bevy_ecs::system::{ReadOnlySystemParam, SystemParam, SystemParamItem};
use deciders::deferred::{Completions, Deferred, Requests};

#[cfg(doc)]
use crate::{DecidersPlugin, DecidersSystems, DeferredActions, OutputsDropped};

/// The world a tree ticked by [`DecidersPlugin`] sees through its context
/// (`ctx.world()`, `ctx.world_mut()`): what it reads of the ECS, `R`
/// (read-only, shared by every agent: a snapshot resource, or the
/// queries and resources of a [`Reads`] of yours), the entity being
/// ticked, where its outputs go, and, with `D` = [`Deferring<L, Done>`],
/// its deferred actions: `Env<'w, R, O, Deferring<L, Done>>` implements
/// [`Deferred`], so behaviors call `ctx.launch`, `ctx.poll` and
/// `ctx.abandon` (see [`DeferredActions`]). The default `D`,
/// [`NoDeferred`], has none.
pub struct Env<'w, R: Reads, O, D: Deferral = NoDeferred> {
    pub(crate) read: R::View<'w>,
    pub(crate) entity: Entity,
    pub(crate) out: Held<'w, Vec<(Entity, O)>>,
    pub(crate) requests: Held<'w, Requests<D::Launch>>,
    pub(crate) completions: &'w Completions<D::Done>,
}

/// What the trees of a [`DecidersPlugin`] read of the ECS: the `R` of
/// their world [`Env<'w, R, O>`].
///
/// Any resource is one by itself: the trees read it as `&R`
/// (`ctx.world().read().alarm`), a snapshot of what they need that a
/// `Prepare` system of yours keeps up to date.
///
/// Trees that read more than one resource, or other entities' components
/// (a guard that asks "is a wolf within 15 m?"), implement this trait
/// for a marker type of yours: [`Param`](Self::Param) is what the plugin
/// fetches once per step, read-only (resources, queries: any
/// [`ReadOnlySystemParam`], so every agent reads it in parallel), and
/// [`view`](Self::view) lends it to each tick as the type the trees see:
///
/// ```
/// use bevy_ecs::prelude::*;
/// use bevy_ecs::system::SystemParamItem;
/// use deciders_bevy::Reads;
///
/// #[derive(Component)]
/// struct Wolf { at: [f32; 2] }
/// #[derive(Resource)]
/// struct Weather { rain: bool }
///
/// /// What a sheep's tree sees: the wolves, and the weather.
/// #[derive(Clone, Copy)]
/// struct Sight<'a> {
///     wolves: &'a Query<'a, 'a, &'static Wolf>,
///     weather: &'a Weather,
/// }
///
/// impl Sight<'_> {
///     fn wolf_within(&self, at: [f32; 2], d: f32) -> bool {
///         self.wolves.iter().any(|w| (w.at[0] - at[0]).hypot(w.at[1] - at[1]) < d)
///     }
/// }
///
/// /// The reads behind it (a marker type of yours).
/// struct Looks;
///
/// impl Reads for Looks {
///     type Param = (Query<'static, 'static, &'static Wolf>, Res<'static, Weather>);
///     type View<'a> = Sight<'a>;
///     fn view<'a>((wolves, weather): &'a SystemParamItem<'_, '_, Self::Param>) -> Sight<'a> {
///         Sight { wolves, weather }
///     }
/// }
/// ```
///
/// and the tree is declared with `world<'w> = Env<'w, Looks, Order>`,
/// its behaviors calling `ctx.world().read().wolf_within(..)`. A query
/// here may not read a component that the agent ([`Agent::Data`](crate::Agent::Data))
/// writes, unless their filters keep them apart (`Without<Sheep>`): Bevy
/// refuses two such accesses in one system as soon as the plugin is added
/// (its error B0001).
///
/// Reading other entities keeps the tick deterministic: what a tree reads
/// is what the ECS held before the tick set, whatever the order or the
/// threads in which agents tick, because the plugin's trees change the
/// ECS only through their outputs, applied after every tick.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not what a `DecidersPlugin`'s trees can read",
    note = "the trees read a resource, or a type implementing `deciders_bevy::Reads` that fetches read-only queries and resources"
)]
pub trait Reads: Send + Sync + 'static {
    /// What the plugin fetches for each step, read-only; its item is
    /// shared by the threads that tick.
    type Param: ReadOnlySystemParam + for<'w, 's> SystemParam<Item<'w, 's>: Sync> + 'static;
    /// What a tick sees: `ctx.world().read()`. `Send`, as a view of the
    /// shared parameter (references to it are): the parallel tick makes
    /// its threads' frames once and hands them to the threads.
    type View<'a>: Copy + Send;
    /// The view of one tick, over the step's fetched parameter.
    fn view<'a>(param: &'a SystemParamItem<'_, '_, Self::Param>) -> Self::View<'a>;
}

impl<R: Resource> Reads for R {
    type Param = Res<'static, R>;
    type View<'a> = &'a R;
    #[inline]
    fn view<'a>(param: &'a SystemParamItem<'_, '_, Self::Param>) -> &'a R {
        param
    }
}

/// What an [`Env`] puts its outputs and requests into: its own (a tick
/// outside Bevy, [`Env::new`]), or the tick thread's buffers, lent for
/// one tick (the plugin: nothing built or moved per entity).
pub(crate) enum Held<'w, T> {
    Own(T),
    Lent(&'w mut T),
}

impl<T> Held<'_, T> {
    #[inline]
    pub(crate) fn get(&mut self) -> &mut T {
        match self {
            Held::Own(value) => value,
            Held::Lent(value) => value,
        }
    }

    /// The value, taken from where it is lent if it is.
    fn take(self) -> T
    where
        T: Default,
    {
        match self {
            Held::Own(value) => value,
            Held::Lent(value) => core::mem::take(value),
        }
    }
}

/// What an [`Env`] launches and what comes back: [`NoDeferred`] (nothing)
/// or [`Deferring<L, Done>`].
pub trait Deferral: Send + Sync + 'static {
    /// What a launch asks the game for.
    type Launch: Send + Sync + 'static;
    /// What the game reports when a launch completes.
    type Done: Send + Sync + 'static;
    /// Whether this is [`NoDeferred`]: the plugin then skips the deferred
    /// bookkeeping of each tick.
    #[doc(hidden)]
    const NONE: bool = false;
}

/// No deferred actions: the default of [`Env`]. No value exists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoDeferred {}

impl Deferral for NoDeferred {
    type Launch = NoDeferred;
    type Done = NoDeferred;
    const NONE: bool = true;
}

/// Deferred actions launching `L` and completed with `Done`: the `D` of
/// an [`Env`] whose behaviors launch (`Env<'w, Scene, Order,
/// Deferring<Anim, bool>>`) and of its [`DecidersPlugin`].
pub struct Deferring<L, Done>(PhantomData<fn() -> (L, Done)>);

impl<L: Send + Sync + 'static, Done: Send + Sync + 'static> Deferral for Deferring<L, Done> {
    type Launch = L;
    type Done = Done;
}

impl<'w, R: Reads, O> Env<'w, R, O> {
    /// The world of one tick of `entity`'s tree over the snapshot `read`
    /// (`&R` for a resource `R`), with no output yet: what the plugin
    /// builds for every tick, for ticking a tree outside Bevy (a test, a
    /// tool) exactly as it does.
    pub fn new(read: R::View<'w>, entity: Entity) -> Self {
        /// No completion: there is no launch.
        static NONE: OnceLock<Completions<NoDeferred>> = OnceLock::new();
        Env {
            read,
            entity,
            out: Held::Own(Vec::new()),
            requests: Held::Own(Requests::with_capacity(0, 0)),
            completions: NONE.get_or_init(Completions::new),
        }
    }
}

impl<'w, R: Reads, O, L: Send + Sync + 'static, Done: Send + Sync + 'static>
    Env<'w, R, O, Deferring<L, Done>>
{
    /// [`Env::new`] for a tree with deferred actions: its launches and
    /// cancels go to `requests` (read them back with
    /// [`into_parts`](Self::into_parts)), its polls read `completions`.
    /// The plugin gives each entity's tick requests of
    /// [`DeferredActions::capacity`] numbered from 0 for the step, and
    /// sets the frame's agent to the entity's index
    /// (`Frame::set_agent(entity.index().index())`).
    pub fn with_deferred(
        read: R::View<'w>,
        entity: Entity,
        requests: Requests<L>,
        completions: &'w Completions<Done>,
    ) -> Self {
        Env {
            read,
            entity,
            out: Held::Own(Vec::new()),
            requests: Held::Own(requests),
            completions,
        }
    }
}

impl<'w, R: Reads, O, D: Deferral> Env<'w, R, O, D> {
    /// The outputs emitted, each with its entity, in the order emitted.
    pub fn into_outputs(self) -> Vec<(Entity, O)> {
        self.out.take()
    }

    /// The outputs emitted and the deferred requests made.
    pub fn into_parts(self) -> (Vec<(Entity, O)>, Requests<D::Launch>) {
        let requests = match self.requests {
            Held::Own(requests) => requests,
            Held::Lent(requests) => core::mem::replace(requests, Requests::with_capacity(0, 0)),
        };
        (self.out.take(), requests)
    }

    /// What the tree reads of the ECS this step: the snapshot resource
    /// (`&R`), or the view of a [`Reads`] of yours.
    #[inline]
    pub fn read(&self) -> R::View<'w> {
        self.read
    }

    /// The entity whose tree is ticking.
    #[inline]
    pub fn entity(&self) -> Entity {
        self.entity
    }

    /// Asks the ECS for `output`, on behalf of the entity ticking: applied
    /// in the [`DecidersSystems::Apply`] set, after every brain ticked.
    #[inline]
    pub fn emit(&mut self, output: O) {
        self.out.get().push((self.entity, output));
    }
}

/// The deferred actions of a tree ticked by the plugin (V5): launches
/// and cancels go to the entity's requests, then to
/// [`DeferredActions`], tagged with the entity; polls read the
/// completions the game reported there.
impl<'w, R: Reads, O, L: Send + Sync + 'static, Done: Send + Sync + 'static> Deferred
    for Env<'w, R, O, Deferring<L, Done>>
{
    type Launch = L;
    type Done = Done;

    #[inline]
    fn requests(&mut self) -> &mut Requests<L> {
        self.requests.get()
    }

    #[inline]
    fn completions(&self) -> &Completions<Done> {
        self.completions
    }
}

/// A request a behavior makes of the ECS, turned into commands once every
/// brain of the frame has ticked, in entity order.
pub trait Output: Send + Sync + 'static {
    /// Queues what this output asks for; `entity` is the entity whose
    /// behavior emitted it.
    ///
    /// In [`DecidersSystems::Apply`], each entity's outputs are applied to
    /// the world (their commands run) before the next entity's. So
    /// `entity` exists when this is called there: if an earlier output
    /// despawned it, its outputs are dropped instead and reported as an
    /// [`OutputsDropped`] message. Another entity this output names may be
    /// gone, despawned by an earlier output: ask with
    /// `commands.get_entity(other)` rather than `commands.entity(other)`,
    /// whose insert panics in Bevy's command handler when `other` is
    /// missing.
    ///
    /// The outputs of a despawn halt (the `deactivate` hooks run when the
    /// entity is despawned) are applied too, but their commands run once
    /// `entity` is gone: commands on `entity` itself there must allow for
    /// that (`try_insert`, `queue_silenced`).
    fn apply(self, entity: Entity, commands: &mut Commands);
}
