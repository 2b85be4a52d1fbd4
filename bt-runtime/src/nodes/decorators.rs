//! The built-in decorators (R1–R7, R9, R11): what `invert`, `force(S)`,
//! `always(S)`, `repeat(n)`, `retry(n)`, `cooldown(d)`,
//! `cooldown_on_failure(d)`, `timeout(d)`, `delay(d)`, `run_once`,
//! `recheck(…)` and `log(…)` stand for, each an ordinary
//! [`Decorator`](crate::Decorator), and [`Program`], how a loaded node takes
//! back the parameters the tree gives it (O6).
//!
//! Its length: eleven decorators of 20 to 50 lines each, then their unit
//! tests.
use crate::base::status::Status;
use crate::base::timer::Timer;
use crate::base::wake::Wake;
use crate::ctx::Ctx;
use crate::hooks::decorator::{Before, Decorator, LogMessages};
use core::fmt;
use core::fmt::Debug;

/// `log(start = "…", success = "…", failure = "…") { child }` (R9): the
/// child's status unchanged, with messages to the tracing hook on entry,
/// success and failure (not when halted).
///
/// Saved with the feature `serde` (O6) as nothing (`null`): it has no run
/// state, and its messages are the tree's. A loaded `log` of a tree that
/// derives `Deserialize` takes them back from the tree before its first
/// tick ([`Program`]); loaded on its own, it has none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Log(pub LogMessages);

#[cfg(feature = "serde")]
impl serde::Serialize for Log {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_unit_struct("Log")
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Log {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        /// The saved form: nothing.
        #[derive(serde::Deserialize)]
        #[serde(rename = "Log")]
        struct Saved;
        Saved::deserialize(d)?;
        Ok(Log(LogMessages::NONE))
    }
}

impl<A, W> Decorator<A, W> for Log {
    type Persist = ();
    #[inline(always)]
    fn wake(&self, child_running: bool) -> Wake {
        // Only maps its child's status: the child says the rest; between
        // two runs of the child (a repeat, a retry) the next tick enters it.
        Wake::passing(child_running)
    }
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
    fn wake(&self, child_running: bool) -> Wake {
        Wake::passing(child_running)
    }
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
    fn wake(&self, child_running: bool) -> Wake {
        Wake::passing(child_running)
    }
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
    fn wake(&self, child_running: bool) -> Wake {
        Wake::passing(child_running)
    }
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
    fn wake(&self, child_running: bool) -> Wake {
        Wake::passing(child_running)
    }
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
    fn wake(&self, child_running: bool) -> Wake {
        Wake::passing(child_running)
    }
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
    fn wake(&self, child_running: bool) -> Wake {
        Wake::passing(child_running)
    }
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
    fn wake(&self, child_running: bool) -> Wake {
        Wake::passing(child_running)
    }
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
    fn wake(&self, child_running: bool) -> Wake {
        Wake::passing(child_running)
    }
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
    fn wake(&self, child_running: bool) -> Wake {
        Wake::passing(child_running)
    }
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
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::base::timer::start")
    )]
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
    fn wake(&self, child_running: bool) -> Wake {
        // Stops the child at `start + seconds`: `before` tests
        // `now - start >= seconds`, so the deadline is that sum.
        if child_running {
            Wake::at(self.start + self.seconds)
        } else {
            Wake::POLL
        }
    }
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
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::base::timer::start")
    )]
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
    fn wake(&self, child_running: bool) -> Wake {
        // Delaying (`now - start < seconds`): nothing until then; once the
        // child runs, it passes it through.
        if child_running {
            Wake::NEVER
        } else {
            Wake::at(self.start + self.seconds)
        }
    }
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
/// ([`DecoratorNode::program`](crate::engine::decorated::DecoratorNode::program)) and
/// `wait` or `wait_until` leaf
/// ([`Programmed`](crate::engine::leaf::Programmed)) before its tick, so that
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
        impl $crate::nodes::decorators::Program for $ty {
            #[inline(always)]
            fn program(&mut self, program: Self, _now: f64) {
                *self = program;
            }
        }
    )*};
}

all_parameters!(
    Log,
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
