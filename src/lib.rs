//! # deciders
//!
//! Behavior trees and Spore-style decider trees for game AI, declared once in
//! Rust, checked at compile time, and generated as enum state machines.
//!
//! You declare a tree with [`tree!`]. The macro checks it (every error at
//! once, each with a span) and generates a per-agent state type: a plain
//! value, no heap, whose active path is a nest of enum discriminants, and a
//! `tick` that calls your hooks directly — no `dyn`, no function-pointer
//! tables, no allocation (P1, F1).
//!
//! ```
//! use deciders::{Behavior, Ctx, Flags, Frame, Status};
//!
//! struct Critter { hunger: f32, danger: bool }
//!
//! impl Critter {
//!     fn afraid(&self) -> bool { self.danger }
//!     fn hungry(&self) -> f32 { self.hunger - 0.5 } // > 0 accepts
//! }
//!
//! #[derive(Default)]
//! struct Flee;
//! impl Behavior<Critter> for Flee {
//!     fn tick(&mut self, c: &mut Critter, _: &mut Ctx) -> Status {
//!         c.danger = false;
//!         Status::Success
//!     }
//! }
//!
//! #[derive(Default)]
//! struct Eat { bites: u32 } // the behavior's value is its memory (L3)
//! impl Behavior<Critter> for Eat {
//!     fn tick(&mut self, c: &mut Critter, _: &mut Ctx) -> Status {
//!         self.bites += 1;
//!         c.hunger -= 0.25;
//!         if c.hunger <= 0.0 { Status::Success } else { Status::Running }
//!     }
//! }
//!
//! #[derive(Default)]
//! struct Wander;
//! impl Behavior<Critter> for Wander {} // no tick: stays Running (L1)
//!
//! const NIGHT: Flags = Flags::bit(0);
//!
//! deciders::tree! {
//!     /// Flee when afraid, eat when hungry, else wander.
//!     pub tree Creature for Critter {
//!         priority {
//!             flee:   when(decide = Critter::afraid) => Flee,
//!             eat:    when(none(NIGHT), decide = Critter::hungry) => Eat,
//!             wander: Wander,
//!         }
//!     }
//! }
//!
//! let mut critter = Critter { hunger: 0.9, danger: false };
//! let mut state = Creature::new();
//! let mut ctx = Frame::new(1.0 / 30.0);
//! assert_eq!(state.tick(&mut critter, &mut ctx), Status::Running);
//! let mut path = Vec::new();
//! state.active_path(|node| path.push(node.name));
//! assert_eq!(path, ["root", "eat"]);
//! ```
//!
//! ## Where to read next
//!
//! - [`tree!`]: the language — its complete grammar, every keyword, what
//!   the macro generates, and its limits.
//! - [`nodes`]: every node kind and guard item at work, each with a
//!   runnable example.
//! - [`guide`]: a game loop over many agents, guards, tracing, halting,
//!   pausing, debugging an agent, and what the library cannot do.
//! - [`reference`](mod@reference): the behavioral contract, rule by rule.
//!
//! **Rule ids.** The rules of the contract have short ids (`D2` is the
//! masked redecide, `G3` hysteresis): the docs give them in parentheses
//! after the rule in words, and tests and comments cite them as `SPEC D2` or
//! `D2`. Every id is defined in [`reference`](mod@reference) (the file `docs/reference.md`
//! of the repository), and a test checks that every id the repository cites
//! is defined there.
//!
//! ## The language
//!
#![doc = include_str!("../docs/grammar.md")]
//!
//! A behavior's hooks are the [`Behavior`] trait's `activate`, `tick` and
//! `deactivate`, all defaulted; `deactivate` is told why the behavior leaves
//! ([`Exit::Completed`] with its status, or [`Exit::Halted`]).
//!
//! ## The world
//!
//! A tree's hooks reach more than the agent through the context's **world**
//! ([`Ctx::world`], [`Ctx::world_mut`]): the game's shared services and the
//! buffers where behaviors emit what the engine must do (spawn a missile,
//! play a sound). Declare its type with `world = World`; behaviors then
//! implement [`Behavior<Agent, World>`](Behavior) and get `&mut Ctx<World>`,
//! while decides and conditions get `&Ctx<World>` (read-only, P3).
//!
//! ```
//! use deciders::{Behavior, Ctx, Frame, Status};
//! struct Turret { ammo: u32 }
//! #[derive(Default)]
//! struct Orders { launches: Vec<&'static str> }
//!
//! #[derive(Default)]
//! struct Fire;
//! impl Behavior<Turret, Orders> for Fire {
//!     fn tick(&mut self, t: &mut Turret, ctx: &mut Ctx<Orders>) -> Status {
//!         t.ammo -= 1;
//!         ctx.world_mut().launches.push("missile");
//!         Status::Success
//!     }
//! }
//! fn has_ammo(t: &Turret, _ctx: &Ctx<Orders>) -> bool { t.ammo > 0 }
//!
//! deciders::tree! {
//!     tree Defence for Turret, world = Orders {
//!         priority { fire: when(decide = has_ammo) => Fire, idle: wait(1.0) }
//!     }
//! }
//! let (mut turret, mut state) = (Turret { ammo: 1 }, Defence::new());
//! let mut ctx = Frame::new(0.1).with_world(Orders::default());
//! state.tick(&mut turret, &mut ctx);
//! assert_eq!(ctx.world().launches, ["missile"]);
//! ```
//!
//! A world may **borrow** what a frame lends it (a snapshot, the engine's
//! data): `world<'w> = Frame<'w>`, with behaviors written for every
//! lifetime (`impl<'w> Behavior<Agent, Frame<'w>> for …`). One state type
//! serves every frame; the [`guide`] shows it with `batch`.
//!
//! ## The state type
//!
//! The type a tree declares is yours (it takes your doc comments and
//! derives, and any trait can be implemented for it), holding the
//! runtime's per-agent state (an internal `Machine`), which implements
//! ticking, `halt`, `reset`, seeding, the clock and the walks once for
//! every tree.
//! The type's methods (`new`, `with_seed`, `tick`, `tick_traced`, `halt`,
//! `reset`, `is_running`, `now`, `active_path`, `visit_active`, `seed`,
//! `set_seed`, `shape`) are the machine's (`describe` is [`describe`]'s),
//! and so is its [`Tree`] implementation, for code generic over trees.
//!
//! The semantics of every decorator is ordinary Rust in the runtime: the
//! [`Decorator`] trait, with the built-ins as its implementations in
//! [`decorator`]; the composite policies are generic functions over a small
//! child protocol in the runtime's engine (internal: `tree!` names it).
//!
//! ## Semantics worth knowing
//!
//! - **Hysteresis** (G3): the guard of the running child of a decider
//!   group is not re-evaluated unless it says `recheck`. `selector` and
//!   `reactive_sequence` re-walk every child each tick, so they do re-evaluate
//!   the running child's guard.
//! - **Masked redecide** (D2): a child that exits is masked for the rest
//!   of the tick and its group decides again; if nothing accepts, the group
//!   exits and the same happens one level up, possibly up to the root.
//! - **Pairing** (L2): every successful `activate` is followed by exactly
//!   one `deactivate`, deepest first, whatever removes the behavior, and the
//!   hook is told whether the behavior completed (with its status) or was
//!   halted (interrupted, re-checked away, its parent left, `halt`,
//!   `reset`). A failed `activate` gets none. Dropping a running state runs memory destructors
//!   but cannot call `deactivate`; call `halt` first. (It does give back
//!   the slots its `limit` decorators hold, R8.)
//! - **Panics** (T4): if a hook panics (a behavior, decide, condition,
//!   DBlock function or trace), the state is as if it had been dropped at
//!   that point: active memories are dropped without `deactivate`,
//!   `is_running()` is false, and the next tick starts from the root; timers,
//!   cooldowns and the clock are kept. No node is ever deactivated twice or
//!   ticked after its deactivation. In a batch, [`batch::tick_all`] lets the
//!   panic unwind (the agents after it are not ticked that frame), while
//!   `batch::par_tick_all` catches it per agent and reports it with every
//!   chunk's world ([`batch::Chunk::panics`]).
//! - **Frame length** (T2): a `dt` above [`Frame::MAX_DT`] (one hour)
//!   counts as `MAX_DT`, and a negative, NaN or infinite one as `0`, so no
//!   input can freeze or poison the tree clock.
//! - **Durations** (`every`, `wait`, `timeout`, `delay`, the cooldowns): a
//!   bare number or an `s` suffix is seconds, `ms` is milliseconds
//!   (`timeout(1500ms)` is 1.5 s); any other suffix (`1min`, `2h`) is a
//!   compile error, never silently seconds.
//! - **Depth**: a node may be nested at most 48 levels below its tree's
//!   root (the root is at depth 0), counting through `subtree` references: a
//!   referenced tree's root is one level below its `subtree` node, because
//!   its state is nested in the referencing tree's. Every tree within that
//!   limit compiles with the default `recursion_limit`, whatever its node
//!   kinds; a deeper node is a compile error at that node. Make the tree
//!   flatter (`sequence { sequence { A, B }, C }` is `sequence { A, B, C }`);
//!   moving a branch into a `subtree` does not help. Width is not limited
//!   (decider groups aside, at most 64 children): compile time and memory
//!   grow linearly with it.
//! - **Errors are values** (D9, T4): a group whose guard accepted while
//!   none of its children did breaks Spore's subset rule; the tick goes on and
//!   reports it in [`Ctx::report`] and to the [`Trace`] hook.
//!
//! ## What is generated
//!
//! For `tree Creature for Critter { … }`: `struct Creature` holding
//! `Option<root's active state>`, a struct of persistent state (one
//! [`Timer`] per `every`), and a clock only if a node needs time. Each
//! composite gets an enum with one variant per child, holding the child's
//! active state (a behavior's active state is the behavior value itself).
//! Methods: `new`, `with_seed`, `set_seed`, `seed`, `tick`, `tick_traced`,
//! `halt`, `reset`, `is_running`, `now`, `active_path`, `visit_active`,
//! `describe` (see [`describe`]), `shape`, and `OUTLINE`, the tree as text;
//! [`Tree`] has them but `new`, `seed`, `describe` and `OUTLINE`, and adds `persistent`.
//! `Creature` is the only name the invocation adds to your module: the
//! other types, their code and the static shape are inside a
//! `const _: () = { … };` block (see [`tree!`] for attributes, derives and
//! paths).
//!
//! ## Cargo features
//!
//! - `rayon`: `batch::par_tick_all`, ticking agents on rayon's pool.
//! - `tracing`: `trace::Tracing`, every step of a tick sent to the
//!   `tracing` crate.
//! - `serde`: save games (O6). A tree that derives serde's `Serialize` and
//!   `Deserialize` (`#[derive(serde::Serialize, serde::Deserialize)]`
//!   written on the tree inside `tree!`) has a state that saves in the
//!   middle of a run and loads into a state that continues tick for tick
//!   as the saved one would have; see the [`guide`]'s "Save games" for
//!   what is saved (`limit`, `wait_for`, `log`: their run state), and what
//!   a load checks: the tree's shape fingerprint first (`save::Lenient`
//!   restarts what a changed tree cannot trust), a value no run could have
//!   written, and a node's parameters are the program's, never the save's.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod batch;
pub mod nodes;

