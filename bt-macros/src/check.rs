//! `check`: the rules a parsed tree must follow (SPEC §9). Every rule runs;
//! every error is collected, each pointing at the offending tokens.
//!
//! Its length: one concern, the rules table and one check per rule, read
//! together.

use std::collections::HashMap;

use syn::Error;

use crate::diag::Diagnostics;
use crate::model::{Behavior, Control, Deco, DecoArg, Kind, Node, Policy, Tree};
use crate::parse::MAX_DEPTH;

/// At most this many children in a decider group: the masked redecide keeps
/// its mask in a `u64` (rule D2).
const MAX_GROUP_CHILDREN: usize = 64;

/// Every error in `tree`, pushed to `errors` (which holds its parse's
/// already). `all` are the trees of the same invocation, which `subtree`
/// may reference.
pub fn tree(tree: &Tree, all: &[Tree], errors: &mut Diagnostics) {
    if tree.nodes.is_empty() {
        // The body did not parse; its error is in `errors`.
        if errors.is_empty() {
            errors.error(tree.name.span(), "this tree has no root node");
        }
        return;
    }
    if tree.nodes.len() > usize::from(u16::MAX) {
        errors.error(
            tree.name.span(),
            format!(
                "tree `{}` has {} nodes; at most {} are supported",
                tree.name,
                tree.nodes.len(),
                u16::MAX
            ),
        );
    }
    let mut scope = Scope {
        tree,
        all,
        depths: Depths::new(all),
    };
    for node in &tree.nodes {
        for rule in RULES {
            rule(&mut scope, node, errors);
        }
    }
}

/// Whether `tree` references, directly or through other subtrees, a tree
/// that failed to compile (its name in `failed`). Such a tree is not
/// expanded: its code would name the failed tree's internal types, which
/// the fallback does not declare, and the user would get errors that only
/// repeat the real one.
pub fn references_failed(tree: &Tree, all: &[Tree], failed: &[bool]) -> bool {
    let mut seen = vec![false; all.len()];
    let mut stack = vec![tree];
    while let Some(t) = stack.pop() {
        for node in &t.nodes {
            let Kind::Subtree { path, .. } = &node.kind else {
                continue;
            };
            if let Some(i) = Tree::local(all, path) {
                if failed[i] {
                    return true;
                }
                if !seen[i] {
                    seen[i] = true;
                    stack.push(&all[i]);
                }
            }
        }
    }
    false
}

/// What a rule sees besides the node: its tree, the other trees of the
/// invocation, and the memo of tree depths.
struct Scope<'a> {
    tree: &'a Tree,
    all: &'a [Tree],
    depths: Depths<'a>,
}

/// A rule of SPEC §9, run on every node; it records what it finds wrong.
type Rule = fn(&mut Scope, &Node, &mut Diagnostics);

/// Every rule, in the order their errors are reported for one node. Adding
/// a rule is a function named after it and a line here.
const RULES: &[Rule] = &[
    composite_not_empty,
    decider_group_width,
    scored_rescore_is_positive,
    sibling_names_differ,
    decorator_has_one_child,
    control_children_count,
    decorator_duration_is_positive,
    decorator_count_is_at_least_one,
    parallel_not_empty,
    parallel_thresholds_in_range,
    subtree_has_same_types,
    subtree_is_not_recursive,
    subtree_depth_fits,
    guard_checks_something,
    guard_every_is_positive,
    guard_recheck_has_checks,
    guard_redecide_on_decider_group,
    guard_delegate_on_decider_group,
    guard_delegate_has_no_decide,
    guard_dblock_has_receiver,
    guard_dblock_receiver_has_no_constructor,
];

/// A composite has at least one child.
fn composite_not_empty(_: &mut Scope, node: &Node, errors: &mut Diagnostics) {
    let Kind::Composite {
        policy, keyword, ..
    } = &node.kind
    else {
        return;
    };
    if node.children.is_empty() {
        errors.error(
            keyword.span(),
            format!(
                "empty `{}`: a composite needs at least one child, e.g. `{} {{ Idle }}`",
                policy.keyword(),
                policy.keyword()
            ),
        );
    }
}

/// SPEC D6: a `scored` group's re-scoring interval is a positive, finite
/// number of seconds.
fn scored_rescore_is_positive(_: &mut Scope, node: &Node, errors: &mut Diagnostics) {
    let Kind::Composite {
        rescore: Some((d, span)),
        ..
    } = &node.kind
    else {
        return;
    };
    if !(d.is_finite() && *d > 0.0) {
        errors.error(
            *span,
            format!("`scored(rescore = {d})`: the re-scoring interval must be a positive, finite number of seconds, e.g. `scored(rescore = 0.5)`"),
        );
    }
}

