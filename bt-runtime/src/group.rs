//! Composite policies (SPEC D1–D3, C1–C4, G3–G5, D9), written once over the
//! [`Group`] protocol that every composite node implements.
//!
//! A composite's children are seen through five operations: decide child
//! `i` without entering it (its guard, keeping the DBlock), enter a decided
//! child, and tick, halt or identify the running one. The policies below
//! (which child to try, when to interrupt, when to go on) are ordinary
//! generic functions over them; the `tree!` macro only implements the
//! protocol for each composite, as a tree built at run time would.
//!
//! The functions return the composite's status *before* its own exit
//! bookkeeping (group behavior, trace): a `Walk` or a `Status` plus whether
//! it completed, which the caller turns into its exit.

use crate::ctx::Ctx;
use crate::drive::{subset_violation, Entered, Walk};
use crate::shape::NodeInfo;
use crate::status::Status;
use crate::trace::Trace;

/// The children of one composite node, as its policy sees them.
///
/// `P` is the tree's persistent state (timers), `A` the agent, `W` the world.
pub trait Group<P, A, W> {
    /// The running child: which one, and its active state.
    type Active;
    /// A child that was decided (its guard accepted) and not entered yet:
    /// which one, with its DBlock.
    type Decided;
    /// How many children.
    const LEN: usize;

    /// Decides child `i` (`i < LEN`): runs its guard (SPEC G1, G2) and
    /// returns the decide's score and the child to enter, or `None` if it
    /// rejected. An unguarded child accepts with score 1, untraced.
    fn decide<Tr: Trace>(
        i: usize,
        ps: &mut P,
        agent: &A,
        ctx: &Ctx<W>,
        tr: &mut Tr,
    ) -> Option<(f32, Self::Decided)>;

