//! [`Stimuli`]: an agent's store of stimuli, the source of the stimuli
//! flags its guards test (V2, G1), and [`Stimulus`], the trait of a set of
//! stimulus kinds.
//!
//! A stimulus is something that happened to the agent and matters for a
//! while: it took a hit (from whom), it was invited to play, it just did X
//! and should not do it again so soon (Spore's stimuli). Each kind is
//! present or absent, with an optional payload and an optional timeout. The
//! kinds are a fieldless enum deriving [`Stimulus`]; the store keeps one
//! slot per kind, in an array sized to the enum, and never allocates.
//!
//! Once per frame, before the agent's tick, [`Stimuli::update`] advances the
//! store's clock by the frame's `dt`, drops what has timed out, and returns
//! the flags of what remains: hand them to the frame with
//! [`Frame::set_stimuli`](crate::Frame::set_stimuli), and the guard items
//! `stimuli_any(…)`, `stimuli_all(…)`, `stimuli_none(…)` and
//! `stimuli_not_all(…)` test them (G1). Name a kind's flag with the
//! derive's `const fn flag`: `stimuli_any(Stim::Hit.flag())`.
//!
//! ```
//! use deciders::{Frame, Stimuli, Stimulus};
//!
//! #[derive(Clone, Copy, Debug, PartialEq, Stimulus)]
//! enum Stim { Hit, Invited, JustAte }
//!
//! /// The payload: who hit me.
//! let mut store: Stimuli<Stim, u32> = Stimuli::new();
//! store.add(Stim::Hit, 7, Some(0.5)); // attacker 7, for half a second
//!
//! let mut frame = Frame::new(0.25);
//! frame.set_stimuli(store.update(frame.dt())); // before the agent's tick
//! assert!(frame.stimuli().any(Stim::Hit.flag()));
//! assert_eq!(store.get(Stim::Hit), Some(&7));
//!
//! frame.set_stimuli(store.update(frame.dt())); // 0.5 s since the hit: gone
//! assert!(frame.stimuli().none(Stim::Hit.flag()));
//! ```
//!
//! Its length: about 570 lines of code and docs, then its unit tests.

use crate::base::flags::Flags;
use core::fmt;
use core::fmt::Debug;

