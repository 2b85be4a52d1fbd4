//! Replays: the ticks of one agent, recorded, and written as one HTML page
//! a person opens in a browser to scrub through them (I6).
//!
//! A [`Recorder`] is a [`Trace`]: hand it to `tick_traced` and it keeps, for
//! every tick, the tree clock, the events of the tick (each a
//! [`TraceEvent`], which holds `&'static` node data and numbers: no string
//! is copied), the root's status and the active path after the tick.
//! [`write_html`] and [`to_html`] then write one self-contained HTML file:
//! the tree drawn as an outline, the active path of the selected tick
//! highlighted, a timeline in game frames to scrub with the mouse or the
//! keyboard (←, →, Home, End), and the selected tick's events beside it.
//! The page needs no network and no build step: its style, its script and
//! the recording are inline. It opens at the frame named by its address
//! (`replay.html#frame=12`; `#tick=7` names a tick), else at the last one.
//!
//! ```
//! use deciders::{replay, Behavior, Ctx, Frame, Status};
//!
//! struct Critter { hunger: u32 }
//! #[derive(Default)]
//! struct Eat;
//! impl Behavior<Critter> for Eat {
//!     fn tick(&mut self, c: &mut Critter, _: &mut Ctx) -> Status {
//!         c.hunger -= 1;
//!         if c.hunger == 0 { Status::Success } else { Status::Running }
//!     }
//! }
//!
//! deciders::tree! {
//!     tree Creature for Critter {
//!         priority {
//!             eat: when(decide = |c: &Critter| c.hunger > 0) => Eat,
//!             rest: wait(1.0),
//!         }
//!     }
//! }
//!
//! let (mut critter, mut state) = (Critter { hunger: 2 }, Creature::new());
//! let mut recorder = replay::Recorder::new();
//! for _ in 0..3 {
//!     state.tick_traced(&mut critter, &mut Frame::new(0.1), &mut recorder);
//! }
//! assert_eq!(recorder.len(), 3);
//! let names = |tick: &replay::Tick| -> Vec<&str> { tick.path().iter().map(|n| n.name).collect() };
//! let ticks: Vec<_> = recorder.ticks().collect();
//! assert_eq!(names(ticks[0]), ["root", "eat"]);
//! assert_eq!(names(ticks[2]), ["root", "rest"]); // `eat` completed on tick 1
//!
//! let html = replay::to_html(Creature::shape(), &recorder, "A hungry creature");
//! assert!(html.starts_with("<!DOCTYPE html>"));
//! assert!(html.contains("<title>A hungry creature</title>"));
//! assert!(html.contains(r#""k":"deactivated","n":1,"exit":"Success""#));
//! ```
//!
//! # What a tick holds
//!
//! [`Tick::events`] are the events between the tick's
//! [`TickStart`](TraceEvent::TickStart) and
//! [`TickEnd`](TraceEvent::TickEnd), in order; those two are kept as
//! [`Tick::now`] and [`Tick::status`]. [`Tick::path`] is the active path
//! after the tick, root first, as [`Tree::active_path`] hands it out: the
//! recorder follows it from the events: a node is active from its
//! [`Activated`](TraceEvent::Activated) to its
//! [`Deactivated`](TraceEvent::Deactivated), a condition leaf while it
//! answers `Running`, and the root is activated only when nothing else is
//! left (so a `halt`, a `reset` or a panic between traced ticks is seen at
//! the next one). Events only tell what changes, so a recorder that missed
//! some — it was paused, or made after the tree started — knows part of the
//! path until the root starts again; [`Recorder::path_from`] reads the
//! whole path from the state (call it after a tick, or after every tick if
//! you wish: it is then exact whatever the recorder saw).
//!
//! # Game frames
//!
//! The timeline counts game frames, not ticks: a frame in which the agent
//! was not ticked — its [`Player`](crate::lifecycle::Player) paused or
//! stopped, or the game skipped it — is on the timeline, shown as paused,
//! with the path the last tick left. A tracer sees only ticks, so the
//! recorder learns frames from the game: call [`Recorder::frame`] with the
//! frame's number each frame, before ticking the agent or not. Each tick
//! then has its [`frame`](Tick::frame), and each run of frames announced
//! without a tick is a [`Pause`] ([`Recorder::pauses`]). Without that
//! call every tick is a frame of its own, numbered from 0, and nothing is
//! paused. Frames the recorder did not see (it was paused itself, or the
//! numbers jumped) are marked on the timeline as not recorded.
//!
//! # Memory
//!
//! [`Recorder::new`] allocates nothing; recording pushes into vectors. A
//! paused recorder ([`Recorder::paused`], [`Recorder::pause`]) ignores every
//! event and allocates nothing. [`Recorder::with_limit`] keeps the last
//! `max_ticks` ticks only, reusing the vectors of the ticks it drops, so
//! that a long game records in bounded memory.
//!
//! # Trees used through `subtree`
//!
//! The page draws one shape, the one given to [`write_html`]. The nodes of
//! a tree used through a `subtree` reference are nodes of that tree's own
//! shape ([`NodeInfo::tree`] names it): the page lists them in the tick's
//! path and events, named `Tree::node`, and does not draw them.

use crate::base::shape::{NodeId, NodeInfo, NodeKind};
use crate::base::status::{Exit, Status};
use crate::machine::tree::Tree;
use crate::tools::pictures::id_in;
use crate::trace_hook::{Reject, Trace, TraceEvent};
use core::fmt::{self, Write};
use std::collections::{vec_deque, VecDeque};

/// One recorded tick of a [`Recorder`].
#[derive(Clone, Debug, PartialEq)]
pub struct Tick {
    number: u64,
    frame: u64,
    now: f64,
    status: Option<Status>,
    events: Vec<TraceEvent>,
    path: Vec<&'static NodeInfo>,
}

impl Tick {
    /// The tick's number: 0 for the first tick the recorder saw, counting
    /// the ticks a [limit](Recorder::with_limit) dropped and not those
    /// seen while paused.
    pub fn number(&self) -> u64 {
        self.number
    }

    /// The game frame of the tick: the number given to the last
    /// [`Recorder::frame`] before it, else the frame after the last tick's
    /// (0 for the first).
    pub fn frame(&self) -> u64 {
        self.frame
    }

    /// The tree clock of the tick ([`TraceEvent::TickStart`]).
    pub fn now(&self) -> f64 {
        self.now
    }

    /// The root's status, or `None` if the tick did not end: a hook
    /// panicked, or the recorder was paused during the tick.
    pub fn status(&self) -> Option<Status> {
        self.status
    }

