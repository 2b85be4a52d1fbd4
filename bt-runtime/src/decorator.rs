//! [`Decorator`]: a node with exactly one child that decides when the child
//! runs and what its status means (R1–R7, R11).
//!
//! Every built-in decorator keyword (`invert`, `repeat(n)`, `timeout(d)`, …)
//! is an ordinary implementation of this trait, defined below ([`Invert`],
//! [`Repeat`], [`Timeout`], …); a tree's generated code only drives them,
//! through one runtime function per step. The same trait is what a user
//! implements for a decorator of their own.
//!
//! Each built-in has a `new` taking its keyword's argument, if any: a
//! [`Status`] (`force`, `always`), an `Option<Status>` (`run_once`), a count
//! `Option<u64>` with `None` for `forever` (`repeat`, `retry`) or seconds
//! (`cooldown`, `cooldown_on_failure`, `timeout`, `delay`). That is what a
//! tree's generated code calls: `timeout(2.0) { … }` builds
//! `Timeout::new(2.0)` each time it enters.
//!
//! # The protocol
//!
//! A decorator's value is its **memory**: built fresh each time the decorator
//! enters the active path, dropped when it leaves (like a behavior's,
//! L3). What must outlive an activation (a cooldown's timer) is its
//! [`Persist`](Decorator::Persist) value, one per decorator node per agent,
//! kept in the tree state and returned to its `Default` by `reset`.
//!
//! Each tick of the decorator, in order:
//!
//! 1. [`before`](Decorator::before) — told whether the child is running —
//!    says whether to tick the child ([`Before::Tick`], which enters it if it
//!    is not running), to report `Running` without touching it
//!    ([`Before::Wait`]), or to complete with a status
//!    ([`Before::Stop`], which halts a running child first). A decorator that
//!    stops in the very tick it enters is not activated at all (a cooldown
//!    that is not due refuses entry, as a failed `activate` would).
//! 2. the child is entered or ticked;
//! 3. [`after`](Decorator::after) maps the child's status to the decorator's.
//!    Mapping a running child to a completion halts the child (C7);
//!    mapping a completed child to `Running` runs it again from scratch on
//!    the next tick (R5).
//!
//! [`enter`](Decorator::enter) runs once when the decorator enters, before the
//! first `before`; [`exit`](Decorator::exit) once when it leaves, whatever
//! the reason.
//!
//! Decorators see the agent and the context read-only, as deciding code does
//! (P3): they decide about their child, they do not act on the world.

use crate::behavior::Exit;
use crate::ctx::Ctx;
use crate::status::Status;
use crate::timer::Timer;

/// What a decorator wants before its child runs this tick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Before {
    /// Tick the child (enter it if it is not running).
    Tick,
    /// Report `Running` without entering or ticking the child.
    Wait,
    /// Complete with this status now; a running child is halted first.
    Stop(Status),
}

/// A decorator: one child, and the rule for when it runs and what its
/// status means. See the [module documentation](self) for the protocol.
///
/// Only [`after`](Decorator::after) is required: a decorator that maps its
/// child's status and nothing else (`invert`) writes just that.
///
/// ```
/// use deciders::decorator::Before;
/// use deciders::Decorator;
/// use deciders::{Ctx, Status};
///
/// /// Unity's "loop until it fails": runs its child again after every
/// /// success, and fails when the child fails.
/// struct UntilFailure;
///
/// impl<A, W> Decorator<A, W> for UntilFailure {
///     type Persist = ();
///     fn after(&mut self, _: &mut (), _: &A, _: &Ctx<W>, child: Status) -> Status {
///         match child {
///             Status::Failure => Status::Failure,
///             // Success: run it again next tick.
///             _ => Status::Running,
///         }
///     }
/// }
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a decorator for agent `{A}` and world `{W}`: it needs `impl Decorator<{A}, {W}> for {Self}`",
    label = "not a `Decorator<{A}, {W}>`",
    note = "a decorator names its persistent state (`type Persist = ();` when there is none) and maps its child's status in `fn after`; `enter`, `before` and `exit` have defaults"
)]
pub trait Decorator<A, W = ()> {
    /// State that outlives an activation, one per decorator node per agent
    /// (a cooldown's timer). `()` when there is none.
    type Persist: Default;