/// A set of stimulus kinds: at most 64 of them, each with its own stimuli
/// flag and its own slot in a [`Stimuli`] store.
///
/// Derive it on a fieldless enum, `#[derive(Clone, Copy, Stimulus)]`: the
/// derive numbers the variants in the order written (explicit discriminants
/// play no part), sizes the store's slots to the enum, and also gives the
/// enum an inherent `const fn flag(self) -> Flags`, so that a kind's flag is
/// a constant wherever a `Flags` is expected:
///
/// ```
/// use deciders::{Flags, Stimulus};
///
/// #[derive(Clone, Copy, Stimulus)]
/// enum Stim { Hit, Invited = 10, JustAte }
///
/// const HIT: Flags = Stim::Hit.flag();
/// const SOCIAL: Flags = Stim::Invited.flag().with(Stim::JustAte.flag());
/// assert_eq!(HIT, Flags::bit(0));
/// assert_eq!(SOCIAL, Flags::bit(1) | Flags::bit(2));
/// assert_eq!(Stim::COUNT, 3);
/// assert_eq!(Stim::JustAte.index(), 2);
/// ```
///
/// The derive rejects, each with an error at the offending tokens: more
/// than 64 variants, a variant with fields (put data in the store's
/// payload), a generic or empty enum, a struct or a union. The generated
/// code names the runtime as `::deciders`; if the crate is known by another
/// name (a renamed dependency, or a crate re-exporting `deciders`), say
/// so with `#[stimulus(crate = path::to::deciders)]`.
///
/// # The method `flag`
///
/// The trait's [`Stimulus::flag`], for code generic over kinds, and the
/// derive's inherent `const fn flag` return the same flag. Rust picks the
/// inherent method whenever both apply, so `Stim::Hit.flag()` is the
/// `const fn`, usable in constants and guard masks, with no ambiguity.
///
/// # Implementing it by hand
///
/// Prefer the derive. By hand, keep the contract: `COUNT` is at most 64,
/// `ALL` lists the `COUNT` kinds with `ALL[i].index() == i`, `index`
/// returns a number below `COUNT`, and `empty` returns `COUNT` slots,
/// every one `None`. A store built on a kind set with more than 64 kinds
/// fails to compile when it is monomorphized (`Stimuli::new`); a store
/// never panics on a broken implementation, but a kind whose index has no
/// slot or no flag is never stored.
///
/// ```
/// use deciders::StimulusEntry as Entry;
/// use deciders::{Flags, Stimuli, Stimulus};
///
/// #[derive(Clone, Copy, Debug, PartialEq)]
/// enum Noise { Footsteps, Shot }
///
/// impl Stimulus for Noise {
///     const COUNT: usize = 2;
///     const ALL: &'static [Noise] = &[Noise::Footsteps, Noise::Shot];
///     type Slots<P> = [Option<Entry<P>>; 2];
///     fn index(self) -> usize {
///         self as usize
///     }
///     fn empty<P>() -> [Option<Entry<P>>; 2] {
///         [None, None]
///     }
/// }
///
/// let mut heard: Stimuli<Noise> = Stimuli::new();
/// heard.add(Noise::Shot, (), None);
/// assert_eq!(heard.flags(), Flags::bit(1));
/// ```
pub trait Stimulus: Copy + 'static {
    /// How many kinds the set has, at most 64 (a [`Flags`] holds 64 flags).
    const COUNT: usize;

    /// Every kind, in index order: `ALL[i].index() == i`.
    const ALL: &'static [Self];

    /// The slots of a store with payload `P`: one `Option<Entry<P>>` per
    /// kind, `[Option<Entry<P>>; COUNT]` for a derived set, so that the
    /// store is sized to the kinds and holds no heap memory.
    type Slots<P>: AsRef<[Option<Entry<P>>]> + AsMut<[Option<Entry<P>>]>;

    /// The kind's number, from 0 to `COUNT - 1`: its slot in a store and its
    /// bit in the stimuli flags.
    fn index(self) -> usize;

    /// The kind's stimuli flag: `Flags::bit(index)` (the empty set if
    /// `index` is 64 or more, which a derived set never is).
    ///
    /// For code generic over kinds; on a derived set, `Kind::X.flag()`
    /// calls the enum's inherent `const fn flag`, which returns the same.
    #[inline]
    fn flag(self) -> Flags {
        flag_of(self.index())
    }

    /// `COUNT` empty slots.
    fn empty<P>() -> Self::Slots<P>;
}

/// What a [`Stimuli`] store keeps for a present kind: its payload and when
/// it expires. Opaque; it appears in [`Stimulus::Slots`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entry<P> {
    pub(crate) payload: P,
    /// The store clock at which the entry expires, `+∞` for none.
    pub(crate) deadline: f64,
}

