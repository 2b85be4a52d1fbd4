//! The node parser: [`Parser`] walks a tree's body, one node and its
//! children at a time, into the flat pre-order `Vec` of the model; names
//! and disambiguates siblings, reads slots (`name:`, a guard) and `switch`
//! cases, and skips a node nested deeper than
//! [`MAX_DEPTH`](super::MAX_DEPTH).

use proc_macro2::TokenTree;
use syn::ext::IdentExt;
use syn::parse::ParseStream;
use syn::spanned::Spanned;
use syn::{braced, parenthesized, Expr, Ident, Path, Token, Type};

use super::args::*;
use super::keywords::*;
use super::leaf::*;
use super::MAX_DEPTH;
use crate::diag::Diagnostics;
use crate::model::{Behavior, Case, Control, Deco, Guard, Kind, Leaf, Node, StampDecl, VarDecl};

/// The state of one tree's parse.
pub(super) struct Parser<'a> {
    pub(super) nodes: Vec<Node>,
    /// Where the errors that leave the syntax readable go.
    pub(super) errors: &'a mut Diagnostics,
    /// The parent of the last node reported for being nested too deeply:
    /// its other children are skipped without a second error.
    pub(super) too_deep: Option<usize>,
    /// The header's `events = Type`: what `wait_for` patterns match.
    pub(super) events: Option<Type>,
    /// The variables declared so far (SPEC V4).
    pub(super) vars: Vec<VarDecl>,
    /// The timestamps declared so far (SPEC V3).
    pub(super) stamps: Vec<StampDecl>,
}

impl<'a> Parser<'a> {
    /// A parser for the body of a tree whose header says `events`.
    pub(super) fn new(events: Option<Type>, errors: &'a mut Diagnostics) -> Self {
        Parser {
            nodes: Vec::new(),
            errors,
            too_deep: None,
            events,
            vars: Vec::new(),
            stamps: Vec::new(),
        }
    }

    /// Parses one node and its subtree; returns its id.
    pub(super) fn node(
        &mut self,
        input: ParseStream,
        parent: Option<usize>,
        depth: usize,
        name_ident: Option<Ident>,
        guard: Option<Guard>,
    ) -> syn::Result<usize> {
        if depth > MAX_DEPTH {
            return Ok(self.too_deep(input, parent, depth, name_ident, guard));
        }
        let id = self.nodes.len();
        let span = input.span();
        misplaced_guard(input, parent)?;
        let first = input.fork().call(Ident::parse_any).ok();
        // The guard `recheck(…)` hands to its child.
        let (kind, child_guard) = self.kind(input, first.as_ref())?;
        let has_children = !matches!(
            kind,
            Kind::Behavior(_) | Kind::Condition { .. } | Kind::Subtree { .. }
        );
        if has_children {
            no_group_behavior(input, &kind)?;
        } else {
            no_children(input, &kind, first.as_ref())?;
        }
        let name = match (&name_ident, parent) {
            (Some(n), _) => n.unraw().to_string(),
            (None, None) => "root".to_string(),
            (None, Some(_)) => default_name(&kind),
        };
        let span = match &kind {
            Kind::Composite { keyword, .. }
            | Kind::Decorator { keyword, .. }
            | Kind::Parallel { keyword, .. }
            | Kind::Control { keyword, .. } => keyword.span(),
            _ => span,
        };
        self.nodes.push(Node {
            id,
            parent,
            depth,
            name,
            name_ident,
            span,
            kind,
            guard,
            children: Vec::new(),
        });
        if has_children {
            self.children(input, id, depth, child_guard)?;
        }
        Ok(id)
    }

