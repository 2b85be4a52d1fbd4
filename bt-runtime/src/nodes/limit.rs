//! `limit(resource, max)` (R8): at most `max` agents inside a child at
//! once.
//!
//! Three pieces:
//!
//! - [`Resource`]: the counter, shared by every agent that competes for the
//!   same thing (the alarm, a door, the player's attention). You create it,
//!   keep it in your world, and clone it wherever it must be reached: the
//!   clones share one count. It is thread-safe, so chunks of agents ticked
//!   in parallel may share it. Nothing is global: two resources never
//!   interfere, and two test cases never see each other's counts.
//! - [`Slot`]: one agent's place inside, a guard. Dropping it gives the
//!   place back; taking one ([`Resource::try_acquire`]) never allocates.
//! - [`Limit`]: the [`Decorator`] a tree's `limit(resource, max) { child }`
//!   stands for. `resource` picks the [`Resource`] out of the world (a
//!   function or a closure `fn(&World) -> &Resource`, or a type of the
//!   tree's: [`SelectResource`]); `max` is a number or, in a tree, a type
//!   ([`MaxInside`]).
//!
//! What `limit` does, with an example, is on [`Limit`].

use crate::base::status::{Exit, Status};
use crate::ctx::Ctx;
use crate::hooks::decorator::{Before, Decorator};
use core::fmt::Debug;
use std::fmt;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

/// A shared counter of agents inside `limit` decorators (R8).
///
/// Cloning it shares the count (it is an `Arc`): keep one in your world,
/// or one per chunk world cloned from yours. [`Resource::new`] allocates
/// once; nothing else does.
///
/// ```
/// use deciders::Resource;
/// let door = Resource::new();
/// let same = door.clone();
/// let first = door.try_acquire(2).expect("the door is free");
/// let second = same.try_acquire(2).expect("one place left");
/// assert!(door.try_acquire(2).is_none()); // full
/// assert_eq!(door.in_use(), 2);
/// drop(first);
/// assert_eq!(same.in_use(), 1);
/// drop(second);
/// assert_eq!(door.in_use(), 0);
/// ```
#[derive(Clone, Default)]
pub struct Resource(Arc<AtomicU32>);

impl Resource {
    /// A resource nobody is inside.
    pub fn new() -> Resource {
        Resource::default()
    }

    /// How many slots of this resource are held now, by every agent that
    /// shares it.
    #[inline]
    pub fn in_use(&self) -> u32 {
        self.0.load(Ordering::Acquire)
    }

    /// Takes a slot if fewer than `max` are held, atomically: however many
    /// threads try at once, no more than `max` slots exist together. `None`
    /// when it is full (or when `max` is 0). The slot is given back when it
    /// is dropped. Does not allocate.
    #[inline]
    pub fn try_acquire(&self, max: u32) -> Option<Slot> {
        let mut held = self.0.load(Ordering::Relaxed);
        loop {
            if held >= max {
                return None;
            }
            // SPEC R8: the count only goes up from a value below `max`.
            match self
                .0
                .compare_exchange_weak(held, held + 1, Ordering::Acquire, Ordering::Relaxed)
            {
                Ok(_) => return Some(Slot(Arc::clone(&self.0))),
                Err(now) => held = now,
            }
        }
    }

    /// Whether `slot` is a slot of this resource.
    pub fn holds(&self, slot: &Slot) -> bool {
        Arc::ptr_eq(&self.0, &slot.0)
    }
}

impl fmt::Debug for Resource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Resource")
            .field("in_use", &self.in_use())
            .finish()
    }
}

/// One place inside a [`Resource`], given back when dropped (R8).
///
/// Cloning a slot takes one more place, even beyond the `max` it was
/// acquired with: the clone is one more holder, and the count stays exact
/// (a cloned tree state whose `limit` is active is one more agent inside).
#[must_use = "a slot is given back as soon as it is dropped"]
pub struct Slot(Arc<AtomicU32>);

impl Clone for Slot {
    fn clone(&self) -> Slot {
        let counted = self
            .0
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_add(1));
        assert!(counted.is_ok(), "more than u32::MAX slots of one resource");
        Slot(Arc::clone(&self.0))
    }
}

impl Drop for Slot {
    #[inline]
    fn drop(&mut self) {
        // SPEC R8: every exit path of `limit` ends here.
        self.0.fetch_sub(1, Ordering::Release);
    }
}

impl fmt::Debug for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Slot")
            .field("in_use", &self.0.load(Ordering::Acquire))
            .finish()
    }
}

