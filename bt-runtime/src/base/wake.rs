//! [`Wake`]: when a running tree next needs a tick (Z2).

/// When a running node, or a whole tree, next needs a tick (Z2): every
/// tick from now on ([`Wake::POLL`], the default of every hook), not
/// before a time on the tree clock ([`Wake::at`]), or only when an input
/// changes ([`Wake::NEVER`]: its decision flags, its stimuli, an event, a
/// [`Crowd::wake`](crate::crowd::Crowd::wake)).
///
/// A behavior says it from its memory ([`Behavior::wake`](crate::Behavior::wake)),
/// after its tick: a behavior waiting for its deferred action's
/// completion returns `NEVER` (the game wakes the agent when it
/// completes), one that waits until a time stores that time and returns
/// `Wake::at(it)`. Several running nodes combine with [`Wake::min`]: the
/// earliest wins.
///
/// ```
/// use deciders::Wake;
/// assert_eq!(Wake::at(2.0).min(Wake::at(1.5)), Wake::at(1.5));
/// assert_eq!(Wake::NEVER.min(Wake::POLL), Wake::POLL);
/// assert!(Wake::POLL.polls() && !Wake::at(3.0).polls());
/// assert_eq!(Wake::at(3.0).deadline(), Some(3.0));
/// assert_eq!(Wake::NEVER.deadline(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Wake(f64);

impl Wake {
    /// Every tick: the node must be ticked next frame.
    pub const POLL: Wake = Wake(f64::NEG_INFINITY);
    /// Only when an input changes: no time wakes it.
    pub const NEVER: Wake = Wake(f64::INFINITY);

    /// At tree-clock time `t` (seconds, as [`Ctx::now`](crate::Ctx::now)
    /// reads it): the first frame whose clock reaches `t` ticks it. NaN
    /// polls.
    #[inline]
    pub fn at(t: f64) -> Wake {
        if t.is_nan() {
            Wake::POLL
        } else {
            Wake(t)
        }
    }

    /// The earlier of the two.
    #[inline]
    #[must_use]
    pub fn min(self, other: Wake) -> Wake {
        Wake(self.0.min(other.0))
    }

    /// Whether it needs every tick.
    #[inline]
    pub fn polls(self) -> bool {
        self.0 == f64::NEG_INFINITY
    }

    /// The time it wakes at, `None` for [`Wake::POLL`] and [`Wake::NEVER`].
    #[inline]
    pub fn deadline(self) -> Option<f64> {
        self.0.is_finite().then_some(self.0)
    }

    /// `if running { NEVER } else { POLL }`: what a decorator that only
    /// passes its child through says (the child says the rest).
    #[inline]
    pub(crate) fn passing(child_running: bool) -> Wake {
        if child_running {
            Wake::NEVER
        } else {
            Wake::POLL
        }
    }
}

impl Default for Wake {
    /// [`Wake::POLL`].
    fn default() -> Wake {
        Wake::POLL
    }
}
