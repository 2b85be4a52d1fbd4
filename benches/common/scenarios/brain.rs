//! A brain with its services (B1–B6): one tree that declares stimuli with
//! a payload (`stimuli = Stim(u32)`), events with a variable and is ticked
//! through its lifecycle, a `priority` over three [`Heed`] children:
//!
//! - `flinch`, guarded by `stimuli_any(Stim::Hit.flag())`;
//! - `chase`, guarded by `var(alarmed)`, which the events
//!   [`Signal::Alarm`] and [`Signal::AllClear`] set and clear;
//! - `idle`, unguarded.
//!
//! The agent is the `events` scenario's [`Alert`] (a [`Worker`](super::Worker)
//! and a count of `event` calls). Inputs come from the worker's roll, by
//! the same caller code for both implementations: an event posted one
//! agent-tick in eight ([`Alert::signal`], bits 4..8), a hit added one in 16
//! (bits 10..14; payload: bits 16.., timeout 0.2 s, six frames at
//! `dt = 1/30`), a noise one in 32 (bits 14..19, timeout 0.5 s, guarded by
//! nothing). Every child runs until its roll says it completes (one tick in
//! eight each); the payload is stored and expired, not read by a hook (the
//! hand-written side has no way to lend it: see below).
//!
//! - **generated**: the tree in a [`Brain`]: the caller posts to the
//!   brain's inbox and adds to its store; the brain's tick delivers the
//!   event, updates the store, sets the frame's stimuli flags, ticks the
//!   tree through its [`Player`](deciders::lifecycle::Player) and keeps the
//!   tick's status and report.
//! - **hand**: the same generated tree state, wired the way a game did
//!   before the brain: a [`Player`](deciders::lifecycle::Player) and a
//!   [`Stimuli`] store side by side ([`hand::State`]), the event posted to
//!   the state directly (`state.post(..)`) before the tick when there is
//!   one, then `frame.set_stimuli(store.update(dt))`, then the player's
//!   tick.
//!
//! The ratio generated/hand is what the brain's bookkeeping costs: its
//! lifecycle test, the empty-inbox test, the store lent to the hooks, the
//! forget mask and the copy of the tick's report.

use super::events::{Alert, Heed, Signal};
use super::stimuli::Stim;
use deciders::Stimuli;

/// The flinch: runs until the roll's top bits are 2.
pub type Flinch = Heed<2>;
/// The chase (the `events` scenario's).
pub use super::events::Chase;
/// The idle child (the `events` scenario's).
pub use super::events::Idle;

/// How long a hit lasts, in seconds.
pub const HIT_TIMEOUT: f32 = 0.2;

/// How long a noise lasts, in seconds.
pub const NOISE_TIMEOUT: f32 = 0.5;

/// The stimuli the caller adds this agent-tick, from the roll: a hit one
/// roll in 16 (payload: the roll's top half), a noise one in 32.
#[inline(always)]
pub fn sense(a: &Alert, store: &mut Stimuli<Stim, u32>) {
    let roll = a.w.roll;
    if (roll >> 10) & 0xf == 0 {
        store.add(Stim::Hit, roll >> 16, Some(HIT_TIMEOUT));
    }
    if (roll >> 14) & 0x1f == 0 {
        store.add(Stim::Noise, 0, Some(NOISE_TIMEOUT));
    }
}

deciders::tree! {
    /// A flinch guarded by a hit, a chase guarded by a variable that
    /// events set and clear, and an idle child, for a brain.
    pub tree Sentry for Alert, events = Signal, stimuli = Stim(u32) {
        var alarmed = set(Signal::Alarm), clear(Signal::AllClear);
        priority {
            flinch: when(stimuli_any(Stim::Hit.flag())) => Flinch,
            chase: when(var(alarmed)) => Chase,
            idle: Idle,
        }
    }
}

/// (b) By hand: the tree state in a lifecycle player, a stimuli store next
/// to it, the events posted directly.
pub mod hand {
    use super::{sense, Alert, Sentry, Stim};
    use deciders::lifecycle::Player;
    use deciders::{Frame, Status, Stimuli};

    /// One agent's state: what a game kept per agent before the brain.
    pub struct State {
        /// The tree state and its lifecycle.
        pub player: Player<Sentry>,
        /// The agent's stimuli.
        pub stimuli: Stimuli<Stim, u32>,
    }

    impl Default for State {
        fn default() -> Self {
            State {
                player: Player::new(Sentry::new()),
                stimuli: Stimuli::new(),
            }
        }
    }

    /// One agent-tick after the world step: the caller's event, posted
    /// at once, its stimuli, the store's update, then the tree.
    #[inline(always)]
    pub fn agent_tick(s: &mut State, a: &mut Alert, frame: &mut Frame) -> Status {
        if let Some(event) = a.signal() {
            s.player.tree_mut().post(&event, a, frame);
        }
        sense(a, &mut s.stimuli);
        frame.set_stimuli(s.stimuli.update(frame.dt()));
        s.player.tick(a, frame).unwrap_or(Status::Running)
    }

    /// Runs `ticks` frames.
    #[inline(never)]
    pub fn run(agents: &mut [Alert], states: &mut [State], ticks: u32) {
        super::super::frames_of(agents, states, ticks, agent_tick);
    }
}

/// (a) The tree in a [`Brain`](deciders::brain::Brain).
pub mod generated {
    use super::{sense, Alert, Sentry};
    use deciders::brain::Brain;
    use deciders::{Frame, Status};

    /// One agent's state.
    pub type State = Brain<Sentry>;

    /// A fresh brain (an inbox of the default 8 events).
    pub fn new_state() -> State {
        Brain::new(Sentry::new())
    }

    /// One agent-tick after the world step: the caller's event queued, its
    /// stimuli added, then the brain's tick.
    #[inline(always)]
    pub fn agent_tick(s: &mut State, a: &mut Alert, frame: &mut Frame) -> Status {
        if let Some(event) = a.signal() {
            // One event a tick, delivered by the tick: the inbox never fills.
            let _ = s.post(event);
        }
        sense(a, s.stimuli_mut());
        s.tick(a, frame).unwrap_or(Status::Running)
    }

    /// Runs `ticks` frames.
    #[inline(never)]
    pub fn run(agents: &mut [Alert], states: &mut [State], ticks: u32) {
        super::super::frames_of(agents, states, ticks, agent_tick);
    }
}
