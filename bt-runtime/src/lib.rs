//! The runtime of `deciders`: everything a generated tree needs that is not
//! specific to one tree (P5).
//!
//! This crate has no macro knowledge. The `tree!` macro (crate `bt-macros`)
//! emits tree-specific glue that calls into the modules below. Use it through
//! the façade crate `deciders`, which re-exports everything here that a user
//! names (`deciders::Ctx`, `deciders::batch`, …); the examples below are
//! written that way.
//!
//! Rule ids in parentheses, such as (D2) for the masked redecide, name the
//! rules of the library's behavioral contract: the reference of the
//! `deciders` crate (`deciders::reference`, the file `docs/reference.md` of
//! its repository) defines each of them.
//!
//! | module | what it holds | rule |
//! |---|---|---|
//! | [`status`] | [`Status`], the result of every tick | T1 |
//! | [`ctx`] | [`Frame`], a frame's input and output, and [`Ctx`], the context a tick lends to every hook | T2 |
//! | [`flags`] | [`Flags`], decision and stimuli bitsets | V1, G1 |
//! | [`stimuli`] | [`Stimuli`], an agent's store of stimuli (payloads, timeouts) yielding its stimuli flags, and the [`Stimulus`] trait of its kinds | V2 |
//! | [`timer`] | [`Timer`], the `every(d)` precondition | G1 |
//! | [`behavior`] | the [`Behavior`] trait: `activate`, `tick`, `deactivate` | L1–L3, D7 |
//! | [`condition`] | [`condition::Verdict`]: what a condition leaf returns | L6 |
//! | [`builtin`] | `succeed`, `fail`, `wait(d)` | L7 |
//! | [`decide`] | [`Decision`] and [`DecideFn`]: what a decide may return | G2 |
//! | [`deferred`] | deferred actions: launch and cancel requests, completions | V5 |
//! | [`events`] | events, variables and timestamps; `wait_for`, `wait_until`, `if_time` | V3, V4, L7, R10 |
//! | [`decorator`] | the [`Decorator`] trait and the built-in decorators | R1–R7, R11 |
//! | [`lifecycle`] | [`lifecycle::Player`]: play with a mode, pause, resume, stop, reset, and a tree status | O1–O5 |
//! | [`limit`] | [`Resource`], [`Slot`] and [`Limit`]: at most `max` agents inside a child | R8 |
//! | [`shape`] | [`NodeInfo`], the static shape of a tree | P2, I3 |
//! | [`pictures`] | a tree's shape as Graphviz DOT or Mermaid, the active path highlighted | I4 |
//! | [`describe`] | a tree state as indented text: its active path, or its whole tree with the active path marked | I1 |
//! | [`trace`] | [`Trace`] and [`TraceEvent`], the tracing hook, and ready tracers: a level filter, indented text, per-node statuses, the root report, the `tracing` crate adapter | I2, I3, I5 |
//! | [`replay`] | [`replay::Recorder`], a trace that records an agent's ticks, and a replay of them as one HTML page | I6 |
//! | [`visit`] | [`Visitor`]: a walk over the active path with each node's data | I1, I3 |
//! | [`tree`] | the [`Tree`] trait every generated tree implements | P1 |
//! | [`group`] | the composite policies over the child protocol [`group::Group`] | D1–D3, C1–C4, G3–G5 |
//! | [`rng`] | [`rng::Dice`]: deterministic per-agent randomness | D4, D5, D8 |
//! | `save` (feature `serde`) | save games: the serde implementations written by hand | O6 |
//! | [`batch`] | ticking a slice of agents: serially, with some agents traced, or with `rayon` | F4, I2, T4 |
//! | [`report`] | [`TickError`] and [`Report`], errors reported by a tick | D9 |
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(clippy::too_many_lines)]
#![warn(missing_docs)]

pub mod batch;
pub mod behavior;
pub mod builtin;
pub mod composite;
pub mod condition;
pub mod ctx;
pub mod decide;
pub mod decorator;
pub mod deferred;
pub mod describe;
pub mod drive;
pub mod events;
pub mod flags;
pub mod group;
pub mod lifecycle;
pub mod limit;
pub mod machine;
pub mod pictures;
pub mod replay;
pub mod report;
pub mod rng;
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub mod save;
pub mod shape;
pub mod status;
pub mod stimuli;
pub mod timer;
pub mod trace;
pub mod tree;
pub mod visit;

pub use behavior::{Behavior, Exit, Leaf};
pub use ctx::{Ctx, Frame, Lent};
pub use decide::{DecideFn, Decision};
pub use decorator::Decorator;
pub use flags::Flags;
pub use limit::{Limit, MaxInside, Resource, SelectResource, Slot};
pub use machine::Machine;
pub use report::{Report, TickError};
pub use shape::{NodeId, NodeInfo, NodeKind};
pub use status::Status;
pub use stimuli::{Stimuli, Stimulus};
pub use timer::Timer;
pub use trace::{LogLines, NoTrace, Reject, Trace, TraceEvent};
pub use tree::Tree;
pub use visit::{EachNode, Visitor, VisitorMut};
