//! Nodes whose generated type runs itself ([`OwnNode`]): a composite with a
//! group behavior, a rescoring interval or a `delegate` guard, run through
//! [`Own`].
use crate::base::status::Status;
use crate::base::wake::Wake;
use crate::ctx::Ctx;
use crate::engine::protocol::Entered;
use crate::engine::protocol::{Run, Start};
use crate::trace_hook::Trace;
use crate::visit::{Visitor, VisitorMut};
use core::fmt::Debug;
use core::marker::PhantomData;

/// A composite with a generated type of its own, its active state: one
/// with a group behavior, a rescoring interval or a `delegate` guard. Its
/// [`Run`] marker is [`Own`]. (A `parallel`, a `concurrent` or a control
/// node is [`Stepped`](crate::engine::slots::Stepped), marker [`Par`](crate::engine::slots::Par).)
pub trait OwnNode<P, A, W>: Sized {
    /// What entering it starts from: its group behavior's fresh memory
    /// and what a `delegate` guard decided, as a tuple (`()` for neither).
    type Init;

    /// Activates the node and ticks it once.
    fn enter<Tr: Trace>(
        init: Self::Init,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Entered<Self>;

    /// Ticks the node.
    fn tick<Tr: Trace>(
        &mut self,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Status;

    /// Halts the node and the active path below it, deepest first (C7).
    fn halt<Tr: Trace>(&mut self, ps: &mut P, agent: &mut A, ctx: &mut Ctx<W>, tr: &mut Tr);

    /// Hands the node, then the active path below it, to the visitor.
    fn visit<V: Visitor<A, W>>(&self, v: &mut V);

    /// Hands the node, then the active path below it, to the mutable
    /// visitor.
    fn visit_mut<V: VisitorMut<A, W>>(&mut self, v: &mut V, agent: &mut A, ctx: &mut Ctx<W>);

    /// When the node next needs a tick (Z2). Default: every tick (a group
    /// behavior is ticked every tick); `tree!` gives the others.
    #[inline(always)]
    fn wake(&self) -> Wake {
        Wake::POLL
    }
}

/// The [`Run`] marker of a node whose active state is a generated type
/// `N` of its own ([`OwnNode`]).
pub struct Own<N>(PhantomData<fn() -> N>);

impl<N: OwnNode<P, A, W>, P, A, W> Run<P, A, W> for Own<N> {
    type Active = N;
    #[inline(always)]
    fn tick<Tr: Trace>(
        active: &mut N,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Status {
        active.tick(ps, agent, ctx, tr)
    }
    #[inline(always)]
    fn halt<Tr: Trace>(active: &mut N, ps: &mut P, agent: &mut A, ctx: &mut Ctx<W>, tr: &mut Tr) {
        active.halt(ps, agent, ctx, tr);
    }
    fn visit<V: Visitor<A, W>>(active: &N, _: Option<&dyn Debug>, v: &mut V) {
        active.visit(v);
    }
    fn visit_mut<V: VisitorMut<A, W>>(active: &mut N, v: &mut V, agent: &mut A, ctx: &mut Ctx<W>) {
        active.visit_mut(v, agent, ctx);
    }
    #[inline(always)]
    fn wake(active: &N) -> Wake {
        active.wake()
    }
}

impl<N: OwnNode<P, A, W>, P, A, W> Start<P, A, W> for Own<N> {
    type Init = N::Init;
    #[inline(always)]
    fn enter<Tr: Trace>(
        init: N::Init,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Entered<N> {
        N::enter(init, ps, agent, ctx, tr)
    }
}
