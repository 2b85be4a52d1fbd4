//! How the runtime reaches a tree's [`Machine`](crate::machine::Machine)
//! through the thin type `tree!` declares ([`MachineState`]), and the guard
//! that clears an active state a panic unwinds through (T4).
use crate::engine::definition::TreeParts;

/// A tree's state type as the thin type around its
/// [`Machine`](crate::machine::Machine) that `tree!` declares: what the runtime's
/// [`Tree`](crate::Tree) implementation, written once for every tree,
/// works on.
pub trait MachineState: TreeParts + Sized {
    /// The state's `Machine`.
    fn machine(&self) -> &crate::machine::Machine<Self>;
    /// The state's `Machine`, mutably.
    fn machine_mut(&mut self) -> &mut crate::machine::Machine<Self>;
    /// The state holding `machine`.
    fn from_machine(machine: crate::machine::Machine<Self>) -> Self;
}

/// Holds a tree's active state during a tick and clears it if a panic
/// unwinds through the tick, so the state is as if dropped at that point
/// (T4, L2). On the normal path the caller `mem::forget`s it, so it
/// costs nothing.
pub struct ClearOnUnwind<'a, T>(pub &'a mut Option<T>);

impl<T> Drop for ClearOnUnwind<'_, T> {
    #[cold]
    fn drop(&mut self) {
        *self.0 = None;
    }
}
