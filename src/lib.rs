//! # deciders
//!
//! Behavior trees and Spore-style decider trees for game AI, declared once in
//! Rust, checked at compile time, and generated as enum state machines.
//!
//! (Full crate documentation is written below once the macro lands.)
#![forbid(unsafe_code)]

pub use bt_macros::tree;
pub use bt_runtime::{
    batch, behavior, ctx, decide, flags, report, shape, status, timer, trace, Behavior, Ctx,
    DecideFn, Decision, Flags, NodeId, NodeInfo, NodeKind, NoTrace, Reject, Report, Status,
    TickError, Timer, Trace, TraceEvent, Tree,
};

/// What generated code names. Not part of the public API.
#[doc(hidden)]
pub mod __private {
    pub use bt_runtime::drive::*;
    pub use bt_runtime::{
        Behavior, Ctx, Flags, NoTrace, NodeInfo, NodeKind, Reject, Status, Timer, Trace, TraceEvent,
        Tree,
    };
}
