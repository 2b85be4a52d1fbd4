//! The runtime of `deciders`: everything a generated tree needs that is not
//! specific to one tree (P5).
//!
//! This crate has no macro knowledge. The `tree!` macro (crate `bt-macros`)
//! emits tree-specific glue that calls into the engine below through one
//! curated path, [`__private`]. Use it through the façade crate
//! `deciders`, which re-exports what a user names (`deciders::Ctx`,
//! `deciders::batch`, …); the examples below are written that way.
//!
//! Rule ids in parentheses, such as (D2) for the masked redecide, name the
//! rules of the library's behavioral contract: the reference of the
//! `deciders` crate (`deciders::reference`, the file `docs/reference.md` of
//! its repository) defines each of them.
//!
//! # Floors
//!
//! The modules are private and laid out in floors; a module names only
//! modules of its own floor or below (`scripts/floors` checks it in CI),
//! from the ground up:
//!
//! | floor | holds |
//! |---|---|
//! | `base/` | plain data: [`Status`] and [`Exit`], the shape ([`NodeInfo`]), [`Flags`], [`Timer`], timestamps, randomness, [`TickError`] |
//! | `ctx` | [`Frame`], a frame's input and output, and [`Ctx`], the context a tick lends to every hook |
//! | `trace` | the tracing hook [`Trace`] and its [`TraceEvent`]s |
//! | `hooks/` | what users implement: [`Behavior`], conditions, [`Decision`]s, [`Decorator`] |
//! | `visit`, `probe` | walks over the active path ([`Visitor`]) and how generated code hands memories to them |
//! | `nodes/`, `services/` | the built-in leaves and decorators ([`Limit`] among them); stimuli ([`Stimuli`]) and deferred actions |
//! | `engine/` | what generated code drives: the node protocol, leaves, guards, the decorator driver, groups, slots, subtrees |
//! | `machine/` | a tree's state ([`Machine`](__private::Machine)), the [`Tree`] trait, events delivery, saves |
//! | `tools/` | what users run trees with: [`batch`], [`lifecycle`], [`trace`]'s ready tracers, [`describe`], [`pictures`], [`replay`] |
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(clippy::too_many_lines)]
#![warn(missing_docs)]

mod base;
mod ctx;
mod engine;
mod hooks;
mod machine;
mod nodes;
mod probe;
mod services;
mod tools;
mod trace_hook;
mod visit;

pub use base::report::{Report, TickError};
pub use base::shape::{NodeId, NodeInfo, NodeKind};
pub use base::status::{Exit, Status};
pub use base::{flags::Flags, timer::Timer, wake::Wake};
pub use ctx::{Ctx, Frame};
pub use hooks::behavior::{Behavior, Leaf};
pub use hooks::condition::ConditionFn;
pub use hooks::decide::{DecideFn, Decision};
pub use hooks::decorator::Decorator;
pub use machine::tree::Tree;
pub use nodes::limit::{Limit, Resource, SelectResource, Slot};
pub use services::stimuli::{Entry as StimulusEntry, Stimuli, Stimulus};
pub use trace_hook::{LogLines, NoTrace, Reject, Trace, TraceEvent};
pub use visit::{Visitor, VisitorMut};

// Whole modules, each with the rules it implements in its documentation.
pub use services::deferred;
pub use tools::{batch, brain, crowd, describe, lifecycle, pictures, replay};

pub mod trace {
    //! Ready tracers (I2, I3, I5).
    pub use crate::tools::tracers::lines::{Level, Lines};
    pub use crate::tools::tracers::recent::RootReport;
    pub use crate::tools::tracers::statuses::{NodeStatus, NodeStatuses};
    #[cfg(feature = "tracing")]
    #[cfg_attr(docsrs, doc(cfg(feature = "tracing")))]
    pub use crate::tools::tracers::to_tracing::Tracing;
}