    /// The events of the tick, in order, without its `TickStart` and
    /// `TickEnd`.
    pub fn events(&self) -> &[TraceEvent] {
        &self.events
    }

    /// The active path after the tick, root first (see the
    /// [module](self) for how it is known); empty for a tick that did not
    /// end (after a panic nothing is active, T4).
    pub fn path(&self) -> &[&'static NodeInfo] {
        &self.path
    }

    /// The ids, in `shape`, of the nodes of the path that belong to
    /// `shape` (see [`id_in`]): what a picture of `shape` highlights.
    pub fn path_in<'a>(&'a self, shape: &'a [NodeInfo]) -> impl Iterator<Item = NodeId> + 'a {
        self.path.iter().filter_map(move |node| id_in(shape, node))
    }

    /// A fresh tick, reusing the vectors of `old` if there is one.
    fn reuse(old: Option<Tick>, number: u64, frame: u64, now: f64) -> Tick {
        let (mut events, mut path) = old.map(|t| (t.events, t.path)).unwrap_or_default();
        events.clear();
        path.clear();
        Tick {
            number,
            frame,
            now,
            status: None,
            events,
            path,
        }
    }
}

/// Game frames in a row in which the recorded agent was not ticked (its
/// [`Player`](crate::lifecycle::Player) paused or stopped, or the game
/// skipped it), as a [`Recorder`] learns them from
/// [`Recorder::frame`]: the timeline of the page shows them as paused.
///
/// ```
/// use deciders::{replay::Recorder, Frame};
/// struct Bot;
/// deciders::tree! { tree Idle for Bot { wait(1.0) } }
///
/// let (mut state, mut recorder) = (Idle::new(), Recorder::new());
/// for frame in 10..16 {
///     recorder.frame(frame);
///     // Frames 12 to 14: the agent is paused, not ticked.
///     if !(12..=14).contains(&frame) {
///         state.tick_traced(&mut Bot, &mut Frame::new(0.1), &mut recorder);
///     }
/// }
/// let pause = recorder.pauses().next().unwrap();
/// assert_eq!((pause.frames(), pause.len(), pause.before_tick()), (12..=14, 3, 2));
/// let frames: Vec<u64> = recorder.ticks().map(|t| t.frame()).collect();
/// assert_eq!(frames, [10, 11, 15]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pause {
    before: u64,
    first: u64,
    last: u64,
}

impl Pause {
    /// The frames, first to last: numbers in a row.
    pub fn frames(&self) -> core::ops::RangeInclusive<u64> {
        self.first..=self.last
    }

    /// How many frames (at least 1).
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> u64 {
        self.last - self.first + 1
    }

    /// The [number](Tick::number) of the tick that came after these
    /// frames, or that will come: the pause lies between that tick and
    /// the one before it.
    pub fn before_tick(&self) -> u64 {
        self.before
    }
}

/// A node of the active path as the recorder follows it: the node and its
/// depth in the path (which counts through `subtree` references, unlike
/// [`NodeInfo::depth`]).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Live {
    node: &'static NodeInfo,
    depth: usize,
}

/// Whether `a` and `b` are the same node of the same tree.
fn same(a: &NodeInfo, b: &NodeInfo) -> bool {
    a.id == b.id && a.tree == b.tree
}

/// A [`Trace`] that records the ticks of one agent for a replay (I6): see
/// the [module](self).
///
/// ```
/// use deciders::{replay::Recorder, Frame};
/// struct Bot;
/// deciders::tree! { tree Idle for Bot { sequence { wait(0.15), succeed } } }
///
/// let mut recorder = Recorder::with_limit(2);
/// let mut state = Idle::new();
/// for _ in 0..5 {
///     state.tick_traced(&mut Bot, &mut Frame::new(0.1), &mut recorder);
/// }
/// let kept: Vec<u64> = recorder.ticks().map(|t| t.number()).collect();
/// assert_eq!(kept, [3, 4]); // the last two of five
/// ```
#[derive(Clone, Debug)]
pub struct Recorder {
    recording: bool,
    limit: Option<usize>,
    ticks: VecDeque<Tick>,
    /// Whether a tick has started and not ended.
    in_tick: bool,
    /// Whether the last tick kept has started and not ended.
    open: bool,
    live: Vec<Live>,
    /// Where in `live` the walk of the tick is: the entry of the last
    /// event that named an active node.
    cursor: usize,
    next: u64,
    /// The game frame of the last tick, or the one [`frame`](Self::frame)
    /// announced last.
    frame: Option<u64>,
    /// Whether the caller numbers the frames ([`frame`](Self::frame)).
    numbered: bool,
    /// Whether the frame announced last has had no tick yet.
    pending: bool,
    /// The runs of frames without a tick, oldest first.
    pauses: VecDeque<Pause>,
}

impl Default for Recorder {
    /// [`Recorder::new`].
    fn default() -> Self {
        Recorder::new()
    }
}

impl Recorder {
    /// A recorder that records every tick. Allocates nothing until it
    /// records.
    pub const fn new() -> Self {
        Recorder {
            recording: true,
            limit: None,
            ticks: VecDeque::new(),
            in_tick: false,
            open: false,
            live: Vec::new(),
            cursor: 0,
            next: 0,
            frame: None,
            numbered: false,
            pending: false,
            pauses: VecDeque::new(),
        }
    }

    /// A recorder that keeps the last `max_ticks` ticks only (none if
    /// `max_ticks` is 0): when it is full, each new tick takes the place,
    /// and the vectors, of the oldest.
    pub const fn with_limit(max_ticks: usize) -> Self {
        let mut recorder = Recorder::new();
        recorder.limit = Some(max_ticks);
        recorder
    }

    /// A recorder that starts paused: it records nothing, and allocates
    /// nothing, until [`resume`](Self::resume).
    pub const fn paused() -> Self {
        let mut recorder = Recorder::new();
        recorder.recording = false;
        recorder
    }

    /// Stops recording: every event is ignored until
    /// [`resume`](Self::resume). A tick under way is kept without a
    /// status.
    pub fn pause(&mut self) {
        self.recording = false;
        self.in_tick = false;
        self.open = false;
        // Whether that frame gets a tick, the recorder will not see.
        self.pending = false;
    }

    /// Records again. The events missed while paused are lost, so the
    /// active path is known only in part until the root starts again or
    /// [`path_from`](Self::path_from) reads it.
    pub fn resume(&mut self) {
        if !self.recording {
            self.recording = true;
            self.live.clear();
        }
    }

    /// Whether the recorder records.
    pub fn is_recording(&self) -> bool {
        self.recording
    }

    /// The most ticks kept, if limited.
    pub fn limit(&self) -> Option<usize> {
        self.limit
    }

