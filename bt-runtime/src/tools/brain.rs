//! [`Brain`]: one value per agent holding its tree state and everything
//! per-agent the tree declares — its lifecycle, its stimuli store, its
//! events inbox, its variables and timestamps by name (B1–B7).
//!
//! A bare tree state is the cheapest thing to tick (the creature of
//! `examples/creature.rs` is 2 bytes), and the caller feeds it each
//! frame: stimuli flags, events, a frame with a world to post them with.
//! A game whose agents use those services keeps one `Brain` per agent
//! instead, and the brain feeds its tree:
//!
//! ```
//! use deciders::brain::Brain;
//! use deciders::lifecycle::PlayStatus;
//! use deciders::{Behavior, Ctx, Frame, Status, Stimulus};
//!
//! #[derive(Clone, Copy, Debug, PartialEq, Eq, Stimulus)]
//! enum Stim { Hit }
//! #[derive(Clone, Copy, Debug, PartialEq)]
//! enum Signal { Alarm }
//!
//! #[derive(Default)]
//! struct Mob { log: Vec<String> }
//!
//! #[derive(Default)]
//! struct Chase;
//! impl Behavior<Mob> for Chase {
//!     fn activate(&mut self, m: &mut Mob, _: &mut Ctx) -> Status {
//!         m.log.push("chase".into());
//!         Status::Running
//!     }
//! }
//! #[derive(Default)]
//! struct Retaliate;
//! impl Behavior<Mob> for Retaliate {
//!     fn activate(&mut self, m: &mut Mob, ctx: &mut Ctx) -> Status {
//!         // The payload of the stimulus, from the brain's store.
//!         let attacker = ctx.stimulus::<Stim, u32>(Stim::Hit);
//!         m.log.push(format!("strike back at {attacker:?}"));
//!         Status::Running
//!     }
//! }
//!
//! deciders::tree! {
//!     tree Monster for Mob, events = Signal, stimuli = Stim(u32) {
//!         var alarmed = set(Signal::Alarm);
//!         priority {
//!             chase: when(var(alarmed)) => Chase,
//!             retaliate: when(stimuli_any(Stim::Hit.flag())) => Retaliate,
//!             idle: wait(1.0),
//!         }
//!     }
//! }
//!
//! let (mut brain, mut mob) = (Brain::new(Monster::new()), Mob::default());
//! let frame = &mut Frame::new(0.25);
//! // Hit by agent 7, for half a second: the brain's tick expires it.
//! brain.stimuli_mut().add(Stim::Hit, 7, Some(0.5));
//! brain.tick(&mut mob, frame);
//! // Posting needs no frame, no agent, no world: delivered, in order, at
//! // the start of the next tick.
//! brain.post(Signal::Alarm).unwrap();
//! assert!(!brain.var(Monster::ALARMED));
//! brain.tick(&mut mob, frame);
//! assert!(brain.var(Monster::ALARMED));
//! assert_eq!(mob.log, ["strike back at Some(7)", "chase"]);
//! // Paused, it does nothing at all: not even its clock moves.
//! brain.pause(&mut mob, frame);
//! assert_eq!((brain.tick(&mut mob, frame), brain.status()), (None, PlayStatus::Paused));
//! ```
//!
//! # The rules
//!
//! - **B1. One tick.** [`Brain::tick`] does nothing while the brain is
//!   paused or stopped (the lifecycle of [`Player`], O1–O5: no event is
//!   delivered, no stimulus expires, the clock stands still). Playing, it
//!   delivers the inbox's events in the order they were posted (each as
//!   `post` delivers it, V4, before the tree clock advances), then
//!   advances its stimuli store by the frame's `dt`, expiring what timed
//!   out (V2), sets the frame's stimuli flags to the store's, and ticks the
//!   tree, lending the store to the hooks ([`Ctx::stimulus`](crate::Ctx::stimulus)).
//!   The stimuli its behaviors forgot during the tick
//!   ([`Ctx::forget_stimulus`](crate::Ctx::forget_stimulus)) are removed
//!   when the tick ends. No caller code feeds stimuli or events.
//! - **B2. A bounded inbox.** [`Brain::post`] queues an event; an inbox
//!   holding its capacity ([`Brain::with_inbox`], 8 by default) refuses
//!   the event and hands it back ([`InboxFull`]), so that nothing is
//!   dropped silently. The inbox is allocated when the brain is built
//!   (nothing for a tree with no events): posting and ticking never
//!   allocate.
//! - **B3. Nothing bound.** An event that no `var`, `stamp` or `wait_for`
//!   of the tree binds is still handed to the active behaviors, and is
//!   reported: [`TraceEvent::EventUnbound`](crate::TraceEvent::EventUnbound)
//!   to the tick's tracer and [`Brain::unbound`] for the last tick.
//! - **B4. What the last tick said.** [`Brain::last_status`] is the
//!   root's status of the last tick that ticked (`None` before the first,
//!   and for a tick that did nothing), [`Brain::report`] its errors
//!   (V5, D9): a batch's caller reads every agent's without a tracer.
//! - **B5. Reset.** [`Brain::reset`] halts and returns everything to its
//!   initial value: the tree, the lifecycle, the stimuli store and the
//!   inbox. `stop` keeps the stimuli and the inbox (a later `play` goes
//!   on with them).
//! - **B6. Names, not positions.** [`Brain::var`] and [`Brain::since`]
//!   take the keys `tree!` declares for each `var` and `stamp`
//!   (`Monster::ALARMED`): reordering the declarations changes nothing a
//!   reader sees.
//! - **B7. Queued lifecycle.** [`Brain::queue`] performs a lifecycle
//!   operation ([`Lifecycle`]: play, pause, resume, stop, reset) at the
//!   start of the next tick, before its events, with that tick's agent and
//!   frame, exactly as if called just before it; a later `queue` before
//!   that tick replaces an earlier one. A game pauses an agent without a
//!   frame or a world at hand.
//!
//! # What it costs
//!
//! A tree that is not in a brain pays nothing. A brain adds, per tick,
//! one test in the common case (playing, no tick counted, nothing
//! queued, nothing of the last tick to clear: its lifecycle's status byte
//! and one flag), its store's update and the tick's status kept; a tick
//! with events or a queued operation, or after one with errors, takes
//! the longer way (it delivers, performs, copies the report).
//! `scripts/bench-report` measures it against the same work written by
//! hand (the `brain` row).
//!
//! Its length: about 850 lines, a third of them documentation; one
//! concern, the brain — its type, its inbox, a brain as a [`Tree`], and
//! its save.

