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

use crate::base::status::{Exit, Status};
use crate::base::wake::Wake;
use crate::ctx::Ctx;

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
/// status means. See the [module documentation](crate::decorator) for the protocol.
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

    /// When this running decorator next needs a tick (Z2), asked after
    /// each tick of an agent in a [`Crowd`](crate::crowd::Crowd), from its
    /// memory; `child_running` tells whether its child is running (which
    /// then says its own). Default: [`Wake::POLL`], since `before` and
    /// `after` run on every tick. A decorator that only maps its child's
    /// status returns [`Wake::NEVER`] while the child runs.
    #[inline(always)]
    fn wake(&self, child_running: bool) -> Wake {
        let _ = child_running;
        Wake::POLL
    }

    /// Whether a refusal at entry (`before` stopping with `Success` or
    /// `Failure` when the decorator is reached) is reported to the tracing
    /// hook as [`TraceEvent::EntryRefused`](crate::TraceEvent::EntryRefused).
    /// `true` for [`Limit`](crate::Limit), whose refusal (its resource is
    /// full) depends on other agents and is worth seeing; default `false`:
    /// a refusal that is the decorator's ordinary answer (a cooldown not
    /// due) leaves no event.
    const TRACE_REFUSAL: bool = false;

    /// Whether [`audit`](Decorator::audit) is called; `false` by default,
    /// so that a decorator that does not audit costs nothing.
    #[doc(hidden)]
    const AUDITS: bool = false;

    /// Before each tick of a running decorator whose [`AUDITS`](Decorator::AUDITS)
    /// is `true`: whether what it holds no longer matches the world (a
    /// `limit`'s resource changed identity, R8), which the tick reports as
    /// a [`TickError::ResourceChanged`](crate::TickError::ResourceChanged).
    #[doc(hidden)]
    #[inline]
    fn audit(&mut self, ctx: &Ctx<W>) -> bool {
        let _ = ctx;
        false
    }
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
