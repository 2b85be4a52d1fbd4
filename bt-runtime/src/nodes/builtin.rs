//! Built-in leaves (L7): `succeed`, `fail`, `wait(d)`.
//!
//! In a tree they are written as keywords; these are the behaviors the
//! keywords stand for.
use crate::base::status::Status;
use crate::base::wake::Wake;
use crate::ctx::Ctx;
use crate::hooks::behavior::Behavior;
use core::fmt::Debug;

/// `succeed`: reports `Success` on its first tick.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Succeed;

impl<A, W> Behavior<A, W> for Succeed {
    #[inline(always)]
    fn tick(&mut self, _agent: &mut A, _ctx: &mut Ctx<W>) -> Status {
        Status::Success
    }
}

/// `fail`: reports `Failure` on its first tick.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Fail;

impl<A, W> Behavior<A, W> for Fail {
    #[inline(always)]
    fn tick(&mut self, _agent: &mut A, _ctx: &mut Ctx<W>) -> Status {
        Status::Failure
    }
}

/// `wait(d)`: `Running` until `d` seconds of tree clock have passed since
/// activation, then `Success` (T2: started at clock `s`, it completes on
/// the first tick where `now − s ≥ d`).
///
/// Its `Debug` reads `Wait { seconds: 1.0, since: 0.5 }`: the duration and
/// the tree clock when it was activated.
#[derive(Clone, Copy, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Wait {
    seconds: f64,
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::base::timer::start")
    )]
    start: f64,
}

impl Wait {
    /// Waits `seconds` seconds.
    pub fn new(seconds: f64) -> Wait {
        Wait {
            seconds,
            start: 0.0,
        }
    }
}

impl Wait {
    /// The tree clock when it was activated.
    pub(crate) fn since(&self) -> f64 {
        self.start
    }
}

/// The program's seconds; the start kept (moved to `now` if after it).
impl crate::nodes::decorators::Program for Wait {
    #[inline(always)]
    fn program(&mut self, program: Wait, now: f64) {
        self.seconds = program.seconds;
        self.start = self.start.min(now);
    }
}

impl core::fmt::Debug for Wait {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Wait")
            .field("seconds", &self.seconds)
            .field("since", &self.start)
            .finish()
    }
}

impl<A, W> Behavior<A, W> for Wait {
    /// Completes on the first tick with `now - start >= seconds` (T2).
    #[inline(always)]
    fn wake(&self) -> Wake {
        Wake::at(self.start + self.seconds)
    }

    #[inline]
    fn activate(&mut self, _agent: &mut A, ctx: &mut Ctx<W>) -> Status {
        self.start = ctx.now();
        Status::Running
    }

    #[inline]
    fn tick(&mut self, _agent: &mut A, ctx: &mut Ctx<W>) -> Status {
        if ctx.now() - self.start >= self.seconds {
            Status::Success
        } else {
            Status::Running
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ctx::Frame;

    #[test]
    fn l7_succeed_and_fail_complete_on_their_first_tick() {
        let mut frame = Frame::new(0.1);
        let ctx = &mut frame.ctx();
        assert_eq!(
            Behavior::<()>::tick(&mut Succeed, &mut (), ctx),
            Status::Success
        );
        assert_eq!(
            Behavior::<()>::tick(&mut Fail, &mut (), ctx),
            Status::Failure
        );
    }

    #[test]
    fn l7_wait_runs_until_its_time_has_passed() {
        let mut w = Wait::new(1.0);
        let mut frame = Frame::new(0.5);
        let ctx = &mut frame.ctx();
        Behavior::<()>::activate(&mut w, &mut (), ctx);
        assert_eq!(Behavior::<()>::tick(&mut w, &mut (), ctx), Status::Running);
    }
}