use crate::base::flags::Flags;
use crate::base::report::Report;
use crate::base::shape::{NodeId, NodeInfo};
use crate::base::stamp::{Timestamp, Var};
use crate::base::status::Status;
use crate::base::wake::Wake;
use crate::ctx::{Frame, Store};
use crate::engine::definition::Subtree;
use crate::machine::events::{Events, Posted};
use crate::machine::state::MachineState;
use crate::machine::tree::Tree;
use crate::services::stimuli::{Entry, Stimuli, Stimulus};
use crate::tools::lifecycle::{PlayMode, PlayStatus, Player};
use crate::trace_hook::{NoTrace, Trace, TraceEvent};
use crate::visit::{Visitor, VisitorMut};
use core::cell::Cell;
use std::fmt;

/// What a tree's header declares for its brain: the type of its events
/// (`events = E`) and its stimuli (`stimuli = Kinds(Payload)`).
/// Generated by `tree!` for every tree; a tree that declares no events
/// takes [`NoEvents`], one that declares no stimuli [`NoStimuli`].
pub trait Declares: Sized {
    /// The events posted to the tree (V4).
    type Event: 'static;
    /// The kinds of its stimuli (V2).
    type Stimulus: Stimulus;
    /// What each stimulus carries.
    type Payload: 'static;
}

/// A tree that takes its declared events: what a [`Brain`] delivers them
/// through. Implemented for every tree `tree!` declares.
pub trait Receives<A, W>: Declares + Tree<A, W> {
    /// Posts `event` at once (V4), as the state's `post` does.
    fn deliver(&mut self, event: &Self::Event, agent: &mut A, frame: &mut Frame<W>) -> Posted;
}

impl<A, W, T> Receives<A, W> for T
where
    T: Declares + MachineState + Subtree<A, W> + Default + Events<<T as Declares>::Event>,
{
    #[inline]
    fn deliver(&mut self, event: &T::Event, agent: &mut A, frame: &mut Frame<W>) -> Posted {
        self.machine_mut().post(event, agent, frame)
    }
}

/// The events of a tree that declares none: no value exists, so nothing
/// can be posted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum NoEvents {}

/// The stimuli of a tree that declares none: no kind, an empty store.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NoStimuli {}

