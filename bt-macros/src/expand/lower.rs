//! Lowering, bottom-up: each node, children first, by the file of its kind,
//! into the records of `ir.rs`: what it adds to its tree and how its parent
//! runs it. `tree.rs` only concatenates.
//!
//! This is the one place that dispatches on a node's kind: a new node kind
//! adds one arm to [`lower`] (the match is exhaustive, so the compiler
//! points at it) and a file that fills the node's records from its
//! children's.

use super::ir::{Child, Lowered};
use super::names::Gen;
use super::{composite, decorator, guard, leaf, parallel, subtree};
use crate::model::Kind;

/// Lowers every node of the tree, children before their parent (node ids
/// are pre-order, so a child's id is greater than its parent's). Returns
/// the nodes' records by id, and the root's [`Child`] record.
pub fn lower_all(g: &Gen) -> (Vec<Lowered>, Child) {
    let n = g.tree.nodes.len();
    let mut kids: Vec<Child> = (0..n).map(|_| Child::default()).collect();
    let mut out: Vec<Lowered> = (0..n).map(|_| Lowered::default()).collect();
    for id in (0..n).rev() {
        let mut lowered = lower(g, id, &kids);
        kids[id] = std::mem::take(&mut lowered.run);
        out[id] = lowered;
    }
    let root = kids.into_iter().next().unwrap_or_default();
    (out, root)
}

/// Lowers node `id`, its children's records in `kids` (by node id): its
/// kind's part, then its guard's.
fn lower(g: &Gen, id: usize, kids: &[Child]) -> Lowered {
    let node = &g.tree.nodes[id];
    let mut lowered = match &node.kind {
        Kind::Behavior(leaf) => leaf::lower_behavior(g, id, leaf),
        Kind::Condition { func } => leaf::lower_condition(g, id, func),
        Kind::Subtree { path, .. } => subtree::lower(g, id, path),
        Kind::Composite {
            policy,
            behavior,
            rescore,
            ..
        } => composite::lower(g, id, *policy, behavior.as_ref(), rescore.is_some(), kids),
        Kind::Decorator { deco, keyword } => decorator::lower(g, id, deco, keyword, kids),
        Kind::Parallel { concurrent, .. } => parallel::lower(g, id, *concurrent, kids),
        Kind::Control { control, .. } => parallel::lower_control(g, id, control, kids),
    };
    if let Some(gd) = &node.guard {
        guard::lower(g, id, gd, &mut lowered);
    }
    lowered
}
