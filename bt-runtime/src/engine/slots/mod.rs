//! The children of a node that can hold several at once, seen as slots
//! (C5–C10): [`Slot`], the [`Slots`] protocol and how a generated node
//! implements it ([`SlotDispatch`]), and [`Par`], the runtime node type of a
//! slotted node. The policies over them are [`parallel`] and [`control`].
use crate::base::shape::NodeKind;
use crate::base::status::{Exit, Status};
use crate::base::wake::Wake;
use crate::ctx::Ctx;
use crate::engine::group::dispatch::tick_rechecked;
use crate::engine::leaf::{activated, deactivated};
use crate::engine::protocol::Entered;
use crate::engine::protocol::{Entering, Run, Shaped, Start};
use crate::engine::slots::parallel::{branch, parallel_halt};
use crate::trace_hook::Trace;
use crate::visit::{Visitor, VisitorMut};
use core::fmt::Debug;
use core::marker::PhantomData;
use core::ops::ControlFlow;

pub mod control;
pub mod parallel;

use crate::engine::group::in_order;

/// A parallel or control node's slots with its policy (C5, C6, C8–C10):
/// what the generated code writes for such a node, whose [`Run`] marker is
/// [`Par`].
pub trait Stepped<P, A, W>: Slots<P, A, W> + Sized {
    /// Every slot idle: the node's state on entry.
    fn idle() -> Self;

    /// One tick of the node's policy over its slots
    /// (`group::parallel_tick`, `if_then_else_tick`, …): its status, before
    /// its deactivation is traced.
    fn policy<Tr: Trace>(
        &mut self,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Status;
}

/// The [`Run`] marker of parallel or control node `ID` of its tree, whose
/// slots are `S` ([`Stepped`]): entered with every slot idle and its
/// policy run once, run on each tick, its deactivation traced on completion and
/// on halt (every running child halted first, C7).
pub struct Par<S, const ID: u16>(PhantomData<fn() -> S>);

impl<P: Shaped, A, W, S: Stepped<P, A, W>, const ID: u16> Run<P, A, W> for Par<S, ID> {
    type Active = S;
    #[inline(always)]
    fn tick<Tr: Trace>(
        active: &mut S,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Status {
        let s = active.policy(ps, agent, ctx, tr);
        if s.is_done() {
            deactivated(&P::shape()[usize::from(ID)], Exit::Completed(s), tr);
        }
        s
    }
    #[inline]
    fn halt<Tr: Trace>(active: &mut S, ps: &mut P, agent: &mut A, ctx: &mut Ctx<W>, tr: &mut Tr) {
        parallel_halt(active, ps, agent, ctx, tr);
        deactivated(&P::shape()[usize::from(ID)], Exit::Halted, tr);
    }
    fn visit<V: Visitor<A, W>>(active: &S, _: Option<&dyn Debug>, v: &mut V) {
        v.node(&P::shape()[usize::from(ID)]);
        active.visit(v);
    }
    fn visit_mut<V: VisitorMut<A, W>>(active: &mut S, v: &mut V, agent: &mut A, ctx: &mut Ctx<W>) {
        v.node(&P::shape()[usize::from(ID)], agent, ctx);
        active.visit_mut(v, agent, ctx);
    }
    /// A `parallel`: the earliest of its running children (a completed
    /// one waits for nothing, one not entered yet polls). An
    /// `if_then_else`: its condition while it runs, then its branch. The
    /// others (`concurrent`, `while_do_else`, `switch`) tick a child again
    /// every tick: they poll.
    #[inline]
    fn wake(active: &S) -> Wake {
        match P::shape()[usize::from(ID)].kind {
            NodeKind::Parallel => (0..S::LEN).fold(Wake::NEVER, |w, i| w.min(active.wake(i))),
            NodeKind::IfThenElse => match active.done(0) {
                None => active.wake(0),
                Some(condition) => match branch(condition, 1) {
                    b if b < S::LEN && active.running(b) => active.wake(b),
                    _ => Wake::POLL,
                },
            },
            _ => Wake::POLL,
        }
    }
}

impl<P: Shaped, A, W, S: Stepped<P, A, W>, const ID: u16> Start<P, A, W> for Par<S, ID> {
    type Init = ();
    #[inline]
    fn enter<Tr: Trace>(
        _: (),
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Entered<S> {
        let node = &P::shape()[usize::from(ID)];
        activated(node, tr);
        let mut me = S::idle();
        match me.policy(ps, agent, ctx, tr) {
            Status::Running => Entered::Running(me),
            s => {
                deactivated(node, Exit::Completed(s), tr);
                Entered::Done(s)
            }
        }
    }
}

/// One child of a `parallel` or `concurrent` (C5, C6).
///
/// Derives what a user may derive on a tree (`tree!` forwards a tree's
/// `derive` attributes to every type of its state).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Slot<S> {
    /// Not entered yet this activation (or, for `concurrent`, to re-enter).
    Idle,
    /// Running, with its active state.
    Running(S),
    /// Completed with this status.
    Done(Status),
}

impl<S> Slot<S> {
    /// The status of the slot, `Running` for idle ones.
    #[inline(always)]
    pub fn done(&self) -> Option<Status> {
        match self {
            Slot::Done(s) => Some(*s),
            _ => None,
        }
    }

