//! How generated code drives behaviors: activation, ticking, deactivation and
//! the tracing around them (L1, L2, D7).
//!
//! These functions are the runtime half of every leaf and group behavior;
//! the `tree!` macro emits calls to them instead of repeating their logic in
//! every tree. They are public for the generated code, not for users.
#![doc(hidden)]

use crate::behavior::{Behavior, Exit};
use crate::composite::Shaped;
use crate::ctx::Ctx;
use crate::decide::Decision;
use crate::decorator::{Before, Decorator};
use crate::events::{StampSlots, VarSlot};
use crate::flags::Flags;
use crate::shape::{NodeId, NodeInfo};
use crate::status::Status;
use crate::timer::Timer;
use crate::trace::{Reject, Trace, TraceEvent};
use crate::visit::{Visitor, VisitorMut};

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

/// What a `decide =` function returns: a [`Decision`] with no DBlock
/// (`bool`, `f32`). Only here for its error message: a function returning
/// a DBlock under `decide =` is told to use `dblock =`.
#[diagnostic::on_unimplemented(
    message = "a `decide =` function returns `bool` or `f32`, not `{Self}`: a decide that returns a DBlock is written `dblock = …`",
    label = "this decide returns a DBlock",
    note = "`dblock = function` hands the DBlock to the behavior it activates, which is built from it with `From<DBlock>`; `decide = function` returns only a score (`f32`, accepts when > 0) or `bool`"
)]
pub trait PlainDecision: Decision<Block = ()> {}

#[diagnostic::do_not_recommend]
impl<T: Decision<Block = ()>> PlainDecision for T {}

/// What a `dblock =` function returns: `Option<(f32, DBlock)>`. Only here
/// for its error message, and to name the DBlock type.
#[diagnostic::on_unimplemented(
    message = "a `dblock =` function returns `Option<(f32, DBlock)>`, not `{Self}`: a decide returning `bool` or `f32` is written `decide = …`",
    label = "this decide returns no DBlock",
    note = "`dblock = function` returns `Some((score, dblock))` to accept (score > 0) and hands the DBlock to the behavior it activates, built from it with `From<DBlock>`"
)]
pub trait BlockDecision: Decision {
    /// The DBlock.
    type DBlock;
    /// [`Decision::Block`] as the DBlock (they are the same type).
    fn dblock(block: Self::Block) -> Self::DBlock;
}

#[diagnostic::do_not_recommend]
impl<D> BlockDecision for Option<(f32, D)> {
    type DBlock = D;
    #[inline(always)]
    fn dblock(block: D) -> D {
        block
    }
}

// Generated code calls a guard's decide and a condition through their
// public traits, with the agent and world types named
// (`DecideFn::<Agent, World, _>::call(&function, agent, ctx)`): a function
// with the wrong signature is then reported at the function as written in
// the tree, with the trait's message and no note pointing into this module.
// What the function returned is traced here.

/// The decide step of a guard with no DBlock: traces what the decide of
/// guarded node `node` returned, and returns the score if it accepted.
#[inline(always)]
pub fn trace_decide<Tr: Trace>(
    out: impl PlainDecision,
    node: &'static NodeInfo,
    tr: &mut Tr,
) -> Option<f32> {
    traced(out, node, tr).map(|(score, ())| score)
}

/// The decide step of a guard without a DBlock, as the guard returns it:
/// [`trace_decide`]'s score with the block `()`. (Through `trace_decide`
/// rather than returning what it traces: the `scored` scenario of
/// `scripts/bench-report` costs 0.7 instructions per agent-tick more
/// that way, and as much with `Option::map` instead of the `match`.)
#[inline(always)]
#[allow(clippy::manual_map)]
pub fn guard_decide<Tr: Trace>(
    out: impl PlainDecision,
    node: &'static NodeInfo,
    tr: &mut Tr,
) -> Option<(f32, ())> {
    match trace_decide(out, node, tr) {
        Some(score) => Some((score, ())),
        None => None,
    }
}