/// A per-agent store of stimuli (V2): for each kind of the set `K`, present
/// or absent, with a payload `P` and an optional timeout.
///
/// It is a fixed-size value, one slot per kind ([`Stimulus::Slots`]): no
/// heap, nothing to allocate while the game runs. Keep it in the agent (or
/// next to it), let the game and the agent's behaviors [`add`](Stimuli::add)
/// and [`remove`](Stimuli::remove) stimuli, and call
/// [`update`](Stimuli::update) once per frame before the agent's tick to
/// get the stimuli flags that its guards test (G1).
///
/// # Payloads
///
/// One payload type per store, `()` by default. When kinds need different
/// data, make the payload an enum (`enum Why { Attacker(u32), Invite {
/// from: u32, game: Game }, None }`) and match on it where it is read.
///
/// # Timeouts
///
/// [`add`](Stimuli::add) takes `Some(seconds)` or `None`. A stimulus added
/// with timeout `t` is present in the flags of every update until the total
/// `dt` since it was added reaches `t`: the update on which it reaches or
/// passes `t` removes it, and it is absent from that update's flags. With
/// `dt = 0.1` and `t = 0.3`, the flags of the first two updates have it and
/// the third removes it. `None` never expires (only
/// [`remove`](Stimuli::remove) or [`clear`](Stimuli::clear) take it away).
///
/// - A timeout of `0`, a negative one, `-∞` or NaN expires at the next
///   update, whatever its `dt`: the stimulus is in [`flags`](Stimuli::flags)
///   until then, never in an update's result. Nothing panics.
/// - `+∞` is the same as `None`.
/// - Adding a kind that is present replaces its payload and restarts its
///   timeout from the new value.
///
/// **Precision.** The store keeps its own clock, an `f64` advanced by each
/// update's `dt`, and each entry's deadline on that clock; nothing is
/// subtracted frame after frame. But `dt` and the timeout arrive as `f32`,
/// which hold about seven significant digits: `0.1_f32` is `0.1000000015`,
/// `0.3_f32` is `0.3000000119`, so three frames of `0.1` add up to less than
/// the timeout `0.3`. The store therefore compares at the precision of an
/// `f32`: a timeout is reached when the elapsed time is within one part in
/// 2²² (about a quarter of a millionth) of it, or past it. Timeouts that are
/// a whole number of frames expire on that frame, whether or not the
/// values round up in binary.
///
/// `update`'s `dt` is sanitized as [`Frame::new`](crate::Frame::new) does: negative, NaN or
/// infinite counts as `0`, above [`Frame::MAX_DT`](crate::Frame::MAX_DT) as `MAX_DT`.
///
/// # Wiring
///
/// One line per agent and frame, in the preparation step of a batch
/// ([`batch::tick_all`](crate::batch::tick_all)):
///
/// ```
/// use deciders::{batch, Behavior, Ctx, Frame, Status, Stimuli, Stimulus};
///
/// #[derive(Clone, Copy, Debug, PartialEq, Stimulus)]
/// enum Stim { Hit, Invited }
///
/// struct Critter { stimuli: Stimuli<Stim, u32>, fled_from: Vec<u32> }
///
/// /// Flees from whoever hit it, once: the stimulus is handled.
/// #[derive(Default)]
/// struct Flee;
/// impl Behavior<Critter> for Flee {
///     fn tick(&mut self, c: &mut Critter, _: &mut Ctx) -> Status {
///         if let Some(attacker) = c.stimuli.remove(Stim::Hit) {
///             c.fled_from.push(attacker);
///         }
///         Status::Success
///     }
/// }
///
/// deciders::tree! {
///     tree Life for Critter {
///         priority {
///             flee: when(stimuli_any(Stim::Hit.flag())) => Flee,
///             idle: wait(1.0),
///         }
///     }
/// }
///
/// let mut agents: Vec<Critter> =
///     (0..3).map(|_| Critter { stimuli: Stimuli::new(), fled_from: Vec::new() }).collect();
/// let mut states: Vec<Life> = (0..3).map(|_| Life::new()).collect();
/// agents[1].stimuli.add(Stim::Hit, 42, Some(2.0)); // the game: agent 1 took a hit from 42
///
/// let mut frame = Frame::new(0.1);
/// batch::tick_all(&mut states, &mut agents, &mut frame, |_, _, agent, frame| {
///     frame.set_stimuli(agent.stimuli.update(frame.dt()));
/// });
/// assert_eq!(agents[1].fled_from, [42]);
/// assert!(agents[0].fled_from.is_empty());
/// assert!(!agents[1].stimuli.contains(Stim::Hit));
/// ```
///
/// A stimulus a behavior adds or removes during a tick changes the store
/// at once, but the frame holds the flags of the last update: guards see
/// the change from the next update on.
///
/// # Traits
///
/// `Default` is [`Stimuli::new`]. `Clone`, `Copy`, `Debug` and `PartialEq`
/// are implemented when the payload has them (and, for `Debug`, the kinds);
/// two stores are equal when the same kinds are present, with equal
/// payloads and the same time left.
pub struct Stimuli<K: Stimulus, P = ()> {
    pub(crate) slots: K::Slots<P>,
    /// The kinds present: the stimuli flags.
    pub(crate) present: Flags,
    /// The store's clock, in seconds: the sum of the updates' `dt`.
    pub(crate) clock: f64,
}

