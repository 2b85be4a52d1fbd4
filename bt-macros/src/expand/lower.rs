//! The lowered model between `check` and the tree's code: what each node
//! adds to its tree, declared by the file of its kind next to the code that
//! uses it. `tree.rs` only concatenates.
//!
//! A new node kind adds one arm to [`lower`] (the match is exhaustive, so
//! the compiler points at it) and one to each of `Gen::enter`, `tick`,
//! `halt`, `visit` and `active_ty` in `names.rs`, each calling into the
//! kind's own file.

use proc_macro2::TokenStream;

use super::names::Gen;
use super::{composite, decorator, guard, leaf, parallel, subtree};
use crate::model::Kind;

/// What one node adds to its tree's generated code.
#[derive(Default)]
pub struct Lowered {
    /// Its types and their `impl`s, in the invocation's `const _` block.
    pub items: TokenStream,
    /// Its functions holding what the user wrote (behavior constructors,
    /// conditions, guards), in the root wrapper's lint-free `impl`
    /// (`tree.rs`).
    pub user_fns: TokenStream,
    /// Its fields of the tree's persistent state (`name: Type`): state that
    /// outlives an activation (a timer, a generator, a referenced tree's).
    pub persist: Vec<TokenStream>,
    /// The statements of the tree's `TreeParts::seed` seeding those fields.
    pub seeds: Vec<TokenStream>,
    /// Whether it reads the tree clock (the state then carries one).
    pub clock: bool,
    /// Whether it draws random numbers (the state then carries a seed).
    pub rng: bool,
    /// `NodeKind::…` in the static shape, without the path.
    pub shape_kind: TokenStream,
    /// The behavior type the shape names for it, if any.
    pub behavior: Option<String>,
    /// A reference to another tree (`subtree`): what the tree's `Subtree`
    /// constants and state type take from it.
    pub reference: Option<subtree::Reference>,
}

/// Lowers node `id`: its kind's part, then its guard's.
pub fn lower(g: &Gen, id: usize) -> Lowered {
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
        } => composite::lower(g, id, *policy, behavior.as_ref(), rescore.is_some()),
        Kind::Decorator { deco, keyword } => decorator::lower(g, id, deco, keyword),
        Kind::Parallel { concurrent, .. } => parallel::lower(g, id, *concurrent),
        Kind::Control { control, .. } => parallel::lower_control(g, id, control),
    };
    if let Some(gd) = &node.guard {
        guard::lower(g, id, gd, &mut lowered);
    }
    lowered
}