/// The decide step of a guard with a DBlock (G2, Spore S22): traces what
/// the decide of guarded node `node` returned, and returns the score and
/// the block if it accepted.
#[inline(always)]
pub fn trace_decide_block<D, Tr: Trace>(
    out: impl BlockDecision<DBlock = D>,
    node: &'static NodeInfo,
    tr: &mut Tr,
) -> Option<(f32, D)> {
    decided_with_block(out, node, tr)
}

/// [`trace_decide_block`] with the decision's type named.
#[inline(always)]
fn decided_with_block<O: BlockDecision, Tr: Trace>(
    out: O,
    node: &'static NodeInfo,
    tr: &mut Tr,
) -> Option<(f32, O::DBlock)> {
    traced(out, node, tr).map(|(score, block)| (score, O::dblock(block)))
}

/// Traces what a decide returned (G2); the score and the DBlock if it
/// accepted.
#[inline(always)]
fn traced<D: Decision, Tr: Trace>(
    out: D,
    node: &'static NodeInfo,
    tr: &mut Tr,
) -> Option<(f32, D::Block)> {
    let rejected = out.rejected_score();
    match out.into_decision() {
        Some((score, block)) => {
            tr.event(TraceEvent::Accepted { node, score });
            Some((score, block))
        }
        None => {
            tr.event(TraceEvent::Rejected {
                node,
                reason: Reject::Decide(rejected),
            });
            None
        }
    }
}

/// How a guard's flag test reads its mask (G1, V1, V2).
#[derive(Clone, Copy, Debug)]
pub enum FlagOp {
    /// `any(mask)`: at least one of the bits is set.
    Any,
    /// `all(mask)`: every bit is set.
    All,
    /// `none(mask)`: no bit is set.
    None,
    /// `not_all(mask)`: some bit is clear.
    NotAll,
}

/// Which flags a guard's flag test reads (G1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlagSource {
    /// The decision flags of the tick (`any(…)`, …).
    Decision,
    /// The stimuli flags of the tick (`stimuli_any(…)`, …).
    Stimuli,
    /// The tree's variables (`var(name)`, `!var(name)`).
    Vars,
}

/// One flag test of a guard: which flags (the decision flags, the stimuli
/// flags or the tree's variables), how, against which mask.
#[derive(Clone, Copy, Debug)]
pub struct FlagTest {
    /// Which flags the test reads.
    pub source: FlagSource,
    /// The test.
    pub op: FlagOp,
    /// The mask, as written in the tree.
    pub mask: Flags,
}

impl FlagTest {
    /// Whether the test holds in `ctx`.
    #[inline(always)]
    fn holds<W>(self, ctx: &Ctx<W>) -> bool {
        let flags = match self.source {
            FlagSource::Decision => ctx.flags(),
            FlagSource::Stimuli => ctx.stimuli(),
            FlagSource::Vars => ctx.vars(),
        };
        match self.op {
            FlagOp::Any => flags.any(self.mask),
            FlagOp::All => flags.all(self.mask),
            FlagOp::None => flags.none(self.mask),
            FlagOp::NotAll => flags.not_all(self.mask),
        }
    }
}

/// The flag tests of a guard, in order; the first that fails is traced as
/// the reason (decision flags, stimuli flags or variables) and `false`
/// returned.
#[inline(always)]
fn flags_hold<W, Tr: Trace>(
    node: &'static NodeInfo,
    tests: &[FlagTest],
    ctx: &Ctx<W>,
    tr: &mut Tr,
) -> bool {
    for test in tests {
        if !test.holds(ctx) {
            let reason = match test.source {
                FlagSource::Decision => Reject::DecisionFlags,
                FlagSource::Stimuli => Reject::StimuliFlags,
                FlagSource::Vars => Reject::Vars,
            };
            reject(node, reason, tr);
            return false;
        }
    }
    true
}

