//! Bevy integration of [`deciders`]: a plugin that ticks every entity's
//! behavior tree in parallel and deterministically.
//!
//! Supported: Bevy 0.20 (the split crates `bevy_ecs`, `bevy_app`,
//! `bevy_time`, `bevy_tasks`, `bevy_utils`, with their default features
//! off), Rust 1.95 or newer (what those crates declare; the core `deciders`
//! crates keep their own, older minimum). The `bevy` umbrella crate is not
//! needed.
//!
//! # The pieces
//!
//! - **The agent** is a component of yours, `A`: what the tree's behaviors
//!   act on, as in any `deciders` tree; or a view over several components
//!   of the entity (its position to change, its hunger to read), a type of
//!   yours with a lifetime that [`Agent`] builds from a query for each
//!   tick.
//! - **The tree state** is the component [`Brain<T>`] on the same entity:
//!   the generated state of the tree `T` in a
//!   [`deciders::lifecycle::Player`] (pause, resume, stop, play
//!   modes), with the entity's decision and stimuli flags and its tick rate.
//! - **The world** the tree sees is [`Env<'w, R, O>`]: a read-only borrow
//!   of a resource `R` of yours (this frame's snapshot of whatever the
//!   trees read: the player's position, the map), the entity being ticked,
//!   and a buffer of outputs `O`, the typed requests behaviors make of the
//!   ECS (spawn this, despawn me, send that). Declare the tree with it:
//!   `tree Guard for Guard, world<'w> = deciders_bevy::Env<'w, Scene, Order>`.
//! - **The plugin** [`DecidersPlugin<A, T, R, O>`] (it needs Bevy's
//!   `TimePlugin`, part of `MinimalPlugins` and `DefaultPlugins`, and the
//!   resource `R`) runs three system sets
//!   in a schedule you choose (default [`FixedUpdate`]), chained:
//!   [`DecidersSystems::Prepare`] (your systems: set flags, stimuli,
//!   pause or resume brains, update the snapshot), [`DecidersSystems::Tick`]
//!   (every due brain ticks, on Bevy's compute task pool) and
//!   [`DecidersSystems::Apply`] (every output becomes [`Commands`] through
//!   [`Output::apply`], in entity order).
//!
//! # Deterministic
//!
//! Each agent's tick reads only its own components and the shared
//! snapshot, and each output is tagged with its entity; the outputs of a
//! frame are applied sorted by entity, each entity's in the order its
//! behaviors made them. So the result is the same on 1, 2 or 4 threads, and
//! the same as ticking the agents one by one in entity order outside Bevy.
//! The frame time is the schedule's [`Time`] (`Time<Fixed>` in
//! `FixedUpdate`), never the wall clock; level-of-detail ticking (a brain
//! ticked every `n`-th step, [`Brain::tick_every`]) is staggered by entity
//! index, not by a time budget.
//!
//! # Seeds
//!
//! Random choices (`random`, `shuffle`) are drawn from the tree's seed.
//! Put a [`Seed`] on the entity and the plugin seeds its brain with it,
//! whenever the brain or the seed is inserted: the same seed gives the same
//! choices whatever the entity's index or the order of spawning, so a
//! level replays alike. Without one, a brain keeps the seed its tree was
//! built with (`Tree::with_seed`).
//!
//! # Seeing inside
//!
//! Add a [`Watch`] next to a brain to see it from a debug overlay or an
//! inspector: after each tick it holds the status, the clock, the active
//! path, the error count and the describe-state text, and it records a
//! replay of the entity's ticks on demand. With the cargo feature
//! `reflect`, it implements Bevy's `Reflect`; with the feature `tracing`,
//! a watched brain's ticks also go to the `tracing` crate
//! (`deciders::trace::Tracing`: each tick a span `tick`, each step an
//! event), inside a span `brain` whose field `entity` names the entity.
//! Errors a tick reports (a group that broke the subset rule) become
//! [`TreeErrors`] messages, in entity order, and are counted per brain
//! ([`Brain::errors`]).
//!
//! # Save games
//!
//! With the cargo feature `serde`, [`Brain<T>`] implements serde's
//! `Serialize` and `Deserialize` when the tree `T` does (a tree that
//! derives them inside `tree!`: see `deciders`' guide, "Save games"): save
//! every brain with its agent component, in the middle of a run, and spawn
//! them into a fresh app; they go on step for step as they would have.
//! A brain ticked every `n`-th step keeps its rhythm: the steps left to
//! its next tick are part of it, not of the plugin.
//! `Brain<T>` is not registered for Bevy's reflection-based scenes:
//! reflecting it as an opaque value needs `Clone` and `TypePath` of it and
//! of the generated tree; use the serde path.
//!
//! # Despawn halts
//!
//! When an entity with a brain is despawned, or loses its brain or its
//! agent component (a part of its view), the plugin's observer stops the
//! tree first: every
//! running behavior gets its `deactivate` with `Exit::Halted`, so nothing
//! is left half-done, and the outputs those hooks make are applied at once.
//! That is where a long action handed to a game system is cancelled: a
//! behavior that emitted a "start" output emits the matching "cancel"
//! output from its `deactivate`, and the despawn applies it.
//!
//! # Faults
//!
//! Nothing a tree, a save or a frame's despawns do makes the plugin's
//! systems panic, so one agent's fault does not end the app:
//!
//! - **A hook that panics** in the tick (a behavior, a decide, a
//!   condition, a tracer, the `deactivate` of a pending stop) is caught
//!   around that entity alone, on any number of threads, as
//!   `deciders::batch::par_tick_all` catches one per agent: the other
//!   entities tick and their outputs are applied, later updates run as
//!   usual, and the panic becomes a [`TreePanicked`] message (the entity
//!   and the panic's text) and one more [`Brain::panics`]. The tree is left
//!   as if dropped at the panic (nothing active, no `deactivate` called;
//!   timers and the clock kept): its next tick starts from the root. What
//!   its hooks emitted before the panic is applied. A `deactivate` that
//!   panics in a despawn halt is caught and reported the same way.
//!   (With `panic = "abort"`, nothing can be caught.)
//! - **An entity despawned by an earlier output** of the same
//!   [`DecidersSystems::Apply`] (two brains that despawn each other: the
//!   lower entity's outputs apply first) has its own outputs dropped, not
//!   applied to a missing entity (Bevy's command handler panics on an
//!   insert into one): an [`OutputsDropped`] message names it and counts
//!   them. Each entity's outputs are applied to the world before the next
//!   entity's, so an output about *another* entity can ask
//!   `commands.get_entity(other)` whether it is still there (see
//!   [`Output::apply`]).
//! - **A loaded [`Brain`]** (feature `serde`) whose fields would break a
//!   later step (`every: 0`, a countdown `wait` not below `every`, a
//!   negative or not finite `pending_dt`) is refused by its
//!   `Deserialize` with an error naming the field.
//!
//! # Example
//!
//! ```
//! use bevy_app::{App, FixedUpdate};
//! use bevy_ecs::prelude::*;
//! use deciders::{Behavior, Ctx, Status};
//! use deciders_bevy::{Brain, DecidersPlugin, Env, Output};
//!
//! /// The snapshot every guard reads.
//! #[derive(Resource, Default)]
//! struct Scene { alarm: bool }
//!
//! /// What guards ask of the ECS.
//! enum Order { Shout }
//! impl Output for Order {
//!     fn apply(self, entity: Entity, commands: &mut Commands) {
//!         commands.entity(entity).insert(Shouted);
//!     }
//! }
//!
//! #[derive(Component)]
//! struct Shouted;
//!
//! #[derive(Component, Default)]
//! struct Guard;
//!
//! type World<'w> = Env<'w, Scene, Order>;
//!
//! #[derive(Default)]
//! struct Shout;
//! impl<'w> Behavior<Guard, World<'w>> for Shout {
//!     fn tick(&mut self, _: &mut Guard, ctx: &mut Ctx<World<'w>>) -> Status {
//!         ctx.world_mut().emit(Order::Shout);
//!         Status::Success
//!     }
//! }
//!
//! fn alarmed(_: &Guard, ctx: &Ctx<World<'_>>) -> bool {
//!     ctx.world().read().alarm
//! }
//!
//! deciders::tree! {
//!     tree Post for Guard, world<'w> = Env<'w, Scene, Order> {
//!         sequence { condition(alarmed), Shout }
//!     }
//! }
//!
//! let mut app = App::new();
//! // The frame time is `Time`'s: `TimePlugin` (in Bevy's `MinimalPlugins`
//! // and `DefaultPlugins`) must be there.
//! app.add_plugins(bevy_time::TimePlugin);
//! app.add_plugins(DecidersPlugin::<Guard, Post, Scene, Order>::new().in_schedule(bevy_app::Update));
//! app.insert_resource(Scene { alarm: true });
//! let guard = app.world_mut().spawn((Guard, Brain::new(Post::new()))).id();
//! app.update();
//! assert!(app.world().entity(guard).contains::<Shouted>());
//! ```

