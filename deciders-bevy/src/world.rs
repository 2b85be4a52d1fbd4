//! The world a tree sees ([`Env`]: this frame's snapshot, the entity
//! ticking, its outputs, and its deferred actions when it has them) and
//! what its behaviors ask of the ECS ([`Output`]).

use core::marker::PhantomData;
use std::sync::OnceLock;

use bevy_ecs::prelude::*;
use deciders::deferred::{Completions, Deferred, Requests};

#[cfg(doc)]
use crate::{DecidersPlugin, DecidersSystems, DeferredActions, OutputsDropped};

/// The world a tree ticked by [`DecidersPlugin`] sees through its context
/// (`ctx.world()`, `ctx.world_mut()`): this frame's snapshot `R`
/// (read-only, shared by every agent), the entity being ticked, where
/// its outputs go, and, with `D` = [`Deferring<L, Done>`], its deferred
/// actions: `Env<'w, R, O, Deferring<L, Done>>` implements
/// [`Deferred`], so behaviors call `ctx.launch`, `ctx.poll` and
/// `ctx.abandon` (see [`DeferredActions`]). The default `D`,
/// [`NoDeferred`], has none.
pub struct Env<'w, R, O, D: Deferral = NoDeferred> {
    pub(crate) read: &'w R,
    pub(crate) entity: Entity,
    pub(crate) out: Held<'w, Vec<(Entity, O)>>,
    pub(crate) requests: Held<'w, Requests<D::Launch>>,
    pub(crate) completions: &'w Completions<D::Done>,
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

impl<'w, R, O> Env<'w, R, O> {
    /// The world of one tick of `entity`'s tree over the snapshot `read`,
    /// with no output yet: what the plugin builds for every tick, for
    /// ticking a tree outside Bevy (a test, a tool) exactly as it does.
    pub fn new(read: &'w R, entity: Entity) -> Self {
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

impl<'w, R, O, L: Send + Sync + 'static, Done: Send + Sync + 'static>
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
        read: &'w R,
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

impl<'w, R, O, D: Deferral> Env<'w, R, O, D> {
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

    /// This frame's snapshot.
    #[inline]
    pub fn read(&self) -> &'w R {
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
impl<'w, R, O, L: Send + Sync + 'static, Done: Send + Sync + 'static> Deferred
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