/// What a timeout is shortened by, relative to its length: one part in
/// 2²², more than an `f32`'s rounding of the timeout and of the frames
/// that add up to it (2⁻²⁴ each), so that a timeout of `n` frames expires
/// on the `n`-th (see "Precision" on [`Stimuli`]).
const SLACK: f64 = 1.0 / 4_194_304.0; // 2⁻²²

impl<K: Stimulus, P> Stimuli<K, P> {
    /// An empty store.
    ///
    /// ```
    /// use deciders::{Flags, Stimuli, Stimulus};
    /// #[derive(Clone, Copy, Stimulus)]
    /// enum Stim { Hit }
    /// let store: Stimuli<Stim> = Stimuli::new();
    /// assert_eq!(store.flags(), Flags::EMPTY);
    /// ```
    pub fn new() -> Self {
        const {
            assert!(
                K::COUNT <= 64,
                "a stimulus set has at most 64 kinds (a Flags holds 64 flags)"
            );
        }
        Stimuli {
            slots: K::empty(),
            present: Flags::EMPTY,
            clock: 0.0,
        }
    }

    /// Adds a stimulus of `kind` with `payload`, for `timeout` seconds of
    /// updates (`None`: until removed), and returns the payload it replaces
    /// if `kind` was present. Replacing restarts the timeout.
    ///
    /// A timeout of `0` or less, or NaN, expires at the next update; `+∞`
    /// never expires (see "Timeouts" on [`Stimuli`]).
    ///
    /// ```
    /// use deciders::{Stimuli, Stimulus};
    /// #[derive(Clone, Copy, Stimulus)]
    /// enum Stim { Hit }
    /// let mut store = Stimuli::<Stim, u32>::new();
    /// assert_eq!(store.add(Stim::Hit, 7, Some(1.0)), None);
    /// assert_eq!(store.add(Stim::Hit, 9, Some(1.0)), Some(7)); // 9 hit me last
    /// assert_eq!(store.get(Stim::Hit), Some(&9));
    /// ```
    pub fn add(&mut self, kind: K, payload: P, timeout: Option<f32>) -> Option<P> {
        let deadline = self.deadline(timeout);
        let flag = flag_of(kind.index());
        let slot = self.slots.as_mut().get_mut(kind.index())?;
        if flag == Flags::EMPTY {
            return None;
        }
        self.present |= flag;
        slot.replace(Entry { payload, deadline })
            .map(|old| old.payload)
    }

    /// Removes `kind`'s stimulus and returns its payload, or `None` if it
    /// was absent.
    ///
    /// ```
    /// use deciders::{Stimuli, Stimulus};
    /// #[derive(Clone, Copy, Stimulus)]
    /// enum Stim { Hit }
    /// let mut store = Stimuli::<Stim, u32>::new();
    /// store.add(Stim::Hit, 7, None);
    /// assert_eq!(store.remove(Stim::Hit), Some(7));
    /// assert_eq!(store.remove(Stim::Hit), None);
    /// ```
    pub fn remove(&mut self, kind: K) -> Option<P> {
        self.present = self.present.without(flag_of(kind.index()));
        let entry = self.slots.as_mut().get_mut(kind.index())?.take()?;
        Some(entry.payload)
    }

