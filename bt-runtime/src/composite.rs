//! A composite node as a whole (D1–D6, C1–C4): its active state
//! ([`Comp`]), entering it, ticking it, halting it and walking it, written
//! once over its children's protocol ([`Group`]) and its policy
//! ([`Policy`]).
//!
//! A tree's composites are this code: `tree!` generates, per composite, the
//! enum of its running children and the [`Group`] implementation of a
//! zero-sized marker type naming its policy, and a parent runs the
//! composite through [`comp_enter`], [`comp_tick`], [`comp_halt`],
//! [`comp_visit`] and [`comp_visit_mut`]. (A composite with a group
//! behavior, a rescoring interval or a `delegate` guard keeps a generated
//! type of its own around the same policy functions.)

use crate::ctx::Ctx;
use crate::drive::{activated, deactivated, Entered};
use crate::group::{
    chooser_enter, chooser_tick, decider_enter, priority_tick, reactive_tick, resume_tick,
    sequential_tick, status_enter, Group, Priority, Random, RandomGroup, Scored, Sequential,
    Shuffle, ShuffleGroup,
};
use crate::shape::NodeInfo;
use crate::status::Status;
use crate::trace::Trace;
use crate::visit::{Visitor, VisitorMut};
use crate::Exit;

/// The active state of a running composite: its running child, `C` being
/// the enum of its children's active states ([`Group::Active`]).
///
/// Derives what a user may derive on a tree (`tree!` forwards a tree's
/// derives to every type of its state, and this is one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Comp<C> {
    /// The running child.
    pub c: C,
}

/// How a composite chooses among its children: on entry ([`start`]) and
/// on each tick ([`step`]). Implemented by the policies' marker types,
/// which a composite's [`Group`] names ([`Group::Policy`]).
///
/// [`start`]: Policy::start
/// [`step`]: Policy::step
pub trait Policy<G: Group<P, A, W>, P, A, W> {
    /// The composite's first decision or walk, on entry.
    fn start<Tr: Trace>(
        node: &'static NodeInfo,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Entered<G::Active>;

    /// One tick, with `active` the running child: the composite's status
    /// before its own exit bookkeeping.
    fn step<Tr: Trace>(
        active: &mut G::Active,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Status;
}

/// `sequence` (C1): the children in order until one fails.
pub struct Sequence;
/// `fallback` (C3): the children in order until one succeeds.
pub struct Fallback;
/// `reactive_sequence` (C2): every tick from the first child.
pub struct ReactiveSequence;
/// `selector` (C4): every tick from the first child, until one does not
/// fail.
pub struct Selector;

/// `priority` and `sequential`: their own passes on entry
/// (`decider_enter`, told whether it is sequential) and on each tick.
macro_rules! decider_policy {
    ($policy:ident, $sequential:literal, $tick:ident) => {
        impl<G: Group<P, A, W>, P, A, W> Policy<G, P, A, W> for $policy {
            #[inline(always)]
            fn start<Tr: Trace>(
                node: &'static NodeInfo,
                ps: &mut P,
                agent: &mut A,
                ctx: &mut Ctx<W>,
                tr: &mut Tr,
            ) -> Entered<G::Active> {
                decider_enter::<G, P, A, W, Tr>($sequential, node, ps, agent, ctx, tr)
            }
            #[inline(always)]
            fn step<Tr: Trace>(
                active: &mut G::Active,
                ps: &mut P,
                agent: &mut A,
                ctx: &mut Ctx<W>,
                tr: &mut Tr,
            ) -> Status {
                $tick::<G, P, A, W, Tr>(active, ps, agent, ctx, tr)
            }
        }
    };
}

decider_policy!(Priority, false, priority_tick);
decider_policy!(Sequential, true, sequential_tick);

/// `random`, `shuffle` and `scored` (without a rescoring interval): every
/// decision through the group's chooser.
macro_rules! chooser_policy {
    ($policy:ident, $bound:ident) => {
        impl<G: $bound<P, A, W>, P, A, W> Policy<G, P, A, W> for $policy {
            #[inline(always)]
            fn start<Tr: Trace>(
                node: &'static NodeInfo,
                ps: &mut P,
                agent: &mut A,
                ctx: &mut Ctx<W>,
                tr: &mut Tr,
            ) -> Entered<G::Active> {
                chooser_enter::<G, $policy, P, A, W, Tr>(node, ps, agent, ctx, tr)
            }
            #[inline(always)]
            fn step<Tr: Trace>(
                active: &mut G::Active,
                ps: &mut P,
                agent: &mut A,
                ctx: &mut Ctx<W>,
                tr: &mut Tr,
            ) -> Status {
                chooser_tick::<G, $policy, P, A, W, Tr>(active, ps, agent, ctx, tr)
            }
        }
    };
}

chooser_policy!(Random, RandomGroup);
chooser_policy!(Shuffle, ShuffleGroup);
chooser_policy!(Scored, Group);

/// The status composites: a walk from the first child on entry, with
/// `cont` the status that goes on to the next child; on each tick, the
/// running child resumed (`resume_tick`) or every child from the first
/// (`reactive_tick`).
macro_rules! status_policy {
    ($policy:ident, $cont:ident, $tick:ident) => {
        impl<G: Group<P, A, W>, P, A, W> Policy<G, P, A, W> for $policy {
            #[inline(always)]
            fn start<Tr: Trace>(
                _: &'static NodeInfo,
                ps: &mut P,
                agent: &mut A,
                ctx: &mut Ctx<W>,
                tr: &mut Tr,
            ) -> Entered<G::Active> {
                status_enter::<G, P, A, W, Tr>(Status::$cont, ps, agent, ctx, tr)
            }
            #[inline(always)]
            fn step<Tr: Trace>(
                active: &mut G::Active,
                ps: &mut P,
                agent: &mut A,
                ctx: &mut Ctx<W>,
                tr: &mut Tr,
            ) -> Status {
                $tick::<G, P, A, W, Tr>(Status::$cont, active, ps, agent, ctx, tr)
            }
        }
    };
}

status_policy!(Sequence, Success, resume_tick);
status_policy!(Fallback, Failure, resume_tick);
status_policy!(ReactiveSequence, Success, reactive_tick);
status_policy!(Selector, Failure, reactive_tick);

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
    let node = G::node();
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
        deactivated(G::node(), Exit::Completed(s), tr);
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
    deactivated(G::node(), Exit::Halted, tr);
}

/// Hands composite `G`, then its running child's active path, to the
/// visitor (I1).
pub fn comp_visit<G: Group<P, A, W>, P, A, W, V: Visitor<A, W>>(comp: &Comp<G::Active>, v: &mut V) {
    v.node(G::node());
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
    v.node(G::node(), agent, ctx);
    G::visit_mut(&mut comp.c, v, agent, ctx);
}
