//! The built-in nodes over events and time (L7, R10): `wait_for(pattern)`
//! ([`WaitFor`]), `wait_until(…)` ([`WaitUntil`]) and `if_time(…)`
//! ([`IfTime`]), with the time test the last two share ([`TimeTest`]).
use crate::base::status::Status;
use crate::base::wake::Wake;
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
/// Saved with the feature `serde` (O6) as whether the event arrived
/// (`{"seen": true}`), never its pattern, a function of the program: a
/// loaded `wait_for` of a tree that derives `Deserialize` takes the tree's
/// pattern back ([`Program`](crate::decorator::Program)) before its first
/// tick and before an event is handed to it. Loaded on its own, it matches
/// no event until then.
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

/// O6: the program's pattern, the loaded run state (whether the event
/// arrived).
impl crate::nodes::decorators::Program for WaitFor {
    #[inline(always)]
    fn program(&mut self, program: Self, _now: f64) {
        self.matches = program.matches;
    }
}

/// A pattern no event matches: a loaded `wait_for`'s until the tree's is
/// put back.
#[cfg(feature = "serde")]
fn no_pattern(_: &dyn Any) -> bool {
    false
}

/// The saved form of a [`WaitFor`]: whether the event arrived.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(rename = "WaitFor")]
struct SavedWaitFor {
    seen: bool,
}

#[cfg(feature = "serde")]
impl serde::Serialize for WaitFor {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        SavedWaitFor { seen: self.seen }.serialize(s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for WaitFor {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let saved = SavedWaitFor::deserialize(d)?;
        Ok(WaitFor {
            matches: no_pattern,
            seen: saved.seen,
        })
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

    /// Waits for an event, which wakes any agent; once seen, the next
    /// tick completes.
    #[inline(always)]
    fn wake(&self) -> Wake {
        if self.seen {
            Wake::POLL
        } else {
            Wake::NEVER
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
    /// When a test that fails in `ctx` can hold with no event, on the
    /// tree clock: `more_than = d` at `d` seconds after the timestamp;
    /// never for `less_than` (only an event that sets the timestamp again
    /// makes it hold) or a timestamp never set (infinity).
    #[inline]
    fn holds_at<W>(self, ctx: &Ctx<W>) -> f64 {
        match (ctx.since_index(self.stamp), self.since) {
            (Some(elapsed), Since::MoreThan(d)) => ctx.now() + (d - elapsed),
            _ => f64::INFINITY,
        }
    }

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
/// time has passed. While it waits, it says until when (Z2): the time the
/// test will hold, or never (only an event can make it hold).
#[derive(Clone, Copy, Debug)]
pub struct WaitUntil {
    /// The test.
    pub test: TimeTest,
    /// When the test holds with no event (tree clock), as its last tick
    /// found; NaN before its first tick.
    until: f64,
}

impl WaitUntil {
    /// `wait_until` with `test`: what the generated code builds.
    #[inline(always)]
    pub const fn new(test: TimeTest) -> WaitUntil {
        WaitUntil {
            test,
            until: f64::NAN,
        }
    }
}

impl<A, W> Behavior<A, W> for WaitUntil {
    #[inline]
    fn tick(&mut self, _agent: &mut A, ctx: &mut Ctx<W>) -> Status {
        if self.test.holds(ctx) {
            Status::Success
        } else {
            self.until = self.test.holds_at(ctx);
            Status::Running
        }
    }

    #[inline]
    fn wake(&self) -> Wake {
        Wake::at(self.until)
    }
}

/// Equal when their tests are: the time it waits until is what its last
/// tick found, not saved (below), found again on its next tick.
impl PartialEq for WaitUntil {
    fn eq(&self, other: &WaitUntil) -> bool {
        self.test == other.test
    }
}

/// Saved as its test alone (O6), as it always was: the time it waits
/// until is found again on its next tick.
#[cfg(feature = "serde")]
impl serde::Serialize for WaitUntil {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_newtype_struct("WaitUntil", &self.test)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for WaitUntil {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(serde::Deserialize)]
        #[serde(rename = "WaitUntil")]
        struct Saved(TimeTest);
        let Saved(test) = Saved::deserialize(d)?;
        Ok(WaitUntil::new(test))
    }
}

impl crate::nodes::decorators::Program for WaitUntil {
    #[inline(always)]
    fn program(&mut self, program: Self, _now: f64) {
        self.test = program.test;
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

    /// Checked on entry only: while its child runs, the child says when
    /// it next needs a tick (Z2).
    #[inline(always)]
    fn wake(&self, child_running: bool) -> Wake {
        Wake::passing(child_running)
    }

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

crate::nodes::decorators::all_parameters!(IfTime);
