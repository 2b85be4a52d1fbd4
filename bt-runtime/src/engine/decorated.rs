//! The decorator driver (R1–R11): how every decorator node enters, ticks and
//! halts its child through its [`Decorator`](crate::Decorator), written once
//! ([`deco_enter`], [`deco_tick`], [`deco_halt`]), and [`Decorated`], its
//! runtime node type.
use crate::base::shape::NodeInfo;
use crate::base::status::{Exit, Status};
use crate::base::wake::Wake;
use crate::ctx::Ctx;
use crate::engine::protocol::Entered;
use crate::engine::protocol::{Run, Shaped, Start};
use crate::hooks::decorator::{Before, Decorator};
use crate::trace_hook::{Trace, TraceEvent};
use crate::visit::{Visitor, VisitorMut};
use core::fmt::Debug;
use core::marker::PhantomData;

/// The [`Run`] marker of decorator node `ID` of its tree, `N` its
/// [`DecoratorNode`](crate::engine::decorated::DecoratorNode) (R1–R11): run by `drive::deco_tick` and `deco_halt`,
/// walked by `N`.
pub struct Decorated<N, const ID: u16>(PhantomData<fn() -> N>);

impl<P: Shaped, A, W, N: DecoChild<P, A, W>, const ID: u16> Run<P, A, W> for Decorated<N, ID> {
    type Active = DecoState<N::Deco, N::Child>;
    #[inline(always)]
    fn tick<Tr: Trace>(
        active: &mut Self::Active,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Status {
        deco_tick::<N, P, A, W, Tr>(active, &P::shape()[usize::from(ID)], ps, agent, ctx, tr)
    }
    #[inline(always)]
    fn halt<Tr: Trace>(
        active: &mut Self::Active,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) {
        deco_halt::<N, P, A, W, Tr>(active, &P::shape()[usize::from(ID)], ps, agent, ctx, tr);
    }
    fn visit<V: Visitor<A, W>>(active: &Self::Active, _: Option<&dyn Debug>, v: &mut V) {
        N::visit(active, &P::shape()[usize::from(ID)], v);
    }
    fn visit_mut<V: VisitorMut<A, W>>(
        active: &mut Self::Active,
        v: &mut V,
        agent: &mut A,
        ctx: &mut Ctx<W>,
    ) {
        N::visit_mut(active, &P::shape()[usize::from(ID)], v, agent, ctx);
    }
    /// The decorator's word with its child's, unless the path above it
    /// polls (Z1).
    #[inline(always)]
    fn wake(active: &Self::Active) -> Wake {
        if P::shape()[usize::from(ID)].polls {
            Wake::POLL
        } else {
            N::wake(active)
        }
    }
}

impl<P: Shaped, A, W, N: DecoChild<P, A, W>, const ID: u16> Start<P, A, W> for Decorated<N, ID> {
    type Init = N::Deco;
    #[inline(always)]
    fn enter<Tr: Trace>(
        init: N::Deco,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Entered<Self::Active> {
        deco_enter::<N, P, A, W, Tr>(init, &P::shape()[usize::from(ID)], ps, agent, ctx, tr)
    }
}

/// One decorator node of a generated tree: which [`Decorator`] it is, where
/// its persistent state lives in the tree's persistent state `P`, and how to
/// enter, tick and halt its child. The `tree!` macro implements it on a
/// marker type per decorator node; [`deco_enter`], [`deco_tick`] and
/// [`deco_halt`] hold the semantics, once for every decorator.
pub trait DecoratorNode<P, A, W> {
    /// The decorator.
    type Deco: Decorator<A, W>;
    /// The child's active state.
    type Child;
    /// The decorator's persistent state inside the tree's.
    fn persist(ps: &mut P) -> &mut <Self::Deco as Decorator<A, W>>::Persist;
    /// Enters the child (its guard rejecting counts as `Failure`, G4).
    fn enter_child<Tr: Trace>(
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Entered<Self::Child>;
    /// Puts the program's parameters back into the decorator's memory
    /// before a tick of the running decorator, `now` the tree clock (O6):
    /// a loaded state runs with the tree's parameters, never the save's
    /// ([`Program`](crate::decorator::Program)). Default: nothing; `tree!`
    /// writes it for the built-in decorators of a tree that derives
    /// `Deserialize`.
    #[inline(always)]
    fn program(deco: &mut Self::Deco, now: f64) {
        let _ = (deco, now);
    }
}

/// The running child of a decorator: ticking it, halting it, and both
/// walks. A generated decorator derives them from its child's runtime node
/// type ([`DecoRun`]).
pub trait DecoChild<P, A, W>: DecoratorNode<P, A, W> {
    /// Hands the decorator's memory (node `node`), then the running
    /// child's active path, to the visitor (I1).
    fn visit<V: Visitor<A, W>>(
        state: &DecoState<Self::Deco, Self::Child>,
        node: &'static NodeInfo,
        v: &mut V,
    );
    /// Hands the decorator's memory (node `node`), then the running
    /// child's active path, to the mutable visitor, with the agent and the
    /// context (I1).
    fn visit_mut<V: VisitorMut<A, W>>(
        state: &mut DecoState<Self::Deco, Self::Child>,
        node: &'static NodeInfo,
        v: &mut V,
        agent: &mut A,
        ctx: &mut Ctx<W>,
    );
    /// Ticks the running child.
    fn tick_child<Tr: Trace>(
        child: &mut Self::Child,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Status;
    /// When the decorator and its running child next need a tick (Z2).
    fn wake(state: &DecoState<Self::Deco, Self::Child>) -> Wake;
    /// Halts the running child.
    fn halt_child<Tr: Trace>(
        child: &mut Self::Child,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    );
}

/// A decorator's memory and its running child's active state as `Debug`,
/// where their types implement it ([`DecoRun::debug`]).
pub type Probes<'a> = [Option<&'a dyn core::fmt::Debug>; 2];

/// A decorator whose child has a runtime node type
/// ([`Run`](crate::engine::protocol::Run)), through which the runtime ticks and
/// halts it ([`DecoChild`]).
pub trait DecoRun<P, A, W>: DecoratorNode<P, A, W> {
    /// The child's runtime node type.
    type ChildRun: crate::engine::protocol::Run<P, A, W, Active = Self::Child>;
    /// The decorator's memory and the running child's active state as
    /// `Debug`, where their types implement it: the generated code probes
    /// them where the types are concrete (I1's memories).
    fn debug(state: &DecoState<Self::Deco, Self::Child>) -> Probes<'_>;
    /// Re-evaluates the child's guard before its tick (G3, `recheck`):
    /// `false` halts it and counts as `Failure`. Default: not re-checked.
    #[inline(always)]
    fn recheck<Tr: Trace>(ps: &mut P, agent: &A, ctx: &Ctx<W>, tr: &mut Tr) -> bool {
        let _ = (ps, agent, ctx, tr);
        true
    }
}

impl<N: DecoRun<P, A, W>, P, A, W> DecoChild<P, A, W> for N
where
    N::Deco: 'static,
{
    fn visit<V: Visitor<A, W>>(
        state: &DecoState<Self::Deco, Self::Child>,
        node: &'static NodeInfo,
        v: &mut V,
    ) {
        use crate::engine::protocol::Run;
        let [deco, child] = N::debug(state);
        v.decorator(node, &state.deco);
        if let Some(memory) = deco {
            v.memory(node, memory);
        }
        if let Some(running) = &state.child {
            N::ChildRun::visit(running, child, v);
        }
    }
    fn visit_mut<V: VisitorMut<A, W>>(
        state: &mut DecoState<Self::Deco, Self::Child>,
        node: &'static NodeInfo,
        v: &mut V,
        agent: &mut A,
        ctx: &mut Ctx<W>,
    ) {
        use crate::engine::protocol::Run;
        v.decorator(node, &mut state.deco, agent, ctx);
        if let Some(running) = &mut state.child {
            N::ChildRun::visit_mut(running, v, agent, ctx);
        }
    }
    #[inline(always)]
    fn wake(state: &DecoState<Self::Deco, Self::Child>) -> Wake {
        use crate::engine::protocol::Run;
        match &state.child {
            Some(running) => state.deco.wake(true).min(N::ChildRun::wake(running)),
            None => state.deco.wake(false),
        }
    }
    #[inline(always)]
    fn tick_child<Tr: Trace>(
        child: &mut Self::Child,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Status {
        let accepted = N::recheck(ps, agent, ctx, tr);
        crate::engine::group::dispatch::tick_rechecked::<N::ChildRun, P, A, W, Tr>(
            accepted, child, ps, agent, ctx, tr,
        )
    }
    #[inline]
    fn halt_child<Tr: Trace>(
        child: &mut Self::Child,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) {
        <N::ChildRun as crate::engine::protocol::Run<P, A, W>>::halt(child, ps, agent, ctx, tr);
    }
}

/// The active state of a decorator: its memory and its child's active
/// state, `None` between a completion and a restart (R5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DecoState<D, C> {
    /// The decorator's memory.
    pub deco: D,
    /// The running child.
    pub child: Option<C>,
}

/// Enters a decorator (see [`Decorator`]): `enter`, then a first step. A
/// decorator that stops in its first `before` is not activated.
#[inline(always)]
pub fn deco_enter<N, P, A, W, Tr>(
    mut deco: N::Deco,
    node: &'static NodeInfo,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Entered<DecoState<N::Deco, N::Child>>
where
    N: DecoChild<P, A, W>,
    Tr: Trace,
{
    deco.enter(N::persist(ps), agent, ctx);
    let first = deco.before(N::persist(ps), agent, ctx, false);
    if let Before::Stop(s) = first {
        // `Stop(Running)` has no child to halt yet: it waits (R11).
        if s.is_done() {
            if <N::Deco as Decorator<A, W>>::TRACE_REFUSAL {
                tr.event(TraceEvent::EntryRefused { node, status: s });
            }
            return Entered::Done(s);
        }
    }
    tr.event(TraceEvent::Activated { node });
    if let Some(message) = deco.log().start {
        tr.event(TraceEvent::Log { node, message });
    }
    let mut state = DecoState { deco, child: None };
    let status = match first {
        Before::Tick => deco_step::<N, P, A, W, Tr>(&mut state, ps, agent, ctx, tr, true),
        Before::Wait | Before::Stop(_) => Status::Running,
    };
    match status {
        Status::Running => Entered::Running(state),
        s => {
            state
                .deco
                .exit(N::persist(ps), agent, ctx, Exit::Completed(s));
            log_completion(&state.deco, node, s, tr);
            tr.event(TraceEvent::Deactivated {
                node,
                exit: Exit::Completed(s),
            });
            Entered::Done(s)
        }
    }
}

/// Ticks an active decorator.
#[inline(always)]
pub fn deco_tick<N, P, A, W, Tr>(
    state: &mut DecoState<N::Deco, N::Child>,
    node: &'static NodeInfo,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Status
where
    N: DecoChild<P, A, W>,
    Tr: Trace,
{
    N::program(&mut state.deco, ctx.now());
    if <N::Deco as Decorator<A, W>>::AUDITS && state.deco.audit(ctx) {
        ctx.resource_changed(node);
    }
    let s = deco_step::<N, P, A, W, Tr>(state, ps, agent, ctx, tr, false);
    if s.is_done() {
        state
            .deco
            .exit(N::persist(ps), agent, ctx, Exit::Completed(s));
        log_completion(&state.deco, node, s, tr);
        tr.event(TraceEvent::Deactivated {
            node,
            exit: Exit::Completed(s),
        });
    }
    s
}

/// A `log` decorator's success or failure message (R9), before its
/// deactivation is reported.
#[inline(always)]
fn log_completion<D: Decorator<A, W>, A, W, Tr: Trace>(
    deco: &D,
    node: &'static NodeInfo,
    s: Status,
    tr: &mut Tr,
) {
    let lines = deco.log();
    let message = if s == Status::Success {
        lines.success
    } else {
        lines.failure
    };
    if let Some(message) = message {
        tr.event(TraceEvent::Log { node, message });
    }
}

/// Halts an active decorator: its child first, then the decorator.
#[inline(always)]
pub fn deco_halt<N, P, A, W, Tr>(
    state: &mut DecoState<N::Deco, N::Child>,
    node: &'static NodeInfo,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) where
    N: DecoChild<P, A, W>,
    Tr: Trace,
{
    if let Some(child) = &mut state.child {
        N::halt_child(child, ps, agent, ctx, tr);
    }
    state.child = None;
    state.deco.exit(N::persist(ps), agent, ctx, Exit::Halted);
    tr.event(TraceEvent::Deactivated {
        node,
        exit: Exit::Halted,
    });
}

/// One step of a decorator: `before`, the child, `after`. In the entry tick
/// (`entering`) the first `before` already ran in [`deco_enter`].
#[inline(always)]
fn deco_step<N, P, A, W, Tr>(
    state: &mut DecoState<N::Deco, N::Child>,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
    entering: bool,
) -> Status
where
    N: DecoChild<P, A, W>,
    Tr: Trace,
{
    if !entering {
        let running = state.child.is_some();
        match state.deco.before(N::persist(ps), agent, ctx, running) {
            Before::Tick => {}
            Before::Wait => return Status::Running,
            Before::Stop(s) => {
                if let Some(child) = &mut state.child {
                    N::halt_child(child, ps, agent, ctx, tr);
                }
                state.child = None;
                return s;
            }
        }
    }
    let child = match &mut state.child {
        Some(child) => N::tick_child(child, ps, agent, ctx, tr),
        None => match N::enter_child(ps, agent, ctx, tr) {
            Entered::Running(child) => {
                state.child = Some(child);
                Status::Running
            }
            Entered::Done(s) => s,
        },
    };
    if child.is_done() {
        state.child = None;
    }
    let s = state.deco.after(N::persist(ps), agent, ctx, child);
    if s.is_done() {
        // SPEC R2, C7: a running child mapped to a completion is halted.
        if let Some(child) = &mut state.child {
            N::halt_child(child, ps, agent, ctx, tr);
        }
        state.child = None;
    }
    s
}