    /// Forgets the recorded ticks and paused frames; the numbering of
    /// ticks and frames and the active path go on.
    pub fn clear(&mut self) {
        self.ticks.clear();
        self.pauses.clear();
        self.open = false;
    }

    /// Game frame `number` begins: call it every frame, before the agent
    /// is ticked (or not) in that frame, with the game's frame number
    /// (Bevy's `FrameCount`, your own counter). The next ticks are given
    /// that frame ([`Tick::frame`]); a frame announced and then left
    /// without a tick is recorded as paused ([`pauses`](Self::pauses)):
    /// the agent's [`Player`](crate::lifecycle::Player) was paused or
    /// stopped, or the game did not tick it. That is known when the next
    /// frame begins, so the last frame announced is not paused yet.
    ///
    /// Without this call, each tick is a frame of its own, numbered from
    /// 0. Calling it again with the same number changes nothing; frame
    /// numbers that jump over some frames leave those frames out of the
    /// recording (the page shows them as not recorded, not as paused), as
    /// do the frames while the recorder is paused. Numbers are not
    /// checked to grow: the page lays the frames out in the order they
    /// were recorded. Allocates only to record a pause.
    ///
    /// ```
    /// use deciders::lifecycle::Player;
    /// use deciders::{replay::Recorder, Frame};
    /// struct Bot;
    /// deciders::tree! { tree Idle for Bot { wait(1.0) } }
    ///
    /// let (mut player, mut recorder) = (Player::new(Idle::new()), Recorder::new());
    /// let frame = &mut Frame::new(0.1);
    /// for number in 0..6 {
    ///     recorder.frame(number);
    ///     if number == 2 {
    ///         player.pause(&mut Bot, frame);
    ///     }
    ///     if number == 4 {
    ///         player.resume(&mut Bot, frame);
    ///     }
    ///     // Paused, the player ticks nothing: the recorder sees no tick.
    ///     player.tick_traced(&mut Bot, frame, &mut recorder);
    /// }
    /// let ticked: Vec<u64> = recorder.ticks().map(|t| t.frame()).collect();
    /// assert_eq!(ticked, [0, 1, 4, 5]);
    /// let paused: Vec<_> = recorder.pauses().map(|p| p.frames()).collect();
    /// assert_eq!(paused, [2..=3]);
    /// ```
    pub fn frame(&mut self, number: u64) {
        if !self.recording || (self.numbered && self.frame == Some(number)) {
            return;
        }
        if self.pending {
            if let Some(unticked) = self.frame {
                self.paused_frame(unticked);
            }
        }
        self.frame = Some(number);
        self.numbered = true;
        self.pending = true;
    }

