//! The decider policies, `priority` and `sequential` (D1–D3): which child to
//! try, when a higher-priority child interrupts the running one, and the
//! masked redecide.
use crate::base::shape::NodeInfo;
use crate::base::status::Status;
use crate::ctx::Ctx;
use crate::engine::group::chooser::entered;
use crate::engine::group::chooser::settle;
use crate::engine::group::{each, try_enter, Group, Visit};
use crate::engine::leaf::Walk;
use crate::engine::protocol::Entered;
use crate::engine::protocol::Entering;
use crate::trace_hook::Trace;
use core::ops::ControlFlow;

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