    /// The decorator enters the active path (its memory is fresh).
    /// Default: nothing.
    #[inline(always)]
    fn enter(&mut self, persist: &mut Self::Persist, agent: &A, ctx: &Ctx<W>) {
        let _ = (persist, agent, ctx);
    }

    /// Before the child, every tick: tick it, wait, or stop.
    /// Default: [`Before::Tick`].
    #[inline(always)]
    fn before(
        &mut self,
        persist: &mut Self::Persist,
        agent: &A,
        ctx: &Ctx<W>,
        child_running: bool,
    ) -> Before {
        let _ = (persist, agent, ctx, child_running);
        Before::Tick
    }

    /// The decorator's status, given the child's status this tick.
    fn after(
        &mut self,
        persist: &mut Self::Persist,
        agent: &A,
        ctx: &Ctx<W>,
        child: Status,
    ) -> Status;

    /// The decorator leaves the active path: it completed (`Completed`) or
    /// was halted (`Halted`). Default: nothing.
    #[inline(always)]
    fn exit(&mut self, persist: &mut Self::Persist, agent: &A, ctx: &Ctx<W>, exit: Exit) {
        let _ = (persist, agent, ctx, exit);
    }
}

/// `invert` (R1): `Success` ↔ `Failure`, `Running` unchanged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Invert;

impl Invert {
    /// `invert`: what the generated code builds (the unit value `Invert`
    /// is the same).
    #[inline(always)]
    pub const fn new() -> Invert {
        Invert
    }
}

impl<A, W> Decorator<A, W> for Invert {
    type Persist = ();
    #[inline(always)]
    fn after(&mut self, _: &mut (), _: &A, _: &Ctx<W>, child: Status) -> Status {
        child.invert()
    }
}

/// `force(S)` (R2): a completion becomes `S`; `Running` stays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Force(pub Status);

impl Force {
    /// `force(status)`; the same as `Force(status)`.
    #[inline(always)]
    pub const fn new(status: Status) -> Force {
        Force(status)
    }
}

impl<A, W> Decorator<A, W> for Force {
    type Persist = ();
    #[inline(always)]
    fn after(&mut self, _: &mut (), _: &A, _: &Ctx<W>, child: Status) -> Status {
        if child.is_done() {
            self.0
        } else {
            child
        }
    }
}

/// `always(S)` (R2): every status becomes `S`; a running child mapped
/// to a completion is halted, a completed child mapped to `Running` runs
/// again next tick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Always(pub Status);

impl Always {
    /// `always(status)`; the same as `Always(status)`.
    #[inline(always)]
    pub const fn new(status: Status) -> Always {
        Always(status)
    }
}

impl<A, W> Decorator<A, W> for Always {
    type Persist = ();
    #[inline(always)]
    fn after(&mut self, _: &mut (), _: &A, _: &Ctx<W>, _child: Status) -> Status {
        self.0
    }
}

/// `repeat(n)` and `repeat(forever)` (R5): each `Success` of the child
/// restarts it (next tick); after `n` successes, `Success`; a `Failure` is
/// `Failure`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Repeat {
    max: Option<u64>,
    done: u64,
}

impl Repeat {
    /// `repeat(n)`; `None` repeats forever.
    #[inline(always)]
    pub const fn new(max: Option<u64>) -> Repeat {
        Repeat { max, done: 0 }
    }
}

impl<A, W> Decorator<A, W> for Repeat {
    type Persist = ();
    #[inline(always)]
    fn after(&mut self, _: &mut (), _: &A, _: &Ctx<W>, child: Status) -> Status {
        if child != Status::Success {
            return child;
        }
        match self.max {
            None => Status::Running,
            Some(max) => {
                self.done += 1;
                if self.done >= max {
                    Status::Success
                } else {
                    Status::Running
                }
            }
        }
    }
}

/// `retry(n)` (R5): each `Failure` of the child restarts it (next
/// tick), up to `n` attempts; `Success` is `Success`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Retry {
    max: Option<u64>,
    failed: u64,
}

impl Retry {
    /// `retry(n)`: at most `n` attempts; `None` (`retry(forever)`) retries
    /// until the child succeeds.
    #[inline(always)]
    pub const fn new(max: Option<u64>) -> Retry {
        Retry { max, failed: 0 }
    }
}

