//! [`Player`]: play, pause, resume, stop and reset a tree, with play modes
//! and a tree status (O1–O5).
//!
//! A tree state ticks whenever it is told to; most games need nothing
//! more, and pay for nothing more. A game that wants a designer's controls
//! over an agent — freeze it while a cut-scene plays, stop it after its
//! tenth success, count how often it was interrupted — wraps the state in
//! a [`Player`]:
//!
//! ```
//! use deciders::lifecycle::{PlayMode, PlayStatus, Player};
//! use deciders::{Behavior, Ctx, Frame, Status};
//!
//! #[derive(Default)]
//! struct Guard { log: Vec<&'static str> }
//!
//! #[derive(Default)]
//! struct Patrol;
//! impl Behavior<Guard> for Patrol {
//!     fn activate(&mut self, g: &mut Guard, _: &mut Ctx) -> Status {
//!         g.log.push("activate");
//!         Status::Running
//!     }
//!     fn pause(&mut self, g: &mut Guard, _: &mut Ctx) { g.log.push("pause"); }
//!     fn resume(&mut self, g: &mut Guard, _: &mut Ctx) { g.log.push("resume"); }
//!     fn deactivate(&mut self, g: &mut Guard, _: &mut Ctx, _: deciders::Exit) {
//!         g.log.push("deactivate");
//!     }
//! }
//!
//! deciders::tree! {
//!     tree Watch for Guard { sequence { Patrol } }
//! }
//!
//! let (mut player, mut guard) = (Player::new(Watch::new()), Guard::default());
//! let frame = &mut Frame::new(0.1);
//! assert_eq!(player.status(), PlayStatus::Reset);
//! assert_eq!(player.tick(&mut guard, frame), Some(Status::Running));
//! player.pause(&mut guard, frame);
//! // Paused: a tick does nothing.
//! assert_eq!(player.tick(&mut guard, frame), None);
//! player.resume(&mut guard, frame);
//! // Goes on where it was: no second `activate`.
//! assert_eq!(player.tick(&mut guard, frame), Some(Status::Running));
//! player.stop(&mut guard, frame);
//! assert_eq!(player.status(), PlayStatus::Stopped);
//! assert_eq!(guard.log, ["activate", "pause", "resume", "deactivate"]);
//!
//! // Play again, and stop by itself after three ticks.
//! player.play(PlayMode::Ticks(3), &mut guard, frame);
//! while player.tick(&mut guard, frame).is_some() {}
//! assert_eq!((player.status(), player.count()), (PlayStatus::Stopped, 3));
//! ```
//!
//! # Why a wrapper
//!
//! The lifecycle is a wrapper around any [`Tree`], not part of every
//! generated state: a tree that is never paused keeps its exact size (the
//! creature of `examples/creature.rs` is 8 bytes) and its tick does not
//! test a status it never changes. A `Player` adds at most 16 bytes (the
//! status, the mode and its count: the creature's 8 become 24) and two
//! comparisons per tick, and works the same for every tree, generated or
//! hand-written. Measured with `scripts/bench-report` (callgrind, the
//! `player` row): the calibration creature costs 80.5 instructions per
//! agent-tick bare and 88.9 in a `Player` that is playing forever.
//!
//! # The rules
//!
//! - **O1.** A new `Player`, or one just `reset`, is in status
//!   [`PlayStatus::Reset`] and behaves as if `play(PlayMode::Forever)` had
//!   been called: its first tick makes it [`Executing`](PlayStatus::Executing).
//! - **O2.** [`pause`](Player::pause) keeps all state and calls the
//!   [`pause`](crate::Behavior::pause) hook of every running behavior, root
//!   first; ticks do nothing while paused (the tree clock stands still, so
//!   `wait`, `timeout` and cooldowns are frozen too). [`resume`](Player::resume)
//!   calls the [`resume`](crate::Behavior::resume) hooks, root first, and
//!   the next tick goes on where the tree was, activating nothing again.
//!   Root first in both, the order of the walk over the active path and of
//!   event delivery (V4): pausing removes nothing, so there is no nesting
//!   to unwind deepest first as `halt` does, and a behavior's hooks see the
//!   same order whatever reaches them.
//! - **O3.** [`stop`](Player::stop) halts every running node (`deactivate`
//!   with `Exit::Halted`, deepest first), keeps the count, and ticks do
//!   nothing until [`play`](Player::play), which starts again from the
//!   root. [`reset`](Player::reset) halts and returns everything — the
//!   tree's state, the mode, the count — to its initial value.
//! - **O4.** [`status`](Player::status): reset, executing, paused or
//!   stopped.
//! - **O5.** [`play`](Player::play) takes a [`PlayMode`]: run forever, or
//!   stop after a target count of ticks, root completions, successes,
//!   failures, ticks that ended `Running`, or interruptions. The count is
//!   [`count`](Player::count); `play` sets it to 0, `resume` keeps it.
//!   Reaching the target performs `stop` at the end of that tick.
//!   An *interruption* is a `pause`, `stop` or `reset` while nodes are
//!   running and the player is not already paused or stopped (a priority
//!   preemption inside the tree is not one); a `pause` that reaches the
//!   target stops the tree right after the `pause` hooks.
//!
//! `play` always starts a new run from the root: whatever was running,
//! paused or not, is halted first. To go on with a paused run, `resume`.
//! (Unity's engine resumes the interrupted nodes on `play` after `stop`;
//! here that is what `pause` and `resume` are for.)

