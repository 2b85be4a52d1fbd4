//! Composite policies (D1–D3, C1–C4, G3–G5, D9), written once over the
//! [`Group`] protocol that every composite node implements.
//!
//! A composite's children are seen through five operations: decide child
//! `i` without entering it (its guard, keeping the DBlock), enter a decided
//! child, and tick, halt or identify the running one. The policies below
//! (which child to try, when to interrupt, when to go on) are ordinary
//! generic functions over them; the `tree!` macro only implements the
//! protocol for each composite, as a tree built at run time would.
//!
//! The tick functions take the composite's running child by `&mut` and
//! replace it in place when another child starts; they return the
//! composite's status *before* its own exit bookkeeping (group behavior,
//! trace), which the caller does when the status is a completion.

use core::marker::PhantomData;
use core::ops::ControlFlow;

use crate::composite::{tick_rechecked, Entering, Run};
use crate::ctx::Ctx;
use crate::drive::{reject, subset_violation, Entered, Slot, Walk};
use crate::rng::{replaces, Rng};
use crate::shape::NodeInfo;
use crate::status::Status;
use crate::timer::Timer;
use crate::trace::{Reject, Trace, TraceEvent};
use crate::visit::{Visitor, VisitorMut};

/// The running child of a composite: which one it is, ticking it, halting
/// it and both walks over it. A generated composite implements it through
/// one `match` over its children's runtime node types
/// ([`Dispatch`](crate::composite::Dispatch)); a tree built at run time
/// may write each operation out.
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
    /// implementing [`Policy`](crate::composite::Policy) (`Priority`,
    /// `Sequence`, …).
    type Policy;

    /// The composite node itself, for the events it traces (its choices,
    /// [`TraceEvent::Chose`]).
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
        if $len > WIDE {
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
fn try_enter<G: Group<P, A, W>, P, A, W, Tr: Trace>(
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
fn each<G: Group<P, A, W>, V: Visit<G, P, A, W>, P, A, W, Tr: Trace>(
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

/// The decision of a `priority` group (D1, D2).
struct PriorityChoose<C> {
    mask: u64,
    last: Option<Status>,
    run: Option<C>,
    again: bool,
}

impl<G: Group<P, A, W>, P, A, W> Visit<G, P, A, W> for PriorityChoose<G::Active> {
    // Forced inline where it pays (optimized builds: one specialized copy per
    // child); a debug build keeps it a call, so that the `each` of a
    // composite does not hold one copy of every child's locals per child.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn child<Tr: Trace>(
        &mut self,
        i: usize,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> ControlFlow<()> {
        if self.mask & (1u64 << i) != 0 {
            return ControlFlow::Continue(());
        }
        match try_enter::<G, P, A, W, Tr>(i, ps, agent, ctx, tr) {
            Some(Entered::Running(a)) => {
                self.run = Some(a);
                ControlFlow::Break(())
            }
            Some(Entered::Done(s)) => {
                // Exited at once: masked, and the decision starts over.
                self.mask |= 1u64 << i;
                self.last = Some(s);
                self.again = true;
                ControlFlow::Break(())
            }
            None => ControlFlow::Continue(()),
        }
    }
}

/// `priority` (D1, D2): decide the children in order, skipping those in
/// `mask`; enter the first that accepts. One that exits at once is masked
/// and the decision starts over from the first child; `last` is the status
/// of the last child that exited. Each pass masks one more child, so it
/// ends.
#[inline(always)]
pub fn priority_choose<G: Group<P, A, W>, P, A, W, Tr: Trace>(
    mask: u64,
    last: Option<Status>,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Walk<G::Active> {
    let mut v = PriorityChoose {
        mask,
        last,
        run: None,
        again: true,
    };
    while v.again {
        v.again = false;
        each::<G, _, P, A, W, Tr>(0, G::LEN, &mut v, ps, agent, ctx, tr);
        if let Some(a) = v.run {
            return Walk::Run(a);
        }
    }
    match v.last {
        Some(s) => Walk::Stop(s),
        None => Walk::End,
    }
}

/// The decision of a `sequential` group (D3).
struct SequentialChoose<C> {
    last: Option<Status>,
    run: Option<C>,
}

impl<G: Group<P, A, W>, P, A, W> Visit<G, P, A, W> for SequentialChoose<G::Active> {
    // Forced inline where it pays (optimized builds: one specialized copy per
    // child); a debug build keeps it a call, so that the `each` of a
    // composite does not hold one copy of every child's locals per child.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn child<Tr: Trace>(
        &mut self,
        i: usize,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> ControlFlow<()> {
        match try_enter::<G, P, A, W, Tr>(i, ps, agent, ctx, tr) {
            Some(Entered::Running(a)) => {
                self.run = Some(a);
                ControlFlow::Break(())
            }
            Some(Entered::Done(s)) => {
                self.last = Some(s);
                ControlFlow::Continue(())
            }
            None => ControlFlow::Continue(()),
        }
    }
}

/// `sequential` (D3): decide the children from `from` on; enter the
/// first that accepts; one that exits at once hands over to the next.
#[inline(always)]
pub fn sequential_choose<G: Group<P, A, W>, P, A, W, Tr: Trace>(
    from: usize,
    last: Option<Status>,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Walk<G::Active> {
    let mut v = SequentialChoose { last, run: None };
    each::<G, _, P, A, W, Tr>(from, G::LEN, &mut v, ps, agent, ctx, tr);
    match (v.run, v.last) {
        (Some(a), _) => Walk::Run(a),
        (None, Some(s)) => Walk::Stop(s),
        (None, None) => Walk::End,
    }
}

/// Entering a decider group: its first decision. No child accepting breaks
/// the subset rule (D9): reported, and the group fails.
#[inline(always)]
pub fn decider_enter<G: Group<P, A, W>, P, A, W, Tr: Trace>(
    sequential: bool,
    node: &'static NodeInfo,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Entered<G::Active> {
    let walk = if sequential {
        sequential_choose::<G, P, A, W, Tr>(0, None, ps, agent, ctx, tr)
    } else {
        priority_choose::<G, P, A, W, Tr>(0, None, ps, agent, ctx, tr)
    };
    entered(walk, node, ctx, tr)
}

/// Where a decider group's redecide looks (D2).
#[derive(Clone, Copy)]
enum Resume {
    /// `priority`: every child but those in the mask.
    Priority(u64),
    /// `sequential`: the children from this one on.
    Sequential(usize),
}

/// The running child of a decider group exited with `last`: G5, then
/// the masked redecide (D2).
#[inline(always)]
fn redecide<G: Group<P, A, W>, P, A, W, Tr: Trace>(
    resume: Resume,
    last: Status,
    active: &mut G::Active,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Status {
    if !G::redecide(ps, agent, ctx, tr) {
        return Status::Failure;
    }
    let walk = match resume {
        Resume::Sequential(from) => {
            sequential_choose::<G, P, A, W, Tr>(from, Some(last), ps, agent, ctx, tr)
        }
        Resume::Priority(mask) => {
            priority_choose::<G, P, A, W, Tr>(mask, Some(last), ps, agent, ctx, tr)
        }
    };
    settle(walk, last, active)
}

/// The interruption check of a `priority` tick: the children before the
/// running one, decided in order; the first that accepts interrupts.
struct Interrupt<'a, C> {
    active: &'a mut C,
    /// The interrupting child runs (it replaced the running one).
    run: bool,
    /// It exited at once: its mask bit and status.
    exited: Option<(u64, Status)>,
}

impl<G: Group<P, A, W>, P, A, W> Visit<G, P, A, W> for Interrupt<'_, G::Active> {
    // Forced inline where it pays (optimized builds: one specialized copy per
    // child); a debug build keeps it a call, so that the `each` of a
    // composite does not hold one copy of every child's locals per child.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn child<Tr: Trace>(
        &mut self,
        i: usize,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> ControlFlow<()> {
        let Some((_, d)) = G::decide(i, ps, agent, ctx, tr) else {
            return ControlFlow::Continue(());
        };
        G::halt(self.active, ps, agent, ctx, tr);
        match G::enter(i, d, Entering { ps, agent, ctx, tr }) {
            Entered::Running(a) => {
                *self.active = a;
                self.run = true;
            }
            Entered::Done(s) => self.exited = Some((1u64 << i, s)),
        }
        ControlFlow::Break(())
    }
}

/// A tick of a `priority` group (D1, G3, D2): the children before the
/// running one are decided first, and the first that accepts interrupts
/// it (the running child is halted, then the new one entered).
#[inline(always)]
pub fn priority_tick<G: Group<P, A, W>, P, A, W, Tr: Trace>(
    active: &mut G::Active,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Status {
    let j = G::index(active);
    let mut v = Interrupt {
        active,
        run: false,
        exited: None,
    };
    each::<G, _, P, A, W, Tr>(0, j, &mut v, ps, agent, ctx, tr);
    if v.run {
        return Status::Running;
    }
    let (mask, s) = match v.exited {
        Some(exited) => exited,
        None => match G::tick(v.active, ps, agent, ctx, tr) {
            (_, Status::Running) => return Status::Running,
            (j, s) => (1u64 << j, s),
        },
    };
    redecide::<G, P, A, W, Tr>(Resume::Priority(mask), s, v.active, ps, agent, ctx, tr)
}

/// A tick of a `sequential` group (D3, G3): tick the running child;
/// when it exits, the next later child that accepts.
#[inline(always)]
pub fn sequential_tick<G: Group<P, A, W>, P, A, W, Tr: Trace>(
    active: &mut G::Active,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Status {
    match G::tick(active, ps, agent, ctx, tr) {
        (_, Status::Running) => Status::Running,
        (j, s) => {
            redecide::<G, P, A, W, Tr>(Resume::Sequential(j + 1), s, active, ps, agent, ctx, tr)
        }
    }
}

// ------------------------------------------- random, shuffle and scored

/// A `random` or `shuffle` group: its children, and where its generator
/// lives in the tree's persistent state (D4, D5, D8).
pub trait RandomGroup<P, A, W>: Group<P, A, W> {
    /// The generator.
    type Rng: Rng;
    /// The group's generator, in the persistent state `ps`.
    fn rng(ps: &mut P) -> &mut Self::Rng;
}

/// A `shuffle` group: also where its round lives (D5).
pub trait ShuffleGroup<P, A, W>: RandomGroup<P, A, W> {
    /// The children already chosen in this round, one bit each; persistent
    /// (kept by a halt, cleared by `reset`).
    fn round(ps: &mut P) -> &mut u64;
}

/// One decision pass of a decider group: every child not in `skip` is
/// decided, and one of those that accept is kept by the policy `C`.
struct Choose<D, C> {
    skip: u64,
    total: f64,
    chosen: Option<(usize, f32, D)>,
    policy: PhantomData<C>,
}

impl<D, C> Choose<D, C> {
    #[inline(always)]
    fn new(skip: u64) -> Self {
        Choose {
            skip,
            total: 0.0,
            chosen: None,
            policy: PhantomData,
        }
    }

    /// Child `i`: skipped if in `skip`, else decided by `decide`; if it
    /// accepts, kept or not by the policy. A policy that takes the first
    /// accepting child stops the pass there.
    #[inline(always)]
    fn consider<G: Group<P, A, W, Decided = D>, P, A, W>(
        &mut self,
        ps: &mut P,
        i: usize,
        decide: impl FnOnce(&mut P) -> Option<(f32, D)>,
    ) -> ControlFlow<()>
    where
        C: Chooser<G, P, A, W>,
    {
        if self.skip & (1u64 << i) != 0 {
            return ControlFlow::Continue(());
        }
        let Some((score, d)) = decide(ps) else {
            return ControlFlow::Continue(());
        };
        self.total += f64::from(score);
        let best = self.chosen.as_ref().map(|c| c.1);
        if C::keep(ps, self.total, best, score) {
            self.chosen = Some((i, score, d));
            if C::FIRST {
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    }
}

impl<G: Group<P, A, W>, C: Chooser<G, P, A, W>, P, A, W> Visit<G, P, A, W>
    for Choose<G::Decided, C>
{
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn child<Tr: Trace>(
        &mut self,
        i: usize,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> ControlFlow<()> {
        self.consider::<G, P, A, W>(ps, i, |ps| G::decide(i, ps, agent, ctx, tr))
    }
}

/// One pass over the children not in `skip`: the kept child, if any.
#[inline(always)]
fn choose<G: Group<P, A, W>, C: Chooser<G, P, A, W>, P, A, W, Tr: Trace>(
    skip: u64,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Option<(usize, f32, G::Decided)> {
    let mut v = Choose::<G::Decided, C>::new(skip);
    each::<G, _, P, A, W, Tr>(0, G::LEN, &mut v, ps, agent, ctx, tr);
    v.chosen
}

/// [`choose`] where only deciding is allowed (a guard's `delegate`, G6):
/// the agent and the context are read-only, and the children are visited
/// by a loop rather than [`Group::each`], which may enter them.
#[inline]
fn choose_ref<G: Group<P, A, W>, C: Chooser<G, P, A, W>, P, A, W, Tr: Trace>(
    skip: u64,
    ps: &mut P,
    agent: &A,
    ctx: &Ctx<W>,
    tr: &mut Tr,
) -> Option<(usize, f32, G::Decided)> {
    let mut v = Choose::<G::Decided, C>::new(skip);
    for i in 0..G::LEN {
        let step = v.consider::<G, P, A, W>(ps, i, |ps| G::decide(i, ps, agent, ctx, tr));
        if step.is_break() {
            break;
        }
    }
    v.chosen
}

/// A decision of policy `C` among the children not in `mask`, by passes
/// of `pass`: first among the children not used in this round; when none
/// of those accepts, a new round among the used ones (D5; a policy with no
/// rounds makes one pass).
#[inline(always)]
fn pick<C: Chooser<G, P, A, W>, G: Group<P, A, W>, P, A, W>(
    mask: u64,
    ps: &mut P,
    mut pass: impl FnMut(u64, &mut P) -> Option<(usize, f32, G::Decided)>,
) -> Option<(usize, f32, G::Decided)> {
    let used = C::used(ps);
    match pass(mask | used, ps) {
        Some(c) => Some(c),
        None if used != 0 => pass(mask | !used, ps),
        None => None,
    }
}

/// A decision's outcome as the group's entry: no child accepting a fresh
/// group breaks the subset rule (D9), reported, and the group fails.
#[inline(always)]
pub fn entered<C, W, Tr: Trace>(
    walk: Walk<C>,
    node: &'static NodeInfo,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Entered<C> {
    match walk {
        Walk::Run(a) => Entered::Running(a),
        Walk::Stop(s) => Entered::Done(s),
        Walk::End => {
            subset_violation(node, ctx, tr);
            Entered::Done(Status::Failure)
        }
    }
}

/// The running child exited with `last` and the group redecided (`walk`):
/// the group's status, with the new child in `active` if one runs (D2).
#[inline(always)]
fn settle<C>(walk: Walk<C>, last: Status, active: &mut C) -> Status {
    match walk {
        Walk::Run(a) => {
            *active = a;
            Status::Running
        }
        Walk::Stop(s) => s,
        Walk::End => last,
    }
}

/// The policy of a decider group as one decision among the children not
/// in a mask: which of the children that accept it keeps, and what it
/// remembers of a choice.
///
/// `random`, `shuffle` and `scored` groups decide through it
/// ([`chooser_enter`], [`chooser_tick`]); so does a `delegate` guard
/// ([`delegate`], [`delegated_enter`]) for every decider group. `priority`
/// and `sequential` groups keep their own passes on their usual path
/// ([`decider_enter`], [`priority_tick`], [`sequential_tick`]), which enter
/// a child as soon as it accepts: that is the same decision as
/// [`Priority`] and [`Sequential`] here, and the `priority` benchmark
/// scenario is tuned on it.
pub trait Chooser<G: Group<P, A, W>, P, A, W> {
    /// The first child that accepts is kept and the pass stops there
    /// (`priority`, `sequential`): later children are not decided.
    const FIRST: bool = false;

    /// A child accepted with `score`; `total` is the sum of the scores
    /// accepted so far in this pass (this one included), `best` the kept
    /// child's score. Whether this child replaces the kept one.
    fn keep(ps: &mut P, total: f64, best: Option<f32>, score: f32) -> bool;

    /// The children already chosen in this round, skipped by the first
    /// pass (D5); no rounds by default.
    #[inline(always)]
    fn used(ps: &mut P) -> u64 {
        let _ = ps;
        0
    }

    /// Child `i` is about to be entered: the round remembers it.
    #[inline(always)]
    fn commit(ps: &mut P, i: usize) {
        let _ = (ps, i);
    }

    /// The children masked for the rest of the decision once child `i`
    /// exited at once (D2): `i` itself by default.
    #[inline(always)]
    fn after(i: usize) -> u64 {
        1u64 << i
    }
}

/// `priority` (D1): the first child, in order, that accepts.
pub struct Priority;
/// `sequential` (D3): the first child, in order, that accepts; once one
/// exited, only the children after it.
pub struct Sequential;
/// `random` (D4): one of the accepting children, at random, weighted by
/// score.
pub struct Random;
/// `shuffle` (D5): like `random`, among the children not chosen yet in this
/// round; when none of those accepts, a new round starts among the others
/// (each child is decided at most once per decision). The chosen child
/// joins the round.
pub struct Shuffle;
/// `scored` (D6): the accepting child with the highest score, the earliest
/// on ties.
pub struct Scored;

impl<G: Group<P, A, W>, P, A, W> Chooser<G, P, A, W> for Priority {
    const FIRST: bool = true;
    #[inline(always)]
    fn keep(_: &mut P, _: f64, _: Option<f32>, _: f32) -> bool {
        true
    }
}

impl<G: Group<P, A, W>, P, A, W> Chooser<G, P, A, W> for Sequential {
    const FIRST: bool = true;
    #[inline(always)]
    fn keep(_: &mut P, _: f64, _: Option<f32>, _: f32) -> bool {
        true
    }
    #[inline(always)]
    fn after(i: usize) -> u64 {
        // `i` and every child before it.
        (1u64 << i) | ((1u64 << i) - 1)
    }
}

impl<G: RandomGroup<P, A, W>, P, A, W> Chooser<G, P, A, W> for Random {
    #[inline(always)]
    fn keep(ps: &mut P, total: f64, best: Option<f32>, score: f32) -> bool {
        replaces(G::rng(ps), best.is_none(), total, f64::from(score))
    }
}

impl<G: ShuffleGroup<P, A, W>, P, A, W> Chooser<G, P, A, W> for Shuffle {
    #[inline(always)]
    fn keep(ps: &mut P, total: f64, best: Option<f32>, score: f32) -> bool {
        replaces(G::rng(ps), best.is_none(), total, f64::from(score))
    }
    #[inline(always)]
    fn used(ps: &mut P) -> u64 {
        *G::round(ps)
    }
    #[inline(always)]
    fn commit(ps: &mut P, i: usize) {
        // A child already in the round was chosen by a new round's pass.
        let (round, bit) = (G::round(ps), 1u64 << i);
        *round = if *round & bit != 0 { bit } else { *round | bit };
    }
}

impl<G: Group<P, A, W>, P, A, W> Chooser<G, P, A, W> for Scored {
    #[inline(always)]
    fn keep(_: &mut P, _: f64, best: Option<f32>, score: f32) -> bool {
        best.is_none_or(|b| score > b)
    }
}

/// A decision of a `random`, `shuffle` or `scored` group among the children
/// not in `mask`: the picked child is entered; one that exits at once is
/// masked and the decision is made again (D2), until a child runs or none
/// accepts.
#[inline(always)]
pub fn chooser_choose<G: Group<P, A, W>, C: Chooser<G, P, A, W>, P, A, W, Tr: Trace>(
    mut mask: u64,
    mut last: Option<Status>,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Walk<G::Active> {
    loop {
        let picked = pick::<C, G, P, A, W>(mask, ps, |skip, ps| {
            choose::<G, C, P, A, W, Tr>(skip, ps, agent, ctx, tr)
        });
        let Some((i, score, d)) = picked else { break };
        tr.event(TraceEvent::Chose {
            node: G::NODE,
            index: i,
            score,
        });
        C::commit(ps, i);
        match G::enter(i, d, Entering { ps, agent, ctx, tr }) {
            Entered::Running(a) => return Walk::Run(a),
            Entered::Done(s) => {
                mask |= C::after(i);
                last = Some(s);
            }
        }
    }
    match last {
        Some(s) => Walk::Stop(s),
        None => Walk::End,
    }
}

/// Entering a `random`, `shuffle` or `scored` group: its first decision
/// (D4–D6, D9).
#[inline(always)]
pub fn chooser_enter<G: Group<P, A, W>, C: Chooser<G, P, A, W>, P, A, W, Tr: Trace>(
    node: &'static NodeInfo,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Entered<G::Active> {
    let walk = chooser_choose::<G, C, P, A, W, Tr>(0, None, ps, agent, ctx, tr);
    entered(walk, node, ctx, tr)
}

/// A guard marked `delegate` (G6): it accepts exactly when one of the
/// group's children accepts, as the group `G` would decide on entry by its
/// policy `C`, and hands that child on, decided, so that entering the group
/// ([`delegated_enter`]) does not decide it again. The score is the
/// child's. Traced as the group's guard accepting or rejecting
/// ([`Reject::Delegate`]).
#[inline]
pub fn delegate<G: Group<P, A, W>, C: Chooser<G, P, A, W>, P, A, W, Tr: Trace>(
    node: &'static NodeInfo,
    ps: &mut P,
    agent: &A,
    ctx: &Ctx<W>,
    tr: &mut Tr,
) -> Option<(f32, (usize, G::Decided))> {
    let picked = pick::<C, G, P, A, W>(0, ps, |skip, ps| {
        choose_ref::<G, C, P, A, W, Tr>(skip, ps, agent, ctx, tr)
    });
    match picked {
        Some((i, score, d)) => {
            tr.event(TraceEvent::Accepted { node, score });
            Some((score, (i, d)))
        }
        None => {
            reject(node, Reject::Delegate, tr);
            None
        }
    }
}

/// Entering a decider group whose guard delegated (G6): its first decision
/// is the child the guard decided (`first`), entered without deciding it
/// again; if it exits at once, the group goes on deciding by its policy
/// with that child masked (D2), as on any entry.
#[inline]
pub fn delegated_enter<G: Group<P, A, W>, C: Chooser<G, P, A, W>, P, A, W, Tr: Trace>(
    first: (usize, G::Decided),
    node: &'static NodeInfo,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Entered<G::Active> {
    let (i, d) = first;
    C::commit(ps, i);
    let walk = match G::enter(i, d, Entering { ps, agent, ctx, tr }) {
        Entered::Running(a) => Walk::Run(a),
        Entered::Done(s) => {
            chooser_choose::<G, C, P, A, W, Tr>(C::after(i), Some(s), ps, agent, ctx, tr)
        }
    };
    entered(walk, node, ctx, tr)
}

/// A tick of a `random`, `shuffle` or `scored` group (D4–D6, G3):
/// tick the running child; when it exits, G5, then the masked redecide
/// (D2) by the group's policy.
#[inline(always)]
pub fn chooser_tick<G: Group<P, A, W>, C: Chooser<G, P, A, W>, P, A, W, Tr: Trace>(
    active: &mut G::Active,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Status {
    match G::tick(active, ps, agent, ctx, tr) {
        (_, Status::Running) => Status::Running,
        (j, s) => chooser_redecide::<G, C, P, A, W, Tr>(1u64 << j, s, active, ps, agent, ctx, tr),
    }
}

/// G5, then the masked redecide (D2) by the group's policy: [`redecide`]
/// for the choosers. One `redecide` taking the choice as a closure was
/// tried: LLVM no longer inlined the choice, and `scored` went from 70.7
/// to 81.6 instructions per agent-tick.
#[inline(always)]
fn chooser_redecide<G: Group<P, A, W>, C: Chooser<G, P, A, W>, P, A, W, Tr: Trace>(
    mask: u64,
    last: Status,
    active: &mut G::Active,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Status {
    if !G::redecide(ps, agent, ctx, tr) {
        return Status::Failure;
    }
    let walk = chooser_choose::<G, C, P, A, W, Tr>(mask, Some(last), ps, agent, ctx, tr);
    settle(walk, last, active)
}

/// The rescoring pass of a `scored` group: every child is decided, the
/// running one (`run`) included; the best of the others is kept.
struct Rescore<D> {
    run: usize,
    run_score: f32,
    chosen: Option<(usize, f32, D)>,
}

impl<G: Group<P, A, W>, P, A, W> Visit<G, P, A, W> for Rescore<G::Decided> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn child<Tr: Trace>(
        &mut self,
        i: usize,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> ControlFlow<()> {
        if let Some((score, d)) = G::decide(i, ps, agent, ctx, tr) {
            if i == self.run {
                self.run_score = score;
            } else if self.chosen.as_ref().is_none_or(|c| score > c.1) {
                self.chosen = Some((i, score, d));
            }
        }
        ControlFlow::Continue(())
    }
}

/// A tick of a `scored` group with a rescoring interval (D6): when
/// `interval` seconds have passed since the last decision (`since`), every
/// child is scored, the running one included; another child takes over
/// only with a strictly higher score (the running child is halted, the
/// other entered; one that exits at once is masked and the group
/// redecides). A running child that now rejects counts as scoring 0: it is
/// never stopped by rescoring alone. Then, as [`chooser_tick`].
#[inline(always)]
pub fn scored_tick<G: Group<P, A, W>, P, A, W, Tr: Trace>(
    interval: f64,
    since: &mut Timer,
    active: &mut G::Active,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Status {
    if since.fire(ctx.now(), interval) {
        let mut v = Rescore {
            run: G::index(active),
            run_score: 0.0,
            chosen: None,
        };
        each::<G, _, P, A, W, Tr>(0, G::LEN, &mut v, ps, agent, ctx, tr);
        if let Some((i, score, d)) = v.chosen {
            if score > v.run_score {
                G::halt(active, ps, agent, ctx, tr);
                match G::enter(i, d, Entering { ps, agent, ctx, tr }) {
                    Entered::Running(a) => {
                        *active = a;
                        return Status::Running;
                    }
                    Entered::Done(s) => {
                        since.stamp(ctx.now());
                        return chooser_redecide::<G, Scored, P, A, W, Tr>(
                            1u64 << i,
                            s,
                            active,
                            ps,
                            agent,
                            ctx,
                            tr,
                        );
                    }
                }
            }
        }
    }
    match G::tick(active, ps, agent, ctx, tr) {
        (_, Status::Running) => Status::Running,
        (j, s) => {
            since.stamp(ctx.now());
            chooser_redecide::<G, Scored, P, A, W, Tr>(1u64 << j, s, active, ps, agent, ctx, tr)
        }
    }
}

// ------------------------------------------------------- status composites

/// The walk of a status composite (C1–C4, G4).
struct StatusWalk<C> {
    cont: Status,
    out: Option<Walk<C>>,
}

impl<G: Group<P, A, W>, P, A, W> Visit<G, P, A, W> for StatusWalk<G::Active> {
    // Forced inline where it pays (optimized builds: one specialized copy per
    // child); a debug build keeps it a call, so that the `each` of a
    // composite does not hold one copy of every child's locals per child.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn child<Tr: Trace>(
        &mut self,
        i: usize,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> ControlFlow<()> {
        let s = match try_enter::<G, P, A, W, Tr>(i, ps, agent, ctx, tr) {
            Some(Entered::Running(a)) => {
                self.out = Some(Walk::Run(a));
                return ControlFlow::Break(());
            }
            Some(Entered::Done(s)) => s,
            None => Status::Failure,
        };
        if s == self.cont {
            ControlFlow::Continue(())
        } else {
            self.out = Some(Walk::Stop(s));
            ControlFlow::Break(())
        }
    }
}

/// Walks children `from..` in order, entering each (C1–C4, G4): a
/// child that reports `cont` hands over to the next, any other status stops
/// the walk; a rejecting guard counts as `Failure`.
#[inline(always)]
pub fn walk<G: Group<P, A, W>, P, A, W, Tr: Trace>(
    from: usize,
    cont: Status,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Walk<G::Active> {
    let mut v = StatusWalk { cont, out: None };
    each::<G, _, P, A, W, Tr>(from, G::LEN, &mut v, ps, agent, ctx, tr);
    v.out.unwrap_or(Walk::End)
}

/// Entering a status composite: walk from the first child; past the last,
/// the composite completes with `cont`.
#[inline(always)]
pub fn status_enter<G: Group<P, A, W>, P, A, W, Tr: Trace>(
    cont: Status,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Entered<G::Active> {
    match walk::<G, P, A, W, Tr>(0, cont, ps, agent, ctx, tr) {
        Walk::Run(a) => Entered::Running(a),
        Walk::Stop(s) => Entered::Done(s),
        Walk::End => Entered::Done(cont),
    }
}

/// A tick of a `sequence` or `fallback` (C1, C3): resume the running
/// child; if it reports `cont`, go on with the next ones.
#[inline(always)]
pub fn resume_tick<G: Group<P, A, W>, P, A, W, Tr: Trace>(
    cont: Status,
    active: &mut G::Active,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Status {
    let (j, s) = G::tick(active, ps, agent, ctx, tr);
    if s != cont {
        // Running, or the status that ends the composite.
        return s;
    }
    // Past the last child, the composite ends with `cont`, as the walk
    // would find: said here, LLVM folds it per child instead of merging the
    // last child's completion into the walk's code. On `depth` (a running
    // leaf under five sequences) that merge cost the steady path a jump
    // table and a hoisted constant: 30.01 -> 29.01 instructions per
    // agent-tick.
    if j + 1 >= G::LEN {
        return cont;
    }
    match walk::<G, P, A, W, Tr>(j + 1, cont, ps, agent, ctx, tr) {
        Walk::Run(a) => {
            *active = a;
            Status::Running
        }
        Walk::Stop(s) => s,
        Walk::End => cont,
    }
}

/// The single pass of a `reactive_sequence` or `selector` tick.
struct ReactivePass<'a, C> {
    cont: Status,
    run: usize,
    active: &'a mut C,
    out: Option<Status>,
}

impl<G: Group<P, A, W>, P, A, W> Visit<G, P, A, W> for ReactivePass<'_, G::Active> {
    // Forced inline where it pays (optimized builds: one specialized copy per
    // child); a debug build keeps it a call, so that the `each` of a
    // composite does not hold one copy of every child's locals per child.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn child<Tr: Trace>(
        &mut self,
        i: usize,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> ControlFlow<()> {
        // The last child is the running one if no earlier one is: asked as
        // `run >= i` (equal, since `run < LEN`), LLVM reuses the flags of
        // the earlier children's tests where `==` made it compare the
        // state's tag again (`interrupt`: 34.25 -> 33.51 instructions per
        // agent-tick; the creature 79.61 -> 80.3, `priority` 67.13 -> 68.1).
        let running = if i + 1 == G::LEN {
            self.run >= i
        } else {
            self.run == i
        };
        let s = if running {
            match G::tick_nth(i, self.active, ps, agent, ctx, tr) {
                Status::Running => {
                    self.out = Some(Status::Running);
                    return ControlFlow::Break(());
                }
                s => s,
            }
        } else {
            match try_enter::<G, P, A, W, Tr>(i, ps, agent, ctx, tr) {
                Some(Entered::Running(a)) => {
                    if i < self.run {
                        G::halt(self.active, ps, agent, ctx, tr);
                    }
                    *self.active = a;
                    self.out = Some(Status::Running);
                    return ControlFlow::Break(());
                }
                Some(Entered::Done(s)) => s,
                None => Status::Failure,
            }
        };
        if s == self.cont {
            return ControlFlow::Continue(());
        }
        if i < self.run {
            G::halt(self.active, ps, agent, ctx, tr);
        }
        self.out = Some(s);
        ControlFlow::Break(())
    }
}

/// A tick of a `reactive_sequence` or `selector` (C2, C4): one pass
/// over the children from the first. The running child is ticked (its
/// guard re-evaluated); the others are entered. A child before the running
/// one that runs or stops the pass halts it (after its own tick).
///
/// The pass is written twice: once for the last child running (a
/// selector's fallback, a reactive sequence's action), where `run` is a
/// constant and no child before it needs to ask whether it is the running
/// one; once for any other child. With one pass, LLVM compared the state's
/// tag with each child's index on the way to the last (`cmp $k; jne` per
/// guarded child): `priority` 68.08 -> 52.78 instructions per agent-tick
/// (the hand-written machine 54.71), the creature 80.53 -> 75.52. Only the
/// entering code of the children is duplicated, not their ticks: the last
/// child's tick is in the first copy, the others' in the second.
#[inline(always)]
pub fn reactive_tick<G: Group<P, A, W>, P, A, W, Tr: Trace>(
    cont: Status,
    active: &mut G::Active,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Status {
    let run = G::index(active);
    if run + 1 == G::LEN {
        reactive_pass::<G, P, A, W, Tr>(cont, G::LEN - 1, active, ps, agent, ctx, tr)
    } else {
        reactive_pass::<G, P, A, W, Tr>(cont, run, active, ps, agent, ctx, tr)
    }
}

/// Whether the last child of a composite runs: for a `selector`, its
/// fallback, the state a tree whose root is one is expected to be in on
/// most ticks ([`Subtree::settled`](crate::drive::Subtree::settled), a
/// layout hint).
#[inline(always)]
pub fn last_runs<G: Group<P, A, W>, P, A, W>(active: &G::Active) -> bool {
    G::index(active) + 1 == G::LEN
}

/// One pass of [`reactive_tick`], child `run` running.
#[inline(always)]
fn reactive_pass<G: Group<P, A, W>, P, A, W, Tr: Trace>(
    cont: Status,
    run: usize,
    active: &mut G::Active,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Status {
    let mut v = ReactivePass {
        cont,
        run,
        active,
        out: None,
    };
    each::<G, _, P, A, W, Tr>(0, G::LEN, &mut v, ps, agent, ctx, tr);
    v.out.unwrap_or(cont)
}

// ---------------------------------------------------------------- parallel

/// The children of a `parallel` or `concurrent` node, as its policy sees
/// them: one slot each, since several run at once (C5, C6, F3). A
/// generated node implements it through one `match` over its children's
/// runtime node types ([`SlotDispatch`]).
pub trait Slots<P, A, W> {
    /// How many children.
    const LEN: usize;

    /// Steps child `i`: enters it if its slot is idle (its guard rejecting
    /// counts as `Failure`, G4), ticks it if it runs (its `recheck`
    /// guard first, G3), and records a completion in the slot.
    fn step<Tr: Trace>(
        &mut self,
        i: usize,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    );

    /// Child `i`'s completion status, if it completed.
    fn done(&self, i: usize) -> Option<Status>;

    /// Makes a completed child `i` idle again, to be entered anew
    /// (`concurrent`, C6).
    fn restart(&mut self, i: usize);

    /// Halts child `i` if it runs; its slot becomes idle.
    fn halt<Tr: Trace>(
        &mut self,
        i: usize,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    );

    /// Hands each running child's active path to the visitor, in order
    /// (I1).
    fn visit<V: Visitor<A, W>>(&self, v: &mut V);

    /// Hands each running child's active path to the mutable visitor, in
    /// order, with the agent and the context (I1).
    fn visit_mut<V: VisitorMut<A, W>>(&mut self, v: &mut V, agent: &mut A, ctx: &mut Ctx<W>);

    /// Calls `v.child(self, i, …)` for every child in order until one
    /// breaks: one call per child with a literal index up to [`WIDE`]
    /// children, as [`each_in_order`] does for composites; a loop beyond.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn each<V: SlotVisit<Self, P, A, W>, Tr: Trace>(
        &mut self,
        v: &mut V,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> ControlFlow<Status>
    where
        Self: Sized,
    {
        in_order!(Self::LEN, 0, Self::LEN, |i| v
            .child(self, i, ps, agent, ctx, tr));
        ControlFlow::Continue(())
    }
}

/// The slots of a parallel or control node, whose children each have a
/// runtime node type ([`Run`]): one `match` hands slot `i` with its
/// child's type to an operation, and the runtime
/// implements [`Slots`] once over it. `i` is below [`LEN`](Self::LEN):
/// the generated `match` takes any other for the last child.
pub trait SlotDispatch<P, A, W> {
    /// How many children.
    const LEN: usize;

    /// Hands slot `i`, with its child's runtime node type, to `op`.
    fn with<O: SlotOp<P, A, W>>(&mut self, i: usize, op: O) -> O::Out;

    /// Hands slot `i` by `&`, with its child's runtime node type and its
    /// running child's state as `Debug` where its type implements it, to
    /// `op`.
    fn with_ref<O: SlotRef<P, A, W>>(&self, i: usize, op: O) -> O::Out;

    /// Enters child `i` into its idle slot: its guard rejecting counts as
    /// `Failure` (G4); a completion on entry is kept in the slot.
    fn enter<Tr: Trace>(
        &mut self,
        i: usize,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    );

    /// Re-evaluates child `i`'s guard before its tick (G3, `recheck`):
    /// `false` halts it and counts as `Failure`. Default: none.
    #[inline(always)]
    fn recheck<Tr: Trace>(i: usize, ps: &mut P, agent: &A, ctx: &Ctx<W>, tr: &mut Tr) -> bool {
        let _ = (i, ps, agent, ctx, tr);
        true
    }
}

/// An operation on one slot, generic over its child's runtime node type
/// ([`SlotDispatch::with`]).
pub trait SlotOp<P, A, W> {
    /// What it returns.
    type Out;
    /// Runs on slot `i`, whose child's runtime node type is `K`.
    fn run<K: Run<P, A, W>>(self, i: usize, slot: &mut Slot<K::Active>) -> Self::Out;
}

/// A read-only operation on one slot ([`SlotDispatch::with_ref`]).
pub trait SlotRef<P, A, W> {
    /// What it returns.
    type Out;
    /// Runs on slot `i`, whose child's runtime node type is `K`; `debug`
    /// is its running child's state as `Debug`, if it has one.
    fn run<K: Run<P, A, W>>(
        self,
        i: usize,
        slot: &Slot<K::Active>,
        debug: Option<&dyn core::fmt::Debug>,
    ) -> Self::Out;
}

/// Steps a running slot ([`Slots::step`]): `true` if it is idle, to be
/// entered.
struct StepSlot<'a, 't, D, P, A, W, Tr>(Entering<'a, 't, P, A, W, Tr>, PhantomData<fn() -> D>);

impl<D: SlotDispatch<P, A, W>, P, A, W, Tr: Trace> SlotOp<P, A, W>
    for StepSlot<'_, '_, D, P, A, W, Tr>
{
    type Out = bool;
    #[inline(always)]
    fn run<K: Run<P, A, W>>(self, i: usize, slot: &mut Slot<K::Active>) -> bool {
        let Slot::Running(a) = slot else {
            return matches!(slot, Slot::Idle);
        };
        let Entering { ps, agent, ctx, tr } = self.0;
        let accepted = D::recheck(i, ps, agent, ctx, tr);
        let s = tick_rechecked::<K, P, A, W, Tr>(accepted, a, ps, agent, ctx, tr);
        if s.is_done() {
            *slot = Slot::Done(s);
        }
        false
    }
}

/// Halts a slot ([`Slots::halt`]).
struct HaltSlot<'a, 't, P, A, W, Tr>(Entering<'a, 't, P, A, W, Tr>);

impl<P, A, W, Tr: Trace> SlotOp<P, A, W> for HaltSlot<'_, '_, P, A, W, Tr> {
    type Out = ();
    #[inline(always)]
    fn run<K: Run<P, A, W>>(self, _: usize, slot: &mut Slot<K::Active>) {
        let Entering { ps, agent, ctx, tr } = self.0;
        slot.halt(|a| K::halt(a, ps, agent, ctx, tr));
    }
}

/// Makes a completed slot idle ([`Slots::restart`]).
struct RestartSlot;

impl<P, A, W> SlotOp<P, A, W> for RestartSlot {
    type Out = ();
    #[inline(always)]
    fn run<K: Run<P, A, W>>(self, _: usize, slot: &mut Slot<K::Active>) {
        slot.restart();
    }
}

/// A slot's completion ([`Slots::done`]).
struct DoneSlot;

impl<P, A, W> SlotRef<P, A, W> for DoneSlot {
    type Out = Option<Status>;
    #[inline(always)]
    fn run<K: Run<P, A, W>>(
        self,
        _: usize,
        slot: &Slot<K::Active>,
        _: Option<&dyn core::fmt::Debug>,
    ) -> Option<Status> {
        slot.done()
    }
}

/// Walks a running slot's child ([`Slots::visit`]).
struct VisitSlot<'a, V>(&'a mut V);

impl<P, A, W, V: Visitor<A, W>> SlotRef<P, A, W> for VisitSlot<'_, V> {
    type Out = ();
    fn run<K: Run<P, A, W>>(
        self,
        _: usize,
        slot: &Slot<K::Active>,
        debug: Option<&dyn core::fmt::Debug>,
    ) {
        if let Slot::Running(a) = slot {
            K::visit(a, debug, self.0);
        }
    }
}

/// Walks a running slot's child mutably ([`Slots::visit_mut`]).
struct VisitSlotMut<'a, 't, A, W, V> {
    v: &'a mut V,
    agent: &'a mut A,
    ctx: &'a mut Ctx<'t, W>,
}

impl<P, A, W, V: VisitorMut<A, W>> SlotOp<P, A, W> for VisitSlotMut<'_, '_, A, W, V> {
    type Out = ();
    fn run<K: Run<P, A, W>>(self, _: usize, slot: &mut Slot<K::Active>) {
        if let Slot::Running(a) = slot {
            K::visit_mut(a, self.v, self.agent, self.ctx);
        }
    }
}

impl<D: SlotDispatch<P, A, W>, P, A, W> Slots<P, A, W> for D {
    const LEN: usize = D::LEN;
    #[inline(always)]
    fn step<Tr: Trace>(
        &mut self,
        i: usize,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) {
        let here = Entering {
            ps: &mut *ps,
            agent: &mut *agent,
            ctx: &mut *ctx,
            tr: &mut *tr,
        };
        if self.with(i, StepSlot::<D, P, A, W, Tr>(here, PhantomData)) {
            self.enter(i, ps, agent, ctx, tr);
        }
    }
    #[inline(always)]
    fn done(&self, i: usize) -> Option<Status> {
        self.with_ref(i, DoneSlot)
    }
    #[inline(always)]
    fn restart(&mut self, i: usize) {
        self.with(i, RestartSlot);
    }
    #[inline]
    fn halt<Tr: Trace>(
        &mut self,
        i: usize,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) {
        self.with(i, HaltSlot(Entering { ps, agent, ctx, tr }));
    }
    fn visit<V: Visitor<A, W>>(&self, v: &mut V) {
        for i in 0..D::LEN {
            self.with_ref(i, VisitSlot(&mut *v));
        }
    }
    fn visit_mut<V: VisitorMut<A, W>>(&mut self, v: &mut V, agent: &mut A, ctx: &mut Ctx<W>) {
        for i in 0..D::LEN {
            self.with(
                i,
                VisitSlotMut {
                    v: &mut *v,
                    agent: &mut *agent,
                    ctx: &mut *ctx,
                },
            );
        }
    }
}

/// One step of a parallel policy over child `i` of the slots `s`.
pub trait SlotVisit<S: Slots<P, A, W>, P, A, W> {
    /// Visits child `i`; breaking ends the tick with that status.
    fn child<Tr: Trace>(
        &mut self,
        s: &mut S,
        i: usize,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> ControlFlow<Status>;
}

/// How a parallel node decides (C5, C6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParallelPolicy {
    /// `parallel`: `Success` once `success` children succeeded, `Failure`
    /// once `failure` failed or success can no longer be reached.
    Thresholds {
        /// Successes needed.
        success: usize,
        /// Failures that fail it.
        failure: usize,
    },
    /// `concurrent`: completed children run again; the first failure fails
    /// it, all succeeding in one tick succeeds it.
    Concurrent,
    /// `parallel(all_complete, failure >= m)`: no early exit; once every
    /// child completed, `Failure` if at least `failure` of them failed,
    /// else `Success`.
    AllComplete {
        /// Failures that fail it.
        failure: usize,
    },
}

/// Halts a parallel node's running children, in declaration order.
#[inline]
pub fn parallel_halt<S: Slots<P, A, W>, P, A, W, Tr: Trace>(
    s: &mut S,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) {
    for i in 0..S::LEN {
        s.halt(i, ps, agent, ctx, tr);
    }
}

/// The outcome of thresholds so far.
#[inline(always)]
fn outcome<S: Slots<P, A, W>, P, A, W>(s: &S, success: usize, failure: usize) -> Option<Status> {
    let (mut successes, mut failures) = (0, 0);
    for i in 0..S::LEN {
        match s.done(i) {
            Some(Status::Success) => successes += 1,
            Some(Status::Failure) => failures += 1,
            _ => {}
        }
    }
    crate::drive::parallel_outcome(successes, failures, S::LEN, success, failure)
}

impl<S: Slots<P, A, W>, P, A, W> SlotVisit<S, P, A, W> for ParallelPolicy {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn child<Tr: Trace>(
        &mut self,
        s: &mut S,
        i: usize,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> ControlFlow<Status> {
        match *self {
            ParallelPolicy::Concurrent => {
                s.restart(i);
                s.step(i, ps, agent, ctx, tr);
                if s.done(i) == Some(Status::Failure) {
                    parallel_halt(s, ps, agent, ctx, tr);
                    return ControlFlow::Break(Status::Failure);
                }
            }
            ParallelPolicy::Thresholds { success, failure } => {
                s.step(i, ps, agent, ctx, tr);
                if let Some(out) = outcome(s, success, failure) {
                    parallel_halt(s, ps, agent, ctx, tr);
                    return ControlFlow::Break(out);
                }
            }
            ParallelPolicy::AllComplete { .. } => s.step(i, ps, agent, ctx, tr),
        }
        ControlFlow::Continue(())
    }
}

/// A tick of a `parallel` or `concurrent` (C5, C6): idle children are
/// entered and running ones ticked, in declaration order, stopping as soon
/// as the outcome is decided (the children still running are then halted,
/// in declaration order).
#[inline(always)]
pub fn parallel_tick<S: Slots<P, A, W>, P, A, W, Tr: Trace>(
    mut policy: ParallelPolicy,
    s: &mut S,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Status {
    if let ControlFlow::Break(out) = s.each(&mut policy, ps, agent, ctx, tr) {
        return out;
    }
    match policy {
        ParallelPolicy::Concurrent => {
            if (0..S::LEN).all(|i| s.done(i) == Some(Status::Success)) {
                Status::Success
            } else {
                Status::Running
            }
        }
        ParallelPolicy::Thresholds { .. } => Status::Running,
        ParallelPolicy::AllComplete { failure } => {
            let mut failures = 0;
            for i in 0..S::LEN {
                match s.done(i) {
                    None => return Status::Running,
                    Some(Status::Failure) => failures += 1,
                    Some(_) => {}
                }
            }
            if failures >= failure {
                Status::Failure
            } else {
                Status::Success
            }
        }
    }
}

// ----------------------------------------------------------- control nodes

/// Steps child `i` (entering it if idle) and returns its status this tick:
/// `Running`, or its completion (the slot then stays `Done`).
#[inline(always)]
fn run_slot<S: Slots<P, A, W>, P, A, W, Tr: Trace>(
    i: usize,
    s: &mut S,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Status {
    s.step(i, ps, agent, ctx, tr);
    s.done(i).unwrap_or(Status::Running)
}

/// The branch a completed condition selects: `then` on `Success`, the one
/// after it on `Failure`.
#[inline(always)]
fn branch(condition: Status, then: usize) -> usize {
    if condition == Status::Success {
        then
    } else {
        then + 1
    }
}

/// A tick of an `if_then_else { C, T [, E] }` (C8): the condition runs
/// until it completes, once per activation; then `Success` runs `T`,
/// `Failure` runs `E`, or fails the node when there is no `E`. The node
/// reports the branch's status; the condition is not evaluated again while
/// a branch runs.
#[inline(always)]
pub fn if_then_else_tick<S: Slots<P, A, W>, P, A, W, Tr: Trace>(
    s: &mut S,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Status {
    let condition = match s.done(0) {
        Some(c) => c,
        None => match run_slot(0, s, ps, agent, ctx, tr) {
            Status::Running => return Status::Running,
            c => c,
        },
    };
    let b = branch(condition, 1);
    if b >= S::LEN {
        return Status::Failure;
    }
    run_slot(b, s, ps, agent, ctx, tr)
}

/// A tick of a `while_do_else { C, D [, E] }` (C9): the condition runs
/// every tick (entered anew once it completed). `Running`: the node runs
/// and no branch is ticked. `Success` selects `D`, `Failure` `E` (or fails
/// the node when there is no `E`); the other branch, if it runs, is halted
/// before the selected one is ticked.
#[inline(always)]
pub fn while_do_else_tick<S: Slots<P, A, W>, P, A, W, Tr: Trace>(
    s: &mut S,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Status {
    s.restart(0);
    let condition = run_slot(0, s, ps, agent, ctx, tr);
    if condition == Status::Running {
        return Status::Running;
    }
    let b = branch(condition, 1);
    let other = if b == 1 { 2 } else { 1 };
    if other < S::LEN {
        s.halt(other, ps, agent, ctx, tr);
    }
    if b >= S::LEN {
        return Status::Failure;
    }
    run_slot(b, s, ps, agent, ctx, tr)
}

/// A tick of a `switch` (C10) whose value matched case `case` this
/// tick (`LEN` or more: none matched). A previous case still running is
/// halted before the matching one is ticked; no matching case fails the
/// node.
#[inline(always)]
pub fn switch_tick<S: Slots<P, A, W>, P, A, W, Tr: Trace>(
    case: usize,
    s: &mut S,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Status {
    for i in 0..S::LEN {
        if i != case {
            s.halt(i, ps, agent, ctx, tr);
        }
    }
    if case >= S::LEN {
        return Status::Failure;
    }
    run_slot(case, s, ps, agent, ctx, tr)
}
