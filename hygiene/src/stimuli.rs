//! `#[derive(Stimulus)]` without the prelude, through the renamed
//! dependency (`#[stimulus(crate = ::bt)]`), among user items named like
//! what its expansion names (`Option`, `None`, `Flags`, `Stimulus`,
//! `StimulusEntry`, `usize`, `P`), under the crate's strict lints; its kinds
//! in a guard mask as constants.
#![no_implicit_prelude]
#![allow(non_camel_case_types, non_upper_case_globals)]

use crate::common::{Bot, Step};

/// Shadows the prelude's `Option`.
pub struct Option;
/// Shadows the prelude's `None`.
pub const None: u32 = 0;
/// Shadows the runtime's `Flags`.
pub struct Flags;
/// Shadows the runtime's `Stimulus`.
pub trait Stimulus {}
/// Shadows the runtime's `Entry`, as the derive's path names it.
pub struct StimulusEntry;
/// Shadows the primitive `usize`.
pub struct usize;
/// Shadows the name of the slots' payload parameter.
pub struct P;

/// The kinds: explicit discriminants, a `repr`.
#[derive(::core::clone::Clone, ::core::marker::Copy, ::core::fmt::Debug, ::bt::Stimulus)]
#[stimulus(crate = ::bt)]
#[repr(u8)]
pub enum Stim {
    /// Took a hit.
    Hit = 3,
    /// Was invited to play.
    Invited = 1,
}

/// A kind's flag as a constant.
pub const HIT: ::bt::Flags = Stim::Hit.flag();

::bt::tree! {
    /// Reacts to a hit while it lasts.
    pub tree Startle for Bot {
        priority {
            flinch: when(stimuli_any(Stim::Hit.flag()), stimuli_none(Stim::Invited.flag()), recheck) => Step::new("flinch", 9),
            idle: Step::new("idle", 9),
        }
    }
}