pub mod rng {
    //! Deterministic per-agent randomness for `random` and `shuffle` groups
    //! (D4, D5, D8).
    //!
    //! Each `random` or `shuffle` group node holds its own generator in the
    //! agent's tree state ([`Dice`]), so a tree without such a group carries no
    //! random state at all (F3), and the decisions of one group do not
    //! shift the stream of another. All of them derive from one `u64` seed per
    //! agent state, given by [`Tree::with_seed`](crate::Tree::with_seed) or
    //! [`Tree::set_seed`](crate::Tree::set_seed) (a generated tree also has
    //! them as inherent methods, `Name::with_seed(seed)`; `new()` is seed 0);
    //! `reset` returns them to that seed. Replaying the same inputs from the same seed gives the same
    //! decisions.
    //!
    //! The generator is SplitMix64 (`rand_xoshiro::SplitMix64`: 8 bytes,
    //! fast, of good statistical quality for game decisions — not for
    //! cryptography). A tree can name another one that implements
    //! `rand_core::Rng` and `rand_core::SeedableRng` (a dependency of your
    //! own): `tree Name for Agent, rng = rand_pcg::Pcg32 { … }`.
    //!
    //! # The draws
    //!
    //! So that a replay is exact, how decisions draw is part of the contract:
    //!
    //! - the seed of the group at node `n` of a state seeded with `s` is
    //!   [`derive_seed`]`(s, n)`; a `subtree` reference at node `r` seeds the
    //!   referenced tree's state with `derive_seed(s, r)`;
    //! - a weighted choice visits the candidates in declaration order, keeping a
    //!   running total of their scores; the first accepting candidate is taken
    //!   without a draw; each later one with score `w` replaces the choice if
    //!   `next_u32() / 2^32 * total < w` (one draw per later accepting
    //!   candidate), which picks each candidate with probability `w / Σw`.

    pub use crate::base::rng::{derive_seed, Dice};
}

pub mod events {
    //! Events, variables and timestamps (V3, V4), and the leaves and the
    //! decorator that read them: `wait_for(event)`, `wait_until(stamp, …)`
    //! (L7) and `if_time(stamp, …)` (R10).
    //!
    //! A tree declares, before its root node, the type of the events posted to
    //! it and what each event does to the agent's tree state:
    //!
    //! ```text
    //! tree Guard for Mob, events = Signal {
    //!     var alarmed = set(Signal::Alarm), clear(Signal::AllClear);
    //!     stamp hit = on(Signal::Hit { .. });
    //!     stamp seen = on(Signal::Seen), group(contact);
    //!     stamp lost = on(Signal::Lost), group(contact);
    //!     selector { … }
    //! }
    //! ```
    //!
    //! Variables are booleans (at most 64 per tree), timestamps are times of
    //! the tree clock; both live in the tree state, sized exactly (a tree that
    //! declares none carries nothing). `state.post(&event, &mut agent, &mut
    //! frame)` takes effect at once (V4): it sets and clears the variables
    //! bound to the event, stamps the timestamps bound to it at the tree
    //! clock (clearing the others of their group, V3), and hands the event to
    //! every behavior on the active path ([`Behavior::event`](crate::Behavior::event)), so that an
    //! active `wait_for` completes on its next tick. Nothing is queued: a node
    //! entered after the event never sees it.
    //!
    //! Guards test variables with `var(name)` and `!var(name)` (G1, after the
    //! decision and stimuli flags). Code reads them by name: `tree!` declares
    //! a key constant per `var` and `stamp`, named in upper case
    //! (`Guard::ALARMED`, `Guard::HIT`: a [`Var`] and a [`Timestamp`]), that
    //! the state's `var` and `since`, a [`Brain`](crate::brain::Brain)'s, and
    //! [`Ctx::var`](crate::Ctx::var) and [`Ctx::since`](crate::Ctx::since)
    //! take, so that reordering the declarations changes nothing a reader
    //! sees. `post` returns what it changed ([`Posted`]); a
    //! [`Brain`](crate::brain::Brain) queues posted events in its inbox and
    //! delivers them at the start of its next tick (B1).

    pub use crate::base::stamp::{Timestamp, Var};
    pub use crate::machine::events::{Posted, Undeclared};
}

pub mod decorator {
    //! The built-in decorators and [`Before`], what a decorator decides
    //! before its child.
    //!
    #![doc = crate::__doc_decorator_protocol!()]
    pub use crate::hooks::decorator::Before;
    pub use crate::nodes::decorators::{
        Always, Cooldown, CooldownOnFailure, Delay, Force, Invert, Log, Program, Recheck, Repeat,
        Retry, RunOnce, Timeout,
    };
    pub use crate::nodes::events::IfTime;
}

#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub mod save {
    //! Save games (O6): what a load checks, and a lenient load.
    pub use crate::base::timer::MAX_TIME;
    pub use crate::machine::save::Lenient;
}

