//! [`Flags`]: the 64-bit sets behind decision flags (SPEC V1) and stimuli
//! flags, and the precondition tests a guard runs on them (SPEC G1).

use core::ops::{BitAnd, BitOr, BitOrAssign, Not};

/// A set of up to 64 named flags.
///
/// Decision flags (Spore S06: the agent's level, herbivore or carnivore, in a
/// squad, dead, night…) are supplied to every tick through
/// [`Ctx::with_flags`](crate::Ctx::with_flags). Users name their flags as
/// constants:
///
/// ```
/// use bt_runtime::Flags;
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
pub struct Flags(pub u64);

impl Flags {
    /// No flag set.
    pub const EMPTY: Flags = Flags(0);

    /// The set holding only flag number `n`. `n` is taken modulo 64, so this
    /// never panics; declare at most 64 flags.
    #[inline]
    pub const fn bit(n: u32) -> Flags {
        Flags(1u64 << (n % 64))
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
        assert_eq!(Flags::bit(64), Flags::bit(0));
        assert_eq!((A | B).without(A), B);
    }
}
