//! The control nodes over slots (C8–C10): `if_then_else`, `while_do_else`
//! and `switch`.
use crate::base::status::Status;
use crate::ctx::Ctx;
use crate::engine::slots::parallel::{branch, run_slot};
use crate::engine::slots::Slots;
use crate::trace_hook::Trace;

/// A tick of an `if_then_else { C, T [, E] }` (C8): the condition runs
/// until it completes, once per activation; then `Success` runs `T`,
/// `Failure` runs `E`, or fails the node when there is no `E`. The node
/// reports the branch's status; the condition is not evaluated again while
/// a branch runs.
#[inline(always)]
pub fn if_then_else_tick<S: Slots<P, A, W>, P, A, W, Tr: Trace>(
    s: &mut S,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Status {
    let condition = match s.done(0) {
        Some(c) => c,
        None => match run_slot(0, s, ps, agent, ctx, tr) {
            Status::Running => return Status::Running,
            c => c,
        },
    };
    let b = branch(condition, 1);
    if b >= S::LEN {
        return Status::Failure;
    }
    run_slot(b, s, ps, agent, ctx, tr)
}

/// A tick of a `while_do_else { C, D [, E] }` (C9): the condition runs
/// every tick (entered anew once it completed). `Running`: the node runs
/// and no branch is ticked. `Success` selects `D`, `Failure` `E` (or fails
/// the node when there is no `E`); the other branch, if it runs, is halted
/// before the selected one is ticked.
#[inline(always)]
pub fn while_do_else_tick<S: Slots<P, A, W>, P, A, W, Tr: Trace>(
    s: &mut S,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Status {
    s.restart(0);
    let condition = run_slot(0, s, ps, agent, ctx, tr);
    if condition == Status::Running {
        return Status::Running;
    }
    let b = branch(condition, 1);
    let other = if b == 1 { 2 } else { 1 };
    if other < S::LEN {
        s.halt(other, ps, agent, ctx, tr);
    }
    if b >= S::LEN {
        return Status::Failure;
    }
    run_slot(b, s, ps, agent, ctx, tr)
}

/// A tick of a `switch` (C10) whose value matched case `case` this
/// tick (`LEN` or more: none matched). A previous case still running is
/// halted before the matching one is ticked; no matching case fails the
/// node.
#[inline(always)]
pub fn switch_tick<S: Slots<P, A, W>, P, A, W, Tr: Trace>(
    case: usize,
    s: &mut S,
    ps: &mut P,
    agent: &mut A,
    ctx: &mut Ctx<W>,
    tr: &mut Tr,
) -> Status {
    for i in 0..S::LEN {
        if i != case {
            s.halt(i, ps, agent, ctx, tr);
        }
    }
    if case >= S::LEN {
        return Status::Failure;
    }
    run_slot(case, s, ps, agent, ctx, tr)
}