impl Stimulus for NoStimuli {
    const COUNT: usize = 0;
    const ALL: &'static [Self] = &[];
    type Slots<P> = [Option<Entry<P>>; 0];
    fn index(self) -> usize {
        match self {}
    }
    fn empty<P>() -> [Option<Entry<P>>; 0] {
        []
    }
}

/// An event the inbox had no room for (B2), handed back to the caller.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct InboxFull<E>(pub E);

impl<E> fmt::Debug for InboxFull<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("InboxFull(..)")
    }
}

impl<E> fmt::Display for InboxFull<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the brain's inbox is full: the event was not queued (raise its capacity with `Brain::with_inbox`, or tick between posts)")
    }
}

impl<E> std::error::Error for InboxFull<E> {}

/// One agent's tree state with its lifecycle, stimuli store, events inbox
/// and last tick's result (B1–B7). See [the module](self).
///
/// With the feature `serde` it saves and loads whole (O6) when its tree
/// does, its events are `Serialize`/`Deserialize` and so are its stimuli's
/// payloads; the last tick's result is not saved.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "T: serde::Serialize, T::Event: serde::Serialize, T::Payload: serde::Serialize",
        deserialize = "T: serde::Deserialize<'de>, T::Event: serde::Deserialize<'de>, T::Payload: serde::Deserialize<'de>"
    ))
)]
pub struct Brain<T: Declares> {
    player: Player<T>,
    stimuli: Stimuli<T::Stimulus, T::Payload>,
    #[cfg_attr(feature = "serde", serde(with = "inbox"))]
    inbox: Inbox<T::Event>,
    /// A lifecycle operation for the next tick (B7).
    op: Option<Lifecycle>,
    #[cfg_attr(feature = "serde", serde(skip, default = "Last::loaded"))]
    last: Last,
}

/// A lifecycle operation [queued](Brain::queue) for a brain's next tick
/// (B7), as the [`Player`]'s methods perform it (O1–O5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Lifecycle {
    /// [`Brain::play`] with this mode.
    Play(PlayMode),
    /// [`Brain::pause`].
    Pause,
    /// [`Brain::resume`].
    Resume,
    /// [`Brain::stop`].
    Stop,
    /// [`Brain::reset`].
    Reset,
}

/// The events queue, oldest first, and its bound. A `Vec`: a tick
/// delivers the whole inbox, so events are only ever pushed at its end
/// and the queue emptied.
struct Inbox<E> {
    queue: Vec<E>,
    capacity: usize,
}

/// The inbox while it is delivered: its first `done` events have left it.
/// Dropped, it removes them, also when a hook panics (the events not
/// delivered yet stay queued, as the event being delivered does not).
struct Delivering<'a, E> {
    queue: &'a mut Vec<E>,
    done: usize,
}

impl<E> Drop for Delivering<'_, E> {
    #[inline]
    fn drop(&mut self) {
        if self.done >= self.queue.len() {
            self.queue.clear();
        } else {
            self.queue.drain(..self.done);
        }
    }
}

/// What the last tick left (B3, B4).
#[derive(Clone, Debug, Default, PartialEq)]
struct Last {
    status: Option<Status>,
    report: Report,
    unbound: u32,
    /// Whether the next tick may have more to do than the common case
    /// (see [`Brain::tick_traced`]): set when an event or an operation is
    /// queued, when a tick leaves a report or unbound events to clear, and
    /// when loaded; cleared by a tick that leaves none of these. Here, in
    /// `Last`'s padding, it costs a brain no byte.
    slow: bool,
}

impl Last {
    /// A loaded brain's: nothing kept, and its first tick is not the
    /// common case (its inbox and queued operation are tested).
    #[cfg(feature = "serde")]
    fn loaded() -> Last {
        Last {
            slow: true,
            ..Last::default()
        }
    }
}

impl<T: Declares> Brain<T> {
    /// The inbox's capacity unless told otherwise ([`Brain::with_inbox`]).
    pub const INBOX: usize = 8;

    /// Wraps `tree` in a brain: status [`PlayStatus::Reset`], no stimulus,
    /// an inbox of [`INBOX`](Self::INBOX) events.
    pub fn new(tree: T) -> Self {
        Self::with_inbox(tree, Self::INBOX)
    }