impl<A, W> Decorator<A, W> for Retry {
    type Persist = ();
    #[inline(always)]
    fn after(&mut self, _: &mut (), _: &A, _: &Ctx<W>, child: Status) -> Status {
        if child != Status::Failure {
            return child;
        }
        let Some(max) = self.max else {
            return Status::Running;
        };
        self.failed += 1;
        if self.failed >= max {
            Status::Failure
        } else {
            Status::Running
        }
    }
}

/// `run_once` and `run_once(S)` (R13): ticks its child until the child
/// first completes; from then on it completes at once without ticking the
/// child, with the child's stored status (or `S` when given, e.g.
/// `run_once(Success)` to be skipped in a `sequence`), until `reset`. The
/// stored status is persistent: a halt keeps it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RunOnce(pub Option<Status>);

impl RunOnce {
    /// `run_once` (`None`: complete with the child's stored status) or
    /// `run_once(status)`; the same as `RunOnce(status)`.
    #[inline(always)]
    pub const fn new(status: Option<Status>) -> RunOnce {
        RunOnce(status)
    }
}

impl<A, W> Decorator<A, W> for RunOnce {
    /// The child's first completion.
    type Persist = Option<Status>;
    #[inline(always)]
    fn before(&mut self, done: &mut Option<Status>, _: &A, _: &Ctx<W>, _: bool) -> Before {
        match *done {
            Some(s) => Before::Stop(self.0.unwrap_or(s)),
            None => Before::Tick,
        }
    }
    #[inline(always)]
    fn after(&mut self, done: &mut Option<Status>, _: &A, _: &Ctx<W>, child: Status) -> Status {
        if child.is_done() {
            *done = Some(child);
        }
        child
    }
}

/// `recheck(…) { child }` (R12): passes the child's status through.
/// The guard between the parentheses is the child's, marked `recheck`
/// (G3): checked when the child is entered and every tick while it
/// runs; a rejection halts the child and counts as `Failure`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Recheck;

impl Recheck {
    /// `recheck(…)`: what the generated code builds (the unit value
    /// `Recheck` is the same).
    #[inline(always)]
    pub const fn new() -> Recheck {
        Recheck
    }
}

impl<A, W> Decorator<A, W> for Recheck {
    type Persist = ();
    #[inline(always)]
    fn after(&mut self, _: &mut (), _: &A, _: &Ctx<W>, child: Status) -> Status {
        child
    }
}

/// The entry check of both cooldowns (R3, R4): a child that is not
/// running yet is entered only once `seconds` have passed since `last`.
#[inline(always)]
fn cooled_down(last: &Timer, now: f64, seconds: f64, running: bool) -> Before {
    if !running && !last.is_due(now, seconds) {
        Before::Stop(Status::Failure)
    } else {
        Before::Tick
    }
}

/// `cooldown(d)` (R4): after the child completes, `Failure` without
/// entering it until `d` seconds have passed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cooldown(pub f64);

impl Cooldown {
    /// `cooldown(seconds)`; the same as `Cooldown(seconds)`.
    #[inline(always)]
    pub const fn new(seconds: f64) -> Cooldown {
        Cooldown(seconds)
    }
}

impl<A, W> Decorator<A, W> for Cooldown {
    type Persist = Timer;
    #[inline(always)]
    fn before(&mut self, last: &mut Timer, _: &A, ctx: &Ctx<W>, running: bool) -> Before {
        cooled_down(last, ctx.now(), self.0, running)
    }
    #[inline(always)]
    fn after(&mut self, last: &mut Timer, _: &A, ctx: &Ctx<W>, child: Status) -> Status {
        if child.is_done() {
            last.stamp(ctx.now());
        }
        child
    }
}

/// `cooldown_on_failure(d)` (R3): `Failure` without entering the child
/// if it failed within the last `d` seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CooldownOnFailure(pub f64);

impl CooldownOnFailure {
    /// `cooldown_on_failure(seconds)`; the same as
    /// `CooldownOnFailure(seconds)`.
    #[inline(always)]
    pub const fn new(seconds: f64) -> CooldownOnFailure {
        CooldownOnFailure(seconds)
    }
}