#[doc = include_str!("../docs/guide.md")]
pub mod guide {}

#[doc = include_str!("../docs/reference.md")]
pub mod reference {}

/// The README's examples, compiled and run as doctests so that what a
/// newcomer pastes keeps working.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// The `tree!` proc macro, invoked by [`tree!`] with the path to this crate.
#[doc(hidden)]
pub use bt_macros::tree as __tree;

/// Declares one or more behavior trees and generates their state machines.
///
/// ```text
/// deciders::tree! {
///     /// Docs and attributes go on the generated state type.
///     #[derive(Debug, Clone)]
///     pub tree Name for Agent { NODE }
///     tree Other for Agent, world = World { NODE }
/// }
/// ```
///
/// Every node kind and guard item at work, each with a runnable example, is
/// in [`nodes`]; the rules behind each keyword are in
/// [`reference`](mod@reference); a game loop, tracing, halting and the
/// library's limits are in [`guide`].
///
/// # Grammar
///
#[doc = include_str!("../docs/grammar.md")]
///
/// # What it generates
///
/// Each tree becomes one type in the module of the invocation, `Name`, with
/// `new`, `with_seed`, `set_seed`, `seed`, `tick`, `tick_traced`, `halt`,
/// `reset`, `is_running`, `now`, `active_path`, `visit_active` and `shape`,
/// and implementations of `Default` and [`Tree`].
/// Everything else the macro generates is inside a `const _: () = { … };`
/// block, out of the module's namespace.
///
/// # Attributes
///
/// Doc comments and other attributes written before `tree` go on the state
/// type. `derive` attributes also go on every type the state holds (the
/// active state of each composite, decorator and parallel node, the
/// persistent state), so that `#[derive(Debug, Clone)]` gives a state that
/// can be printed and cloned, a clone ticking on independently. The
/// behavior types of the tree must implement the derived traits themselves
/// (the built-in `succeed`, `fail` and `wait` implement `Debug`, `Clone` and
/// `Copy`; the [`Timer`] of an `every` guard or a cooldown implements
/// `Debug`, `Clone`, `Copy` and `PartialEq`, and a tree that measures time
/// holds its clock as an `f64`, so `Eq` and `Hash` need a tree without
/// time). `#[derive(Default)]` builds the same value as `new`. The
/// [`Limit`] of a `limit` (R8) implements `Debug`, `Clone`, `PartialEq` and
/// `Eq`, not `Copy` (its slot is given back when it is dropped); a clone of
/// a state inside a `limit` holds a slot of its own, one more agent inside,
/// counted even beyond the limit's `max`.
///
/// # Paths
///
/// The generated code names this crate as `$crate`, so a tree compiles
/// wherever `tree!` is reachable: through a renamed dependency
/// (`bt = { package = "deciders", … }`, then `bt::tree!`), or through a crate
/// that re-exports it (`pub use deciders::tree;`). Primitive types and
/// prelude items are written with absolute paths, so user items named
/// `Option`, `Some`, `u64`, `f64` or `bool`, or `#![no_implicit_prelude]`,
/// do not disturb it, and generated locals are hygienic: a behavior's
/// constructor, a decide or a condition sees the items of the module, never
/// a variable of the generated code.
///
/// # Limits
///
/// - **Depth**: a node is at most 48 levels below its tree's root (the
///   root is at depth 0), counting through `subtree` references: the root
///   of a referenced tree is one level below its `subtree` node, because its
///   state is nested in the referencing tree's. Each level is a type nested
///   in the tree's state, and the compiler's trait and layout queries
///   overflow its default `recursion_limit` at 63 levels for zero-sized
///   behaviors, earlier for behaviors whose own types nest (55 for one
///   holding a `HashMap<u32, Vec<Arc<String>>>`); every tree up to 48
///   levels compiles, whatever its node kinds. A deeper node is a compile
///   error at that node; make the tree flatter (merge nested composites of
///   the same kind). Input nested deeper than that, up to what the compiler
///   itself can read, is reported the same way, never a crash.
/// - **Width**: a decider group (`priority`, `sequential`) has at most 64
///   children; other composites any number, compiled in time and memory
///   linear in the width.
/// - **Size**: a tree has at most 65,535 nodes.
/// - **Brackets**: the input nests brackets at most 128 levels deep (a
///   behavior's constructor or a guard nested deeper than that is an error:
///   name a function or a constant instead).
///
/// # Example
///
/// ```
/// use deciders::{Behavior, Ctx, Frame, Status};
///
/// struct Bot { low: bool }
///
/// #[derive(Default, Debug, Clone)]
/// struct Recharge;
/// impl Behavior<Bot> for Recharge {
///     fn tick(&mut self, bot: &mut Bot, _: &mut Ctx) -> Status {
///         bot.low = false;
///         Status::Success
///     }
/// }
///
/// deciders::tree! {
///     /// Recharges when low, else waits.
///     #[derive(Debug, Clone)]
///     pub tree Robot for Bot {
///         priority {
///             recharge: when(decide = |bot: &Bot| bot.low) => Recharge,
///             idle: wait(1.0),
///         }
///     }
/// }
///
/// let mut bot = Bot { low: true };
/// let mut robot = Robot::new();
/// let mut ctx = Frame::new(0.5);
/// assert_eq!(robot.tick(&mut bot, &mut ctx), Status::Running); // recharged, now idle
/// let copy = robot.clone();
/// assert!(copy.is_running());
/// assert!(format!("{copy:?}").starts_with("Robot"));
/// ```
#[macro_export]
macro_rules! tree {
    ($($tree:tt)*) => {
        $crate::__tree! { #![crate = $crate] $($tree)* }
    };
}

/// Derives [`Stimulus`](trait@Stimulus) for a fieldless enum, and gives it an
/// inherent `const fn flag(self) -> Flags` for guard masks:
/// `stimuli_any(Stim::Hit.flag())`.
///
/// `use deciders::Stimulus;` brings both the trait and this derive. The
/// generated code names this crate as `::deciders`; through a renamed
/// dependency or a crate re-exporting `deciders`, say where it is with
/// `#[stimulus(crate = path::to::deciders)]`. See [`Stimuli`] for the
/// store and [`nodes`] for guards on stimuli.
///
/// ```
/// use deciders::{Flags, Stimulus};
///
/// #[derive(Clone, Copy, Debug, PartialEq, Stimulus)]
/// enum Stim { Hit, Invited, JustAte }
///
/// const SOCIAL: Flags = Stim::Invited.flag().with(Stim::JustAte.flag());
/// assert_eq!(SOCIAL, Flags::bit(1) | Flags::bit(2));
/// assert_eq!(Stim::ALL, [Stim::Hit, Stim::Invited, Stim::JustAte]);
/// ```
///
/// A variant with fields, more than 64 variants, a generic or empty enum, a
/// struct or a union is a compile error at the offending tokens:
///
/// ```compile_fail
/// #[derive(Clone, Copy, deciders::Stimulus)]
/// enum Stim { Hit(u32) } // error: a stimulus kind has no fields: `Stim::Hit` carries data; …
/// ```
pub use bt_macros::Stimulus;

// Each public item has one path: the main types at the root, the rest in
// the modules below, which hold nothing the root already has.
pub use bt_runtime::{brain, crowd, events, lifecycle, pictures, replay, rng};
pub use bt_runtime::{
    Behavior, ConditionFn, Ctx, DecideFn, Decision, Decorator, Exit, Flags, Frame, Leaf, Limit,
    LogLines, NoTrace, NodeId, NodeInfo, NodeKind, Reject, Report, Resource, SelectResource, Slot,
    Status, Stimuli, Stimulus, StimulusEntry, TickError, Timer, Trace, TraceEvent, Tree, Visitor,
    VisitorMut, Wake,
};

pub mod deferred {
    #![doc = bt_runtime::__doc_deferred!()]
    //!
    //! # The derive
    //!
    //! `#[derive(Deferred)]` implements [`Deferred`](trait@Deferred) for a
    //! world struct with one field of type `Requests<Launch>` and one of
    //! type `Completions<Done>` (or `&Completions<Done>`, borrowed for the
    //! frame), found by their types:
    //!
    //! ```
    //! use deciders::deferred::{Completions, Deferred, Requests};
    //!
    //! #[derive(Deferred)]
    //! struct Scene<'w> {
    //!     paths: Requests<(u32, u32)>,
    //!     found: &'w Completions<bool>,
    //!     score: u32,
    //! }
    //!
    //! let found = Completions::new();
    //! let mut scene = Scene { paths: Requests::with_capacity(4, 0), found: &found, score: 0 };
    //! assert_eq!(scene.requests().launch((3, 4)).map(|t| t.n), Some(0));
    //! assert!(scene.completions().is_empty());
    //! ```
    //!
    //! A struct without one of the two fields, or with two of a kind, is a
    //! compile error saying which (then implement the trait by hand).

    pub use bt_macros::Deferred;
    pub use bt_runtime::deferred::*;
}

pub mod decorator {
    //! The built-in decorators: what `invert`, `force(S)`, `always(S)`,
    //! `repeat(n)`, `retry(n)`, `cooldown(d)`, `cooldown_on_failure(d)`,
    //! `timeout(d)`, `delay(d)`, `run_once` and `recheck(…)` stand for, each
    //! an ordinary implementation of [`Decorator`](crate::Decorator) — the
    //! trait a decorator of your own implements too, written
    //! `decorate(YourType) { … }` in a tree — and [`Before`], what a
    //! decorator decides before its child. `limit(resource, max)` (R8) is
    //! one too, [`Limit`](crate::Limit), at the crate root with the
    //! [`Resource`](crate::Resource) it counts in.
    //!
    #![doc = bt_runtime::__doc_decorator_protocol!()]

    pub use bt_runtime::decorator::{
        Always, Before, Cooldown, CooldownOnFailure, Delay, Force, IfTime, Invert, Log, Program,
        Recheck, Repeat, Retry, RunOnce, Timeout,
    };
}

#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub mod save {
    //! Save games (O6, cargo feature `serde`): what a load checks, and
    //! [`Lenient`], a load that keeps a save of a tree that changed since.
    //! See the [`guide`](crate::guide)'s "Save games" for the rules.

    pub use bt_runtime::save::{Lenient, MAX_TIME};
}