    /// [`new`](Self::new) with an inbox of `capacity` events (B2): the
    /// only allocation a brain makes, here.
    pub fn with_inbox(tree: T, capacity: usize) -> Self {
        Brain {
            player: Player::new(tree),
            stimuli: Stimuli::new(),
            inbox: Inbox {
                queue: Vec::with_capacity(capacity),
                capacity,
            },
            op: None,
            last: Last::default(),
        }
    }

    /// Queues `op` for the start of the next tick (B7), replacing an
    /// operation queued before and not performed yet.
    ///
    /// ```
    /// use deciders::brain::{Brain, Lifecycle};
    /// use deciders::{lifecycle::PlayStatus, Frame};
    /// struct Npc;
    /// deciders::tree! { tree Idle for Npc { wait(10.0) } }
    /// let mut brain = Brain::new(Idle::new());
    /// brain.queue(Lifecycle::Pause); // no agent, no frame needed
    /// assert_eq!(brain.tick(&mut Npc, &mut Frame::new(0.1)), None);
    /// assert_eq!(brain.status(), PlayStatus::Paused);
    /// brain.queue(Lifecycle::Resume);
    /// assert!(brain.tick(&mut Npc, &mut Frame::new(0.1)).is_some());
    /// ```
    #[inline]
    pub fn queue(&mut self, op: Lifecycle) {
        self.op = Some(op);
        self.last.slow = true;
    }

    /// The operation queued for the next tick, if any.
    #[inline]
    pub fn queued(&self) -> Option<Lifecycle> {
        self.op
    }

    /// Queues `event` for the start of the next tick (B1, B2); hands it
    /// back if the inbox is full.
    #[inline]
    pub fn post(&mut self, event: T::Event) -> Result<(), InboxFull<T::Event>> {
        if self.inbox.queue.len() >= self.inbox.capacity {
            return Err(InboxFull(event));
        }
        self.inbox.queue.push(event);
        self.last.slow = true;
        Ok(())
    }

    /// The events waiting for the next tick, oldest first.
    pub fn inbox(&self) -> impl ExactSizeIterator<Item = &T::Event> + '_ {
        self.inbox.queue.iter()
    }

    /// The stimuli store (V2): what the game adds stimuli to.
    #[inline]
    pub fn stimuli(&self) -> &Stimuli<T::Stimulus, T::Payload> {
        &self.stimuli
    }

    /// The stimuli store, to add and remove stimuli.
    #[inline]
    pub fn stimuli_mut(&mut self) -> &mut Stimuli<T::Stimulus, T::Payload> {
        &mut self.stimuli
    }

    /// The tree state.
    #[inline]
    pub fn tree(&self) -> &T {
        self.player.tree()
    }

    /// The tree state, mutably. Ticking it directly bypasses the brain.
    #[inline]
    pub fn tree_mut(&mut self) -> &mut T {
        self.player.tree_mut()
    }

    /// The lifecycle status (O4).
    #[inline]
    pub fn status(&self) -> PlayStatus {
        self.player.status()
    }

    /// The play mode of the last `play` (O5).
    #[inline]
    pub fn mode(&self) -> PlayMode {
        self.player.mode()
    }

    /// The count of the play mode's events since the last `play` (O5).
    #[inline]
    pub fn count(&self) -> u32 {
        self.player.count()
    }

    /// The root's status of the last tick that ticked (B4); `None` before
    /// the first and when the last tick did nothing (paused, stopped).
    #[inline]
    pub fn last_status(&self) -> Option<Status> {
        self.last.status
    }

    /// The errors of the last tick that ticked (B4).
    #[inline]
    pub fn report(&self) -> &Report {
        &self.last.report
    }

    /// How many events delivered at the start of the last tick no
    /// declaration of the tree binds (B3).
    #[inline]
    pub fn unbound(&self) -> u32 {
        self.last.unbound
    }
}

impl<T: Declares + MachineState> Brain<T> {
    /// The tree's variables, one bit per `var`, in declaration order.
    #[inline]
    pub fn vars(&self) -> Flags {
        self.tree().machine().vars()
    }

    /// Whether variable `var` is set (B6, V4): `Monster::ALARMED`.
    #[inline]
    pub fn var(&self, var: Var<T>) -> bool {
        self.tree().machine().var(var)
    }

    /// Seconds of tree clock since timestamp `stamp` was set (B6, V3);
    /// `None` if never.
    #[inline]
    pub fn since(&self, stamp: Timestamp<T>) -> Option<f64> {
        self.tree().machine().since(stamp)
    }
}

