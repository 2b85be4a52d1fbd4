//! A composite node as a whole (D1–D6, C1–C4): its active state
//! ([`Comp`]), entering it, ticking it, halting it and walking it, written
//! once over its children's protocol ([`Group`]) and its policy
//! ([`Policy`]).
//!
//! A tree's composites are this code: `tree!` generates, per composite, the
//! enum of its running children and the [`Group`] implementation of a
//! zero-sized marker type naming its policy, and a parent runs the
//! composite through [`comp_enter`], [`comp_tick`], [`comp_halt`],
//! [`comp_visit`] and [`comp_visit_mut`]. (A composite with a group
//! behavior, a rescoring interval or a `delegate` guard keeps a generated
//! type of its own around the same policy functions.)

use core::fmt::Debug;
use core::marker::PhantomData;

use crate::behavior::Behavior;
use crate::ctx::Ctx;
use crate::drive::{
    activated, deactivated, deco_enter, deco_halt, deco_tick, enter, halt, tick, DecoChild,
    DecoState, Entered, Renamed, Subtree,
};
use crate::group::{
    chooser_enter, chooser_tick, decider_enter, parallel_halt, priority_tick, reactive_tick,
    resume_tick, sequential_tick, status_enter, Children, Group, Priority, Random, RandomGroup,
    Scored, Sequential, Shuffle, ShuffleGroup, Slots,
};
use crate::shape::NodeInfo;
use crate::status::Status;
use crate::trace::Trace;
use crate::visit::{Visitor, VisitorMut};
use crate::Exit;

/// The active state of a running composite: its running child, `C` being
/// the enum of its children's active states ([`Children::Active`]).
///
/// Derives what a user may derive on a tree (`tree!` forwards a tree's
/// derives to every type of its state, and this is one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Comp<C> {
    /// The running child.
    pub c: C,
}

