//! Deterministic per-agent randomness (D4, D5, D8): the public contract
//! is documented on the crate's `rng` module (`lib.rs`).

pub use rand_core::{self, Rng, SeedableRng};

/// The generator of `random` and `shuffle` groups unless a tree names
/// another: SplitMix64, 8 bytes per group.
pub type DefaultRng = rand_xoshiro::SplitMix64;

/// The random state of one `random` or `shuffle` group node, in the
/// agent's tree state.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Dice<R = DefaultRng>(R);

impl<R: SeedableRng> Dice<R> {
    /// The generator of the group at node `node` of a state seeded with
    /// `seed`.
    #[inline]
    pub fn seeded(seed: u64, node: u64) -> Self {
        Dice(R::seed_from_u64(derive_seed(seed, node)))
    }
}

impl<R> Dice<R> {
    /// The generator itself.
    #[inline(always)]
    pub fn rng(&mut self) -> &mut R {
        &mut self.0
    }
}

impl<R: SeedableRng> Default for Dice<R> {
    /// Seeded with 0 for node 0; the generated state seeds every group
    /// properly when it is built (`new`, `with_seed`).
    fn default() -> Self {
        Dice::seeded(0, 0)
    }
}

/// The seed of node `node` of a state seeded with `seed`: SplitMix64's
/// finalizer over the two, so that nearby seeds and nodes give unrelated
/// streams.
#[inline]
pub const fn derive_seed(seed: u64, node: u64) -> u64 {
    let mut z = seed ^ (node.wrapping_add(1)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A uniform draw in `[0, 1)` from one `next_u32`.
#[inline]
pub fn unit<R: Rng>(rng: &mut R) -> f64 {
    f64::from(rng.next_u32()) * (1.0 / 4_294_967_296.0)
}

/// One step of a weighted choice (see the module docs): a candidate with
/// score `w` is seen, `total` is the sum of the scores seen so far, this
/// one included; `first` says no candidate was chosen yet (then it is taken
/// without a draw). Returns whether it replaces the choice so far.
#[inline]
pub fn replaces<R: Rng>(rng: &mut R, first: bool, total: f64, w: f64) -> bool {
    first || unit(rng) * total < w
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn d8_the_same_seed_gives_the_same_stream_and_nodes_differ() {
        let mut a = Dice::<DefaultRng>::seeded(7, 3);
        let mut b = Dice::<DefaultRng>::seeded(7, 3);
        let mut c = Dice::<DefaultRng>::seeded(7, 4);
        let xs: Vec<u32> = (0..8).map(|_| a.rng().next_u32()).collect();
        let ys: Vec<u32> = (0..8).map(|_| b.rng().next_u32()).collect();
        let zs: Vec<u32> = (0..8).map(|_| c.rng().next_u32()).collect();
        assert_eq!(xs, ys);
        assert_ne!(xs, zs);
    }

    #[test]
    fn unit_is_in_range() {
        let mut d = Dice::<DefaultRng>::seeded(1, 0);
        for _ in 0..10_000 {
            let u = unit(d.rng());
            assert!((0.0..1.0).contains(&u));
        }
    }

    #[test]
    fn the_first_candidate_is_taken_without_a_draw() {
        let mut d = Dice::<DefaultRng>::seeded(1, 0);
        let before = d.clone();
        assert!(replaces(d.rng(), true, 2.0, 2.0));
        assert_eq!(d, before);
        // A later one draws, even when the scores before it were too small
        // to move the total.
        assert!(replaces(d.rng(), false, 1.0, 1.0));
        assert_ne!(d, before);
    }
}
