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
//!
//! Its length: a 100-line module doc (what the page shows, which the
//! recorder's frames carry) and the recorder; the page is `html.rs`, the
//! tests `tests.rs`.

use crate::base::shape::{NodeId, NodeInfo, NodeKind};
use crate::base::status::Status;
use crate::machine::tree::Tree;
use crate::tools::pictures::id_in;
use crate::trace_hook::{Trace, TraceEvent};
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
    asleep: bool,
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

    /// Whether the agent slept through these frames: its last tick ended
    /// with [`TraceEvent::Sleeps`] (a [`Crowd`](crate::crowd::Crowd) left
    /// it alone, it had nothing to do; its clock kept running), rather
    /// than being paused or skipped by the game.
    pub fn asleep(&self) -> bool {
        self.asleep
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
    /// Whether the last tick ended with `TraceEvent::Sleeps`.
    asleep: bool,
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
            asleep: false,
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
            asleep: self.asleep,
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
        self.asleep = false;
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
            TraceEvent::Sleeps { .. } if !self.in_tick => {
                // After the tick: kept as its last event.
                self.asleep = true;
                if let Some(tick) = self.ticks.back_mut().filter(|_| self.limit != Some(0)) {
                    tick.events.push(event);
                }
                return;
            }
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

mod html;
#[cfg(test)]
mod tests;

pub use html::{to_html, write_html};
