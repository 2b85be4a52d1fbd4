//! `expand`: the checked model → Rust code.
//!
//! For a tree `Creature` the generated code is, in order:
//!
//! - `static __CreatureSHAPE: [NodeInfo; N]`: the static shape (SPEC P2, I3);
//! - `struct __CreaturePersist`: state that outlives activations, one field
//!   per `every` timer (SPEC G1, F3);
//! - per composite node `n`: `enum __CreatureN{n}C` with one variant per
//!   child holding that child's active state, `struct __CreatureN{n}` holding
//!   the active child and the group behavior's memory, and an `impl` with
//!   `enter`, `tick`, `halt` and the policy's walk (`composite.rs`);
//! - per guarded node: `fn __Creature_guard{n}` (and `__Creature_recheck{n}`)
//!   (`guard.rs`);
//! - `struct Creature`, the per-agent state: `Option` of the root's active
//!   state, the persistent state, and the clock if any node needs one
//!   (`tree.rs`).
//!
//! A leaf's active state is the behavior value itself, so the whole active
//! path is one nest of enums: a discriminant per level, no per-node records.

mod composite;
mod decorator;
mod guard;
mod names;
mod parallel;
mod tree;

use proc_macro2::TokenStream;

use crate::model::{Kind, Tree};
use names::Gen;

/// The code for one checked tree; `trees` are all the trees of the
/// invocation, for `subtree` references.
pub fn tree(tree: &Tree, trees: &[Tree]) -> TokenStream {
    let g = Gen::new(tree, trees);
    let mut out = tree::state(&g);
    for node in &tree.nodes {
        match &node.kind {
            Kind::Composite { .. } => out.extend(composite::composite(&g, node.id)),
            Kind::Decorator { deco, .. } => out.extend(decorator::decorator(&g, node.id, *deco)),
            Kind::Parallel { .. } => out.extend(parallel::parallel(&g, node.id)),
            Kind::Behavior(_) | Kind::Condition { .. } | Kind::Subtree { .. } => {}
        }
        if node.guard.is_some() {
            out.extend(guard::guard(&g, node.id));
        }
    }
    out
}
