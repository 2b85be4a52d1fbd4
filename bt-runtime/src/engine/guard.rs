//! Guards (G1, G2): a decide's verdict and its tracing, the flag tests of
//! `when(any(…), all(…), none(…))`, the preconditions and their re-check.
use crate::base::flags::Flags;
use crate::base::shape::NodeInfo;
use crate::base::timer::Timer;
use crate::ctx::Ctx;
use crate::hooks::decide::Decision;
use crate::trace_hook::{Reject, Trace, TraceEvent};

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
    ctx.subset_violation(node);
    tr.event(TraceEvent::SubsetViolation { node });
}
