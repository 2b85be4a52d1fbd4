#![doc = crate::__doc_deferred!()]
//! Its length: about 650 lines of code and docs — the protocol's three
//! types, the world's trait [`Deferred`] and the context's three calls, one
//! concern — then its unit tests.

/// The documentation of this module, which the façade `deciders` shows for
/// its own `deferred` module too (it declares one, to add the derive
/// `Deferred` beside the trait).
#[doc(hidden)]
#[macro_export]
macro_rules! __doc_deferred {
    () => {
        r##"Deferred actions (V5): a behavior hands long work (an animation, a path
query) to a game system, which processes the requests of thousands of
agents in bulk and reports completions that the behavior sees on a
later tick.

The protocol has three parts, all in your world type:

- [`Requests<L>`]: the buffer a behavior launches into (a user payload
  `L`, e.g. "play animation 7 for entity 42") and where cancel requests
  go. Its capacity is fixed when you build it (the only allocation); a
  launch into a full buffer is refused. With `batch::par_tick_all`, each
  chunk's world has buffers of its own, and every chunk's comes back with
  it, for the game system to process in bulk (F4).
- [`Completions<R>`]: what the game system finished since the last
  frame, with a result `R`, looked up by [`Ticket`]. Build it between
  frames; the agents' worlds may borrow it (`world<'w>`), read-only.
- [`Action`]: the few bytes a behavior keeps in its memory to follow one
  action: [`Action::launch`] on activation, [`Action::poll`] on each
  tick, [`Action::abandon`] when the behavior is deactivated before the
  action completed. Abandoning emits a cancel request, except for an
  action launched in the same tick (its launch is still in the buffer):
  that launch is removed instead, and the game system never sees it.
  A cancel that finds the frame's cancels full is refused for that
  frame but not lost: it waits in [`Requests::pending_cancels`] and
  comes into a later frame's cancels ([`Requests::next_frame`]).

On the game system's side, [`InFlight<L>`] keeps the actions under way
across frames: it takes a frame's requests (cancelled actions leave,
launches come in) and works on each, completing those that are done.

A refused launch or cancel is counted in the buffer, by kind
([`Requests::launches_refused`], [`Requests::cancels_refused`]);
launched with [`Action::launch_in`] and abandoned with
[`Action::abandon_in`], it is also reported by the tick: a
[`TickError`](crate::TickError) in the frame's report and a trace
event at the tick's end.

A [`Ticket`] names one launch: the frame, the agent (its index, set in
the batch's `prep` with [`Requests::set_agent`]) and the launch's
number in its buffer, which counts on across frames: tickets are unique
even when the game reuses frame numbers. A completion reported for a ticket is seen on the agent's next
tick: the behavior polls [`Completions`] that the game system filled
between the two ticks.

```
use deciders::deferred::{Action, Completions, Requests};
use deciders::{Behavior, Ctx, Exit, Frame, Status};

/// This frame's buffers, and last frame's completions.
struct World { anims: Requests<&'static str>, done: Completions<bool> }
struct Npc;

#[derive(Default)]
struct Wave(Action);
impl Behavior<Npc, World> for Wave {
    fn activate(&mut self, _: &mut Npc, ctx: &mut Ctx<World>) -> Status {
        self.0.launch(&mut ctx.world_mut().anims, "wave")
    }
    fn tick(&mut self, _: &mut Npc, ctx: &mut Ctx<World>) -> Status {
        match self.0.poll(&ctx.world().done) {
            Some(&ok) => if ok { Status::Success } else { Status::Failure },
            None => Status::Running,
        }
    }
    fn deactivate(&mut self, _: &mut Npc, ctx: &mut Ctx<World>, _: Exit) {
        self.0.abandon(&mut ctx.world_mut().anims);
    }
}

deciders::tree! { tree Greeter for Npc, world = World { Wave } }

let mut state = Greeter::new();
let world = World { anims: Requests::with_capacity(16, 0), done: Completions::new() };
let mut frame = Frame::new(0.1).with_world(world);
assert_eq!(state.tick(&mut Npc, &mut frame), Status::Running);
// The game system takes the launches in bulk…
let w = frame.world_mut();
let (ticket, what) = w.anims.launches()[0];
assert_eq!(what, "wave");
// …and finishes one a few frames later.
w.anims.next_frame(1);
w.done.complete(ticket, true);
assert_eq!(state.tick(&mut Npc, &mut frame), Status::Success);
```

"##
    };
}

use crate::base::status::Status;
use crate::ctx::Ctx;

/// One launch: the frame it was launched in, the agent's index and its
/// number in the buffer that took it.
///
/// Tickets of one [`Requests`] buffer are unique however the game numbers
/// its frames: `n` counts every launch the buffer ever gave a ticket to,
/// and [`Requests::next_frame`] does not reset it. A game that reuses
/// frame numbers (a frame counter that wraps, a level restarted at frame
/// 0) still tells its launches apart, and an old ticket's cancel or
/// completion never names a new launch. Keep one buffer for the game's
/// life: a new buffer numbers from 0 again, unless told where to go on
/// ([`Requests::numbered_from`], with [`Requests::next_number`] of the
/// buffer it replaces, e.g. saved with a game whose behaviors hold
/// tickets).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Ticket {
    /// The frame number the buffer had ([`Requests::with_capacity`],
    /// [`Requests::next_frame`]).
    pub frame: u32,
    /// The agent's index ([`Requests::set_agent`]).
    pub agent: u32,
    /// The launch's number in its buffer: 0 for the first launch the
    /// buffer took, counting on across frames (wrapping after `u32::MAX`
    /// launches).
    pub n: u32,
}

/// What [`Requests::cancel`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cancel {
    /// The launch was still in the buffer (launched this frame): removed,
    /// the game system never sees it.
    Removed,
    /// A cancel request was added for the game system.
    Requested,
    /// The frame's cancel buffer was full: the request is refused for this
    /// frame, counted in [`Requests::cancels_refused`], and kept: it is
    /// [pending](Requests::pending_cancels) and comes into the cancels of
    /// the next frame with room ([`Requests::next_frame`]). Reported by
    /// [`Action::abandon_in`].
    Refused,
}

/// A frame's launch and cancel requests, of fixed capacity (V5).
///
/// With the feature `serde` it saves and loads (O6) — its launches,
/// cancels, pending cancels, counts and the next ticket number — and a
/// loaded buffer has its capacity reserved again (launching does not
/// allocate). Keep it with the game and save it with the game: tickets
/// go on from where they were. A save whose buffers hold more than its
/// capacity, or whose capacity cannot be reserved, is an error.
#[derive(Clone, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "saved::Requests<L>")
)]
pub struct Requests<L> {
    frame: u32,
    agent: u32,
    next: u32,
    capacity: usize,
    launches: Vec<(Ticket, L)>,
    cancels: Vec<Ticket>,
    /// Cancels refused for a full buffer, oldest first, not yet in a
    /// frame's `cancels`.
    pending: Vec<Ticket>,
    launches_refused: u32,
    cancels_refused: u32,
}

impl<L> Requests<L> {
    /// Empty buffers holding at most `capacity` launches and `capacity`
    /// cancels, for frame number `frame`. The only allocation: launching
    /// and cancelling never allocate, but for a cancel refused by a full
    /// buffer, which is kept until a frame has room
    /// ([`pending_cancels`](Self::pending_cancels)). A capacity of 0
    /// refuses every launch and every cancel.
    pub fn with_capacity(capacity: usize, frame: u32) -> Self {
        Requests {
            frame,
            agent: 0,
            next: 0,
            capacity,
            launches: Vec::with_capacity(capacity),
            cancels: Vec::with_capacity(capacity),
            pending: Vec::new(),
            launches_refused: 0,
            cancels_refused: 0,
        }
    }

    /// This buffer, numbering its next launch `n` (see [`Ticket`]): for a
    /// buffer that replaces another (a loaded game), with the old one's
    /// [`next_number`](Self::next_number), so that no new ticket repeats
    /// one that behaviors or the game system still hold.
    ///
    /// ```
    /// use deciders::deferred::Requests;
    /// let mut old = Requests::with_capacity(4, 0);
    /// let first = old.launch("wave").unwrap();
    /// let mut new = Requests::with_capacity(4, 0).numbered_from(old.next_number());
    /// assert_ne!(new.launch("wave"), Some(first));
    /// ```
    #[must_use]
    pub fn numbered_from(mut self, n: u32) -> Self {
        self.next = n;
        self
    }

    /// The number the next launch's ticket gets (see [`Ticket`]).
    pub fn next_number(&self) -> u32 {
        self.next
    }

    /// The agent whose tick comes next (its index in the batch): what the
    /// tickets of its launches say. Call it in the batch's `prep`.
    #[inline]
    pub fn set_agent(&mut self, agent: usize) {
        self.agent = u32::try_from(agent).unwrap_or(u32::MAX);
    }

    /// Launches `payload`; its ticket, or `None` when the buffer is full
    /// (counted in [`launches_refused`](Self::launches_refused)).
    #[inline]
    pub fn launch(&mut self, payload: L) -> Option<Ticket> {
        if self.launches.len() >= self.capacity {
            self.launches_refused = self.launches_refused.saturating_add(1);
            return None;
        }
        let ticket = Ticket {
            frame: self.frame,
            agent: self.agent,
            n: self.next,
        };
        self.next = self.next.wrapping_add(1);
        self.launches.push((ticket, payload));
        Some(ticket)
    }

    /// Cancels the launch `ticket`: removed from the buffer when it is
    /// still there (launched this frame), else a cancel request. When this
    /// frame's cancels are full, the request is refused for this frame
    /// (counted in [`cancels_refused`](Self::cancels_refused)) and kept
    /// for a later one ([`pending_cancels`](Self::pending_cancels)): a
    /// cancel is never lost.
    pub fn cancel(&mut self, ticket: Ticket) -> Cancel {
        // Every launch in the buffer has this frame's number (`next_frame`
        // empties it): a ticket of another frame is not there.
        if ticket.frame == self.frame {
            if let Some(i) = self.launches.iter().position(|(t, _)| *t == ticket) {
                self.launches.remove(i);
                return Cancel::Removed;
            }
        }
        if self.cancels.len() >= self.capacity {
            self.cancels_refused = self.cancels_refused.saturating_add(1);
            self.pending.push(ticket);
            return Cancel::Refused;
        }
        self.cancels.push(ticket);
        Cancel::Requested
    }

    /// This frame's launches, in launch order.
    pub fn launches(&self) -> &[(Ticket, L)] {
        &self.launches
    }

    /// This frame's cancel requests, in order: first those refused in
    /// earlier frames that [`next_frame`](Self::next_frame) brought in,
    /// then this frame's.
    pub fn cancels(&self) -> &[Ticket] {
        &self.cancels
    }

    /// Cancels refused because a frame's cancels were full, oldest first,
    /// that no frame had room for yet: [`next_frame`](Self::next_frame)
    /// moves them into the new frame's [`cancels`](Self::cancels), as many
    /// as fit. A game system that cannot wait a frame may read them here.
    pub fn pending_cancels(&self) -> &[Ticket] {
        &self.pending
    }

    /// Launches and cancels refused this frame because a buffer was full:
    /// [`launches_refused`](Self::launches_refused) plus
    /// [`cancels_refused`](Self::cancels_refused).
    pub fn refused(&self) -> u32 {
        self.launches_refused.saturating_add(self.cancels_refused)
    }

    /// Launches refused this frame because the buffer was full (their
    /// behaviors failed).
    pub fn launches_refused(&self) -> u32 {
        self.launches_refused
    }

    /// Cancels refused this frame because the frame's cancels were full
    /// (kept in [`pending_cancels`](Self::pending_cancels)).
    pub fn cancels_refused(&self) -> u32 {
        self.cancels_refused
    }

    /// Takes this frame's launches out (keeping the capacity), for the
    /// game system.
    pub fn drain_launches(&mut self) -> std::vec::Drain<'_, (Ticket, L)> {
        self.launches.drain(..)
    }

    /// Empties both buffers (keeping their capacity) for frame `frame`,
    /// then moves the [pending cancels](Self::pending_cancels) in, oldest
    /// first, as many as the capacity holds. Launch numbers go on (see
    /// [`Ticket`]), and the refusal counts start again at 0.
    pub fn next_frame(&mut self, frame: u32) {
        self.launches.clear();
        self.cancels.clear();
        let moved = self.pending.len().min(self.capacity);
        self.cancels.extend(self.pending.drain(..moved));
        self.frame = frame;
        self.launches_refused = 0;
        self.cancels_refused = 0;
    }
}

