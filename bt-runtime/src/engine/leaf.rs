//! Leaves: a behavior's activation, ticks and deactivation and the tracing
//! around them (L1, L2, D7), a condition leaf (L6), how a leaf's memory is
//! built (L3), and the runtime node types of behaviors and conditions
//! ([`Beh`], [`Cond`], [`Programmed`]).
use crate::base::shape::NodeInfo;
use crate::base::status::{Exit, Status};
use crate::base::wake::Wake;
use crate::ctx::Ctx;
use crate::engine::protocol::{Entered, Run, Shaped, Start};
use crate::hooks::behavior::Behavior;
use crate::trace_hook::{Trace, TraceEvent};
use crate::visit::{Visitor, VisitorMut};
use core::fmt::Debug;
use core::marker::PhantomData;

/// The [`Run`] marker of behavior leaf `ID` of its tree, whose memory is
/// `B` (L1–L4): run by `drive::tick` and `halt`. The generated code names
/// `B` as `<Type as Leaf<Agent, World>>::Memory`, so that a type that is
/// no behavior is reported once, at the leaf, as a missing `Leaf`.
pub struct Beh<B, const ID: u16>(PhantomData<fn() -> B>);

impl<P: Shaped, A, W, B: Behavior<A, W> + 'static, const ID: u16> Run<P, A, W> for Beh<B, ID> {
    type Active = B;
    #[inline(always)]
    fn tick<Tr: Trace>(
        active: &mut B,
        _: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Status {
        tick(active, &P::shape()[usize::from(ID)], agent, ctx, tr)
    }
    #[inline(always)]
    fn halt<Tr: Trace>(active: &mut B, _: &mut P, agent: &mut A, ctx: &mut Ctx<W>, tr: &mut Tr) {
        halt(active, &P::shape()[usize::from(ID)], agent, ctx, tr);
    }
    fn visit<V: Visitor<A, W>>(active: &B, debug: Option<&dyn Debug>, v: &mut V) {
        let node = &P::shape()[usize::from(ID)];
        v.behavior(node, active);
        if let Some(memory) = debug {
            v.memory(node, memory);
        }
    }
    fn visit_mut<V: VisitorMut<A, W>>(active: &mut B, v: &mut V, agent: &mut A, ctx: &mut Ctx<W>) {
        v.behavior(&P::shape()[usize::from(ID)], active, agent, ctx);
    }
    /// The behavior's own word, unless the path above it polls (Z1).
    #[inline(always)]
    fn wake(active: &B) -> Wake {
        if P::shape()[usize::from(ID)].polls {
            Wake::POLL
        } else {
            active.wake()
        }
    }
}

/// A built-in leaf whose parameters are the program's (O6): `wait(d)`'s
/// seconds, `wait_until`'s test, `wait_for`'s pattern. The `tree!` macro implements it on a
/// marker type per such leaf of a tree that derives `Deserialize`, whose
/// [`Run`] marker is then [`Programmed`].
pub trait LeafProgram {
    /// The leaf's memory.
    type Memory;
    /// The leaf's memory as the tree builds it on entry.
    fn program() -> Self::Memory;
}

/// The [`Run`] marker of built-in leaf `ID` of a tree that derives
/// `Deserialize`: [`Beh`], whose memory takes the program's parameters
/// ([`Program`](crate::nodes::decorators::Program)) before each tick, so that a
/// loaded state never waits with a save's.
pub struct Programmed<L, const ID: u16>(PhantomData<fn() -> L>);