    /// The payload of `kind`'s stimulus, if present.
    ///
    /// ```
    /// use deciders::{Stimuli, Stimulus};
    /// #[derive(Clone, Copy, Stimulus)]
    /// enum Stim { Hit, Invited }
    /// let mut store = Stimuli::<Stim, &str>::new();
    /// store.add(Stim::Invited, "tag", None);
    /// assert_eq!(store.get(Stim::Invited), Some(&"tag"));
    /// assert_eq!(store.get(Stim::Hit), None);
    /// ```
    pub fn get(&self, kind: K) -> Option<&P> {
        let entry = self.slots.as_ref().get(kind.index())?.as_ref()?;
        Some(&entry.payload)
    }

    /// The payload of `kind`'s stimulus, if present, to change it (its
    /// timeout is kept).
    ///
    /// ```
    /// use deciders::{Stimuli, Stimulus};
    /// #[derive(Clone, Copy, Stimulus)]
    /// enum Stim { Hit }
    /// let mut store = Stimuli::<Stim, u32>::new();
    /// store.add(Stim::Hit, 1, None);
    /// *store.get_mut(Stim::Hit).unwrap() += 1; // hit twice
    /// assert_eq!(store.get(Stim::Hit), Some(&2));
    /// ```
    pub fn get_mut(&mut self, kind: K) -> Option<&mut P> {
        let entry = self.slots.as_mut().get_mut(kind.index())?.as_mut()?;
        Some(&mut entry.payload)
    }

    /// Whether `kind`'s stimulus is present.
    #[inline]
    pub fn contains(&self, kind: K) -> bool {
        self.present.any(flag_of(kind.index()))
    }

    /// The stimuli flags of the kinds present now: what the last
    /// [`update`](Stimuli::update) returned, with what was added or removed
    /// since.
    ///
    /// ```
    /// use deciders::{Flags, Stimuli, Stimulus};
    /// #[derive(Clone, Copy, Stimulus)]
    /// enum Stim { Hit, Invited }
    /// let mut store = Stimuli::<Stim>::new();
    /// store.add(Stim::Invited, (), Some(0.0));
    /// assert_eq!(store.flags(), Stim::Invited.flag());
    /// assert_eq!(store.update(0.0), Flags::EMPTY); // a zero timeout: gone at the next update
    /// ```
    #[inline]
    pub fn flags(&self) -> Flags {
        self.present
    }

    /// How many kinds are present.
    #[inline]
    pub fn len(&self) -> usize {
        self.present.bits().count_ones() as usize
    }

