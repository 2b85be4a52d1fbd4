//! [`Frame`], a frame's input and output, and [`Ctx`], the context a
//! tick lends to hooks (T2).
use crate::base::flags::Flags;
use crate::base::report::{Report, TickError};
use crate::base::shape::NodeInfo;
use crate::base::stamp::{Stamp, Timestamp, Var};
use core::any::Any;
use core::cell::Cell;

/// One frame's input for the agents ticked with it (T2), and what their
/// hooks leave behind: the caller builds it, hands it to `tick` by `&mut`,
/// and reads it afterwards.
///
/// It carries three kinds of things, kept apart:
///
/// - **the frame's input**: `dt`, the agent's decision and stimuli flags
///   ([`Frame::new`], [`Frame::set_flags`], …);
/// - **the world** `W`: whatever the caller wants the hooks to reach, its
///   shared services and resources, and the buffers where behaviors put
///   what they emit (launch requests, sounds, log lines). It is a type
///   parameter chosen by the tree (`tree Name for Agent, world = W`), `()`
///   by default; the library never wraps it;
/// - **the tick's output**: the [`Report`] of what went wrong (D9).
///
/// The hooks do not see the frame itself: each tick lends it to them as a
/// [`Ctx`], together with what the agent's tree state lends for the tick
/// (its clock, and the services the tree declares).
///
/// Build one per frame, or one per thread reused across agents (set the
/// flags per agent), and pass it to the generated tree's `tick`.
///
/// ```
/// use deciders::{Flags, Frame};
/// const NIGHT: Flags = Flags::bit(3);
/// let frame = Frame::new(1.0 / 30.0).with_flags(NIGHT);
/// assert!(frame.flags().any(NIGHT));
/// assert_eq!(frame.dt(), 1.0 / 30.0);
///
/// // A world: what the behaviors of this frame emit.
/// let mut frame = Frame::new(0.1).with_world(Vec::<&str>::new());
/// frame.world_mut().push("launch");
/// assert_eq!(frame.into_world(), ["launch"]);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Frame<W = ()> {
    dt: f32,
    flags: Flags,
    stimuli: Flags,
    agent: u32,
    report: Report,
    world: W,
}

impl Frame {
    /// The longest frame a tick accepts, in seconds: one hour of game time.
    ///
    /// A larger `dt` counts as `MAX_DT` ([`Frame::new`], [`Frame::set_dt`]). No real
    /// frame is that long, and the tree clock (an `f64`, T2) must keep the
    /// precision to tell short durations apart: if one frame could add, say,
    /// `1e30` seconds, the clock would be so large that adding a normal `dt`
    /// no longer changes it, and every `wait`, `every`, `timeout`, `delay` and
    /// cooldown would freeze for good. Capped, a frame moves the clock by an hour
    /// at most; the clock's resolution stays finer than a microsecond for its
    /// first 4.5 billion seconds (about 140 years of game time).
    pub const MAX_DT: f32 = 3600.0;

    /// A frame lasting `dt` seconds, with no decision flags.
    ///
    /// `dt` is sanitized, so that bad input never moves a clock backwards,
    /// poisons it with NaN or freezes it:
    ///
    /// - negative, zero, NaN or infinite (either sign) counts as `0.0`:
    ///   an infinite `dt` is garbage, not a very long frame;
    /// - above [`Frame::MAX_DT`] (one hour) counts as [`Frame::MAX_DT`].
    ///
    /// ```
    /// use deciders::Frame;
    /// assert_eq!(Frame::new(f32::INFINITY).dt(), 0.0);
    /// assert_eq!(Frame::new(-0.5).dt(), 0.0);
    /// assert_eq!(Frame::new(1e30).dt(), Frame::MAX_DT);
    /// assert_eq!(Frame::new(0.25).dt(), 0.25);
    /// ```
    pub fn new(dt: f32) -> Frame {
        Frame {
            dt: sanitize(dt),
            ..Frame::default()
        }
    }
}

impl<W> Frame<W> {
    /// The same frame carrying `world` instead: what the hooks of the
    /// trees ticked with it reach through [`Ctx::world`] and
    /// [`Ctx::world_mut`].
    #[must_use]
    pub fn with_world<V>(self, world: V) -> Frame<V> {
        Frame {
            dt: self.dt,
            flags: self.flags,
            stimuli: self.stimuli,
            agent: self.agent,
            report: self.report,
            world,
        }
    }