/// What generated code names, one item per line. Not part of the public
/// API: nothing here is stable, and users never name it.
#[doc(hidden)]
pub mod __private {
    pub use crate::base::shape::shape_node;
    pub use crate::base::shape::shape_polls;
    pub use crate::base::timer::every_wake;
    pub use crate::base::wake::Wake;
    pub use crate::ctx::ctx_begin;
    pub use crate::ctx::ctx_lend;
    pub use crate::ctx::Lent;
    pub use crate::engine::decorated::deco_enter;
    pub use crate::engine::decorated::deco_halt;
    pub use crate::engine::decorated::deco_tick;
    pub use crate::engine::decorated::DecoChild;
    pub use crate::engine::decorated::DecoRun;
    pub use crate::engine::decorated::DecoState;
    pub use crate::engine::decorated::Decorated;
    pub use crate::engine::decorated::DecoratorNode;
    pub use crate::engine::decorated::Probes;
    pub use crate::engine::definition::deepest;
    pub use crate::engine::definition::fingerprint_mix;
    pub use crate::engine::definition::Has;
    pub use crate::engine::definition::Pick;
    pub use crate::engine::definition::Subtree;
    pub use crate::engine::definition::TreeParts;
    pub use crate::engine::group::chooser::chooser_enter;
    pub use crate::engine::group::chooser::chooser_tick;
    pub use crate::engine::group::chooser::delegate;
    pub use crate::engine::group::chooser::delegated_enter;
    pub use crate::engine::group::chooser::entered;
    pub use crate::engine::group::chooser::scored_tick;
    pub use crate::engine::group::chooser::Chooser;
    pub use crate::engine::group::chooser::RandomGroup;
    pub use crate::engine::group::chooser::ShuffleGroup;
    pub use crate::engine::group::comp::comp_enter;
    pub use crate::engine::group::comp::comp_halt;
    pub use crate::engine::group::comp::comp_tick;
    pub use crate::engine::group::comp::comp_tick_outlined;
    pub use crate::engine::group::comp::comp_visit;
    pub use crate::engine::group::comp::comp_visit_mut;
    pub use crate::engine::group::comp::Comp;
    pub use crate::engine::group::comp::Nest;
    pub use crate::engine::group::decider::decider_enter;
    pub use crate::engine::group::decider::priority_tick;
    pub use crate::engine::group::decider::sequential_tick;
    pub use crate::engine::group::dispatch::ChildOp;
    pub use crate::engine::group::dispatch::ChildRef;
    pub use crate::engine::group::dispatch::Dispatch;
    pub use crate::engine::group::each_in_order;
    pub use crate::engine::group::markers::Fallback;
    pub use crate::engine::group::markers::Priority;
    pub use crate::engine::group::markers::Random;
    pub use crate::engine::group::markers::ReactiveSequence;
    pub use crate::engine::group::markers::Scored;
    pub use crate::engine::group::markers::Selector;
    pub use crate::engine::group::markers::Sequence;
    pub use crate::engine::group::markers::Sequential;
    pub use crate::engine::group::markers::Shuffle;
    pub use crate::engine::group::policies::Policy;
    pub use crate::engine::group::status::last_runs;
    pub use crate::engine::group::status::reactive_tick;
    pub use crate::engine::group::status::resume_tick;
    pub use crate::engine::group::status::status_enter;
    pub use crate::engine::group::status::walk;
    pub use crate::engine::group::Children;
    pub use crate::engine::group::Group;
    pub use crate::engine::group::Visit;
    pub use crate::engine::group::WIDE;
    pub use crate::engine::guard::accept;
    pub use crate::engine::guard::guard_decide;
    pub use crate::engine::guard::preconditions;
    pub use crate::engine::guard::recheck_preconditions;
    pub use crate::engine::guard::reject;
    pub use crate::engine::guard::subset_violation;
    pub use crate::engine::guard::trace_decide;
    pub use crate::engine::guard::trace_decide_block;
    pub use crate::engine::guard::BlockDecision;
    pub use crate::engine::guard::FlagOp;
    pub use crate::engine::guard::FlagSource;
    pub use crate::engine::guard::FlagTest;
    pub use crate::engine::guard::PlainDecision;
    pub use crate::engine::leaf::activated;
    pub use crate::engine::leaf::condition;
    pub use crate::engine::leaf::deactivated;
    pub use crate::engine::leaf::decided;
    pub use crate::engine::leaf::enter;
    pub use crate::engine::leaf::enter_group;
    pub use crate::engine::leaf::halt;
    pub use crate::engine::leaf::halt_group;
    pub use crate::engine::leaf::memory;
    pub use crate::engine::leaf::memory_from;
    pub use crate::engine::leaf::tick;
    pub use crate::engine::leaf::tick_group;
    pub use crate::engine::leaf::Beh;
    pub use crate::engine::leaf::BuiltByDefault;
    pub use crate::engine::leaf::BuiltFromDBlock;
    pub use crate::engine::leaf::Check;
    pub use crate::engine::leaf::Cond;
    pub use crate::engine::leaf::LeafProgram;
    pub use crate::engine::leaf::Programmed;
    pub use crate::engine::leaf::Walk;
    pub use crate::engine::own::Own;
    pub use crate::engine::own::OwnNode;
    pub use crate::engine::protocol::Entered;
    pub use crate::engine::protocol::Entering;
    pub use crate::engine::protocol::Run;
    pub use crate::engine::protocol::Shaped;
    pub use crate::engine::protocol::Start;
    pub use crate::engine::renamed::Renamed;
    pub use crate::engine::slots::control::if_then_else_tick;
    pub use crate::engine::slots::control::switch_tick;
    pub use crate::engine::slots::control::while_do_else_tick;
    pub use crate::engine::slots::parallel::parallel_tick;
    pub use crate::engine::slots::parallel::ParallelPolicy;
    pub use crate::engine::slots::Par;
    pub use crate::engine::slots::Slot;
    pub use crate::engine::slots::SlotDispatch;
    pub use crate::engine::slots::SlotOp;
    pub use crate::engine::slots::SlotRef;
    pub use crate::engine::slots::Slots;
    pub use crate::engine::slots::Stepped;
    pub use crate::engine::subtree::Reference;
    pub use crate::engine::subtree::Sub;
    pub use crate::tools::brain::Declares;
    pub use crate::tools::brain::NoEvents;
    pub use crate::tools::brain::NoStimuli;

