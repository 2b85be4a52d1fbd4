//! The task every implementation performs, with no Bevy in it: agents with a
//! position in a square, one target moving on a circle; an agent within
//! [`NEAR`] of the target chases it, any other wanders (a deterministic
//! pseudo-random walk). The three implementations wrap a [`Body`] in a
//! component of their Bevy version and call [`Body::chase`] and
//! [`Body::wander`] from their own behaviors, so the work done per agent
//! and step is the same; only the decision machinery around it differs.

use std::time::Duration;

/// One fixed step (50 Hz); every `app.update()` advances time by this much.
pub const STEP: Duration = Duration::from_millis(20);
/// Agents start in `[-HALF, HALF]²`, whatever their number.
pub const HALF: f32 = 1_000.0;
/// The distance under which an agent chases.
pub const NEAR: f32 = 300.0;
/// Chase speed, units per second: faster than the target, so a chaser keeps
/// up once it has caught it.
pub const CHASE_SPEED: f32 = 80.0;
/// Wander speed, per axis, units per second.
pub const WANDER_SPEED: f32 = 40.0;
/// The target's circle: radius, angular speed (rad/s): 50 units/s.
pub const ORBIT: f32 = 500.0;
pub const OMEGA: f32 = 0.1;

/// What an agent did last.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Nothing yet.
    Idle,
    Chase,
    Wander,
}

/// An agent's state: position, random state, and a record of what it did
/// (to check that every implementation does the work).
#[derive(Clone, Debug)]
pub struct Body {
    pub pos: [f32; 2],
    rng: u32,
    pub mode: Mode,
    /// Steps this agent has moved (chased or wandered).
    pub moves: u32,
    /// Of which chases.
    pub chases: u32,
    /// Changes from chasing to wandering or back.
    pub switches: u32,
    /// The steps of this agent's first rest in the `rest` scenario (0 to
    /// 99): its phase.
    pub first_rest: u32,
    /// Whether it has rested once (the `rest` scenario).
    pub rested: bool,
}

/// A 32-bit hash (the finalizer of MurmurHash3), for start positions.
fn mix(mut x: u32) -> u32 {
    x ^= x >> 16;
    x = x.wrapping_mul(0x85eb_ca6b);
    x ^= x >> 13;
    x = x.wrapping_mul(0xc2b2_ae35);
    x ^ (x >> 16)
}

/// `bits` (16 of them) as a number in `[-1, 1)`.
fn unit(bits: u32) -> f32 {
    (bits & 0xffff) as f32 / 32_768.0 - 1.0
}

impl Body {
    /// Agent `i` of any population: a position spread over the square and
    /// its own random state, the same in every implementation.
    pub fn new(i: u32) -> Body {
        let h = mix(i.wrapping_mul(2).wrapping_add(1));
        let g = mix(h ^ 0x9e37_79b9);
        Body {
            pos: [unit(h) * HALF, unit(h >> 16) * HALF],
            rng: g | 1,
            mode: Mode::Idle,
            moves: 0,
            chases: 0,
            switches: 0,
            first_rest: mix(g) % (REST_STEPS + WORK_STEPS),
            rested: false,
        }
    }

    /// The `rest` scenario: how many steps the rest starting now lasts —
    /// the agent's phase the first time, [`REST_STEPS`] after — and,
    /// for a library that measures rests in seconds, that many steps less
    /// half of one (so that a rest entered on step `k` ends on step
    /// `k + steps`, whatever the rounding of the clock).
    pub fn next_rest(&mut self) -> (u32, f32) {
        let steps = if self.rested {
            REST_STEPS
        } else {
            self.first_rest
        };
        self.rested = true;
        (steps, (steps as f32 - 0.5) * STEP.as_secs_f32())
    }

    /// Whether the target is within [`NEAR`].
    #[inline]
    pub fn near(&self, target: [f32; 2]) -> bool {
        let (dx, dy) = (target[0] - self.pos[0], target[1] - self.pos[1]);
        dx * dx + dy * dy < NEAR * NEAR
    }

    /// One step toward `target`, for `dt` seconds.
    #[inline]
    pub fn chase(&mut self, target: [f32; 2], dt: f32) {
        let (dx, dy) = (target[0] - self.pos[0], target[1] - self.pos[1]);
        let len = (dx * dx + dy * dy).sqrt();
        let step = CHASE_SPEED * dt;
        if len <= step {
            self.pos = target;
        } else {
            self.pos[0] += dx / len * step;
            self.pos[1] += dy / len * step;
        }
        self.switches += u32::from(self.mode == Mode::Wander);
        self.mode = Mode::Chase;
        self.moves += 1;
        self.chases += 1;
    }