impl<A, W> Decorator<A, W> for CooldownOnFailure {
    type Persist = Timer;
    #[inline(always)]
    fn before(&mut self, last: &mut Timer, _: &A, ctx: &Ctx<W>, running: bool) -> Before {
        cooled_down(last, ctx.now(), self.0, running)
    }
    #[inline(always)]
    fn after(&mut self, last: &mut Timer, _: &A, ctx: &Ctx<W>, child: Status) -> Status {
        if child == Status::Failure {
            last.stamp(ctx.now());
        }
        child
    }
}

/// `timeout(d)` (R6): if the child still runs `d` seconds after the
/// decorator entered, it is halted and the decorator fails.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timeout {
    seconds: f64,
    start: f64,
}

impl Timeout {
    /// `timeout(seconds)`.
    #[inline(always)]
    pub const fn new(seconds: f64) -> Timeout {
        Timeout {
            seconds,
            start: 0.0,
        }
    }
}

impl<A, W> Decorator<A, W> for Timeout {
    type Persist = ();
    #[inline(always)]
    fn enter(&mut self, _: &mut (), _: &A, ctx: &Ctx<W>) {
        self.start = ctx.now();
    }
    #[inline(always)]
    fn before(&mut self, _: &mut (), _: &A, ctx: &Ctx<W>, running: bool) -> Before {
        if running && ctx.now() - self.start >= self.seconds {
            Before::Stop(Status::Failure)
        } else {
            Before::Tick
        }
    }
    #[inline(always)]
    fn after(&mut self, _: &mut (), _: &A, _: &Ctx<W>, child: Status) -> Status {
        child
    }
}

/// `delay(d)` (R7): `Running` for `d` seconds after the decorator
/// entered, then the child runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Delay {
    seconds: f64,
    start: f64,
}

impl Delay {
    /// `delay(seconds)`.
    #[inline(always)]
    pub const fn new(seconds: f64) -> Delay {
        Delay {
            seconds,
            start: 0.0,
        }
    }
}

impl<A, W> Decorator<A, W> for Delay {
    type Persist = ();
    #[inline(always)]
    fn enter(&mut self, _: &mut (), _: &A, ctx: &Ctx<W>) {
        self.start = ctx.now();
    }
    #[inline(always)]
    fn before(&mut self, _: &mut (), _: &A, ctx: &Ctx<W>, running: bool) -> Before {
        if !running && ctx.now() - self.start < self.seconds {
            Before::Wait
        } else {
            Before::Tick
        }
    }
    #[inline(always)]
    fn after(&mut self, _: &mut (), _: &A, _: &Ctx<W>, child: Status) -> Status {
        child
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after<D: Decorator<(), ()>>(d: &mut D, p: &mut D::Persist, s: Status) -> Status {
        d.after(p, &(), &Ctx::new(0.1), s)
    }

    #[test]
    fn r5_repeat_counts_successes_and_passes_failure() {
        let mut r = Repeat::new(Some(2));
        assert_eq!(after(&mut r, &mut (), Status::Success), Status::Running);
        assert_eq!(after(&mut r, &mut (), Status::Running), Status::Running);
        assert_eq!(after(&mut r, &mut (), Status::Success), Status::Success);
        let mut r = Repeat::new(None);
        for _ in 0..100 {
            assert_eq!(after(&mut r, &mut (), Status::Success), Status::Running);
        }
        assert_eq!(after(&mut r, &mut (), Status::Failure), Status::Failure);
    }

    #[test]
    fn r5_retry_counts_failures() {
        let mut r = Retry::new(Some(3));
        assert_eq!(after(&mut r, &mut (), Status::Failure), Status::Running);
        assert_eq!(after(&mut r, &mut (), Status::Failure), Status::Running);
        assert_eq!(after(&mut r, &mut (), Status::Failure), Status::Failure);
        let mut r = Retry::new(Some(3));
        assert_eq!(after(&mut r, &mut (), Status::Success), Status::Success);
    }

    #[test]
    fn r1_r2_mappings() {
        assert_eq!(
            after(&mut Invert, &mut (), Status::Success),
            Status::Failure
        );
        assert_eq!(
            after(&mut Invert, &mut (), Status::Running),
            Status::Running
        );
        let mut f = Force(Status::Success);
        assert_eq!(after(&mut f, &mut (), Status::Failure), Status::Success);
        assert_eq!(after(&mut f, &mut (), Status::Running), Status::Running);
        let mut a = Always(Status::Failure);
        assert_eq!(after(&mut a, &mut (), Status::Running), Status::Failure);
    }
}