/// G1's preconditions, in their order, before a guarded node is entered:
/// the flag `tests` (the decision flags' first, then the stimuli flags'),
/// then the `every(d)` timer (stamped when due). The first that fails is
/// traced as the reason ([`Reject`]) and the guard rejects; `true` when
/// all pass (the decide comes next).
#[inline(always)]
pub fn preconditions<W, Tr: Trace>(
    node: &'static NodeInfo,
    tests: &[FlagTest],
    timer: Option<(&mut Timer, f64)>,
    ctx: &Ctx<W>,
    tr: &mut Tr,
) -> bool {
    if !flags_hold(node, tests, ctx, tr) {
        return false;
    }
    if let Some((timer, seconds)) = timer {
        if !timer.fire(ctx.now(), seconds) {
            reject(node, Reject::Timer, tr);
            return false;
        }
    }
    true
}

/// G1's preconditions as checked again while the node runs (G3): a flag
/// test that fails rejects (`Some(false)`, traced); a timer that is not
/// due keeps the node running (`Some(true)`, untraced); `None` when all
/// pass (the decide comes next).
#[inline(always)]
pub fn recheck_preconditions<W, Tr: Trace>(
    node: &'static NodeInfo,
    tests: &[FlagTest],
    timer: Option<(&mut Timer, f64)>,
    ctx: &Ctx<W>,
    tr: &mut Tr,
) -> Option<bool> {
    if !flags_hold(node, tests, ctx, tr) {
        return Some(false);
    }
    match timer {
        Some((timer, seconds)) if !timer.is_due(ctx.now(), seconds) => Some(true),
        Some((timer, _)) => {
            timer.stamp(ctx.now());
            None
        }
        None => None,
    }
}

/// Traces a guard accepting with no decide (score 1.0, G2).
#[inline(always)]
pub fn accept<Tr: Trace>(node: &'static NodeInfo, tr: &mut Tr) {
    tr.event(TraceEvent::Accepted { node, score: 1.0 });
}

/// Traces a precondition rejecting.
#[inline(always)]
pub fn reject<Tr: Trace>(node: &'static NodeInfo, reason: Reject, tr: &mut Tr) {
    tr.event(TraceEvent::Rejected { node, reason });
}