    /// The world, read-only.
    #[inline]
    pub fn world(&self) -> &W {
        &self.world
    }

    /// The world, to change it between ticks or read what the behaviors
    /// put into it.
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

    /// Sets the decision flags in place (for a frame reused across agents).
    pub fn set_flags(&mut self, flags: Flags) {
        self.flags = flags;
    }

    /// Sets the stimuli flags in place (the result of the agent's stimuli
    /// update for this frame).
    pub fn set_stimuli(&mut self, stimuli: Flags) {
        self.stimuli = stimuli;
    }

    /// Sets the index of the agent ticked next: what the tickets of its
    /// deferred launches ([`Ctx::launch`]) and the errors of its tick
    /// name. The batches ([`batch`](crate::batch)) set it to each agent's
    /// index in the slice; 0 until set.
    #[inline]
    pub fn set_agent(&mut self, agent: u32) {
        self.agent = agent;
    }

    /// The index of the agent ticked with this frame (see
    /// [`set_agent`](Self::set_agent)).
    #[inline]
    pub fn agent(&self) -> u32 {
        self.agent
    }

    /// Sets this frame's `dt` in place, sanitized as in [`Frame::new`]: `0.0`
    /// if negative or not finite, at most [`Frame::MAX_DT`].
    pub fn set_dt(&mut self, dt: f32) {
        self.dt = sanitize(dt);
    }

    /// The frame's duration in seconds.
    #[inline]
    pub fn dt(&self) -> f32 {
        self.dt
    }

    /// The decision flags of this frame.
    #[inline]
    pub fn flags(&self) -> Flags {
        self.flags
    }

    /// The stimuli flags of this frame.
    #[inline]
    pub fn stimuli(&self) -> Flags {
        self.stimuli
    }

    /// What went wrong during the last tick, if anything.
    #[inline]
    pub fn report(&self) -> &Report {
        &self.report
    }

    /// Forgets the errors reported so far, as every tick of a tree does
    /// at its start. For a frame reused across agents whose step may
    /// not tick its tree (a paused brain, a lifecycle operation alone),
    /// so that one agent's errors are not read again as the next one's.
    #[inline]
    pub fn clear_report(&mut self) {
        self.report.clear();
    }

    /// The frame lent to hooks with nothing of a tree state: the clock
    /// reads `0.0`. For calling a behavior's, condition's or decorator's
    /// hooks directly, as in a unit test of a behavior:
    ///
    /// ```
    /// use deciders::{Behavior, Ctx, Frame, Status};
    /// struct Count(u32);
    /// impl Behavior<u32> for Count {
    ///     fn tick(&mut self, n: &mut u32, _: &mut Ctx) -> Status {
    ///         *n += 1;
    ///         Status::Running
    ///     }
    /// }
    /// let (mut n, mut frame) = (0, Frame::new(0.1));
    /// assert_eq!(Count(0).tick(&mut n, &mut frame.ctx()), Status::Running);
    /// assert_eq!(n, 1);
    /// ```
    #[inline]
    pub fn ctx(&mut self) -> Ctx<'_, W> {
        ctx_lend(self, Lent::NONE)
    }

    /// Called by the runtime at the start of a tick: clears the report,
    /// unconditionally (a store costs less than the test).
    #[inline(always)]
    fn begin(&mut self) {
        self.report.clear();
    }
}

/// What an agent's tree state lends to the hooks of one tick, by
/// reference, for that tick only: the tree clock, and (as trees gain them)
/// the services the tree declares. Read-only to deciding code, which sees
/// `&Ctx`; behaviors see `&mut Ctx`.
#[derive(Clone, Copy, Debug)]
pub struct Lent<'t> {
    now: &'t f64,
    vars: &'t Flags,
    stamps: &'t [Stamp],
    /// What the agent's brain lends (its stimuli store and the kinds to
    /// forget when the tick ends), `None` when the tree is ticked without
    /// one: one word, so that a `Ctx` built without a brain (a
    /// hand-written tree's, `Frame::ctx`) costs one store more than before
    /// brains, not three.
    store: Option<&'t Store<'t>>,
}

