//! A module with `#![no_implicit_prelude]`: nothing of the prelude is in
//! scope, not even `Option` or `derive(Debug)`. The trees derive `Debug`
//! and `Clone` through absolute paths.
#![no_implicit_prelude]

use crate::common::{Boost, Bot, Step, NIGHT, NOISE};

::bt::tree! {
    /// The reference tree.
    #[derive(::core::fmt::Debug, ::core::clone::Clone)]
    pub tree Every for Bot {
        priority with Step::new("root", 0) {
            flee: when(decide = Bot::danger, recheck) => sequence {
                Step::new("run", 2),
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
    #[derive(::core::fmt::Debug, ::core::clone::Clone)]
    pub tree Patrol for Bot {
        sequence { Step::new("walk", 1), repeat(forever) { Step::new("look", 2) } }
    }
}
