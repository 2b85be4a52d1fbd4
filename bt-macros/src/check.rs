//! `check`: the rules a parsed tree must follow (SPEC §9). Every rule runs;
//! every error is collected, each pointing at the offending tokens.

use std::collections::HashMap;

use syn::Error;

use crate::model::{Kind, Node, Tree};

/// At most this many children in a decider group: the masked redecide keeps
/// its mask in a `u64` (SPEC D2).
const MAX_GROUP_CHILDREN: usize = 64;

/// Every error in `tree`, or `Ok` if there is none.
pub fn tree(tree: &Tree) -> Result<(), Error> {
    let mut errors: Vec<Error> = tree.errors.to_vec();
    if tree.nodes.len() > usize::from(u16::MAX) {
        errors.push(Error::new(
            tree.name.span(),
            format!(
                "tree `{}` has {} nodes; at most {} are supported",
                tree.name,
                tree.nodes.len(),
                u16::MAX
            ),
        ));
    }
    for node in &tree.nodes {
        composite_rules(tree, node, &mut errors);
        guard_rules(tree, node, &mut errors);
    }
    let mut errors = errors.into_iter();
    match errors.next() {
        None => Ok(()),
        Some(mut first) => {
            for e in errors {
                first.combine(e);
            }
            Err(first)
        }
    }
}

fn composite_rules(tree: &Tree, node: &Node, errors: &mut Vec<Error>) {
    let Kind::Composite {
        policy, keyword, ..
    } = &node.kind
    else {
        return;
    };
    if node.children.is_empty() {
        errors.push(Error::new(
            keyword.span(),
            format!(
                "empty `{}`: a composite needs at least one child, e.g. `{} {{ Idle }}`",
                policy.keyword(),
                policy.keyword()
            ),
        ));
    }
    if policy.is_decider_group() && node.children.len() > MAX_GROUP_CHILDREN {
        errors.push(Error::new(
            keyword.span(),
            format!(
                "`{}` has {} children; a decider group has at most {MAX_GROUP_CHILDREN} (SPEC D2): split it into nested groups",
                policy.keyword(),
                node.children.len()
            ),
        ));
    }
    duplicate_names(tree, node, errors);
}

/// Sibling names must differ, so every node has a distinct path in traces
/// and introspection.
fn duplicate_names(tree: &Tree, node: &Node, errors: &mut Vec<Error>) {
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for &c in &node.children {
        let child = &tree.nodes[c];
        if seen.contains_key(child.name.as_str()) {
            let span = child
                .name_ident
                .as_ref()
                .map_or(child.span, proc_macro2::Ident::span);
            errors.push(Error::new(
                span,
                format!(
                    "duplicate node name `{}`: another child of this `{}` is named `{}` too; \
                     sibling names must differ so that traces and introspection can tell them apart",
                    child.name,
                    keyword_of(node),
                    child.name
                ),
            ));
        } else {
            seen.insert(&child.name, c);
        }
    }
}

fn keyword_of(node: &Node) -> &'static str {
    match &node.kind {
        Kind::Composite { policy, .. } => policy.keyword(),
        Kind::Behavior(_) => "behavior",
    }
}

fn guard_rules(tree: &Tree, node: &Node, errors: &mut Vec<Error>) {
    let Some(guard) = &node.guard else {
        return;
    };
    if !guard.has_checks() && guard.recheck.is_none() && guard.redecide.is_none() {
        errors.push(Error::new(
            guard.when.span(),
            "empty guard: `when()` checks nothing; remove it, or add a precondition or a decide (SPEC G1, G2)",
        ));
    }
    if let Some(every) = &guard.every {
        if !(every.seconds.is_finite() && every.seconds > 0.0) {
            errors.push(Error::new(
                every.span,
                format!(
                    "`every({})`: the interval must be a positive, finite number of seconds (SPEC G1)",
                    every.seconds
                ),
            ));
        }
    }
    if let Some(recheck) = &guard.recheck {
        if !guard.has_checks() {
            errors.push(Error::new(
                recheck.span(),
                "a `recheck` guard needs something to re-check: add a decide or a precondition, \
                 e.g. `when(recheck, decide = Agent::still_valid)` (SPEC G3)",
            ));
        }
    }
    if let Some(redecide) = &guard.redecide {
        let is_group =
            matches!(&node.kind, Kind::Composite { policy, .. } if policy.is_decider_group());
        if !is_group {
            errors.push(Error::new(
                redecide.span(),
                "`redecide` re-runs a decider group's guard when the group redecides (SPEC G5); \
                 put it on the guard of a `priority` or `sequential` group",
            ));
        }
    }
    if let Some(decide) = &guard.decide {
        if decide.dblock && tree.receiver(node.id).is_none() {
            errors.push(Error::new(
                decide.key.span(),
                "nothing receives this DBlock: a `dblock` decide builds the memory of the behavior it activates (SPEC G2); \
                 guard a behavior, or give the group a behavior with `with`, e.g. `priority with Guarding { … }`",
            ));
        }
    }
}