/// A [`Requests`] as a save holds it, checked and given its capacity back
/// when loaded.
#[cfg(feature = "serde")]
mod saved {
    use super::Ticket;

    #[derive(serde::Deserialize)]
    pub(super) struct Requests<L> {
        frame: u32,
        agent: u32,
        next: u32,
        capacity: usize,
        launches: Vec<(Ticket, L)>,
        cancels: Vec<Ticket>,
        pending: Vec<Ticket>,
        launches_refused: u32,
        cancels_refused: u32,
    }

    impl<L> TryFrom<Requests<L>> for super::Requests<L> {
        type Error = String;

        fn try_from(mut s: Requests<L>) -> Result<Self, String> {
            let over = s.launches.len().max(s.cancels.len());
            if over > s.capacity {
                return Err(format!(
                    "requests of capacity {} holding {over}: the save is damaged",
                    s.capacity
                ));
            }
            let capacity = s.capacity;
            let room = move |e: std::collections::TryReserveError| {
                format!("requests of capacity {capacity}: the capacity cannot be reserved ({e})")
            };
            s.launches
                .try_reserve_exact(capacity - s.launches.len())
                .map_err(room)?;
            s.cancels
                .try_reserve_exact(capacity - s.cancels.len())
                .map_err(room)?;
            Ok(super::Requests {
                frame: s.frame,
                agent: s.agent,
                next: s.next,
                capacity: s.capacity,
                launches: s.launches,
                cancels: s.cancels,
                pending: s.pending,
                launches_refused: s.launches_refused,
                cancels_refused: s.cancels_refused,
            })
        }
    }
}