use core::marker::PhantomData;

use bevy_app::{App, FixedUpdate, Plugin};
use bevy_ecs::component::Mutable;
use bevy_ecs::lifecycle::{Insert, Remove};
use bevy_ecs::observer::On;
use bevy_ecs::prelude::*;
use bevy_ecs::query::{IterQueryData, QueryItem};
use bevy_ecs::schedule::{InternedScheduleLabel, ScheduleLabel};
use bevy_ecs::world::CommandQueue;
use bevy_time::Time;
use bevy_utils::Parallel;
use deciders::lifecycle::{PlayMode, Player};
use deciders::replay::Recorder;
use deciders::{describe, Flags, Frame, NoTrace, TickError, Trace, Tree};

/// The world a tree ticked by [`DecidersPlugin`] sees through its context
/// (`ctx.world()`, `ctx.world_mut()`): this frame's snapshot `R`
/// (read-only, shared by every agent), the entity being ticked, and where
/// its outputs go.
pub struct Env<'w, R, O> {
    read: &'w R,
    entity: Entity,
    out: Vec<(Entity, O)>,
}

impl<'w, R, O> Env<'w, R, O> {
    /// The world of one tick of `entity`'s tree over the snapshot `read`,
    /// with no output yet: what the plugin builds for every tick, for
    /// ticking a tree outside Bevy (a test, a tool) exactly as it does.
    pub fn new(read: &'w R, entity: Entity) -> Self {
        Env {
            read,
            entity,
            out: Vec::new(),
        }
    }