    /// One step of the random walk, for `dt` seconds.
    #[inline]
    pub fn wander(&mut self, dt: f32) {
        // xorshift32
        let mut r = self.rng;
        r ^= r << 13;
        r ^= r >> 17;
        r ^= r << 5;
        self.rng = r;
        self.pos[0] += unit(r) * WANDER_SPEED * dt;
        self.pos[1] += unit(r >> 16) * WANDER_SPEED * dt;
        self.switches += u32::from(self.mode == Mode::Chase);
        self.mode = Mode::Wander;
        self.moves += 1;
    }
}

/// How the target moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scenario {
    /// On a circle, slower than a chaser: few agents change their mind in
    /// a frame (about 1 in 7,000).
    Orbit,
    /// Jumps to a new place in the square every [`JUMP_EVERY`] steps: at
    /// each jump the agents near the old place go back to wandering and
    /// those near the new one start chasing (about 1 agent in 85 changes
    /// its mind per frame, on average).
    Jump,
    /// Most agents wait: each rests [`REST_STEPS`] steps (a timer), then
    /// wanders [`WORK_STEPS`] steps, for ever, its first rest shortened
    /// by its phase ([`Body::next_rest`]), so that about 5% of them act
    /// in any step. The target plays no part: no agent chases.
    ///
    /// An agent's loop, step by step: the step its rest ends, it starts
    /// its work and makes its first move; it moves on each of the next
    /// [`WORK_STEPS`]` - 1` steps, and on the step after its last move
    /// it starts its next rest (no move). So an agent moves
    /// [`WORK_STEPS`] steps in every `REST_STEPS + WORK_STEPS`.
    Rest,
}

/// Steps between two jumps of the target (0.2 s).
pub const JUMP_EVERY: u64 = 10;

/// The `rest` scenario: an agent rests this many steps (1.9 s), then
/// works (wanders) [`WORK_STEPS`] steps, and again: 5% of the agents act
/// in a step, 95% wait.
pub const REST_STEPS: u32 = 95;
/// The `rest` scenario: steps of work between two rests.
pub const WORK_STEPS: u32 = 5;

impl Scenario {
    pub fn name(self) -> &'static str {
        match self {
            Scenario::Orbit => "orbit",
            Scenario::Jump => "jump",
            Scenario::Rest => "rest",
        }
    }

    pub fn from_name(name: &str) -> Option<Scenario> {
        [Scenario::Orbit, Scenario::Jump, Scenario::Rest]
            .into_iter()
            .find(|s| s.name() == name)
    }

    /// The target's position at fixed step `step`.
    pub fn target_at(self, step: u64) -> [f32; 2] {
        match self {
            Scenario::Orbit => {
                let angle = OMEGA * STEP.as_secs_f32() * step as f32;
                [ORBIT * angle.cos(), ORBIT * angle.sin()]
            }
            Scenario::Jump => {
                let h = mix((step / JUMP_EVERY) as u32 ^ 0x5bd1_e995);
                [unit(h) * HALF, unit(h >> 16) * HALF]
            }
            // Out of everyone's reach.
            Scenario::Rest => [100.0 * HALF, 100.0 * HALF],
        }
    }
}

/// What the harness reads of the agents after the timed frames.
#[derive(Clone, Copy, Debug, Default)]
pub struct Census {
    /// Agents found.
    pub agents: u32,
    /// Agents whose last move was a chase.
    pub chasing: u32,
    /// Sum of every agent's chases.
    pub chases: u64,
    /// Agents that never moved.
    pub idle: u32,
    /// Sum of every agent's moves.
    pub moves: u64,
    /// Sum of every agent's switches between chasing and wandering.
    pub switches: u64,
    /// Sum of every coordinate, a checksum that the positions changed.
    pub checksum: f64,
}

impl Census {
    pub fn add(&mut self, body: &Body) {
        self.agents += 1;
        self.chasing += u32::from(body.mode == Mode::Chase);
        self.chases += u64::from(body.chases);
        self.idle += u32::from(body.mode == Mode::Idle);
        self.moves += u64::from(body.moves);
        self.switches += u64::from(body.switches);
        self.checksum += f64::from(body.pos[0]) + f64::from(body.pos[1]);
    }
}