use crate::base::shape::NodeInfo;
use crate::base::status::Status;
use crate::ctx::{Ctx, Frame};
use crate::hooks::behavior::Behavior;
use crate::machine::tree::Tree;
use crate::trace_hook::{NoTrace, Trace};
use crate::visit::VisitorMut;
use core::fmt;
use core::fmt::Debug;

/// Where a [`Player`] is in its lifecycle (O4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PlayStatus {
    /// New or just reset: the next tick plays as if
    /// `play(PlayMode::Forever)` had been called (O1).
    #[default]
    Reset,
    /// Playing: ticks tick the tree.
    Executing,
    /// Paused (O2): all state kept, ticks do nothing until `resume`.
    Paused,
    /// Stopped (O3), by `stop` or by reaching its play mode's target
    /// (O5): nothing runs, ticks do nothing until `play`.
    Stopped,
}

/// When a [`Player`] stops by itself (O5): never, or once its count of
/// some kind of event reaches the target. The events are counted from the
/// last `play`.
///
/// ```
/// use deciders::lifecycle::PlayMode;
/// use deciders::Status;
/// assert!(PlayMode::Successes(3).counts_tick(Status::Success));
/// assert!(!PlayMode::Successes(3).counts_tick(Status::Running));
/// assert_eq!(PlayMode::Forever.target(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PlayMode {
    /// Never stops by itself; counts nothing.
    #[default]
    Forever,
    /// Stops after this many ticks.
    Ticks(u32),
    /// Stops after the root completed this many times (`Success` or
    /// `Failure`).
    Completions(u32),
    /// Stops after the root succeeded this many times.
    Successes(u32),
    /// Stops after the root failed this many times.
    Failures(u32),
    /// Stops after this many ticks ended `Running`.
    RunningTicks(u32),
    /// Stops after this many interruptions: `pause`, `stop` or `reset`
    /// while nodes were running.
    Interruptions(u32),
}

impl PlayMode {
    /// The target count; `None` for [`PlayMode::Forever`]. A target of 0
    /// is reached at once: `play` stops straight away.
    #[inline]
    pub fn target(self) -> Option<u32> {
        match self {
            PlayMode::Forever => None,
            PlayMode::Ticks(n)
            | PlayMode::Completions(n)
            | PlayMode::Successes(n)
            | PlayMode::Failures(n)
            | PlayMode::RunningTicks(n)
            | PlayMode::Interruptions(n) => Some(n),
        }
    }

    /// Whether a tick whose root reported `status` counts.
    #[inline]
    pub fn counts_tick(self, status: Status) -> bool {
        self.tick_mask() & bit(status) != 0
    }

    /// The statuses of the ticks that count, one bit each ([`bit`]).
    #[inline]
    fn tick_mask(self) -> u8 {
        let (running, success, failure) = (
            bit(Status::Running),
            bit(Status::Success),
            bit(Status::Failure),
        );
        match self {
            PlayMode::Ticks(_) => running | success | failure,
            PlayMode::Completions(_) => success | failure,
            PlayMode::Successes(_) => success,
            PlayMode::Failures(_) => failure,
            PlayMode::RunningTicks(_) => running,
            PlayMode::Forever | PlayMode::Interruptions(_) => 0,
        }
    }
}