impl<'t> Lent<'t> {
    /// Nothing lent: a clock at `0.0`, no variables, no timestamps.
    pub const NONE: Lent<'static> = Lent {
        now: &0.0,
        vars: &Flags::EMPTY,
        stamps: &[],
        store: None,
    };

    /// Lends a tree clock.
    #[inline(always)]
    pub fn clock(now: &'t f64) -> Lent<'t> {
        Lent { now, ..Lent::NONE }
    }

    /// Lends a tree clock, variables and timestamps (V3, V4).
    #[inline(always)]
    pub fn services(now: &'t f64, vars: &'t Flags, stamps: &'t [Stamp]) -> Lent<'t> {
        Lent {
            now,
            vars,
            stamps,
            store: None,
        }
    }

    /// The same, with a brain's stimuli store lent too (what
    /// `Ctx::stimulus` reads), and where behaviors ask it to forget
    /// stimuli; `None` lends none.
    #[inline(always)]
    pub fn with_store(self, store: Option<&'t Store<'t>>) -> Lent<'t> {
        Lent { store, ..self }
    }
}

/// What a [`Brain`](crate::brain::Brain) lends the hooks of a tick of its
/// stimuli store: the store, to read, and a mask of the kinds to remove
/// when the tick ends.
#[derive(Clone, Copy, Debug)]
pub struct Store<'t> {
    store: &'t dyn Any,
    forget: Option<&'t Cell<Flags>>,
}

impl<'t> Store<'t> {
    /// Nothing lent: a tree ticked without a brain.
    pub const NONE: Store<'static> = Store {
        store: &(),
        forget: None,
    };

    /// Lends `store` and the mask `forget`.
    #[inline(always)]
    pub fn new(store: &'t dyn Any, forget: &'t Cell<Flags>) -> Store<'t> {
        Store {
            store,
            forget: Some(forget),
        }
    }
}

/// The context of one tick of one agent (T2), as its hooks see it: the
/// caller's [`Frame`] (its `dt`, flags and world) together with what the
/// agent's tree state lends for the tick ([`Ctx::now`], the tree clock).
///
/// Behaviors get `&mut Ctx<W>` and may change the world through
/// [`Ctx::world_mut`]. Deciding code (decides, conditions, DBlocks,
/// decorators' checks) gets `&Ctx<W>`: it reads the world and what the
/// state lends, it cannot change them (P3).
///
/// A `Ctx` lives for one tick (or one `halt`, `reset` or walk): the tree
/// state builds it from the frame passed to `tick`; hooks name it with
/// its lifetime elided, `&mut Ctx<W>`. [`Frame::ctx`] builds one for
/// calling hooks directly.
#[derive(Debug)]
pub struct Ctx<'t, W = ()> {
    frame: &'t mut Frame<W>,
    lent: Lent<'t>,
}

impl<'t, W> Ctx<'t, W> {
    /// The world, read-only: what deciding code sees (P3).
    #[inline]
    pub fn world(&self) -> &W {
        &self.frame.world
    }

    /// The world, to change it or emit into it: what behaviors use.
    #[inline]
    pub fn world_mut(&mut self) -> &mut W {
        &mut self.frame.world
    }

    /// The frame's duration in seconds.
    #[inline]
    pub fn dt(&self) -> f32 {
        self.frame.dt
    }

    /// The agent's tree clock in seconds, after this tick's advance (T2).
    ///
    /// Trees with no time-based node carry no clock (F3); for them this
    /// is `0.0`.
    #[inline]
    pub fn now(&self) -> f64 {
        *self.lent.now
    }

    /// The decision flags of this tick.
    #[inline]
    pub fn flags(&self) -> Flags {
        self.frame.flags
    }

    /// The tree's variables (V4), one bit per `var` the tree declares, in
    /// declaration order; empty for a tree that declares none. Read one by
    /// name with [`var`](Self::var).
    #[inline]
    pub fn vars(&self) -> Flags {
        *self.lent.vars
    }