    /// The runs of frames in which the agent was not ticked (see
    /// [`frame`](Self::frame)), oldest first. With a
    /// [limit](Self::with_limit), only those after the oldest tick kept,
    /// and at most one run more than the limit.
    pub fn pauses(&self) -> vec_deque::Iter<'_, Pause> {
        self.pauses.iter()
    }

    /// Records frame `number` as paused: it joins the last run if it
    /// follows it with no tick in between.
    fn paused_frame(&mut self, number: u64) {
        let before = self.next;
        if let Some(last) = self.pauses.back_mut() {
            if last.before == before && last.last.checked_add(1) == Some(number) {
                last.last = number;
                return;
            }
        }
        match self.limit {
            Some(0) => return,
            // At most one run more than the ticks kept.
            Some(max) => {
                while self.pauses.len() > max {
                    self.pauses.pop_front();
                }
            }
            None => {}
        }
        self.pauses.push_back(Pause {
            before,
            first: number,
            last: number,
        });
    }

    /// The recorded ticks, oldest first.
    pub fn ticks(&self) -> vec_deque::Iter<'_, Tick> {
        self.ticks.iter()
    }

    /// The last recorded tick.
    pub fn last(&self) -> Option<&Tick> {
        self.ticks.back()
    }

    /// How many ticks are kept.
    pub fn len(&self) -> usize {
        self.ticks.len()
    }

    /// Whether no tick is kept.
    pub fn is_empty(&self) -> bool {
        self.ticks.is_empty()
    }

    /// Reads the active path from `state`, root first, in place of the one
    /// followed from the events, and gives it to the last recorded tick
    /// (unless one is under way). Call it after a tick when the recorder
    /// may have missed events; it does nothing while paused.
    ///
    /// ```
    /// use deciders::{replay::Recorder, Frame};
    /// struct Bot;
    /// deciders::tree! { tree Idle for Bot { sequence { wait(1.0), succeed } } }
    ///
    /// let mut state = Idle::new();
    /// state.tick(&mut Bot, &mut Frame::new(0.1)); // not recorded
    /// let mut recorder = Recorder::new();
    /// state.tick_traced(&mut Bot, &mut Frame::new(0.1), &mut recorder);
    /// assert!(recorder.last().unwrap().path().is_empty()); // no activation seen
    /// recorder.path_from(&state);
    /// let path: Vec<&str> = recorder.last().unwrap().path().iter().map(|n| n.name).collect();
    /// assert_eq!(path, ["root", "Wait"]);
    /// ```
    pub fn path_from<A, W, T: Tree<A, W>>(&mut self, state: &T) {
        if !self.recording {
            return;
        }
        self.live.clear();
        state.active_path(|node| {
            let depth = match node.parent {
                None => 0,
                Some(parent) => match self.parent_of(node, parent) {
                    Some(at) => self.live[at].depth + 1,
                    None => usize::from(node.depth),
                },
            };
            self.live.push(Live { node, depth });
            self.cursor = self.live.len() - 1;
        });
        self.cursor = 0;
        if !self.open {
            if let Some(tick) = self.ticks.back_mut() {
                tick.path.clear();
                tick.path.extend(self.live.iter().map(|live| live.node));
            }
        }
    }

    /// A tick starts at tree clock `now`.
    fn start(&mut self, now: f64) {
        if self.in_tick {
            // The last tick did not end: a hook panicked, and the state
            // was dropped (T4). Nothing is active.
            self.live.clear();
        }
        self.in_tick = true;
        self.cursor = 0;
        let number = self.next;
        self.next += 1;
        // The frame announced, or, for a second tick in it, the same one;
        // with no announcement, the frame after the last tick's.
        let frame = match self.frame {
            Some(frame) if self.numbered => frame,
            Some(frame) => frame.saturating_add(1),
            None => 0,
        };
        self.frame = Some(frame);
        self.pending = false;
        let max = self.limit.unwrap_or(usize::MAX);
        if max == 0 {
            self.open = false;
            return;
        }
        let old = if self.ticks.len() >= max {
            self.ticks.pop_front()
        } else {
            None
        };
        if let Some(dropped) = &old {
            // The pauses before the dropped tick go with it.
            while self
                .pauses
                .front()
                .is_some_and(|p| p.before <= dropped.number)
            {
                self.pauses.pop_front();
            }
        }
        self.ticks.push_back(Tick::reuse(old, number, frame, now));
        self.open = true;
    }

    /// The tick ends with the root's `status`.
    fn end(&mut self, status: Status) {
        self.in_tick = false;
        if status.is_done() {
            // The root completed: nothing is active (T3).
            self.live.clear();
        }
        if !self.open {
            return;
        }
        self.open = false;
        if let Some(tick) = self.ticks.back_mut() {
            tick.status = Some(status);
            tick.path.clear();
            tick.path.extend(self.live.iter().map(|live| live.node));
        }
    }

    /// The index in `live` of the entry that is `node`'s parent, whose id
    /// in `node`'s tree is `parent`. The root of a tree used through
    /// `subtree` is reported as the reference (S1), so a node under that
    /// root has a reference in another tree as parent. Where a tree is
    /// used twice, the parent is the candidate nearest before the cursor:
    /// a tick walks the path in pre-order.
    fn parent_of(&self, node: &NodeInfo, parent: NodeId) -> Option<usize> {
        let candidate = |live: &Live| {
            let up = live.node;
            (up.id == parent && up.tree == node.tree)
                || (parent == 0 && up.kind == NodeKind::Subtree && up.tree != node.tree)
        };
        let before = self.live.get(..=self.cursor).unwrap_or(&self.live);
        before
            .iter()
            .rposition(candidate)
            .or_else(|| self.live.iter().rposition(candidate))
    }

    /// The end (exclusive) of the block of entry `at`: it and the entries
    /// under it.
    fn block_end(&self, at: usize) -> usize {
        let depth = self.live.get(at).map_or(0, |live| live.depth);
        let below = self.live.get(at + 1..).unwrap_or_default();
        at + 1 + below.iter().take_while(|live| live.depth > depth).count()
    }

    /// The index of `node` in `live`: the first at or after the cursor,
    /// else the last before it (a tree used twice has its nodes twice).
    fn find(&self, node: &NodeInfo) -> Option<usize> {
        let after = self.live.get(self.cursor..).unwrap_or_default();
        match after.iter().position(|live| same(live.node, node)) {
            Some(at) => Some(self.cursor + at),
            None => self.live.iter().rposition(|live| same(live.node, node)),
        }
    }

    /// `node` is activated: it joins the path under its parent, before its
    /// later siblings (the path stays in pre-order).
    fn activate(&mut self, node: &'static NodeInfo) {
        let Some(parent) = node.parent else {
            // The root starts only when nothing is active: what the
            // recorder still holds was halted, reset or dropped unseen.
            self.live.clear();
            self.live.push(Live { node, depth: 0 });
            self.cursor = 0;
            return;
        };
        let Some(at) = self.parent_of(node, parent) else {
            let depth = usize::from(node.depth);
            self.live.push(Live { node, depth });
            self.cursor = self.live.len() - 1;
            return;
        };
        let depth = self.live[at].depth + 1;
        let mut i = at + 1;
        while let Some(next) = self.live.get(i) {
            let later_sibling = next.depth == depth && next.node.id > node.id;
            if next.depth < depth || later_sibling {
                break;
            }
            i += 1;
        }
        self.live.insert(i, Live { node, depth });
        self.cursor = i;
    }

    /// A condition leaf returned `status` (L6): it has no activation, and
    /// is on the path while it answers `Running`.
    fn condition(&mut self, node: &'static NodeInfo, status: Status) {
        let parent = node.parent.and_then(|parent| self.parent_of(node, parent));
        let known = match parent {
            Some(at) => {
                let block = self.live.get(at..self.block_end(at)).unwrap_or_default();
                block
                    .iter()
                    .position(|live| same(live.node, node))
                    .map(|i| at + i)
            }
            None => self.find(node),
        };
        match (status, known) {
            (Status::Running, None) => self.activate(node),
            (Status::Running, Some(at)) => self.cursor = at,
            (Status::Success | Status::Failure, Some(at)) => self.remove(at),
            (Status::Success | Status::Failure, None) => {}
        }
    }

    /// `node` left the path, and so did whatever is still under it.
    fn deactivate(&mut self, node: &NodeInfo) {
        if let Some(at) = self.find(node) {
            self.remove(at);
        }
    }

    /// Removes the block of entry `at`; the cursor goes to the entry
    /// before it.
    fn remove(&mut self, at: usize) {
        let end = self.block_end(at);
        self.live.drain(at..end);
        self.cursor = at.saturating_sub(1);
    }

    /// A behavior was ticked: the walk is there.
    fn ticked(&mut self, node: &NodeInfo) {
        if let Some(at) = self.find(node) {
            self.cursor = at;
        }
    }
}

impl Trace for Recorder {
    fn event(&mut self, event: TraceEvent) {
        if !self.recording {
            return;
        }
        match event {
            TraceEvent::TickStart { now, .. } => return self.start(now),
            TraceEvent::TickEnd { status, .. } => return self.end(status),
            TraceEvent::Activated { node, .. } => self.activate(node),
            TraceEvent::Deactivated { node, .. } => self.deactivate(node),
            TraceEvent::Ticked { node, status, .. } if node.kind == NodeKind::Condition => {
                self.condition(node, status);
            }
            TraceEvent::Ticked { node, .. } => self.ticked(node),
            _ => {}
        }
        if self.open {
            if let Some(tick) = self.ticks.back_mut() {
                tick.events.push(event);
            }
        }
    }
}

// ================================================================ the page

/// The page's style.
const STYLE: &str = include_str!("replay/replay.css");
/// The page's script: reads the recording and draws everything.
const SCRIPT: &str = include_str!("replay/replay.js");