/// A status as one bit of a mask.
#[inline(always)]
fn bit(status: Status) -> u8 {
    1 << status as u8
}

impl PlayMode {}

/// A tree state with a lifecycle: play with a mode, pause, resume, stop,
/// reset, and a status (O1–O5). See [the module](self) for the rules and
/// an example.
///
/// `T` is any [`Tree`]; the tree is reachable through
/// [`tree`](Player::tree) and [`tree_mut`](Player::tree_mut) for
/// everything else (`active_path`, `visit_active`, `post`, `now`). Ticking
/// the inner tree directly bypasses the player: its count and status do
/// not see that tick.
///
/// With the feature `serde` a save of a player is checked on load (O6):
/// its status byte must carry the mask of its mode, else the load fails
/// with an error naming `bits`.
#[derive(Clone, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(
        try_from = "SavedPlayer<T>",
        bound(deserialize = "T: serde::Deserialize<'de>")
    )
)]
pub struct Player<T> {
    tree: T,
    /// The status (`PlayStatus as u8`) in bits 0–1, and above them the
    /// statuses of the ticks the mode counts (`mode.tick_mask()`): so that
    /// an executing player that counts no tick, the common case, is one
    /// comparison per tick.
    bits: u8,
    mode: PlayMode,
    count: u32,
}

/// A [`Player`] as loaded, before its status byte is checked against its
/// mode.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(rename = "Player")]
struct SavedPlayer<T> {
    tree: T,
    bits: u8,
    mode: PlayMode,
    count: u32,
}

#[cfg(feature = "serde")]
impl<T> TryFrom<SavedPlayer<T>> for Player<T> {
    type Error = String;
    fn try_from(p: SavedPlayer<T>) -> Result<Self, String> {
        // Bits 0–1 are any status; above them, exactly the mode's mask: a
        // player whose mask disagrees would count the wrong ticks, or none
        // and play forever.
        if p.bits >> 2 != p.mode.tick_mask() {
            return Err(format!(
                "bits: {:#b} does not carry the ticks mode {:?} counts",
                p.bits, p.mode
            ));
        }
        Ok(Player {
            tree: p.tree,
            bits: p.bits,
            mode: p.mode,
            count: p.count,
        })
    }
}

impl<T: fmt::Debug> fmt::Debug for Player<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Player")
            .field("status", &self.status())
            .field("mode", &self.mode)
            .field("count", &self.count)
            .field("tree", &self.tree)
            .finish()
    }
}

impl<T> Player<T> {
    /// Wraps `tree`, in status [`PlayStatus::Reset`] with
    /// [`PlayMode::Forever`].
    #[inline]
    pub fn new(tree: T) -> Self {
        Player {
            tree,
            bits: PlayStatus::Reset as u8,
            mode: PlayMode::Forever,
            count: 0,
        }
    }

    /// The tree status (O4).
    #[inline]
    pub fn status(&self) -> PlayStatus {
        match self.bits & 3 {
            0 => PlayStatus::Reset,
            1 => PlayStatus::Executing,
            2 => PlayStatus::Paused,
            _ => PlayStatus::Stopped,
        }
    }

    /// Sets the status, keeping the mode's mask.
    #[inline]
    fn set_status(&mut self, status: PlayStatus) {
        self.bits = (self.bits & !3) | status as u8;
    }

    /// The play mode of the last `play` ([`PlayMode::Forever`] when new or
    /// reset).
    #[inline]
    pub fn mode(&self) -> PlayMode {
        self.mode
    }

    /// How many events of the mode's kind happened since the last `play`
    /// (O5); always 0 with [`PlayMode::Forever`].
    #[inline]
    pub fn count(&self) -> u32 {
        self.count
    }

    /// The tree state.
    #[inline]
    pub fn tree(&self) -> &T {
        &self.tree
    }

    /// The tree state, to post events or walk the active path with `&mut`.
    #[inline]
    pub fn tree_mut(&mut self) -> &mut T {
        &mut self.tree
    }

    /// The tree state back.
    #[inline]
    pub fn into_inner(self) -> T {
        self.tree
    }

