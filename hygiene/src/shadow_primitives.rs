//! User types named like the primitive types the expansion uses (`f64`,
//! `usize`, `u64`, `u32`, `u16`, `bool`, …): the expansion must write them
//! `::core::primitive::…`.
#![allow(non_camel_case_types)]

use crate::common::{Boost, Bot, Step, NIGHT, NOISE};

/// Shadows `f64` (the tree clock).
pub struct f64;
/// Shadows `f32`.
pub struct f32;
/// Shadows `usize` (child indexes).
pub struct usize;
/// Shadows `u64` (masks, counters).
pub struct u64;
/// Shadows `u32` (constructor arguments).
pub struct u32;
impl u32 {
    /// `n`, as a real `u32`.
    #[must_use]
    pub fn of(n: ::core::primitive::u32) -> ::core::primitive::u32 {
        n
    }
}
/// Shadows `u16` (node ids).
pub struct u16;
/// Shadows `u8`.
pub struct u8;
/// Shadows `bool` (verdicts).
pub struct bool;
/// Shadows `str` (names).
pub struct str;
/// Shadows `char`.
pub struct char;

bt::tree! {
    /// The reference tree.
    pub tree Every for Bot {
        priority with Step::new("root", 0) {
            flee: when(decide = Bot::danger, recheck) => sequence {
                Step::new("run", u32::of(2)),
                Step::new("hide", 1),
            },
            feed: when(every(0.5), any(NIGHT), decide = Bot::hungry, redecide) => sequential with Step::new("meal", 0) {
                Step::new("chew", 1),
                when(dblock = Bot::offer) => Boost,
                reactive_sequence { condition(Bot::calm), Step::new("swallow", 2) },
            },
            play: when(none(NIGHT), stimuli_any(NOISE)) => fallback {
                timeout(0.5) { Step::failing("chase", 8) },
                always(Failure) { succeed },
                selector {
                    when(all(NIGHT)) => condition(Bot::calm),
                    cooldown(0.5) { Step::new("nap", 1) },
                },
            },
            work: when(not_all(NIGHT), stimuli_none(NOISE)) => parallel(success >= 2) {
                retry(2) { Step::failing("dig", 1) },
                repeat(2) { Step::new("haul", 1) },
                invert { condition(Bot::calm) },
                delay(0.25) { Step::new("rest", 1) },
            },
            idle: concurrent {
                subtree Patrol,
                force(Success) { wait(0.5) },
                invert { cooldown_on_failure(0.5) { fail } },
            },
        }
    }

    /// The subtree.
    pub tree Patrol for Bot {
        sequence { Step::new("walk", 1), repeat(forever) { Step::new("look", 2) } }
    }
}
