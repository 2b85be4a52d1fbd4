//! What users implement: [`Behavior`](behavior::Behavior) (a leaf's or a
//! group's hooks), conditions, decides and their [`Decision`](decide::Decision)s,
//! and the [`Decorator`](decorator::Decorator) trait. Built on the
//! context a tick lends ([`Ctx`](crate::Ctx)) and the base data; knows
//! nothing of how a tree runs them.

pub mod behavior;
pub mod condition;
pub mod decide;
pub mod decorator;