    /// Whether ticks tick the tree: not paused, not stopped.
    #[inline]
    pub(crate) fn plays(&self) -> bool {
        matches!(self.status(), PlayStatus::Reset | PlayStatus::Executing)
    }

    /// Counts one event of the mode's kind; whether the target is reached.
    #[inline]
    fn count_one(&mut self) -> bool {
        self.count = self.count.saturating_add(1);
        self.mode.target().is_some_and(|t| self.count >= t)
    }
}

impl<T> Player<T> {
    /// One tick (T2) if the player plays, reporting every step to `trace`
    /// (I2); `None`, touching nothing (not even the tree clock), if it is
    /// paused or stopped. A tick that reaches the mode's target stops the
    /// player at its end (O5): what was still running is halted.
    #[inline]
    pub fn tick_traced<A, W, Tr: Trace>(
        &mut self,
        agent: &mut A,
        frame: &mut Frame<W>,
        trace: &mut Tr,
    ) -> Option<Status>
    where
        T: Tree<A, W>,
    {
        self.tick_by(agent, frame, |tree, agent, frame| {
            tree.tick_traced(agent, frame, trace)
        })
    }

    /// One tick if the player plays, the tree ticked by `tick` (how a
    /// [`Brain`](crate::brain::Brain) lends its services); `None` if it is
    /// paused or stopped.
    #[inline(always)]
    pub(crate) fn tick_by<A, W>(
        &mut self,
        agent: &mut A,
        frame: &mut Frame<W>,
        tick: impl FnOnce(&mut T, &mut A, &mut Frame<W>) -> Status,
    ) -> Option<Status>
    where
        T: Tree<A, W>,
    {
        // Executing with no tick counted, the common case, is one
        // comparison before the tick and one after.
        if self.bits != PlayStatus::Executing as u8 && !self.starts_tick() {
            return None;
        }
        let status = tick(&mut self.tree, agent, frame);
        if self.bits > 3 {
            self.counted_tick(status, agent, frame);
        }
        Some(status)
    }

    /// Whether the player is executing and counts no tick: the common
    /// case, where the tree is ticked with no other test and
    /// [`count_tick`](Self::count_tick) has nothing to do.
    #[inline(always)]
    pub(crate) fn executing_uncounted(&self) -> bool {
        self.bits == PlayStatus::Executing as u8
    }

    /// Before a tick, for a caller that tested
    /// [`executing_uncounted`](Self::executing_uncounted) first: whether
    /// the player plays (then it is executing from now on).
    #[inline]
    pub(crate) fn start_tick(&mut self) -> bool {
        self.executing_uncounted() || self.starts_tick()
    }

    /// After the tree's tick of a player that [started](Self::start_tick)
    /// it: the tick counted by the mode (O5).
    #[inline(always)]
    pub(crate) fn count_tick<A, W>(&mut self, status: Status, agent: &mut A, frame: &mut Frame<W>)
    where
        T: Tree<A, W>,
    {
        if self.bits > 3 {
            self.counted_tick(status, agent, frame);
        }
    }

    /// Before a tick that is not the common case: whether the player plays
    /// (then it is executing from now on).
    #[cold]
    fn starts_tick(&mut self) -> bool {
        let plays = self.plays();
        if plays {
            self.set_status(PlayStatus::Executing);
        }
        plays
    }

    /// After a tick whose mode counts some ticks: counts this one if it
    /// ended with a counted status, and stops if that reaches the target.
    #[cold]
    fn counted_tick<A, W>(&mut self, status: Status, agent: &mut A, frame: &mut Frame<W>)
    where
        T: Tree<A, W>,
    {
        if (self.bits >> 2) & bit(status) != 0 && self.count_one() {
            self.halt_into(PlayStatus::Stopped, agent, frame);
        }
    }

    /// [`tick_traced`](Self::tick_traced) with no tracer.
    #[inline]
    pub fn tick<A, W>(&mut self, agent: &mut A, frame: &mut Frame<W>) -> Option<Status>
    where
        T: Tree<A, W>,
    {
        self.tick_traced(agent, frame, &mut NoTrace)
    }