    /// The outputs emitted, each with its entity, in the order emitted.
    pub fn into_outputs(self) -> Vec<(Entity, O)> {
        self.out
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
        self.out.push((self.entity, output));
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

/// What a tree ticked by [`DecidersPlugin`] acts on: the components of the
/// entity that its hooks get as the agent, fetched for each tick.
///
/// Any mutable component is an agent by itself (the tree is declared `for`
/// the component and its hooks get `&mut` of it). An agent that is a *view*
/// over several components implements this trait: a type of yours with a
/// lifetime, borrowing the components for the tick, that the tree is
/// declared for with the world's lifetime (`tree Graze for Sheep<'w>,
/// world<'w> = Env<'w, Field, Order>`):
///
/// ```
/// use bevy_ecs::prelude::*;
/// use bevy_ecs::query::QueryItem;
/// use deciders_bevy::Agent;
///
/// #[derive(Component)]
/// struct Position(f32);
/// #[derive(Component)]
/// struct Hunger(f32);
///
/// /// What the sheep's tree sees: its position to change, its hunger to read.
/// struct Sheep<'a> {
///     position: &'a mut Position,
///     hunger: &'a Hunger,
/// }
///
/// /// The query behind the view (a marker type of yours).
/// struct SheepParts;
///
/// impl Agent for SheepParts {
///     type Data = (&'static mut Position, &'static Hunger);
///     type Parts = (Position, Hunger);
///     type View<'a> = Sheep<'a>;
///     fn with_view<'i, Out>(
///         (position, hunger): &'i mut QueryItem<'_, '_, Self::Data>,
///         f: impl FnOnce(&mut Self::View<'i>) -> Out,
///     ) -> Out {
///         f(&mut Sheep { position, hunger })
///     }
/// }
/// ```
///
/// and the plugin is `DecidersPlugin::<SheepParts, Graze, Field, Order>`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an agent for `DecidersPlugin`",
    note = "an agent is a mutable component, or a type implementing `deciders_bevy::Agent` that builds a view over several components"
)]
pub trait Agent: Send + Sync + 'static {
    /// The components fetched for a tick, as a query: `&'static mut C` for
    /// a component the tree changes, `&'static C` for one it only reads.
    type Data: IterQueryData;
    /// The components whose removal from an entity stops its tree (as
    /// despawning the entity or removing its brain does).
    type Parts: Bundle;
    /// The agent type the tree is declared for; its hooks get `&mut` of it.
    type View<'a>;
    /// Calls `f` with the agent built from the entity's fetched components.
    fn with_view<'i, Out>(
        item: &'i mut QueryItem<'_, '_, Self::Data>,
        f: impl FnOnce(&mut Self::View<'i>) -> Out,
    ) -> Out;
}

impl<C: Component<Mutability = Mutable>> Agent for C {
    type Data = &'static mut C;
    type Parts = C;
    type View<'a> = C;
    #[inline]
    fn with_view<'i, Out>(
        item: &'i mut QueryItem<'_, '_, Self::Data>,
        f: impl FnOnce(&mut Self::View<'i>) -> Out,
    ) -> Out {
        f(&mut **item)
    }
}

/// The seed of the entity's tree (D8): put it on the entity beside (or
/// before) its [`Brain`], and the plugin reseeds the tree whenever either is
/// inserted, so an agent's random choices depend on this value, never on
/// the entity's index or on the order entities were spawned in. Without
/// it, a brain keeps the seed its tree was built with
/// (`Tree::with_seed`, 0 for `Tree::new`).
///
/// ```
/// # use bevy_ecs::prelude::*;
/// # use deciders_bevy::Seed;
/// # #[derive(Component)] struct Sheep;
/// # let mut world = World::new();
/// // The same seed in every run of the level, whatever else was spawned first.
/// world.spawn((Sheep, Seed(42)));
/// ```
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Seed(pub u64);

