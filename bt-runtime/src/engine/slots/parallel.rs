//! `parallel` and `concurrent` (C5, C6): the policy over the slots, its
//! thresholds, its tick and its halt.
use crate::base::status::Status;
use crate::ctx::Ctx;
use crate::engine::slots::{SlotVisit, Slots};
use crate::trace_hook::Trace;
use core::ops::ControlFlow;

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

/// How a parallel node decides (C5, C6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParallelPolicy {
    /// `parallel`: `Success` once `success` children succeeded, `Failure`
    /// once `failure` failed or success can no longer be reached.
    Thresholds {
        /// Successes needed.
        success: usize,
        /// Failures that fail it.
        failure: usize,
    },
    /// `concurrent`: completed children run again; the first failure fails
    /// it, all succeeding in one tick succeeds it.
    Concurrent,
    /// `parallel(all_complete, failure >= m)`: no early exit; once every
    /// child completed, `Failure` if at least `failure` of them failed,
    /// else `Success`.
    AllComplete {
        /// Failures that fail it.
        failure: usize,
    },
}

/// Halts a parallel node's running children, in declaration order.
#[inline]
pub fn parallel_halt<S: Slots<P, A, W>, P, A, W, Tr: Trace>(
    s: &mut S,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) {
    for i in 0..S::LEN {
        s.halt(i, ps, agent, ctx, tr);
    }
}

/// The outcome of thresholds so far.
#[inline(always)]
fn outcome<S: Slots<P, A, W>, P, A, W>(s: &S, success: usize, failure: usize) -> Option<Status> {
    let (mut successes, mut failures) = (0, 0);
    for i in 0..S::LEN {
        match s.done(i) {
            Some(Status::Success) => successes += 1,
            Some(Status::Failure) => failures += 1,
            _ => {}
        }
    }
    parallel_outcome(successes, failures, S::LEN, success, failure)
}

impl<S: Slots<P, A, W>, P, A, W> SlotVisit<S, P, A, W> for ParallelPolicy {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn child<Tr: Trace>(
        &mut self,
        s: &mut S,
        i: usize,
        ps: &mut P,
        agent: &mut A,
        ctx: &mut Ctx<W>,
        tr: &mut Tr,
    ) -> ControlFlow<Status> {
        match *self {
            ParallelPolicy::Concurrent => {
                s.restart(i);
                s.step(i, ps, agent, ctx, tr);
                if s.done(i) == Some(Status::Failure) {
                    parallel_halt(s, ps, agent, ctx, tr);
                    return ControlFlow::Break(Status::Failure);
                }
            }
            ParallelPolicy::Thresholds { success, failure } => {
                s.step(i, ps, agent, ctx, tr);
                if let Some(out) = outcome(s, success, failure) {
                    parallel_halt(s, ps, agent, ctx, tr);
                    return ControlFlow::Break(out);
                }
            }
            ParallelPolicy::AllComplete { .. } => s.step(i, ps, agent, ctx, tr),
        }
        ControlFlow::Continue(())
    }
}

/// A tick of a `parallel` or `concurrent` (C5, C6): idle children are
/// entered and running ones ticked, in declaration order, stopping as soon
/// as the outcome is decided (the children still running are then halted,
/// in declaration order).
#[inline(always)]
pub fn parallel_tick<S: Slots<P, A, W>, P, A, W, Tr: Trace>(
    mut policy: ParallelPolicy,
    s: &mut S,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Status {
    if let ControlFlow::Break(out) = s.each(&mut policy, ps, agent, ctx, tr) {
        return out;
    }
    match policy {
        ParallelPolicy::Concurrent => {
            if (0..S::LEN).all(|i| s.done(i) == Some(Status::Success)) {
                Status::Success
            } else {
                Status::Running
            }
        }
        ParallelPolicy::Thresholds { .. } => Status::Running,
        ParallelPolicy::AllComplete { failure } => {
            let mut failures = 0;
            for i in 0..S::LEN {
                match s.done(i) {
                    None => return Status::Running,
                    Some(Status::Failure) => failures += 1,
                    Some(_) => {}
                }
            }
            if failures >= failure {
                Status::Failure
            } else {
                Status::Success
            }
        }
    }
}

// ----------------------------------------------------------- control nodes

/// Steps child `i` (entering it if idle) and returns its status this tick:
/// `Running`, or its completion (the slot then stays `Done`).
#[inline(always)]
pub(crate) fn run_slot<S: Slots<P, A, W>, P, A, W, Tr: Trace>(
    i: usize,
    s: &mut S,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Status {
    s.step(i, ps, agent, ctx, tr);
    s.done(i).unwrap_or(Status::Running)
}

/// The branch a completed condition selects: `then` on `Success`, the one
/// after it on `Failure`.
#[inline(always)]
pub(crate) fn branch(condition: Status, then: usize) -> usize {
    if condition == Status::Success {
        then
    } else {
        then + 1
    }
}