    /// Enters a decided child: activates it and ticks it once.
    fn enter<Tr: Trace>(
        d: Self::Decided,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Entered<Self::Active>;

    /// Which child runs.
    fn index(active: &Self::Active) -> usize;

    /// Ticks the running child, first re-evaluating its guard where the
    /// policy says so (SPEC G3; every guard for `selector` and
    /// `reactive_sequence`): a rejection halts it and counts as `Failure`.
    fn tick<Tr: Trace>(
        active: &mut Self::Active,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Status;

    /// Halts the running child's subtree, deepest first (SPEC C7).
    fn halt<Tr: Trace>(
        active: &mut Self::Active,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    );

    /// SPEC G5: when the running child exits, whether the group's own guard
    /// still accepts (`redecide`). Default: it is not re-checked.
    #[inline(always)]
    fn redecide<Tr: Trace>(ps: &mut P, agent: &A, ctx: &Ctx<W>, tr: &mut Tr) -> bool {
        let _ = (ps, agent, ctx, tr);
        true
    }
}

/// What a tick of a composite's children came to.
#[derive(Debug)]
pub enum Step<C> {
    /// Still running; a new child runs if `Some` (the old one was halted or
    /// completed), else the same child.
    Running(Option<C>),
    /// The composite completed with this status; no child runs.
    Done(Status),
}

/// Enters the first child that accepts and runs; `None` decides nothing.
#[inline(always)]
fn try_enter<G: Group<P, A, W>, P, A, W, Tr: Trace>(
    i: usize,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Option<Entered<G::Active>> {
    let (_, d) = G::decide(i, ps, agent, ctx, tr)?;
    Some(G::enter(d, ps, agent, ctx, tr))
}

// ---------------------------------------------------------------- deciders

/// `priority` (SPEC D1, D2): decide the children in order, skipping those in
/// `mask`; enter the first that accepts. One that exits at once is masked
/// and the decision starts over from the first child; `last` is the status
/// of the last child that exited.
#[inline(always)]
pub fn priority_choose<G: Group<P, A, W>, P, A, W, Tr: Trace>(
    mut mask: u64,
    mut last: Option<Status>,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Walk<G::Active> {
    let mut i = 0;
    while i < G::LEN {
        if mask & (1u64 << i) == 0 {
            match try_enter::<G, P, A, W, Tr>(i, ps, agent, ctx, tr) {
                Some(Entered::Running(a)) => return Walk::Run(a),
                Some(Entered::Done(s)) => {
                    mask |= 1u64 << i;
                    last = Some(s);
                    i = 0;
                    continue;
                }
                None => {}
            }
        }
        i += 1;
    }
    match last {
        Some(s) => Walk::Stop(s),
        None => Walk::End,
    }
}

/// `sequential` (SPEC D3): decide the children from `from` on; enter the
/// first that accepts; one that exits at once hands over to the next.
#[inline(always)]
pub fn sequential_choose<G: Group<P, A, W>, P, A, W, Tr: Trace>(
    from: usize,
    mut last: Option<Status>,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Walk<G::Active> {
    for i in from..G::LEN {
        match try_enter::<G, P, A, W, Tr>(i, ps, agent, ctx, tr) {
            Some(Entered::Running(a)) => return Walk::Run(a),
            Some(Entered::Done(s)) => last = Some(s),
            None => {}
        }
    }
    match last {
        Some(s) => Walk::Stop(s),
        None => Walk::End,
    }
}

/// Entering a decider group: its first decision. No child accepting breaks
/// the subset rule (SPEC D9): reported, and the group fails.
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
    match walk {
        Walk::Run(a) => Entered::Running(a),
        Walk::Stop(s) => Entered::Done(s),
        Walk::End => {
            subset_violation(node, ctx, tr);
            Entered::Done(Status::Failure)
        }
    }
}

/// The running child of a decider group exited with `last`: SPEC G5, then
/// the masked redecide (D2) — from `from` for `sequential`, skipping `mask`
/// for `priority`.
#[inline(always)]
fn redecide<G: Group<P, A, W>, P, A, W, Tr: Trace>(
    sequential: bool,
    from: usize,
    mask: u64,
    last: Status,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Step<G::Active> {
    if !G::redecide(ps, agent, ctx, tr) {
        return Step::Done(Status::Failure);
    }
    let walk = if sequential {
        sequential_choose::<G, P, A, W, Tr>(from, Some(last), ps, agent, ctx, tr)
    } else {
        priority_choose::<G, P, A, W, Tr>(mask, Some(last), ps, agent, ctx, tr)
    };
    match walk {
        Walk::Run(a) => Step::Running(Some(a)),
        Walk::Stop(s) => Step::Done(s),
        Walk::End => Step::Done(last),
    }
}

/// A tick of a `priority` group (SPEC D1, G3, D2): the children before the
/// running one are decided first, and the first that accepts interrupts
/// it (the running child is halted, then the new one entered).
#[inline(always)]
pub fn priority_tick<G: Group<P, A, W>, P, A, W, Tr: Trace>(
    active: &mut G::Active,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Step<G::Active> {
    let j = G::index(active);
    let mut exited = None;
    for i in 0..j {
        if let Some((_, d)) = G::decide(i, ps, agent, ctx, tr) {
            G::halt(active, ps, agent, ctx, tr);
            match G::enter(d, ps, agent, ctx, tr) {
                Entered::Running(a) => return Step::Running(Some(a)),
                Entered::Done(s) => {
                    exited = Some((1u64 << i, s));
                    break;
                }
            }
        }
    }
    let (mask, s) = match exited {
        Some(e) => e,
        None => match G::tick(active, ps, agent, ctx, tr) {
            Status::Running => return Step::Running(None),
            s => (1u64 << j, s),
        },
    };
    redecide::<G, P, A, W, Tr>(false, 0, mask, s, ps, agent, ctx, tr)
}

/// A tick of a `sequential` group (SPEC D3, G3): tick the running child;
/// when it exits, the next later child that accepts.
#[inline(always)]
pub fn sequential_tick<G: Group<P, A, W>, P, A, W, Tr: Trace>(
    active: &mut G::Active,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Step<G::Active> {
    let j = G::index(active);
    match G::tick(active, ps, agent, ctx, tr) {
        Status::Running => Step::Running(None),
        s => redecide::<G, P, A, W, Tr>(true, j + 1, 0, s, ps, agent, ctx, tr),
    }
}

// ------------------------------------------------------- status composites

/// Walks children `from..` in order, entering each (SPEC C1–C4, G4): a
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
    for i in from..G::LEN {
        let s = match try_enter::<G, P, A, W, Tr>(i, ps, agent, ctx, tr) {
            Some(Entered::Running(a)) => return Walk::Run(a),
            Some(Entered::Done(s)) => s,
            None => Status::Failure,
        };
        if s != cont {
            return Walk::Stop(s);
        }
    }
    Walk::End
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

/// A tick of a `sequence` or `fallback` (SPEC C1, C3): resume the running
/// child; if it reports `cont`, go on with the next ones.
#[inline(always)]
pub fn resume_tick<G: Group<P, A, W>, P, A, W, Tr: Trace>(
    cont: Status,
    active: &mut G::Active,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Step<G::Active> {
    let j = G::index(active);
    let s = G::tick(active, ps, agent, ctx, tr);
    if s == Status::Running {
        return Step::Running(None);
    }
    if s != cont {
        return Step::Done(s);
    }
    match walk::<G, P, A, W, Tr>(j + 1, cont, ps, agent, ctx, tr) {
        Walk::Run(a) => Step::Running(Some(a)),
        Walk::Stop(s) => Step::Done(s),
        Walk::End => Step::Done(cont),
    }
}

/// A tick of a `reactive_sequence` or `selector` (SPEC C2, C4): one pass
/// over the children from the first. The running child `j` is ticked (its
/// guard re-evaluated); the others are entered. A child before `j` that
/// runs or stops the pass halts `j` (after its own tick).
#[inline(always)]
pub fn reactive_tick<G: Group<P, A, W>, P, A, W, Tr: Trace>(
    cont: Status,
    active: &mut G::Active,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Step<G::Active> {
    let run = G::index(active);
    for i in 0..G::LEN {
        let s = if i == run {
            match G::tick(active, ps, agent, ctx, tr) {
                Status::Running => return Step::Running(None),
                s => s,
            }
        } else {
            match try_enter::<G, P, A, W, Tr>(i, ps, agent, ctx, tr) {
                Some(Entered::Running(a)) => {
                    if i < run {
                        G::halt(active, ps, agent, ctx, tr);
                    }
                    return Step::Running(Some(a));
                }
                Some(Entered::Done(s)) => s,
                None => Status::Failure,
            }
        };
        if s != cont {
            if i < run {
                G::halt(active, ps, agent, ctx, tr);
            }
            return Step::Done(s);
        }
    }
    Step::Done(cont)
}