// A tree state as text (I1), beside `pictures`.
pub use bt_runtime::describe;

pub mod trace {
    //! Ready tracers (I2, I3, I5), each a [`Trace`](crate::Trace) to pass
    //! to `tick_traced` (or to a batch through
    //! [`batch::Tracers`](crate::batch::Tracers)):
    //!
    //! - [`Level`]: forwards the events at or below a Spore debug level to
    //!   another tracer;
    //! - [`Lines`]: writes every event at or below a level as a line of
    //!   text, indented by the node's depth;
    //! - [`NodeStatuses`]: the status of every node of one agent's tree
    //!   ([`NodeStatus`]: idle, running, or how it last left the active
    //!   path);
    //! - [`RootReport`]: when the root completes, the nodes that led to it,
    //!   innermost first, with their source lines;
    //! - `Tracing` (cargo feature `tracing`): every event as an event of
    //!   the `tracing` crate, in a span per tick.
    //!
    //! The hook itself, its events and [`LogLines`](crate::LogLines) are at
    //! the crate root. A pair or a triple of tracers is a tracer:
    //! `&mut (statuses, report)` feeds both.

    pub use bt_runtime::trace::{Level, Lines, NodeStatus, NodeStatuses, RootReport};

    #[cfg(feature = "tracing")]
    #[cfg_attr(docsrs, doc(cfg(feature = "tracing")))]
    #[doc(inline)]
    pub use bt_runtime::trace::Tracing;
}

// What generated code names: the runtime's curated list, one item per
// line. Not part of the public API.
#[doc(hidden)]
pub use bt_runtime::__private;
