//! The top floor: what users run trees with — batches, the lifecycle
//! player, the ready tracers, a state as text, pictures of a tree, the
//! replay page. Each depends on the machine and below; nothing depends on
//! them.

pub mod batch;
pub mod brain;
pub mod crowd;
pub mod describe;
pub mod lifecycle;
pub mod pictures;
pub mod replay;
pub mod tracers;