/// SPEC D2: a decider group has at most 64 children (its redecide mask).
fn decider_group_width(_: &mut Scope, node: &Node, errors: &mut Diagnostics) {
    let Kind::Composite {
        policy, keyword, ..
    } = &node.kind
    else {
        return;
    };
    if policy.is_decider_group() && node.children.len() > MAX_GROUP_CHILDREN {
        let why = if *policy == Policy::Shuffle {
            "a `shuffle` group remembers its round in one bit per child (rule D5)"
        } else {
            "a decider group masks the children that exited in one bit per child (rule D2)"
        };
        errors.error(
            keyword.span(),
            format!(
                "`{}` has {} children, more than {MAX_GROUP_CHILDREN}: {why}; split it into nested groups",
                policy.keyword(),
                node.children.len()
            ),
        );
    }
}

/// Sibling names must differ, so every node has a distinct path in traces
/// and introspection.
fn sibling_names_differ(s: &mut Scope, node: &Node, errors: &mut Diagnostics) {
    let tree = s.tree;
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for &c in &node.children {
        let child = &tree.nodes[c];
        if seen.contains_key(child.name.as_str()) {
            let span = child
                .name_ident
                .as_ref()
                .map_or(child.span, proc_macro2::Ident::span);
            errors.error(
                span,
                format!(
                    "duplicate node name `{}`: another child of this `{}` is named `{}` too; \
                     sibling names must differ so that traces and introspection can tell them apart",
                    child.name,
                    keyword_of(node),
                    child.name
                ),
            );
        } else {
            seen.insert(&child.name, c);
        }
    }
}

fn keyword_of(node: &Node) -> String {
    match &node.kind {
        Kind::Composite { policy, .. } => policy.keyword().to_string(),
        Kind::Decorator { keyword, .. }
        | Kind::Parallel { keyword, .. }
        | Kind::Control { keyword, .. } => keyword.to_string(),
        Kind::Behavior(_) | Kind::Condition { .. } | Kind::Subtree { .. } => "node".to_string(),
    }
}

/// A decorator has exactly one child.
fn decorator_has_one_child(_: &mut Scope, node: &Node, errors: &mut Diagnostics) {
    let Kind::Decorator { keyword, .. } = &node.kind else {
        return;
    };
    match node.children.len() {
        1 => {}
        0 => errors.error(
            keyword.span(),
            format!("`{keyword}` is a decorator and takes exactly one child; write it between the braces"),
        ),
        n => errors.error(
            keyword.span(),
            format!(
                "`{keyword}` is a decorator and takes exactly one child, found {n}; \
                 wrap them in a composite, e.g. `{{ sequence {{ A, B }} }}`"
            ),
        ),
    }
}

/// A decorator's duration is a positive, finite number of seconds.
fn decorator_duration_is_positive(_: &mut Scope, node: &Node, errors: &mut Diagnostics) {
    let Kind::Decorator { deco, keyword } = &node.kind else {
        return;
    };
    if let Some(d) = deco.seconds() {
        if !(d.is_finite() && d > 0.0) {
            errors.error(
                keyword.span(),
                format!(
                    "`{keyword}({d})`: the duration must be a positive, finite number of seconds"
                ),
            );
        }
    }
}

/// A built-in's count (`repeat(n)`, `retry(n)`, SPEC R5) is at least 1:
/// none would never run the child.
fn decorator_count_is_at_least_one(_: &mut Scope, node: &Node, errors: &mut Diagnostics) {
    let Kind::Decorator { deco, keyword } = &node.kind else {
        return;
    };
    if let Deco::Builtin {
        def,
        arg: DecoArg::Count(Some(0)),
    } = deco
    {
        errors.error(
            keyword.span(),
            format!(
                "`{keyword}(0)` would never run its child: the count must be at least 1 (rule {})",
                def.rule
            ),
        );
    }
}

