//! Composite policies (D1–D3, C1–C4, G3–G5, D9), written once over the
//! [`Group`] protocol that every composite node implements.
//!
//! A composite's children are seen through five operations: decide child
//! `i` without entering it (its guard, keeping the DBlock), enter a decided
//! child, and tick, halt or identify the running one. The policies below
//! (which child to try, when to interrupt, when to go on) are ordinary
//! generic functions over them; the `tree!` macro only implements the
//! protocol for each composite. The protocol is static (associated
//! constants, no receiver): only a type known at compile time implements
//! it, which is what lets each policy compile to the children's own code.
//!
//! The tick functions take the composite's running child by `&mut` and
//! replace it in place when another child starts; they return the
//! composite's status *before* its own exit bookkeeping (group behavior,
//! trace), which the caller does when the status is a completion.
use crate::base::shape::NodeInfo;
use crate::base::status::Status;
use crate::base::wake::Wake;
use crate::ctx::Ctx;
use crate::engine::protocol::Entered;
use crate::engine::protocol::Entering;
use crate::trace_hook::Trace;
use crate::visit::{Visitor, VisitorMut};
use core::ops::ControlFlow;

pub mod chooser;
pub mod comp;
pub mod decider;
pub mod dispatch;
pub mod markers;
pub mod policies;
pub mod status;

/// The running child of a composite: which one it is, ticking it, halting
/// it and both walks over it. A generated composite implements it through
/// one `match` over its children's runtime node types
/// ([`Dispatch`](crate::engine::group::dispatch::Dispatch)).
///
/// `P` is the tree's persistent state (timers), `A` the agent, `W` the world.
pub trait Children<P, A, W> {
    /// The running child: which one, and its active state.
    type Active;
    /// Which child runs.
    fn index(active: &Self::Active) -> usize;