    /// Whether variable `var` is set (V4): `Guard::ALARMED` for `var
    /// alarmed` of tree `Guard`. `false` for a key of another tree that
    /// this one does not have.
    #[inline]
    pub fn var<T>(&self, var: Var<T>) -> bool {
        self.lent.vars.any(Flags::bit(var.index() as u32))
    }

    /// Seconds of tree clock since timestamp `stamp` was set (V3):
    /// `Guard::SEEN` for `stamp seen` of tree `Guard`. `None` if it never
    /// was, or for a key of another tree that this one does not have.
    #[inline]
    pub fn since<T>(&self, stamp: Timestamp<T>) -> Option<f64> {
        self.since_index(stamp.index())
    }

    /// [`since`](Self::since) by declaration index.
    #[inline]
    pub(crate) fn since_index(&self, stamp: usize) -> Option<f64> {
        self.lent.stamps.get(stamp)?.since(*self.lent.now)
    }

    /// What the brain lends of its stimuli store (a `Stimuli<K, P>`), or
    /// `()` (see `Ctx::stimulus`).
    #[inline]
    pub(crate) fn lent_store(&self) -> &'t dyn Any {
        match self.lent.store {
            Some(store) => store.store,
            None => &(),
        }
    }

    /// Asks the brain to remove the stimuli of `flags` when the tick ends;
    /// whether a brain lent its store.
    #[inline]
    pub(crate) fn forget(&mut self, flags: Flags) -> bool {
        match self.lent.store.and_then(|store| store.forget) {
            Some(cell) => {
                cell.set(cell.get() | flags);
                true
            }
            None => false,
        }
    }

    /// The stimuli flags of this tick.
    #[inline]
    pub fn stimuli(&self) -> Flags {
        self.frame.stimuli
    }

    /// The index of the agent ticked ([`Frame::set_agent`]; a batch's
    /// index of the agent in its slice).
    #[inline]
    pub fn agent(&self) -> u32 {
        self.frame.agent
    }

    /// What went wrong so far during this tick.
    #[inline]
    pub fn report(&self) -> &Report {
        &self.frame.report
    }

    /// Reports a group that broke the subset rule (D9).
    #[cold]
    pub(crate) fn subset_violation(&mut self, node: &'static NodeInfo) {
        self.frame.report.push(TickError::SubsetRule { node });
    }

    /// Reports a `limit` whose resource changed identity (R8).
    #[cold]
    pub(crate) fn resource_changed(&mut self, node: &'static NodeInfo) {
        self.frame.report.push(TickError::ResourceChanged { node });
    }

    /// Reports a refused launch (V5).
    pub(crate) fn refused_launch(&mut self, agent: u32) {
        self.frame.report.push(TickError::LaunchRefused { agent });
    }

    /// Reports a refused cancel (V5).
    pub(crate) fn refused_cancel(&mut self, agent: u32) {
        self.frame.report.push(TickError::CancelRefused { agent });
    }
}

/// Lends `frame` and `lent` to the hooks of a tick: what tree states (and
/// hand-written equivalents in benchmarks, through `__private`) call. Not
/// a method of [`Ctx`], so that no hidden name is offered to users.
#[inline(always)]
pub fn ctx_lend<'t, W>(frame: &'t mut Frame<W>, lent: Lent<'t>) -> Ctx<'t, W> {
    Ctx { frame, lent }
}

/// [`ctx_lend`] at the start of a tick: clears the frame's report.
#[inline(always)]
pub fn ctx_begin<'t, W>(frame: &'t mut Frame<W>, lent: Lent<'t>) -> Ctx<'t, W> {
    frame.begin();
    Ctx { frame, lent }
}

/// `0.0` if `dt` is not finite or not positive, else `dt` capped at
/// [`Frame::MAX_DT`]: a frame's `dt` as [`Frame::new`] takes it, and the
/// stimuli store's (`Stimuli::update`).
pub(crate) fn sanitize(dt: f32) -> f32 {
    if dt.is_finite() && dt > 0.0 {
        on_grid(dt.min(Frame::MAX_DT))
    } else {
        0.0
    }
}

