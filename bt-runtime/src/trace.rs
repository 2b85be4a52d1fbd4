//! [`Trace`]: the tracing hook (I2).
//!
//! Generated trees call [`Trace::event`] at every step. The hook is a generic
//! parameter, so with [`NoTrace`] every call compiles away.

use crate::shape::NodeInfo;
use crate::status::Status;

/// Why a guard rejected its child (G1, G2).
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum Reject {
    /// A decision-flags precondition failed.
    DecisionFlags,
    /// A stimuli-flags precondition failed.
    StimuliFlags,
    /// An `every(d)` timer was not due.
    Timer,
    /// The decide returned this score (not finite, or `<= 0`).
    Decide(f32),
    /// A `delegate` guard: none of the group's children accepted (G6).
    Delegate,
}

/// One step of a tick, as seen by a [`Trace`] hook.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum TraceEvent {
    /// A tick starts; `now` is the tree clock.
    TickStart {
        /// The tree clock after this tick's advance.
        now: f64,
    },
    /// A guard accepted `node` with `score`.
    Accepted {
        /// The guarded node.
        node: &'static NodeInfo,
        /// The decide's score (1.0 with no decide).
        score: f32,
    },
    /// A guard rejected `node`.
    Rejected {
        /// The guarded node.
        node: &'static NodeInfo,
        /// Which check rejected it.
        reason: Reject,
    },
    /// `node` was activated (its `activate` hook did not fail).
    Activated {
        /// The node.
        node: &'static NodeInfo,
    },
    /// `node`'s `activate` hook failed (L2): it counts as a failure and
    /// gets no deactivation.
    ActivateFailed {
        /// The node.
        node: &'static NodeInfo,
    },
    /// A behavior's `tick` hook returned `status`.
    Ticked {
        /// The node.
        node: &'static NodeInfo,
        /// What the hook returned.
        status: Status,
    },
    /// `node` was deactivated.
    Deactivated {
        /// The node.
        node: &'static NodeInfo,
    },
    /// A group broke the subset rule (D9).
    SubsetViolation {
        /// The group.
        node: &'static NodeInfo,
    },
    /// The tick ends with the root's `status`.
    TickEnd {
        /// The root's status.
        status: Status,
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
            | TraceEvent::SubsetViolation { .. } => 1,
            TraceEvent::TickStart { .. }
            | TraceEvent::TickEnd { .. }
            | TraceEvent::Ticked { .. } => 3,
            TraceEvent::Accepted { .. } | TraceEvent::Rejected { .. } => 5,
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
    /// Called at every step of a tick.
    #[inline(always)]
    fn event(&mut self, event: TraceEvent) {
        let _ = event;
    }
}

/// The tracing hook that does nothing and compiles away.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTrace;

impl Trace for NoTrace {}

impl<T: Trace + ?Sized> Trace for &mut T {
    #[inline(always)]
    fn event(&mut self, event: TraceEvent) {
        (**self).event(event);
    }
}
