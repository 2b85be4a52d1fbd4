//! Compile-pass suite of `tree!`: the same tree, using every node kind,
//! declared again and again among user items that shadow every name the
//! expansion could reach, without the prelude, through a renamed dependency
//! (`bt`) and through a crate re-exporting `tree!`, in a crate that denies
//! `missing_docs`, `unreachable_pub`, every warning and `clippy::pedantic`.
//! The tests tick each declaration and compare it with [`control`], so that
//! the hostile surroundings change nothing. [`stimuli`] does the same for
//! `#[derive(Stimulus)]`.
#![deny(missing_docs, unreachable_pub, warnings, clippy::pedantic)]

pub mod common;
pub mod control;
pub mod derives;
pub mod engine_reexport;
pub mod generic_names;
pub mod locals_consts;
pub mod locals_fns;
pub mod no_prelude;
pub mod shadow_items;
pub mod shadow_primitives;
pub mod stimuli;
pub mod visibility;

#[cfg(test)]
mod tests;
