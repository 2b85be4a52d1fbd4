//! [`Decorator`]: a node with exactly one child that decides when the child
//! runs and what its status means (R1–R7, R11).
//!
//! Every built-in decorator keyword (`invert`, `repeat(n)`, `timeout(d)`, …)
//! is an ordinary implementation of this trait, defined below ([`Invert`],
//! [`Repeat`], [`Timeout`], …), or in [`limit`](crate::limit) for
//! `limit(resource, max)` (R8); a tree's generated code only drives them,
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
//! The protocol, below, is the same for the built-ins and for yours.
#![doc = crate::__doc_decorator_protocol!()]

use core::fmt;

use crate::behavior::Exit;
use crate::ctx::Ctx;
use crate::status::Status;
use crate::timer::Timer;

/// The protocol of [`Decorator`], which the façade `deciders` shows in its
/// own `decorator` module too.
#[doc(hidden)]
#[macro_export]
macro_rules! __doc_decorator_protocol {
    () => {
        r##"# The protocol

A decorator has two kinds of state. Its value is its **memory**: built
each time the decorator enters the active path (`decorate(Type)` builds it
with `Default`, `decorate(Type::new(…))` or a struct literal with that
expression) and dropped when it leaves, like a behavior's (L3). Its
[`Persist`](crate::Decorator::Persist) value outlives activations: one per
decorator node per agent, in the tree state, starting as `Default`, kept by
`halt`, returned to `Default` by `reset` (a cooldown's timer lives there).

**When the decorator enters** (its parent reaches it):

1. [`enter`](crate::Decorator::enter) runs, then
   [`before`](crate::Decorator::before) with `child_running = false`;
2. on [`Before::Stop`] with `Success` or `Failure`, the decorator completes
   with that status at once **without being activated**: no `exit` later,
   its child is not entered, no trace event but
   [`EntryRefused`](crate::TraceEvent::EntryRefused) for a decorator whose
   [`TRACE_REFUSAL`](crate::Decorator::TRACE_REFUSAL) is `true` (a cooldown
   that is not due refuses entry this way, as a failed `activate` would, L2,
   untraced; a full `limit` likewise, traced);
3. on [`Before::Wait`] (or `Stop(Running)`), it is activated and reports
   `Running` without entering its child;
4. on [`Before::Tick`], it is activated and its child is entered (the
   child's guard, if any, is checked first: a rejection counts as the
   child's `Failure`, G4), then [`after`](crate::Decorator::after) maps the
   child's status of this tick (below).

**Each later tick while it is active:**

1. `before(child_running)`, where `child_running` says whether the child
   is running now: `false` if it was never entered (the decorator waited)
   or if it completed in an earlier tick and the decorator kept running;
2. [`Before::Tick`]: the running child is ticked, or, if it is not running,
   entered afresh (a new memory); then `after` maps its status.
   [`Before::Wait`]: the decorator reports `Running` and the child is left
   alone (a running child stays active but is not ticked this tick).
   [`Before::Stop`]`(s)`: a running child is halted (its behaviors are told
   [`Exit::Halted`](crate::Exit::Halted)), and the decorator reports `s`:
   with `Success` or `Failure` it completes; with `Running` it stays active,
   and waits from then on until a `before` says otherwise.

**What `after` returns.** `after(child)` runs exactly once in every tick in
which the child was entered or ticked, with the child's status of that tick,
and never in a tick where `before` said `Wait` or `Stop`. It returns the
decorator's status:

- the child's own status passes it through (`Running` while the child runs);
- a completion (`Success`, `Failure`) completes the decorator; if the child
  is still running it is halted first (C7: `always(Failure)` over a running
  child);
- `Running` after the child completed keeps the decorator active with no
  child running: the child is entered again, from scratch, on the next tick
  whose `before` says `Tick` (R5: that is how `repeat` and `retry` run it
  again). Never in the same tick: one pass per tick.

**When it leaves**, [`exit`](crate::Decorator::exit) runs once:
[`Exit::Completed`](crate::Exit::Completed)`(s)` when it completed (`after`
or `before` gave `s`), [`Exit::Halted`](crate::Exit::Halted) when something
else removed it (a higher-priority sibling, its parent leaving, `halt`,
`reset`), after its running child was halted (deepest first, L2). A
decorator refused at entry (step 2 above) gets no `exit`.

Decorators see the agent and the context read-only, as deciding code does
(P3): they decide about their child, they do not act on the world.

# Example: a retry after a pause

A decorator of your own that runs its child again once after a failure,
leaving a tick of pause between the two tries, ticked step by step:

```
use deciders::decorator::Before;
use deciders::{Behavior, Ctx, Decorator, Frame, Status};

/// The agent: a lock that jams once, and what the picking did.
struct Lock { jams: u32, attempts: u32, ticks: u32 }

/// Picks for two ticks, then fails if the lock jams, else succeeds.
#[derive(Default)]
struct Pick { ticks: u32 }
impl Behavior<Lock> for Pick {
    fn activate(&mut self, lock: &mut Lock, _: &mut Ctx) -> Status {
        lock.attempts += 1;
        Status::Running
    }
    fn tick(&mut self, lock: &mut Lock, _: &mut Ctx) -> Status {
        self.ticks += 1;
        lock.ticks += 1;
        if self.ticks < 2 {
            Status::Running
        } else if lock.jams > 0 {
            lock.jams -= 1;
            Status::Failure
        } else {
            Status::Success
        }
    }
}

/// Retries its child once after a failure, one tick later.
#[derive(Default)]
struct RetryAfterPause { failed: bool, pause: bool }

impl Decorator<Lock> for RetryAfterPause {
    type Persist = (); // nothing outlives an activation
    fn before(&mut self, _: &mut (), _: &Lock, _: &Ctx, child_running: bool) -> Before {
        if !child_running && self.pause {
            self.pause = false;
            Before::Wait // `Running`, without entering the child
        } else {
            Before::Tick // tick the running child, or enter it
        }
    }
    fn after(&mut self, _: &mut (), _: &Lock, _: &Ctx, child: Status) -> Status {
        match child {
            Status::Failure if !self.failed => {
                self.failed = true;
                self.pause = true;
                Status::Running // the child completed: it runs again later
            }
            other => other,
        }
    }
}

deciders::tree! {
    tree Burglar for Lock {
        decorate(RetryAfterPause) { pick: Pick }
    }
}

let mut lock = Lock { jams: 1, attempts: 0, ticks: 0 };
let mut burglar = Burglar::new();
let mut tick = |lock: &mut Lock| {
    let status = burglar.tick(lock, &mut Frame::new(0.1));
    let mut path = Vec::new();
    burglar.active_path(|n| path.push(n.name));
    (status, lock.attempts, lock.ticks, path)
};
use Status::{Running, Success};
// 1. Entering: `before(false)` says Tick, PICK is entered and runs;
//    `after(Running)` passes it through.
assert_eq!(tick(&mut lock), (Running, 1, 1, vec!["root", "pick"]));
// 2. `before(true)`: Tick. PICK fails on its second tick; `after(Failure)`
//    answers Running: the decorator stays, with no child running.
assert_eq!(tick(&mut lock), (Running, 1, 2, vec!["root"]));
// 3. `before(false)`: Wait. Running, and PICK is not entered.
assert_eq!(tick(&mut lock), (Running, 1, 2, vec!["root"]));
// 4. `before(false)`: Tick. PICK is entered again, with a fresh memory.
assert_eq!(tick(&mut lock), (Running, 2, 3, vec!["root", "pick"]));
// 5. `before(true)`: Tick. PICK succeeds, `after(Success)` passes it
//    through: the decorator completes, and with it the tree.
assert_eq!(tick(&mut lock), (Success, 2, 4, vec![]));
```
"##
    };
}

/// What a decorator wants before its child runs this tick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Before {
    /// Tick the child (enter it if it is not running).
    Tick,
    /// Report `Running` without entering or ticking the child.
    Wait,
    /// Complete with this status now; a running child is halted first.
    /// `Stop(Status::Running)` halts a running child and reports `Running`:
    /// the decorator stays active, without a child, as after `Wait`.
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

    /// The messages the tracing hook gets when the decorator is entered and
    /// when it completes (R9: what `log(…)` is). Default: none.
    #[inline(always)]
    fn log(&self) -> LogMessages {
        LogMessages::NONE
    }

    /// Whether a refusal at entry (`before` stopping with `Success` or
    /// `Failure` when the decorator is reached) is reported to the tracing
    /// hook as [`TraceEvent::EntryRefused`](crate::TraceEvent::EntryRefused).
    /// `true` for [`Limit`](crate::Limit), whose refusal (its resource is
    /// full) depends on other agents and is worth seeing; default `false`:
    /// a refusal that is the decorator's ordinary answer (a cooldown not
    /// due) leaves no event.
    const TRACE_REFUSAL: bool = false;
}

/// What a decorator reports to the tracing hook (R9) as
/// [`TraceEvent::Log`](crate::TraceEvent::Log): on entry, on success, on
/// failure. `'static` text of the tree: nothing is formatted on the tick
/// path.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LogMessages {
    /// On entry.
    pub start: Option<&'static str>,
    /// When it completes with `Success`.
    pub success: Option<&'static str>,
    /// When it completes with `Failure`.
    pub failure: Option<&'static str>,
}

