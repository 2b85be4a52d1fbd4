//! 10k agents, cache-cold: the creature tree over many agents, with the
//! caches evicted before every frame by reading a buffer larger than the
//! last-level cache (outside the timed frame).

use super::super::{creature, Frames};

/// Bytes read to evict the caches before each frame (the machine measured
/// in `benches/NOTES.md` has a 32 MiB L3).
pub const EVICT_BYTES: usize = 64 << 20;

/// A creature workload whose frames start with cold caches.
pub struct Cold {
    inner: Box<dyn Frames>,
    evict: Vec<u64>,
}

impl Frames for Cold {
    fn name(&self) -> &'static str {
        self.inner.name()
    }
    fn agents(&self) -> usize {
        self.inner.agents()
    }
    fn before_frame(&mut self) {
        // One read per cache line; the sum is kept so the reads stay.
        let sum = self.evict.iter().step_by(8).fold(0u64, |s, &x| s ^ x);
        std::hint::black_box(sum);
    }
    fn frames(&mut self, n: u32) {
        self.inner.frames(n);
    }
    fn checksum(&self) -> u64 {
        self.inner.checksum()
    }
    fn hook_calls(&self) -> u64 {
        self.inner.hook_calls()
    }
}

/// The creature implementation `imp` over `agents` agents, cache-cold.
pub fn workload(imp: &str, agents: usize) -> Option<Box<dyn Frames>> {
    let inner = creature(imp, agents)?;
    let evict = (0..EVICT_BYTES / 8).map(|i| i as u64).collect();
    Some(Box::new(Cold { inner, evict }))
}
