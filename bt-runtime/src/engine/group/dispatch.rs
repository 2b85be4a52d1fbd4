//! How a generated composite implements [`Children`](super::Children): one
//! `match` over its children's runtime node types ([`Dispatch`]), and the
//! operations that `match` performs on the running child (tick, halt, walk).
use crate::base::status::Status;
use crate::base::wake::Wake;
use crate::ctx::Ctx;
use crate::engine::group::Children;
use crate::engine::protocol::{Entering, Run};
use crate::trace_hook::Trace;
use crate::visit::{Visitor, VisitorMut};
use core::fmt::Debug;
use core::marker::PhantomData;

/// What a composite's one `match` does with its running child `i`, whose
/// [`Run`] marker is `K`: tick it, halt it, walk it.
pub trait ChildOp<P, A, W> {
    /// What the operation returns.
    type Out;
    /// Does it to child `i`.
    fn run<K: Run<P, A, W>>(self, i: usize, active: &mut K::Active) -> Self::Out;
}

/// What a composite's `match` over its running child by `&`
/// ([`Dispatch::with_ref`]) does with child `i`, whose [`Run`] marker is
/// `K`: walk it. `debug` is its active state as `Debug`
/// where the generated code found that its type implements it.
pub trait ChildRef<P, A, W> {
    /// What the operation returns.
    type Out;
    /// Does it to child `i`.
    fn run<K: Run<P, A, W>>(
        self,
        i: usize,
        active: &K::Active,
        debug: Option<&dyn Debug>,
    ) -> Self::Out;
}

/// The children of a composite whose every child has a [`Run`] marker
/// (SPEC I1's "one walk"): one `match` over the running child, [`with`],
/// serves ticking, halting and the mutable walk, and one `match` by `&`,
/// [`with_ref`], the read-only walk ([`Children`] is implemented from
/// both). The generated code holds those, which child runs ([`index`]),
/// which children have their guard re-evaluated before a tick
/// ([`recheck`], G3) and, for the reactive policies, [`with_nth`].
///
/// [`with`]: Dispatch::with
/// [`with_ref`]: Dispatch::with_ref
/// [`index`]: Dispatch::index
/// [`recheck`]: Dispatch::recheck
/// [`with_nth`]: Dispatch::with_nth
pub trait Dispatch<P, A, W> {
    /// The running child: which one, and its active state.
    type Active;

    /// Hands the running child, with its index and its marker, to `op`.
    fn with<O: ChildOp<P, A, W>>(active: &mut Self::Active, op: O) -> O::Out;

    /// [`with`](Dispatch::with) when the caller knows the running child is
    /// child `i` (a reactive pass meeting it): `None` if it is not. The
    /// reactive composites' generated version tests that one variant, so
    /// that each of the pass's per-child copies keeps one arm (see
    /// [`Children::tick_nth`] for the figure); the default matches all.
    #[inline(always)]
    fn with_nth<O: ChildOp<P, A, W>>(i: usize, active: &mut Self::Active, op: O) -> Option<O::Out> {
        let _ = i;
        Some(Self::with(active, op))
    }

    /// Hands the running child by `&`, with its index, its marker and, for
    /// a behavior whose memory's type implements it, as `Debug`, to `op`.
    fn with_ref<O: ChildRef<P, A, W>>(active: &Self::Active, op: O) -> O::Out;

    /// Which child runs: a `match` of its own, where going through
    /// [`with_ref`](Dispatch::with_ref) cost the `priority` scenario an
    /// instruction per agent-tick (51.83 against 52.83, `player` 85.05
    /// against 88.55, `scripts/bench-report`).
    fn index(active: &Self::Active) -> usize;

    /// Re-evaluates child `i`'s guard before its tick (G3): `false`
    /// rejects it, which halts it and counts as `Failure`. The generated
    /// version names the children whose guard is re-checked (`recheck`,
    /// or every guarded child of a reactive composite); by default, none.
    #[inline(always)]
    fn recheck<Tr: Trace>(i: usize, ps: &mut P, agent: &A, ctx: &Ctx<W>, tr: &mut Tr) -> bool {
        let _ = (i, ps, agent, ctx, tr);
        true
    }
}

/// Ticks the child ([`Children::tick`]), first re-checking its guard where
/// `D` says so ([`Dispatch::recheck`]).
struct TickOp<'a, 't, D, P, A, W, Tr>(Entering<'a, 't, P, A, W, Tr>, PhantomData<fn() -> D>);