impl LogMessages {
    /// No message.
    pub const NONE: LogMessages = LogMessages {
        start: None,
        success: None,
        failure: None,
    };
}

/// `log(start = "…", success = "…", failure = "…") { child }` (R9): the
/// child's status unchanged, with messages to the tracing hook on entry,
/// success and failure (not when halted).
///
/// Not saved with the feature `serde` (O6): its messages are the tree's
/// `&'static str`, which a load cannot give back. A tree with a `log` that
/// derives `Serialize` or `Deserialize` does not compile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Log(pub LogMessages);

impl<A, W> Decorator<A, W> for Log {
    type Persist = ();
    #[inline(always)]
    fn after(&mut self, _: &mut (), _: &A, _: &Ctx<W>, child: Status) -> Status {
        child
    }
    #[inline(always)]
    fn log(&self) -> LogMessages {
        self.0
    }
}

/// `invert` (R1): `Success` ↔ `Failure`, `Running` unchanged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
///
/// Its `Debug` reads `Repeat { done: 1, of: 3 }` (`of: forever`): the
/// child's successes so far.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
                // Saturating: no count, loaded or not, overflows.
                self.done = self.done.saturating_add(1);
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
///
/// Its `Debug` reads `Retry { failed: 1, of: 3 }` (`of: forever`): the
/// child's failures so far.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
        // Saturating: no count, loaded or not, overflows.
        self.failed = self.failed.saturating_add(1);
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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
///
/// Its `Debug` reads `Timeout { seconds: 2.0, since: 0.5 }`: the limit and
/// the tree clock when the decorator entered.
#[derive(Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Timeout {
    seconds: f64,
    #[cfg_attr(feature = "serde", serde(deserialize_with = "crate::timer::start"))]
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
///
/// Its `Debug` reads `Delay { seconds: 0.5, since: 1.0 }`: the delay and
/// the tree clock when the decorator entered.
#[derive(Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Delay {
    seconds: f64,
    #[cfg_attr(feature = "serde", serde(deserialize_with = "crate::timer::start"))]
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