impl<T: Declares> Brain<T> {
    /// [`tick_traced`](Self::tick_traced), and when the brain next needs
    /// a tick (Z2): [`Wake::POLL`] after a tick that entered or left a
    /// node (the next one may move again with no input changed), else
    /// what its running path, its stimuli and its lifecycle say. Until
    /// then, and until one of its inputs changes (its flags, an event,
    /// a stimulus, a completed deferred action, anything done to it
    /// through `&mut`), a tick would do nothing: the brain may sleep,
    /// its clocks caught up with [`Tree::skip`] (the sum of the skipped
    /// frames' `dt`, each on its grid) when it next ticks; `trace` then gets [`TraceEvent::Sleeps`] after the
    /// tick's `TickEnd` (unless the brain is paused or stopped: it did
    /// not tick). What a [`Crowd`](crate::crowd::Crowd) and the
    /// Bevy plugin tick with.
    ///
    /// ```
    /// use deciders::brain::Brain;
    /// use deciders::{Frame, NoTrace};
    ///
    /// struct Owl;
    /// deciders::tree! { tree Roost for Owl { sequence { wait(0.3), succeed } } }
    ///
    /// let mut brain = Brain::new(Roost::new());
    /// let frame = &mut Frame::new(0.1);
    /// // Entered the wait: ticked again at once.
    /// let (_, wake) = brain.tick_and_wake(&mut Owl, frame, &mut NoTrace);
    /// assert!(wake.polls());
    /// // Nothing moved: asleep until the wait ends, 0.3 s after it began.
    /// let (_, wake) = brain.tick_and_wake(&mut Owl, frame, &mut NoTrace);
    /// assert_eq!(wake.deadline().map(|t| (t * 10.0).round()), Some(4.0));
    /// ```
    #[inline(always)]
    pub fn tick_and_wake<A, W, Tr: Trace>(
        &mut self,
        agent: &mut A,
        frame: &mut Frame<W>,
        trace: &mut Tr,
    ) -> (Option<Status>, Wake)
    where
        T: Receives<A, W>,
    {
        let mut moved = (Moved(false), trace);
        let status = self.tick_traced(agent, frame, &mut moved);
        let wake = if moved.0 .0 {
            Wake::POLL
        } else {
            Tree::<A, W>::wake(self)
        };
        // A paused or stopped brain did not tick: its frames are paused
        // ones, not asleep.
        if status.is_some() && !wake.polls() {
            moved.1.event(TraceEvent::Sleeps { until: wake });
        }
        (status, wake)
    }

    /// One tick (B1): `None`, touching nothing, if paused or stopped.
    #[inline]
    pub fn tick<A, W>(&mut self, agent: &mut A, frame: &mut Frame<W>) -> Option<Status>
    where
        T: Receives<A, W>,
    {
        self.tick_traced(agent, frame, &mut NoTrace)
    }

    /// [`tick`](Self::tick), reporting every step to `trace` (I2), and
    /// before the tick each delivered event that nothing binds (B3).
    // Always: a crowd ticks brains from two loops, and LLVM stopped
    // inlining it into the second (`sleep-100%`: 10 more instructions
    // per agent-tick).
    #[inline(always)]
    pub fn tick_traced<A, W, Tr: Trace>(
        &mut self,
        agent: &mut A,
        frame: &mut Frame<W>,
        trace: &mut Tr,
    ) -> Option<Status>
    where
        T: Receives<A, W>,
    {
        // The common case, executing with no tick counted, nothing queued
        // and nothing of the last tick to clear, is one test of two bytes.
        if self.last.slow || !self.player.executing_uncounted() {
            return self.tick_slow(agent, frame, trace);
        }
        let status = self.tick_tree(agent, frame, trace);
        self.last.status = Some(status);
        // The last report is clean (else `slow`): copied only when this
        // one is not.
        if !frame.report().is_ok() {
            self.keep_report(frame.report());
        }
        Some(status)
    }

