//! The built-in nodes over events and time (L7, R10): `wait_for(pattern)`
//! ([`WaitFor`]), `wait_until(…)` ([`WaitUntil`]) and `if_time(…)`
//! ([`IfTime`]), with the time test the last two share ([`TimeTest`]).
use crate::base::status::Status;
use crate::ctx::Ctx;
use crate::hooks::behavior::Behavior;
use crate::hooks::decorator::{Before, Decorator};
use core::any::Any;
use core::fmt;
use core::fmt::Debug;

/// `wait_for(Pattern)` (L7, V4): `Running` until an event matching the
/// pattern is posted while it is active, then `Success` on the next tick.
/// An event posted before it was entered is not kept.
///
/// Not saved with the feature `serde` (O6): its pattern is a function. A
/// tree with a `wait_for` that derives `Serialize` or `Deserialize` does
/// not compile.
#[derive(Clone, Copy)]
pub struct WaitFor {
    matches: fn(&dyn Any) -> bool,
    seen: bool,
}

impl WaitFor {
    /// Waits for an event `matches` accepts (generated from the pattern).
    pub const fn new(matches: fn(&dyn Any) -> bool) -> WaitFor {
        WaitFor {
            matches,
            seen: false,
        }
    }
}

impl fmt::Debug for WaitFor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("WaitFor").field("seen", &self.seen).finish()
    }
}

impl<A, W> Behavior<A, W> for WaitFor {
    #[inline]
    fn tick(&mut self, _agent: &mut A, _ctx: &mut Ctx<W>) -> Status {
        if self.seen {
            Status::Success
        } else {
            Status::Running
        }
    }

    fn event(&mut self, _agent: &mut A, _ctx: &mut Ctx<W>, event: &dyn Any) {
        if (self.matches)(event) {
            self.seen = true;
        }
    }
}

/// How a time since a timestamp is compared (R10, L7).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Since {
    /// Strictly less than so many seconds have passed.
    LessThan(f64),
    /// Strictly more than so many seconds have passed.
    MoreThan(f64),
}

/// The test of `if_time` and `wait_until`: `seconds` since stamp number
/// `stamp` compared as `since`; a timestamp never set passes only when
/// `or_never_set`.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TimeTest {
    /// The timestamp's index in the tree's declarations.
    pub stamp: usize,
    /// The comparison.
    pub since: Since,
    /// Whether a timestamp never set passes.
    pub or_never_set: bool,
}

impl TimeTest {
    /// Whether the test holds in `ctx`.
    #[inline]
    pub fn holds<W>(self, ctx: &Ctx<W>) -> bool {
        match ctx.since_index(self.stamp) {
            None => self.or_never_set,
            Some(elapsed) => match self.since {
                Since::LessThan(d) => elapsed < d,
                Since::MoreThan(d) => elapsed > d,
            },
        }
    }
}

/// `wait_until(stamp, more_than = d)` (L7, V3): `Running` until the test
/// holds, then `Success`. With `or_never_set`, a timestamp never set
/// succeeds at once; without, it waits until the timestamp is set and the
/// time has passed.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct WaitUntil(pub TimeTest);

impl<A, W> Behavior<A, W> for WaitUntil {
    #[inline]
    fn tick(&mut self, _agent: &mut A, ctx: &mut Ctx<W>) -> Status {
        if self.0.holds(ctx) {
            Status::Success
        } else {
            Status::Running
        }
    }
}

/// `if_time(stamp, less_than = d | more_than = d) { child }` (R10):
/// checked on entry only; when the test fails the decorator fails without
/// entering its child, else it is the child.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct IfTime(pub TimeTest);

impl<A, W> Decorator<A, W> for IfTime {
    type Persist = ();

    #[inline]
    fn before(&mut self, _: &mut (), _: &A, ctx: &Ctx<W>, child_running: bool) -> Before {
        if child_running || self.0.holds(ctx) {
            Before::Tick
        } else {
            Before::Stop(Status::Failure)
        }
    }

    #[inline]
    fn after(&mut self, _: &mut (), _: &A, _: &Ctx<W>, child: Status) -> Status {
        child
    }
}

crate::nodes::decorators::all_parameters!(IfTime, WaitUntil);