/// A Bevy message written when a brain's tick reported errors (its
/// frame's [`Report`](deciders::Report): a group that broke the subset rule, a deferred
/// launch refused): the entity, the first error of that tick and how many
/// there were. Read them with a `MessageReader<TreeErrors>` in a system
/// after [`DecidersSystems::Tick`]; [`Brain::errors`] counts them per
/// brain. Written in entity order, so the same frames give the same
/// messages on any number of threads.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct TreeErrors {
    /// The entity whose tick reported the errors.
    pub entity: Entity,
    /// The first error of the tick.
    pub first: TickError,
    /// How many errors the tick reported.
    pub count: u32,
}

/// A Bevy message written when a hook of an entity's tree panicked in the
/// plugin's tick (a behavior, a decide, a condition, a tracer, or the
/// `deactivate` hooks of a pending [`Brain::stop`]): the entity and the
/// panic's text. Read them with a `MessageReader<TreePanicked>` in a
/// system after [`DecidersSystems::Tick`]; [`Brain::panics`] counts them
/// per brain. Written in entity order.
///
/// The panic does not leave the tick, as with
/// `deciders::batch::par_tick_all`: it is caught around that entity alone
/// (`std::panic::catch_unwind`), every other entity ticks and has its
/// outputs applied, and later updates run as usual. The entity's tree is
/// left as if dropped at the panic (T4): nothing active, no `deactivate`
/// called, and its next tick starts from the root; timers, cooldowns and
/// the clock are kept. What its hooks emitted before the panic is applied
/// with the rest of the frame's outputs. The panic hook still runs (the
/// default one prints the panic to stderr); with `panic = "abort"`
/// nothing is caught.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct TreePanicked {
    /// The entity whose tick panicked.
    pub entity: Entity,
    /// The panic's message (`panic!("…")`), or `Box<dyn Any>` when its
    /// payload is not text.
    pub message: String,
}

/// The text of a caught panic's payload.
fn panic_text(payload: &(dyn core::any::Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&'static str>() {
        (*text).to_string()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "Box<dyn Any>".to_string()
    }
}

/// A Bevy message written when the outputs of an entity were not applied
/// because the entity no longer existed when their turn came in
/// [`DecidersSystems::Apply`]: an output applied before them (another
/// entity's, or one of a despawn halt) despawned it. `count` outputs were
/// dropped; the other entities' outputs were applied.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutputsDropped {
    /// The entity that emitted them, despawned earlier in the same apply.
    pub entity: Entity,
    /// How many of its outputs were dropped.
    pub count: u32,
}

/// An entity's behavior tree: the state of the tree `T` in a lifecycle
/// [`Player`], the flags its guards test this frame, its tick rate, and a
/// lifecycle operation waiting for the next tick.
///
/// Loading one (cargo feature `serde`) checks what a later step relies
/// on, and refuses a save that breaks it with an error naming the field:
/// `every` must be at least 1, `wait` below `every`, and `pending_dt`
/// finite and not negative.
#[derive(Component)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(
        try_from = "BrainData<T>",
        bound(deserialize = "T: serde::Deserialize<'de>")
    )
)]
pub struct Brain<T: Send + Sync + 'static> {
    player: Player<T>,
    flags: Flags,
    stimuli: Flags,
    every: u32,
    /// Steps to let pass before the next tick; `None` until the brain's
    /// first step, which sets it from the entity's index, so that brains
    /// of one rate spread over the steps. Part of the brain (and of its
    /// save), not of the system: a loaded brain keeps its rhythm.
    wait: Option<u32>,
    pending_dt: f32,
    op: Option<Op>,
    errors: u32,
    /// Panics caught in its steps.
    panics: u32,
    last: Option<deciders::Status>,
}

/// A [`Brain`] as saved, before its fields are checked.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(rename = "Brain")]
struct BrainData<T> {
    player: Player<T>,
    flags: Flags,
    stimuli: Flags,
    every: u32,
    wait: Option<u32>,
    pending_dt: f32,
    op: Option<Op>,
    errors: u32,
    /// Absent from saves made before brains counted panics.
    #[serde(default)]
    panics: u32,
    last: Option<deciders::Status>,
}

/// Why a saved [`Brain`] was refused: the field and what is wrong with it.
#[cfg(feature = "serde")]
#[derive(Debug)]
struct BadBrain {
    field: &'static str,
    problem: String,
}

#[cfg(feature = "serde")]
impl core::fmt::Display for BadBrain {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "invalid Brain field `{}`: {}", self.field, self.problem)
    }
}

