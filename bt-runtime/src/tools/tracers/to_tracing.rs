//! [`Tracing`]: a [`Trace`] that forwards every event to the `tracing`
//! crate (I2). Cargo feature `tracing`.

use ::tracing::{event, field, span, Level as TLevel, Span};

use crate::base::shape::NodeInfo;
use crate::base::status::{Exit, Status};
use crate::trace_hook::{Reject, Trace, TraceEvent};

/// The target of transitions: activations, deactivations, `log` messages,
/// subset-rule violations (level 1).
const TRANSITION: &str = "deciders::transition";

/// A [`Trace`] that sends every event of a tick to the [`tracing`](::tracing)
/// crate, as a `tracing` event with fields, inside a span per tick.
/// **Available with the cargo feature `tracing`.**
///
/// # Levels and targets
///
/// Spore's debug levels ([`TraceEvent::level`]) map onto `tracing`'s
/// levels and onto three targets, so that a subscriber's filter picks
/// them (with `tracing-subscriber`'s `EnvFilter`:
/// `RUST_LOG=deciders=debug` for the transitions,
/// `deciders::decision=trace` for the guards alone):
///
/// | Spore level | events (`event` field) | `tracing` level | target |
/// |---|---|---|---|
/// | 1 | `log` (a `log(…)` decorator's message) | `INFO` | `deciders::transition` |
/// | 1 | `subset_violation` (D9) | `WARN` | `deciders::transition` |
/// | 1 | `activated`, `activate_failed`, `deactivated` | `DEBUG` | `deciders::transition` |
/// | 3 | `tick_start`, `tick_end`, `ticked`; the `tick` span | `TRACE` | `deciders::tick` |
/// | 5 | `accepted`, `rejected`, `chose` | `TRACE` | `deciders::decision` |
///
/// # Fields
///
/// Every event has `event`, its kind (the names above). Events about a
/// node add `node` (its name), `tree` (the tree it belongs to) and `kind`
/// (its kind's keyword: `sequence`, `behavior`, `invert`, …). Then:
///
/// - `ticked`: `status` (`Running`, `Success`, `Failure`);
/// - `deactivated`: `exit` (`Success`, `Failure` or `Halted`);
/// - `accepted`: `score`; `chose`: `index` (the child, from 0) and
///   `score`;
/// - `rejected`: `reason` (`decision_flags`, `stimuli_flags`, `vars`,
///   `timer`, `decide`, `delegate`) and, for `decide`, `score`;
/// - `log`: `message`, the text written in the tree;
/// - `tick_start`: `now` (the tree clock); `tick_end`: `status`, the
///   root's.
///
/// Strings are `&'static str` and numbers `f64` or `u64`: recording them
/// formats nothing.
///
/// # The tick span
///
/// Each tick is a span named `tick` (level `TRACE`, target
/// `deciders::tick`) with the field `now`, and `status` recorded when the
/// tick ends: entered at `TickStart`, exited and closed at `TickEnd`, so
/// the events of a tick are inside it. When `TRACE` is off for that
/// target, the span is disabled and costs a check. A tick whose hook
/// panicked never reaches `TickEnd`: its span is exited at the next
/// `TickStart`, or when the `Tracing` is dropped.
///
/// ```
/// use deciders::trace::Tracing;
/// use deciders::{Behavior, Ctx, Frame, Status};
///
/// struct Rat;
/// #[derive(Default)]
/// struct Eat;
/// impl Behavior<Rat> for Eat {}
/// deciders::tree! {
///     tree Nest for Rat { sequence { eat: Eat } }
/// }
///
/// // With a subscriber installed (`tracing_subscriber::fmt::init()`), each
/// // tick is a `tick` span with its events, e.g. at DEBUG:
/// // DEBUG tick{now=0.1}: deciders::transition: event="activated" node="root" tree="Nest" kind="sequence"
/// let mut tracing = Tracing::new();
/// Nest::new().tick_traced(&mut Rat, &mut Frame::new(0.1), &mut tracing);
/// ```
#[derive(Debug)]
pub struct Tracing {
    /// The span of the tick under way (`Span::none()` between ticks).
    span: Span,
    /// Whether `span` is entered.
    entered: bool,
}

impl Tracing {
    /// Ready to forward events to the current `tracing` subscriber.
    pub fn new() -> Self {
        Tracing {
            span: Span::none(),
            entered: false,
        }
    }

    /// Enters a new span for the tick starting at `now`.
    fn start(&mut self, now: f64) {
        self.end();
        self.span =
            span!(target: "deciders::tick", TLevel::TRACE, "tick", now, status = field::Empty);
        self.entered = self
            .span
            .with_subscriber(|(id, dispatch)| dispatch.enter(id))
            .is_some();
    }

    /// Exits and closes the tick's span, if one is entered.
    fn end(&mut self) {
        if self.entered {
            self.span
                .with_subscriber(|(id, dispatch)| dispatch.exit(id));
            self.entered = false;
        }
        self.span = Span::none();
    }
}