impl<D: Dispatch<P, A, W>, P, A, W, Tr: Trace> ChildOp<P, A, W> for TickOp<'_, '_, D, P, A, W, Tr> {
    type Out = (usize, Status);
    #[inline(always)]
    fn run<K: Run<P, A, W>>(self, i: usize, active: &mut K::Active) -> (usize, Status) {
        let Entering { ps, agent, ctx, tr } = self.0;
        let accepted = D::recheck(i, ps, agent, ctx, tr);
        (
            i,
            tick_rechecked::<K, P, A, W, Tr>(accepted, active, ps, agent, ctx, tr),
        )
    }
}

/// Ticks the active node `K` after its guard's re-check (G3): when the
/// guard rejected it (`accepted` false), halts it instead, which counts as
/// `Failure`. What a composite's, a decorator's and a parallel's tick of a
/// running child share.
#[inline(always)]
pub fn tick_rechecked<K: Run<P, A, W>, P, A, W, Tr: Trace>(
    accepted: bool,
    active: &mut K::Active,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Status {
    if !accepted {
        K::halt(active, ps, agent, ctx, tr);
        return Status::Failure;
    }
    K::tick(active, ps, agent, ctx, tr)
}

/// Halts the child ([`Children::halt`]).
struct HaltOp<'a, 't, P, A, W, Tr>(Entering<'a, 't, P, A, W, Tr>);

impl<P, A, W, Tr: Trace> ChildOp<P, A, W> for HaltOp<'_, '_, P, A, W, Tr> {
    type Out = ();
    #[inline(always)]
    fn run<K: Run<P, A, W>>(self, _: usize, active: &mut K::Active) {
        let Entering { ps, agent, ctx, tr } = self.0;
        K::halt(active, ps, agent, ctx, tr);
    }
}

/// Walks the child ([`Children::visit`]).
struct VisitOp<'a, V>(&'a mut V);

impl<P, A, W, V: Visitor<A, W>> ChildRef<P, A, W> for VisitOp<'_, V> {
    type Out = ();
    fn run<K: Run<P, A, W>>(self, _: usize, active: &K::Active, debug: Option<&dyn Debug>) {
        K::visit(active, debug, self.0);
    }
}

/// Walks the child ([`Children::visit_mut`]).
/// The running child's wake (Z2).
struct WakeOp;

impl<P, A, W> ChildRef<P, A, W> for WakeOp {
    type Out = Wake;
    #[inline(always)]
    fn run<K: Run<P, A, W>>(self, _: usize, active: &K::Active, _: Option<&dyn Debug>) -> Wake {
        K::wake(active)
    }
}

struct VisitMutOp<'a, 't, A, W, V> {
    v: &'a mut V,
    agent: &'a mut A,
    ctx: &'a mut Ctx<'t, W>,
}

impl<P, A, W, V: VisitorMut<A, W>> ChildOp<P, A, W> for VisitMutOp<'_, '_, A, W, V> {
    type Out = ();
    fn run<K: Run<P, A, W>>(self, _: usize, active: &mut K::Active) {
        K::visit_mut(active, self.v, self.agent, self.ctx);
    }
}

impl<D: Dispatch<P, A, W>, P, A, W> Children<P, A, W> for D {
    type Active = D::Active;
    #[inline(always)]
    fn index(active: &D::Active) -> usize {
        D::index(active)
    }
    #[inline(always)]
    fn tick<Tr: Trace>(
        active: &mut D::Active,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> (usize, Status) {
        let op = TickOp::<D, P, A, W, Tr>(Entering { ps, agent, ctx, tr }, PhantomData);
        D::with(active, op)
    }
    #[inline(always)]
    fn tick_nth<Tr: Trace>(
        i: usize,
        active: &mut D::Active,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Status {
        let op = TickOp::<D, P, A, W, Tr>(Entering { ps, agent, ctx, tr }, PhantomData);
        match D::with_nth(i, active, op) {
            Some((_, s)) => s,
            // The runtime asks for the child that runs.
            None => Status::Failure,
        }
    }
    #[inline(always)]
    fn halt<Tr: Trace>(
        active: &mut D::Active,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) {
        D::with(active, HaltOp(Entering { ps, agent, ctx, tr }));
    }
    fn visit<V: Visitor<A, W>>(active: &D::Active, v: &mut V) {
        D::with_ref(active, VisitOp(v));
    }
    fn visit_mut<V: VisitorMut<A, W>>(
        active: &mut D::Active,
        v: &mut V,
        agent: &mut A,
        ctx: &mut Ctx<W>,
    ) {
        D::with(active, VisitMutOp { v, agent, ctx });
    }
    #[inline(always)]
    fn wake(active: &D::Active) -> Wake {
        D::with_ref(active, WakeOp)
    }
}
