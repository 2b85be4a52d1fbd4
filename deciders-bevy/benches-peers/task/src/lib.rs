//! What the three implementations share: the task (no Bevy in it) and the
//! measure (a counting allocator, timed frames).

pub mod harness;
pub mod task;