#[cfg(feature = "serde")]
impl<T: Send + Sync + 'static> TryFrom<BrainData<T>> for Brain<T> {
    type Error = BadBrain;

    fn try_from(data: BrainData<T>) -> Result<Self, BadBrain> {
        let bad = |field, problem: String| Err(BadBrain { field, problem });
        if data.every == 0 {
            return bad(
                "every",
                "0, and a brain ticks every n-th step with n at least 1".into(),
            );
        }
        if let Some(wait) = data.wait.filter(|&wait| wait >= data.every) {
            return bad(
                "wait",
                format!("{wait} steps, not below `every` ({})", data.every),
            );
        }
        if !(data.pending_dt.is_finite() && data.pending_dt >= 0.0) {
            return bad(
                "pending_dt",
                format!("{}, not a finite time of 0 or more", data.pending_dt),
            );
        }
        Ok(Brain {
            player: data.player,
            flags: data.flags,
            stimuli: data.stimuli,
            every: data.every,
            wait: data.wait,
            pending_dt: data.pending_dt,
            op: data.op,
            errors: data.errors,
            panics: data.panics,
            last: data.last,
        })
    }
}

/// A lifecycle operation asked for outside the tick, performed by the tick
/// system (which has the agent and the world the hooks need).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
enum Op {
    Play(PlayMode),
    Pause,
    Resume,
    Stop,
    Reset,
}

impl<T: Send + Sync + 'static> Brain<T> {
    /// A brain ticking `tree` every step.
    pub fn new(tree: T) -> Self {
        Brain {
            player: Player::new(tree),
            flags: Flags::EMPTY,
            stimuli: Flags::EMPTY,
            every: 1,
            wait: None,
            pending_dt: 0.0,
            op: None,
            errors: 0,
            panics: 0,
            last: None,
        }
    }

    /// Level of detail: ticks every `n`-th step of the schedule (`n = 0`
    /// counts as 1), with the time of the `n` steps. Brains of the same
    /// rate are staggered by entity index, so a thousand far-away agents
    /// ticked every fourth step cost a quarter of the work every step.
    pub fn tick_every(mut self, n: u32) -> Self {
        self.set_tick_every(n);
        self
    }

    /// Sets the rate of [`tick_every`](Self::tick_every) on a live brain.
    pub fn set_tick_every(&mut self, n: u32) {
        self.every = n.max(1);
        self.wait = None;
    }

    /// The decision flags the next tick's guards test (G1).
    pub fn set_flags(&mut self, flags: Flags) {
        self.flags = flags;
    }

    /// The stimuli flags the next tick's guards test (G1, V2).
    pub fn set_stimuli(&mut self, stimuli: Flags) {
        self.stimuli = stimuli;
    }

    /// The lifecycle: status, mode, count, and the tree state
    /// (`player().tree()`), to read or draw.
    pub fn player(&self) -> &Player<T> {
        &self.player
    }

    /// The tree state.
    pub fn tree(&self) -> &T {
        self.player.tree()
    }

    /// What the root reported at its last tick; `None` before the first,
    /// or if that tick did nothing (paused, stopped).
    pub fn last_status(&self) -> Option<deciders::Status> {
        self.last
    }

    /// How many errors its ticks have reported so far (D9: a group that
    /// broke the subset rule), from the frames' reports.
    pub fn errors(&self) -> u32 {
        self.errors
    }

    /// How many of its steps panicked so far: a hook (or its pending
    /// operation) panicked, the plugin caught it and wrote a
    /// [`TreePanicked`] message.
    pub fn panics(&self) -> u32 {
        self.panics
    }

    /// Plays the tree with `mode` at the start of the next tick step (O1,
    /// O5). Operations asked for in the same frame replace each other: the
    /// last one is performed.
    pub fn play(&mut self, mode: PlayMode) {
        self.op = Some(Op::Play(mode));
    }

    /// Pauses at the start of the next tick step (O2).
    pub fn pause(&mut self) {
        self.op = Some(Op::Pause);
    }

    /// Resumes at the start of the next tick step (O2).
    pub fn resume(&mut self) {
        self.op = Some(Op::Resume);
    }

    /// Stops at the start of the next tick step (O3).
    pub fn stop(&mut self) {
        self.op = Some(Op::Stop);
    }

    /// Resets at the start of the next tick step (O3).
    pub fn reset(&mut self) {
        self.op = Some(Op::Reset);
    }

    /// Whether this brain ticks at this step (every `every`-th step, or
    /// now if an operation waits); accumulates `dt` either way. The
    /// countdown is stored only when it changes: a brain ticked every
    /// step (whose countdown stays at 0) does not write it again.
    fn due(&mut self, entity: Entity, dt: f32) -> bool {
        self.pending_dt += dt;
        let wait = match self.wait {
            Some(wait) => wait,
            None => entity.index().index() % self.every,
        };
        let next = Some(if wait == 0 { self.every - 1 } else { wait - 1 });
        if self.wait != next {
            self.wait = next;
        }
        wait == 0 || self.op.is_some()
    }
}

