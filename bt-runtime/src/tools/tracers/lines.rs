//! [`Level`], a filter by Spore debug level, and [`Lines`], a
//! human-readable writer of events (I2), with the text of one event
//! (`impl Display for TraceEvent`).

use core::fmt;
use std::io;

use crate::base::shape::NodeInfo;
use crate::base::status::Exit;
use crate::trace_hook::{Reject, Trace, TraceEvent};

/// A [`Trace`] that forwards to `inner` only the events at or below the
/// Spore debug level `max` ([`TraceEvent::level`], I2): `1` for transitions
/// (activations, deactivations, `log` messages, subset-rule violations,
/// refusals: a full `limit`, refused deferred launches and cancels),
/// `3` adds the ticks (tick start and end, behavior and condition
/// results), `5` adds the decisions (guards accepting or rejecting, the
/// choices of `random`, `shuffle` and `scored` groups). `0` forwards
/// nothing. Levels 2 and 4 have no events of their own: `2` shows what
/// `1` shows, `4` what `3` shows.
///
/// The comparison is the whole cost: one byte compare per event.
///
/// ```
/// use deciders::trace::Level;
/// use deciders::{Behavior, Ctx, Frame, Status, Trace, TraceEvent};
///
/// struct Rat;
/// #[derive(Default)]
/// struct Eat;
/// impl Behavior<Rat> for Eat {}
/// deciders::tree! {
///     tree Nest for Rat { priority { eat: when(decide = |_: &Rat| true) => Eat } }
/// }
///
/// #[derive(Default)]
/// struct Count(usize);
/// impl Trace for Count {
///     fn event(&mut self, _: TraceEvent) { self.0 += 1; }
/// }
///
/// let count = |max| {
///     let mut level = Level::new(max, Count::default());
///     Nest::new().tick_traced(&mut Rat, &mut Frame::new(0.1), &mut level);
///     level.inner.0
/// };
/// // +root, +eat; then tick start and end, eat's tick; then eat accepted.
/// assert_eq!([count(0), count(1), count(3), count(5)], [0, 2, 5, 6]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Level<Tr> {
    /// The highest level forwarded (0: none).
    pub max: u8,
    /// Where the events at or below `max` go.
    pub inner: Tr,
}

impl<Tr: Trace> Level<Tr> {
    /// Forwards the events at or below `max` to `inner`.
    pub fn new(max: u8, inner: Tr) -> Self {
        Level { max, inner }
    }

    /// The inner tracer back.
    pub fn into_inner(self) -> Tr {
        self.inner
    }
}

impl<Tr: Trace> Trace for Level<Tr> {
    const ENABLED: bool = Tr::ENABLED;
    #[inline]
    fn event(&mut self, event: TraceEvent) {
        if event.level() <= self.max {
            self.inner.event(event);
        }
    }
}