/// What a running built-in node takes from the program rather than from a
/// loaded state (O6): its parameters, `repeat(3)`'s 3, `timeout`'s
/// seconds, a cooldown's, `force`'s status, `wait(d)`'s seconds,
/// `wait_until`'s test. They are the tree's, as the program declares it: a
/// tree that derives `Deserialize` puts them back into each running
/// built-in decorator
/// ([`DecoratorNode::program`](crate::drive::DecoratorNode::program)) and
/// `wait` or `wait_until` leaf
/// ([`Programmed`](crate::composite::Programmed)) before its tick, so that
/// a save's edited or outdated parameters never run. Its memory (a count,
/// a start) is kept; a start after the clock is moved to the clock.
///
/// ```
/// use deciders::decorator::{Program, Repeat};
/// let mut loaded = Repeat::new(None); // `"max": null` in a save…
/// loaded.program(Repeat::new(Some(3)), 0.0);
/// assert_eq!(format!("{loaded:?}"), "Repeat { done: 0, of: 3 }"); // …runs as `repeat(3)`
/// ```
pub trait Program: Sized {
    /// Takes `program`'s parameters (the node's memory as the tree builds
    /// it on entry) and keeps the rest of `self`; `now` is the tree clock.
    fn program(&mut self, program: Self, now: f64);
}

