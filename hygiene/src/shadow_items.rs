//! User items named like everything the expansion names: the runtime's
//! types and traits, prelude items (`Option`, `Some`, `None`, `Default`,
//! `From`, `FnMut`, …), modules named `core` and `deciders`, a function
//! named `root`, and the trees' own names in the value namespace. The
//! expansion must name all of its paths absolutely (`$crate::…`,
//! `::core::…`). A tree with a world type too.
#![allow(non_snake_case, non_upper_case_globals)]

use crate::common::{Boost, Bot, Step, NIGHT, NOISE};

/// Shadows the runtime's `Status`.
pub struct Status;
impl Status {
    /// 1.
    pub const ONE: u32 = 1;
}
/// Shadows the runtime's `Ctx`.
pub struct Ctx;
impl Ctx {
    /// 2.
    pub const TWO: u32 = 2;
}
/// Shadows the runtime's `Frame` and `Lent`.
pub struct Frame;
/// See [`Frame`].
pub struct Lent;
/// Shadows the prelude's `Option`.
pub struct Option;
/// Shadows the prelude's `Some`.
#[must_use]
pub fn Some(n: u32) -> u32 {
    n
}
/// Shadows the prelude's `None`.
pub const None: u32 = 0;
/// Shadows the prelude's `Default`.
pub struct Default;
/// Shadows the prelude's `From`.
pub trait From {}
/// Shadows the prelude's `FnMut`.
pub trait FnMut {}
/// Shadows the prelude's `Clone`.
pub trait Clone {}
/// Shadows the prelude's `Result`, `Ok`, `Err`, `Box`, `Vec`, `String`.
pub enum Result {
    /// Shadows `Ok`.
    Ok,
    /// Shadows `Err`.
    Err,
}
pub use Result::{Err, Ok};
/// Shadows the prelude's `Box`.
pub struct Box;
/// Shadows the prelude's `Vec`.
pub struct Vec;
/// Shadows the prelude's `String`.
pub struct String;
/// Shadows the runtime's names.
pub struct Tree;
/// Shadows the runtime's names.
pub struct Behavior;
/// Shadows the runtime's names.
pub struct Trace;
/// Shadows the runtime's names.
pub struct NoTrace;
/// Shadows the runtime's names.
pub struct Flags;
/// Shadows the runtime's names.
pub struct Timer;
/// Shadows the runtime's names.
pub struct NodeInfo;
/// Shadows the runtime's names.
pub struct NodeKind;
/// Shadows the runtime's names.
pub struct Exit;
/// Shadows the runtime's names.
pub struct Entered;
/// Shadows the runtime's names.
pub struct Walk;
/// Shadows the runtime's names.
pub struct Slot;
/// Shadows the runtime's names.
pub struct TreeParts;
/// Shadows the runtime's names.
pub struct ClearOnUnwind;
/// Shadows the runtime's `Resource` (R8).
pub struct Resource;
/// Shadows the runtime's `Limit` (R8).
pub struct Limit;
/// Shadows the runtime's `MaxInside` (R8: `limit`'s `max` as a type).
pub struct MaxInside;
/// Shadows the runtime's `SelectResource` (R8: `limit`'s selector).
pub trait SelectResource {}
/// Shadows the crate `core` (generated code writes `::core`).
pub mod core {}
/// Shadows the crate `deciders` (generated code writes `$crate`).
pub mod deciders {}
/// A function named like the root node.
#[must_use]
pub fn root() -> u32 {
    0
}
/// A function named like the tree `Every`.
#[must_use]
pub fn Every() -> u32 {
    8
}
/// A constant named like the tree `Patrol`.
pub const Patrol: u32 = 2;
/// A constant named like the tree `Worldly`.
pub const Worldly: u32 = 1;

bt::tree! {
    /// The reference tree.
    pub tree Every for Bot {
        priority with Step::new("root", root() + None) {
            flee: when(decide = Bot::danger, recheck) => sequence {
                Step::new("run", Some(Ctx::TWO)),
                Step::new("hide", Status::ONE),
            },
            feed: when(every(0.5), any(NIGHT), decide = Bot::hungry, redecide) => sequential with Step::new("meal", 0) {
                Step::new("chew", 1),
                when(dblock = Bot::offer) => Boost,
                reactive_sequence { condition(Bot::calm), Step::new("swallow", 2) },
            },
            play: when(none(NIGHT), stimuli_any(NOISE)) => fallback {
                timeout(0.5) { Step::failing("chase", Every()) },
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
        sequence { Step::new("walk", Worldly), repeat(forever) { Step::new("look", Patrol) } }
    }
}

/// The world of [`struct@Worldly`] and [`Gated`]: where the exit is, and
/// the door one bot at a time may pass.
#[derive(Debug, Default)]
pub struct Map {
    /// Frames until the exit is in sight.
    pub exit_in: u32,
    /// The door of `limit` (R8).
    pub door: bt::Resource,
}

/// A condition reading the world.
#[must_use]
pub fn sees_exit(bot: &Bot, ctx: &bt::Ctx<Map>) -> bool {
    bot.frame >= ctx.world().exit_in
}

bt::tree! {
    /// A tree with a world type, among the same shadowing items.
    pub tree Worldly for Bot, world = Map {
        reactive_sequence {
            when(decide = |bot: &Bot, ctx: &bt::Ctx<Map>| bot.frame + 1 >= ctx.world().exit_in) => Step::new("look", Some(1)),
            condition(sees_exit),
            Step::new("leave", Some(2)),
        }
    }
}

bt::tree! {
    /// `limit` (R8) among the same shadowing items: one bot at a time
    /// passes the door, the others wait.
    pub tree Gated for Bot, world = Map {
        fallback { limit(|map: &Map| &map.door, 1) { Step::new("pass", 2) }, Step::new("wait", Some(1)) }
    }
}