/// A ready [`Trace`] that writes one line per event at or below a Spore
/// debug level (see [`Level`]) into any [`std::io::Write`] (standard
/// output, a file, a `Vec<u8>`), each node's line indented by two spaces
/// per level of depth below the tick's line. The text of an event is its
/// `Display` ([`TraceEvent`]'s):
///
/// | event | line |
/// |---|---|
/// | `TickStart` | `tick at 0.1` (the tree clock) |
/// | `TickEnd` | `end: Running` |
/// | `Activated` | `+ walk (sequence)` (the kind left out where it is the name) |
/// | `ActivateFailed` | `! step: activate failed` |
/// | `Ticked` | `step: Running` |
/// | `Deactivated` | `- step: Success`, `- step: halted` |
/// | `Accepted` | `eat: accepted, score 0.5` |
/// | `Rejected` | `flee: rejected (decision flags)` |
/// | `Chose` | `pick: chose child 2, score 0.5` |
/// | `SubsetViolation` | `root: subset rule broken (D9)` |
/// | `Log` | `alarm: sounding the alarm` |
/// | `EntryRefused` | `! limit: refused entry: Failure` (a full `limit`, R8) |
/// | `LaunchRefused` | `! 2 deferred action(s) refused: launch buffer full (V5)` |
/// | `CancelRefused` | `! 1 deferred cancel(s) refused: cancel buffer full, kept for a later frame (V5)` |
/// | `EventUnbound` | `! event posted that no var, stamp or wait_for binds (handed to 0 behavior(s)) (B3)` |
/// | `Sleeps` | `sleeps until 2.5` (the tree clock), `sleeps until an input changes` (a crowd's brain, Z2) |
///
/// A node's depth is its depth in its own tree: the nodes of a tree used
/// through a `subtree` reference are indented from that tree's root, not
/// from the reference.
///
/// Each line is written with one `write!`: wrap an unbuffered writer
/// (`std::io::stdout()`, a `File`) in a [`std::io::BufWriter`]. Nothing
/// else allocates. A write error is kept (the first one) and the rest of
/// the tick goes on. To see only the `log(…)` messages, [`LogLines`](crate::LogLines)
/// writes them without the node's indentation.
///
/// ```
/// use deciders::trace::Lines;
/// use deciders::{Behavior, Ctx, Frame, Status};
///
/// struct Guard;
/// #[derive(Default)]
/// struct Step;
/// impl Behavior<Guard> for Step {
///     fn tick(&mut self, _: &mut Guard, _: &mut Ctx) -> Status { Status::Success }
/// }
/// #[derive(Default)]
/// struct Look;
/// impl Behavior<Guard> for Look {}
/// deciders::tree! {
///     tree Patrol for Guard {
///         priority {
///             alert: when(decide = |_: &Guard| false) => Look,
///             walk: sequence { step: Step, look: Look },
///         }
///     }
/// }
///
/// let mut lines = Lines::new(Vec::new(), 5);
/// Patrol::new().tick_traced(&mut Guard, &mut Frame::new(0.5), &mut lines);
/// let text = String::from_utf8(lines.into_inner()).unwrap();
/// // The clock is 0: this tree measures no time, so it has no clock.
/// assert_eq!(text, "\
/// tick at 0
///   + root (priority)
///     alert: rejected (decide scored 0)
///     + walk (sequence)
///       + step (behavior)
///       step: Success
///       - step: Success
///       + look (behavior)
///       look: Running
/// end: Running
/// ");
/// ```
#[derive(Debug)]
pub struct Lines<O> {
    out: O,
    max: u8,
    error: Option<io::Error>,
}

impl<O: io::Write> Lines<O> {
    /// Writes the events at or below level `max` into `out` (`5`: every
    /// event; `0`: none).
    pub fn new(out: O, max: u8) -> Self {
        Lines {
            out,
            max,
            error: None,
        }
    }

    /// The writer back.
    pub fn into_inner(self) -> O {
        self.out
    }

    /// The writer, to flush it or read what was written.
    pub fn get_mut(&mut self) -> &mut O {
        &mut self.out
    }

    /// The first write error, if one happened.
    pub fn error(&self) -> Option<&io::Error> {
        self.error.as_ref()
    }
}

impl<O: io::Write> Trace for Lines<O> {
    fn event(&mut self, event: TraceEvent) {
        if event.level() > self.max {
            return;
        }
        let indent = event.node().map_or(0, |n| 2 * (usize::from(n.depth) + 1));
        if let Err(e) = writeln!(self.out, "{:indent$}{event}", "") {
            self.error.get_or_insert(e);
        }
    }
}