    /// A tick that is not the common case: performs the queued operation
    /// (B7), then, if the brain plays, delivers the inbox and ticks,
    /// counted by the play mode.
    #[inline]
    fn tick_slow<A, W, Tr: Trace>(
        &mut self,
        agent: &mut A,
        frame: &mut Frame<W>,
        trace: &mut Tr,
    ) -> Option<Status>
    where
        T: Receives<A, W>,
    {
        if (self.op.is_some() || !self.player.executing_uncounted()) && !self.start(agent, frame) {
            self.last.status = None;
            return None;
        }
        let mut unbound = 0;
        if !self.inbox.queue.is_empty() {
            unbound = self.deliver(agent, frame, trace);
        }
        let status = self.tick_tree(agent, frame, trace);
        self.player.count_tick(status, agent, frame);
        self.last.status = Some(status);
        // Copied only when there is something to keep or to forget: a
        // clean tick after a clean tick writes nothing.
        let report = frame.report();
        if !report.is_ok() || !self.last.report.is_ok() {
            self.last.report = *report;
        }
        self.last.unbound = unbound;
        self.last.slow = !report.is_ok() || unbound != 0;
        Some(status)
    }

    /// The tree's tick, the player started: the stimuli store updated and
    /// lent to the hooks, then what they forgot removed.
    #[inline(always)]
    fn tick_tree<A, W, Tr: Trace>(
        &mut self,
        agent: &mut A,
        frame: &mut Frame<W>,
        trace: &mut Tr,
    ) -> Status
    where
        T: Receives<A, W>,
    {
        // The frame's `dt` is clean already (T2).
        frame.set_stimuli(self.stimuli.update_clean(frame.dt()));
        let forget = Cell::new(Flags::EMPTY);
        let store = Store::new(&self.stimuli, &forget);
        let status = self
            .player
            .tree_mut()
            .tick_lending(agent, frame, trace, store);
        if forget.get() != Flags::EMPTY {
            self.forget(forget.get());
        }
        status
    }

    /// Keeps the report of a common-case tick that had errors; the next
    /// tick is not the common case (it clears it).
    #[cold]
    fn keep_report(&mut self, report: &Report) {
        self.last.report = *report;
        self.last.slow = true;
    }

    /// Before a tick that is not the common case: performs the queued
    /// operation (B7), then whether the brain plays.
    #[cold]
    fn start<A, W>(&mut self, agent: &mut A, frame: &mut Frame<W>) -> bool
    where
        T: Receives<A, W>,
    {
        if let Some(op) = self.op.take() {
            self.perform(op, agent, frame);
        }
        self.player.start_tick()
    }

    /// Performs a queued lifecycle operation (B7).
    #[cold]
    fn perform<A, W>(&mut self, op: Lifecycle, agent: &mut A, frame: &mut Frame<W>)
    where
        T: Receives<A, W>,
    {
        match op {
            Lifecycle::Play(mode) => self.play(mode, agent, frame),
            Lifecycle::Pause => self.pause(agent, frame),
            Lifecycle::Resume => self.resume(agent, frame),
            Lifecycle::Stop => self.stop(agent, frame),
            Lifecycle::Reset => self.reset(agent, frame),
        }
    }

    /// Removes the stimuli behaviors forgot during the tick.
    #[cold]
    fn forget(&mut self, flags: Flags) {
        // The next tick sees other stimuli flags: it may not be skipped
        // (Z2).
        self.last.slow = true;
        for &kind in T::Stimulus::ALL {
            if flags.any(kind.flag()) {
                self.stimuli.remove(kind);
            }
        }
    }

    /// Delivers the inbox, oldest first; how many events nothing bound.
    #[inline]
    fn deliver<A, W, Tr: Trace>(
        &mut self,
        agent: &mut A,
        frame: &mut Frame<W>,
        trace: &mut Tr,
    ) -> u32
    where
        T: Receives<A, W>,
    {
        let mut unbound = 0;
        let inbox = &mut Delivering {
            queue: &mut self.inbox.queue,
            done: 0,
        };
        for event in inbox.queue.iter() {
            inbox.done += 1;
            let posted = self.player.tree_mut().deliver(event, agent, frame);
            if !posted.bound {
                unbound += 1;
                trace.event(TraceEvent::EventUnbound {
                    reached: posted.reached,
                });
            }
        }
        unbound
    }

    /// Starts a new run from the root with `mode` (O1, O5).
    pub fn play<A, W>(&mut self, mode: PlayMode, agent: &mut A, frame: &mut Frame<W>)
    where
        T: Tree<A, W>,
    {
        self.player.play(mode, agent, frame);
    }

    /// Pauses (O2): nothing of the brain moves until `resume`.
    pub fn pause<A, W>(&mut self, agent: &mut A, frame: &mut Frame<W>)
    where
        T: Tree<A, W>,
    {
        self.player.pause(agent, frame);
    }

