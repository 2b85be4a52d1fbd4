//! What generated code drives: the node protocol ([`protocol`]), leaves
//! and the hooks' calls around them ([`leaf`]), guards ([`guard`]), the
//! decorator driver ([`decorated`]), composites ([`group`], one file per
//! policy family, every policy marker in [`group::policies`]), the slots of
//! `parallel` and the control nodes ([`slots`]), subtrees ([`subtree`]
//! over the tree definition of [`definition`]), the nodes a generated
//! type owns ([`own`]), and [`renamed`], the tracer a `subtree` reference
//! renames through.
//!
//! Nothing here is public: `tree!` names it through `crate::__private`.
//! The policies are ordinary generic functions over the protocol; the
//! macro implements the protocol per node, as a statically known type.

pub mod decorated;
pub mod definition;
pub mod group;
pub mod guard;
pub mod leaf;
pub mod own;
pub mod protocol;
pub mod renamed;
pub mod slots;
pub mod subtree;