/// Completions reported by a game system, each with a result `R`, looked
/// up by ticket (V5). Fill it between frames; lookups do not allocate.
///
/// With the feature `serde` it saves and loads (O6): a game saved between
/// two frames keeps the completions its behaviors see at the next tick.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Completions<R> {
    done: Vec<(Ticket, R)>,
}

impl<R> Default for Completions<R> {
    fn default() -> Self {
        Completions { done: Vec::new() }
    }
}

impl<R> Completions<R> {
    /// None reported.
    pub fn new() -> Self {
        Self::default()
    }

    /// Reports `ticket` finished with `result` (a second report of the same
    /// ticket replaces the first).
    pub fn complete(&mut self, ticket: Ticket, result: R) {
        // Reported in ticket order (a frame's launches are), each one
        // goes at the end: no search.
        if self.done.last().is_none_or(|(t, _)| *t < ticket) {
            self.done.push((ticket, result));
            return;
        }
        match self.done.binary_search_by(|(t, _)| t.cmp(&ticket)) {
            Ok(i) => self.done[i].1 = result,
            Err(i) => self.done.insert(i, (ticket, result)),
        }
    }

    /// The result of `ticket`, if reported.
    #[inline]
    pub fn get(&self, ticket: Ticket) -> Option<&R> {
        let i = self.done.binary_search_by(|(t, _)| t.cmp(&ticket)).ok()?;
        Some(&self.done[i].1)
    }

