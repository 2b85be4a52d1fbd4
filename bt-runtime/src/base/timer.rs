//! [`Timer`]: the state of an `every(d)` precondition (G1).

/// The state of one `every(d)` precondition: when its decide step was last
/// reached.
///
/// A timer starts due and is stamped whenever the guard's check reaches the
/// decide step (Spore S06: "the delay is from the last call to Decide, not
/// from the Deactivate"). Its state lives in the agent's tree state; the
/// number of timers is known at compile time.
///
/// ```
/// use deciders::Timer;
/// let mut t = Timer::new();
/// assert!(t.fire(0.0, 30.0)); // starts due
/// assert!(!t.fire(29.9, 30.0));
/// assert!(t.fire(30.0, 30.0));
/// assert!(Timer::stamped(90.0).is_due(31.0, 30.0)); // stamped after the clock
/// ```
///
/// Its `Debug` reads `Timer { last: 1.5 }`, or `Timer { last: never }`
/// before the first stamp.
#[derive(Clone, Copy, PartialEq)]
pub struct Timer {
    last: f64,
}

impl Timer {
    /// A timer that is due.
    #[inline]
    pub const fn new() -> Timer {
        Timer {
            last: f64::NEG_INFINITY,
        }
    }

    /// A timer stamped at `now`.
    #[inline]
    pub const fn stamped(now: f64) -> Timer {
        Timer { last: now }
    }

    /// Whether `interval` seconds have passed since the last stamp, at clock
    /// `now`. A stamp after `now`, which no run makes (the tree clock only
    /// moves forward, `reset` clears the timers) but an edited save can
    /// hold, is due: the timer fires rather than waiting for the clock to
    /// catch up.
    #[inline]
    pub fn is_due(&self, now: f64, interval: f64) -> bool {
        let since = now - self.last;
        since >= interval || since < 0.0
    }

    /// Stamps the timer at `now`.
    #[inline]
    pub fn stamp(&mut self, now: f64) {
        self.last = now;
    }

    /// If due, stamps the timer and returns `true`; else returns `false`.
    #[inline]
    pub fn fire(&mut self, now: f64, interval: f64) -> bool {
        let due = self.is_due(now, interval);
        if due {
            self.stamp(now);
        }
        due
    }

    /// When a guard with this timer and `interval`, checked again every
    /// tick, is next due (Z2): `interval` after the last stamp, if that is
    /// after `now`. A timer due already is not checked again every tick
    /// (such a check stamps it): its guard waits for something else (a
    /// flag), or is not checked at all while the brain sleeps.
    #[inline]
    pub(crate) fn next_due(&self, now: f64, interval: f64) -> Option<f64> {
        let at = self.last + interval;
        (at > now).then_some(at)
    }

    /// When a `scored` group that last decided at this timer's stamp
    /// rescores next, every `interval` (Z2, D6): what its generated wake
    /// adds to its running child's.
    #[doc(hidden)]
    #[inline]
    pub fn rescore_wake(&self, interval: f64) -> crate::Wake {
        crate::Wake::at(self.last + interval)
    }

    /// The clock of the last stamp, or `None` if never stamped.
    #[inline]
    pub fn last(&self) -> Option<f64> {
        if self.last == f64::NEG_INFINITY {
            None
        } else {
            Some(self.last)
        }
    }
}

/// When the earliest of a tree's `every(d)` timers is next due (Z2), each
/// with its interval: what the generated `Subtree::every_wake` returns.
/// [`Wake::NEVER`](crate::Wake::NEVER) when none is due after `now`.
pub fn every_wake(timers: &[(&Timer, f64)], now: f64) -> crate::Wake {
    let mut at = f64::INFINITY;
    for (timer, interval) in timers {
        if let Some(due) = timer.next_due(now, *interval) {
            at = at.min(due);
        }
    }
    crate::Wake::at(at)
}

impl Default for Timer {
    fn default() -> Self {
        Timer::new()
    }
}

impl core::fmt::Debug for Timer {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Timer")
            .field("last", &Last(self.last()))
            .finish()
    }
}

/// A clock time, or `never`, as `Debug` (the formatter's precision applies
/// to the time).
pub(crate) struct Last(pub(crate) Option<f64>);

impl core::fmt::Debug for Last {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.0 {
            Some(t) => core::fmt::Debug::fmt(&t, f),
            None => f.write_str("never"),
        }
    }
}

/// The largest time a save may hold, in seconds: 2^42 s, about 139,000
/// years. Below it an `f64` clock resolves a millisecond or better (its
/// step at 2^42 s is 2^-10 s), so that a frame's `dt` still advances it;
/// above it a clock could freeze. A tree clock, a store's clock, a timer's
/// stamp, a timestamp and a `wait`'s, `timeout`'s or `delay`'s start are
/// loaded only from 0 to this.
#[cfg_attr(not(feature = "serde"), allow(dead_code))]
pub const MAX_TIME: f64 = 4_398_046_511_104.0;

/// Checks a loaded time: finite, from 0 to [`MAX_TIME`]; the error names
/// `field`.
#[cfg(feature = "serde")]
pub(crate) fn checked_time<E: serde::de::Error>(field: &str, t: f64) -> Result<f64, E> {
    if (0.0..=MAX_TIME).contains(&t) {
        Ok(t)
    } else {
        Err(E::custom(format_args!(
            "{field}: {t} is not a time of a save (from 0 to 2^42 s)"
        )))
    }
}

/// `deserialize_with` for a start time (`wait`, `timeout`, `delay`):
/// checked as [`checked_time`] says.
#[cfg(feature = "serde")]
pub(crate) fn start<'de, D: serde::Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    checked_time("start", serde::Deserialize::deserialize(d)?)
}