    /// Whether no kind is present.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.present == Flags::EMPTY
    }

    /// Advances the store's clock by `dt` seconds, removes every stimulus
    /// whose timeout is reached, and returns the flags of what remains: the
    /// stimuli flags for this frame's tick, for
    /// [`Frame::set_stimuli`](crate::Frame::set_stimuli).
    ///
    /// Call it once per frame, before the agent's tick, with the frame's
    /// `dt`. `dt` is sanitized as [`Frame::new`](crate::Frame::new) does (negative, NaN or
    /// infinite counts as `0`, at most [`Frame::MAX_DT`](crate::Frame::MAX_DT)). A stimulus with
    /// timeout `t` is absent from the result of the update on which the
    /// `dt`s since it was added reach `t` (see "Timeouts" on [`Stimuli`]).
    ///
    /// ```
    /// use deciders::{Flags, Stimuli, Stimulus};
    /// #[derive(Clone, Copy, Stimulus)]
    /// enum Stim { Hit, Invited }
    /// let mut store = Stimuli::<Stim>::new();
    /// store.add(Stim::Hit, (), Some(0.3));
    /// store.add(Stim::Invited, (), None);
    /// let both = Stim::Hit.flag() | Stim::Invited.flag();
    /// assert_eq!(store.update(0.1), both); // 0.1 s since added
    /// assert_eq!(store.update(0.1), both); // 0.2 s
    /// assert_eq!(store.update(0.1), Stim::Invited.flag()); // 0.3 s: Hit expires
    /// assert_eq!(store.update(f32::NAN), Stim::Invited.flag()); // bad dt: 0
    /// ```
    pub fn update(&mut self, dt: f32) -> Flags {
        self.update_clean(crate::ctx::sanitize(dt))
    }

    /// [`update`](Self::update) by a `dt` already cleaned (a frame's: a
    /// brain's tick).
    #[inline(always)]
    pub(crate) fn update_clean(&mut self, dt: f32) -> Flags {
        self.clock += f64::from(dt);
        let clock = self.clock;
        let slots = self.slots.as_mut();
        let mut bits = self.present.bits();
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if let Some(slot) = slots.get_mut(i) {
                if slot.as_ref().is_some_and(|e| clock >= e.deadline) {
                    *slot = None;
                    self.present = self.present.without(flag_of(i));
                }
            }
        }
        self.present
    }

    /// Seconds of store clock until the next stimulus expires (its
    /// update with the clock at or past its deadline), `None` when none
    /// will: when a sleeping brain must wake (Z2).
    pub(crate) fn next_expiry(&self) -> Option<f64> {
        let clock = self.clock;
        self.slots
            .as_ref()
            .iter()
            .flatten()
            .map(|e| e.deadline - clock)
            .filter(|d| *d < f64::INFINITY)
            .reduce(f64::min)
    }

    /// Moves the store's clock `seconds` on, expiring nothing: a sleeping
    /// brain catching up (Z2), whose next stimulus expires later.
    pub(crate) fn skip(&mut self, seconds: f64) {
        self.clock += seconds;
    }

    /// Removes every stimulus.
    ///
    /// ```
    /// use deciders::{Stimuli, Stimulus};
    /// #[derive(Clone, Copy, Stimulus)]
    /// enum Stim { Hit, Invited }
    /// let mut store = Stimuli::<Stim>::new();
    /// store.add(Stim::Hit, (), None);
    /// store.clear();
    /// assert!(store.is_empty() && !store.contains(Stim::Hit));
    /// ```
    pub fn clear(&mut self) {
        self.slots.as_mut().iter_mut().for_each(|slot| *slot = None);
        self.present = Flags::EMPTY;
    }

    /// The stimuli present, as `(kind, &payload)`, in index order.
    ///
    /// ```
    /// use deciders::{Stimuli, Stimulus};
    /// #[derive(Clone, Copy, Debug, PartialEq, Stimulus)]
    /// enum Stim { Hit, Invited, JustAte }
    /// let mut store = Stimuli::<Stim, u32>::new();
    /// store.add(Stim::JustAte, 3, Some(10.0));
    /// store.add(Stim::Hit, 7, None);
    /// let present: Vec<_> = store.iter().collect();
    /// assert_eq!(present, [(Stim::Hit, &7), (Stim::JustAte, &3)]);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (K, &P)> + '_ {
        K::ALL
            .iter()
            .zip(self.slots.as_ref())
            .filter_map(|(&kind, slot)| Some((kind, &slot.as_ref()?.payload)))
    }

    /// The deadline on the store clock of a stimulus added now with
    /// `timeout` (see "Timeouts" and "Precision" on [`Stimuli`]).
    fn deadline(&self, timeout: Option<f32>) -> f64 {
        match timeout {
            None => f64::INFINITY,
            Some(t) if t.is_nan() || t <= 0.0 => self.clock,
            Some(t) => self.clock + f64::from(t) * (1.0 - SLACK),
        }
    }

    /// Time left per slot, for comparing stores.
    fn left(&self) -> impl Iterator<Item = Option<(&P, f64)>> + '_ {
        let clock = self.clock;
        self.slots
            .as_ref()
            .iter()
            .map(move |slot| slot.as_ref().map(|e| (&e.payload, e.deadline - clock)))
    }
}

/// `Flags::bit(index)`, or the empty set if `index` is 64 or more.
#[inline]
fn flag_of(index: usize) -> Flags {
    u32::try_from(index)
        .ok()
        .and_then(Flags::try_bit)
        .unwrap_or(Flags::EMPTY)
}