    /// Forgets every completion (keeping the capacity).
    pub fn clear(&mut self) {
        self.done.clear();
    }

    /// The tickets reported, in ticket order: whose agents
    /// ([`Ticket::agent`]) a crowd or an engine adapter wakes (Z2).
    pub fn tickets(&self) -> impl Iterator<Item = Ticket> + '_ {
        self.done.iter().map(|(t, _)| *t)
    }

    /// How many are reported.
    pub fn len(&self) -> usize {
        self.done.len()
    }

    /// Whether none is reported.
    pub fn is_empty(&self) -> bool {
        self.done.is_empty()
    }
}

/// A game system's actions under way: the launches it took from
/// [`Requests`], until it completes them into [`Completions`] or a
/// behavior cancels them (V5). The game-system side of the protocol, for
/// a system that works on its actions over several frames (a path
/// search, an animation).
///
/// Each frame, after the agents' ticks: [`take`](Self::take) the frame's
/// requests (cancelled actions leave, launches come in, in order), then
/// [`work`](Self::work) on every action under way, completing those that
/// are done. With the feature `serde` it saves and loads, tickets and
/// payloads: a loaded game completes what was under way.
///
/// ```
/// use deciders::deferred::{Completions, InFlight, Requests, Ticket};
///
/// let (mut requests, mut system, mut done) =
///     (Requests::with_capacity(8, 0), InFlight::new(), Completions::new());
/// // Each payload: the frames the work takes.
/// let step = |_: Ticket, left: &mut u32| {
///     *left -= 1;
///     (*left == 0).then_some("found")
/// };
/// // Frame 0: two launches.
/// let slow = requests.launch(2).unwrap();
/// let dropped = requests.launch(1).unwrap();
/// system.take(&mut requests);
/// requests.next_frame(1);
/// // Frame 1: a behavior gives up on the second before it is done.
/// requests.cancel(dropped);
/// system.take(&mut requests);
/// assert_eq!(system.work(&mut done, step), 0);
/// assert_eq!((done.get(slow), system.len()), (None, 1));
/// requests.next_frame(2);
/// // Frame 2: the first is done.
/// system.take(&mut requests);
/// assert_eq!(system.work(&mut done, step), 1);
/// assert_eq!((done.get(slow), system.is_empty()), (Some(&"found"), true));
/// ```
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct InFlight<L> {
    actions: Vec<(Ticket, L)>,
}

