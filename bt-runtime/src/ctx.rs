//! [`Ctx`]: the tick context (T2).

use crate::flags::Flags;
use crate::report::{Report, TickError};
use crate::shape::NodeInfo;

/// The context of one tick of one agent (T2).
///
/// It carries three kinds of things, kept apart:
///
/// - **the frame's input**, set by the caller: `dt`, the agent's decision and
///   stimuli flags ([`Ctx::new`], [`Ctx::set_flags`], …);
/// - **the world** `W`: whatever the caller wants the hooks to reach, its
///   shared services and resources, and the buffers where behaviors put
///   what they emit (launch requests, sounds, log lines). It is a type
///   parameter chosen by the tree (`tree Name for Agent, world = W`), `()`
///   by default; the library never wraps it;
/// - **the tick's output**: the [`Report`] of what went wrong (D9).
///
/// The agent's own state that outlives the tick (the tree clock, timers)
/// belongs to the tree state, which lends it here while it ticks
/// ([`Ctx::now`]).
///
/// Behaviors get `&mut Ctx<W>` and may change the world through
/// [`Ctx::world_mut`]. Deciding code (decides, conditions, DBlocks) gets
/// `&Ctx<W>`: it reads the world, it cannot change it (P3).
///
/// Build one per frame, or one per thread reused across agents (set the
/// flags per agent), and pass it to the generated tree's `tick`.
///
/// ```
/// use deciders::{Ctx, Flags};
/// const NIGHT: Flags = Flags::bit(3);
/// let ctx = Ctx::new(1.0 / 30.0).with_flags(NIGHT);
/// assert!(ctx.flags().any(NIGHT));
/// assert_eq!(ctx.dt(), 1.0 / 30.0);
///
/// // A world: what the behaviors of this frame emit.
/// let mut ctx = Ctx::new(0.1).with_world(Vec::<&str>::new());
/// ctx.world_mut().push("launch");
/// assert_eq!(ctx.into_world(), ["launch"]);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Ctx<W = ()> {
    dt: f32,
    now: f64,
    flags: Flags,
    stimuli: Flags,
    report: Report,
    world: W,
}

impl Ctx {
    /// The longest frame a tick accepts, in seconds: one hour of game time.
    ///
    /// A larger `dt` counts as `MAX_DT` ([`Ctx::new`], [`Ctx::set_dt`]). No real
    /// frame is that long, and the tree clock (an `f64`, T2) must keep the
    /// precision to tell short durations apart: if one frame could add, say,
    /// `1e30` seconds, the clock would be so large that adding a normal `dt`
    /// no longer changes it, and every `wait`, `every`, `timeout`, `delay` and
    /// cooldown would freeze for good. Capped, a frame moves the clock by an hour
    /// at most; the clock's resolution stays finer than a microsecond for its
    /// first 4.5 billion seconds (about 140 years of game time).
    pub const MAX_DT: f32 = 3600.0;

    /// A context for a frame lasting `dt` seconds, with no decision flags.
    ///
    /// `dt` is sanitized, so that bad input never moves a clock backwards,
    /// poisons it with NaN or freezes it:
    ///
    /// - negative, zero, NaN or infinite (either sign) counts as `0.0`:
    ///   an infinite `dt` is garbage, not a very long frame;
    /// - above [`Ctx::MAX_DT`] (one hour) counts as [`Ctx::MAX_DT`].
    ///
    /// ```
    /// use deciders::Ctx;
    /// assert_eq!(Ctx::new(f32::INFINITY).dt(), 0.0);
    /// assert_eq!(Ctx::new(-0.5).dt(), 0.0);
    /// assert_eq!(Ctx::new(1e30).dt(), Ctx::MAX_DT);
    /// assert_eq!(Ctx::new(0.25).dt(), 0.25);
    /// ```
    pub fn new(dt: f32) -> Ctx {
        Ctx {
            dt: sanitize(dt),
            ..Ctx::default()
        }
    }
}

impl<W> Ctx<W> {
    /// The same context carrying `world` instead: what the hooks of the
    /// trees ticked with it reach through [`Ctx::world`] and
    /// [`Ctx::world_mut`].
    #[must_use]
    pub fn with_world<V>(self, world: V) -> Ctx<V> {
        Ctx {
            dt: self.dt,
            now: self.now,
            flags: self.flags,
            stimuli: self.stimuli,
            report: self.report,
            world,
        }
    }

    /// The world, read-only: what deciding code sees (P3).
    #[inline]
    pub fn world(&self) -> &W {
        &self.world
    }