impl Default for Tracing {
    fn default() -> Self {
        Tracing::new()
    }
}

impl Drop for Tracing {
    fn drop(&mut self) {
        self.end();
    }
}

impl Trace for Tracing {
    fn event(&mut self, e: TraceEvent) {
        match e {
            TraceEvent::TickStart { now } => {
                self.start(now);
                event!(target: "deciders::tick", TLevel::TRACE, event = "tick_start", now);
            }
            TraceEvent::TickEnd { status } => {
                let status = status_name(status);
                event!(target: "deciders::tick", TLevel::TRACE, event = "tick_end", status);
                self.span.record("status", status);
                self.end();
            }
            TraceEvent::Sleeps { until } => {
                // `inf`: until an input changes.
                let until = until.deadline().unwrap_or(f64::INFINITY);
                event!(target: "deciders::tick", TLevel::TRACE, event = "sleeps", until);
            }
            TraceEvent::Ticked { node, status } => {
                let (name, tree, kind) = about(node);
                let status = status_name(status);
                event!(target: "deciders::tick", TLevel::TRACE, event = "ticked", node = name, tree, kind, status);
            }
            e => {
                if transition(e).is_none() {
                    decision(e);
                }
            }
        }
    }
}

/// Forwards a transition (level 1); `None` if `e` is none.
fn transition(e: TraceEvent) -> Option<()> {
    match e {
        TraceEvent::Activated { node } => {
            let (name, tree, kind) = about(node);
            event!(target: TRANSITION, TLevel::DEBUG, event = "activated", node = name, tree, kind);
        }
        TraceEvent::ActivateFailed { node } => {
            let (name, tree, kind) = about(node);
            event!(target: TRANSITION, TLevel::DEBUG, event = "activate_failed", node = name, tree, kind);
        }
        TraceEvent::Deactivated { node, exit } => {
            let (name, tree, kind) = about(node);
            let exit = match exit {
                Exit::Completed(status) => status_name(status),
                Exit::Halted => "Halted",
            };
            event!(target: TRANSITION, TLevel::DEBUG, event = "deactivated", node = name, tree, kind, exit);
        }
        TraceEvent::SubsetViolation { node } => {
            let (name, tree, kind) = about(node);
            event!(target: TRANSITION, TLevel::WARN, event = "subset_violation", node = name, tree, kind);
        }
        TraceEvent::Log { node, message } => {
            let (name, tree, kind) = about(node);
            event!(target: TRANSITION, TLevel::INFO, event = "log", node = name, tree, kind, message);
        }
        TraceEvent::LaunchRefused { count } => {
            event!(target: TRANSITION, TLevel::WARN, event = "launch_refused", count);
        }
        TraceEvent::CancelRefused { count } => {
            event!(target: TRANSITION, TLevel::WARN, event = "cancel_refused", count);
        }
        TraceEvent::EntryRefused { node, status } => {
            let (name, tree, kind) = about(node);
            let status = status_name(status);
            event!(target: TRANSITION, TLevel::DEBUG, event = "entry_refused", node = name, tree, kind, status);
        }
        _ => return None,
    }
    Some(())
}

/// Forwards a decision (level 5); ignores any other event.
fn decision(e: TraceEvent) {
    match e {
        TraceEvent::Accepted { node, score } => {
            let (name, tree, kind) = about(node);
            let score = f64::from(score);
            event!(target: "deciders::decision", TLevel::TRACE, event = "accepted", node = name, tree, kind, score);
        }
        TraceEvent::Rejected { node, reason } => {
            let (name, tree, kind) = about(node);
            let (reason, score) = reason_name(reason);
            event!(target: "deciders::decision", TLevel::TRACE, event = "rejected", node = name, tree, kind, reason, score);
        }
        TraceEvent::Chose { node, index, score } => {
            let (name, tree, kind) = about(node);
            let (index, score) = (index as u64, f64::from(score));
            event!(target: "deciders::decision", TLevel::TRACE, event = "chose", node = name, tree, kind, index, score);
        }
        _ => {}
    }
}

/// A node's name, tree and kind keyword.
fn about(node: &'static NodeInfo) -> (&'static str, &'static str, &'static str) {
    (node.name, node.tree, node.kind.keyword())
}

fn status_name(status: Status) -> &'static str {
    match status {
        Status::Running => "Running",
        Status::Success => "Success",
        Status::Failure => "Failure",
    }
}

/// A reject reason's name, and the decide's score for `decide`.
fn reason_name(reason: Reject) -> (&'static str, Option<f64>) {
    match reason {
        Reject::DecisionFlags => ("decision_flags", None),
        Reject::StimuliFlags => ("stimuli_flags", None),
        Reject::Vars => ("vars", None),
        Reject::Timer => ("timer", None),
        Reject::Decide(score) => ("decide", Some(f64::from(score))),
        Reject::Delegate => ("delegate", None),
    }
}