/// `limit(resource, max)` (R8): at most `max` agents inside the child at
/// once, across every agent sharing the [`Resource`] that `select` picks
/// out of the world.
///
/// When the decorator is reached, it tries to take a slot of the resource
/// before entering its child. If `max` agents are already inside, it fails
/// at once: the child is not entered, the decorator is not activated (no
/// `exit`; the tracing hook gets one
/// [`TraceEvent::EntryRefused`](crate::TraceEvent::EntryRefused) for the
/// `limit`, with `Failure`), as a cooldown that is not due refuses (R4), so
/// that a `fallback` or a decider group moves on to another child. An agent
/// inside keeps its slot while its child runs and gives it back the moment
/// the decorator leaves, whatever the reason: the child completed (the
/// decorator completes with the child's status), a higher-priority sibling
/// interrupted it, a `recheck` rejected it, its parent left, the tree was
/// halted or reset, a hook panicked during a tick (the runtime then drops
/// the active state, T4), or the tree state was dropped while running. The
/// slot lives in the decorator's memory, which exists exactly while the
/// decorator is active, and [`Slot`] releases on `Drop`, so no path can
/// leak it.
///
/// Slots are taken in the order agents reach the decorator: ticked
/// serially, the first agents of the frame get in, deterministically. Ticked
/// in parallel, which agents get in depends on the threads' timing, but
/// never more than `max` are inside at once (the count is changed by a
/// compare-and-swap that refuses to go above `max`).
///
/// ```
/// use deciders::{Behavior, Ctx, Frame, Resource, Status};
///
/// /// The game's shared state: one alarm for the whole level.
/// struct Level { alarm: Resource }
///
/// #[derive(Default)]
/// struct Monster { log: Vec<&'static str> }
///
/// #[derive(Default)]
/// struct SoundAlarm;
/// impl Behavior<Monster, Level> for SoundAlarm {
///     fn tick(&mut self, m: &mut Monster, _: &mut Ctx<Level>) -> Status {
///         m.log.push("alarm");
///         Status::Running // sounds until something else happens
///     }
/// }
/// #[derive(Default)]
/// struct Chase;
/// impl Behavior<Monster, Level> for Chase {
///     fn tick(&mut self, m: &mut Monster, _: &mut Ctx<Level>) -> Status {
///         m.log.push("chase");
///         Status::Running
///     }
/// }
///
/// deciders::tree! {
///     tree Hunter for Monster, world = Level {
///         fallback { limit(|l: &Level| &l.alarm, 1) { SoundAlarm }, Chase }
///     }
/// }
///
/// let mut ctx = Frame::new(0.1).with_world(Level { alarm: Resource::new() });
/// let mut monsters: Vec<Monster> = (0..3).map(|_| Monster::default()).collect();
/// let mut states: Vec<Hunter> = (0..3).map(|_| Hunter::new()).collect();
/// for (m, s) in monsters.iter_mut().zip(&mut states) {
///     s.tick(m, &mut ctx);
/// }
/// assert_eq!(monsters[0].log, ["alarm"]); // the first one in sounds it
/// assert_eq!(monsters[1].log, ["chase"]); // the others chase
/// assert_eq!(monsters[2].log, ["chase"]);
/// assert_eq!(ctx.world().alarm.in_use(), 1);
/// states[0].halt(&mut monsters[0], &mut ctx); // or reset, or drop it
/// assert_eq!(ctx.world().alarm.in_use(), 0);
/// ```
///
/// # As a decorator
///
/// As a [`Decorator`]: [`before`](Decorator::before) takes the slot when
/// the child is about to be entered, and answers
/// [`Before::Stop`]`(Failure)` when the resource is full; on entry, that
/// refuses the decorator, which is then not activated. The slot is taken
/// in `before` rather than in [`enter`](Decorator::enter) because `enter`
/// cannot refuse; `enter` does nothing. On every later tick `before` finds
/// the slot held and says [`Before::Tick`]. `limit` never stays active
/// without its child (its status is the child's), so the child is entered
/// once per activation and an activation holds at most one slot.
///
/// The slot is kept in the decorator's memory, this value, and given back
/// in [`after`](Decorator::after) when the child completes, in
/// [`exit`](Decorator::exit) when the decorator is halted, and by `Drop`
/// when the value is dropped without either (a panic, a dropped state).
/// The child's status passes through. No persistent state: nothing
/// outlives an activation but the shared count.
///
/// A tree's `limit(resource, max)` is a `Limit` whose selector and `max`
/// are types of its own, so that its memory is the slot alone: a
/// zero-sized type implementing [`SelectResource`] for the selector, and
/// `max` as a zero-sized type too. Built on every entry, it costs nothing
/// to build.
///
/// Written by hand for `decorate(…)`, a `Limit` takes the selector and
/// `max` as values, [`Limit::new`]`(select, max)`; name the selector's type
/// as a function pointer (`type AlarmLimit = Limit<fn(&World) -> &Resource>;`,
/// `decorate(AlarmLimit::new(alarm, 2))`), or give the selector as a type
/// of your own:
///
/// ```
/// use deciders::{Limit, Resource, SelectResource};
/// struct Level { alarm: Resource }
/// /// The alarm of the level, as a type.
/// #[derive(Clone, Copy, PartialEq, Eq)]
/// struct Alarm;
/// impl SelectResource<Level> for Alarm {
///     fn select<'w>(&self, level: &'w Level) -> &'w Resource {
///         &level.alarm
///     }
/// }
/// let limit = Limit::new(Alarm, 2);
/// assert_eq!(limit.max(), 2);
/// ```
///
/// # Saved and loaded
///
/// With the feature `serde` (O6), a `limit` saves whether it held a slot
/// (`{"inside": true}`), never its selector or `max`, which are the
/// tree's. The resource is the game's and is not saved, so a loaded
/// `limit` holds no slot: **a `limit` node that was running when saved
/// takes its slot again at its first tick after the load; if the resource
/// is full then, the node fails as if refused, and its running child is
/// halted first (its behaviors get `deactivate` with `Exit::Halted`, then
/// the `limit` completes with `Failure`).** That is what `before` does on
/// every tick anyway when it finds no slot held, so a tree that was never
/// loaded pays nothing for it. A tree's `limit` loads this way; a `Limit`
/// written by hand in `decorate(…)` saves but does not load (its `max` is
/// a value, which a load could not take back from the tree), and a tree
/// with one that derives `Deserialize` does not compile.
pub struct Limit<F, M = u32> {
    select: F,
    max: M,
    slot: Option<Slot>,
}

