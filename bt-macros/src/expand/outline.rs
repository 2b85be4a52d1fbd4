//! The tree as text, written at expansion time (I1, I4): the outline the
//! state type's documentation shows and its `OUTLINE` constant holds, and
//! each node's arguments for the static shape (`NodeInfo::args`).
//!
//! An outline line is the node as written, shortened: `name: ` when the
//! name is written, then the node (a behavior's type, a built-in leaf's
//! keyword, a composite's or decorator's keyword with its arguments,
//! `subtree Path`), then its guard's items (`when(every(3s), any(NIGHT),
//! decide = Critter::hungry)`); a `switch` case starts with its pattern.
//! Expressions are written when they are paths and `…` otherwise
//! (closures, calls). Lines are joined into a tree with `├─ `, `└─ ` and
//! `│  `.
//!
//! **Folding.** A large tree's outline stays short: it shows the nodes down
//! to depth [`FOLD_DEPTH`] (the root at 0); below a node at that depth its
//! descendants are one line, `… N more nodes`. After [`MAX_NODES`] nodes,
//! the rest of the tree is one last line, `… N more nodes` (N counts the
//! nodes left out there, not those already folded).

use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::Expr;

use super::builtin::leaf_path;
use crate::model::{Builtin, Deco, DecoArg, FlagSource, Guard, Kind, Mask, Node, StatusName, Tree};

/// The deepest level the outline shows; deeper nodes are folded into one
/// line below their ancestor at this depth.
pub const FOLD_DEPTH: usize = 6;

/// The most nodes the outline shows; the rest is one line.
pub const MAX_NODES: usize = 48;

/// `tokens` with their spaces removed: `Critter::hungry`, `NIGHT|HURT`.
fn compact(tokens: TokenStream) -> String {
    tokens.to_string().replace(' ', "")
}

/// An expression as written if it is a path, else `…`.
fn path_or_dots(expr: &Expr) -> String {
    match expr {
        Expr::Path(_) => compact(expr.to_token_stream()),
        _ => "…".to_string(),
    }
}

/// Anything as written, its spaces removed.
pub(super) fn compact_expr<T: ToTokens>(t: &T) -> String {
    compact(t.to_token_stream())
}

/// A duration: `1.5s`, `3s`.
pub(super) fn seconds(d: f64) -> String {
    format!("{d}s")
}

fn status(s: StatusName) -> &'static str {
    match s {
        StatusName::Running => "Running",
        StatusName::Success => "Success",
        StatusName::Failure => "Failure",
    }
}

/// What node `id` takes between parentheses besides its children and its
/// guard (`NodeInfo::args`): a parallel's policy, a decorator's argument,
/// `rescore = d`, a condition's or switch's function, a subtree's path.
pub fn args(tree: &Tree, id: usize) -> String {
    match &tree.nodes[id].kind {
        Kind::Behavior(_) => String::new(),
        Kind::Composite { rescore, .. } => rescore
            .map(|(d, _)| format!("rescore = {}", seconds(d)))
            .unwrap_or_default(),
        Kind::Decorator { deco, .. } => deco_args(deco),
        Kind::Parallel {
            success,
            failure,
            all_complete,
            ..
        } => {
            // `all` and `any` are these thresholds.
            match (success.map(|s| s.0), failure.map(|f| f.0), all_complete) {
                (None, Some(1), false) => return "all".to_string(),
                (Some(1), None, false) => return "any".to_string(),
                _ => {}
            }
            let mut parts = Vec::new();
            if *all_complete {
                parts.push("all_complete".to_string());
            }
            if let Some((n, _)) = success {
                parts.push(format!("success >= {n}"));
            }
            if let Some((n, _)) = failure {
                parts.push(format!("failure >= {n}"));
            }
            parts.join(", ")
        }
        Kind::Control { control, .. } => match control {
            crate::model::Control::Switch { value, .. } => path_or_dots(value),
            crate::model::Control::IfThenElse | crate::model::Control::WhileDoElse => String::new(),
        },
        Kind::Condition { func } => path_or_dots(func),
        Kind::Subtree { path, .. } => compact(path.to_token_stream()),
    }
}

/// A decorator's argument as written back.
fn deco_args(deco: &Deco) -> String {
    match deco {
        Deco::Builtin { arg, .. } => match *arg {
            DecoArg::None | DecoArg::OptionalStatus(None) => String::new(),
            DecoArg::Status(s) | DecoArg::OptionalStatus(Some(s)) => status(s).to_string(),
            DecoArg::Count(Some(n)) => n.to_string(),
            DecoArg::Count(None) => "forever".to_string(),
            DecoArg::Seconds(d) => seconds(d),
        },
        Deco::Recheck => String::new(),
        // `if_time` and `log` are built-ins written as a user's decorator.
        Deco::Custom(leaf) if leaf.builtin().is_some() => String::new(),
        Deco::Custom(leaf) => compact(leaf_path(leaf).to_token_stream()),
        Deco::Limit(limit) => format!("{}, {}", path_or_dots(&limit.resource), limit.max),
    }
}

/// Node `node` as written, shortened: its kind and arguments.
fn body(tree: &Tree, node: &Node) -> String {
    let args = args(tree, node.id);
    let call = |keyword: &str| {
        if args.is_empty() {
            keyword.to_string()
        } else {
            format!("{keyword}({args})")
        }
    };
    match &node.kind {
        Kind::Behavior(leaf) => match leaf.builtin() {
            Some(b @ (Builtin::Succeed | Builtin::Fail)) => b.keyword().to_string(),
            Some(Builtin::Wait(d)) => format!("wait({})", seconds(*d)),
            Some(b) => format!("{}(…)", b.keyword()),
            None => compact(leaf_path(leaf).to_token_stream()),
        },
        Kind::Composite {
            policy, behavior, ..
        } => {
            let mut text = call(policy.keyword());
            if let Some(leaf) = behavior {
                text.push_str(" with ");
                text.push_str(&compact(leaf_path(leaf).to_token_stream()));
            }
            text
        }
        Kind::Decorator { keyword, .. }
        | Kind::Parallel { keyword, .. }
        | Kind::Control { keyword, .. } => call(&keyword.to_string()),
        Kind::Condition { .. } => call("condition"),
        Kind::Subtree { .. } => format!("subtree {args}"),
    }
}

