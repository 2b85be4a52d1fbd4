//! The status composites (C1–C4, G4): `sequence`, `fallback`, and their
//! reactive forms, which re-run their earlier children's guards each tick.
use crate::base::status::Status;
use crate::ctx::Ctx;
use crate::engine::group::{each, try_enter, Group, Visit};
use crate::engine::leaf::Walk;
use crate::engine::protocol::Entered;
use crate::trace_hook::Trace;
use core::ops::ControlFlow;

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
/// most ticks ([`Subtree::settled`](crate::engine::definition::Subtree::settled), a
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