    pub use crate::hooks::condition::Verdict;
    pub use crate::machine::state::MachineState;
    pub use crate::machine::Machine;
    pub use crate::nodes::limit::MaxInside;
    pub use crate::probe::Every;
    pub use crate::probe::ProbeDebug;
    pub use crate::probe::ProbeOther;
    pub use crate::services::stimuli::Entry as StimulusEntry;
    pub use crate::tools::describe;
    pub use crate::visit::EachNode;
    pub use crate::Behavior;
    pub use crate::ConditionFn;
    pub use crate::Ctx;
    pub use crate::DecideFn;
    pub use crate::Decorator;
    pub use crate::Exit;
    pub use crate::Flags;
    pub use crate::Frame;
    pub use crate::Leaf;
    pub use crate::Limit;
    pub use crate::NoTrace;
    pub use crate::NodeId;
    pub use crate::NodeInfo;
    pub use crate::NodeKind;
    pub use crate::Reject;
    pub use crate::Resource;
    pub use crate::SelectResource;
    pub use crate::Status;
    pub use crate::Stimulus;
    pub use crate::Timer;
    pub use crate::Trace;
    pub use crate::TraceEvent;
    pub use crate::Tree;
    pub use crate::Visitor;
    pub use crate::VisitorMut;

    pub mod builtin {
        pub use crate::nodes::builtin::Fail;
        pub use crate::nodes::builtin::Succeed;
        pub use crate::nodes::builtin::Wait;
        pub use crate::nodes::events::WaitFor;
        pub use crate::nodes::events::WaitUntil;
    }

    pub mod decorator {
        pub use crate::hooks::decorator::LogMessages;
        pub use crate::nodes::decorators::Always;
        pub use crate::nodes::decorators::Cooldown;
        pub use crate::nodes::decorators::CooldownOnFailure;
        pub use crate::nodes::decorators::Delay;
        pub use crate::nodes::decorators::Force;
        pub use crate::nodes::decorators::Invert;
        pub use crate::nodes::decorators::Log;
        pub use crate::nodes::decorators::Program;
        pub use crate::nodes::decorators::Recheck;
        pub use crate::nodes::decorators::Repeat;
        pub use crate::nodes::decorators::Retry;
        pub use crate::nodes::decorators::RunOnce;
        pub use crate::nodes::decorators::Timeout;
    }

    pub mod events {
        pub use crate::base::stamp::NoStamps;
        pub use crate::base::stamp::Stamp;
        pub use crate::base::stamp::StampSlots;
        pub use crate::base::stamp::Timestamp;
        pub use crate::base::stamp::Var;
        pub use crate::base::stamp::VarSlot;
        pub use crate::machine::events::Deliver;
        pub use crate::machine::events::Events;
        pub use crate::machine::events::Posted;
        pub use crate::machine::events::Undeclared;
        pub use crate::nodes::events::IfTime;
        pub use crate::nodes::events::Since;
        pub use crate::nodes::events::TimeTest;
        pub use crate::nodes::events::WaitFor;
        pub use crate::nodes::events::WaitUntil;
    }

    pub mod rng {
        pub use crate::base::rng::derive_seed;
        pub use crate::base::rng::replaces;
        pub use crate::base::rng::unit;
        pub use crate::base::rng::DefaultRng;
        pub use crate::base::rng::Dice;
    }
}
