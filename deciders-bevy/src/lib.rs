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
//!   the core [`deciders::brain::Brain`] of the tree `T` (its state, its
//!   lifecycle — pause, resume, stop, play modes —, its stimuli store and
//!   its events inbox), with the entity's decision flags and its tick
//!   rate. Post events to it with [`Brain::post`] or a [`Post`] message,
//!   add stimuli with a payload and a timeout through
//!   [`Brain::stimuli_mut`]: its next tick delivers the events in order
//!   and expires the stimuli with the frame's time, as the core brain's
//!   does.
//! - **The world** the tree sees is [`Env<'w, R, O>`]: what it reads of
//!   the ECS, `R` — a resource of yours (a snapshot of whatever the trees
//!   read: the player's position, the map), or a [`Reads`] of yours that
//!   fetches read-only queries and resources each step, so that a guard
//!   asks other entities' components directly ("is a wolf within 15?") —,
//!   the entity being ticked,
//!   and a buffer of outputs `O`, the typed requests behaviors make of the
//!   ECS (spawn this, despawn me, send that). Declare the tree with it:
//!   `tree Guard for Guard, world<'w> = deciders_bevy::Env<'w, Scene, Order>`.
//!   A tree whose behaviors launch deferred actions (`ctx.launch`,
//!   `ctx.poll`) declares `Env<'w, Scene, Order, Deferring<Launch, Done>>`:
//!   the launches arrive in the resource [`DeferredActions`], tagged with
//!   their entity, and the game reports completions there by ticket.
//! - **The plugin** [`DecidersPlugin<A, T, R, O>`] (it needs Bevy's
//!   `TimePlugin`, part of `MinimalPlugins` and `DefaultPlugins`, and the
//!   resources that `R` reads) runs three system sets
//!   in a schedule you choose (default [`FixedUpdate`](bevy_app::FixedUpdate)), chained:
//!   [`DecidersSystems::Prepare`] (your systems: set flags, add stimuli,
//!   post events, pause or resume brains, update the snapshot),
//!   [`DecidersSystems::Tick`] (the frame's [`Post`] messages go to their
//!   brains' inboxes, then every due brain ticks, on Bevy's compute task
//!   pool, or in a plain loop when that pool has one thread or fewer
//!   brains are awake than [`DecidersPlugin::parallel_from`] says) and
//!   [`DecidersSystems::Apply`] (every output becomes [`Commands`](bevy_ecs::system::Commands) through
//!   [`Output::apply`], in entity order).
//!
//! # Deterministic
//!
//! Each agent's tick reads only its own components and what the world
//! reads of the ECS (which no tick changes), and each output is tagged
//! with its entity; the outputs of a
//! frame are applied sorted by entity, each entity's in the order its
//! behaviors made them. So the result is the same on 1, 2 or 4 threads, and
//! the same as ticking the agents one by one in entity order outside Bevy.
//! The frame time is the schedule's [`Time`](bevy_time::Time) (`Time<Fixed>` in
//! `FixedUpdate`), never the wall clock; level-of-detail ticking (a brain
//! ticked every `n`-th step, [`Brain::tick_every`]) is staggered by entity
//! index, not by a time budget.
//!
//! # One behavior, two worlds
//!
//! A behavior that needs nothing of the world (or only what a trait of
//! yours gives) is written once, generic over it —
//! `impl<W> Behavior<Sheep, W> for Graze` — and used both in a tree ticked
//! by the plugin (`world<'w> = Env<'w, Field, Order>`) and in a tree
//! ticked by `deciders::batch::tick_all` outside Bevy (a server, a test,
//! a tool): `tests/events_and_stimuli.rs` does both.
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
//! `reflect`, it, [`Brain<T>`] (its counts as fields, its lifecycle in its
//! reflected `Debug`) and [`Seed`] implement Bevy's `Reflect`, and the
//! plugin registers them in the app's type registry; with the feature
//! `tracing`,
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
//! Bevy's reflection-based scenes cannot save a brain: its reflection
//! (feature `reflect`) is for inspectors, it leaves out the tree state
//! (a generated tree implements no `Reflect`) and cannot rebuild a brain
//! from a reflected value; use the serde path.
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
//! # Brains that sleep
//!
//! After each tick the plugin asks the brain when it next needs one
//! (`deciders::brain::Brain::tick_and_wake`, rule Z2): a tree whose
//! running behaviors wait — for an input, for their deferred action,
//! until a time (`wait`, `timeout`, a `Wake::at` of yours) — sleeps. A
//! sleeping brain is left untouched: its entity loses a marker component
//! of the plugin's (sparse-set storage: the entity changes archetype, its
//! data stays where it is), so the tick's query does not even fetch it,
//! and nothing of it is read or written while it sleeps, its change tick
//! included. The wakes come to the plugin instead: the methods that wake a
//! brain list it, completions name their entity, and deadlines wait in a
//! heap on the plugin's clock; the tick ticks the woken brains first. A
//! brain that falls asleep, and one that wakes and stays awake, change
//! archetype when the step's outputs are applied (the removal allocates a
//! small list inside Bevy, as the archetype has remove observers: the
//! plugin's despawn halt). It wakes, to be ticked at its next turn, when
//!
//! - its flags change ([`Brain::set_flags`] with other flags; the same
//!   flags do not wake it), an event is posted to it ([`Brain::post`], a
//!   [`Post`] message), its stimuli are touched ([`Brain::stimuli_mut`]),
//!   a lifecycle operation is asked for ([`Brain::pause`], …), its core
//!   brain is borrowed mutably ([`Brain::brain_mut`]), or a system calls
//!   [`Brain::wake`] (something its behavior waits on changed that the
//!   tree cannot see);
//! - one of its deferred actions is completed in [`DeferredActions`];
//! - its deadline comes (a wait ends, a stimulus expires).
//!
//! Time keeps running while it sleeps: its clocks catch up, exactly (the
//! sum of the skipped steps' `dt` on their grid, read as the advance of
//! the plugin's clock, a sum of the same steps), before its next tick, so
//! its timers and timestamps are what they would have been had it been
//! ticked every step; the steps it slept through are part of the brain
//! and of its save. A tree whose guards call a `decide` or a condition
//! (the agent can change without the plugin seeing it) never sleeps
//! unless the guard is throttled by `every(d)`. [`Brain::is_asleep`]
//! says whether it sleeps; a [`Watch`] shows the steps it slept through as
//! asleep frames in its replay.
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

mod agent;
mod brain;
mod deferred;
mod dormant;
mod messages;
mod observers;
mod plugin;
mod systems;
mod watch;
mod world;

pub use agent::Agent;
pub use brain::{Brain, BrainTree, Seed};
pub use deferred::DeferredActions;
pub use messages::{EventRefused, OutputsDropped, Post, Refusal, TreeErrors, TreePanicked};
pub use plugin::{DecidersPlugin, DecidersSystems};
pub use watch::Watch;
pub use world::{Deferral, Deferring, Env, NoDeferred, Output, Reads};