/// The system sets of [`DecidersPlugin`], chained in this order in its
/// schedule.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DecidersSystems {
    /// Yours: set flags and stimuli, pause or resume brains, update the
    /// snapshot.
    Prepare,
    /// Every due brain ticks, in parallel; a panic in one brain's step is
    /// caught and written as a [`TreePanicked`] message.
    Tick,
    /// Every output becomes commands, in entity order, each entity's
    /// applied before the next entity's; the outputs of an entity
    /// despawned by an earlier one are dropped ([`OutputsDropped`]).
    Apply,
}

/// The outputs of one tree's brains this frame, tagged with their entity
/// and their place in the order they were gathered. An entity is ticked by
/// one thread, so its outputs are one run in that order: sorting by
/// (entity, place) keeps each run as it was, without the allocation of a
/// stable sort.
#[derive(Resource)]
struct Outbox<T, O> {
    out: Vec<(Entity, u32, O)>,
    /// The frame's errors, sorted by entity before they are written.
    errors: Vec<TreeErrors>,
    /// The frame's caught panics, likewise.
    panics: Vec<TreePanicked>,
    /// The tick system's runs so far: the frames of a watched brain's
    /// replay.
    steps: u64,
    _tree: PhantomData<fn() -> T>,
}

impl<T, O> Default for Outbox<T, O> {
    fn default() -> Self {
        Outbox {
            out: Vec::new(),
            errors: Vec::new(),
            panics: Vec::new(),
            steps: 0,
            _tree: PhantomData,
        }
    }
}

/// Ticks every entity that has the agent `A` (a component, or the parts of
/// a view: [`Agent`]) and a
/// [`Brain<T>`], with the world [`Env<'_, R, O>`]: see [the crate](crate).
pub struct DecidersPlugin<A, T, R, O> {
    schedule: InternedScheduleLabel,
    _types: PhantomData<Types<A, T, R, O>>,
}

/// What a plugin is for, as a `PhantomData` that is `Send` and `Sync`
/// whatever the types.
type Types<A, T, R, O> = fn() -> (A, T, R, O);

impl<A, T, R, O> DecidersPlugin<A, T, R, O> {
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

impl<A, T, R, O> Default for DecidersPlugin<A, T, R, O> {
    fn default() -> Self {
        Self::new()
    }
}

impl<A, T, R, O> Plugin for DecidersPlugin<A, T, R, O>
where
    A: Agent,
    T: for<'w> Tree<A::View<'w>, Env<'w, R, O>> + Send + Sync + 'static,
    R: Resource,
    O: Output,
{
    fn build(&self, app: &mut App) {
        app.init_resource::<Outbox<T, O>>();
        app.add_message::<TreeErrors>();
        app.add_message::<TreePanicked>();
        app.add_message::<OutputsDropped>();
        app.configure_sets(
            self.schedule,
            (
                DecidersSystems::Prepare,
                DecidersSystems::Tick,
                DecidersSystems::Apply,
            )
                .chain(),
        );
        app.add_systems(
            self.schedule,
            (
                tick::<A, T, R, O>.in_set(DecidersSystems::Tick),
                apply::<T, O>.in_set(DecidersSystems::Apply),
            ),
        );
        app.add_observer(halt_on_remove::<A, T, R, O>);
        app.add_observer(seed_on_insert::<A, T, R, O>);
    }
}

/// The tick set: every due brain performs its pending operation and ticks,
/// on the compute task pool; the outputs are gathered per thread, then
/// sorted by entity.
#[allow(clippy::type_complexity)]
fn tick<A, T, R, O>(
    time: Res<Time>,
    read: Res<R>,
    mut agents: Query<(Entity, A::Data, &mut Brain<T>, Option<&mut Watch>)>,
    mut outbox: ResMut<Outbox<T, O>>,
    buffers: Local<Parallel<Buffers<O>>>,
    mut messages: MessageWriter<TreeErrors>,
    mut panicked: MessageWriter<TreePanicked>,
) where
    A: Agent,
    T: for<'w> Tree<A::View<'w>, Env<'w, R, O>> + Send + Sync + 'static,
    R: Resource,
    O: Output,
{
    let dt = time.delta_secs();
    // The plugin's steps number the frames of a watched brain's replay.
    let step = outbox.steps;
    outbox.steps += 1;
    let read: &R = &read;
    agents
        .par_iter_mut()
        // The thread's buffers are looked up once per batch of entities,
        // not once per entity.
        .for_each_init(
            || buffers.borrow_local_mut(),
            |buffer, (entity, mut data, brain, watch)| {
                // One `&mut` of the brain for the whole step (its change
                // tick written once): borrowing it again through the `Mut`
                // cost 5 ns more per entity (valgrind: the same cache
                // misses, more stores in this closure).
                let brain = brain.into_inner();
                if !brain.due(entity, dt) {
                    return;
                }
                // The outputs and errors go to the thread's buffers in
                // place: the output vector is not moved in and out of the
                // tick (returned through memory, then copied back) for
                // every entity.
                let buffer = &mut **buffer;
                match watch {
                    None => A::with_view(&mut data, |agent| {
                        tick_one(brain, agent, read, entity, buffer, &mut NoTrace);
                    }),
                    Some(mut watch) => {
                        let watch = &mut *watch;
                        A::with_view(&mut data, |agent| {
                            watched_tick(brain, agent, read, entity, buffer, watch, step);
                        });
                        watch.look::<A::View<'_>, Env<'_, R, O>, T>(brain);
                    }
                }
            },
        );
    let mut buffers = buffers;
    let Outbox {
        out,
        errors,
        panics,
        ..
    } = &mut *outbox;
    for buffer in buffers.iter_mut() {
        for (entity, output) in buffer.out.drain(..) {
            let place = u32::try_from(out.len()).unwrap_or(u32::MAX);
            out.push((entity, place, output));
        }
        errors.append(&mut buffer.errors);
        panics.append(&mut buffer.panics);
    }
    // Each entity's outputs stay in the order they were made.
    out.sort_unstable_by_key(|&(entity, place, _)| (entity, place));
    // An entity reports at most once a tick.
    errors.sort_unstable_by_key(|e| e.entity);
    messages.write_batch(errors.drain(..));
    // An entity panics at most once a tick.
    panics.sort_unstable_by_key(|p| p.entity);
    panicked.write_batch(panics.drain(..));
}

/// One thread's share of a frame: the outputs, the errors and the caught
/// panics of the brains it ticked.
struct Buffers<O> {
    out: Vec<(Entity, O)>,
    errors: Vec<TreeErrors>,
    panics: Vec<TreePanicked>,
}

impl<O> Default for Buffers<O> {
    fn default() -> Self {
        Buffers {
            out: Vec::new(),
            errors: Vec::new(),
            panics: Vec::new(),
        }
    }
}

/// A watched brain's tick: recorded for the replay, and, with the cargo
/// feature `tracing`, sent to the `tracing` crate inside a span `brain`
/// whose field `entity` names the entity.
///
/// The replay's frames are the plugin's steps in which the brain was due:
/// a step in which its player was paused is a paused frame; the steps a
/// brain of [`Brain::tick_every`] skips are not frames of its replay.
fn watched_tick<'w, A, T, R, O>(
    brain: &mut Brain<T>,
    agent: &mut A,
    read: &'w R,
    entity: Entity,
    buffer: &mut Buffers<O>,
    watch: &mut Watch,
    step: u64,
) where
    T: Tree<A, Env<'w, R, O>> + Send + Sync + 'static,
{
    watch.recorder.frame(step);
    #[cfg(feature = "tracing")]
    {
        let span = tracing::debug_span!(target: "deciders_bevy", "brain", entity = ?entity);
        let _entered = span.enter();
        let mut trace = (&mut watch.recorder, deciders::trace::Tracing::new());
        tick_one(brain, agent, read, entity, buffer, &mut trace);
    }
    #[cfg(not(feature = "tracing"))]
    tick_one(brain, agent, read, entity, buffer, &mut watch.recorder);
}

