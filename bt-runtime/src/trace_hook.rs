//! [`Trace`]: the tracing hook (I2).
//!
//! Generated trees call [`Trace::event`] at every step. The hook is a generic
//! parameter, so with [`NoTrace`] every call compiles away.
//!
//! One ready tracer lives here, [`LogLines`] (the `log(…)` messages); the
//! others are tools on the top floor (`crate::tools::tracers`). A pair or a
//! triple of tracers is a tracer that hands every event to each, in order:
//! `(statuses, report)`.
use crate::base::shape::NodeInfo;
use crate::base::status::{Exit, Status};
use crate::base::wake::Wake;

/// Why a guard rejected its child (G1, G2).
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum Reject {
    /// A decision-flags precondition failed.
    DecisionFlags,
    /// A stimuli-flags precondition failed.
    StimuliFlags,
    /// A variable precondition (`var(name)`, `!var(name)`) failed (V4).
    Vars,
    /// An `every(d)` timer was not due.
    Timer,
    /// The decide returned this score (not finite, or `<= 0`).
    Decide(f32),
    /// A `delegate` guard: none of the group's children accepted (G6).
    Delegate,
}

/// One step of a tick, as seen by a [`Trace`] hook.
///
/// Each variant is `#[non_exhaustive]`: match with `..` (`TraceEvent::Deactivated
/// { node, .. }`), so that fields added later do not break your code.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum TraceEvent {
    /// A tick starts; `now` is the tree clock.
    #[non_exhaustive]
    TickStart {
        /// The tree clock after this tick's advance.
        now: f64,
    },
    /// A guard accepted `node` with `score`.
    #[non_exhaustive]
    Accepted {
        /// The guarded node.
        node: &'static NodeInfo,
        /// The decide's score (1.0 with no decide).
        score: f32,
    },
    /// A guard rejected `node`.
    #[non_exhaustive]
    Rejected {
        /// The guarded node.
        node: &'static NodeInfo,
        /// Which check rejected it.
        reason: Reject,
    },
    /// A `random`, `shuffle` or `scored` group chose the child it enters
    /// (D4–D6): its child number `index` (0 for the first, in the order
    /// written), which its guard accepted with `score`. The other
    /// candidates' scores are the `Accepted` events before it.
    #[non_exhaustive]
    Chose {
        /// The group.
        node: &'static NodeInfo,
        /// Which child, in the order written.
        index: usize,
        /// The chosen child's score.
        score: f32,
    },
    /// `node` was activated (its `activate` hook did not fail).
    #[non_exhaustive]
    Activated {
        /// The node.
        node: &'static NodeInfo,
    },
    /// `node`'s `activate` hook failed (L2): it counts as a failure and
    /// gets no deactivation.
    #[non_exhaustive]
    ActivateFailed {
        /// The node.
        node: &'static NodeInfo,
    },
    /// A behavior's `tick` hook returned `status`.
    #[non_exhaustive]
    Ticked {
        /// The node.
        node: &'static NodeInfo,
        /// What the hook returned.
        status: Status,
    },
    /// `node` left the active path: it completed with a status, or was
    /// halted (L9). For a composite, a decorator or a `subtree`
    /// reference, this is how its completion is reported.
    #[non_exhaustive]
    Deactivated {
        /// The node.
        node: &'static NodeInfo,
        /// Why: `Exit::Completed(status)` or `Exit::Halted`.
        exit: Exit,
    },
    /// A group broke the subset rule (D9).
    #[non_exhaustive]
    SubsetViolation {
        /// The group.
        node: &'static NodeInfo,
    },
    /// A `log(…)` decorator's message (R9): on entry (`start`), on
    /// success or on failure.
    #[non_exhaustive]
    Log {
        /// The `log` node.
        node: &'static NodeInfo,
        /// The message, as written in the tree.
        message: &'static str,
    },
    /// Behaviors' deferred actions were refused this tick because the
    /// frame's launch buffer was full (V5: `Action::launch_in`); sent just
    /// before `TickEnd`. The tick's report has a
    /// [`TickError::LaunchRefused`](crate::TickError::LaunchRefused) for
    /// each.
    #[non_exhaustive]
    LaunchRefused {
        /// How many launches were refused during the tick.
        count: u32,
    },
    /// Behaviors' cancels of their abandoned deferred actions were refused
    /// this tick because the frame's cancel buffer was full (V5:
    /// `Action::abandon_in`); sent just before `TickEnd`, after any
    /// `LaunchRefused`. The tick's report has a
    /// [`TickError::CancelRefused`](crate::TickError::CancelRefused) for
    /// each; the cancels wait for a later frame
    /// (`Requests::pending_cancels`).
    #[non_exhaustive]
    CancelRefused {
        /// How many cancels were refused during the tick.
        count: u32,
    },
    /// A decorator that traces its refusals
    /// ([`Decorator::TRACE_REFUSAL`](crate::Decorator::TRACE_REFUSAL)) stopped
    /// at entry with `status`: it was not activated and its child was not
    /// entered. `limit` (R8) does, when its resource is full (`Failure`).
    #[non_exhaustive]
    EntryRefused {
        /// The decorator.
        node: &'static NodeInfo,
        /// What it completed with (`Failure` for a full `limit`).
        status: Status,
    },
    /// An event a [`Brain`](crate::brain::Brain) delivered at the start of
    /// this tick that no `var`, `stamp` or `wait_for` of the tree binds
    /// (B3): posted for nothing, unless a behavior's own
    /// [`event`](crate::Behavior::event) hook takes it. Sent before
    /// `TickStart`, one per such event.
    #[non_exhaustive]
    EventUnbound {
        /// How many behaviors of the active path were handed it.
        reached: u32,
    },
    /// The tick ends with the root's `status`.
    #[non_exhaustive]
    TickEnd {
        /// The root's status.
        status: Status,
    },
    /// After its tick, a brain of a [`Crowd`](crate::crowd::Crowd) falls
    /// asleep (Z2): it is not ticked again before `until` (tree-clock
    /// time; [`Wake::NEVER`]: until an input changes), unless something
    /// wakes it. Sent after `TickEnd`, by a crowd only.
    #[non_exhaustive]
    Sleeps {
        /// When its tree next needs a tick.
        until: Wake,
    },
}