/// ` when(…)` for a guard: its flag tests, `every`, the decide, then the
/// keywords, each shortened.
fn guard(tree: &Tree, g: &Guard) -> String {
    let mut items = Vec::new();
    for test in &g.flags {
        let op = test.op.to_string();
        items.push(match (&test.mask, test.source) {
            (Mask::Written(mask), FlagSource::Stimuli) => {
                format!("stimuli_{op}({})", compact(mask.to_token_stream()))
            }
            (Mask::Written(mask), _) => format!("{op}({})", compact(mask.to_token_stream())),
            (Mask::Var { bit, .. }, _) => {
                let name = var_name(tree, *bit);
                let not = if op == "none" { "!" } else { "" };
                format!("{not}var({name})")
            }
        });
    }
    if let Some(every) = &g.every {
        items.push(format!("every({})", seconds(every.seconds)));
    }
    if let Some(d) = &g.decide {
        let key = if d.dblock { "dblock" } else { "decide" };
        items.push(match &d.func {
            Expr::Path(_) => format!("{key} = {}", path_or_dots(&d.func)),
            _ => key.to_string(),
        });
    }
    let keywords = [
        (&g.recheck, "recheck"),
        (&g.redecide, "redecide"),
        (&g.delegate, "delegate"),
    ];
    items.extend(
        keywords
            .iter()
            .filter(|(k, _)| k.is_some())
            .map(|(_, w)| w.to_string()),
    );
    format!(" when({})", items.join(", "))
}

/// The name of variable `bit`.
pub(super) fn var_name(tree: &Tree, bit: u32) -> String {
    usize::try_from(bit)
        .ok()
        .and_then(|i| tree.vars.get(i))
        .map_or_else(|| "…".to_string(), |v| v.name.to_string())
}

/// Node `id`'s line without its connector: case, name, node, guard.
pub fn line(tree: &Tree, id: usize) -> String {
    let node = &tree.nodes[id];
    let mut text = String::new();
    if let Some(parent) = node.parent {
        if let Kind::Control {
            control: crate::model::Control::Switch { cases, .. },
            ..
        } = &tree.nodes[parent].kind
        {
            let index = tree.nodes[parent].children.iter().position(|&c| c == id);
            if let Some(case) = index.and_then(|i| cases.get(i)) {
                text.push_str(&compact(case.pat.to_token_stream()));
                text.push_str(" => ");
            }
        }
    }
    if let Some(name) = &node.name_ident {
        text.push_str(&name.to_string());
        text.push_str(": ");
    }
    text.push_str(&body(tree, node));
    if let Some(g) = &node.guard {
        if g.has_checks() || g.recheck.is_some() || g.redecide.is_some() {
            text.push_str(&guard(tree, g));
        }
    }
    text
}

/// The number of nodes in `id`'s subtree, itself included.
fn size(tree: &Tree, id: usize) -> usize {
    1 + tree.nodes[id]
        .children
        .iter()
        .map(|&c| size(tree, c))
        .sum::<usize>()
}

/// `… N more nodes`.
fn more(n: usize) -> String {
    let s = if n == 1 { "" } else { "s" };
    format!("… {n} more node{s}")
}

/// The outline being written.
struct Outline<'a> {
    tree: &'a Tree,
    out: String,
    /// Nodes written so far.
    shown: usize,
    /// Nodes folded below a node at [`FOLD_DEPTH`].
    folded: usize,
}

impl Outline<'_> {
    /// Node `id` and its descendants, `prefix` before each line; `None`
    /// for the root, which has no connector.
    fn node(&mut self, id: usize, prefix: Option<(&str, bool)>) {
        if self.shown == MAX_NODES {
            return;
        }
        self.shown += 1;
        let (child_prefix, connector) = match prefix {
            None => (String::new(), ""),
            Some((p, last)) => {
                let (c, more) = if last {
                    ("└─ ", "   ")
                } else {
                    ("├─ ", "│  ")
                };
                self.out.push_str(p);
                (format!("{p}{more}"), c)
            }
        };
        self.out.push_str(connector);
        self.out.push_str(&line(self.tree, id));
        self.out.push('\n');
        let node = &self.tree.nodes[id];
        if node.depth >= FOLD_DEPTH && !node.children.is_empty() {
            let n = size(self.tree, id) - 1;
            self.folded += n;
            self.out
                .push_str(&format!("{child_prefix}└─ {}\n", more(n)));
            return;
        }
        let count = node.children.len();
        for (i, &c) in node.children.iter().enumerate() {
            self.node(c, Some((&child_prefix, i + 1 == count)));
        }
    }
}

/// The outline of `tree` (see the module), one line per node, each
/// ending with a line break.
pub fn outline(tree: &Tree) -> String {
    let mut o = Outline {
        tree,
        out: String::new(),
        shown: 0,
        folded: 0,
    };
    if !tree.nodes.is_empty() {
        o.node(0, None);
    }
    let rest = tree.nodes.len() - o.shown - o.folded;
    if rest > 0 {
        o.out.push_str(&more(rest));
        o.out.push('\n');
    }
    o.out
}