/// `dt` rounded to the nearest multiple of 2⁻³⁰ s, about a nanosecond
/// (T2): every `f32` from 2⁻⁷ s (7.8 ms) up is one already and is left as
/// it is. A clock that adds such values is exact up to 2²³ s (97 days),
/// so the sum of many frames equals one addition of their total: what a
/// sleeping agent's clock catches up by when it wakes (Z2).
#[inline(always)]
fn on_grid(dt: f32) -> f32 {
    // Adding 1.5 * 2^22 leaves no bit below 2^-30 in an `f64` (whose
    // 52-bit fraction then ends at 2^22 * 2^-52), so the sum is rounded
    // there (to even), and subtracting gives the rounded `dt` back
    // exactly: two additions, for any `dt` below 2^21 (here at most
    // `MAX_DT`). The result has at most 23 significant bits below 2^-7,
    // which `f32` holds.
    const SHIFT: f64 = 1.5 * (1u64 << 22) as f64;
    ((f64::from(dt) + SHIFT) - SHIFT) as f32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn t2_bad_dt_counts_as_zero() {
        assert_eq!(Frame::new(f32::NAN).dt(), 0.0);
        assert_eq!(Frame::new(-1.0).dt(), 0.0);
        assert_eq!(Frame::new(f32::INFINITY).dt(), 0.0);
        let mut c = Frame::new(0.5);
        c.set_dt(-3.0);
        assert_eq!(c.dt(), 0.0);
        assert_eq!(Frame::new(f32::NEG_INFINITY).dt(), 0.0);
        assert_eq!(Frame::new(-0.0).dt(), 0.0);
    }

    #[test]
    fn t2_dt_is_rounded_to_a_nanosecond_grid() {
        // Frames of 7.8 ms and longer are kept bit for bit.
        for dt in [1.0 / 60.0, 1.0 / 30.0, 0.1, 0.016, 2f32.powi(-7), 3599.9] {
            assert_eq!(Frame::new(dt).dt(), dt);
        }
        // Shorter ones move by less than half of 2^-30 s.
        let dt = 1.0 / 1000.0;
        let kept = Frame::new(dt).dt();
        assert!((f64::from(kept) - f64::from(dt)).abs() <= 0.5 / f64::from(1u32 << 30));
        assert_eq!((f64::from(kept) * f64::from(1u32 << 30)).fract(), 0.0);
        assert_eq!(Frame::new(f32::MIN_POSITIVE).dt(), 0.0);
        // Sums of such frames are exact: many frames add up to their total.
        let dts = [1.0 / 144.0, 0.1, 1.0 / 60.0, 0.25, 1e-3];
        let mut clock = 0.0f64;
        for i in 0..10_000 {
            clock += f64::from(Frame::new(dts[i % dts.len()]).dt());
        }
        let half = (0..5_000).fold(0.0f64, |c, i| {
            c + f64::from(Frame::new(dts[i % dts.len()]).dt())
        });
        let rest = (5_000..10_000).fold(0.0f64, |c, i| {
            c + f64::from(Frame::new(dts[i % dts.len()]).dt())
        });
        assert_eq!(half + rest, clock);
    }

    #[test]
    fn t2_dt_is_capped_at_max_dt() {
        assert_eq!(Frame::new(1e30).dt(), Frame::MAX_DT);
        assert_eq!(Frame::new(f32::MAX).dt(), Frame::MAX_DT);
        assert_eq!(Frame::new(3e14).dt(), Frame::MAX_DT);
        assert_eq!(Frame::new(Frame::MAX_DT).dt(), Frame::MAX_DT);
        assert_eq!(Frame::new(3599.5).dt(), 3599.5);
        // Below half a step of the 2^-30 s grid: nothing.
        assert_eq!(Frame::new(f32::MIN_POSITIVE).dt(), 0.0);
        let mut c = Frame::new(0.5);
        c.set_dt(1e9);
        assert_eq!(c.dt(), Frame::MAX_DT);
    }

    #[test]
    fn t2_a_lent_clock_is_what_hooks_read() {
        let mut f = Frame::new(0.1);
        assert_eq!(f.ctx().now(), 0.0);
        let now = 2.5;
        let ctx = ctx_lend(&mut f, Lent::clock(&now));
        assert_eq!((ctx.now(), ctx.dt()), (2.5, 0.1));
    }
}