impl TraceEvent {
    /// The Spore debug output level (0–5) at which this event is shown
    /// (I2): transitions at 1, ticks at 3, decisions at 5.
    pub fn level(&self) -> u8 {
        match self {
            TraceEvent::Activated { .. }
            | TraceEvent::ActivateFailed { .. }
            | TraceEvent::Deactivated { .. }
            | TraceEvent::SubsetViolation { .. }
            | TraceEvent::LaunchRefused { .. }
            | TraceEvent::CancelRefused { .. }
            | TraceEvent::EntryRefused { .. }
            | TraceEvent::EventUnbound { .. }
            | TraceEvent::Log { .. } => 1,
            TraceEvent::TickStart { .. }
            | TraceEvent::TickEnd { .. }
            | TraceEvent::Sleeps { .. }
            | TraceEvent::Ticked { .. } => 3,
            TraceEvent::Accepted { .. }
            | TraceEvent::Rejected { .. }
            | TraceEvent::Chose { .. } => 5,
        }
    }
}

/// A tracing hook. Implement [`Trace::event`] to see inside ticks.
///
/// ```
/// use deciders::{Trace, TraceEvent};
/// #[derive(Default)]
/// struct Transitions(usize);
/// impl Trace for Transitions {
///     fn event(&mut self, e: TraceEvent) {
///         if e.level() == 1 {
///             self.0 += 1;
///         }
///     }
/// }
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a trace: it needs `impl Trace for {Self}`",
    label = "not a `Trace`",
    note = "a trace receives every step of a tick in `fn event`; pass `&mut NoTrace` for none"
)]
pub trait Trace {
    /// Whether the hook wants events at all: `false` only for [`NoTrace`]
    /// (and what forwards to it), so that work done only to report an
    /// event (a summary at the end of a tick) compiles away without a
    /// tracer. Leave it `true`.
    const ENABLED: bool = true;

    /// Called at every step of a tick.
    #[inline(always)]
    fn event(&mut self, event: TraceEvent) {
        let _ = event;
    }
}

/// The tracing hook that does nothing and compiles away.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTrace;

impl Trace for NoTrace {
    const ENABLED: bool = false;
}

impl<T: Trace + ?Sized> Trace for &mut T {
    const ENABLED: bool = T::ENABLED;
    #[inline(always)]
    fn event(&mut self, event: TraceEvent) {
        (**self).event(event);
    }
}

/// Both tracers, the first first.
impl<T: Trace, U: Trace> Trace for (T, U) {
    const ENABLED: bool = T::ENABLED || U::ENABLED;
    #[inline(always)]
    fn event(&mut self, event: TraceEvent) {
        self.0.event(event);
        self.1.event(event);
    }
}

/// The three tracers, in order.
impl<T: Trace, U: Trace, V: Trace> Trace for (T, U, V) {
    const ENABLED: bool = T::ENABLED || U::ENABLED || V::ENABLED;
    #[inline(always)]
    fn event(&mut self, event: TraceEvent) {
        self.0.event(event);
        self.1.event(event);
        self.2.event(event);
    }
}

/// A ready [`Trace`] that writes the messages of `log(…)` decorators (R9),
/// one line each, `node: message`, into any [`std::io::Write`] (standard
/// output, a file, a `Vec<u8>`); every other event is ignored. Nothing is
/// formatted or allocated on the tick path but the write itself. A write
/// error is kept (the first one) and the rest of the tick goes on.
///
/// ```
/// use deciders::{Behavior, Frame, LogLines, Status};
/// struct Guard;
/// #[derive(Default)]
/// struct Shout;
/// impl Behavior<Guard> for Shout {
///     fn tick(&mut self, _: &mut Guard, _: &mut deciders::Ctx) -> Status { Status::Success }
/// }
/// deciders::tree! {
///     tree Post for Guard {
///         sequence {
///             alarm: log(start = "sounding the alarm", success = "alarm sounded") { Shout },
///         }
///     }
/// }
/// let mut out = LogLines::new(Vec::new());
/// Post::new().tick_traced(&mut Guard, &mut Frame::new(0.1), &mut out);
/// let text = String::from_utf8(out.into_inner()).unwrap();
/// assert_eq!(text, "alarm: sounding the alarm\nalarm: alarm sounded\n");
/// ```
#[derive(Debug)]
pub struct LogLines<O> {
    out: O,
    error: Option<std::io::Error>,
}

impl<O: std::io::Write> LogLines<O> {
    /// Writes into `out`.
    pub fn new(out: O) -> Self {
        LogLines { out, error: None }
    }

    /// The writer back.
    pub fn into_inner(self) -> O {
        self.out
    }

    /// The first write error, if one happened.
    pub fn error(&self) -> Option<&std::io::Error> {
        self.error.as_ref()
    }
}

impl<O: std::io::Write> Trace for LogLines<O> {
    fn event(&mut self, event: TraceEvent) {
        if let TraceEvent::Log { node, message } = event {
            if let Err(e) = writeln!(self.out, "{}: {message}", node.name) {
                self.error.get_or_insert(e);
            }
        }
    }
}