/// How a [`Limit`] picks its [`Resource`] out of the world (R8): any
/// function or closure `fn(&World) -> &Resource`, or a type of your own,
/// as a tree's `limit` makes one for its selector (zero-sized, so that
/// the decorator's memory holds its slot alone).
#[diagnostic::on_unimplemented(
    message = "`{Self}` does not pick a `Resource` out of a `{W}`",
    label = "expected a function or closure from `&{W}` to `&Resource`"
)]
pub trait SelectResource<W> {
    /// The resource the limit counts in.
    fn select<'w>(&self, world: &'w W) -> &'w Resource;
}

impl<W, F: Fn(&W) -> &Resource> SelectResource<W> for F {
    #[inline(always)]
    fn select<'w>(&self, world: &'w W) -> &'w Resource {
        self(world)
    }
}

/// `max` as a type (R8): the most agents inside a [`Limit`] at once, `N`,
/// known at compile time and held in no memory. What a tree's
/// `limit(resource, N)` uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MaxInside<const N: u32>;

impl<const N: u32> From<MaxInside<N>> for u32 {
    #[inline(always)]
    fn from(_: MaxInside<N>) -> u32 {
        N
    }
}

impl<F> Limit<F> {
    /// `limit(select, max)`: at most `max` agents inside the child at once,
    /// counted in the resource `select` returns.
    ///
    /// # Panics
    ///
    /// If `max` is 0: nobody could ever enter. (`tree!` rejects
    /// `limit(…, 0)` at compile time.)
    #[inline]
    pub const fn new(select: F, max: u32) -> Limit<F> {
        assert!(max > 0, "limit(resource, 0) would never let an agent in");
        Limit {
            select,
            max,
            slot: None,
        }
    }
}

impl<F, const N: u32> Limit<F, MaxInside<N>> {
    /// `limit(select, N)` with `N` a type ([`MaxInside`]): what a tree's
    /// `limit` builds on every entry. An `N` of 0 is a compile error: nobody
    /// could ever enter (`tests/ui/limit_max.rs`).
    ///
    /// ```compile_fail
    /// use deciders::__private::MaxInside;
    /// use deciders::{Limit, Resource};
    /// fn door(w: &Resource) -> &Resource { w }
    /// let _ = Limit::<_, MaxInside<0>>::inside(door as fn(&Resource) -> &Resource);
    /// ```
    #[doc(hidden)]
    #[inline(always)]
    pub const fn inside(select: F) -> Self {
        const { assert!(N > 0, "limit(resource, 0) would never let an agent in") };
        Limit {
            select,
            max: MaxInside,
            slot: None,
        }
    }
}