    /// The running child's active state, if it runs.
    #[inline(always)]
    pub fn running(&self) -> Option<&S> {
        match self {
            Slot::Running(a) => Some(a),
            _ => None,
        }
    }

    /// Keeps what entering the slot's child gave: its active state if it
    /// runs, its status if it completed on entry.
    #[inline(always)]
    pub fn entered(&mut self, entered: Entered<S>) {
        *self = match entered {
            Entered::Running(a) => Slot::Running(a),
            Entered::Done(s) => Slot::Done(s),
        };
    }

    /// One step of the slot's child (C5, C6): entered by `enter` (its guard
    /// included) when the slot is idle, ticked by `tick` when it runs; a
    /// completion is kept in the slot. A completed slot is left as it is.
    #[inline(always)]
    pub fn step<P, A, W, Tr>(
        &mut self,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
        enter: impl FnOnce(&mut P, &mut A, &mut Ctx<W>, &mut Tr) -> Entered<S>,
        tick: impl FnOnce(&mut S, &mut P, &mut A, &mut Ctx<W>, &mut Tr) -> Status,
    ) {
        match self {
            Slot::Idle => {
                *self = match enter(ps, agent, ctx, tr) {
                    Entered::Running(a) => Slot::Running(a),
                    Entered::Done(s) => Slot::Done(s),
                }
            }
            Slot::Running(a) => {
                let s = tick(a, ps, agent, ctx, tr);
                if s.is_done() {
                    *self = Slot::Done(s);
                }
            }
            Slot::Done(_) => {}
        }
    }

    /// Halts the slot's child by `halt` if it runs, and leaves the slot
    /// idle.
    #[inline(always)]
    pub fn halt(&mut self, halt: impl FnOnce(&mut S)) {
        if let Slot::Running(a) = self {
            halt(a);
        }
        *self = Slot::Idle;
    }

    /// Makes a completed slot idle again, so that its child is entered on
    /// the next step; a running or idle slot is left as it is.
    #[inline(always)]
    pub fn restart(&mut self) {
        if let Slot::Done(_) = self {
            *self = Slot::Idle;
        }
    }
}

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

    /// When slot `i` next needs a step (Z2): its running child's wake;
    /// [`Wake::NEVER`] when it completed, [`Wake::POLL`] when idle.
    fn wake(&self, i: usize) -> Wake;

    /// Whether slot `i` runs.
    fn running(&self, i: usize) -> bool;

    /// Hands each running child's active path to the mutable visitor, in
    /// order, with the agent and the context (I1).
    fn visit_mut<V: VisitorMut<A, W>>(&mut self, v: &mut V, agent: &mut A, ctx: &mut Ctx<W>);

    /// Calls `v.child(self, i, …)` for every child in order until one
    /// breaks: one call per child with a literal index up to [`WIDE`](crate::engine::group::WIDE)
    /// children, as [`each_in_order`](crate::engine::group::each_in_order) does for composites; a loop beyond.
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

/// A slot's wake ([`Slots::wake`]).
struct WakeSlot;

impl<P, A, W> SlotRef<P, A, W> for WakeSlot {
    type Out = Wake;
    #[inline(always)]
    fn run<K: Run<P, A, W>>(
        self,
        _: usize,
        slot: &Slot<K::Active>,
        _: Option<&dyn core::fmt::Debug>,
    ) -> Wake {
        match slot {
            Slot::Running(a) => K::wake(a),
            Slot::Done(_) => Wake::NEVER,
            Slot::Idle => Wake::POLL,
        }
    }
}

/// Whether a slot runs ([`Slots::running`]).
struct RunningSlot;

impl<P, A, W> SlotRef<P, A, W> for RunningSlot {
    type Out = bool;
    #[inline(always)]
    fn run<K: Run<P, A, W>>(
        self,
        _: usize,
        slot: &Slot<K::Active>,
        _: Option<&dyn core::fmt::Debug>,
    ) -> bool {
        slot.running().is_some()
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
    fn wake(&self, i: usize) -> Wake {
        self.with_ref(i, WakeSlot)
    }
    #[inline]
    fn running(&self, i: usize) -> bool {
        self.with_ref(i, RunningSlot)
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
