//! A stand-in for an engine crate built on `deciders`: it re-exports
//! `tree!` and the types its users implement, so that they declare trees
//! without depending on `deciders` themselves. `deciders-hygiene` declares a
//! tree through it.
#![deny(missing_docs, unreachable_pub, warnings, clippy::pedantic)]

pub use deciders::tree;
pub use deciders::{Behavior, Ctx, Exit, Flags, Status, Tree};