/// Reports a subset-rule violation (D9) to the context and the trace.
///
/// Inlined: as an outlined `#[cold]` function taking `&mut Ctx`, the
/// context's address escaping into the call kept it in memory on every
/// tick of a tree with a decider group (`scripts/bench-report`,
/// instructions per agent-tick: `scored` 78.75 → 70.77, `random` 68.97 →
/// 65.10 inlined, the other scenarios unchanged; marking the path cold with
/// a call to an empty `#[cold]` function gave back half of it: 72.56,
/// 67.22).
#[inline(always)]
pub fn subset_violation<W, Tr: Trace>(node: &'static NodeInfo, ctx: &mut Ctx<W>, tr: &mut Tr) {
    ctx.__subset_violation(node);
    tr.event(TraceEvent::SubsetViolation { node });
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
/// condition through [`ConditionFn::check`](crate::condition::ConditionFn).
#[inline(always)]
pub fn condition<Tr: Trace>(status: Status, node: &'static NodeInfo, tr: &mut Tr) -> Status {
    tr.event(TraceEvent::Ticked { node, status });
    status
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

/// The outcome of a `parallel` with `success` and `failure` thresholds over
/// `n` children, given the counts so far (C5): `Failure` as soon as the
/// success threshold can no longer be reached.
#[inline(always)]
pub fn parallel_outcome(
    successes: usize,
    failures: usize,
    n: usize,
    success: usize,
    failure: usize,
) -> Option<Status> {
    if successes >= success {
        Some(Status::Success)
    } else if failures >= failure || failures > n - success.min(n) {
        Some(Status::Failure)
    } else {
        None
    }
}

/// The types a tree's state holds, named through this trait.
///
/// The state type's fields say `Option<<Creature as TreeParts>::Root>`, so
/// that `tree!` can define the types, and everything else it generates,
/// inside a `const _: () = { … };` block: the only name a tree adds to the
/// user's module is its state type's.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tree",
    label = "not a tree declared with `tree!`",
    note = "`subtree PATH` names the state type of a tree declared with `tree!`, in this or another module or crate"
)]
pub trait TreeParts {
    /// The depth of the tree's deepest node, its root at 0, counting
    /// through its own `subtree` references.
    const DEPTH: usize;
    /// Whether a node of the tree, or of a tree it references, measures
    /// time: the referencing tree then carries a clock.
    const CLOCK: bool;
    /// Whether a node of the tree, or of a tree it references, draws
    /// random numbers: the referencing tree then carries a seed (D8).
    /// Default: none does.
    const RNG: bool = false;
    /// Whether the tree declares variables or timestamps (V3, V4): such a
    /// tree cannot be used through `subtree`, whose state would read the
    /// referencing tree's. Default: it declares none.
    const SERVICES: bool = false;
    /// The active state of the whole tree (the root wrapper).
    type Root;
    /// The state that outlives activations (timers, cooldowns, subtrees').
    type Persist: Default + Shaped;
    /// Where the state keeps its clock: `f64`, or `()` when no node of the
    /// tree or of a tree it references measures time (T2, F3).
    type Clock: ClockSlot + Default;
    /// Where the state keeps its seed: `u64`, or `()` when no node of the
    /// tree or of a tree it references draws random numbers (D8, F3).
    type Seed: SeedSlot + Default;
    /// Where the state keeps its variables (V4): [`Flags`](crate::Flags),
    /// or `()` when the tree declares none.
    type Vars: VarSlot + Default + Copy + Eq + core::hash::Hash + core::fmt::Debug;
    /// Where the state keeps its timestamps (V3): `[Stamp; N]`.
    type Stamps: StampSlots + Copy + Eq + core::hash::Hash + core::fmt::Debug;
    /// Seeds every generator of the tree's persistent state (D8).
    /// Default: nothing (a tree with no generator).
    #[inline]
    fn seed(ps: &mut Self::Persist, seed: u64) {
        let _ = (ps, seed);
    }
    /// The tree's static shape (the same as [`Tree::shape`](crate::Tree::shape)),
    /// for the trees referencing it: whatever their agent, so that a
    /// reference of the wrong agent is one error (the [`Subtree`] bound).
    /// The persistent state's ([`Shaped`]).
    #[inline(always)]
    fn shape() -> &'static [NodeInfo] {
        Self::Persist::shape()
    }
    /// Hands `f` each piece of the persistent state of node `node` of
    /// this tree that implements `Debug` and is not zero-sized: its
    /// `every` timer, then its decorator's persistent state (I1; what
    /// [`Tree::persistent`](crate::Tree::persistent) does). Default:
    /// nothing (a tree with none).
    #[inline(always)]
    fn persistent(ps: &Self::Persist, node: NodeId, f: &mut dyn FnMut(&dyn core::fmt::Debug)) {
        let _ = (ps, node, f);
    }
}

/// A tree's state type as the thin type around its
/// [`Machine`](crate::Machine) that `tree!` declares: what the runtime's
/// [`Tree`](crate::Tree) implementation, written once for every tree,
/// works on.
pub trait MachineState: TreeParts + Sized {
    /// The state's `Machine`.
    fn machine(&self) -> &crate::Machine<Self>;
    /// The state's `Machine`, mutably.
    fn machine_mut(&mut self) -> &mut crate::Machine<Self>;
    /// The state holding `machine`.
    fn from_machine(machine: crate::Machine<Self>) -> Self;
}

