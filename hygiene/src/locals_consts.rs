//! User constants named like the locals, parameters and bindings of the
//! generated code, used in behavior constructors, decides, `DBlock`s and
//! conditions. With call-site hygiene, a generated `let s = …` or a match
//! arm `s => …` would become a constant pattern (a refutable pattern or a
//! type error), and a parameter `agent` would shadow the decide.
#![allow(non_upper_case_globals)]

use crate::common::{Boost, Bot, Step, NIGHT, NOISE};

/// 1.
pub const a: u32 = 1;
/// 1.
pub const b: u32 = 1;
/// 1.
pub const c: u32 = 1;
/// 1.
pub const s: u32 = 1;
/// 1.
pub const j: u32 = 1;
/// 1.
pub const f: u32 = 1;
/// 2.
pub const run: u32 = 2;
/// 1.
pub const mask: u32 = 1;
/// 1.
pub const last: u32 = 1;
/// 8.
pub const from: u32 = 8;
/// 1.
pub const to: u32 = 1;
/// 1.
pub const cont: u32 = 1;
/// 1.
pub const status: u32 = 1;
/// 0.
pub const old: u32 = 0;
/// 0.
pub const active: u32 = 0;
/// 1.
pub const walked: u32 = 1;
/// 1.
pub const me: u32 = 1;
/// 1.
pub const entered: u32 = 1;
/// 1.
pub const out: u32 = 1;
/// 1.
pub const successes: u32 = 1;
/// 1.
pub const failures: u32 = 1;
/// 1.
pub const block: u32 = 1;
/// 2.
pub const memory: u32 = 2;
/// 0, named like the parameter of `with_seed`, `set_seed` and the seeding
/// of the persistent state.
pub const seed: u32 = 0;
/// 0, named like the parameter of the state type's `since`.
pub const stamp: u32 = 0;
/// 0.
pub const state: u32 = 0;
/// 0.
pub const world: u32 = 0;
/// 0.
pub const machine: u32 = 0;
/// 1, named like a parameter of the static shape's `node` rows.
pub const id: u32 = 1;
/// 1, as `id`.
pub const name: u32 = 1;
/// 1, as `id`.
pub const kind: u32 = 1;
/// 1, as `id`.
pub const parent: u32 = 1;
/// 1, as `id`.
pub const depth: u32 = 1;
/// 1, as `id`.
pub const behavior: u32 = 1;
/// 1, as `id`.
pub const args: u32 = 1;
/// 1, as `id`.
pub const line: u32 = 1;
/// The danger decide, named like the generated `agent` parameter.
pub const agent: fn(&Bot) -> f32 = Bot::danger;
/// The hunger decide, named like the generated `ctx` parameter.
pub const ctx: fn(&Bot) -> bool = Bot::hungry;
/// The offer `DBlock`, named like the generated `blk` binding.
pub const blk: fn(&Bot) -> Option<(f32, u32)> = Bot::offer;
/// The calm condition, named like the generated `tr` parameter.
pub const tr: fn(&Bot) -> bool = Bot::calm;
/// The calm condition, named like the generated `ps` parameter.
pub const ps: fn(&Bot) -> bool = Bot::calm;

bt::tree! {
    /// The reference tree, built from the constants above.
    pub tree Every for Bot {
        priority with Step::new("root", old + active + seed + stamp + state + world + machine + blk(&Bot::default()).map_or(0, |(_, n)| n)) {
            flee: when(decide = agent, recheck) => sequence {
                Step::new("run", run),
                Step::new("hide", last * mask),
            },
            feed: when(every(0.5), any(NIGHT), decide = ctx, redecide) => sequential with Step::new("meal", a - b) {
                Step::new("chew", from - 7 * to * u32::from(ctx(&Bot::default()))),
                when(dblock = blk) => Boost,
                reactive_sequence { condition(tr), Step::new("swallow", s + j) },
            },
            play: when(none(NIGHT), stimuli_any(NOISE)) => fallback {
                timeout(0.5) { Step::failing("chase", from) },
                always(Failure) { succeed },
                selector {
                    when(all(NIGHT)) => condition(ps),
                    cooldown(0.5) { Step::new("nap", status * c) },
                },
            },
            work: when(not_all(NIGHT), stimuli_none(NOISE)) => parallel(success >= 2) {
                retry(2) { Step::failing("dig", cont * walked * u32::from(ps(&Bot::default()))) },
                repeat(2) { Step::new("haul", me * entered * u32::from(tr(&Bot::default()))) },
                invert { condition(tr) },
                delay(0.25) { Step::new("rest", out * successes * failures * u32::from(agent(&Bot::default()) > 0.0)) },
            },
            idle: concurrent {
                subtree Patrol,
                force(Success) { wait(0.5) },
                invert { cooldown_on_failure(0.5) { fail } },
            },
        }
    }

    /// The subtree, built from the constants above.
    pub tree Patrol for Bot {
        sequence { Step::new("walk", block * f), repeat(forever) { Step::new("look", memory) } }
    }
}