/// One brain's step: its pending operation, then a tick with the time
/// accumulated since its last one, in the world of `entity` over the
/// snapshot `read`; its outputs and errors go to the thread's `buffer`.
///
/// A panic in the step is caught here, around this entity alone, as
/// `deciders::batch::par_tick_all` catches one per agent: the frame (whose
/// world holds the thread's outputs so far, this entity's included) is
/// kept, the tree is as if dropped (T4), and the panic goes to the
/// buffer's panics and the brain's count.
fn tick_one<'w, A, T, R, O, Tr: Trace>(
    brain: &mut Brain<T>,
    agent: &mut A,
    read: &'w R,
    entity: Entity,
    buffer: &mut Buffers<O>,
    trace: &mut Tr,
) where
    T: Tree<A, Env<'w, R, O>> + Send + Sync + 'static,
{
    let dt = core::mem::take(&mut brain.pending_dt);
    let env = Env {
        read,
        entity,
        out: core::mem::take(&mut buffer.out),
    };
    let mut frame = Frame::new(dt).with_world(env).with_flags(brain.flags);
    frame.set_stimuli(brain.stimuli);
    let player = &mut brain.player;
    let op = brain.op.take();
    // Unwind safety: a tree whose hook panicked is as if dropped (T4); the
    // player, the agent and the frame hold what the hooks left in them,
    // which the `TreePanicked` message tells the game about.
    let stepped = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        match op {
            None => {}
            Some(Op::Play(mode)) => player.play(mode, agent, &mut frame),
            Some(Op::Pause) => player.pause(agent, &mut frame),
            Some(Op::Resume) => player.resume(agent, &mut frame),
            Some(Op::Stop) => player.stop(agent, &mut frame),
            Some(Op::Reset) => player.reset(agent, &mut frame),
        }
        player.tick_traced(agent, &mut frame, trace)
    }));
    match stepped {
        Ok(last) => brain.last = last,
        Err(payload) => {
            brain.last = None;
            brain.panics = brain.panics.saturating_add(1);
            buffer.panics.push(TreePanicked {
                entity,
                message: panic_text(&*payload),
            });
        }
    }
    let report = frame.report();
    if let Some(&first) = report.first() {
        let count = report.count();
        brain.errors = brain.errors.saturating_add(count);
        buffer.errors.push(TreeErrors {
            entity,
            first,
            count,
        });
    }
    buffer.out = frame.into_world().out;
}