/// The nodes that are all parameters: the program's value replaces the
/// loaded one.
macro_rules! all_parameters {
    ($($ty:ty),*) => {$(
        impl $crate::decorator::Program for $ty {
            #[inline(always)]
            fn program(&mut self, program: Self, _now: f64) {
                *self = program;
            }
        }
    )*};
}

all_parameters!(
    Invert,
    Force,
    Always,
    RunOnce,
    Recheck,
    Cooldown,
    CooldownOnFailure
);
pub(crate) use all_parameters;

impl Program for Repeat {
    #[inline(always)]
    fn program(&mut self, program: Self, _now: f64) {
        self.max = program.max;
    }
}

impl Program for Retry {
    #[inline(always)]
    fn program(&mut self, program: Self, _now: f64) {
        self.max = program.max;
    }
}

impl Program for Timeout {
    #[inline(always)]
    fn program(&mut self, program: Self, now: f64) {
        self.seconds = program.seconds;
        self.start = self.start.min(now);
    }
}

impl Program for Delay {
    #[inline(always)]
    fn program(&mut self, program: Self, now: f64) {
        self.seconds = program.seconds;
        self.start = self.start.min(now);
    }
}

/// A count of `repeat(n)` or `retry(n)`, or `forever`, as `Debug`.
struct Count(Option<u64>);

impl fmt::Debug for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(n) => fmt::Debug::fmt(&n, f),
            None => f.write_str("forever"),
        }
    }
}

impl fmt::Debug for Repeat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Repeat")
            .field("done", &self.done)
            .field("of", &Count(self.max))
            .finish()
    }
}

impl fmt::Debug for Retry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Retry")
            .field("failed", &self.failed)
            .field("of", &Count(self.max))
            .finish()
    }
}

/// A timed decorator's `Debug`: its duration and when it entered.
fn timed(f: &mut fmt::Formatter<'_>, name: &str, seconds: f64, since: f64) -> fmt::Result {
    f.debug_struct(name)
        .field("seconds", &seconds)
        .field("since", &since)
        .finish()
}

impl fmt::Debug for Timeout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        timed(f, "Timeout", self.seconds, self.start)
    }
}

impl fmt::Debug for Delay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        timed(f, "Delay", self.seconds, self.start)
    }
}

impl Timeout {
    /// The tree clock when the decorator entered.
    pub(crate) fn since(&self) -> f64 {
        self.start
    }
}

impl Delay {
    /// The tree clock when the decorator entered.
    pub(crate) fn since(&self) -> f64 {
        self.start
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after<D: Decorator<(), ()>>(d: &mut D, p: &mut D::Persist, s: Status) -> Status {
        d.after(p, &(), &crate::Frame::new(0.1).ctx(), s)
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