impl<P, A, W, L, const ID: u16> Run<P, A, W> for Programmed<L, ID>
where
    P: Shaped,
    L: LeafProgram,
    L::Memory: Behavior<A, W> + crate::nodes::decorators::Program + 'static,
{
    type Active = L::Memory;
    #[inline(always)]
    fn tick<Tr: Trace>(
        active: &mut L::Memory,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Status {
        crate::nodes::decorators::Program::program(active, L::program(), ctx.now());
        <Beh<L::Memory, ID> as Run<P, A, W>>::tick(active, ps, agent, ctx, tr)
    }
    #[inline(always)]
    fn halt<Tr: Trace>(
        active: &mut L::Memory,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) {
        <Beh<L::Memory, ID> as Run<P, A, W>>::halt(active, ps, agent, ctx, tr);
    }
    fn visit<V: Visitor<A, W>>(active: &L::Memory, debug: Option<&dyn Debug>, v: &mut V) {
        <Beh<L::Memory, ID> as Run<P, A, W>>::visit(active, debug, v);
    }
    fn visit_mut<V: VisitorMut<A, W>>(
        active: &mut L::Memory,
        v: &mut V,
        agent: &mut A,
        ctx: &mut Ctx<W>,
    ) {
        // The walk that hands events to a loaded `wait_for` (V4): its
        // pattern first.
        crate::nodes::decorators::Program::program(active, L::program(), ctx.now());
        <Beh<L::Memory, ID> as Run<P, A, W>>::visit_mut(active, v, agent, ctx);
    }
    #[inline(always)]
    fn wake(active: &L::Memory) -> Wake {
        <Beh<L::Memory, ID> as Run<P, A, W>>::wake(active)
    }
}

impl<P, A, W, L, const ID: u16> Start<P, A, W> for Programmed<L, ID>
where
    P: Shaped,
    L: LeafProgram,
    L::Memory: Behavior<A, W> + crate::nodes::decorators::Program + 'static,
{
    type Init = L::Memory;
    #[inline(always)]
    fn enter<Tr: Trace>(
        init: L::Memory,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Entered<L::Memory> {
        <Beh<L::Memory, ID> as Start<P, A, W>>::enter(init, ps, agent, ctx, tr)
    }
}

/// A condition leaf (L6): the user's function, evaluated and traced
/// (`drive::condition`). Implemented by the generated marker type of each
/// `condition(F)` node; its [`Run`] marker is [`Cond`].
pub trait Check<A, W> {
    /// Evaluates the condition, read-only (G1's deciding code).
    fn check<Tr: Trace>(agent: &A, ctx: &Ctx<W>, tr: &mut Tr) -> Status;
}

/// The [`Run`] marker of condition leaf `ID` of its tree, `C` its
/// [`Check`]: no active state (`()`), evaluated again on each tick,
/// nothing to halt.
pub struct Cond<C, const ID: u16>(PhantomData<fn() -> C>);

impl<P: Shaped, A, W, C: Check<A, W>, const ID: u16> Run<P, A, W> for Cond<C, ID> {
    type Active = ();
    #[inline(always)]
    fn tick<Tr: Trace>(
        _: &mut (),
        _: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Status {
        C::check(agent, ctx, tr)
    }
    #[inline(always)]
    fn halt<Tr: Trace>(_: &mut (), _: &mut P, _: &mut A, _: &mut Ctx<W>, _: &mut Tr) {}
    fn visit<V: Visitor<A, W>>(_: &(), _: Option<&dyn Debug>, v: &mut V) {
        v.node(&P::shape()[usize::from(ID)]);
    }
    fn visit_mut<V: VisitorMut<A, W>>(_: &mut (), v: &mut V, agent: &mut A, ctx: &mut Ctx<W>) {
        v.node(&P::shape()[usize::from(ID)], agent, ctx);
    }
}

impl<P: Shaped, A, W, B: Behavior<A, W> + 'static, const ID: u16> Start<P, A, W> for Beh<B, ID> {
    type Init = B;
    #[inline(always)]
    fn enter<Tr: Trace>(
        init: B,
        _: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Entered<B> {
        enter(init, &P::shape()[usize::from(ID)], agent, ctx, tr)
    }
}

impl<P: Shaped, A, W, C: Check<A, W>, const ID: u16> Start<P, A, W> for Cond<C, ID> {
    type Init = ();
    #[inline(always)]
    fn enter<Tr: Trace>(
        _: (),
        _: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Entered<()> {
        match C::check(agent, ctx, tr) {
            Status::Running => Entered::Running(()),
            s => Entered::Done(s),
        }
    }
}

/// A guard's verdict `(score, DBlock)` turned into a decided child by `f`
/// (the variant of the composite's decided-child enum).
#[inline(always)]
pub fn decided<B, D>(verdict: Option<(f32, B)>, f: impl FnOnce(B) -> D) -> Option<(f32, D)> {
    verdict.map(|(score, block)| (score, f(block)))
}

/// The result of walking or choosing among a composite's children.
#[derive(Debug)]
pub enum Walk<C> {
    /// A child is now running; here is the composite's new active child.
    Run(C),
    /// The walk stopped with this status and nothing is running.
    Stop(Status),
    /// The walk went past the last child (or, for a decider group, no child
    /// accepted at all) and nothing is running.
    End,
}

/// Activates a behavior leaf and ticks it once (L1, L2).
///
/// A failed `activate` counts as `Failure`, gets no `deactivate`, and its
/// memory is dropped. A first tick that completes deactivates at once.
#[inline(always)]
pub fn enter<A, W, B: Behavior<A, W>, Tr: Trace>(
    mut memory: B,
    node: &'static NodeInfo,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Entered<B> {
    if memory.activate(agent, ctx) == Status::Failure {
        tr.event(TraceEvent::ActivateFailed { node });
        return Entered::Done(Status::Failure);
    }
    tr.event(TraceEvent::Activated { node });
    match tick(&mut memory, node, agent, ctx, tr) {
        Status::Running => Entered::Running(memory),
        done => Entered::Done(done),
    }
}

/// Ticks an active behavior leaf; deactivates it if it completed.
#[inline(always)]
pub fn tick<A, W, B: Behavior<A, W>, Tr: Trace>(
    memory: &mut B,
    node: &'static NodeInfo,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Status {
    let status = memory.tick(agent, ctx);
    tr.event(TraceEvent::Ticked { node, status });
    if status.is_done() {
        memory.deactivate(agent, ctx, Exit::Completed(status));
        tr.event(TraceEvent::Deactivated {
            node,
            exit: Exit::Completed(status),
        });
    }
    status
}

/// Deactivates an active behavior leaf that is removed while running
/// ([`Exit::Halted`]).
#[inline(always)]
pub fn halt<A, W, B: Behavior<A, W>, Tr: Trace>(
    memory: &mut B,
    node: &'static NodeInfo,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) {
    memory.deactivate(agent, ctx, Exit::Halted);
    tr.event(TraceEvent::Deactivated {
        node,
        exit: Exit::Halted,
    });
}

/// Activates and ticks a group behavior (D7). `None` means the group
/// fails: its `activate` failed (no deactivation), or its first `tick`
/// returned `Failure` (deactivated here, as no child is active yet). The
/// composite traces its own activation.
#[inline(always)]
pub fn enter_group<A, W, B: Behavior<A, W>, Tr: Trace>(
    mut memory: B,
    node: &'static NodeInfo,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Option<B> {
    if memory.activate(agent, ctx) == Status::Failure {
        tr.event(TraceEvent::ActivateFailed { node });
        return None;
    }
    if tick_group(&mut memory, node, agent, ctx, tr) {
        Some(memory)
    } else {
        memory.deactivate(agent, ctx, Exit::Completed(Status::Failure));
        None
    }
}

/// Deactivates a group behavior. The composite traces its own
/// deactivation, once, whether or not it has a group behavior.
#[inline(always)]
pub fn halt_group<A, W, B: Behavior<A, W>>(
    memory: &mut B,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    exit: Exit,
) {
    memory.deactivate(agent, ctx, exit);
}

/// Traces a composite entering the active path.
#[inline(always)]
pub fn activated<Tr: Trace>(node: &'static NodeInfo, tr: &mut Tr) {
    tr.event(TraceEvent::Activated { node });
}

/// Traces a composite leaving the active path, completed with a status or
/// halted.
#[inline(always)]
pub fn deactivated<Tr: Trace>(node: &'static NodeInfo, exit: Exit, tr: &mut Tr) {
    tr.event(TraceEvent::Deactivated { node, exit });
}

/// Ticks a group behavior; `false` means it failed the group (D7).
/// The caller halts the children, then the group behavior itself.
#[inline(always)]
pub fn tick_group<A, W, B: Behavior<A, W>, Tr: Trace>(
    memory: &mut B,
    node: &'static NodeInfo,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> bool {
    let status = memory.tick(agent, ctx);
    tr.event(TraceEvent::Ticked { node, status });
    status != Status::Failure
}

/// A behavior written in the tree without a constructor: built with
/// `Default` on every activation. Only here for its error message.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no constructor in the tree and does not implement `Default`",
    label = "written without a constructor, so built with `Default::default()` on every activation",
    note = "derive or implement `Default` for `{Self}`, write a constructor in the tree (`Type {{ field: value }}`, `Type(value)`, `Type::new(…)`), or build it from the DBlock of its guard (`when(dblock = function) => Type`, with `From<DBlock>`)"
)]
pub trait BuiltByDefault: Default {}

#[diagnostic::do_not_recommend]
impl<B: Default> BuiltByDefault for B {}

/// A behavior built from the DBlock of the guard that activates it. Only
/// here for its error message.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be built from the DBlock `{D}` of its guard: it does not implement `From<{D}>`",
    label = "built from the DBlock `{D}` on every activation",
    note = "a `dblock =` function returns `Option<(f32, DBlock)>`, and the behavior it activates is built from the DBlock with `From`: implement `From<{D}> for {Self}`, or return a DBlock `{Self}` implements `From` for"
)]
pub trait BuiltFromDBlock<D>: From<D> {}

#[diagnostic::do_not_recommend]
impl<B: From<D>, D> BuiltFromDBlock<D> for B {}

/// Builds a behavior's memory from the `Default` of its type (L3).
#[inline(always)]
pub fn memory<B: BuiltByDefault>() -> B {
    B::default()
}

/// Builds a behavior's memory from a DBlock (G2, L3).
#[inline(always)]
pub fn memory_from<B: BuiltFromDBlock<D>, D>(block: D) -> B {
    B::from(block)
}

/// Traces what a condition leaf returned (L6); generated code calls the
/// condition through [`ConditionFn::check`](crate::ConditionFn).
#[inline(always)]
pub fn condition<Tr: Trace>(status: Status, node: &'static NodeInfo, tr: &mut Tr) -> Status {
    tr.event(TraceEvent::Ticked { node, status });
    status
}
