//! Ready tracers: [`Lines`](lines::Lines) (every event at or below a
//! level, as indented text), [`Level`](lines::Level) (a filter by level
//! around any tracer), [`NodeStatuses`](statuses::NodeStatuses) (the status
//! of every node, I3), [`RootReport`](recent::RootReport) (the nodes that
//! led to the root's completion, I5) and, with the cargo feature `tracing`,
//! `Tracing` (events of the `tracing` crate).

pub mod lines;
pub mod recent;
pub mod statuses;
#[cfg(feature = "tracing")]
pub mod to_tracing;
