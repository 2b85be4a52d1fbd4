//! [`Flags`]: the 64-bit sets behind decision flags (V1) and stimuli
//! flags, and the precondition tests a guard runs on them (G1).

use core::ops::{BitAnd, BitOr, BitOrAssign, Not};

/// A set of up to 64 named flags.
///
/// Decision flags (Spore S06: the agent's level, herbivore or carnivore, in a
/// squad, dead, night…) are supplied to every tick through
/// [`Frame::with_flags`](crate::Frame::with_flags). Users name their flags as
/// constants:
///
/// ```
/// use deciders::Flags;
/// const DANGER: Flags = Flags::bit(0);
/// const NIGHT: Flags = Flags::bit(1);
///
/// let now = DANGER | NIGHT;
/// assert!(now.any(DANGER));
/// assert!(now.all(DANGER | NIGHT));
/// assert!(Flags::EMPTY.none(DANGER | NIGHT));
/// assert!(DANGER.not_all(DANGER | NIGHT));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Flags(pub u64);

impl Flags {
    /// No flag set.
    pub const EMPTY: Flags = Flags(0);

    /// The set holding only flag number `n`, from 0 to 63.
    ///
    /// # Panics
    ///
    /// If `n` is 64 or more: a `Flags` holds 64 flags. Flags are meant to be
    /// named as constants, where this is a compile-time error rather than a
    /// panic:
    ///
    /// ```compile_fail
    /// use deciders::Flags;
    /// const TOO_FAR: Flags = Flags::bit(64); // error[E0080]: evaluation panicked: … from 0 to 63
    /// ```
    ///
    /// [`Flags::try_bit`] returns `None` instead.
    #[inline]
    pub const fn bit(n: u32) -> Flags {
        match Flags::try_bit(n) {
            Some(flags) => flags,
            None => panic!("Flags::bit(n): flag numbers go from 0 to 63 (a Flags holds 64 flags)"),
        }
    }

    /// The set holding only flag number `n`, or `None` if `n` is 64 or more.
    ///
    /// ```
    /// use deciders::Flags;
    /// assert_eq!(Flags::try_bit(63), Some(Flags(1 << 63)));
    /// assert_eq!(Flags::try_bit(64), None);
    /// ```
    #[inline]
    pub const fn try_bit(n: u32) -> Option<Flags> {
        match 1u64.checked_shl(n) {
            Some(bit) => Some(Flags(bit)),
            None => None,
        }
    }

    /// The raw bits.
    #[inline]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// At least one flag of `mask` is set (Spore "any"; an empty mask never
    /// passes).
    #[inline]
    pub const fn any(self, mask: Flags) -> bool {
        self.0 & mask.0 != 0
    }

    /// Every flag of `mask` is set (Spore "all").
    #[inline]
    pub const fn all(self, mask: Flags) -> bool {
        self.0 & mask.0 == mask.0
    }

    /// No flag of `mask` is set.
    #[inline]
    pub const fn none(self, mask: Flags) -> bool {
        self.0 & mask.0 == 0
    }

    /// Not every flag of `mask` is set (Spore allows "0 or 1 bits required").
    #[inline]
    pub const fn not_all(self, mask: Flags) -> bool {
        self.0 & mask.0 != mask.0
    }

    /// `self` with the flags of `other` added.
    #[inline]
    pub const fn with(self, other: Flags) -> Flags {
        Flags(self.0 | other.0)
    }

    /// `self` with the flags of `other` removed.
    #[inline]
    pub const fn without(self, other: Flags) -> Flags {
        Flags(self.0 & !other.0)
    }
}

impl BitOr for Flags {
    type Output = Flags;
    #[inline]
    fn bitor(self, rhs: Flags) -> Flags {
        Flags(self.0 | rhs.0)
    }
}

impl BitOrAssign for Flags {
    #[inline]
    fn bitor_assign(&mut self, rhs: Flags) {
        self.0 |= rhs.0;
    }
}

impl BitAnd for Flags {
    type Output = Flags;
    #[inline]
    fn bitand(self, rhs: Flags) -> Flags {
        Flags(self.0 & rhs.0)
    }
}

impl Not for Flags {
    type Output = Flags;
    #[inline]
    fn not(self) -> Flags {
        Flags(!self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: Flags = Flags::bit(0);
    const B: Flags = Flags::bit(1);

    #[test]
    fn g1_flag_tests_follow_spore_any_all_none() {
        let f = A;
        assert!(f.any(A | B));
        assert!(!f.all(A | B));
        assert!(f.all(A));
        assert!(!f.none(A | B));
        assert!(f.none(B));
        assert!(f.not_all(A | B));
        assert!(!f.not_all(A));
        assert!(!Flags::EMPTY.any(Flags::EMPTY));
        assert_eq!(Flags::bit(63), Flags(1 << 63));
        assert_eq!(Flags::try_bit(5), Some(Flags::bit(5)));
        assert_eq!((A | B).without(A), B);
    }

    #[test]
    fn only_64_flags_exist() {
        assert_eq!(Flags::try_bit(64), None);
        assert_eq!(Flags::try_bit(u32::MAX), None);
        let n = std::hint::black_box(64);
        let panic = std::panic::catch_unwind(|| Flags::bit(n)).unwrap_err();
        let message = panic.downcast_ref::<&str>().copied().unwrap_or_default();
        assert!(message.contains("from 0 to 63"), "{message}");
    }
}