impl<L> Default for InFlight<L> {
    fn default() -> Self {
        InFlight {
            actions: Vec::new(),
        }
    }
}

impl<L> InFlight<L> {
    /// None under way.
    pub fn new() -> Self {
        Self::default()
    }

    /// Takes a frame's requests: the actions its cancels name leave
    /// (a cancel of an action not under way, already completed, is
    /// ignored), then its launches come in, in launch order, drained
    /// from `requests` (which keeps its cancels until
    /// [`Requests::next_frame`]).
    pub fn take(&mut self, requests: &mut Requests<L>) {
        if !requests.cancels.is_empty() {
            let cancels = &requests.cancels;
            self.actions.retain(|(t, _)| !cancels.contains(t));
        }
        self.actions.append(&mut requests.launches);
    }

    /// Works on every action under way, oldest first: `work` gets its
    /// ticket and payload and returns `Some(result)` when the action is
    /// done, which is then [completed](Completions::complete) into `done`
    /// and leaves; `None` keeps it under way. Returns how many completed.
    pub fn work<R>(
        &mut self,
        done: &mut Completions<R>,
        mut work: impl FnMut(Ticket, &mut L) -> Option<R>,
    ) -> usize {
        let before = self.actions.len();
        self.actions
            .retain_mut(|(ticket, payload)| match work(*ticket, payload) {
                Some(result) => {
                    done.complete(*ticket, result);
                    false
                }
                None => true,
            });
        before - self.actions.len()
    }

    /// The actions under way, oldest first.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &(Ticket, L)> + '_ {
        self.actions.iter()
    }

    /// How many are under way.
    pub fn len(&self) -> usize {
        self.actions.len()
    }

    /// Whether none is under way.
    pub fn is_empty(&self) -> bool {
        self.actions.is_empty()
    }
}

/// One deferred action as a behavior follows it: nothing launched, or
/// waiting on a ticket. Keep one in the behavior's memory (V5).
///
/// With the feature `serde` it saves its ticket (O6): the launch's
/// identity in the game's system, which must save its pending launches
/// with their tickets for a loaded behavior to find its completion.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Action {
    ticket: Option<Ticket>,
}

impl Action {
    /// Launches `payload` into `requests`: `Running` (the action is under
    /// way), or `Failure` when the buffer is full (the launch is refused
    /// and counted in [`Requests::launches_refused`]).
    #[inline]
    pub fn launch<L>(&mut self, requests: &mut Requests<L>, payload: L) -> Status {
        self.ticket = requests.launch(payload);
        if self.ticket.is_some() {
            Status::Running
        } else {
            Status::Failure
        }
    }

    /// [`launch`](Self::launch) into the buffer `requests` picks out of
    /// the tick's world, reporting a refused launch: the tick's report
    /// ([`Frame::report`](crate::Frame::report)) gets a
    /// [`TickError::LaunchRefused`](crate::TickError::LaunchRefused), and
    /// the tick's tracer a [`TraceEvent::LaunchRefused`](crate::TraceEvent::LaunchRefused)
    /// when the tick ends (V5, I2).
    ///
    /// ```
    /// use deciders::deferred::{Action, Requests};
    /// use deciders::{Behavior, Ctx, Frame, Status, TickError};
    ///
    /// struct Game { anims: Requests<&'static str> }
    /// struct Dancer;
    /// #[derive(Default)]
    /// struct Dance(Action);
    /// impl Behavior<Dancer, Game> for Dance {
    ///     fn tick(&mut self, _: &mut Dancer, ctx: &mut Ctx<Game>) -> Status {
    ///         self.0.launch_in(ctx, |g: &mut Game| &mut g.anims, "dance")
    ///     }
    /// }
    /// deciders::tree! { tree Party for Dancer, world = Game { sequence { Dance } } }
    ///
    /// // No room: the launch is refused, the behavior fails, the tick says why.
    /// let mut frame = Frame::new(0.1).with_world(Game { anims: Requests::with_capacity(0, 0) });
    /// assert_eq!(Party::new().tick(&mut Dancer, &mut frame), Status::Failure);
    /// assert_eq!(frame.report().first(), Some(&TickError::LaunchRefused { agent: 0 }));
    /// ```
    #[inline]
    pub fn launch_in<W, L>(
        &mut self,
        ctx: &mut Ctx<W>,
        requests: impl FnOnce(&mut W) -> &mut Requests<L>,
        payload: L,
    ) -> Status {
        let requests = requests(ctx.world_mut());
        let status = self.launch(requests, payload);
        if status == Status::Failure {
            let agent = requests.agent;
            ctx.refused_launch(agent);
        }
        status
    }