    /// What a node is, from its keyword (or its behavior type), with what
    /// follows the keyword; and, for `recheck(…)`, the guard it hands to
    /// its child.
    pub(super) fn kind(
        &mut self,
        input: ParseStream,
        first: Option<&Ident>,
    ) -> syn::Result<(Kind, Option<Guard>)> {
        let mut child_guard = None;
        let kind = match peek_keyword(input)? {
            Some(Keyword::Composite(policy)) => parse_composite(policy, input, self.errors)?,
            Some(Keyword::Decorator) if input.fork().call(Ident::parse_any)? == "recheck" => {
                // `recheck(ITEMS) { child }` (SPEC R12): the items are the
                // child's guard, marked `recheck`.
                let keyword: Ident = input.call(Ident::parse_any)?;
                let items;
                parenthesized!(items in input);
                let mut guard = self.guard(keyword.clone(), &items)?;
                guard.recheck = Some(keyword.clone());
                child_guard = Some(guard);
                Kind::Decorator {
                    deco: Deco::Recheck,
                    keyword,
                }
            }
            Some(Keyword::Decorator) => {
                let keyword: Ident = input.call(Ident::parse_any)?;
                let deco = parse_deco(&keyword, input, self.errors)?;
                Kind::Decorator { deco, keyword }
            }
            Some(Keyword::Parallel) => {
                let keyword: Ident = input.call(Ident::parse_any)?;
                let concurrent = keyword == "concurrent";
                let (success, failure, all_complete) = if concurrent {
                    (None, None, false)
                } else {
                    parse_thresholds(&keyword, input, self.errors)?
                };
                Kind::Parallel {
                    keyword,
                    concurrent,
                    success,
                    failure,
                    all_complete,
                }
            }
            Some(Keyword::Control) => {
                let keyword: Ident = input.call(Ident::parse_any)?;
                let control = parse_control(&keyword, input)?;
                Kind::Control { keyword, control }
            }
            Some(Keyword::Condition) => {
                input.call(Ident::parse_any)?;
                let args;
                parenthesized!(args in input);
                let func: Expr = args.parse()?;
                if !args.is_empty() {
                    return Err(args
                        .error("expected `)`: `condition(Agent::is_hungry)` takes one function"));
                }
                Kind::Condition { func }
            }
            Some(Keyword::Leaf(leaf)) => Kind::Behavior(parse_builtin(leaf, input, self.errors)?),
            Some(Keyword::Event(event)) => self.event_node(event, input)?,
            Some(Keyword::Subtree) => {
                input.call(Ident::parse_any)?;
                let path = input.call(syn::Path::parse_mod_style).map_err(|e| {
                    syn::Error::new(
                        e.span(),
                        "expected the name of a tree, declared in this `tree!` or elsewhere: \
                         `subtree Patrol`, `subtree crate::ai::Patrol`",
                    )
                })?;
                let Some(name) = path.segments.last().map(|s| s.ident.clone()) else {
                    return Err(syn::Error::new_spanned(
                        &path,
                        "expected the name of a tree",
                    ));
                };
                Kind::Subtree { name, path }
            }
            None => Kind::Behavior(
                parse_leaf(input, true)
                    .map_err(|e| first.and_then(miscased_keyword).unwrap_or(e))?,
            ),
        };
        Ok((kind, child_guard))
    }

    /// The braced children of node `id` (a `switch`'s cases with their
    /// patterns), named apart; `child_guard` goes to the first, from
    /// `recheck(…)`.
    pub(super) fn children(
        &mut self,
        input: ParseStream,
        id: usize,
        depth: usize,
        child_guard: Option<Guard>,
    ) -> syn::Result<()> {
        let content;
        braced!(content in input);
        let mut children = Vec::new();
        let switch = matches!(
            &self.nodes[id].kind,
            Kind::Control {
                control: Control::Switch { .. },
                ..
            }
        );
        let mut cases = Vec::new();
        while !content.is_empty() {
            if switch {
                // `[name:] PATTERN => NODE`
                let (child, case) = self.case(&content, id, depth + 1)?;
                children.push(child);
                cases.push(case);
            } else {
                children.push(self.slot(&content, id, depth + 1)?);
            }
            if content.is_empty() {
                break;
            }
            content.parse::<Token![,]>().map_err(|e| {
                syn::Error::new(e.span(), "expected `,` between the children of a composite")
            })?;
        }
        self.disambiguate(&children);
        if let Kind::Control {
            control: Control::Switch { cases: all, .. },
            ..
        } = &mut self.nodes[id].kind
        {
            *all = cases;
        }
        if let (Some(guard), Some(&c)) = (child_guard, children.first()) {
            match &self.nodes[c].guard {
                Some(own) => self.errors.error(
                    own.when.span(),
                    "the child of `recheck(…)` takes its guard from the parentheses: \
                     move these items into `recheck(…)`",
                ),
                None => self.nodes[c].guard = Some(guard),
            }
        }
        self.nodes[id].children = children;
        Ok(())
    }

    /// A node nested deeper than [`MAX_DEPTH`]: reported (once per parent)
    /// and skipped up to the next `,` of its parent without parsing it, so
    /// the parse never recurses deeper than the limit. A placeholder leaf
    /// takes its place, so the rest of the tree is still checked (its
    /// errors reported too), and the tree is not expanded.
    pub(super) fn too_deep(
        &mut self,
        input: ParseStream,
        parent: Option<usize>,
        depth: usize,
        name_ident: Option<Ident>,
        guard: Option<Guard>,
    ) -> usize {
        let span = input.span();
        if self.too_deep != parent {
            self.too_deep = parent;
            self.errors.error(
                span,
                format!(
                    "this node is nested {depth} levels below the root; a tree nests at most \
                     {MAX_DEPTH} levels, counting through `subtree` references (each level is a \
                     type nested in the tree's state, and deeper ones overflow the compiler's \
                     recursion limit): make the tree flatter, e.g. `sequence {{ sequence {{ A, B }}, C }}` \
                     is `sequence {{ A, B, C }}`; moving a branch into a `subtree` does not help"
                ),
            );
        }
        // Skip the node: whole token trees up to the parent's next `,`.
        let _ = input.step(|cursor| {
            let mut rest = *cursor;
            while let Some((tt, next)) = rest.token_tree() {
                if matches!(&tt, TokenTree::Punct(p) if p.as_char() == ',') {
                    break;
                }
                rest = next;
            }
            Ok(((), rest))
        });
        let id = self.nodes.len();
        self.nodes.push(Node {
            id,
            parent,
            depth,
            name: name_ident
                .as_ref()
                .map_or_else(|| "too_deep".to_string(), Ident::to_string),
            name_ident,
            span,
            kind: Kind::Behavior(Leaf {
                behavior: Behavior::Written {
                    ty: Path::from(Ident::new("__TooDeep", span)),
                    ctor: None,
                },
                span,
            }),
            guard,
            children: Vec::new(),
        });
        id
    }

