//! `parse`: the `tree!` input syntax → the model (`model.rs`).
//!
//! ```text
//! input     := tree+
//! tree      := attrs vis `tree` Name `for` AgentType `{` node `}`
//! node      := composite | leaf
//! composite := keyword [`with` leaf] `{` slot (`,` slot)* [`,`] `}`
//! slot      := [name `:`] [`when` `(` item (`,` item)* `)` `=>`] node
//! item      := any(M) | all(M) | none(M) | not_all(M)                (decision flags)
//!            | stimuli_any(M) | stimuli_all(M) | … (stimuli flags)
//!            | every(SECONDS) | decide = F | dblock = F | delegate | recheck
//!            | redecide
//! leaf      := Type | Type { fields } | Type(args) | Type::ctor(args)
//!              (`Type` may be a path: `lines::Say("hi")`)
//! ```
//!
//! Malformed syntax stops the parse with an error naming the expected token.
//! Problems that leave the syntax readable (a duplicate guard item, a bad
//! duration or count, a node nested too deeply) are pushed to the tree's
//! [`Diagnostics`](crate::diag::Diagnostics), which `check` then adds to:
//! they are reported together.
//!
//! The modules: `header` (the invocation, each tree's header and options),
//! `nesting` (the cut of too-deep token groups), `node` (the node parser),
//! `keywords` (the one keyword table, with the hints for a word that is
//! almost a keyword), `args` (what follows a keyword: decorator arguments,
//! thresholds, `switch`, `scored`), `leaf` (behaviors and built-in leaves),
//! `guard` (`when(…)`), `events` (declarations and nodes over events),
//! `world` (the world's lifetimes), `number` (durations and counts),
//! `suggest` (did you mean). The model it produces names no runtime type:
//! `expand/builtin.rs` does.
//!
//! The parse recurses once per level of nesting, and never deeper than
//! [`MAX_DEPTH`]: a node below that is reported and skipped without looking
//! inside it. Before the parse, [`limit_nesting`] cuts token groups nested
//! deeper than [`MAX_TOKEN_NESTING`] (without recursion), so that building
//! `syn`'s token buffer, which recurses once per group, cannot overflow the
//! stack either, however deep the input.

mod args;
mod events;
mod guard;
mod header;
mod keywords;
mod leaf;
mod nesting;
mod node;
mod number;
mod suggest;
mod world;

pub use header::input;
#[cfg(test)]
pub use keywords::decorator_keywords;
pub use nesting::limit_nesting;

/// The deepest a node may be nested below its tree's root (the root is at
/// depth 0), counting through `subtree` references (`check`).
///
/// The generated state holds each level in the one above it (a composite is
/// a struct holding an enum of its children's states, a decorator an
/// `Option`, a parallel node a `Slot` per child, a `subtree` the referenced
/// tree's root state), so a tree `d` levels deep is a type nested about
/// `2 d` levels deep, and the compiler's trait and layout queries recurse
/// that deep. With the default `#![recursion_limit = "128"]`, a chain of
/// composites, decorators or parallel nodes, or any mix of them, over a
/// zero-sized behavior overflows at depth 63 (`overflow evaluating the
/// requirement ...: Send` or `Freeze`), and at depth 55 over a behavior
/// holding a `HashMap<u32, Vec<Arc<String>>>` and a few `Option`s: the
/// behavior's own type nests too. 48 leaves that much room to behavior
/// types. A `subtree` does not reset the count: the referenced tree's
/// state is nested inside the referencing one.
pub const MAX_DEPTH: usize = 48;

/// The deepest token groups (`(…)`, `[…]`, `{…}`) may be nested in the
/// input: far more than a valid tree needs ([`MAX_DEPTH`] + 1 groups for
/// its nodes, a few more for a behavior's constructor or a guard), far less
/// than what would overflow the stack while `syn` parses it: `syn`'s
/// expression parser takes about 15 KB of stack per level of parentheses in
/// a debug build (proc macros are built without optimization), so 128
/// levels take 2 MB of the 8 MB the compiler's thread has.
pub const MAX_TOKEN_NESTING: usize = 128;