/// Writes a replay of `recorder`'s ticks over the tree of `shape` as one
/// self-contained HTML page titled `title` (see the [module](self) for
/// what it shows). The recording is embedded as JSON, every string
/// escaped so that no text, not even `</script>` in a log message, ends
/// the script early.
///
/// Writes straight into `out`; with no tick recorded, the page says so.
pub fn write_html<W: Write + ?Sized>(
    out: &mut W,
    shape: &[NodeInfo],
    recorder: &Recorder,
    title: &str,
) -> fmt::Result {
    out.write_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")?;
    out.write_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")?;
    out.write_str("<meta name=\"generator\" content=\"deciders replay\">\n<title>")?;
    escape_html(out, title)?;
    write!(out, "</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n")?;
    out.write_str("<header class=\"top\">\n  <div class=\"brand\">deciders replay</div>\n  <h1>")?;
    escape_html(out, title)?;
    out.write_str("</h1>\n  <div class=\"meta\" id=\"meta\">tree ")?;
    escape_html(out, shape.first().map_or("?", |root| root.tree))?;
    write!(out, " · {} ticks", recorder.len())?;
    let paused: u64 = recorder.pauses().map(Pause::len).sum();
    if paused > 0 {
        write!(out, " · {paused} paused frames")?;
    }
    out.write_str("</div>\n</header>\n")?;
    if recorder.is_empty() {
        out.write_str("<p class=\"empty\" id=\"empty\">No ticks were recorded.</p>\n")?;
    }
    out.write_str("<noscript><p class=\"empty\">This replay needs JavaScript.</p></noscript>\n")?;
    out.write_str("<div id=\"app\"></div>\n")?;
    out.write_str("<script type=\"application/json\" id=\"replay-data\">")?;
    write_json(out, shape, recorder, title)?;
    write!(
        out,
        "</script>\n<script>\n{SCRIPT}</script>\n</body>\n</html>\n"
    )
}

/// A replay of `recorder`'s ticks as one HTML page, as [`write_html`]
/// writes it.
///
/// ```
/// use deciders::replay::{to_html, Recorder};
/// struct Bot;
/// deciders::tree! { tree Idle for Bot { wait(1.0) } }
/// let html = to_html(Idle::shape(), &Recorder::new(), "nothing yet");
/// assert!(html.contains("No ticks were recorded."));
/// assert!(!html.contains("http://") && !html.contains("https://"));
/// ```
pub fn to_html(shape: &[NodeInfo], recorder: &Recorder, title: &str) -> String {
    let events: usize = recorder.ticks().map(|t| t.events.len() + 2).sum();
    let mut out = String::with_capacity(STYLE.len() + SCRIPT.len() + 96 * (shape.len() + events));
    // Writing into a `String` cannot fail.
    let _ = write_html(&mut out, shape, recorder, title);
    out
}

/// Writes `text` for HTML text or a quoted attribute.
fn escape_html<W: Write + ?Sized>(out: &mut W, text: &str) -> fmt::Result {
    let mut rest = text;
    while let Some(at) = rest.find(['&', '<', '>', '"', '\'']) {
        out.write_str(&rest[..at])?;
        out.write_str(match rest.as_bytes()[at] {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            _ => "&#39;",
        })?;
        rest = &rest[at + 1..];
    }
    out.write_str(rest)
}

/// Writes text inside a JSON string: `"` and `\` take a backslash, control
/// characters are `\u` escapes, and so are `<`, `>` and `&` (so that the
/// text cannot close the `<script>` holding it) and U+2028, U+2029.
struct JsonText<'a, W: ?Sized>(&'a mut W);

impl<W: Write + ?Sized> Write for JsonText<'_, W> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        let special = |c: char| {
            matches!(c, '"' | '\\' | '<' | '>' | '&' | '\u{2028}' | '\u{2029}') || c.is_control()
        };
        let mut rest = text;
        while let Some(at) = rest.find(special) {
            self.0.write_str(&rest[..at])?;
            let c = rest[at..].chars().next().unwrap_or_default();
            match c {
                '"' => self.0.write_str("\\\"")?,
                '\\' => self.0.write_str("\\\\")?,
                '\n' => self.0.write_str("\\n")?,
                '\t' => self.0.write_str("\\t")?,
                c => {
                    let mut units = [0; 2];
                    for unit in c.encode_utf16(&mut units) {
                        write!(self.0, "\\u{unit:04x}")?;
                    }
                }
            }
            rest = &rest[at + c.len_utf8()..];
        }
        self.0.write_str(rest)
    }
}

/// Writes `text` as a JSON string.
fn json_str<W: Write + ?Sized>(out: &mut W, text: &str) -> fmt::Result {
    out.write_char('"')?;
    JsonText(out).write_str(text)?;
    out.write_char('"')
}

/// Writes a number as JSON: a finite one as a number, `NaN` and the
/// infinities as the strings `"NaN"`, `"inf"` and `"-inf"`.
fn json_num<W: Write + ?Sized>(out: &mut W, x: f64) -> fmt::Result {
    if x.is_finite() {
        write!(out, "{x}")
    } else if x.is_nan() {
        out.write_str("\"NaN\"")
    } else if x > 0.0 {
        out.write_str("\"inf\"")
    } else {
        out.write_str("\"-inf\"")
    }
}

/// A score as JSON: the `f32`'s own shortest digits.
fn json_score<W: Write + ?Sized>(out: &mut W, x: f32) -> fmt::Result {
    if x.is_finite() {
        write!(out, "{x}")
    } else {
        json_num(out, f64::from(x))
    }
}

/// The name of a status in the page.
fn status_name(status: Status) -> &'static str {
    match status {
        Status::Running => "Running",
        Status::Success => "Success",
        Status::Failure => "Failure",
    }
}

/// The family of a node kind, for the page's look.
fn family(kind: NodeKind) -> &'static str {
    crate::tools::pictures::Family::of(kind).name()
}

/// Writes the recording as one JSON object: the title, the nodes of
/// `shape` and the ticks.
fn write_json<W: Write + ?Sized>(
    out: &mut W,
    shape: &[NodeInfo],
    recorder: &Recorder,
    title: &str,
) -> fmt::Result {
    out.write_str("{\"title\":")?;
    json_str(out, title)?;
    out.write_str(",\"tree\":")?;
    json_str(out, shape.first().map_or("", |root| root.tree))?;
    out.write_str(",\"nodes\":[")?;
    for (i, node) in shape.iter().enumerate() {
        out.write_str(if i == 0 { "\n" } else { ",\n" })?;
        write_node(out, node)?;
    }
    out.write_str("],\n\"paused\":[")?;
    for (i, pause) in recorder.pauses().enumerate() {
        if i > 0 {
            out.write_char(',')?;
        }
        write!(
            out,
            "{{\"before\":{},\"first\":{},\"last\":{}}}",
            pause.before, pause.first, pause.last
        )?;
    }
    out.write_str("],\n\"ticks\":[")?;
    for (i, tick) in recorder.ticks().enumerate() {
        out.write_str(if i == 0 { "\n" } else { ",\n" })?;
        write_tick(out, shape, tick)?;
    }
    out.write_str("]}")
}