    /// Resumes a paused brain (O2).
    pub fn resume<A, W>(&mut self, agent: &mut A, frame: &mut Frame<W>)
    where
        T: Tree<A, W>,
    {
        self.player.resume(agent, frame);
    }

    /// Stops (O3), keeping the stimuli and the inbox (B5).
    pub fn stop<A, W>(&mut self, agent: &mut A, frame: &mut Frame<W>)
    where
        T: Tree<A, W>,
    {
        self.player.stop(agent, frame);
    }

    /// Resets (O3, B5): halts, then the tree, the lifecycle, the stimuli
    /// and the inbox return to their initial values.
    pub fn reset<A, W>(&mut self, agent: &mut A, frame: &mut Frame<W>)
    where
        T: Tree<A, W>,
    {
        self.stimuli.clear();
        self.stimuli = Stimuli::new();
        self.inbox.queue.clear();
        self.op = None;
        self.last = Last::default();
        self.player.reset(agent, frame);
    }
}

/// A brain is a tree (B4): a batch ticks it (`batch::tick_all`), and
/// every tool that takes a tree — `describe`, `pictures`, the replay, the
/// tracers — takes it too, seeing its tree. `tick` is the brain's
/// ([`Brain::tick`]): a brain that does not tick (paused or stopped)
/// returns `Status::Running` here, "nothing completed"
/// ([`Brain::last_status`] is `None`). `halt` halts the tree and keeps the
/// lifecycle's status; `reset` is [`Brain::reset`].
impl<A, W, T: Receives<A, W>> Tree<A, W> for Brain<T> {
    fn shape() -> &'static [NodeInfo] {
        T::shape()
    }
    #[inline]
    fn tick(&mut self, agent: &mut A, frame: &mut Frame<W>) -> Status {
        Brain::tick(self, agent, frame).unwrap_or(Status::Running)
    }
    #[inline]
    fn tick_traced<Tr: Trace>(
        &mut self,
        agent: &mut A,
        frame: &mut Frame<W>,
        trace: &mut Tr,
    ) -> Status {
        Brain::tick_traced(self, agent, frame, trace).unwrap_or(Status::Running)
    }
    #[inline]
    fn tick_batched<Tr: Trace>(
        &mut self,
        agent: &mut A,
        frame: &mut Frame<W>,
        trace: &mut Tr,
    ) -> Option<Status> {
        Brain::tick_traced(self, agent, frame, trace)
    }
    fn halt(&mut self, agent: &mut A, frame: &mut Frame<W>) {
        self.tree_mut().halt(agent, frame);
    }
    fn reset(&mut self, agent: &mut A, frame: &mut Frame<W>) {
        Brain::reset(self, agent, frame);
    }
    fn is_running(&self) -> bool {
        self.tree().is_running()
    }
    fn now(&self) -> f64 {
        self.tree().now()
    }
    fn visit_active<V: Visitor<A, W>>(&self, v: &mut V) {
        self.tree().visit_active(v);
    }
    fn visit_active_mut<V: VisitorMut<A, W>>(
        &mut self,
        agent: &mut A,
        frame: &mut Frame<W>,
        v: &mut V,
    ) {
        self.tree_mut().visit_active_mut(agent, frame, v);
    }
    fn persistent(&self, node: NodeId, f: &mut dyn FnMut(&dyn fmt::Debug)) {
        self.tree().persistent(node, f);
    }
    fn with_seed(seed: u64) -> Self {
        Brain::new(T::with_seed(seed))
    }
    fn set_seed(&mut self, seed: u64) {
        self.tree_mut().set_seed(seed);
    }
    /// When the brain next needs a tick (Z2): every tick while its next
    /// tick has more to do than the tree's (an event or an operation
    /// queued, a report to clear, just loaded) or while its play mode
    /// counts ticks; never while paused or stopped (such a tick does
    /// nothing); else its tree's word and its next stimulus to expire.
    fn wake(&self) -> Wake {
        if self.op.is_some() {
            return Wake::POLL;
        }
        if !self.player.executing_uncounted() {
            // Paused or stopped, a tick does nothing (not even deliver
            // the inbox); a player that is about to start, or that counts
            // ticks, needs each one.
            return if self.player.plays() {
                Wake::POLL
            } else {
                Wake::NEVER
            };
        }
        if self.last.slow {
            return Wake::POLL;
        }
        let tree = self.tree();
        let wake = tree.wake();
        match self.stimuli.next_expiry() {
            Some(seconds) => wake.min(Wake::at(tree.now() + seconds)),
            None => wake,
        }
    }
    /// Moves the tree clock and the stimuli store's clock `seconds` on, as
    /// the frames a sleeping brain skipped would have (Z2); nothing for a
    /// paused or stopped brain, whose clocks stand still (B1).
    fn skip(&mut self, seconds: f64) {
        if self.player.executing_uncounted() {
            self.tree_mut().skip(seconds);
            self.stimuli.skip(seconds);
        }
    }
}