/// The apply set: every output of the frame, in entity order. Each
/// entity's outputs become commands that are applied to the world before
/// the next entity's turn, so that an entity despawned by an earlier
/// output is seen gone: its outputs are dropped and reported
/// ([`OutputsDropped`]) instead of reaching Bevy's command handler, which
/// panics on an insert into a missing entity.
fn apply<T: Send + Sync + 'static, O: Output>(world: &mut World, mut queue: Local<CommandQueue>) {
    let mut out = core::mem::take(&mut world.resource_mut::<Outbox<T, O>>().out);
    // Allocates only in a frame that drops outputs.
    let mut dropped = Vec::new();
    let mut outputs = out.drain(..).peekable();
    while let Some((entity, _, first)) = outputs.next() {
        let rest = core::iter::from_fn(|| {
            outputs
                .next_if(|&(next, _, _)| next == entity)
                .map(|(_, _, output)| output)
        });
        if world.get_entity(entity).is_err() {
            let count = u32::try_from(1 + rest.count()).unwrap_or(u32::MAX);
            dropped.push(OutputsDropped { entity, count });
            continue;
        }
        let mut commands = Commands::new(&mut queue, world);
        first.apply(entity, &mut commands);
        for output in rest {
            output.apply(entity, &mut commands);
        }
        queue.apply(world);
    }
    drop(outputs);
    // The emptied buffer goes back, with its capacity, for the next frame.
    world.resource_mut::<Outbox<T, O>>().out = out;
    if !dropped.is_empty() {
        world.write_message_batch(dropped);
    }
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

/// Seeing inside one entity's brain: add this component next to a
/// [`Brain`] and, after each of its ticks, it holds the tree status, the
/// tree clock, the active path, the errors so far and the describe-state
/// text (I1) — what a debug overlay or an inspector shows — and, once
/// [`record`](Watch::record) is called, a recording of its ticks for a
/// replay (`deciders::replay::to_html`, I6). Entities without it pay
/// nothing; a watched entity allocates its texts every tick.
///
/// With the cargo feature `reflect`, it implements Bevy's `Reflect`, so
/// inspectors built on reflection (bevy-inspector-egui) show its fields.
#[derive(Component, Default, Debug)]
#[cfg_attr(feature = "reflect", derive(bevy_reflect::Reflect))]
#[cfg_attr(feature = "reflect", reflect(Component))]
pub struct Watch {
    /// The lifecycle status and the root's last status, e.g.
    /// `Executing, Running`.
    pub status: String,
    /// The tree clock, in seconds.
    pub clock: f64,
    /// The active path, root first: `root > eat > chew`.
    pub path: String,
    /// Errors reported by its ticks so far.
    pub errors: u32,
    /// `describe::write_state`: the active path with each node's memory,
    /// timers and counters.
    pub description: String,
    #[cfg_attr(feature = "reflect", reflect(ignore))]
    recorder: Recorder,
}

impl Watch {
    /// A watch that does not record.
    pub fn new() -> Self {
        Watch {
            recorder: Recorder::paused(),
            ..Watch::default()
        }
    }

    /// Starts recording the entity's ticks (every event of each tick and
    /// the active path after it), keeping the last `max_ticks`. The
    /// replay's frames are the plugin's steps in which the brain was due;
    /// one in which its player was paused shows as a paused frame.
    pub fn record(&mut self, max_ticks: usize) {
        self.recorder = Recorder::with_limit(max_ticks);
    }

    /// What has been recorded: hand it to `deciders::replay::to_html` with
    /// the tree's shape.
    pub fn recorder(&self) -> &Recorder {
        &self.recorder
    }

    /// Reads the brain after a tick.
    fn look<A, W, T: Tree<A, W> + Send + Sync + 'static>(&mut self, brain: &Brain<T>) {
        use core::fmt::Write;
        let tree = brain.player.tree();
        self.status.clear();
        let _ = write!(self.status, "{:?}", brain.player.status());
        if let Some(last) = brain.last {
            let _ = write!(self.status, ", {last:?}");
        }
        self.clock = tree.now();
        self.path.clear();
        tree.active_path(|node| {
            if !self.path.is_empty() {
                self.path.push_str(" > ");
            }
            self.path.push_str(node.name);
        });
        self.errors = brain.errors;
        self.description.clear();
        let _ = describe::write_state(tree, &mut self.description);
    }
}