/// Writes one node of the shape.
fn write_node<W: Write + ?Sized>(out: &mut W, node: &NodeInfo) -> fmt::Result {
    write!(out, "{{\"id\":{},\"name\":", node.id)?;
    json_str(out, node.name)?;
    out.write_str(",\"kind\":")?;
    json_str(out, node.kind.keyword())?;
    write!(out, ",\"family\":\"{}\",\"parent\":", family(node.kind))?;
    match node.parent {
        Some(parent) => write!(out, "{parent}")?,
        None => out.write_str("null")?,
    }
    write!(out, ",\"depth\":{},\"behavior\":", node.depth)?;
    match node.behavior {
        Some(behavior) => json_str(out, behavior)?,
        None => out.write_str("null")?,
    }
    write!(out, ",\"line\":{}}}", node.line)
}

/// Writes one tick: its number, frame, clock, status, path and events.
fn write_tick<W: Write + ?Sized>(out: &mut W, shape: &[NodeInfo], tick: &Tick) -> fmt::Result {
    write!(out, "{{\"n\":{},\"f\":{},\"now\":", tick.number, tick.frame)?;
    json_num(out, tick.now)?;
    out.write_str(",\"status\":")?;
    match tick.status {
        Some(status) => write!(out, "\"{}\"", status_name(status))?,
        None => out.write_str("null")?,
    }
    out.write_str(",\"path\":[")?;
    for (i, node) in tick.path.iter().enumerate() {
        if i > 0 {
            out.write_char(',')?;
        }
        match id_in(shape, node) {
            Some(id) => write!(out, "{id}")?,
            None => write_foreign(out, node)?,
        }
    }
    out.write_str("],\"events\":[")?;
    for (i, event) in tick.events.iter().enumerate() {
        out.write_str(if i == 0 { "\n " } else { ",\n " })?;
        write_event(out, shape, event)?;
    }
    out.write_str("]}")
}

/// Writes a node of another tree than the drawn one as `["Tree","name"]`.
fn write_foreign<W: Write + ?Sized>(out: &mut W, node: &NodeInfo) -> fmt::Result {
    out.write_char('[')?;
    json_str(out, node.tree)?;
    out.write_char(',')?;
    json_str(out, node.name)?;
    out.write_char(']')
}

/// Writes the kind of an event and its node: `"k":"activated","n":3`, or
/// `"o":["Tree","name"]` for a node of another tree.
fn write_head<W: Write + ?Sized>(
    out: &mut W,
    shape: &[NodeInfo],
    kind: &str,
    node: &NodeInfo,
) -> fmt::Result {
    write!(out, "{{\"k\":\"{kind}\",")?;
    match id_in(shape, node) {
        Some(id) => write!(out, "\"n\":{id}"),
        None => {
            out.write_str("\"o\":")?;
            write_foreign(out, node)
        }
    }
}

/// Writes why a guard rejected its node.
fn write_reason<W: Write + ?Sized>(out: &mut W, reason: Reject) -> fmt::Result {
    let text = match reason {
        Reject::DecisionFlags => "decision flags",
        Reject::StimuliFlags => "stimuli flags",
        Reject::Vars => "variables",
        Reject::Timer => "timer not due",
        Reject::Delegate => "no child accepted",
        Reject::Decide(score) => {
            out.write_str(",\"reason\":\"decide\",\"score\":")?;
            return json_score(out, score);
        }
    };
    write!(out, ",\"reason\":\"{text}\"")
}

/// Writes one event as a JSON object.
fn write_event<W: Write + ?Sized>(
    out: &mut W,
    shape: &[NodeInfo],
    event: &TraceEvent,
) -> fmt::Result {
    match *event {
        TraceEvent::Accepted { node, score, .. } => {
            write_head(out, shape, "accepted", node)?;
            out.write_str(",\"score\":")?;
            json_score(out, score)?;
        }
        TraceEvent::Rejected { node, reason, .. } => {
            write_head(out, shape, "rejected", node)?;
            write_reason(out, reason)?;
        }
        TraceEvent::Chose {
            node, index, score, ..
        } => {
            write_head(out, shape, "chose", node)?;
            write!(out, ",\"index\":{index},\"score\":")?;
            json_score(out, score)?;
        }
        TraceEvent::Activated { node, .. } => write_head(out, shape, "activated", node)?,
        TraceEvent::ActivateFailed { node, .. } => {
            write_head(out, shape, "activate_failed", node)?;
        }
        TraceEvent::Ticked { node, status, .. } => {
            write_head(out, shape, "ticked", node)?;
            write!(out, ",\"status\":\"{}\"", status_name(status))?;
        }
        TraceEvent::Deactivated { node, exit, .. } => {
            write_head(out, shape, "deactivated", node)?;
            let exit = match exit {
                Exit::Completed(status) => status_name(status),
                Exit::Halted => "Halted",
            };
            write!(out, ",\"exit\":\"{exit}\"")?;
        }
        TraceEvent::SubsetViolation { node, .. } => {
            write_head(out, shape, "subset_violation", node)?;
        }
        TraceEvent::Log { node, message, .. } => {
            write_head(out, shape, "log", node)?;
            out.write_str(",\"message\":")?;
            json_str(out, message)?;
        }
        other => {
            out.write_str("{\"k\":\"other\",\"text\":\"")?;
            write!(JsonText(out), "{other:?}")?;
            out.write_char('"')?;
        }
    }
    out.write_char('}')
}

#[cfg(test)]
mod tests {
    // SPEC I6: the recorder fed by hand — paused and fresh recorders
    // allocate nothing, events of any shape in any order never panic —
    // and the escapes of the page. Real trees are recorded by the
    // repository's `tests/replay.rs`, and the page is opened in Chromium by
    // `tests/heavy/browser_replay.rs`.
    use super::*;
    use crate::base::shape::shape_node;

    /// A tree `T` (a sequence over a leaf, a condition and a reference to
    /// `S`) and a tree `S` (a sequence over two leaves).
    static SHAPES: [NodeInfo; 7] = [
        shape_node(0, "root", "T", NodeKind::Sequence, 0, 0, "", 1, ""),
        shape_node(1, "a", "T", NodeKind::Behavior, 0, 1, "A", 2, ""),
        shape_node(2, "ok", "T", NodeKind::Condition, 0, 1, "", 3, ""),
        shape_node(3, "sub", "T", NodeKind::Subtree, 0, 1, "", 4, ""),
        shape_node(0, "root", "S", NodeKind::Sequence, 0, 0, "", 1, ""),
        shape_node(1, "x", "S", NodeKind::Behavior, 0, 1, "X", 2, ""),
        shape_node(2, "y", "S", NodeKind::Behavior, 0, 1, "Y", 3, ""),
    ];