    /// The action's ticket while it is under way.
    #[inline]
    pub fn ticket(&self) -> Option<Ticket> {
        self.ticket
    }

    /// The action's result once the game system reported it; the action is
    /// then over (nothing to cancel).
    #[inline]
    pub fn poll<'c, R>(&mut self, done: &'c Completions<R>) -> Option<&'c R> {
        let result = done.get(self.ticket?)?;
        self.ticket = None;
        Some(result)
    }

    /// The behavior leaves before the action completed: a cancel request,
    /// or the launch removed from the buffer when it was launched this
    /// frame. Nothing when no action is under way. Call it in
    /// `deactivate`.
    ///
    /// A cancel the full buffer refuses ([`Cancel::Refused`]) is kept for a
    /// later frame and counted in [`Requests::cancels_refused`], but the
    /// tick does not hear of it: use [`abandon_in`](Self::abandon_in) to
    /// have it reported.
    #[inline]
    pub fn abandon<L>(&mut self, requests: &mut Requests<L>) -> Option<Cancel> {
        let ticket = self.ticket.take()?;
        Some(requests.cancel(ticket))
    }

    /// [`abandon`](Self::abandon) into the buffer `requests` picks out of
    /// the world, reporting a refused cancel as [`launch_in`](Self::launch_in)
    /// reports a refused launch: the frame's report
    /// ([`Frame::report`](crate::Frame::report)) gets a
    /// [`TickError::CancelRefused`](crate::TickError::CancelRefused), and,
    /// during a tick, the tick's tracer a
    /// [`TraceEvent::CancelRefused`](crate::TraceEvent::CancelRefused) when
    /// the tick ends (V5, I2). The cancel itself is not lost: it waits in
    /// [`Requests::pending_cancels`] for a frame with room. Called from
    /// `halt` (no tick, no tracer), the refusal is added to the frame's
    /// report as it stands.
    ///
    /// ```
    /// use deciders::deferred::{Action, Cancel, Requests};
    /// use deciders::{Behavior, Ctx, Exit, Frame, Status, TickError};
    ///
    /// struct Game { anims: Requests<&'static str> }
    /// struct Dancer { tired: bool }
    /// #[derive(Default)]
    /// struct Dance(Action);
    /// impl Behavior<Dancer, Game> for Dance {
    ///     fn activate(&mut self, _: &mut Dancer, ctx: &mut Ctx<Game>) -> Status {
    ///         self.0.launch_in(ctx, |g: &mut Game| &mut g.anims, "dance")
    ///     }
    ///     fn tick(&mut self, _: &mut Dancer, _: &mut Ctx<Game>) -> Status {
    ///         Status::Running
    ///     }
    ///     fn deactivate(&mut self, _: &mut Dancer, ctx: &mut Ctx<Game>, _: Exit) {
    ///         self.0.abandon_in(ctx, |g: &mut Game| &mut g.anims);
    ///     }
    /// }
    /// deciders::tree! {
    ///     tree Party for Dancer, world = Game {
    ///         priority { rest: when(decide = |d: &Dancer| d.tired) => wait(1.0), dance: Dance }
    ///     }
    /// }
    ///
    /// // One launch or cancel a frame.
    /// let mut frame = Frame::new(0.1).with_world(Game { anims: Requests::with_capacity(1, 0) });
    /// let (mut dancer, mut party) = (Dancer { tired: false }, Party::new());
    /// party.tick(&mut dancer, &mut frame);
    /// let (ticket, _) = frame.world().anims.launches()[0];
    /// frame.world_mut().anims.next_frame(1);
    /// // Someone else's cancel fills this frame's cancels first.
    /// let other = deciders::deferred::Ticket { frame: 0, agent: 5, n: 9 };
    /// assert_eq!(frame.world_mut().anims.cancel(other), Cancel::Requested);
    /// dancer.tired = true;
    /// party.tick(&mut dancer, &mut frame);
    /// // Refused for this frame, reported, and kept for the next one.
    /// assert_eq!(frame.report().first(), Some(&TickError::CancelRefused { agent: 0 }));
    /// assert_eq!(frame.world().anims.pending_cancels(), [ticket]);
    /// frame.world_mut().anims.next_frame(2);
    /// assert_eq!(frame.world().anims.cancels(), [ticket]);
    /// ```
    #[inline]
    pub fn abandon_in<W, L>(
        &mut self,
        ctx: &mut Ctx<W>,
        requests: impl FnOnce(&mut W) -> &mut Requests<L>,
    ) -> Option<Cancel> {
        let requests = requests(ctx.world_mut());
        let cancel = self.abandon(requests)?;
        if cancel == Cancel::Refused {
            let agent = requests.agent;
            ctx.refused_cancel(agent);
        }
        Some(cancel)
    }
}

