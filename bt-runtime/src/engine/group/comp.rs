//! A composite node as a whole (D1–D6, C1–C4): its active state ([`Comp`]),
//! entering it, ticking it, halting it and walking it, written once over its
//! children's protocol ([`Group`](super::Group)) and its policy
//! ([`Policy`](super::policies::Policy)); and [`Nest`], the runtime node type of a
//! composite nested in another.
use crate::base::status::{Exit, Status};
use crate::base::wake::Wake;
use crate::ctx::Ctx;
use crate::engine::group::policies::Policy;
use crate::engine::group::Group;
use crate::engine::leaf::{activated, deactivated};
use crate::engine::protocol::Entered;
use crate::engine::protocol::{Run, Start};
use crate::trace_hook::Trace;
use crate::visit::{Visitor, VisitorMut};
use core::fmt::Debug;
use core::marker::PhantomData;

/// The active state of a running composite: its running child, `C` being
/// the enum of its children's active states ([`Children::Active`](crate::engine::group::Children::Active)).
///
/// Derives what a user may derive on a tree (`tree!` forwards a tree's
/// derives to every type of its state, and this is one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Comp<C> {
    /// The running child.
    pub c: C,
}

/// Enters composite `G`: traces its activation, makes its policy's first
/// decision, and traces its completion if it completed at once.
#[inline]
pub fn comp_enter<G: Group<P, A, W>, P, A, W, Tr: Trace>(
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Entered<Comp<G::Active>>
where
    G::Policy: Policy<G, P, A, W>,
{
    let node = G::NODE;
    activated(node, tr);
    let s = match G::Policy::start(node, ps, agent, ctx, tr) {
        Entered::Running(c) => return Entered::Running(Comp { c }),
        Entered::Done(s) => s,
    };
    deactivated(node, Exit::Completed(s), tr);
    Entered::Done(s)
}

/// Ticks composite `G` by its policy, and traces its completion. Forced
/// inline: a node's tick is called from exactly one place, its parent's
/// (see [`comp_tick_outlined`] for big subtrees).
#[inline(always)]
pub fn comp_tick<G: Group<P, A, W>, P, A, W, Tr: Trace>(
    comp: &mut Comp<G::Active>,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Status
where
    G::Policy: Policy<G, P, A, W>,
{
    let s = G::Policy::step(&mut comp.c, ps, agent, ctx, tr);
    if s.is_done() {
        deactivated(G::NODE, Exit::Completed(s), tr);
    }
    s
}

/// [`comp_tick`] for a composite over a big subtree, only hinted inline:
/// one giant function makes LLVM's optimization time grow faster than the
/// tree (benches/COMPILE_TIME.md).
#[inline]
pub fn comp_tick_outlined<G: Group<P, A, W>, P, A, W, Tr: Trace>(
    comp: &mut Comp<G::Active>,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Status
where
    G::Policy: Policy<G, P, A, W>,
{
    comp_tick::<G, P, A, W, Tr>(comp, ps, agent, ctx, tr)
}

/// Halts composite `G`: its running child's subtree, deepest first, then
/// itself (C7).
#[inline]
pub fn comp_halt<G: Group<P, A, W>, P, A, W, Tr: Trace>(
    comp: &mut Comp<G::Active>,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) {
    G::halt(&mut comp.c, ps, agent, ctx, tr);
    deactivated(G::NODE, Exit::Halted, tr);
}

/// Hands composite `G`, then its running child's active path, to the
/// visitor (I1).
pub fn comp_visit<G: Group<P, A, W>, P, A, W, V: Visitor<A, W>>(comp: &Comp<G::Active>, v: &mut V) {
    v.node(G::NODE);
    G::visit(&comp.c, v);
}

/// Hands composite `G`, then its running child's active path, to the
/// mutable visitor with the agent and the context (I1).
pub fn comp_visit_mut<G: Group<P, A, W>, P, A, W, V: VisitorMut<A, W>>(
    comp: &mut Comp<G::Active>,
    v: &mut V,
    agent: &mut A,
    ctx: &mut Ctx<W>,
) {
    v.node(G::NODE, agent, ctx);
    G::visit_mut(&mut comp.c, v, agent, ctx);
}

// ---------------------------------------------------------------- dispatch

/// The [`Run`] marker of a plain composite `G` under its parent: run by
/// [`comp_tick`] (or [`comp_tick_outlined`] when `INLINE` is false: a big
/// subtree), [`comp_halt`] and [`comp_visit_mut`].
pub struct Nest<G, const INLINE: bool>(PhantomData<fn() -> G>);

impl<G: Group<P, A, W>, P, A, W, const INLINE: bool> Run<P, A, W> for Nest<G, INLINE>
where
    G::Policy: Policy<G, P, A, W>,
{
    type Active = Comp<G::Active>;
    #[inline(always)]
    fn tick<Tr: Trace>(
        active: &mut Self::Active,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Status {
        if INLINE {
            comp_tick::<G, P, A, W, Tr>(active, ps, agent, ctx, tr)
        } else {
            comp_tick_outlined::<G, P, A, W, Tr>(active, ps, agent, ctx, tr)
        }
    }
    #[inline(always)]
    fn halt<Tr: Trace>(
        active: &mut Self::Active,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) {
        comp_halt::<G, P, A, W, Tr>(active, ps, agent, ctx, tr);
    }
    fn visit<V: Visitor<A, W>>(active: &Self::Active, _: Option<&dyn Debug>, v: &mut V) {
        comp_visit::<G, P, A, W, V>(active, v);
    }
    fn visit_mut<V: VisitorMut<A, W>>(
        active: &mut Self::Active,
        v: &mut V,
        agent: &mut A,
        ctx: &mut Ctx<W>,
    ) {
        comp_visit_mut::<G, P, A, W, V>(active, v, agent, ctx);
    }
    /// The running child's, unless the group has a group behavior (D7),
    /// ticked every tick.
    #[inline(always)]
    fn wake(active: &Self::Active) -> Wake {
        if G::NODE.behavior.is_some() {
            Wake::POLL
        } else {
            G::wake(&active.c)
        }
    }
}

impl<G: Group<P, A, W>, P, A, W, const INLINE: bool> Start<P, A, W> for Nest<G, INLINE>
where
    G::Policy: Policy<G, P, A, W>,
{
    type Init = ();
    #[inline(always)]
    fn enter<Tr: Trace>(
        _: (),
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Entered<Self::Active> {
        comp_enter::<G, P, A, W, Tr>(ps, agent, ctx, tr)
    }
}
