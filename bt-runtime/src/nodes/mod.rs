//! The built-in nodes a tree names: the leaves `succeed`, `fail`,
//! `wait(d)`, `wait_for`, `wait_until`, the built-in decorators (`invert`,
//! `repeat`, `timeout`, `if_time`, `log`, `limit`, …), each an ordinary
//! implementation of the user hooks of the floor below.

pub mod builtin;
pub mod decorators;
pub mod events;
pub mod limit;
