//! [`Renamed`]: a tracer or visitor that a `subtree` reference passes down,
//! so that the referenced tree's nodes are reported with the referencing
//! tree's node ids.
use crate::base::shape::NodeInfo;
use crate::ctx::Ctx;
use crate::hooks::behavior::Behavior;
use crate::hooks::decorator::Decorator;
use crate::trace_hook::{Trace, TraceEvent};
use crate::visit::{Visitor, VisitorMut};

/// The tracer a tree hands to a tree it references (S1, I1): every event
/// about the referenced tree's root is reported as about the reference,
/// the node of the referencing tree that stands for it, so that a trace
/// reads `+ rest`, `+ wander` rather than `+ rest`, `+ root`, `+ wander`.
/// With [`NoTrace`](crate::NoTrace) underneath, it compiles away.
pub struct Renamed<'a, T: ?Sized> {
    inner: &'a mut T,
    root: *const NodeInfo,
    reference: &'static NodeInfo,
}

impl<'a, T: ?Sized> Renamed<'a, T> {
    /// Reports `shape`'s root (its first node) as `reference` to `inner`.
    #[inline(always)]
    pub fn new(inner: &'a mut T, shape: &'static [NodeInfo], reference: &'static NodeInfo) -> Self {
        Renamed {
            inner,
            root: shape.as_ptr(),
            reference,
        }
    }

    /// `node`, or the reference if `node` is the referenced tree's root.
    #[inline(always)]
    fn rename(&self, node: &'static NodeInfo) -> &'static NodeInfo {
        if core::ptr::eq(node, self.root) {
            self.reference
        } else {
            node
        }
    }
}

impl<T: Trace + ?Sized> Trace for Renamed<'_, T> {
    #[inline(always)]
    fn event(&mut self, event: TraceEvent) {
        let event = match event {
            TraceEvent::Accepted { node, score } => TraceEvent::Accepted {
                node: self.rename(node),
                score,
            },
            TraceEvent::Rejected { node, reason } => TraceEvent::Rejected {
                node: self.rename(node),
                reason,
            },
            TraceEvent::Activated { node } => TraceEvent::Activated {
                node: self.rename(node),
            },
            TraceEvent::ActivateFailed { node } => TraceEvent::ActivateFailed {
                node: self.rename(node),
            },
            TraceEvent::Ticked { node, status } => TraceEvent::Ticked {
                node: self.rename(node),
                status,
            },
            TraceEvent::Deactivated { node, exit } => TraceEvent::Deactivated {
                node: self.rename(node),
                exit,
            },
            TraceEvent::Chose { node, index, score } => TraceEvent::Chose {
                node: self.rename(node),
                index,
                score,
            },
            TraceEvent::SubsetViolation { node } => TraceEvent::SubsetViolation {
                node: self.rename(node),
            },
            TraceEvent::Log { node, message } => TraceEvent::Log {
                node: self.rename(node),
                message,
            },
            TraceEvent::EntryRefused { node, status } => TraceEvent::EntryRefused {
                node: self.rename(node),
                status,
            },
            e @ (TraceEvent::TickStart { .. }
            | TraceEvent::TickEnd { .. }
            | TraceEvent::LaunchRefused { .. }
            | TraceEvent::CancelRefused { .. }
            | TraceEvent::EventUnbound { .. }
            | TraceEvent::Sleeps { .. }) => e,
        };
        self.inner.event(event);
    }
}

impl<A, W, V: Visitor<A, W> + ?Sized> Visitor<A, W> for Renamed<'_, V> {
    #[inline(always)]
    fn node(&mut self, node: &'static NodeInfo) {
        let node = self.rename(node);
        self.inner.node(node);
    }
    #[inline(always)]
    fn behavior<B: Behavior<A, W> + 'static>(&mut self, node: &'static NodeInfo, memory: &B) {
        let node = self.rename(node);
        self.inner.behavior(node, memory);
    }
    #[inline(always)]
    fn decorator<D: Decorator<A, W> + 'static>(&mut self, node: &'static NodeInfo, memory: &D) {
        let node = self.rename(node);
        self.inner.decorator(node, memory);
    }
    #[inline(always)]
    fn memory(&mut self, node: &'static NodeInfo, memory: &dyn core::fmt::Debug) {
        let node = self.rename(node);
        self.inner.memory(node, memory);
    }
}

impl<A, W, V: VisitorMut<A, W> + ?Sized> VisitorMut<A, W> for Renamed<'_, V> {
    #[inline(always)]
    fn node(&mut self, node: &'static NodeInfo, agent: &mut A, ctx: &mut Ctx<W>) {
        let node = self.rename(node);
        self.inner.node(node, agent, ctx);
    }
    #[inline(always)]
    fn behavior<B: Behavior<A, W> + 'static>(
        &mut self,
        node: &'static NodeInfo,
        memory: &mut B,
        agent: &mut A,
        ctx: &mut Ctx<W>,
    ) {
        let node = self.rename(node);
        self.inner.behavior(node, memory, agent, ctx);
    }
    #[inline(always)]
    fn decorator<D: Decorator<A, W> + 'static>(
        &mut self,
        node: &'static NodeInfo,
        memory: &mut D,
        agent: &mut A,
        ctx: &mut Ctx<W>,
    ) {
        let node = self.rename(node);
        self.inner.decorator(node, memory, agent, ctx);
    }
}