/// The payloads of the stimuli a [`Brain`](crate::brain::Brain) holds,
/// as its hooks read them.
impl<W> crate::ctx::Ctx<'_, W> {
    /// The payload of the stimulus of `kind` the agent's brain holds
    /// (V2); `None` if absent, or if the tree is not ticked by a brain
    /// whose store has kinds `K` and payload `P`.
    ///
    /// ```
    /// use deciders::brain::Brain;
    /// use deciders::{Behavior, Ctx, Frame, Status, Stimulus};
    ///
    /// #[derive(Clone, Copy, Debug, PartialEq, Eq, Stimulus)]
    /// enum Stim { Hit }
    /// struct Mob { struck: Option<u32> }
    ///
    /// /// Strikes back at the attacker the stimulus carries.
    /// #[derive(Default)]
    /// struct Retaliate;
    /// impl Behavior<Mob> for Retaliate {
    ///     fn tick(&mut self, m: &mut Mob, ctx: &mut Ctx) -> Status {
    ///         m.struck = ctx.stimulus::<Stim, u32>(Stim::Hit).copied();
    ///         Status::Success
    ///     }
    /// }
    /// deciders::tree! {
    ///     tree Monster for Mob, stimuli = Stim(u32) {
    ///         priority { strike: when(stimuli_any(Stim::Hit.flag())) => Retaliate, idle: wait(1.0) }
    ///     }
    /// }
    /// let (mut brain, mut mob) = (Brain::new(Monster::new()), Mob { struck: None });
    /// brain.stimuli_mut().add(Stim::Hit, 7, Some(1.0));
    /// brain.tick(&mut mob, &mut Frame::new(0.1));
    /// assert_eq!(mob.struck, Some(7));
    /// ```
    #[inline]
    pub fn stimulus<K: Stimulus, P: 'static>(&self, kind: K) -> Option<&P> {
        self.stimuli_store::<K, P>()?.get(kind)
    }

    /// Asks the agent's brain to remove the stimulus of `kind` from its
    /// store when this tick ends (V2, B1): a behavior that dealt with a
    /// stimulus forgets it. Until the tick ends the store is unchanged
    /// (every hook of the tick sees the same stimuli). Returns `false`,
    /// doing nothing, when the tree is not ticked by a brain.
    #[inline]
    pub fn forget_stimulus<K: Stimulus>(&mut self, kind: K) -> bool {
        self.forget(kind.flag())
    }

    /// The whole stimuli store the agent's brain holds, when it has kinds
    /// `K` and payload `P` (see [`stimulus`](Self::stimulus)).
    #[inline]
    pub fn stimuli_store<K: Stimulus, P: 'static>(&self) -> Option<&Stimuli<K, P>> {
        self.lent_store().downcast_ref::<Stimuli<K, P>>()
    }
}

impl<K: Stimulus, P> Default for Stimuli<K, P> {
    fn default() -> Self {
        Stimuli::new()
    }
}

impl<K: Stimulus, P: Clone> Clone for Stimuli<K, P> {
    fn clone(&self) -> Self {
        let mut slots = K::empty();
        for (to, from) in slots.as_mut().iter_mut().zip(self.slots.as_ref()) {
            to.clone_from(from);
        }
        Stimuli {
            slots,
            present: self.present,
            clock: self.clock,
        }
    }
}

impl<K: Stimulus, P: Copy> Copy for Stimuli<K, P> where K::Slots<P>: Copy {}

impl<K: Stimulus, P: PartialEq> PartialEq for Stimuli<K, P> {
    fn eq(&self, other: &Self) -> bool {
        self.present == other.present && self.left().eq(other.left())
    }
}