/// A world that carries deferred actions (V5): the buffer this frame's
/// launches and cancels go to, and the completions the game system
/// reported since the last frame. Implement it for your world type, and
/// behaviors launch, poll and abandon through their context in one call
/// each ([`Ctx::launch`], [`Ctx::poll`], [`Ctx::abandon`]), the tickets
/// naming the agent the batch is ticking ([`Frame::set_agent`](crate::Frame::set_agent)):
/// no `set_agent` in `prep`, no helper in every behavior.
///
/// ```
/// use deciders::deferred::{Action, Completions, Deferred, Requests};
/// use deciders::{Behavior, Ctx, Exit, Frame, Status};
///
/// struct World { anims: Requests<&'static str>, done: Completions<bool> }
/// impl Deferred for World {
///     type Launch = &'static str;
///     type Done = bool;
///     fn requests(&mut self) -> &mut Requests<&'static str> { &mut self.anims }
///     fn completions(&self) -> &Completions<bool> { &self.done }
/// }
/// struct Npc;
///
/// #[derive(Default)]
/// struct Wave(Action);
/// impl Behavior<Npc, World> for Wave {
///     fn activate(&mut self, _: &mut Npc, ctx: &mut Ctx<World>) -> Status {
///         ctx.launch(&mut self.0, "wave")
///     }
///     fn tick(&mut self, _: &mut Npc, ctx: &mut Ctx<World>) -> Status {
///         match ctx.poll(&mut self.0) {
///             Some(&ok) => if ok { Status::Success } else { Status::Failure },
///             None => Status::Running,
///         }
///     }
///     fn deactivate(&mut self, _: &mut Npc, ctx: &mut Ctx<World>, _: Exit) {
///         ctx.abandon(&mut self.0);
///     }
/// }
/// deciders::tree! { tree Greeter for Npc, world = World { Wave } }
///
/// let world = World { anims: Requests::with_capacity(16, 0), done: Completions::new() };
/// let mut frame = Frame::new(0.1).with_world(world);
/// frame.set_agent(42);
/// let mut state = Greeter::new();
/// assert_eq!(state.tick(&mut Npc, &mut frame), Status::Running);
/// let (ticket, what) = frame.world().anims.launches()[0];
/// assert_eq!((ticket.agent, what), (42, "wave"));
/// frame.world_mut().anims.next_frame(1);
/// frame.world_mut().done.complete(ticket, true);
/// assert_eq!(state.tick(&mut Npc, &mut frame), Status::Success);
/// ```
pub trait Deferred {
    /// What a launch asks the game system for.
    type Launch;
    /// What the game system reports when it completes a launch.
    type Done;
    /// This frame's launches and cancels.
    fn requests(&mut self) -> &mut Requests<Self::Launch>;
    /// The completions reported since the last frame.
    fn completions(&self) -> &Completions<Self::Done>;
}

/// A world the game keeps and lends each frame by `&mut` (`world<'w> =
/// &'w mut Nest`): its requests and completions are the world's.
impl<W: Deferred + ?Sized> Deferred for &mut W {
    type Launch = W::Launch;
    type Done = W::Done;
    #[inline]
    fn requests(&mut self) -> &mut Requests<Self::Launch> {
        (**self).requests()
    }
    #[inline]
    fn completions(&self) -> &Completions<Self::Done> {
        (**self).completions()
    }
}