impl<F, M: Copy + Into<u32>> Limit<F, M> {
    /// The most agents inside at once.
    #[inline]
    pub fn max(&self) -> u32 {
        self.max.into()
    }
}

impl<F, M> Limit<F, M> {
    /// The slot this agent holds, while it is inside.
    #[inline]
    pub const fn slot(&self) -> Option<&Slot> {
        self.slot.as_ref()
    }
}

impl<F: Clone, M: Clone> Clone for Limit<F, M> {
    /// A clone holds a slot of its own if this one holds one (see
    /// [`Slot`]'s `Clone`).
    fn clone(&self) -> Self {
        Limit {
            select: self.select.clone(),
            max: self.max.clone(),
            slot: self.slot.clone(),
        }
    }
}

/// Equal when they pick the same way, have the same `max`, and both hold a
/// slot of the same resource or both hold none.
impl<F: PartialEq, M: PartialEq> PartialEq for Limit<F, M> {
    fn eq(&self, other: &Self) -> bool {
        let same_slot = match (&self.slot, &other.slot) {
            (None, None) => true,
            (Some(a), Some(b)) => Arc::ptr_eq(&a.0, &b.0),
            _ => false,
        };
        self.max == other.max && same_slot && self.select == other.select
    }
}

impl<F: Eq, M: Eq> Eq for Limit<F, M> {}

impl<F, M: Copy + Into<u32>> fmt::Debug for Limit<F, M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Limit")
            .field("max", &self.max())
            .field("inside", &self.slot.is_some())
            .finish()
    }
}

impl<A, W, F, M> Decorator<A, W> for Limit<F, M>
where
    F: SelectResource<W>,
    M: Copy + Into<u32>,
{
    type Persist = ();

    /// A full resource is traced (`TraceEvent::EntryRefused`): which agents
    /// got in depends on the others.
    const TRACE_REFUSAL: bool = true;

    const AUDITS: bool = true;

    /// SPEC R8: a held slot of another resource than the one the selector
    /// returns now (the game built a new one) is given back, and reported;
    /// `before` then takes a slot in the resource of now, or fails.
    #[inline]
    fn audit(&mut self, ctx: &Ctx<W>) -> bool {
        let changed = match &self.slot {
            Some(slot) => !self.select.select(ctx.world()).holds(slot),
            None => false,
        };
        if changed {
            self.slot = None;
        }
        changed
    }

    /// SPEC R8: takes the slot before the child is entered; full, fails
    /// without entering it. While the child runs, the slot is already held,
    /// except after a load (O6): then the running child's slot is taken
    /// again here, and a full resource stops the decorator with `Failure`,
    /// its running child halted.
    #[inline]
    fn before(&mut self, _: &mut (), _: &A, ctx: &Ctx<W>, _child_running: bool) -> Before {
        if self.slot.is_some() {
            return Before::Tick;
        }
        match self.select.select(ctx.world()).try_acquire(self.max.into()) {
            Some(slot) => {
                self.slot = Some(slot);
                Before::Tick
            }
            None => Before::Stop(Status::Failure),
        }
    }

    /// SPEC R8: the child's status passes through; its completion gives
    /// the slot back (the decorator completes with it).
    #[inline]
    fn after(&mut self, _: &mut (), _: &A, _: &Ctx<W>, child: Status) -> Status {
        if child.is_done() {
            self.slot = None;
        }
        child
    }

    /// SPEC R8: leaving for any reason gives the slot back.
    #[inline]
    fn exit(&mut self, _: &mut (), _: &A, _: &Ctx<W>, _exit: Exit) {
        self.slot = None;
    }
}

/// O6: a `limit` saves whether it holds a slot, nothing else.
#[cfg(feature = "serde")]
impl<F, M> serde::Serialize for Limit<F, M> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Limit", 1)?;
        st.serialize_field("inside", &self.slot.is_some())?;
        st.end()
    }
}

/// The saved form of a [`Limit`]: whether it held a slot.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(rename = "Limit")]
struct SavedLimit {
    #[allow(dead_code)]
    inside: bool,
}

