//! The choosing policies, `random`, `shuffle` and `scored` (D4–D6, D8,
//! D9): a choice among the accepting children, a delegate guard, and the
//! rescoring of a `scored` group with hysteresis.
use crate::base::rng::{replaces, Rng};
use crate::base::shape::NodeInfo;
use crate::base::status::Status;
use crate::base::timer::Timer;
use crate::ctx::Ctx;
use crate::engine::group::markers::{Priority, Random, Scored, Sequential, Shuffle};
use crate::engine::group::{each, Group, Visit};
use crate::engine::guard::{reject, subset_violation};
use crate::engine::leaf::Walk;
use crate::engine::protocol::Entered;
use crate::engine::protocol::Entering;
use crate::trace_hook::{Reject, Trace, TraceEvent};
use core::marker::PhantomData;
use core::ops::ControlFlow;

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
pub(crate) fn settle<C>(walk: Walk<C>, last: Status, active: &mut C) -> Status {
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
/// ([`decider_enter`](crate::engine::group::decider::decider_enter), [`priority_tick`](crate::engine::group::decider::priority_tick), [`sequential_tick`](crate::engine::group::decider::sequential_tick)), which enter
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