/// SPEC C8–C10: `if_then_else` and `while_do_else` take a condition and one
/// or two branches; a `switch` has at least one case.
fn control_children_count(_: &mut Scope, node: &Node, errors: &mut Diagnostics) {
    let Kind::Control { keyword, control } = &node.kind else {
        return;
    };
    let n = node.children.len();
    match control {
        Control::IfThenElse | Control::WhileDoElse if !(2..=3).contains(&n) => errors.error(
            keyword.span(),
            format!(
                "`{keyword}` takes 2 or 3 children (a condition, the branch run on its \
                 `Success`, and optionally the branch run on its `Failure`), found {n}: \
                 `{keyword} {{ Cond, Then, Else }}`"
            ),
        ),
        Control::Switch { .. } if n == 0 => errors.error(
            keyword.span(),
            "`switch` needs at least one case: `switch(Agent::mode) { Mode::Alert => Chase, _ => Idle }`",
        ),
        Control::IfThenElse | Control::WhileDoElse | Control::Switch { .. } => {}
    }
}

/// A `parallel` or `concurrent` has at least one child.
fn parallel_not_empty(_: &mut Scope, node: &Node, errors: &mut Diagnostics) {
    let Kind::Parallel { keyword, .. } = &node.kind else {
        return;
    };
    if node.children.is_empty() {
        errors.error(
            keyword.span(),
            format!("empty `{keyword}`: it needs at least one child"),
        );
    }
}

/// SPEC C5: a threshold is between 1 and the number of children.
fn parallel_thresholds_in_range(_: &mut Scope, node: &Node, errors: &mut Diagnostics) {
    let Kind::Parallel {
        success, failure, ..
    } = &node.kind
    else {
        return;
    };
    let n = node.children.len();
    if n == 0 {
        // `parallel_not_empty` says it.
        return;
    }
    for (what, threshold) in [("success", success), ("failure", failure)] {
        if let Some((value, span)) = threshold {
            if *value == 0 || *value > n {
                errors.error(
                    *span,
                    format!(
                        "`{what} >= {value}` can never be reached meaningfully with {n} children: \
                         the threshold must be between 1 and {n} (rule C5)"
                    ),
                );
            }
        }
    }
}

/// SPEC S1: a subtree runs on the same agent, with the same world, as the
/// tree that references it (its hooks are called with the same `&mut Agent`
/// and `&mut Ctx<World>`). Compared as written: two spellings of one type
/// are reported too, and the message says to write them alike.
fn subtree_has_same_types(s: &mut Scope, node: &Node, errors: &mut Diagnostics) {
    use quote::ToTokens;
    let Kind::Subtree { name, path } = &node.kind else {
        return;
    };
    let tree = s.tree;
    // A tree declared elsewhere: the compiler checks its types
    // (`Subtree<Agent, World>`).
    let Some(other) = Tree::local(s.all, path).map(|i| &s.all[i]) else {
        return;
    };
    let text = |t: &syn::Type| t.to_token_stream().to_string();
    for (what, mine, theirs) in [
        ("agent", &tree.agent, &other.agent),
        ("world", &tree.world, &other.world),
    ] {
        if text(mine) != text(theirs) {
            errors.error(
                name.span(),
                format!(
                    "subtree `{name}` is declared for {what} `{}`, but `{}` is for {what} `{}`: \
                     a subtree runs with the agent and world of the tree that references it; \
                     declare both trees with the same {what} type, written the same way",
                    text(theirs),
                    tree.name,
                    text(mine)
                ),
            );
        }
    }
}

/// SPEC S2: subtree references never form a cycle.
fn subtree_is_not_recursive(s: &mut Scope, node: &Node, errors: &mut Diagnostics) {
    let Kind::Subtree { name, path } = &node.kind else {
        return;
    };
    let (tree, all) = (s.tree, s.all);
    if Tree::local(all, path).is_none() {
        // Through trees declared elsewhere, a cycle is a type of infinite
        // size: the compiler reports it.
        return;
    }
    if reaches(all, name, &tree.name, &mut vec![false; all.len()]) {
        errors.error(
            name.span(),
            format!(
                "recursive subtree: `{}` references `{name}`, which leads back to `{}`; subtree references must form a DAG (rule S2)",
                tree.name, tree.name
            ),
        );
    }
}

/// Whether tree `from` is `target` or references it, directly or not.
fn reaches(all: &[Tree], from: &syn::Ident, target: &syn::Ident, seen: &mut [bool]) -> bool {
    if from == target {
        return true;
    }
    let Some(i) = all.iter().position(|t| t.name == *from) else {
        return false;
    };
    if seen[i] {
        return false;
    }
    seen[i] = true;
    all[i]
        .subtrees()
        .any(|next| reaches(all, next, target, seen))
}

/// How deep the trees of an invocation nest, counting through their
/// `subtree` references (memoized; a cycle, reported by `subtree_rules`,
/// counts as nothing).
struct Depths<'a> {
    all: &'a [Tree],
    known: Vec<Option<usize>>,
    visiting: Vec<bool>,
}