/// A tree as another tree's `subtree` sees it (S1, S3): how to enter,
/// tick, halt, visit and seed it inside the referencing tree, with its
/// state held by the reference (its [`TreeParts::Root`] while it runs, its
/// [`TreeParts::Persist`] always). Every tree `tree!` generates implements
/// it for its own agent `A` and world `W`, so that `subtree path::Patrol`
/// works for a tree declared in another invocation, module or crate.
///
/// What a referencing tree needs to know about the referenced tree's
/// state — how deep it nests, whether it measures time or draws random
/// numbers — is in associated constants, so that a tree from another
/// invocation is sized exactly like one of the same invocation (F3).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tree for agent `{A}` and world `{W}`",
    label = "not a tree for agent `{A}` and world `{W}`",
    note = "`subtree PATH` names the state type of a tree declared with `tree!` (in this or another module or crate) for the same agent and world as the tree that references it: `tree Name for {A}` (with `, world = {W}` unless the world is `()`)"
)]
pub trait Subtree<A, W>: TreeParts {
    /// The tree itself (`Self`): how the generated code names a referenced
    /// tree in its runtime node type (`composite::Sub`), so that a path
    /// that is no tree for this agent and world is reported once, at the
    /// path.
    type Tree: Subtree<A, W>;

    /// Activates the tree's root and ticks it once.
    fn enter<Tr: Trace>(
        ps: &mut Self::Persist,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Entered<Self::Root>;

    /// Ticks the running tree.
    fn tick<Tr: Trace>(
        root: &mut Self::Root,
        ps: &mut Self::Persist,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> Status;

    /// A hint for the code layout of [`Machine`](crate::Machine)'s tick,
    /// with no effect on what a tick does: whether `active` is the state
    /// the tree is expected to be in on most ticks (`Some(true)`) or not
    /// (`Some(false)`: the tick's code for it is laid out as the unlikely
    /// path). `None`, the default, gives no hint. `tree!` gives one for a
    /// tree whose root is a `selector`: its last child (the fallback)
    /// running, as [`last_runs`](crate::group::last_runs) says.
    #[inline(always)]
    fn settled(active: &Option<Self::Root>) -> Option<bool> {
        let _ = active;
        None
    }

    /// Halts the running tree, deepest first (C7).
    fn halt<Tr: Trace>(
        root: &mut Self::Root,
        ps: &mut Self::Persist,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    );

    /// Walks the running tree's active path, root first.
    fn visit<V: Visitor<A, W>>(root: &Self::Root, v: &mut V);

    /// Walks the running tree's active path, root first, with the agent and
    /// the context, reaching memories by `&mut`.
    fn visit_mut<V: VisitorMut<A, W>>(
        root: &mut Self::Root,
        v: &mut V,
        agent: &mut A,
        ctx: &mut Ctx<W>,
    );
}

/// Where a tree's state keeps its clock (T2): an `f64`, or `()` when no
/// node of the tree, or of a tree it references, measures time (F3).
pub trait ClockSlot {
    /// Advances the clock by `dt` seconds; the new time.
    fn advance(&mut self, dt: f32) -> f64;
    /// The time.
    fn now(&self) -> f64;
    /// The time, to lend to hooks ([`Lent::clock`](crate::ctx::Lent::clock)).
    fn now_ref(&self) -> &f64;
}

impl ClockSlot for f64 {
    #[inline(always)]
    fn advance(&mut self, dt: f32) -> f64 {
        *self += f64::from(dt);
        *self
    }
    #[inline(always)]
    fn now(&self) -> f64 {
        *self
    }
    #[inline(always)]
    fn now_ref(&self) -> &f64 {
        self
    }
}

impl ClockSlot for () {
    #[inline(always)]
    fn advance(&mut self, _: f32) -> f64 {
        0.0
    }
    #[inline(always)]
    fn now(&self) -> f64 {
        0.0
    }
    #[inline(always)]
    fn now_ref(&self) -> &f64 {
        &0.0
    }
}

/// Where a tree's state keeps its seed (D8): a `u64`, or `()` when no node
/// of the tree, or of a tree it references, draws random numbers (F3).
pub trait SeedSlot {
    /// The seed (0 when there is none).
    fn get(&self) -> u64;
    /// Sets the seed (ignored when there is none).
    fn set(&mut self, seed: u64);
}

impl SeedSlot for u64 {
    #[inline(always)]
    fn get(&self) -> u64 {
        *self
    }
    #[inline(always)]
    fn set(&mut self, seed: u64) {
        *self = seed;
    }
}

impl SeedSlot for () {
    #[inline(always)]
    fn get(&self) -> u64 {
        0
    }
    #[inline(always)]
    fn set(&mut self, _: u64) {}
}

/// `T` when `B`, else `()`: the type of a [`ClockSlot`] or [`SeedSlot`]
/// whose presence is a constant of the referenced trees ([`TreeParts::CLOCK`],
/// [`TreeParts::RNG`]), as `<Has<{ … }> as Pick<f64>>::Slot`.
pub struct Has<const B: bool>;

/// See [`Has`].
pub trait Pick<T> {
    /// `T` or `()`.
    type Slot;
}

impl<T> Pick<T> for Has<true> {
    type Slot = T;
}

impl<T> Pick<T> for Has<false> {
    type Slot = ();
}

/// The deepest of `depths`: a tree's [`TreeParts::DEPTH`], from its own
/// nodes' depths and those its references reach.
pub const fn deepest(depths: &[usize]) -> usize {
    let mut d = 0;
    let mut i = 0;
    while i < depths.len() {
        if depths[i] > d {
            d = depths[i];
        }
        i += 1;
    }
    d
}

/// Holds a tree's active state during a tick and clears it if a panic
/// unwinds through the tick, so the state is as if dropped at that point
/// (T4, L2). On the normal path the caller `mem::forget`s it, so it
/// costs nothing.
pub struct ClearOnUnwind<'a, T>(pub &'a mut Option<T>);

impl<T> Drop for ClearOnUnwind<'_, T> {
    #[cold]
    fn drop(&mut self) {
        *self.0 = None;
    }
}

