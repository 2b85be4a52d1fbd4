//! User functions named like the locals, parameters and bindings of the
//! generated code, called from behavior constructors, decides, `DBlock`s,
//! conditions and flag masks. With call-site hygiene, a generated `let s` or
//! parameter `last` would capture them ("expected function, found
//! `Option<Status>`").

use crate::common::{Boost, Bot, Step, Ticks, NIGHT, NOISE};
use bt::Flags;

macro_rules! numbers {
    ($($name:ident = $value:literal),* $(,)?) => {
        $(
            #[doc = concat!("Returns ", stringify!($value), ".")]
            #[must_use]
            pub fn $name() -> u32 {
                $value
            }
        )*
    };
}

numbers! {
    a = 1, b = 1, c = 1, s = 1, j = 1, f = 1,
    run = 2, mask = 1, last = 1, from = 8, to = 1, cont = 1,
    status = 1, old = 0, active = 0, walked = 1, me = 1, entered = 1,
    out = 1, successes = 1, failures = 1, block = 1, memory = 2,
}

/// A decide named like the generated `agent` parameter.
#[must_use]
pub fn agent(bot: &Bot) -> f32 {
    bot.danger()
}

/// A decide named like the generated `ctx` parameter.
#[must_use]
pub fn ctx(bot: &Bot) -> bool {
    bot.hungry()
}

/// A `DBlock` decide named like the generated `blk` binding.
#[must_use]
pub fn blk(bot: &Bot) -> Option<(f32, u32)> {
    bot.offer()
}

/// A condition named like the generated `tr` parameter.
#[must_use]
pub fn tr(bot: &Bot) -> bool {
    bot.calm()
}

/// A condition named like the generated `ps` parameter.
#[must_use]
pub fn ps(bot: &Bot) -> bool {
    bot.calm()
}

/// A flag mask built from a call: `NIGHT` whatever `n`.
#[must_use]
pub fn night(n: u32) -> Flags {
    if n == u32::MAX {
        Flags::default()
    } else {
        NIGHT
    }
}

bt::tree! {
    /// The reference tree, built from the functions above.
    pub tree Every for Bot {
        priority with Step::new("root", old() + active() + blk(&Bot::default()).map_or(0, |(_, n)| n)) {
            flee: when(decide = agent, recheck) => sequence {
                Step::new("run", run()),
                Step::new("hide", last() * mask()),
            },
            feed: when(every(0.5), any(night(mask())), decide = ctx, redecide) => sequential with Step::new("meal", a() - b()) {
                Step::new("chew", from() - 7 * to() * u32::from(ctx(&Bot::default()))),
                when(dblock = blk) => Boost,
                reactive_sequence { condition(tr), Step::new("swallow", s() + j()) },
            },
            play: when(none(night(last())), stimuli_any(NOISE)) => fallback {
                timeout(0.5) { Step::failing("chase", from()) },
                always(Failure) { succeed },
                selector {
                    when(all(NIGHT)) => condition(ps),
                    cooldown(0.5) { Step::new("nap", status() * c()) },
                },
            },
            work: when(not_all(NIGHT), stimuli_none(NOISE)) => parallel(success >= 2) {
                retry(2) { Step::failing("dig", cont() * walked() * u32::from(ps(&Bot::default()))) },
                repeat(2) { Step::new("haul", me() * entered() * u32::from(tr(&Bot::default()))) },
                invert { condition(tr) },
                delay(0.25) { Step::new("rest", out() * successes() * failures() * u32::from(agent(&Bot::default()) > 0.0)) },
            },
            idle: concurrent {
                subtree Patrol,
                force(Success) { wait(0.5) },
                invert { cooldown_on_failure(0.5) { fail } },
            },
        }
    }

    /// The subtree, built from the functions above.
    pub tree Patrol for Bot {
        sequence { Step::new("walk", block() * f()), repeat(forever) { Step::new("look", memory()) } }
    }
}

bt::tree! {
    /// The case that did not compile: tuple-struct constructors calling
    /// `last` and `mask` inside a `priority`, whose generated code has
    /// parameters named `last` and `mask`.
    pub tree Issue for Bot {
        priority { x: when(decide = ctx) => Ticks(last()), y: Ticks(mask() + 1) }
    }
}
