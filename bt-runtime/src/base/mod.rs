//! The ground floor: plain data that every other floor uses and that uses
//! nothing above it — a tick's [`Status`](status::Status) and a behavior's
//! [`Exit`](status::Exit), the static shape of a tree, decision and stimuli
//! flags, timers, timestamps and variables' slots, deterministic
//! randomness, and the errors a tick reports.

pub mod flags;
pub mod report;
pub mod rng;
pub mod shape;
pub mod stamp;
pub mod status;
pub mod timer;
pub mod wake;