    /// The world, to change it or emit into it: what behaviors use.
    #[inline]
    pub fn world_mut(&mut self) -> &mut W {
        &mut self.world
    }

    /// Gives the world back, with what the behaviors put into it.
    pub fn into_world(self) -> W {
        self.world
    }

    /// Sets this frame's decision flags (V1).
    #[must_use]
    pub fn with_flags(mut self, flags: Flags) -> Self {
        self.flags = flags;
        self
    }

    /// Sets the decision flags in place (for a context reused across agents).
    pub fn set_flags(&mut self, flags: Flags) {
        self.flags = flags;
    }

    /// Sets the stimuli flags in place (the result of the agent's stimuli
    /// update for this frame).
    pub fn set_stimuli(&mut self, stimuli: Flags) {
        self.stimuli = stimuli;
    }

    /// Sets this frame's `dt` in place, sanitized as in [`Ctx::new`]: `0.0`
    /// if negative or not finite, at most [`Ctx::MAX_DT`].
    pub fn set_dt(&mut self, dt: f32) {
        self.dt = sanitize(dt);
    }

    /// The frame's duration in seconds.
    #[inline]
    pub fn dt(&self) -> f32 {
        self.dt
    }

    /// The agent's tree clock in seconds, after this tick's advance (T2).
    ///
    /// Trees with no time-based node carry no clock (F3); for them this
    /// is `0.0`.
    #[inline]
    pub fn now(&self) -> f64 {
        self.now
    }

    /// The decision flags of this tick.
    #[inline]
    pub fn flags(&self) -> Flags {
        self.flags
    }

    /// The stimuli flags of this tick.
    #[inline]
    pub fn stimuli(&self) -> Flags {
        self.stimuli
    }

    /// What went wrong during the last tick, if anything.
    #[inline]
    pub fn report(&self) -> &Report {
        &self.report
    }

    /// Called by generated code at the start of a tick: sets the clock and
    /// clears the report.
    #[doc(hidden)]
    #[inline]
    pub fn __begin(&mut self, now: f64) {
        self.now = now;
        if !self.report.is_ok() {
            self.report = Report::default();
        }
    }

    /// Called by generated code outside a tick (`halt`, `reset`): sets the
    /// clock that hooks read, and leaves the report alone (it tells about
    /// the last tick).
    #[doc(hidden)]
    #[inline]
    pub fn __set_now(&mut self, now: f64) {
        self.now = now;
    }

    /// Called by generated code when a group breaks the subset rule (D9).
    #[doc(hidden)]
    #[cold]
    pub fn __subset_violation(&mut self, node: &'static NodeInfo) {
        self.report.push(TickError::SubsetRule { node });
    }
}

/// `0.0` if `dt` is not finite or not positive, else `dt` capped at
/// [`Ctx::MAX_DT`].
fn sanitize(dt: f32) -> f32 {
    if dt.is_finite() && dt > 0.0 {
        dt.min(Ctx::MAX_DT)
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn t2_bad_dt_counts_as_zero() {
        assert_eq!(Ctx::new(f32::NAN).dt(), 0.0);
        assert_eq!(Ctx::new(-1.0).dt(), 0.0);
        assert_eq!(Ctx::new(f32::INFINITY).dt(), 0.0);
        let mut c = Ctx::new(0.5);
        c.set_dt(-3.0);
        assert_eq!(c.dt(), 0.0);
        assert_eq!(Ctx::new(f32::NEG_INFINITY).dt(), 0.0);
        assert_eq!(Ctx::new(-0.0).dt(), 0.0);
    }

    #[test]
    fn t2_dt_is_capped_at_max_dt() {
        assert_eq!(Ctx::new(1e30).dt(), Ctx::MAX_DT);
        assert_eq!(Ctx::new(f32::MAX).dt(), Ctx::MAX_DT);
        assert_eq!(Ctx::new(3e14).dt(), Ctx::MAX_DT);
        assert_eq!(Ctx::new(Ctx::MAX_DT).dt(), Ctx::MAX_DT);
        assert_eq!(Ctx::new(3599.5).dt(), 3599.5);
        assert_eq!(Ctx::new(f32::MIN_POSITIVE).dt(), f32::MIN_POSITIVE);
        let mut c = Ctx::new(0.5);
        c.set_dt(1e9);
        assert_eq!(c.dt(), Ctx::MAX_DT);
    }

    #[test]
    fn set_now_keeps_the_report() {
        let mut c = Ctx::new(0.1);
        c.__set_now(2.5);
        assert_eq!(c.now(), 2.5);
        assert!(c.report().is_ok());
    }
}