/// O6: a loaded `limit` holds no slot, whether the save's did or not; its
/// first tick takes one (`before`), or fails if the resource is full. Its
/// selector and `max` are the tree's types, never the save's: only a
/// `Limit` whose `max` is a type ([`MaxInside`], as a tree's `limit`
/// makes it) loads, since a `max` held as a value could not be restored.
#[cfg(feature = "serde")]
impl<'de, F: Default, const N: u32> serde::Deserialize<'de> for Limit<F, MaxInside<N>> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let _held = SavedLimit::deserialize(d)?;
        Ok(Limit::inside(F::default()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r8_max_as_a_type_holds_no_memory() {
        assert_eq!(u32::from(MaxInside::<32>), 32);
        assert_eq!(size_of::<MaxInside<32>>(), 0);
        struct Alarm;
        impl SelectResource<Resource> for Alarm {
            fn select<'w>(&self, r: &'w Resource) -> &'w Resource {
                r
            }
        }
        // The slot alone.
        assert_eq!(size_of::<Limit<Alarm, MaxInside<2>>>(), size_of::<usize>());
    }

    struct World {
        door: Resource,
    }

    fn door(w: &World) -> &Resource {
        &w.door
    }

    // SPEC R8
    #[test]
    fn r8_acquire_never_exceeds_max_and_drop_releases() {
        let r = Resource::new();
        let a = r.try_acquire(2).unwrap();
        let b = r.try_acquire(2).unwrap();
        assert!(r.try_acquire(2).is_none());
        assert!(r.try_acquire(0).is_none());
        assert_eq!(r.in_use(), 2);
        let c = a.clone(); // one more holder, beyond max
        assert_eq!(r.in_use(), 3);
        drop((a, b));
        assert_eq!(r.in_use(), 1);
        assert!(r.holds(&c) && !Resource::new().holds(&c));
        drop(c);
        assert_eq!(r.in_use(), 0);
    }

    // SPEC R8
    #[test]
    fn r8_limit_decorator_protocol() {
        let mut frame = crate::Frame::new(0.1).with_world(World {
            door: Resource::new(),
        });
        let ctx = frame.ctx();
        let mut l1 = Limit::new(door as fn(&World) -> &Resource, 1);
        let mut l2 = Limit::new(door as fn(&World) -> &Resource, 1);
        let b = |l: &mut Limit<_>, running| {
            Decorator::<(), World>::before(l, &mut (), &(), &ctx, running)
        };
        assert_eq!(b(&mut l1, false), Before::Tick);
        assert_eq!(b(&mut l1, true), Before::Tick); // held: no second slot
        assert_eq!(ctx.world().door.in_use(), 1);
        assert_eq!(b(&mut l2, false), Before::Stop(Status::Failure));
        assert!(l2.slot().is_none());
        let s = Decorator::<(), World>::after(&mut l1, &mut (), &(), &ctx, Status::Running);
        assert_eq!((s, ctx.world().door.in_use()), (Status::Running, 1));
        let s = Decorator::<(), World>::after(&mut l1, &mut (), &(), &ctx, Status::Failure);
        assert_eq!((s, ctx.world().door.in_use()), (Status::Failure, 0));
        assert_eq!(b(&mut l2, false), Before::Tick);
        Decorator::<(), World>::exit(&mut l2, &mut (), &(), &ctx, Exit::Halted);
        assert_eq!(ctx.world().door.in_use(), 0);
        assert_eq!(b(&mut l2, false), Before::Tick);
        drop(l2);
        assert_eq!(ctx.world().door.in_use(), 0);
    }

    // SPEC R8, O6: a limit that holds no slot while its child runs (a
    // loaded one) takes one at its next `before`, or stops with `Failure`.
    #[test]
    fn o6_a_limit_without_its_slot_takes_it_again_or_fails() {
        let mut frame = crate::Frame::new(0.1).with_world(World {
            door: Resource::new(),
        });
        let ctx = frame.ctx();
        let mut loaded = Limit::new(door as fn(&World) -> &Resource, 1);
        let b = |l: &mut Limit<_>| Decorator::<(), World>::before(l, &mut (), &(), &ctx, true);
        assert_eq!(b(&mut loaded), Before::Tick);
        assert_eq!(ctx.world().door.in_use(), 1);
        let mut other = Limit::new(door as fn(&World) -> &Resource, 1);
        assert_eq!(b(&mut other), Before::Stop(Status::Failure));
        assert!(other.slot().is_none());
    }

    #[test]
    #[should_panic(expected = "never let an agent in")]
    fn r8_max_zero_is_rejected() {
        let _ = Limit::new(door as fn(&World) -> &Resource, 0);
    }
}