    /// Starts a new run from the root with `mode` (O1, O5): halts whatever
    /// runs (paused or not; no `resume` hook is called), sets the count to
    /// 0, and plays. A mode whose target is 0 stops at once.
    pub fn play<A, W>(&mut self, mode: PlayMode, agent: &mut A, frame: &mut Frame<W>)
    where
        T: Tree<A, W>,
    {
        self.tree.halt(agent, frame);
        self.mode = mode;
        self.count = 0;
        let status = if mode.target() == Some(0) {
            PlayStatus::Stopped
        } else {
            PlayStatus::Executing
        };
        self.bits = (mode.tick_mask() << 2) | status as u8;
    }

    /// Pauses (O2): calls the [`pause`](Behavior::pause) hook of every
    /// running behavior, root first, keeps all state, and ticks do nothing
    /// until `resume`. Does nothing if already paused or stopped. Counts
    /// an interruption if nodes were running (O5).
    pub fn pause<A, W>(&mut self, agent: &mut A, frame: &mut Frame<W>)
    where
        T: Tree<A, W>,
    {
        if !self.plays() {
            return;
        }
        self.tree.visit_active_mut(agent, frame, &mut Hook::Pause);
        self.set_status(PlayStatus::Paused);
        if self.interrupts::<A, W>() {
            self.halt_into(PlayStatus::Stopped, agent, frame);
        }
    }

    /// Resumes a paused player (O2): calls the [`resume`](Behavior::resume)
    /// hook of every running behavior, root first, and plays on where it
    /// was, with the count kept. Does nothing unless paused.
    pub fn resume<A, W>(&mut self, agent: &mut A, frame: &mut Frame<W>)
    where
        T: Tree<A, W>,
    {
        if self.status() != PlayStatus::Paused {
            return;
        }
        self.tree.visit_active_mut(agent, frame, &mut Hook::Resume);
        self.set_status(PlayStatus::Executing);
    }

    /// Stops (O3): halts every running node (deepest first, `Exit::Halted`)
    /// and keeps the count; ticks do nothing until `play`. Counts an
    /// interruption if nodes were running and the player was playing
    /// (a paused player's interruption was its `pause`).
    pub fn stop<A, W>(&mut self, agent: &mut A, frame: &mut Frame<W>)
    where
        T: Tree<A, W>,
    {
        if self.status() == PlayStatus::Stopped {
            return;
        }
        if self.plays() {
            self.interrupts::<A, W>();
        }
        self.halt_into(PlayStatus::Stopped, agent, frame);
    }

    /// Resets (O3): halts every running node, then returns the tree's
    /// state (timers, memories, counters, random state, clock) to its
    /// initial value, and the player to status `Reset` with
    /// [`PlayMode::Forever`] and a count of 0.
    pub fn reset<A, W>(&mut self, agent: &mut A, frame: &mut Frame<W>)
    where
        T: Tree<A, W>,
    {
        // The player first: if a `deactivate` panics, the player is still
        // reset (the tree's own `reset` guarantees the same for the tree).
        self.bits = PlayStatus::Reset as u8;
        self.mode = PlayMode::Forever;
        self.count = 0;
        self.tree.reset(agent, frame);
    }

    /// Counts an interruption if nodes are running and the mode counts
    /// them; whether that reached the target.
    fn interrupts<A, W>(&mut self) -> bool
    where
        T: Tree<A, W>,
    {
        <T as Tree<A, W>>::is_running(&self.tree)
            && matches!(self.mode, PlayMode::Interruptions(_))
            && self.count_one()
    }

    /// Halts the tree, then sets `status`.
    fn halt_into<A, W>(&mut self, status: PlayStatus, agent: &mut A, frame: &mut Frame<W>)
    where
        T: Tree<A, W>,
    {
        self.set_status(status);
        self.tree.halt(agent, frame);
    }
}

/// The walk of `pause` and `resume`: one hook on every behavior of the
/// active path, root first.
enum Hook {
    Pause,
    Resume,
}

impl<A, W> VisitorMut<A, W> for Hook {
    #[inline]
    fn behavior<B: Behavior<A, W> + 'static>(
        &mut self,
        _node: &'static NodeInfo,
        memory: &mut B,
        agent: &mut A,
        ctx: &mut Ctx<W>,
    ) {
        match self {
            Hook::Pause => memory.pause(agent, ctx),
            Hook::Resume => memory.resume(agent, ctx),
        }
    }
}