    fn t() -> &'static [NodeInfo] {
        &SHAPES[..4]
    }

    fn n(i: usize) -> &'static NodeInfo {
        &SHAPES[i]
    }

    fn feed(rec: &mut Recorder, events: &[TraceEvent]) {
        for &e in events {
            rec.event(e);
        }
    }

    fn names(rec: &Recorder) -> Vec<String> {
        let path = rec.last().map(Tick::path).unwrap_or_default();
        path.iter()
            .map(|n| format!("{}.{}", n.tree, n.name))
            .collect()
    }

    fn tick(events: &[TraceEvent]) -> Vec<TraceEvent> {
        let mut all = vec![TraceEvent::TickStart { now: 0.5 }];
        all.extend_from_slice(events);
        all.push(TraceEvent::TickEnd {
            status: Status::Running,
        });
        all
    }

    // SPEC I6
    #[test]
    fn i6_fresh_and_paused_recorders_allocate_nothing() {
        let fresh = Recorder::new();
        assert_eq!((fresh.ticks.capacity(), fresh.live.capacity()), (0, 0));
        let mut off = Recorder::paused();
        let events = tick(&[TraceEvent::Activated { node: n(0) }]);
        for _ in 0..10 {
            feed(&mut off, &events);
        }
        assert_eq!((off.ticks.capacity(), off.live.capacity()), (0, 0));
        assert!(off.is_empty());
        let mut paused = Recorder::with_limit(4);
        paused.pause();
        feed(&mut paused, &events);
        assert_eq!((paused.ticks.capacity(), paused.live.capacity()), (0, 0));
    }

    // SPEC I6
    #[test]
    fn i6_a_full_ring_reuses_the_vectors_of_the_oldest_tick() {
        let mut rec = Recorder::with_limit(2);
        let busy = tick(&[
            TraceEvent::Activated { node: n(0) },
            TraceEvent::Activated { node: n(1) },
        ]);
        for _ in 0..3 {
            feed(&mut rec, &busy);
        }
        let capacity = rec.ticks.capacity();
        let events = rec.ticks.iter().map(|t| t.events.capacity()).max();
        for _ in 0..100 {
            feed(&mut rec, &busy);
        }
        assert_eq!(rec.ticks.capacity(), capacity);
        assert_eq!(rec.ticks.iter().map(|t| t.events.capacity()).max(), events);
        assert_eq!(
            rec.ticks().map(Tick::number).collect::<Vec<_>>(),
            [101, 102]
        );
    }

    // SPEC I6, S1, L6
    #[test]
    fn i6_follows_a_subtree_and_a_running_condition() {
        let mut rec = Recorder::new();
        feed(
            &mut rec,
            &tick(&[
                TraceEvent::Activated { node: n(0) },
                TraceEvent::Ticked {
                    node: n(2),
                    status: Status::Running,
                },
            ]),
        );
        assert_eq!(names(&rec), ["T.root", "T.ok"]);
        feed(
            &mut rec,
            &tick(&[
                TraceEvent::Ticked {
                    node: n(2),
                    status: Status::Success,
                },
                TraceEvent::Activated { node: n(3) },
                TraceEvent::Activated { node: n(5) },
            ]),
        );
        assert_eq!(names(&rec), ["T.root", "T.sub", "S.x"]);
        // `sub` leaves: so does what is under it, unseen.
        let exit = Exit::Halted;
        feed(
            &mut rec,
            &tick(&[TraceEvent::Deactivated { node: n(3), exit }]),
        );
        assert_eq!(names(&rec), ["T.root"]);
        let html = to_html(t(), &rec, "t");
        assert!(html.contains(r#""path":[0,3,["S","x"]]"#), "{html}");
    }

    /// A deterministic generator.
    struct Lcg(u64);
    impl Lcg {
        fn below(&mut self, n: usize) -> usize {
            self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1);
            (self.0 >> 33) as usize % n
        }
    }

    /// Any event over any node, some with odd numbers.
    fn any_event(rng: &mut Lcg, odd: &'static NodeInfo) -> TraceEvent {
        let node = if rng.below(8) == 0 {
            odd
        } else {
            &SHAPES[rng.below(SHAPES.len())]
        };
        let status = [Status::Running, Status::Success, Status::Failure][rng.below(3)];
        let score = [0.5, f32::NAN, f32::INFINITY, -0.0, 1e-30][rng.below(5)];
        match rng.below(12) {
            0 => TraceEvent::TickStart {
                now: [0.0, f64::NAN, 1e300][rng.below(3)],
            },
            1 => TraceEvent::TickEnd { status },
            2 => TraceEvent::Accepted { node, score },
            3 => TraceEvent::Rejected {
                node,
                reason: Reject::Decide(score),
            },
            4 => TraceEvent::Chose {
                node,
                index: usize::MAX,
                score,
            },
            5 | 6 => TraceEvent::Activated { node },
            7 => TraceEvent::Ticked { node, status },
            8 | 9 => TraceEvent::Deactivated {
                node,
                exit: [Exit::Halted, Exit::Completed(status)][rng.below(2)],
            },
            10 => TraceEvent::SubsetViolation { node },
            _ => TraceEvent::Log {
                node,
                message: "</script>\u{2028}\"\\\u{0}é🦀",
            },
        }
    }

    // SPEC I6
    #[test]
    fn i6_no_sequence_of_events_panics() {
        // A node whose numbers fit no shape: a parent after itself, a
        // depth beyond the path.
        static ODD: NodeInfo = shape_node(9, "odd", "T", NodeKind::Subtree, 7, 60000, "", 0, "");
        for seed in 0..200 {
            let mut rng = Lcg(seed);
            let mut rec = Recorder::with_limit(1 + rng.below(5));
            for _ in 0..300 {
                match rng.below(40) {
                    0 => rec.pause(),
                    1 => rec.resume(),
                    2 => rec.clear(),
                    3..=5 => rec.frame([0, 1, 2, 5, u64::MAX][rng.below(5)]),
                    _ => rec.event(any_event(&mut rng, &ODD)),
                }
                let depths = rec.live.windows(2).all(|w| w[1].depth <= w[0].depth + 1);
                assert!(depths || rec.live.iter().any(|l| same(l.node, &ODD)));
            }
            for shape in [t(), &SHAPES[4..], &[][..], &SHAPES[..]] {
                let html = to_html(shape, &rec, "any");
                let data = html.split("id=\"replay-data\">").nth(1).unwrap();
                let data = &data[..data.find("</script>").unwrap()];
                json::check(data).unwrap_or_else(|at| panic!("bad JSON at {at}: {data}"));
            }
        }
    }

    // SPEC I6
    #[test]
    fn i6_escapes_text_for_json_and_html() {
        let mut out = String::new();
        json_str(&mut out, "a\"b\\c</script>&\n\t\u{1}\u{7f}\u{2028}é🦀").unwrap();
        assert_eq!(
            out,
            r#""a\"b\\c\u003c/script\u003e\u0026\n\t\u0001\u007f\u2028é🦀""#
        );
        let mut out = String::new();
        escape_html(&mut out, "<a href='x'>&\"</a>").unwrap();
        assert_eq!(out, "&lt;a href=&#39;x&#39;&gt;&amp;&quot;&lt;/a&gt;");
        let mut out = String::new();
        for x in [1.5, f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -0.0] {
            json_num(&mut out, x).unwrap();
            out.push(' ');
        }
        assert_eq!(out, r#"1.5 "NaN" "inf" "-inf" -0 "#);
        let mut out = String::new();
        json_score(&mut out, 0.1).unwrap();
        assert_eq!(out, "0.1", "an f32's own digits");
    }

    // SPEC I6, I2
    #[test]
    fn i6_writes_every_kind_of_event() {
        let cases: [(TraceEvent, &str); 12] = [
            (
                TraceEvent::Accepted {
                    node: n(1),
                    score: 2.0,
                },
                r#"{"k":"accepted","n":1,"score":2}"#,
            ),
            (
                TraceEvent::Rejected {
                    node: n(1),
                    reason: Reject::DecisionFlags,
                },
                r#"{"k":"rejected","n":1,"reason":"decision flags"}"#,
            ),
            (
                TraceEvent::Rejected {
                    node: n(1),
                    reason: Reject::StimuliFlags,
                },
                r#"{"k":"rejected","n":1,"reason":"stimuli flags"}"#,
            ),
            (
                TraceEvent::Rejected {
                    node: n(1),
                    reason: Reject::Vars,
                },
                r#"{"k":"rejected","n":1,"reason":"variables"}"#,
            ),
            (
                TraceEvent::Rejected {
                    node: n(1),
                    reason: Reject::Timer,
                },
                r#"{"k":"rejected","n":1,"reason":"timer not due"}"#,
            ),
            (
                TraceEvent::Rejected {
                    node: n(0),
                    reason: Reject::Delegate,
                },
                r#"{"k":"rejected","n":0,"reason":"no child accepted"}"#,
            ),
            (
                TraceEvent::Chose {
                    node: n(0),
                    index: 2,
                    score: 0.25,
                },
                r#"{"k":"chose","n":0,"index":2,"score":0.25}"#,
            ),
            (
                TraceEvent::ActivateFailed { node: n(5) },
                r#"{"k":"activate_failed","o":["S","x"]}"#,
            ),
            (
                TraceEvent::Deactivated {
                    node: n(1),
                    exit: Exit::Completed(Status::Failure),
                },
                r#"{"k":"deactivated","n":1,"exit":"Failure"}"#,
            ),
            (
                TraceEvent::SubsetViolation { node: n(0) },
                r#"{"k":"subset_violation","n":0}"#,
            ),
            (
                TraceEvent::Log {
                    node: n(3),
                    message: "hi",
                },
                r#"{"k":"log","n":3,"message":"hi"}"#,
            ),
            (
                TraceEvent::TickStart { now: 1.0 },
                r#"{"k":"other","text":"TickStart { now: 1.0 }"}"#,
            ),
        ];
        for (event, expected) in cases {
            let mut out = String::new();
            write_event(&mut out, t(), &event).unwrap();
            assert_eq!(out, expected);
        }
    }

    // SPEC I6
    #[test]
    fn i6_a_failing_writer_stops_the_page() {
        struct Full;
        impl Write for Full {
            fn write_str(&mut self, _: &str) -> fmt::Result {
                Err(fmt::Error)
            }
        }
        assert!(write_html(&mut Full, t(), &Recorder::new(), "x").is_err());
    }

    /// A JSON syntax checker: enough to tell that the page's data parses.
    mod json {
        /// `Ok` if `text` is one JSON value, else the byte where it breaks.
        pub fn check(text: &str) -> Result<(), usize> {
            let b = text.as_bytes();
            let at = value(b, space(b, 0))?;
            if space(b, at) == b.len() {
                Ok(())
            } else {
                Err(at)
            }
        }

        fn space(b: &[u8], mut at: usize) -> usize {
            while b.get(at).is_some_and(|c| c.is_ascii_whitespace()) {
                at += 1;
            }
            at
        }

        fn value(b: &[u8], at: usize) -> Result<usize, usize> {
            match b.get(at) {
                Some(b'{') => seq(b, at + 1, b'}', true),
                Some(b'[') => seq(b, at + 1, b']', false),
                Some(b'"') => string(b, at + 1),
                Some(b't') if b[at..].starts_with(b"true") => Ok(at + 4),
                Some(b'f') if b[at..].starts_with(b"false") => Ok(at + 5),
                Some(b'n') if b[at..].starts_with(b"null") => Ok(at + 4),
                Some(c) if *c == b'-' || c.is_ascii_digit() => {
                    let end = at
                        + b[at..]
                            .iter()
                            .take_while(|c| {
                                matches!(c, b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                            })
                            .count();
                    let number = std::str::from_utf8(&b[at..end]).map_err(|_| at)?;
                    number.parse::<f64>().map(|_| end).map_err(|_| at)
                }
                _ => Err(at),
            }
        }

        fn string(b: &[u8], mut at: usize) -> Result<usize, usize> {
            loop {
                match b.get(at) {
                    Some(b'"') => return Ok(at + 1),
                    Some(b'\\') => {
                        at += match b.get(at + 1) {
                            Some(b'u') => 6,
                            Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => 2,
                            _ => return Err(at),
                        }
                    }
                    Some(c) if *c < 0x20 || *c == b'<' => return Err(at),
                    Some(_) => at += 1,
                    None => return Err(at),
                }
            }
        }

        fn seq(b: &[u8], at: usize, close: u8, keys: bool) -> Result<usize, usize> {
            let mut at = space(b, at);
            if b.get(at) == Some(&close) {
                return Ok(at + 1);
            }
            loop {
                if keys {
                    if b.get(at) != Some(&b'"') {
                        return Err(at);
                    }
                    at = string(b, at + 1)?;
                    at = space(b, at);
                    if b.get(at) != Some(&b':') {
                        return Err(at);
                    }
                    at = space(b, at + 1);
                }
                at = space(b, value(b, at)?);
                match b.get(at) {
                    Some(b',') => at = space(b, at + 1),
                    Some(c) if *c == close => return Ok(at + 1),
                    _ => return Err(at),
                }
            }
        }
    }
}