impl<'a> Depths<'a> {
    fn new(all: &'a [Tree]) -> Self {
        Depths {
            all,
            known: vec![None; all.len()],
            visiting: vec![false; all.len()],
        }
    }

    /// The depth of the deepest node of tree `i`, its root at 0; the root
    /// of a referenced tree is one level below its `subtree` node.
    fn of(&mut self, i: usize) -> usize {
        if let Some(d) = self.known[i] {
            return d;
        }
        if self.visiting[i] {
            return 0;
        }
        self.visiting[i] = true;
        let all = self.all;
        let deepest = all[i]
            .nodes
            .iter()
            .map(|n| match &n.kind {
                Kind::Subtree { path, .. } => match Tree::local(all, path) {
                    Some(j) => n.depth + 1 + self.of(j),
                    None => n.depth,
                },
                Kind::Behavior(_)
                | Kind::Composite { .. }
                | Kind::Decorator { .. }
                | Kind::Parallel { .. }
                | Kind::Control { .. }
                | Kind::Condition { .. } => n.depth,
            })
            .max()
            .unwrap_or(0);
        self.visiting[i] = false;
        self.known[i] = Some(deepest);
        deepest
    }
}

/// The nesting limit through `subtree` references ([`MAX_DEPTH`]; the
/// parser enforces it within one tree). Reported at the reference that
/// crosses it, unless the referenced tree crosses it on its own (it then
/// reports the error itself).
/// A tree nests at most `MAX_DEPTH` levels, counting through `subtree`
/// references.
fn subtree_depth_fits(s: &mut Scope, node: &Node, errors: &mut Diagnostics) {
    let Kind::Subtree { name, path } = &node.kind else {
        return;
    };
    let tree = s.tree;
    // A tree declared elsewhere is checked by a constant assertion in the
    // generated code, with its `TreeParts::DEPTH`.
    let Some(j) = Tree::local(s.depths.all, path) else {
        return;
    };
    let inner = s.depths.of(j);
    let total = node.depth + 1 + inner;
    if inner <= MAX_DEPTH && total > MAX_DEPTH {
        errors.error(
            name.span(),
            format!(
                "`subtree {name}` nests too deeply: it puts the root of `{name}` at depth {} of `{}`, \
                 and `{name}` is {inner} levels deep (counting its own subtrees), so its deepest node \
                 is at depth {total}; a tree nests at most {MAX_DEPTH} levels, counting through \
                 `subtree` references (the referenced tree's state is nested in this one's): make \
                 one of the two trees flatter, or reference `{name}` higher up",
                node.depth + 1,
                tree.name
            ),
        );
    }
}

/// SPEC G1, G2: a guard checks something.
fn guard_checks_something(_: &mut Scope, node: &Node, errors: &mut Diagnostics) {
    let Some(guard) = &node.guard else {
        return;
    };
    if !guard.has_checks() && guard.recheck.is_none() && guard.redecide.is_none() {
        errors.error(
            guard.when.span(),
            "empty guard: `when()` checks nothing; remove it, or add a precondition or a decide (rules G1, G2)",
        );
    }
}

/// SPEC G1: an `every` interval is a positive, finite number of seconds.
fn guard_every_is_positive(_: &mut Scope, node: &Node, errors: &mut Diagnostics) {
    let Some(every) = node.guard.as_ref().and_then(|g| g.every.as_ref()) else {
        return;
    };
    if !(every.seconds.is_finite() && every.seconds > 0.0) {
        errors.error(
            every.span,
            format!(
                "`every({})`: the interval must be a positive, finite number of seconds (rule G1)",
                every.seconds
            ),
        );
    }
}

/// SPEC G3: a `recheck` guard has something to re-check.
fn guard_recheck_has_checks(_: &mut Scope, node: &Node, errors: &mut Diagnostics) {
    let Some(guard) = &node.guard else {
        return;
    };
    if let Some(recheck) = &guard.recheck {
        if !guard.has_checks() {
            errors.error(
                recheck.span(),
                "a `recheck` guard needs something to re-check: add a decide or a precondition, \
                 e.g. `when(recheck, decide = Agent::still_valid)` (rule G3)",
            );
        }
    }
}