    /// Unnamed siblings whose derived names collide (`sequence { Step,
    /// Step }`) get their child index appended (`Step_1`), so every path is
    /// distinct. Written names are never changed: a duplicate written name is
    /// an error (`check`).
    pub(super) fn disambiguate(&mut self, children: &[usize]) {
        let colliding: Vec<bool> = children
            .iter()
            .map(|&c| {
                self.nodes[c].name_ident.is_none()
                    && children
                        .iter()
                        .any(|&o| o != c && self.nodes[o].name == self.nodes[c].name)
            })
            .collect();
        for (i, (&c, collides)) in children.iter().zip(colliding).enumerate() {
            if collides {
                self.nodes[c].name = format!("{}_{i}", self.nodes[c].name);
            }
        }
    }

    /// `[name :] [when(…) =>] node`
    pub(super) fn slot(
        &mut self,
        input: ParseStream,
        parent: usize,
        depth: usize,
    ) -> syn::Result<usize> {
        let name = self.slot_name(input)?;
        let guard = if input.peek(Ident) && input.fork().call(Ident::parse_any)? == "when" {
            let when = input.call(Ident::parse_any)?;
            let items;
            parenthesized!(items in input);
            let guard = self.guard(when, &items)?;
            input.parse::<Token![=>]>().map_err(|e| {
                syn::Error::new(e.span(), "expected `=>` after the guard: `when(…) => Node`")
            })?;
            Some(guard)
        } else {
            None
        };
        self.node(input, Some(parent), depth, name, guard)
    }

    /// The `name :` in front of a slot or a `switch` case, if written.
    pub(super) fn slot_name(&mut self, input: ParseStream) -> syn::Result<Option<Ident>> {
        if !(input.peek(Ident::peek_any) && input.peek2(Token![:]) && !input.peek2(Token![::])) {
            return Ok(None);
        }
        let name = input.call(Ident::parse_any)?;
        input.parse::<Token![:]>()?;
        if let Some(e) = keyword_as_name(&name) {
            self.errors.push(e);
        }
        Ok(Some(name))
    }

    /// One arm of a `switch`: `[name :] PATTERN => NODE` (SPEC C10).
    pub(super) fn case(
        &mut self,
        input: ParseStream,
        parent: usize,
        depth: usize,
    ) -> syn::Result<(usize, Case)> {
        let name = self.slot_name(input)?;
        let pat = syn::Pat::parse_multi_with_leading_vert(input).map_err(|e| {
            syn::Error::new(
                e.span(),
                "expected a case: a pattern, `=>` and a node, e.g. `Mode::Alert => Chase`, `_ => Idle`",
            )
        })?;
        input.parse::<Token![=>]>().map_err(|e| {
            syn::Error::new(
                e.span(),
                "expected `=>` after the case's pattern: `Mode::Alert => Chase`",
            )
        })?;
        let start = input.cursor();
        let child = self.node(input, Some(parent), depth, name, None)?;
        // The span of the child's last token (what the generated arm ends
        // at): step over the token trees it took.
        let (mut at, mut end) = (start, pat.span());
        while at != input.cursor() {
            match at.token_tree() {
                Some((tt, next)) => {
                    end = tt.span();
                    at = next;
                }
                None => break,
            }
        }
        Ok((child, Case { pat, end }))
    }
}

/// The name of a node that was not given one.
pub(super) fn default_name(kind: &Kind) -> String {
    match kind {
        Kind::Behavior(leaf) => match &leaf.behavior {
            Behavior::Written { ty, .. } => ty
                .segments
                .last()
                .map_or_else(|| "behavior".to_string(), |s| s.ident.to_string()),
            Behavior::Builtin(b) => b.name(),
        },
        Kind::Composite { policy, .. } => policy.keyword().to_string(),
        Kind::Decorator { keyword, .. }
        | Kind::Parallel { keyword, .. }
        | Kind::Control { keyword, .. } => keyword.to_string(),
        Kind::Condition { .. } => "condition".to_string(),
        Kind::Subtree { name, .. } => name.to_string(),
    }
}