    /// Ticks the running child, first re-evaluating its guard where the
    /// policy says so (G3; every guard for `selector` and
    /// `reactive_sequence`): a rejection halts it and counts as `Failure`.
    /// Returns which child it is (as [`Children::index`]) with its status:
    /// one `match` for both, where asking [`Children::index`] after the tick cost
    /// an instruction per level on the `depth` benchmark.
    fn tick<Tr: Trace>(
        active: &mut Self::Active,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> (usize, Status);

    /// Ticks the running child when the caller knows it is child `i` (a
    /// reactive pass meeting it), as [`Children::tick`]. The generated code
    /// tests that one variant instead of matching all of them: the reactive
    /// pass is specialized per child, and every copy holding the whole
    /// `match` (every child's subtree inlined) made the release build of a
    /// 1,000-node tree of nested selectors 7.5 times slower (89 s against
    /// 11.7 s, `scripts/compile-time`).
    #[inline(always)]
    fn tick_nth<Tr: Trace>(
        i: usize,
        active: &mut Self::Active,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Status {
        let _ = i;
        Self::tick(active, ps, agent, ctx, tr).1
    }

    /// Halts the running child's subtree, deepest first (C7).
    fn halt<Tr: Trace>(
        active: &mut Self::Active,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    );

    /// Hands the running child and the active path below it to the
    /// visitor (I1).
    fn visit<V: Visitor<A, W>>(active: &Self::Active, v: &mut V);

    /// Hands the running child and the active path below it to the
    /// mutable visitor, with the agent and the context (I1).
    fn visit_mut<V: VisitorMut<A, W>>(
        active: &mut Self::Active,
        v: &mut V,
        agent: &mut A,
        ctx: &mut Ctx<W>,
    );

    /// When the running child next needs a tick (Z2).
    fn wake(active: &Self::Active) -> Wake;
}

/// The children of one composite node, as its policy sees them.
///
/// `P` is the tree's persistent state (timers), `A` the agent, `W` the world.
pub trait Group<P, A, W>: Children<P, A, W> {
    /// What deciding a child hands to entering it besides its index: its
    /// DBlock (an enum over the children, one variant each), or `()` when
    /// no child takes one.
    type Decided;
    /// How many children.
    const LEN: usize;
    /// Its policy: how it chooses among its children, a marker type
    /// implementing [`Policy`](crate::engine::group::policies::Policy) (`Priority`,
    /// `Sequence`, …).
    type Policy;

    /// The composite node itself, for the events it traces (its choices,
    /// [`TraceEvent::Chose`](crate::TraceEvent::Chose)).
    const NODE: &'static NodeInfo;

    /// Decides child `i` (`i < LEN`): runs its guard (G1, G2) and
    /// returns the decide's score and the child to enter, or `None` if it
    /// rejected. An unguarded child accepts with score 1, untraced.
    fn decide<Tr: Trace>(
        i: usize,
        ps: &mut P,
        agent: &A,
        ctx: &Ctx<W>,
        tr: &mut Tr,
    ) -> Option<(f32, Self::Decided)>;

    /// Enters decided child `i` (`d` is what deciding it returned):
    /// activates it and ticks it once.
    fn enter<Tr: Trace>(
        i: usize,
        d: Self::Decided,
        e: Entering<'_, '_, P, A, W, Tr>,
    ) -> Entered<Self::Active>;

    /// Calls `v.child(i, …)` for every `i` in `from..to` (clamped to `LEN`),
    /// in order, until one breaks: [`each_in_order`], which calls child by
    /// child with `i` a literal. A generated tree overrides it only to
    /// change its inlining (a composite over a big subtree).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn each<V: Visit<Self, P, A, W>, Tr: Trace>(
        from: usize,
        to: usize,
        v: &mut V,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> ControlFlow<()>
    where
        Self: Sized,
    {
        each_in_order::<Self, V, P, A, W, Tr>(from, to, v, ps, agent, ctx, tr)
    }

    /// G5: when the running child exits, whether the group's own guard
    /// still accepts (`redecide`). Default: it is not re-checked.
    #[inline(always)]
    fn redecide<Tr: Trace>(ps: &mut P, agent: &A, ctx: &Ctx<W>, tr: &mut Tr) -> bool {
        let _ = (ps, agent, ctx, tr);
        true
    }
}

/// One step of a policy over the children: what it does with child `i`.
/// [`Group::each`] calls it for each child in order until it breaks; the
/// visitor keeps what it found (so that the calls, one per child, share no
/// large temporaries: a debug build's stack frame stays small).
pub trait Visit<G: Group<P, A, W>, P, A, W> {
    /// Visits child `i`.
    fn child<Tr: Trace>(
        &mut self,
        i: usize,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> ControlFlow<()>;
}

/// Composites with more children than this are *wide*: [`each_in_order`]
/// walks them with a loop, so that their code stays linear in their width
/// (benches/COMPILE_TIME.md, "Wide composites"). `tree!` uses the same
/// bound for its inlining decisions.
pub const WIDE: usize = 16;

/// Runs `$call` (a `ControlFlow`) for every `$i` in `$from..$to` below
/// `$len`, in order, returning at the first break: one call per index up
/// to [`WIDE`], each `$i` a constant, a loop beyond ([`each_in_order`],
/// [`Slots::each`]).
macro_rules! in_order {
    ($len:expr, $from:expr, $to:expr, |$i:ident| $call:expr) => {
        if $len > $crate::engine::group::WIDE {
            for $i in $from..$to.min($len) {
                $call?;
            }
        } else {
            in_order!(@each $len, $from, $to, $i, $call; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15);
        }
    };
    (@each $len:expr, $from:expr, $to:expr, $i:ident, $call:expr; $($n:literal)*) => {$(
        if $n < $len && $n >= $from && $n < $to {
            let $i: usize = $n;
            $call?;
        }
    )*};
}
pub(crate) use in_order;

/// Calls `v.child(i, …)` for every `i` in `from..to` (clamped to
/// `G::LEN`), in order, until one breaks ([`Group::each`]). Up to
/// [`WIDE`] children, the calls are written out, one per child with `i` a
/// literal, so that the policy's code for each child is specialized:
/// `decide(i)` and `enter` then compile to that child's code alone, as a
/// hand-written tree would be; the tests on `G::LEN` are constants. (The
/// loop `for i in from..to { v.child(i, …)? }`, which wide composites
/// use, cost the calibration creature 49% more instructions per tick:
/// 117.6 against 79.0, `scripts/bench-report`.)
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn each_in_order<G: Group<P, A, W>, V: Visit<G, P, A, W>, P, A, W, Tr: Trace>(
    from: usize,
    to: usize,
    v: &mut V,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> ControlFlow<()> {
    in_order!(G::LEN, from, to, |i| v.child(i, ps, agent, ctx, tr));
    ControlFlow::Continue(())
}

/// Decides child `i` and, if it accepts, enters it; `None` if it rejected.
#[inline(always)]
pub(crate) fn try_enter<G: Group<P, A, W>, P, A, W, Tr: Trace>(
    i: usize,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Option<Entered<G::Active>> {
    let (_, d) = G::decide(i, ps, agent, ctx, tr)?;
    Some(G::enter(i, d, Entering { ps, agent, ctx, tr }))
}

/// Runs `v` over children `from..to`.
#[inline(always)]
pub(crate) fn each<G: Group<P, A, W>, V: Visit<G, P, A, W>, P, A, W, Tr: Trace>(
    from: usize,
    to: usize,
    v: &mut V,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) {
    let _ = G::each(from, to, v, ps, agent, ctx, tr);
}

// ---------------------------------------------------------------- deciders