impl<T: Declares + MachineState> Brain<T> {
    /// [`Tree::skip`] for any agent and world: what a
    /// [`Crowd`](crate::crowd::Crowd) catches a sleeper up with.
    pub(crate) fn skip_clocks(&mut self, seconds: f64) {
        if self.player.executing_uncounted() {
            self.tree_mut().machine_mut().skip(seconds);
            self.stimuli.skip(seconds);
        }
    }
}

/// Whether a tick entered or left a node. A tick that did neither left
/// the tree as it found it, so the next one, with the same inputs and
/// before any deadline, does nothing either: only then may the brain
/// sleep. After a tick that moved, the next one may move again with no
/// input changed: a `priority` whose child just completed chose a later
/// child, and checks the earlier one again on the next tick (D1).
/// Inlined, every other event it is handed is dead code: it costs a store
/// where a node enters or leaves.
struct Moved(bool);

impl Trace for Moved {
    const ENABLED: bool = true;
    #[inline(always)]
    fn event(&mut self, event: TraceEvent) {
        if matches!(
            event,
            TraceEvent::Activated { .. }
                | TraceEvent::ActivateFailed { .. }
                | TraceEvent::Deactivated { .. }
        ) {
            self.0 = true;
        }
    }
}

impl<T: Declares + Default> Default for Brain<T> {
    fn default() -> Self {
        Brain::new(T::default())
    }
}

impl<T: Declares + Clone> Clone for Brain<T>
where
    T::Event: Clone,
    T::Payload: Clone,
{
    fn clone(&self) -> Self {
        let mut queue = Vec::with_capacity(self.inbox.capacity);
        queue.extend(self.inbox.queue.iter().cloned());
        Brain {
            player: self.player.clone(),
            stimuli: self.stimuli.clone(),
            inbox: Inbox {
                queue,
                capacity: self.inbox.capacity,
            },
            op: self.op,
            last: self.last.clone(),
        }
    }
}

impl<T: Declares + fmt::Debug> fmt::Debug for Brain<T>
where
    T::Event: fmt::Debug,
    T::Stimulus: fmt::Debug,
    T::Payload: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Brain")
            .field("player", &self.player)
            .field("stimuli", &self.stimuli)
            .field("inbox", &self.inbox.queue)
            .field("last_status", &self.last.status)
            .finish()
    }
}

/// The inbox saved as its events and its capacity; loaded with its
/// capacity allocated, and refused if it holds more events than that.
#[cfg(feature = "serde")]
mod inbox {
    use super::Inbox;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize)]
    struct Ref<'a, E> {
        capacity: usize,
        events: &'a [E],
    }

    #[derive(Deserialize)]
    struct Owned<E> {
        capacity: usize,
        events: Vec<E>,
    }

    pub fn serialize<E: Serialize, S: Serializer>(i: &Inbox<E>, s: S) -> Result<S::Ok, S::Error> {
        Ref {
            capacity: i.capacity,
            events: &i.queue,
        }
        .serialize(s)
    }

    pub fn deserialize<'de, E: Deserialize<'de>, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Inbox<E>, D::Error> {
        let o = Owned::<E>::deserialize(d)?;
        if o.events.len() > o.capacity {
            return Err(serde::de::Error::custom(format_args!(
                "inbox: {} events in an inbox of capacity {}",
                o.events.len(),
                o.capacity
            )));
        }
        // A capacity no real game asks for is refused rather than
        // allocated.
        if o.capacity > 1 << 20 {
            return Err(serde::de::Error::custom(format_args!(
                "inbox: capacity {} is not a brain's (at most 1048576)",
                o.capacity
            )));
        }
        let mut queue = Vec::with_capacity(o.capacity);
        queue.extend(o.events);
        Ok(Inbox {
            queue,
            capacity: o.capacity,
        })
    }
}