/// Deferred actions through the context, one call each (V5).
impl<W: Deferred> Ctx<'_, W> {
    /// Launches `payload` into the world's requests for the agent being
    /// ticked, following it in `action`: `Running`, or `Failure` when the
    /// buffer is full — the launch is refused, counted in the buffer, and
    /// reported by the tick ([`TickError::LaunchRefused`](crate::TickError::LaunchRefused)),
    /// as [`Action::launch_in`] does. An action still under way in
    /// `action` is abandoned first (one rule: an action is followed by
    /// one `Action`).
    #[inline]
    pub fn launch(&mut self, action: &mut Action, payload: W::Launch) -> Status {
        if action.ticket.is_some() {
            self.abandon(action);
        }
        let agent = self.agent();
        let requests = self.world_mut().requests();
        requests.agent = agent;
        let status = action.launch(requests, payload);
        if status == Status::Failure {
            self.refused_launch(agent);
        }
        status
    }

    /// The result of `action` once the game system completed it (the
    /// action is then over); `None` while it is under way, or if nothing
    /// was launched.
    #[inline]
    pub fn poll(&self, action: &mut Action) -> Option<&W::Done> {
        action.poll(self.world().completions())
    }

    /// Abandons `action` before it completed: a cancel request, or its
    /// launch removed when it was launched this frame; nothing when no
    /// action is under way. A cancel refused by a full buffer is kept
    /// for a later frame and reported by the tick
    /// ([`TickError::CancelRefused`](crate::TickError::CancelRefused)), as
    /// [`Action::abandon_in`] does. Call it in `deactivate`.
    #[inline]
    pub fn abandon(&mut self, action: &mut Action) -> Option<Cancel> {
        let agent = self.agent();
        let cancel = action.abandon(self.world_mut().requests())?;
        if cancel == Cancel::Refused {
            self.refused_cancel(agent);
        }
        Some(cancel)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn v5_a_full_buffer_refuses_and_counts() {
        let mut r = Requests::with_capacity(1, 3);
        r.set_agent(9);
        let mut a = Action::default();
        assert_eq!(a.launch(&mut r, 'x'), Status::Running);
        assert_eq!(
            a.ticket(),
            Some(Ticket {
                frame: 3,
                agent: 9,
                n: 0
            })
        );
        let mut b = Action::default();
        assert_eq!(b.launch(&mut r, 'y'), Status::Failure);
        assert_eq!((r.refused(), b.ticket(), r.launches().len()), (1, None, 1));
        // Capacity 0 refuses every launch.
        let mut none = Requests::with_capacity(0, 0);
        assert_eq!(Action::default().launch(&mut none, ()), Status::Failure);
    }

    #[test]
    fn v5_abandoned_in_the_same_frame_is_removed_else_cancelled() {
        let mut r = Requests::with_capacity(4, 0);
        let (mut a, mut b) = (Action::default(), Action::default());
        a.launch(&mut r, 1);
        b.launch(&mut r, 2);
        assert_eq!(a.abandon(&mut r), Some(Cancel::Removed));
        assert_eq!(r.launches().len(), 1);
        assert!(r.cancels().is_empty());
        r.next_frame(1);
        assert_eq!(b.abandon(&mut r), Some(Cancel::Requested));
        assert_eq!(r.cancels().len(), 1);
        assert_eq!(b.abandon(&mut r), None);
    }

    #[test]
    fn v5_completions_in_any_order_are_found() {
        let t = |frame, n| Ticket { frame, agent: 0, n };
        let mut done = Completions::new();
        for (i, ticket) in [t(1, 2), t(1, 3), t(0, 5), t(1, 0), t(2, 0)]
            .into_iter()
            .enumerate()
        {
            done.complete(ticket, i);
        }
        done.complete(t(1, 3), 9);
        assert_eq!(done.len(), 5);
        let got: Vec<_> = [t(0, 5), t(1, 0), t(1, 2), t(1, 3), t(2, 0), t(2, 1)]
            .into_iter()
            .map(|ticket| done.get(ticket).copied())
            .collect();
        assert_eq!(got, [Some(2), Some(3), Some(0), Some(9), Some(4), None]);
    }

    #[test]
    fn v5_a_cancel_of_an_earlier_frame_is_a_request_even_with_launches_pending() {
        let mut r = Requests::with_capacity(4, 0);
        let mut a = Action::default();
        a.launch(&mut r, 1);
        r.next_frame(1);
        let mut b = Action::default();
        b.launch(&mut r, 2);
        assert_eq!(a.abandon(&mut r), Some(Cancel::Requested));
        assert_eq!(b.abandon(&mut r), Some(Cancel::Removed));
        assert_eq!((r.launches().len(), r.cancels().len()), (0, 1));
    }

    #[test]
    fn v5_a_completion_ends_the_action() {
        let mut r = Requests::with_capacity(4, 0);
        let mut a = Action::default();
        a.launch(&mut r, ());
        let mut done = Completions::new();
        assert_eq!(a.poll(&done), None::<&u8>);
        done.complete(a.ticket().unwrap(), 5u8);
        assert_eq!(a.poll(&done), Some(&5));
        assert_eq!((a.ticket(), a.abandon(&mut r)), (None, None));
    }
}