/// One decorator node of a generated tree: which [`Decorator`] it is, where
/// its persistent state lives in the tree's persistent state `P`, and how to
/// enter, tick and halt its child. The `tree!` macro implements it on a
/// marker type per decorator node; [`deco_enter`], [`deco_tick`] and
/// [`deco_halt`] hold the semantics, once for every decorator.
///
/// A front end that is not the macro (a tree built at run time) drives the
/// same functions with its own implementation.
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
/// type ([`DecoRun`]); a tree built at run time may write them out.
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
/// ([`Run`](crate::composite::Run)), through which the runtime ticks and
/// halts it ([`DecoChild`]).
pub trait DecoRun<P, A, W>: DecoratorNode<P, A, W> {
    /// The child's runtime node type.
    type ChildRun: crate::composite::Run<P, A, W, Active = Self::Child>;
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
        use crate::composite::Run;
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
        use crate::composite::Run;
        v.decorator(node, &mut state.deco, agent, ctx);
        if let Some(running) = &mut state.child {
            N::ChildRun::visit_mut(running, v, agent, ctx);
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
        crate::composite::tick_rechecked::<N::ChildRun, P, A, W, Tr>(
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
        <N::ChildRun as crate::composite::Run<P, A, W>>::halt(child, ps, agent, ctx, tr);
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

/// The tracer a tree hands to a tree it references (S1, I1): every event
/// about the referenced tree's root is reported as about the reference,
/// the node of the referencing tree that stands for it, so that a trace
/// reads `+ rest`, `+ wander` rather than `+ rest`, `+ root`, `+ wander`.
/// With [`NoTrace`](crate::NoTrace) underneath, it compiles away.
pub struct Renamed<'a, T: ?Sized> {
    inner: &'a mut T,
    root: *const NodeInfo,
    reference: &'static NodeInfo,
}

impl<'a, T: ?Sized> Renamed<'a, T> {
    /// Reports `shape`'s root (its first node) as `reference` to `inner`.
    #[inline(always)]
    pub fn new(inner: &'a mut T, shape: &'static [NodeInfo], reference: &'static NodeInfo) -> Self {
        Renamed {
            inner,
            root: shape.as_ptr(),
            reference,
        }
    }

    /// `node`, or the reference if `node` is the referenced tree's root.
    #[inline(always)]
    fn rename(&self, node: &'static NodeInfo) -> &'static NodeInfo {
        if core::ptr::eq(node, self.root) {
            self.reference
        } else {
            node
        }
    }
}

impl<T: Trace + ?Sized> Trace for Renamed<'_, T> {
    #[inline(always)]
    fn event(&mut self, event: TraceEvent) {
        let event = match event {
            TraceEvent::Accepted { node, score } => TraceEvent::Accepted {
                node: self.rename(node),
                score,
            },
            TraceEvent::Rejected { node, reason } => TraceEvent::Rejected {
                node: self.rename(node),
                reason,
            },
            TraceEvent::Activated { node } => TraceEvent::Activated {
                node: self.rename(node),
            },
            TraceEvent::ActivateFailed { node } => TraceEvent::ActivateFailed {
                node: self.rename(node),
            },
            TraceEvent::Ticked { node, status } => TraceEvent::Ticked {
                node: self.rename(node),
                status,
            },
            TraceEvent::Deactivated { node, exit } => TraceEvent::Deactivated {
                node: self.rename(node),
                exit,
            },
            TraceEvent::Chose { node, index, score } => TraceEvent::Chose {
                node: self.rename(node),
                index,
                score,
            },
            TraceEvent::SubsetViolation { node } => TraceEvent::SubsetViolation {
                node: self.rename(node),
            },
            TraceEvent::Log { node, message } => TraceEvent::Log {
                node: self.rename(node),
                message,
            },
            TraceEvent::EntryRefused { node, status } => TraceEvent::EntryRefused {
                node: self.rename(node),
                status,
            },
            e @ (TraceEvent::TickStart { .. }
            | TraceEvent::TickEnd { .. }
            | TraceEvent::LaunchRefused { .. }
            | TraceEvent::CancelRefused { .. }) => e,
        };
        self.inner.event(event);
    }
}

impl<A, W, V: Visitor<A, W> + ?Sized> Visitor<A, W> for Renamed<'_, V> {
    #[inline(always)]
    fn node(&mut self, node: &'static NodeInfo) {
        let node = self.rename(node);
        self.inner.node(node);
    }
    #[inline(always)]
    fn behavior<B: Behavior<A, W> + 'static>(&mut self, node: &'static NodeInfo, memory: &B) {
        let node = self.rename(node);
        self.inner.behavior(node, memory);
    }
    #[inline(always)]
    fn decorator<D: Decorator<A, W> + 'static>(&mut self, node: &'static NodeInfo, memory: &D) {
        let node = self.rename(node);
        self.inner.decorator(node, memory);
    }
    #[inline(always)]
    fn memory(&mut self, node: &'static NodeInfo, memory: &dyn core::fmt::Debug) {
        let node = self.rename(node);
        self.inner.memory(node, memory);
    }
}

impl<A, W, V: VisitorMut<A, W> + ?Sized> VisitorMut<A, W> for Renamed<'_, V> {
    #[inline(always)]
    fn node(&mut self, node: &'static NodeInfo, agent: &mut A, ctx: &mut Ctx<W>) {
        let node = self.rename(node);
        self.inner.node(node, agent, ctx);
    }
    #[inline(always)]
    fn behavior<B: Behavior<A, W> + 'static>(
        &mut self,
        node: &'static NodeInfo,
        memory: &mut B,
        agent: &mut A,
        ctx: &mut Ctx<W>,
    ) {
        let node = self.rename(node);
        self.inner.behavior(node, memory, agent, ctx);
    }
    #[inline(always)]
    fn decorator<D: Decorator<A, W> + 'static>(
        &mut self,
        node: &'static NodeInfo,
        memory: &mut D,
        agent: &mut A,
        ctx: &mut Ctx<W>,
    ) {
        let node = self.rename(node);
        self.inner.decorator(node, memory, agent, ctx);
    }
}
