//! The measure, the same for every implementation: a counting allocator,
//! warm-up frames, then timed frames (`app.update()` each), and what the
//! world holds afterwards.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Instant;

use crate::task::Census;

/// The environment variable that sets every app's task pools: `N`
/// threads in all instead of Bevy's default pools for the machine (set by
/// the bench's `--threads N` for its child processes).
pub const THREADS_VAR: &str = "PEERS_THREADS";

/// The threads every app's task pools get in all, if [`THREADS_VAR`] asks
/// for a number (at least 1); `None` for Bevy's default pools.
pub fn threads() -> Option<usize> {
    let n: usize = std::env::var(THREADS_VAR).ok()?.parse().ok()?;
    (n > 0).then_some(n)
}

/// The system allocator, counting allocations (and reallocations) and the
/// bytes they ask for, on every thread.
pub struct Counting;

static ALLOCS: AtomicU64 = AtomicU64::new(0);
static BYTES: AtomicU64 = AtomicU64::new(0);

// SAFETY: forwards every call to `System` unchanged; the counters are
// relaxed atomics that never allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Relaxed);
        BYTES.fetch_add(layout.size() as u64, Relaxed);
        // SAFETY: the caller's contract, passed on.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Relaxed);
        BYTES.fetch_add(layout.size() as u64, Relaxed);
        // SAFETY: the caller's contract, passed on.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCS.fetch_add(1, Relaxed);
        BYTES.fetch_add(new_size as u64, Relaxed);
        // SAFETY: the caller's contract, passed on.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract, passed on.
        unsafe { System.dealloc(ptr, layout) }
    }
}

fn allocated() -> (u64, u64) {
    (ALLOCS.load(Relaxed), BYTES.load(Relaxed))
}

/// The CPU time of the whole process (every thread), in milliseconds.
fn cpu_ms() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec to write to.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t) };
    assert_eq!(ok, 0, "clock_gettime(CLOCK_PROCESS_CPUTIME_ID)");
    t.tv_sec as f64 * 1e3 + t.tv_nsec as f64 / 1e6
}

/// One implementation's app, with its agents spawned.
pub trait Bench {
    /// One frame: `app.update()`.
    fn update(&mut self);
    /// Every agent's state, summed.
    fn census(&mut self) -> Census;
    /// Entities in the world now.
    fn entities(&mut self) -> u32;
    /// Entities in the world before the agents were spawned.
    fn baseline(&self) -> u32;
}

/// What one run measured.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub agents: u32,
    pub frames: u32,
    /// Milliseconds per timed frame, sorted.
    pub frame_ms: Vec<f64>,
    /// CPU milliseconds (all threads) per timed frame, on average.
    pub cpu_ms_per_frame: f64,
    /// World entities (less those before the agents) per agent.
    pub entities_per_agent: f64,
    pub allocs_per_agent_frame: f64,
    pub bytes_per_agent_frame: f64,
    /// Moves (chase or wander steps) per agent and timed frame: 1 when every
    /// agent acts every frame.
    pub moves_per_agent_frame: f64,
    /// Switches between chasing and wandering per agent and timed frame:
    /// how often the decision changes.
    pub switches_per_agent_frame: f64,
    /// The share of the timed frames' moves that were chases.
    pub chase_share: f64,
    /// The fraction of agents whose last move was a chase, at the end.
    pub chasing: f64,
    /// Agents that never moved.
    pub idle: u32,
    pub checksum: f64,
}

impl Outcome {
    pub fn median_ms(&self) -> f64 {
        let v = &self.frame_ms;
        let m = v.len() / 2;
        if v.len() % 2 == 1 {
            v[m]
        } else {
            (v[m - 1] + v[m]) / 2.0
        }
    }
}

/// Warms `bench` up for `warmup` frames, then times `frames` frames.
pub fn measure(bench: &mut impl Bench, warmup: u32, frames: u32) -> Outcome {
    for _ in 0..warmup {
        bench.update();
    }
    let before = bench.census();
    let mut frame_ms = Vec::with_capacity(frames as usize);
    let (a0, b0) = allocated();
    let cpu0 = cpu_ms();
    for _ in 0..frames {
        let t = Instant::now();
        bench.update();
        frame_ms.push(t.elapsed().as_secs_f64() * 1e3);
    }
    let cpu1 = cpu_ms();
    let (a1, b1) = allocated();
    // The Vec never grows past its capacity: no allocation of ours counted.
    let after = bench.census();
    let n = f64::from(after.agents);
    let agent_frames = n * f64::from(frames);
    frame_ms.sort_by(f64::total_cmp);
    Outcome {
        agents: after.agents,
        frames,
        frame_ms,
        cpu_ms_per_frame: (cpu1 - cpu0) / f64::from(frames),
        entities_per_agent: f64::from(bench.entities() - bench.baseline()) / n,
        allocs_per_agent_frame: (a1 - a0) as f64 / agent_frames,
        bytes_per_agent_frame: (b1 - b0) as f64 / agent_frames,
        moves_per_agent_frame: (after.moves - before.moves) as f64 / agent_frames,
        switches_per_agent_frame: (after.switches - before.switches) as f64 / agent_frames,
        chase_share: (after.chases - before.chases) as f64
            / ((after.moves - before.moves) as f64).max(1.0),
        chasing: f64::from(after.chasing) / n,
        idle: after.idle,
        checksum: after.checksum,
    }
}