impl TraceEvent {
    /// The node the event is about; `None` for `TickStart` and `TickEnd`.
    ///
    /// ```
    /// use deciders::{Trace, TraceEvent};
    /// /// The names of the nodes the events are about, in order.
    /// #[derive(Default)]
    /// struct Names(Vec<&'static str>);
    /// impl Trace for Names {
    ///     fn event(&mut self, e: TraceEvent) {
    ///         self.0.extend(e.node().map(|node| node.name));
    ///     }
    /// }
    /// ```
    pub fn node(&self) -> Option<&'static NodeInfo> {
        match *self {
            TraceEvent::Accepted { node, .. }
            | TraceEvent::Rejected { node, .. }
            | TraceEvent::Chose { node, .. }
            | TraceEvent::Activated { node }
            | TraceEvent::ActivateFailed { node }
            | TraceEvent::Ticked { node, .. }
            | TraceEvent::Deactivated { node, .. }
            | TraceEvent::SubsetViolation { node }
            | TraceEvent::EntryRefused { node, .. }
            | TraceEvent::Log { node, .. } => Some(node),
            TraceEvent::TickStart { .. }
            | TraceEvent::TickEnd { .. }
            | TraceEvent::LaunchRefused { .. }
            | TraceEvent::CancelRefused { .. }
            | TraceEvent::EventUnbound { .. }
            | TraceEvent::Sleeps { .. } => None,
        }
    }
}

/// One line of text for the event, as [`Lines`] writes it (without the
/// indentation): `+ walk (sequence)`, `- step: Success`, `eat: accepted,
/// score 0.5`, … (see the table in [`Lines`]).
impl fmt::Display for TraceEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TraceEvent::TickStart { now } => write!(f, "tick at {now}"),
            TraceEvent::TickEnd { status } => write!(f, "end: {status}"),
            TraceEvent::Accepted { node, score } => {
                write!(f, "{}: accepted, score {score}", node.name)
            }
            TraceEvent::Rejected { node, reason } => {
                write!(f, "{}: rejected ({reason})", node.name)
            }
            TraceEvent::Chose { node, index, score } => {
                write!(f, "{}: chose child {index}, score {score}", node.name)
            }
            TraceEvent::Activated { node } => {
                let kind = node.kind.keyword();
                match node.name == kind {
                    true => write!(f, "+ {kind}"),
                    false => write!(f, "+ {} ({kind})", node.name),
                }
            }
            TraceEvent::ActivateFailed { node } => write!(f, "! {}: activate failed", node.name),
            TraceEvent::Ticked { node, status } => write!(f, "{}: {status}", node.name),
            TraceEvent::Deactivated { node, exit } => match exit {
                Exit::Completed(status) => write!(f, "- {}: {status}", node.name),
                Exit::Halted => write!(f, "- {}: halted", node.name),
            },
            TraceEvent::SubsetViolation { node } => {
                write!(f, "{}: subset rule broken (D9)", node.name)
            }
            TraceEvent::Log { node, message } => write!(f, "{}: {message}", node.name),
            TraceEvent::LaunchRefused { count } => {
                write!(
                    f,
                    "! {count} deferred action(s) refused: launch buffer full (V5)"
                )
            }
            TraceEvent::CancelRefused { count } => {
                write!(
                    f,
                    "! {count} deferred cancel(s) refused: cancel buffer full, kept for a later frame (V5)"
                )
            }
            TraceEvent::EntryRefused { node, status } => {
                write!(f, "! {}: refused entry: {status}", node.name)
            }
            TraceEvent::Sleeps { until } => match until.deadline() {
                Some(t) => write!(f, "sleeps until {t}"),
                None => f.write_str("sleeps until an input changes"),
            },
            TraceEvent::EventUnbound { reached } => write!(
                f,
                "! event posted that no var, stamp or wait_for binds (handed to {reached} behavior(s)) (B3)"
            ),
        }
    }
}

/// Why a guard rejected, in words: `decision flags`, `stimuli flags`,
/// `variables`, `timer`, `decide scored -1`, `delegate: no child accepted`.
impl fmt::Display for Reject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Reject::DecisionFlags => f.write_str("decision flags"),
            Reject::StimuliFlags => f.write_str("stimuli flags"),
            Reject::Vars => f.write_str("variables"),
            Reject::Timer => f.write_str("timer"),
            Reject::Decide(score) => write!(f, "decide scored {score}"),
            Reject::Delegate => f.write_str("delegate: no child accepted"),
        }
    }
}
