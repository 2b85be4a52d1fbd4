//! The creature world of the benchmark plan: the agent type, its per-tick
//! world step and the checksum that proves two implementations did the same
//! work.
//!
//! Everything here is deterministic: an agent's random numbers come from its
//! own xorshift32 generator, seeded by splitmix64 of the agent's index, so
//! the same number of agents and ticks always ends in the same world.

use std::cell::Cell;

/// `dt` of every frame in the benchmarks, in seconds (30 frames per second).
pub const DT: f32 = 1.0 / 30.0;

/// `intruder_dist` when there is no intruder. Anything at or beyond
/// [`NEAR`] counts as "no intruder".
pub const NO_INTRUDER: f32 = 1000.0;

/// An intruder closer than this triggers the `guard` branch.
pub const NEAR: f32 = 50.0;

/// One creature: the world state the tree reads and writes, plus counters of
/// the user-hook calls made on it.
///
/// Fields are public so that behaviors (leaves) can act on them. The hook
/// counters are not part of the world and not part of [`Agent::checksum`].
#[derive(Clone, Debug)]
pub struct Agent {
    /// The agent's xorshift32 state (never 0).
    pub rng: u32,
    /// Danger level: spikes to 1.0 and decays; `flee` above 0.5.
    pub threat: f32,
    /// Distance to the intruder; [`NO_INTRUDER`] when there is none.
    pub intruder_dist: f32,
    /// Hit points of the enemy in front of the agent; 0 when there is none.
    pub enemy_hp: f32,
    /// The agent's own health, 0..=1; creeps up every tick.
    pub health: f32,
    /// Hunger, 0..=1; creeps up every tick.
    pub hunger: f32,
    /// Distance to the food found by `Forage`.
    pub food_dist: f32,
    /// Guard marker: `Approach` reached the intruder.
    pub approached: bool,
    /// Guard marker: how many ticks of `Posture` were done.
    pub posture: u8,
    /// Eat marker: how many ticks of `Forage` were done.
    pub search: u8,
    /// Eat marker: `Forage` found food.
    pub food_found: bool,
    /// Eat marker: `MoveToFood` arrived.
    pub at_food: bool,
    /// Eat marker: how many bites `Consume` took.
    pub bites: u8,
    /// Eat marker: how many ticks of `Digest` were done.
    pub digest: u8,
    /// Calls to a decide (guard) so far. A `Cell` because decides get
    /// `&Agent` (SPEC P3).
    pub decides: Cell<u64>,
    /// Calls to a behavior's `tick` so far.
    pub leaf_ticks: u64,
}

/// splitmix64: turns an agent index into a well-mixed seed.
pub fn splitmix64(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// One step of xorshift32 (Marsaglia), returning the new state.
#[inline(always)]
pub fn xorshift32(state: &mut u32) -> u32 {
    let mut x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *state = x;
    x
}

impl Agent {
    /// Agent number `index`, in a state drawn from its own generator.
    pub fn new(index: usize) -> Agent {
        let seed = splitmix64(index as u64);
        let mut rng = (seed as u32) | 1;
        let r = xorshift32(&mut rng);
        Agent {
            rng,
            threat: 0.0,
            intruder_dist: NO_INTRUDER,
            enemy_hp: 0.0,
            health: 0.5 + (r & 0xff) as f32 / 512.0,
            hunger: ((r >> 8) & 0xff) as f32 / 512.0,
            food_dist: 0.0,
            approached: false,
            posture: 0,
            search: 0,
            food_found: false,
            at_food: false,
            bites: 0,
            digest: 0,
            decides: Cell::new(0),
            leaf_ticks: 0,
        }
    }

    /// A digest of the world state (every field but the hook counters),
    /// FNV-1a over the fields' bits.
    pub fn checksum(&self) -> u64 {
        let words = [
            self.rng,
            self.threat.to_bits(),
            self.intruder_dist.to_bits(),
            self.enemy_hp.to_bits(),
            self.health.to_bits(),
            self.hunger.to_bits(),
            self.food_dist.to_bits(),
            u32::from(self.approached),
            u32::from(self.posture),
            u32::from(self.search),
            u32::from(self.food_found),
            u32::from(self.at_food),
            u32::from(self.bites),
            u32::from(self.digest),
        ];
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for w in words {
            h ^= u64::from(w);
            h = h.wrapping_mul(0x0000_0100_0000_01B3);
        }
        h
    }

    /// Counts one decide call.
    #[inline(always)]
    pub fn count_decide(&self) {
        self.decides.set(self.decides.get() + 1);
    }
}

/// `n` fresh agents, numbered `0..n`.
pub fn make_agents(n: usize) -> Vec<Agent> {
    (0..n).map(Agent::new).collect()
}

/// The world's own step for one agent, run before the agent's tick in every
/// implementation (the shared user work of the benchmark plan).
///
/// - threat spikes to 1.0 with probability 2/256, else decays by 5%;
/// - an intruder arrives (at 20–51 units) with probability 3/256 when none
///   is near;
/// - an enemy (1.0 hp) arrives with probability 2/256 when none is present;
/// - hunger and health creep up.
#[inline(always)]
pub fn world_step(a: &mut Agent) {
    let r = xorshift32(&mut a.rng);
    a.threat = if r & 0xff < 2 { 1.0 } else { a.threat * 0.95 };
    if (r >> 8) & 0xff < 3 && a.intruder_dist >= NEAR {
        a.intruder_dist = 20.0 + ((r >> 24) & 31) as f32;
    }
    if (r >> 16) & 0xff < 2 && a.enemy_hp <= 0.0 {
        a.enemy_hp = 1.0;
    }
    a.hunger = (a.hunger + 0.004).min(1.0);
    a.health = (a.health + 0.002).min(1.0);
}

/// The checksum of a whole world: every agent's [`Agent::checksum`],
/// combined in order.
pub fn world_checksum(agents: &[Agent]) -> u64 {
    agents.iter().fold(0u64, |h, a| {
        (h ^ a.checksum())
            .rotate_left(5)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
    })
}

/// The total hook calls on a world: `(decides, behavior ticks)`.
pub fn hook_calls(agents: &[Agent]) -> (u64, u64) {
    agents
        .iter()
        .fold((0, 0), |(d, t), a| (d + a.decides.get(), t + a.leaf_ticks))
}