/// How a composite chooses among its children: on entry ([`start`]) and
/// on each tick ([`step`]). Implemented by the policies' marker types,
/// which a composite's [`Group`] names ([`Group::Policy`]).
///
/// [`start`]: Policy::start
/// [`step`]: Policy::step
pub trait Policy<G: Group<P, A, W>, P, A, W> {
    /// The composite's first decision or walk, on entry.
    fn start<Tr: Trace>(
        node: &'static NodeInfo,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Entered<G::Active>;

    /// One tick, with `active` the running child: the composite's status
    /// before its own exit bookkeeping.
    fn step<Tr: Trace>(
        active: &mut G::Active,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Status;
}

/// `sequence` (C1): the children in order until one fails.
pub struct Sequence;
/// `fallback` (C3): the children in order until one succeeds.
pub struct Fallback;
/// `reactive_sequence` (C2): every tick from the first child.
pub struct ReactiveSequence;
/// `selector` (C4): every tick from the first child, until one does not
/// fail.
pub struct Selector;

/// `priority` and `sequential`: their own passes on entry
/// (`decider_enter`, told whether it is sequential) and on each tick.
macro_rules! decider_policy {
    ($policy:ident, $sequential:literal, $tick:ident) => {
        impl<G: Group<P, A, W>, P, A, W> Policy<G, P, A, W> for $policy {
            #[inline(always)]
            fn start<Tr: Trace>(
                node: &'static NodeInfo,
                ps: &mut P,
                agent: &mut A,
                ctx: &mut Ctx<W>,
                tr: &mut Tr,
            ) -> Entered<G::Active> {
                decider_enter::<G, P, A, W, Tr>($sequential, node, ps, agent, ctx, tr)
            }
            #[inline(always)]
            fn step<Tr: Trace>(
                active: &mut G::Active,
                ps: &mut P,
                agent: &mut A,
                ctx: &mut Ctx<W>,
                tr: &mut Tr,
            ) -> Status {
                $tick::<G, P, A, W, Tr>(active, ps, agent, ctx, tr)
            }
        }
    };
}

decider_policy!(Priority, false, priority_tick);
decider_policy!(Sequential, true, sequential_tick);

/// `random`, `shuffle` and `scored` (without a rescoring interval): every
/// decision through the group's chooser.
macro_rules! chooser_policy {
    ($policy:ident, $bound:ident) => {
        impl<G: $bound<P, A, W>, P, A, W> Policy<G, P, A, W> for $policy {
            #[inline(always)]
            fn start<Tr: Trace>(
                node: &'static NodeInfo,
                ps: &mut P,
                agent: &mut A,
                ctx: &mut Ctx<W>,
                tr: &mut Tr,
            ) -> Entered<G::Active> {
                chooser_enter::<G, $policy, P, A, W, Tr>(node, ps, agent, ctx, tr)
            }
            #[inline(always)]
            fn step<Tr: Trace>(
                active: &mut G::Active,
                ps: &mut P,
                agent: &mut A,
                ctx: &mut Ctx<W>,
                tr: &mut Tr,
            ) -> Status {
                chooser_tick::<G, $policy, P, A, W, Tr>(active, ps, agent, ctx, tr)
            }
        }
    };
}

chooser_policy!(Random, RandomGroup);
chooser_policy!(Shuffle, ShuffleGroup);
chooser_policy!(Scored, Group);

/// The status composites: a walk from the first child on entry, with
/// `cont` the status that goes on to the next child; on each tick, the
/// running child resumed (`resume_tick`) or every child from the first
/// (`reactive_tick`).
macro_rules! status_policy {
    ($policy:ident, $cont:ident, $tick:ident) => {
        impl<G: Group<P, A, W>, P, A, W> Policy<G, P, A, W> for $policy {
            #[inline(always)]
            fn start<Tr: Trace>(
                _: &'static NodeInfo,
                ps: &mut P,
                agent: &mut A,
                ctx: &mut Ctx<W>,
                tr: &mut Tr,
            ) -> Entered<G::Active> {
                status_enter::<G, P, A, W, Tr>(Status::$cont, ps, agent, ctx, tr)
            }
            #[inline(always)]
            fn step<Tr: Trace>(
                active: &mut G::Active,
                ps: &mut P,
                agent: &mut A,
                ctx: &mut Ctx<W>,
                tr: &mut Tr,
            ) -> Status {
                $tick::<G, P, A, W, Tr>(Status::$cont, active, ps, agent, ctx, tr)
            }
        }
    };
}

status_policy!(Sequence, Success, resume_tick);
status_policy!(Fallback, Failure, resume_tick);
status_policy!(ReactiveSequence, Success, reactive_tick);
status_policy!(Selector, Failure, reactive_tick);

/// Enters composite `G`: traces its activation, makes its policy's first
/// decision, and traces its completion if it completed at once.
#[inline]
pub fn comp_enter<G: Group<P, A, W>, P, A, W, Tr: Trace>(
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Entered<Comp<G::Active>>
where
    G::Policy: Policy<G, P, A, W>,
{
    let node = G::NODE;
    activated(node, tr);
    let s = match G::Policy::start(node, ps, agent, ctx, tr) {
        Entered::Running(c) => return Entered::Running(Comp { c }),
        Entered::Done(s) => s,
    };
    deactivated(node, Exit::Completed(s), tr);
    Entered::Done(s)
}

/// Ticks composite `G` by its policy, and traces its completion. Forced
/// inline: a node's tick is called from exactly one place, its parent's
/// (see [`comp_tick_outlined`] for big subtrees).
#[inline(always)]
pub fn comp_tick<G: Group<P, A, W>, P, A, W, Tr: Trace>(
    comp: &mut Comp<G::Active>,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Status
where
    G::Policy: Policy<G, P, A, W>,
{
    let s = G::Policy::step(&mut comp.c, ps, agent, ctx, tr);
    if s.is_done() {
        deactivated(G::NODE, Exit::Completed(s), tr);
    }
    s
}

/// [`comp_tick`] for a composite over a big subtree, only hinted inline:
/// one giant function makes LLVM's optimization time grow faster than the
/// tree (benches/COMPILE_TIME.md).
#[inline]
pub fn comp_tick_outlined<G: Group<P, A, W>, P, A, W, Tr: Trace>(
    comp: &mut Comp<G::Active>,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Status
where
    G::Policy: Policy<G, P, A, W>,
{
    comp_tick::<G, P, A, W, Tr>(comp, ps, agent, ctx, tr)
}

/// Halts composite `G`: its running child's subtree, deepest first, then
/// itself (C7).
#[inline]
pub fn comp_halt<G: Group<P, A, W>, P, A, W, Tr: Trace>(
    comp: &mut Comp<G::Active>,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) {
    G::halt(&mut comp.c, ps, agent, ctx, tr);
    deactivated(G::NODE, Exit::Halted, tr);
}

/// Hands composite `G`, then its running child's active path, to the
/// visitor (I1).
pub fn comp_visit<G: Group<P, A, W>, P, A, W, V: Visitor<A, W>>(comp: &Comp<G::Active>, v: &mut V) {
    v.node(G::NODE);
    G::visit(&comp.c, v);
}

/// Hands composite `G`, then its running child's active path, to the
/// mutable visitor with the agent and the context (I1).
pub fn comp_visit_mut<G: Group<P, A, W>, P, A, W, V: VisitorMut<A, W>>(
    comp: &mut Comp<G::Active>,
    v: &mut V,
    agent: &mut A,
    ctx: &mut Ctx<W>,
) {
    v.node(G::NODE, agent, ctx);
    G::visit_mut(&mut comp.c, v, agent, ctx);
}

// ---------------------------------------------------------------- dispatch

/// A running node as its parent runs it, whatever the parent: its active
/// state, ticking and halting it, and the mutable walk over it (I1).
/// Implemented by zero-sized marker types, one per kind of node, that a
/// composite's one `match` ([`Dispatch::with`]) names per child: the
/// active state itself stays what it was (a behavior's memory, a
/// composite's [`Comp`]), so the marker costs no byte.
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
/// a composite's child takes ([`Group::enter`]), and what the runtime's
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
/// node marker ([`Beh`]) finds its node from its id.
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
}

/// A built-in leaf whose parameters are the program's (O6): `wait(d)`'s
/// seconds, `wait_until`'s test. The `tree!` macro implements it on a
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
/// ([`Program`](crate::decorator::Program)) before each tick, so that a
/// loaded state never waits with a save's.
pub struct Programmed<L, const ID: u16>(PhantomData<fn() -> L>);

impl<P, A, W, L, const ID: u16> Run<P, A, W> for Programmed<L, ID>
where
    P: Shaped,
    L: LeafProgram,
    L::Memory: Behavior<A, W> + crate::decorator::Program + 'static,
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
        crate::decorator::Program::program(active, L::program(), ctx.now());
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
        <Beh<L::Memory, ID> as Run<P, A, W>>::visit_mut(active, v, agent, ctx);
    }
}

impl<P, A, W, L, const ID: u16> Start<P, A, W> for Programmed<L, ID>
where
    P: Shaped,
    L: LeafProgram,
    L::Memory: Behavior<A, W> + crate::decorator::Program + 'static,
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

/// The [`Run`] marker of decorator node `ID` of its tree, `N` its
/// [`DecoratorNode`](crate::drive::DecoratorNode) (R1–R11): run by `drive::deco_tick` and `deco_halt`,
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

/// A `subtree` reference of a tree whose persistent state is `P`: where
/// the referenced tree's persistent state lives in `P`. Implemented by the
/// generated marker type of each `subtree` node.
pub trait Reference<P> {
    /// The referenced tree's persistent state.
    type Persist;
    /// The referenced tree's persistent state, in ours.
    fn persist(ps: &mut P) -> &mut Self::Persist;
}

/// The [`Run`] marker of `subtree` reference `ID` (marker type `R`) of its
/// tree to tree `T` (S1–S3): run by `T`'s [`Subtree`] functions over its
/// persistent state in ours ([`Reference`]), its root reported as the
/// reference in traces and walks ([`Renamed`]). The generated code names
/// `T` as `<Path as Subtree<Agent, World>>::Tree`, so that a path that is
/// no tree for this agent and world is reported once, at the path.
pub struct Sub<T, R, const ID: u16>(PhantomData<fn() -> (T, R)>);

impl<P, A, W, T, R, const ID: u16> Run<P, A, W> for Sub<T, R, ID>
where
    P: Shaped,
    T: Subtree<A, W>,
    R: Reference<P, Persist = T::Persist>,
{
    type Active = T::Root;
    #[inline(always)]
    fn tick<Tr: Trace>(
        active: &mut T::Root,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Status {
        let tr = &mut Renamed::new(tr, T::shape(), &P::shape()[usize::from(ID)]);
        T::tick(active, R::persist(ps), agent, ctx, tr)
    }
    #[inline]
    fn halt<Tr: Trace>(
        active: &mut T::Root,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) {
        let tr = &mut Renamed::new(tr, T::shape(), &P::shape()[usize::from(ID)]);
        T::halt(active, R::persist(ps), agent, ctx, tr);
    }
    fn visit<V: Visitor<A, W>>(active: &T::Root, _: Option<&dyn Debug>, v: &mut V) {
        T::visit(
            active,
            &mut Renamed::new(v, T::shape(), &P::shape()[usize::from(ID)]),
        );
    }
    fn visit_mut<V: VisitorMut<A, W>>(
        active: &mut T::Root,
        v: &mut V,
        agent: &mut A,
        ctx: &mut Ctx<W>,
    ) {
        let v = &mut Renamed::new(v, T::shape(), &P::shape()[usize::from(ID)]);
        T::visit_mut(active, v, agent, ctx);
    }
}

impl<P, A, W, T, R, const ID: u16> Start<P, A, W> for Sub<T, R, ID>
where
    P: Shaped,
    T: Subtree<A, W>,
    R: Reference<P, Persist = T::Persist>,
{
    type Init = ();
    #[inline(always)]
    fn enter<Tr: Trace>(
        _: (),
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Entered<T::Root> {
        let tr = &mut Renamed::new(tr, T::shape(), &P::shape()[usize::from(ID)]);
        T::enter(R::persist(ps), agent, ctx, tr)
    }
}

/// The [`Run`] marker of a plain composite `G` under its parent: run by
/// [`comp_tick`] (or [`comp_tick_outlined`] when `INLINE` is false: a big
/// subtree), [`comp_halt`] and [`comp_visit_mut`].
pub struct Nest<G, const INLINE: bool>(PhantomData<fn() -> G>);

impl<G: Group<P, A, W>, P, A, W, const INLINE: bool> Run<P, A, W> for Nest<G, INLINE>
where
    G::Policy: Policy<G, P, A, W>,
{
    type Active = Comp<G::Active>;
    #[inline(always)]
    fn tick<Tr: Trace>(
        active: &mut Self::Active,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Status {
        if INLINE {
            comp_tick::<G, P, A, W, Tr>(active, ps, agent, ctx, tr)
        } else {
            comp_tick_outlined::<G, P, A, W, Tr>(active, ps, agent, ctx, tr)
        }
    }
    #[inline(always)]
    fn halt<Tr: Trace>(
        active: &mut Self::Active,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) {
        comp_halt::<G, P, A, W, Tr>(active, ps, agent, ctx, tr);
    }
    fn visit<V: Visitor<A, W>>(active: &Self::Active, _: Option<&dyn Debug>, v: &mut V) {
        comp_visit::<G, P, A, W, V>(active, v);
    }
    fn visit_mut<V: VisitorMut<A, W>>(
        active: &mut Self::Active,
        v: &mut V,
        agent: &mut A,
        ctx: &mut Ctx<W>,
    ) {
        comp_visit_mut::<G, P, A, W, V>(active, v, agent, ctx);
    }
}

/// A composite with a generated type of its own, its active state: one
/// with a group behavior, a rescoring interval or a `delegate` guard. Its
/// [`Run`] marker is [`Own`]. (A `parallel`, a `concurrent` or a control
/// node is [`Stepped`], marker [`Par`].)
pub trait OwnNode<P, A, W>: Sized {
    /// What entering it starts from: its group behavior's fresh memory
    /// and what a `delegate` guard decided, as a tuple (`()` for neither).
    type Init;

    /// Activates the node and ticks it once.
    fn enter<Tr: Trace>(
        init: Self::Init,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Entered<Self>;

    /// Ticks the node.
    fn tick<Tr: Trace>(
        &mut self,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Status;

    /// Halts the node and the active path below it, deepest first (C7).
    fn halt<Tr: Trace>(&mut self, ps: &mut P, agent: &mut A, ctx: &mut Ctx<W>, tr: &mut Tr);

    /// Hands the node, then the active path below it, to the visitor.
    fn visit<V: Visitor<A, W>>(&self, v: &mut V);

    /// Hands the node, then the active path below it, to the mutable
    /// visitor.
    fn visit_mut<V: VisitorMut<A, W>>(&mut self, v: &mut V, agent: &mut A, ctx: &mut Ctx<W>);
}

/// The [`Run`] marker of a node whose active state is a generated type
/// `N` of its own ([`OwnNode`]).
pub struct Own<N>(PhantomData<fn() -> N>);

impl<N: OwnNode<P, A, W>, P, A, W> Run<P, A, W> for Own<N> {
    type Active = N;
    #[inline(always)]
    fn tick<Tr: Trace>(
        active: &mut N,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Status {
        active.tick(ps, agent, ctx, tr)
    }
    #[inline(always)]
    fn halt<Tr: Trace>(active: &mut N, ps: &mut P, agent: &mut A, ctx: &mut Ctx<W>, tr: &mut Tr) {
        active.halt(ps, agent, ctx, tr);
    }
    fn visit<V: Visitor<A, W>>(active: &N, _: Option<&dyn Debug>, v: &mut V) {
        active.visit(v);
    }
    fn visit_mut<V: VisitorMut<A, W>>(active: &mut N, v: &mut V, agent: &mut A, ctx: &mut Ctx<W>) {
        active.visit_mut(v, agent, ctx);
    }
}

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

impl<N: OwnNode<P, A, W>, P, A, W> Start<P, A, W> for Own<N> {
    type Init = N::Init;
    #[inline(always)]
    fn enter<Tr: Trace>(
        init: N::Init,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Entered<N> {
        N::enter(init, ps, agent, ctx, tr)
    }
}

impl<G: Group<P, A, W>, P, A, W, const INLINE: bool> Start<P, A, W> for Nest<G, INLINE>
where
    G::Policy: Policy<G, P, A, W>,
{
    type Init = ();
    #[inline(always)]
    fn enter<Tr: Trace>(
        _: (),
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Entered<Self::Active> {
        comp_enter::<G, P, A, W, Tr>(ps, agent, ctx, tr)
    }
}

/// What a composite's one `match` does with its running child `i`, whose
/// [`Run`] marker is `K`: tick it, halt it, walk it.
pub trait ChildOp<P, A, W> {
    /// What the operation returns.
    type Out;
    /// Does it to child `i`.
    fn run<K: Run<P, A, W>>(self, i: usize, active: &mut K::Active) -> Self::Out;
}

/// What a composite's `match` over its running child by `&`
/// ([`Dispatch::with_ref`]) does with child `i`, whose [`Run`] marker is
/// `K`: walk it. `debug` is its active state as `Debug`
/// where the generated code found that its type implements it.
pub trait ChildRef<P, A, W> {
    /// What the operation returns.
    type Out;
    /// Does it to child `i`.
    fn run<K: Run<P, A, W>>(
        self,
        i: usize,
        active: &K::Active,
        debug: Option<&dyn Debug>,
    ) -> Self::Out;
}

/// The children of a composite whose every child has a [`Run`] marker
/// (SPEC I1's "one walk"): one `match` over the running child, [`with`],
/// serves ticking, halting and the mutable walk, and one `match` by `&`,
/// [`with_ref`], the read-only walk ([`Children`] is implemented from
/// both). The generated code holds those, which child runs ([`index`]),
/// which children have their guard re-evaluated before a tick
/// ([`recheck`], G3) and, for the reactive policies, [`with_nth`].
///
/// [`with`]: Dispatch::with
/// [`with_ref`]: Dispatch::with_ref
/// [`index`]: Dispatch::index
/// [`recheck`]: Dispatch::recheck
/// [`with_nth`]: Dispatch::with_nth
pub trait Dispatch<P, A, W> {
    /// The running child: which one, and its active state.
    type Active;

    /// Hands the running child, with its index and its marker, to `op`.
    fn with<O: ChildOp<P, A, W>>(active: &mut Self::Active, op: O) -> O::Out;

    /// [`with`](Dispatch::with) when the caller knows the running child is
    /// child `i` (a reactive pass meeting it): `None` if it is not. The
    /// reactive composites' generated version tests that one variant, so
    /// that each of the pass's per-child copies keeps one arm (see
    /// [`Children::tick_nth`] for the figure); the default matches all.
    #[inline(always)]
    fn with_nth<O: ChildOp<P, A, W>>(i: usize, active: &mut Self::Active, op: O) -> Option<O::Out> {
        let _ = i;
        Some(Self::with(active, op))
    }

    /// Hands the running child by `&`, with its index, its marker and, for
    /// a behavior whose memory's type implements it, as `Debug`, to `op`.
    fn with_ref<O: ChildRef<P, A, W>>(active: &Self::Active, op: O) -> O::Out;

    /// Which child runs: a `match` of its own, where going through
    /// [`with_ref`](Dispatch::with_ref) cost the `priority` scenario an
    /// instruction per agent-tick (51.83 against 52.83, `player` 85.05
    /// against 88.55, `scripts/bench-report`).
    fn index(active: &Self::Active) -> usize;

    /// Re-evaluates child `i`'s guard before its tick (G3): `false`
    /// rejects it, which halts it and counts as `Failure`. The generated
    /// version names the children whose guard is re-checked (`recheck`,
    /// or every guarded child of a reactive composite); by default, none.
    #[inline(always)]
    fn recheck<Tr: Trace>(i: usize, ps: &mut P, agent: &A, ctx: &Ctx<W>, tr: &mut Tr) -> bool {
        let _ = (i, ps, agent, ctx, tr);
        true
    }
}

/// Ticks the child ([`Children::tick`]), first re-checking its guard where
/// `D` says so ([`Dispatch::recheck`]).
struct TickOp<'a, 't, D, P, A, W, Tr>(Entering<'a, 't, P, A, W, Tr>, PhantomData<fn() -> D>);

impl<D: Dispatch<P, A, W>, P, A, W, Tr: Trace> ChildOp<P, A, W> for TickOp<'_, '_, D, P, A, W, Tr> {
    type Out = (usize, Status);
    #[inline(always)]
    fn run<K: Run<P, A, W>>(self, i: usize, active: &mut K::Active) -> (usize, Status) {
        let Entering { ps, agent, ctx, tr } = self.0;
        let accepted = D::recheck(i, ps, agent, ctx, tr);
        (
            i,
            tick_rechecked::<K, P, A, W, Tr>(accepted, active, ps, agent, ctx, tr),
        )
    }
}

/// Ticks the active node `K` after its guard's re-check (G3): when the
/// guard rejected it (`accepted` false), halts it instead, which counts as
/// `Failure`. What a composite's, a decorator's and a parallel's tick of a
/// running child share.
#[inline(always)]
pub fn tick_rechecked<K: Run<P, A, W>, P, A, W, Tr: Trace>(
    accepted: bool,
    active: &mut K::Active,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Status {
    if !accepted {
        K::halt(active, ps, agent, ctx, tr);
        return Status::Failure;
    }
    K::tick(active, ps, agent, ctx, tr)
}

/// Halts the child ([`Children::halt`]).
struct HaltOp<'a, 't, P, A, W, Tr>(Entering<'a, 't, P, A, W, Tr>);

impl<P, A, W, Tr: Trace> ChildOp<P, A, W> for HaltOp<'_, '_, P, A, W, Tr> {
    type Out = ();
    #[inline(always)]
    fn run<K: Run<P, A, W>>(self, _: usize, active: &mut K::Active) {
        let Entering { ps, agent, ctx, tr } = self.0;
        K::halt(active, ps, agent, ctx, tr);
    }
}

/// Walks the child ([`Children::visit`]).
struct VisitOp<'a, V>(&'a mut V);

impl<P, A, W, V: Visitor<A, W>> ChildRef<P, A, W> for VisitOp<'_, V> {
    type Out = ();
    fn run<K: Run<P, A, W>>(self, _: usize, active: &K::Active, debug: Option<&dyn Debug>) {
        K::visit(active, debug, self.0);
    }
}

/// Walks the child ([`Children::visit_mut`]).
struct VisitMutOp<'a, 't, A, W, V> {
    v: &'a mut V,
    agent: &'a mut A,
    ctx: &'a mut Ctx<'t, W>,
}

impl<P, A, W, V: VisitorMut<A, W>> ChildOp<P, A, W> for VisitMutOp<'_, '_, A, W, V> {
    type Out = ();
    fn run<K: Run<P, A, W>>(self, _: usize, active: &mut K::Active) {
        K::visit_mut(active, self.v, self.agent, self.ctx);
    }
}

impl<D: Dispatch<P, A, W>, P, A, W> Children<P, A, W> for D {
    type Active = D::Active;
    #[inline(always)]
    fn index(active: &D::Active) -> usize {
        D::index(active)
    }
    #[inline(always)]
    fn tick<Tr: Trace>(
        active: &mut D::Active,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> (usize, Status) {
        let op = TickOp::<D, P, A, W, Tr>(Entering { ps, agent, ctx, tr }, PhantomData);
        D::with(active, op)
    }
    #[inline(always)]
    fn tick_nth<Tr: Trace>(
        i: usize,
        active: &mut D::Active,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Status {
        let op = TickOp::<D, P, A, W, Tr>(Entering { ps, agent, ctx, tr }, PhantomData);
        match D::with_nth(i, active, op) {
            Some((_, s)) => s,
            // The runtime asks for the child that runs.
            None => Status::Failure,
        }
    }
    #[inline(always)]
    fn halt<Tr: Trace>(
        active: &mut D::Active,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) {
        D::with(active, HaltOp(Entering { ps, agent, ctx, tr }));
    }
    fn visit<V: Visitor<A, W>>(active: &D::Active, v: &mut V) {
        D::with_ref(active, VisitOp(v));
    }
    fn visit_mut<V: VisitorMut<A, W>>(
        active: &mut D::Active,
        v: &mut V,
        agent: &mut A,
        ctx: &mut Ctx<W>,
    ) {
        D::with(active, VisitMutOp { v, agent, ctx });
    }
}
