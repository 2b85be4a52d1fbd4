//! Timestamps and variables' slots (V3, V4): a [`Stamp`] of the tree clock,
//! and where a tree's state keeps its variables ([`VarSlot`]) and timestamps
//! ([`StampSlots`]).
use crate::base::flags::Flags;
use core::fmt;
use core::fmt::Debug;
use core::marker::PhantomData;

/// A timestamp of the tree clock (V3): when an event bound to it was last
/// posted, or never. Eight bytes.
#[derive(Clone, Copy)]
pub struct Stamp(f64);

impl Stamp {
    /// A timestamp never set.
    pub const NEVER: Stamp = Stamp(f64::NAN);

    /// Set at tree clock `now`.
    #[inline]
    pub const fn at(now: f64) -> Stamp {
        Stamp(now)
    }

    /// The time it was set, `None` if never.
    #[inline]
    pub fn get(self) -> Option<f64> {
        (!self.0.is_nan()).then_some(self.0)
    }

    /// Seconds from the stamp to `now`, `None` if never set.
    #[inline]
    pub fn since(self, now: f64) -> Option<f64> {
        self.get().map(|t| now - t)
    }
}

/// A variable of tree `T`, by name: `tree!` declares one associated
/// constant per `var`, named after it in upper case (`var alarmed` is
/// `Guard::ALARMED`), for reading it from the state, a brain or a hook
/// without counting declarations (V4).
///
/// ```
/// use deciders::{Behavior, Frame};
/// #[derive(Clone, Copy)]
/// enum Signal { Alarm, AllClear }
/// struct Mob;
/// deciders::tree! {
///     tree Guard for Mob, events = Signal {
///         var calm = set(Signal::AllClear), clear(Signal::Alarm);
///         var alarmed = set(Signal::Alarm), clear(Signal::AllClear);
///         wait(1.0)
///     }
/// }
/// let mut guard = Guard::new();
/// guard.post(&Signal::Alarm, &mut Mob, &mut Frame::new(0.0));
/// assert!(guard.var(Guard::ALARMED) && !guard.var(Guard::CALM));
/// ```
pub struct Var<T> {
    index: u8,
    tree: PhantomData<fn() -> T>,
}

/// A timestamp of tree `T`, by name: `tree!` declares one associated
/// constant per `stamp`, named after it in upper case (`stamp seen` is
/// `Guard::SEEN`), for reading it from the state, a brain or a hook
/// (V3).
///
/// ```
/// use deciders::Frame;
/// #[derive(Clone, Copy)]
/// enum Signal { Seen, Lost }
/// struct Mob;
/// deciders::tree! {
///     tree Guard for Mob, events = Signal {
///         stamp lost = on(Signal::Lost);
///         stamp seen = on(Signal::Seen);
///         wait(1.0)
///     }
/// }
/// let mut guard = Guard::new();
/// guard.tick(&mut Mob, &mut Frame::new(0.5));
/// guard.post(&Signal::Seen, &mut Mob, &mut Frame::new(0.0));
/// guard.tick(&mut Mob, &mut Frame::new(0.25));
/// assert_eq!((guard.since(Guard::SEEN), guard.since(Guard::LOST)), (Some(0.25), None));
/// ```
pub struct Timestamp<T> {
    index: u8,
    tree: PhantomData<fn() -> T>,
}

macro_rules! key {
    ($key:ident, $what:literal) => {
        impl<T> $key<T> {
            #[doc = concat!("The ", $what, " declared `index`-th in tree `T` (what `tree!` writes).")]
            #[doc(hidden)]
            pub const fn declared(index: u8) -> Self {
                $key {
                    index,
                    tree: PhantomData,
                }
            }
            #[doc = concat!("Its place among the tree's ", $what, "s, in declaration order.")]
            #[inline]
            pub const fn index(self) -> usize {
                self.index as usize
            }
        }
        impl<T> Clone for $key<T> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<T> Copy for $key<T> {}
        impl<T> PartialEq for $key<T> {
            fn eq(&self, other: &Self) -> bool {
                self.index == other.index
            }
        }
        impl<T> Eq for $key<T> {}
        impl<T> fmt::Debug for $key<T> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!(stringify!($key), "({})"), self.index)
            }
        }
    };
}
key!(Var, "variable");

impl<T> Var<T> {
    /// Its bit among the tree's variables (what `vars()` returns).
    #[inline]
    pub const fn flag(self) -> Flags {
        Flags::bit(self.index as u32)
    }
}
key!(Timestamp, "timestamp");

impl Default for Stamp {
    fn default() -> Stamp {
        Stamp::NEVER
    }
}

impl fmt::Debug for Stamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.get() {
            Some(t) => write!(f, "Stamp({t})"),
            None => f.write_str("Stamp(never)"),
        }
    }
}

/// Two stamps are equal when they hold the same time, or are both never
/// set: an equivalence (unlike `f64`'s `==`), so that tree states with
/// timestamps can be compared and hashed.
impl PartialEq for Stamp {
    fn eq(&self, other: &Stamp) -> bool {
        self.get().map(f64::to_bits) == other.get().map(f64::to_bits)
    }
}

impl Eq for Stamp {}

impl core::hash::Hash for Stamp {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.get().map(f64::to_bits).hash(state);
    }
}

/// Where a tree state keeps its variables: [`Flags`] (one bit per
/// variable, in declaration order), or `()` when the tree declares none.
pub trait VarSlot {
    /// The variables, to lend to hooks.
    fn flags(&self) -> &Flags;
    /// Sets the variables to `flags` (a lenient load, O6); ignored when
    /// the tree declares none.
    fn load(&mut self, flags: Flags);
}

impl VarSlot for Flags {
    #[inline(always)]
    fn flags(&self) -> &Flags {
        self
    }
    fn load(&mut self, flags: Flags) {
        *self = flags;
    }
}

impl VarSlot for () {
    #[inline(always)]
    fn flags(&self) -> &Flags {
        &Flags::EMPTY
    }
    fn load(&mut self, _: Flags) {}
}

/// Where a tree state keeps its timestamps: `[Stamp; N]`, `N` the number
/// the tree declares, or [`NoStamps`] when it declares none.
pub trait StampSlots: AsRef<[Stamp]> + AsMut<[Stamp]> {
    /// Every timestamp never set.
    fn fresh() -> Self;
}

impl<const N: usize> StampSlots for [Stamp; N] {
    #[inline(always)]
    fn fresh() -> Self {
        [Stamp::NEVER; N]
    }
}

/// The timestamps of a tree that declares none: zero bytes, and, unlike
/// `[Stamp; 0]` (zero bytes aligned as an `f64`), no alignment either, so
/// that a state of a few bytes is not padded to eight.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NoStamps;

impl AsRef<[Stamp]> for NoStamps {
    #[inline(always)]
    fn as_ref(&self) -> &[Stamp] {
        &[]
    }
}

impl AsMut<[Stamp]> for NoStamps {
    #[inline(always)]
    fn as_mut(&mut self) -> &mut [Stamp] {
        &mut []
    }
}

impl StampSlots for NoStamps {
    #[inline(always)]
    fn fresh() -> Self {
        NoStamps
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn v3_a_stamp_is_never_set_or_set_at_a_time() {
        let s = Stamp::NEVER;
        assert_eq!(s.since(3.0), None);
        assert_eq!(Stamp::at(1.0).since(3.5), Some(2.5));
    }
}