/// SPEC G5: `redecide` is on the guard of a decider group.
fn guard_redecide_on_decider_group(_: &mut Scope, node: &Node, errors: &mut Diagnostics) {
    let Some(redecide) = node.guard.as_ref().and_then(|g| g.redecide.as_ref()) else {
        return;
    };
    let is_group =
        matches!(&node.kind, Kind::Composite { policy, .. } if policy.is_decider_group());
    if !is_group {
        errors.error(
            redecide.span(),
            "`redecide` re-runs a decider group's guard when the group redecides (rule G5); \
             put it on the guard of a `priority`, `sequential`, `random`, `shuffle` or `scored` group",
        );
    }
}

/// SPEC G6: `delegate` is on the guard of a decider group, whose children
/// are the ones decided.
fn guard_delegate_on_decider_group(_: &mut Scope, node: &Node, errors: &mut Diagnostics) {
    let Some(delegate) = node.guard.as_ref().and_then(|g| g.delegate.as_ref()) else {
        return;
    };
    let what = match &node.kind {
        Kind::Composite { policy, .. } if policy.is_decider_group() => return,
        Kind::Composite { policy, .. } => format!(
            "a `{}`, whose children are run in turn, not decided",
            policy.keyword()
        ),
        Kind::Subtree { name, .. } => format!(
            "`subtree {name}`: a referenced tree is entered as a whole, its children cannot be decided from here"
        ),
        Kind::Decorator { keyword, .. } => format!("a `{keyword}` decorator"),
        Kind::Parallel { .. } | Kind::Control { .. } => {
            "a node whose children are run, not decided".to_string()
        }
        Kind::Behavior(_) | Kind::Condition { .. } => "a leaf".to_string(),
    };
    errors.error(
        delegate.span(),
        format!(
            "`delegate` on a group with no decide-able children: this guard is on {what}; \
             `delegate` accepts when one of a decider group's children accepts (rule G6): \
             put it on the guard of a `priority`, `sequential`, `random`, `shuffle` or `scored` group"
        ),
    );
}

/// SPEC G6: a `delegate` guard's decide is its children's: it has none of
/// its own.
fn guard_delegate_has_no_decide(_: &mut Scope, node: &Node, errors: &mut Diagnostics) {
    let Some(guard) = &node.guard else {
        return;
    };
    if let (Some(_), Some(decide)) = (&guard.delegate, &guard.decide) {
        errors.error(
            decide.key.span(),
            format!(
                "a `delegate` guard has no `{}` of its own: the children's decides decide for it (rule G6); \
                 remove `{}`, or `delegate`",
                decide.key, decide.key
            ),
        );
    }
}

/// SPEC G2: a DBlock has a behavior to build.
fn guard_dblock_has_receiver(s: &mut Scope, node: &Node, errors: &mut Diagnostics) {
    let Some(decide) = node.guard.as_ref().and_then(|g| g.decide.as_ref()) else {
        return;
    };
    if decide.dblock && s.tree.receiver(node.id).is_none() {
        errors.error(
            decide.key.span(),
            "nothing receives this DBlock: a `dblock` decide builds the memory of the behavior it activates (rule G2); \
             guard a behavior, or give the group a behavior with `with`, e.g. `priority with Guarding { … }`",
        );
    }
}

/// A DBlock builds the value of the behavior it activates (`From<DBlock>`),
/// so that behavior has no constructor in the tree, and is no built-in.
fn guard_dblock_receiver_has_no_constructor(s: &mut Scope, node: &Node, errors: &mut Diagnostics) {
    let Some(decide) = node.guard.as_ref().and_then(|g| g.decide.as_ref()) else {
        return;
    };
    let Some(leaf) = s.tree.receiver(node.id).filter(|_| decide.dblock) else {
        return;
    };
    let ty = leaf.type_name();
    if leaf.builtin().is_some() {
        errors.error(
            leaf.span,
            format!(
                "`{}` is a built-in and cannot receive a DBlock: a `dblock` decide builds the value \
                 of the behavior it activates with `From<DBlock>`; guard a behavior of your own, \
                 or use `decide =` (rule G2)",
                ty.to_lowercase()
            ),
        );
    } else if let Behavior::Written {
        ctor: Some(ctor), ..
    } = &leaf.behavior
    {
        let f = quote::ToTokens::to_token_stream(&decide.func).to_string();
        errors.push(Error::new_spanned(
            ctor,
            format!(
                "this constructor would never be used: the DBlock of `dblock = {f}` builds the \
                 value of `{ty}` (with `From<DBlock>`), so a constructor cannot be given too; \
                 write the type alone (`{ty}`), or use `decide =` to build `{ty}` with this \
                 constructor (rule G2)"
            ),
        ));
    }
}