impl<K: Stimulus + fmt::Debug, P: fmt::Debug> fmt::Debug for Stimuli<K, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let present = K::ALL
            .iter()
            .zip(self.slots.as_ref())
            .filter_map(|(kind, slot)| Some((kind, slot.as_ref()?)));
        f.debug_struct("Stimuli")
            .field("clock", &self.clock)
            .field("present", &DebugMap(present))
            .finish()
    }
}

/// Shows `(key, value)` pairs as a map.
struct DebugMap<I>(I);

impl<I, A, B> fmt::Debug for DebugMap<I>
where
    I: Iterator<Item = (A, B)> + Clone,
    A: fmt::Debug,
    B: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.0.clone()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A kind set by hand (the derive lives in `bt-macros`).
    #[derive(Clone, Copy, Debug, PartialEq)]
    enum K {
        A,
        B,
    }

    impl Stimulus for K {
        const COUNT: usize = 2;
        const ALL: &'static [K] = &[K::A, K::B];
        type Slots<P> = [Option<Entry<P>>; 2];
        fn index(self) -> usize {
            self as usize
        }
        fn empty<P>() -> [Option<Entry<P>>; 2] {
            [None, None]
        }
    }

    /// The update on which a stimulus with timeout `t`, added when the
    /// store clock reads `start` hours, disappears with frames of `dt`
    /// (1-based), up to `limit`.
    fn expires_on(start: u32, dt: f32, t: f32, limit: u32) -> Option<u32> {
        let mut s = Stimuli::<K>::new();
        (0..start).for_each(|_| _ = s.update(3600.0));
        s.add(K::A, (), Some(t));
        (1..=limit).find(|_| !s.update(dt).any(K::A.flag()))
    }

    #[test]
    fn v2_a_timeout_of_n_frames_expires_on_the_nth_update() {
        // SPEC V2: the timeouts and frame lengths a game writes in decimal,
        // each rounded to f32 on its own, up or down.
        for dt in [0.1, 0.05, 0.2, 0.3, 0.7, 0.01, 1.0 / 60.0, 1.0 / 30.0, 0.25] {
            for n in 1..=200u32 {
                let t = (f64::from(n) * dt) as f32;
                for start in [0, 1000] {
                    let on = expires_on(start, dt as f32, t, n + 2);
                    assert_eq!(on, Some(n), "dt {dt}, {n} frames, from {start} h");
                }
            }
        }
    }

    #[test]
    fn v2_a_broken_kind_set_is_never_stored_and_never_panics() {
        #[derive(Clone, Copy, Debug)]
        struct Far;
        impl Stimulus for Far {
            const COUNT: usize = 1;
            const ALL: &'static [Far] = &[Far];
            type Slots<P> = [Option<Entry<P>>; 1];
            fn index(self) -> usize {
                70
            }
            fn empty<P>() -> [Option<Entry<P>>; 1] {
                [None]
            }
        }
        let mut s = Stimuli::<Far, u8>::new();
        assert_eq!(s.add(Far, 1, None), None);
        assert!(!s.contains(Far));
        assert_eq!(s.get(Far), None);
        assert_eq!(s.remove(Far), None);
        assert_eq!(s.update(1.0), Flags::EMPTY);
        assert_eq!(Far.flag(), Flags::EMPTY);
    }

    #[test]
    fn v2_equal_stores_have_the_same_time_left() {
        let (mut a, mut b) = (Stimuli::<K, u8>::new(), Stimuli::<K, u8>::new());
        a.update(1.0);
        a.add(K::B, 3, None);
        b.add(K::B, 3, None);
        assert_eq!(a, b); // different clocks, nothing that expires
        a.add(K::A, 1, Some(2.0));
        b.add(K::A, 1, Some(2.0));
        assert_eq!(a, b);
        b.update(0.5);
        assert_ne!(a, b);
        a.update(0.5);
        assert_eq!(a, b);
        let copy = a;
        assert_eq!(copy, a);
        let shown = format!("{a:?}");
        assert!(shown.starts_with("Stimuli { clock: 1.5, present: {A: Entry { payload: 1"));
    }
}
