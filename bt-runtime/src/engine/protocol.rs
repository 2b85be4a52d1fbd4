//! The node protocol every runtime node type implements: [`Run`] (tick,
//! halt, walk a running node) and [`Start`] (enter it), the frame a parent
//! enters a child with ([`Entering`]), and [`Shaped`], a persistent state
//! that knows its tree's shape.
use crate::base::shape::NodeInfo;
use crate::base::status::Status;
use crate::base::wake::Wake;
use crate::ctx::Ctx;
use crate::trace_hook::Trace;
use crate::visit::{Visitor, VisitorMut};
use core::fmt::Debug;

/// A running node as its parent runs it, whatever the parent: its active
/// state, ticking and halting it, and the mutable walk over it (I1).
/// Implemented by zero-sized marker types, one per kind of node, that a
/// composite's one `match` ([`Dispatch::with`](crate::engine::group::dispatch::Dispatch::with)) names per child: the
/// active state itself stays what it was (a behavior's memory, a
/// composite's [`Comp`](crate::engine::group::comp::Comp)), so the marker costs no byte.
pub trait Run<P, A, W> {
    /// The node's active state.
    type Active;
    /// Ticks the active node.
    fn tick<Tr: Trace>(
        active: &mut Self::Active,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Status;

    /// Halts the active node and the active path below it, deepest first
    /// (C7).
    fn halt<Tr: Trace>(
        active: &mut Self::Active,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    );

    /// Hands the node and the active path below it to the visitor;
    /// `debug` is the active state as `Debug`, where the generated code
    /// found that its type implements it (a behavior's memory then reaches
    /// [`Visitor::memory`]).
    fn visit<V: Visitor<A, W>>(active: &Self::Active, debug: Option<&dyn Debug>, v: &mut V);

    /// Hands the node and the active path below it to the mutable
    /// visitor, with the agent and the context.
    fn visit_mut<V: VisitorMut<A, W>>(
        active: &mut Self::Active,
        v: &mut V,
        agent: &mut A,
        ctx: &mut Ctx<W>,
    );

    /// When the running node next needs a tick (Z2), from its active
    /// state. Default: every tick ([`Wake::POLL`]), so that a node that
    /// does not know never sleeps.
    #[inline(always)]
    fn wake(active: &Self::Active) -> Wake {
        let _ = active;
        Wake::POLL
    }
}

/// How a node with a runtime node type ([`Run`]) is entered: from what
/// (`Init`), activated and ticked once. Implemented by the markers of
/// behaviors, conditions, decorators and plain composites; a composite's
/// generated `Group::enter` enters such a child through
/// [`Entering::run`].
pub trait Start<P, A, W>: Run<P, A, W> {
    /// What entering it starts from: a behavior's or decorator's fresh
    /// memory, or `()`.
    type Init;
    /// Activates the node and ticks it once.
    fn enter<Tr: Trace>(
        init: Self::Init,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Entered<Self::Active>;
}

/// The four references every step of a tick takes, in one value: the
/// persistent state, the agent, the context and the tracer. What entering
/// a composite's child takes ([`Group::enter`](crate::engine::group::Group::enter)), and what the runtime's
/// operations on a running child carry (ticking, halting, stepping a
/// slot).
pub struct Entering<'a, 't, P, A, W, Tr> {
    /// The tree's persistent state.
    pub ps: &'a mut P,
    /// The agent.
    pub agent: &'a mut A,
    /// The context.
    pub ctx: &'a mut Ctx<'t, W>,
    /// The tracer.
    pub tr: &'a mut Tr,
}

impl<P, A, W, Tr: Trace> Entering<'_, '_, P, A, W, Tr> {
    /// Enters the child whose marker is `K` from `init`, its active state
    /// wrapped by `wrap` (its variant of the composite's enum).
    #[inline(always)]
    pub fn run<K: Start<P, A, W>, C>(self, init: K::Init, wrap: fn(K::Active) -> C) -> Entered<C> {
        Entered::map(K::enter(init, self.ps, self.agent, self.ctx, self.tr), wrap)
    }
}

/// The static shape of the tree a persistent state `P` belongs to: how a
/// node marker ([`Beh`](crate::engine::leaf::Beh)) finds its node from its id.
pub trait Shaped {
    /// Every node of the tree, pre-order ([`Tree::shape`](crate::Tree)).
    fn shape() -> &'static [NodeInfo];
}

/// The stand-in persistent state of a tree with errors: no node.
impl Shaped for () {
    fn shape() -> &'static [NodeInfo] {
        &[]
    }
}

/// The result of entering a node: it is now running (and here is its active
/// state), or it already completed with a status and holds nothing active.
#[derive(Debug)]
pub enum Entered<S> {
    /// The node is running; the caller stores its active state.
    Running(S),
    /// The node completed during its first tick (or failed to activate).
    Done(Status),
}

impl<S> Entered<S> {
    /// The same result with the running state wrapped by `f` (a parent
    /// storing its child's state in its own enum).
    #[inline(always)]
    pub fn map<T>(self, f: impl FnOnce(S) -> T) -> Entered<T> {
        match self {
            Entered::Running(s) => Entered::Running(f(s)),
            Entered::Done(status) => Entered::Done(status),
        }
    }
}
