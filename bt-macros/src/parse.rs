//! `parse`: the `tree!` input syntax → the model (`model.rs`).
//!
//! ```text
//! input     := tree+
//! tree      := attrs vis `tree` Name `for` AgentType `{` node `}`
//! node      := composite | leaf
//! composite := keyword [`with` leaf] `{` slot (`,` slot)* [`,`] `}`
//! slot      := [name `:`] [`when` `(` item (`,` item)* `)` `=>`] node
//! item      := any(M) | all(M) | none(M) | not_all(M)                (decision flags)
//!            | stimuli_any(M) | stimuli_all(M) | … (stimuli flags)
//!            | every(SECONDS) | decide = F | dblock = F | delegate | recheck
//!            | redecide
//! leaf      := Type | Type { fields } | Type(args) | Type::ctor(args)
//!              (`Type` may be a path: `lines::Say("hi")`)
//! ```
//!
//! Malformed syntax stops the parse with an error naming the expected token.
//! Problems that leave the syntax readable (a duplicate guard item, a bad
//! duration or count, a node nested too deeply) are collected in
//! `Tree::errors` and reported with the checks.
//!
//! The parse recurses once per level of nesting, and never deeper than
//! [`MAX_DEPTH`]: a node below that is reported and skipped without looking
//! inside it. Before the parse, [`limit_nesting`] cuts token groups nested
//! deeper than [`MAX_TOKEN_NESTING`] (without recursion), so that building
//! `syn`'s token buffer, which recurses once per group, cannot overflow the
//! stack either, however deep the input.

use proc_macro2::{Delimiter, Group, Span, TokenStream, TokenTree};
use syn::ext::IdentExt;
use syn::parse::{Parse, ParseStream};
use syn::spanned::Spanned;
use syn::{
    braced, parenthesized, Attribute, Expr, Ident, Lit, Path, Token, Type, UnOp, Visibility,
};

mod events;
mod world;

use crate::diag::Diagnostics;
use crate::model::{
    BuiltinDeco, Case, Control, Decide, Deco, DecoArg, DecoArgs, Every, FlagSource, FlagTest,
    Guard, Kind, Leaf, LimitArgs, Node, Policy, StampDecl, StatusName, Tree, VarDecl,
};

/// The deepest a node may be nested below its tree's root (the root is at
/// depth 0), counting through `subtree` references (`check`).
///
/// The generated state holds each level in the one above it (a composite is
/// a struct holding an enum of its children's states, a decorator an
/// `Option`, a parallel node a `Slot` per child, a `subtree` the referenced
/// tree's root state), so a tree `d` levels deep is a type nested about
/// `2 d` levels deep, and the compiler's trait and layout queries recurse
/// that deep. With the default `#![recursion_limit = "128"]`, a chain of
/// composites, decorators or parallel nodes, or any mix of them, over a
/// zero-sized behavior overflows at depth 63 (`overflow evaluating the
/// requirement ...: Send` or `Freeze`), and at depth 55 over a behavior
/// holding a `HashMap<u32, Vec<Arc<String>>>` and a few `Option`s: the
/// behavior's own type nests too. 48 leaves that much room to behavior
/// types. A `subtree` does not reset the count: the referenced tree's
/// state is nested inside the referencing one.
pub const MAX_DEPTH: usize = 48;

/// The deepest token groups (`(…)`, `[…]`, `{…}`) may be nested in the
/// input: far more than a valid tree needs ([`MAX_DEPTH`] + 1 groups for
/// its nodes, a few more for a behavior's constructor or a guard), far less
/// than what would overflow the stack while `syn` parses it: `syn`'s
/// expression parser takes about 15 KB of stack per level of parentheses in
/// a debug build (proc macros are built without optimization), so 128
/// levels take 2 MB of the 8 MB the compiler's thread has.
pub const MAX_TOKEN_NESTING: usize = 128;

/// Every tree of one `tree!` invocation.
pub struct Input {
    /// The path of the façade crate, `$crate` as the `deciders::tree!`
    /// wrapper passes it (`#![crate = $crate]`), so that a tree works through
    /// a renamed dependency or a crate re-exporting `tree!`; `::deciders`
    /// when the proc macro is invoked without it.
    pub krate: TokenStream,
    pub trees: Vec<Tree>,
    /// Whether some node was reported for being nested deeper than
    /// [`MAX_DEPTH`].
    pub too_deep: bool,
}

impl Input {
    /// `#krate::__private`: the one path generated code names the runtime by.
    pub fn rt(&self) -> TokenStream {
        let krate = &self.krate;
        quote::quote!(#krate::__private)
    }
}

/// The optional `#![crate = PATH]` header the `deciders::tree!` wrapper
/// puts before the trees; `::deciders` without it.
fn parse_krate(input: ParseStream) -> syn::Result<TokenStream> {
    if !(input.peek(Token![#]) && input.peek2(Token![!])) {
        return Ok(quote::quote!(::deciders));
    }
    input.parse::<Token![#]>()?;
    input.parse::<Token![!]>()?;
    let header;
    syn::bracketed!(header in input);
    let expected = "expected `#![crate = path::to::deciders]`: the only inner attribute of `tree!` names the `deciders` crate";
    if !header.peek(Token![crate]) {
        return Err(header.error(expected));
    }
    header.parse::<Token![crate]>()?;
    header
        .parse::<Token![=]>()
        .map_err(|e| syn::Error::new(e.span(), expected))?;
    let krate: TokenStream = header.parse()?;
    if krate.is_empty() {
        return Err(header.error(expected));
    }
    Ok(krate)
}

impl Parse for Input {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let krate = parse_krate(input)?;
        let mut trees = Vec::new();
        let mut too_deep = false;
        while !input.is_empty() {
            let (tree, deep) = parse_tree(input)?;
            trees.push(tree);
            too_deep |= deep;
        }
        if trees.is_empty() {
            return Err(syn::Error::new(
                Span::call_site(),
                "expected a tree: `tree Name for Agent { … }`",
            ));
        }
        Ok(Input {
            krate,
            trees,
            too_deep,
        })
    }
}

/// A composite from its keyword: `scored`'s `(rescore = d)` and a group
/// behavior (`with Type`) when written.
fn parse_composite(
    policy: Policy,
    input: ParseStream,
    errors: &mut Diagnostics,
) -> syn::Result<Kind> {
    let keyword: Ident = input.call(Ident::parse_any)?;
    let rescore = if policy == Policy::Scored && input.peek(syn::token::Paren) {
        Some(parse_rescore(input, errors)?)
    } else {
        None
    };
    let behavior = if input.peek(Ident) && input.fork().call(Ident::parse_any)? == "with" {
        input.call(Ident::parse_any)?;
        Some(parse_leaf(input, false)?)
    } else {
        None
    };
    Ok(Kind::Composite {
        policy,
        keyword,
        behavior,
        rescore,
    })
}

/// A control node after its keyword (SPEC C8–C10): `switch` takes its
/// value in parentheses; the others take nothing.
fn parse_control(keyword: &Ident, input: ParseStream) -> syn::Result<Control> {
    Ok(match keyword.to_string().as_str() {
        "if_then_else" => Control::IfThenElse,
        "while_do_else" => Control::WhileDoElse,
        "switch" => {
            let args;
            parenthesized!(args in input);
            let value: Expr = args.parse()?;
            if !args.is_empty() {
                return Err(args.error(
                    "expected `)`: `switch(Agent::mode) { … }` takes one function of the agent",
                ));
            }
            Control::Switch {
                value: Box::new(value),
                cases: Vec::new(),
            }
        }
        other => {
            return Err(syn::Error::new(
                keyword.span(),
                format!(
                    "`{other}` is no control keyword ({})",
                    Control::KEYWORDS.join(", ")
                ),
            ))
        }
    })
}

/// The lifetimes of a world that borrows (`world<'w> = Frame<'w>`): the
/// state type serves every frame's borrow, so the world's lifetimes are
/// parameters of every generated `impl`, and nothing else may be.
fn world_lifetimes(input: ParseStream) -> syn::Result<syn::Generics> {
    let generics: syn::Generics = input.parse()?;
    for param in &generics.params {
        if !matches!(param, syn::GenericParam::Lifetime(_)) {
            return Err(syn::Error::new_spanned(
                param,
                "a world's parameters are lifetimes only: `world<'w> = Frame<'w>`",
            ));
        }
    }
    if generics.params.is_empty() {
        return Err(syn::Error::new_spanned(
            &generics,
            "expected a lifetime: `world<'w> = Frame<'w>`",
        ));
    }
    Ok(generics)
}

/// `input` with the contents of every token group nested deeper than
/// [`MAX_TOKEN_NESTING`] removed, and the span of the first such group; or
/// `input` unchanged (the usual case) if there is none. Iterative: it runs
/// before anything that recurses over the tokens.
pub fn limit_nesting(input: TokenStream) -> (TokenStream, Option<Span>) {
    if !nested_deeper_than(&input, MAX_TOKEN_NESTING) {
        return (input, None);
    }
    // Rebuilt only when needed: a rebuilt group keeps its span but loses
    // the separate spans of its delimiters.
    struct Frame {
        tokens: proc_macro2::token_stream::IntoIter,
        out: Vec<TokenTree>,
        group: Option<(Delimiter, Span)>,
    }
    let mut cut = None;
    let mut stack = vec![Frame {
        tokens: input.into_iter(),
        out: Vec::new(),
        group: None,
    }];
    loop {
        let depth = stack.len();
        let Some(top) = stack.last_mut() else {
            return (TokenStream::new(), cut);
        };
        match top.tokens.next() {
            Some(TokenTree::Group(g)) if depth > MAX_TOKEN_NESTING => {
                cut.get_or_insert(g.span());
                let mut empty = Group::new(g.delimiter(), TokenStream::new());
                empty.set_span(g.span());
                top.out.push(TokenTree::Group(empty));
            }
            Some(TokenTree::Group(g)) => stack.push(Frame {
                tokens: g.stream().into_iter(),
                out: Vec::new(),
                group: Some((g.delimiter(), g.span())),
            }),
            Some(tt) => top.out.push(tt),
            None => {
                let Some(done) = stack.pop() else { continue };
                let stream: TokenStream = done.out.into_iter().collect();
                match (done.group, stack.last_mut()) {
                    (Some((delimiter, span)), Some(parent)) => {
                        let mut g = Group::new(delimiter, stream);
                        g.set_span(span);
                        parent.out.push(TokenTree::Group(g));
                    }
                    _ => return (stream, cut),
                }
            }
        }
    }
}

/// Whether some token group of `input` is nested more than `limit` deep.
fn nested_deeper_than(input: &TokenStream, limit: usize) -> bool {
    let mut stack = vec![input.clone().into_iter()];
    while let Some(top) = stack.last_mut() {
        match top.next() {
            Some(TokenTree::Group(g)) => {
                if stack.len() > limit {
                    return true;
                }
                stack.push(g.stream().into_iter());
            }
            Some(_) => {}
            None => {
                stack.pop();
            }
        }
    }
    false
}

/// What the header says after the agent type.
struct Options {
    world: Option<Type>,
    world_generics: syn::Generics,
    rng: Option<Type>,
    events: Option<Type>,
}

/// The header after the agent type: `, world = W` (or `world<'w> =
/// W<'w>`), `, rng = R`, `, events = E`, in any order, each at most once.
fn options(input: ParseStream) -> syn::Result<Options> {
    let mut world: Option<Type> = None;
    let mut world_generics = syn::Generics::default();
    let mut rng: Option<Type> = None;
    let mut events: Option<Type> = None;
    while input.peek(Token![,]) {
        input.parse::<Token![,]>()?;
        let key: Ident = input.call(Ident::parse_any)?;
        let slot = match key.to_string().as_str() {
            "world" => &mut world,
            "rng" => &mut rng,
            "events" => &mut events,
            _ => {
                return Err(syn::Error::new(
                    key.span(),
                    format!("expected `world = Type`, `events = Type` or `rng = Type` after the agent type, found `{key}`: `tree Name for Agent, world = World {{ … }}`"),
                ))
            }
        };
        if slot.is_some() {
            return Err(syn::Error::new(
                key.span(),
                format!("`{key}` is given twice"),
            ));
        }
        if key == "world" && input.peek(Token![<]) {
            world_generics = world_lifetimes(input)?;
        }
        input.parse::<Token![=]>()?;
        *slot = Some(input.parse()?);
    }
    Ok(Options {
        world,
        world_generics,
        rng,
        events,
    })
}

/// One tree, and whether a node of it was nested too deeply.
fn parse_tree(input: ParseStream) -> syn::Result<(Tree, bool)> {
    let attrs = input.call(Attribute::parse_outer)?;
    let vis: Visibility = input.parse()?;
    let kw: Ident = input.call(Ident::parse_any)?;
    if kw != "tree" {
        return Err(syn::Error::new(
            kw.span(),
            format!("expected `tree`, found `{kw}`: a tree is declared as `tree Name for Agent {{ … }}`"),
        ));
    }
    let name: Ident = input.parse()?;
    input.parse::<Token![for]>().map_err(|e| {
        syn::Error::new(
            e.span(),
            "expected `for` and the agent type: `tree Name for Agent { … }`",
        )
    })?;
    let agent: Type = input.parse()?;
    let Options {
        world,
        world_generics,
        rng,
        events,
    } = options(input)?;
    let world = world.unwrap_or_else(|| syn::parse_quote!(()));
    let body;
    braced!(body in input);
    let mut parser = Parser {
        rt: crate::runtime_alias(),
        events: events.clone(),
        ..Parser::default()
    };
    // Reported with the body's errors; the tree keeps the world as meant.
    let (world, world_generics) = world::declare(world, world_generics, &mut parser.errors);
    // A syntax error inside the body does not end the invocation: the tree
    // keeps its header, so the fallback can still declare its type (the
    // user sees the one real error, not a second "cannot find type"), and
    // the trees after it are still parsed and checked.
    let parsed = if body.is_empty() {
        Err(syn::Error::new(
            name.span(),
            "empty tree: write its root node between the braces, e.g. `priority { … }`",
        ))
    } else {
        // The body is parsed on its own (`Parser::parse2` on its tokens), so
        // that an error in it stays its own and the rest of the
        // invocation goes on.
        let tokens: proc_macro2::TokenStream = body.parse()?;
        let root = |body: ParseStream| {
            parser.declarations(body, &name)?;
            parser.node(body, None, 0, None, None)?;
            if body.is_empty() {
                Ok(())
            } else {
                Err(body.error("expected `}`: a tree has exactly one root node; group several nodes in a composite such as `priority { … }`"))
            }
        };
        syn::parse::Parser::parse2(root, tokens)
    };
    if let Err(e) = parsed {
        parser.nodes.clear();
        parser.errors.push(e);
    }
    let too_deep = parser.too_deep.is_some();
    let (vars, stamps) = (parser.vars, parser.stamps);
    let tree = Tree {
        attrs,
        vis,
        name,
        agent,
        world,
        world_generics,
        rng,
        events,
        vars,
        stamps,
        nodes: parser.nodes,
        errors: parser.errors,
    };
    Ok((tree, too_deep))
}

#[derive(Default)]
struct Parser {
    /// The runtime for the built-in behaviors' types: they are named only
    /// inside the invocation's `const _` block, by the runtime's alias there
    /// (`__deciders::builtin::Succeed`, as a user reads it in `cargo
    /// expand`).
    rt: TokenStream,
    nodes: Vec<Node>,
    errors: Diagnostics,
    /// The parent of the last node reported for being nested too deeply:
    /// its other children are skipped without a second error.
    too_deep: Option<usize>,
    /// The header's `events = Type`: what `wait_for` patterns match.
    events: Option<Type>,
    /// The variables declared so far (SPEC V4).
    vars: Vec<VarDecl>,
    /// The timestamps declared so far (SPEC V3).
    stamps: Vec<StampDecl>,
}

impl Parser {
    /// Parses one node and its subtree; returns its id.
    fn node(
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
    fn kind(
        &mut self,
        input: ParseStream,
        first: Option<&Ident>,
    ) -> syn::Result<(Kind, Option<Guard>)> {
        let mut child_guard = None;
        if let Some(kind) = self.event_kind(input)? {
            return Ok((kind, None));
        }
        let kind = match peek_keyword(input)? {
            Some(Keyword::Composite(policy)) => parse_composite(policy, input, &mut self.errors)?,
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
                let deco = parse_deco(&keyword, input, &mut self.errors)?;
                Kind::Decorator { deco, keyword }
            }
            Some(Keyword::Parallel) => {
                let keyword: Ident = input.call(Ident::parse_any)?;
                let concurrent = keyword == "concurrent";
                let (success, failure, all_complete) = if concurrent {
                    (None, None, false)
                } else {
                    parse_thresholds(&keyword, input, &mut self.errors)?
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
            Some(Keyword::Builtin) => {
                Kind::Behavior(parse_builtin(input, &self.rt, &mut self.errors)?)
            }
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
    fn children(
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
    fn too_deep(
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
                ty: Path::from(Ident::new("__TooDeep", span)),
                ctor: None,
                span,
                timed: false,
                builtin: false,
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
    fn disambiguate(&mut self, children: &[usize]) {
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
    fn slot(&mut self, input: ParseStream, parent: usize, depth: usize) -> syn::Result<usize> {
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
    fn slot_name(&mut self, input: ParseStream) -> syn::Result<Option<Ident>> {
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
    fn case(
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

    /// The items inside `when( … )`.
    fn guard(&mut self, when: Ident, input: ParseStream) -> syn::Result<Guard> {
        let mut guard = Guard {
            when,
            flags: Vec::new(),
            every: None,
            decide: None,
            recheck: None,
            redecide: None,
            delegate: None,
        };
        while !input.is_empty() {
            self.guard_item(&mut guard, input)?;
            if input.is_empty() {
                break;
            }
            input.parse::<Token![,]>().map_err(|e| {
                syn::Error::new(e.span(), "expected `,` between the items of a guard")
            })?;
        }
        Ok(guard)
    }

    fn guard_item(&mut self, guard: &mut Guard, input: ParseStream) -> syn::Result<()> {
        if let Some(test) = self.var_item(input)? {
            guard.flags.push(test);
            return Ok(());
        }
        let key: Ident = input
            .call(Ident::parse_any)
            .map_err(|e| syn::Error::new(e.span(), EXPECTED_GUARD_ITEM))?;
        let k = key.to_string();
        match k.as_str() {
            "any" | "all" | "none" | "not_all" | "stimuli_any" | "stimuli_all" | "stimuli_none"
            | "stimuli_not_all" => {
                let (source, op) = match k.strip_prefix("stimuli_") {
                    Some(op) => (FlagSource::Stimuli, op),
                    None => (FlagSource::Decision, k.as_str()),
                };
                let args;
                parenthesized!(args in input);
                let mask: Expr = args.parse()?;
                if !args.is_empty() {
                    return Err(args.error(
                        "expected `)`: a flag test takes one mask, e.g. `any(DANGER | HURT)`",
                    ));
                }
                guard.flags.push(FlagTest {
                    source,
                    op: Ident::new(op, key.span()),
                    mask,
                });
            }
            "every" => {
                let args;
                parenthesized!(args in input);
                let expr: Expr = args.parse()?;
                let every = Every {
                    seconds: seconds(&expr, "every(30.0)", &mut self.errors),
                    span: expr.span(),
                };
                if guard.every.is_some() {
                    self.errors.push(duplicate(&key));
                }
                guard.every = Some(every);
            }
            "decide" | "dblock" => {
                input.parse::<Token![=]>().map_err(|e| {
                    syn::Error::new(
                        e.span(),
                        format!("expected `=` after `{k}`: `{k} = Agent::function`"),
                    )
                })?;
                let func: Expr = input.parse()?;
                if guard.decide.is_some() {
                    self.errors.error(
                        key.span(),
                        "a guard has at most one decide (`decide = …` or `dblock = …`)",
                    );
                }
                guard.decide = Some(Decide {
                    func,
                    dblock: k == "dblock",
                    key,
                });
            }
            "recheck" => {
                if guard.recheck.is_some() {
                    self.errors.push(duplicate(&key));
                }
                guard.recheck = Some(key);
            }
            "redecide" => {
                if guard.redecide.is_some() {
                    self.errors.push(duplicate(&key));
                }
                guard.redecide = Some(key);
            }
            "delegate" => {
                if guard.delegate.is_some() {
                    self.errors.push(duplicate(&key));
                }
                guard.delegate = Some(key);
            }
            _ => {
                return Err(syn::Error::new(
                    key.span(),
                    format!("unknown guard item `{k}`: {EXPECTED_GUARD_ITEM}"),
                ))
            }
        }
        Ok(())
    }
}

const EXPECTED_GUARD_ITEM: &str =
    "expected a guard item: `any(MASK)`, `all(MASK)`, `none(MASK)`, `not_all(MASK)`, \
     `stimuli_any(MASK)` (and `stimuli_all`, `stimuli_none`, `stimuli_not_all`), `every(SECONDS)`, \
     `decide = FUNCTION`, `dblock = FUNCTION`, `delegate`, `recheck` or `redecide`";

fn duplicate(key: &Ident) -> syn::Error {
    syn::Error::new(key.span(), format!("`{key}` is given twice in this guard"))
}

/// What a node starting with a keyword is.
enum Keyword {
    Composite(Policy),
    Decorator,
    Parallel,
    Control,
    Condition,
    Builtin,
    Subtree,
}

/// A built-in leaf (SPEC L7): its keyword, its type in the runtime's
/// `builtin` module, and whether it takes a duration (`wait(2.5)`, built
/// with `Type::new(seconds)`, on the tree clock).
struct Builtin {
    keyword: &'static str,
    ty: &'static str,
    timed: bool,
}

/// The built-in leaves, one entry each: a new one is a line here and a
/// type in the runtime.
const BUILTIN_LEAVES: [Builtin; 3] = [
    Builtin {
        keyword: "succeed",
        ty: "Succeed",
        timed: false,
    },
    Builtin {
        keyword: "fail",
        ty: "Fail",
        timed: false,
    },
    Builtin {
        keyword: "wait",
        ty: "Wait",
        timed: true,
    },
];

const BUILTINS: [&str; 5] = [
    BUILTIN_LEAVES[0].keyword,
    BUILTIN_LEAVES[1].keyword,
    BUILTIN_LEAVES[2].keyword,
    "wait_for",
    "wait_until",
];

/// Every node keyword (as `peek_keyword` lists them), for messages.
fn node_keywords() -> Vec<&'static str> {
    let mut kinds: Vec<&str> = Policy::ALL.iter().map(|(k, _)| *k).collect();
    kinds.extend(["parallel", "concurrent"]);
    kinds.extend(Deco::keywords());
    kinds.extend(["condition", "subtree"]);
    kinds.extend(BUILTINS);
    kinds
}

/// A node name written as a Rust keyword (`loop: X`, `fn: X`): names are
/// identifiers. A raw identifier (`r#loop: X`) is the name `loop`.
fn keyword_as_name(name: &Ident) -> Option<syn::Error> {
    let word = name.to_string();
    if syn::parse_str::<Ident>(&word).is_ok() {
        return None;
    }
    let fix = if matches!(word.as_str(), "self" | "Self" | "super" | "crate") {
        format!("choose another name, e.g. `{word}_`")
    } else {
        format!("write it as a raw identifier, `r#{word}: …` (the node is then named `{word}`), or choose another name, e.g. `{word}_`")
    };
    Some(syn::Error::new(
        name.span(),
        format!("`{word}` is a Rust keyword and cannot name a node: a node name is an identifier; {fix}"),
    ))
}

/// `when(…) =>` where a node is expected: on the root, which has no slot
/// to carry a guard, or after another guard.
fn misplaced_guard(input: ParseStream, parent: Option<usize>) -> syn::Result<()> {
    if !(input.peek(Ident) && input.peek2(syn::token::Paren)) {
        return Ok(());
    }
    let when = input.fork().call(Ident::parse_any)?;
    if when != "when" {
        return Ok(());
    }
    let message = match parent {
        None => "the root has no guard: a guard `when(…) => Node` belongs to a child slot of a \
                 composite, e.g. `priority { flee: when(decide = Agent::scared) => Flee, idle: Idle }`; \
                 put the guarded node in a composite",
        Some(_) => "a node has at most one guard: write every item in one `when(…)`, \
                    e.g. `when(any(DANGER), decide = Agent::scared) => Flee`",
    };
    Err(syn::Error::new(when.span(), message))
}

/// `Sequence`, `ReactiveSequence`, `Repeat`: a node keyword written in
/// another case, which reads as a behavior type. The error, if `ident` is
/// one.
fn miscased_keyword(ident: &Ident) -> Option<syn::Error> {
    let word = ident.to_string();
    let mut snake = String::new();
    for (i, c) in word.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 && !snake.ends_with('_') {
            snake.push('_');
        }
        snake.push(c.to_ascii_lowercase());
    }
    let keyword = node_keywords().into_iter().find(|k| *k == snake)?;
    (word != keyword).then(|| {
        syn::Error::new(
            ident.span(),
            format!(
                "`{word}` reads as a behavior type, but what follows it is no behavior: \
                 node keywords are lowercase (did you mean `{keyword}`?)"
            ),
        )
    })
}

/// A leaf followed by braces: it takes no children.
fn no_children(input: ParseStream, kind: &Kind, first: Option<&Ident>) -> syn::Result<()> {
    if !input.peek(syn::token::Brace) {
        return Ok(());
    }
    let span = input.span();
    let message = match kind {
        Kind::Condition { func } => {
            let f = quote::ToTokens::to_token_stream(func).to_string();
            format!(
                "`condition({f})` is a leaf and takes no child; to guard a node with a condition \
                 checked before it starts and every tick while it runs (the bot format's \
                 `condition EXPR {{ NODE }}`), write a `recheck` guard on the node's slot in a \
                 composite, `when(recheck, decide = {f}) => Node`, or put both in \
                 `reactive_sequence {{ condition({f}), Node }}`"
            )
        }
        Kind::Subtree { name, .. } => {
            format!("`subtree {name}` takes no children: its nodes are those of tree `{name}`")
        }
        _ => match first.and_then(miscased_keyword) {
            Some(e) => return Err(e),
            None => {
                let name = match kind {
                    // `succeed`, not the runtime type `Succeed`.
                    Kind::Behavior(leaf) if leaf.builtin => default_name(kind).to_lowercase(),
                    _ => default_name(kind),
                };
                format!(
                    "`{name}` is a leaf and takes no children; a node with children is a composite \
                     (`sequence {{ … }}`), a decorator (`invert {{ … }}`) or a parallel"
                )
            }
        },
    };
    Err(syn::Error::new(span, message))
}

/// `with Behavior` after a decorator or a parallel node: only composites
/// carry a group behavior.
fn no_group_behavior(input: ParseStream, kind: &Kind) -> syn::Result<()> {
    let keyword = match kind {
        Kind::Decorator { keyword, .. } | Kind::Parallel { keyword, .. } => keyword,
        _ => return Ok(()),
    };
    if !(input.peek(Ident) && input.fork().call(Ident::parse_any)? == "with") {
        return Ok(());
    }
    let with: Ident = input.call(Ident::parse_any)?;
    let behavior = input.fork().parse::<Path>().map_or_else(
        |_| "Behavior".to_string(),
        |p| {
            quote::ToTokens::to_token_stream(&p)
                .to_string()
                .replace(' ', "")
        },
    );
    let what = if matches!(kind, Kind::Decorator { .. }) {
        "a decorator"
    } else {
        "a parallel node"
    };
    let no_args = matches!(
        kind,
        Kind::Decorator {
            deco: Deco::Builtin {
                def: BuiltinDeco {
                    args: DecoArgs::None,
                    ..
                },
                ..
            },
            ..
        } | Kind::Parallel {
            concurrent: true,
            ..
        }
    );
    let written = if no_args {
        keyword.to_string()
    } else {
        format!("{keyword}(…)")
    };
    let composites: Vec<String> = Policy::ALL.iter().map(|(k, _)| format!("`{k}`")).collect();
    let outer = format!("`sequence with {behavior} {{ {written} {{ … }} }}`");
    let fix = if matches!(kind, Kind::Decorator { .. }) {
        format!(
            "{outer} (around the decorator), or `{written} {{ sequence with {behavior} {{ … }} }}` \
             (around each run of its child)"
        )
    } else {
        outer
    };
    Err(syn::Error::new(
        with.span(),
        format!(
            "`{keyword}` is {what} and takes no group behavior: `with` goes on a composite ({}); \
             give `{behavior}` to a composite: {fix}",
            composites.join(", ")
        ),
    ))
}

/// If the input starts with a node keyword, which kind. A lowercase
/// identifier that is no keyword, where a node is expected, is an error:
/// behavior types are types (`Flee`, `path::Flee`), so it is most likely a
/// misspelt keyword.
fn peek_keyword(input: ParseStream) -> syn::Result<Option<Keyword>> {
    if !input.peek(Ident::peek_any) || input.peek2(Token![::]) {
        return Ok(None);
    }
    let fork = input.fork();
    let ident = fork.call(Ident::parse_any)?;
    let word = ident.to_string();
    if let Some(policy) = Policy::from_keyword(&word) {
        return Ok(Some(Keyword::Composite(policy)));
    }
    let keyword = match word.as_str() {
        w if Deco::is_keyword(w) => Some(Keyword::Decorator),
        "parallel" | "concurrent" => Some(Keyword::Parallel),
        w if Control::KEYWORDS.contains(&w) => Some(Keyword::Control),
        "condition" => Some(Keyword::Condition),
        w if BUILTINS.contains(&w) => Some(Keyword::Builtin),
        "subtree" => Some(Keyword::Subtree),
        _ => None,
    };
    if keyword.is_some() {
        return Ok(keyword);
    }
    let first = word.trim_start_matches("r#").chars().next();
    if first.is_some_and(|c| c.is_ascii_lowercase()) {
        let mut kinds: Vec<&str> = Policy::ALL.iter().map(|(k, _)| *k).collect();
        kinds.extend(["parallel", "concurrent"]);
        kinds.extend(Control::KEYWORDS);
        kinds.extend(Deco::keywords());
        kinds.extend(["condition", "subtree"]);
        kinds.extend(BUILTINS);
        let hint = closest(&word, &kinds)
            .map(|k| format!(" (did you mean `{k}`?)"))
            .unwrap_or_default();
        return Err(syn::Error::new(
            ident.span(),
            format!(
                "unknown node kind `{word}`{hint}: expected a composite, decorator or built-in ({}) or a behavior type such as `Flee`",
                kinds.join(", ")
            ),
        ));
    }
    Ok(None)
}

/// The name of a node that was not given one.
fn default_name(kind: &Kind) -> String {
    match kind {
        Kind::Behavior(leaf) => leaf
            .ty
            .segments
            .last()
            .map_or_else(|| "behavior".to_string(), |s| s.ident.to_string()),
        Kind::Composite { policy, .. } => policy.keyword().to_string(),
        Kind::Decorator { keyword, .. }
        | Kind::Parallel { keyword, .. }
        | Kind::Control { keyword, .. } => keyword.to_string(),
        Kind::Condition { .. } => "condition".to_string(),
        Kind::Subtree { name, .. } => name.to_string(),
    }
}

/// The arguments of a decorator keyword: a built-in's as its table entry
/// says, a user's decorator type for `decorate`. A bad value (a count or
/// duration out of range, a status that does not exist) is pushed to
/// `errors` and replaced by a valid one, so the rest of the tree is still
/// checked.
fn parse_deco(keyword: &Ident, input: ParseStream, errors: &mut Diagnostics) -> syn::Result<Deco> {
    let k = keyword.to_string();
    let def = BuiltinDeco::named(&k);
    if let Some(def) = def {
        if let Some(arg) = unparenthesized(def.args, input) {
            return Ok(Deco::Builtin { def, arg });
        }
    }
    let args;
    parenthesized!(args in input);
    if def.is_none() && k == "limit" {
        return parse_limit(&args, errors);
    }
    let deco = match def {
        Some(def) => Deco::Builtin {
            def,
            arg: parse_deco_arg(&k, def.args, &args, errors)?,
        },
        None if k == "decorate" => {
            let leaf = parse_leaf(&args, true).map_err(|e| {
                syn::Error::new(
                    e.span(),
                    "expected a decorator type, built like a behavior: `decorate(UntilFailure) { … }`, `decorate(Rationed::new(3)) { … }`",
                )
            })?;
            Deco::Custom(Box::new(leaf))
        }
        // `Deco::keywords` lists a keyword this function does not parse:
        // a bug of the macro, reported rather than guessed.
        None => {
            return Err(syn::Error::new(
                keyword.span(),
                format!("internal error of `tree!`: decorator `{k}` has no parser"),
            ))
        }
    };
    if !args.is_empty() {
        return Err(args.error(format!("expected `)`: `{k}` takes one argument")));
    }
    Ok(deco)
}

/// `limit(resource, max)` (SPEC R8), between the parentheses: the
/// selector of the resource, any expression (its type is checked by rustc,
/// at the expression), and `max`, an integer literal at least 1. A bad
/// `max` is pushed to `errors` and replaced by 1.
fn parse_limit(args: ParseStream, errors: &mut Diagnostics) -> syn::Result<Deco> {
    const EXAMPLE: &str = "`limit(|w: &World| &w.alarm, 2) { … }`";
    let expected = |what: &str| format!("expected {what}: {EXAMPLE}");
    if args.is_empty() {
        return Err(args.error(expected(
            "the resource and the most agents inside at once, `limit(resource, max)`",
        )));
    }
    let resource: Expr = args.parse().map_err(|e| {
        syn::Error::new(
            e.span(),
            expected("the resource, a function or closure from `&World` to `&Resource`"),
        )
    })?;
    if !args.peek(Token![,]) {
        return Err(args.error(expected(
            "`,` and the most agents inside at once, `limit(resource, max)`",
        )));
    }
    args.parse::<Token![,]>()?;
    let max: Expr = args.parse().map_err(|e| {
        syn::Error::new(
            e.span(),
            expected("the most agents inside at once, an integer literal at least 1"),
        )
    })?;
    let _ = args.parse::<Option<Token![,]>>()?;
    if !args.is_empty() {
        return Err(args.error("expected `)`: `limit` takes two arguments, `limit(resource, max)`"));
    }
    let max = limit_max(&max, errors);
    Ok(Deco::Limit(Box::new(LimitArgs { resource, max })))
}

/// The `max` of `limit(resource, max)` (SPEC R8): an integer literal from 1
/// to `u32::MAX`. Anything else is pushed to `errors`, at the argument, and
/// read as 1.
fn limit_max(max: &Expr, errors: &mut Diagnostics) -> u32 {
    const EXAMPLE: &str = "`limit(|w: &World| &w.alarm, 2)`";
    let message = match max {
        Expr::Lit(syn::ExprLit {
            lit: Lit::Int(i), ..
        }) if !i.base10_digits().starts_with('-') => match i.base10_digits().parse::<u32>() {
            Ok(0) => "`limit(…, 0)` would never let an agent in: the most agents inside at \
                      once is at least 1 (rule R8)"
                .to_string(),
            Ok(n) => return n,
            Err(_) => format!(
                "`{}` is too large for the most agents inside a `limit`: the largest is {} (`u32`)",
                i.base10_digits(),
                u32::MAX
            ),
        },
        Expr::Lit(_) | Expr::Unary(_) => format!(
            "`{}`: the most agents inside a `limit` at once is a whole number, at least 1, e.g. {EXAMPLE}",
            written(max)
        ),
        _ => format!(
            "expected the most agents inside at once as an integer literal, at least 1, \
             e.g. {EXAMPLE}: the macro checks it, so it cannot be a constant or an expression"
        ),
    };
    errors.push(syn::Error::new_spanned(max, message));
    1
}

/// The argument of a built-in written without parentheses, if its shape
/// allows that: `invert`, and `run_once` without a status.
fn unparenthesized(shape: DecoArgs, input: ParseStream) -> Option<DecoArg> {
    match shape {
        DecoArgs::None => Some(DecoArg::None),
        DecoArgs::OptionalStatus => {
            (!input.peek(syn::token::Paren)).then_some(DecoArg::OptionalStatus(None))
        }
        DecoArgs::Status { .. } | DecoArgs::Count | DecoArgs::Seconds => None,
    }
}

/// The argument between the parentheses of built-in `k`, of shape `shape`.
fn parse_deco_arg(
    k: &str,
    shape: DecoArgs,
    args: ParseStream,
    errors: &mut Diagnostics,
) -> syn::Result<DecoArg> {
    Ok(match shape {
        // Taken without parentheses (`unparenthesized`).
        DecoArgs::None => DecoArg::None,
        DecoArgs::Status { running } => DecoArg::Status(parse_status(k, running, args, errors)?),
        DecoArgs::OptionalStatus => {
            DecoArg::OptionalStatus(Some(parse_status(k, false, args, errors)?))
        }
        DecoArgs::Count => DecoArg::Count(parse_count(k, args, errors)?),
        DecoArgs::Seconds => {
            let expr: Expr = args.parse()?;
            DecoArg::Seconds(seconds(&expr, &format!("{k}(2.5)"), errors))
        }
    })
}

/// A status argument of built-in `k`: `Success` or `Failure`, and
/// `Running` if `running` allows it.
fn parse_status(
    k: &str,
    running: bool,
    args: ParseStream,
    errors: &mut Diagnostics,
) -> syn::Result<StatusName> {
    let status: Ident = args.parse()?;
    Ok(match status.to_string().as_str() {
        "Success" => StatusName::Success,
        "Failure" => StatusName::Failure,
        "Running" if running => StatusName::Running,
        _ => {
            let allowed = if running {
                "`Success`, `Failure` or `Running`"
            } else {
                "`Success` or `Failure`"
            };
            errors.error(
                status.span(),
                format!("expected {allowed}: `{k}(Success) {{ … }}`"),
            );
            StatusName::Success
        }
    })
}

/// A count argument of built-in `k`: a positive whole number, or `forever`
/// (`None`); a bad count's message suggests `forever` too (`repeat(-1)`
/// is "without end" in other libraries).
fn parse_count(k: &str, args: ParseStream, errors: &mut Diagnostics) -> syn::Result<Option<u64>> {
    if args.peek(Ident) {
        let forever: Ident = args.parse()?;
        if forever != "forever" {
            errors.error(
                forever.span(),
                format!("expected a count or `forever`: `{k}(3) {{ … }}`, `{k}(forever) {{ … }}`"),
            );
        }
        return Ok(None);
    }
    let expr: Expr = args
        .parse()
        .map_err(|e| syn::Error::new(e.span(), format!("expected a count: `{k}(3) {{ … }}`")))?;
    let example = format!("`{k}(3)`; to {k} without end, `{k}(forever)`");
    Ok(Some(count::<u64>(&expr, &example, errors).unwrap_or(1)))
}

/// `scored(rescore = d)` (SPEC D6): the re-scoring interval.
fn parse_rescore(input: ParseStream, errors: &mut Diagnostics) -> syn::Result<(f64, Span)> {
    const EXPECTED: &str =
        "expected a re-scoring interval: `scored(rescore = 0.5) { … }`, or `scored { … }` for none";
    let args;
    parenthesized!(args in input);
    let key: Ident = args
        .call(Ident::parse_any)
        .map_err(|e| syn::Error::new(e.span(), EXPECTED))?;
    if key != "rescore" {
        return Err(syn::Error::new(key.span(), EXPECTED));
    }
    args.parse::<Token![=]>()
        .map_err(|e| syn::Error::new(e.span(), EXPECTED))?;
    let expr: Expr = args.parse()?;
    let span = expr.span();
    let d = seconds(&expr, "scored(rescore = 0.5)", errors);
    if !args.is_empty() {
        return Err(args.error("expected `)`: `scored(rescore = d)` takes one interval"));
    }
    Ok((d, span))
}

type Threshold = Option<(usize, Span)>;

/// `parallel(all)`, `parallel(any)`, `parallel(success >= n, failure >= m)`.
fn parse_thresholds(
    keyword: &Ident,
    input: ParseStream,
    errors: &mut Diagnostics,
) -> syn::Result<(Threshold, Threshold, bool)> {
    const EXPECTED: &str = "expected a parallel policy: `parallel(all)`, `parallel(any)`, thresholds `parallel(success >= 2, failure >= 1)` or `parallel(all_complete)`, `parallel(all_complete, failure >= 2)`";
    if !input.peek(syn::token::Paren) {
        return Err(syn::Error::new(keyword.span(), EXPECTED));
    }
    let args;
    parenthesized!(args in input);
    let first: Ident = args
        .call(Ident::parse_any)
        .map_err(|e| syn::Error::new(e.span(), EXPECTED))?;
    match first.to_string().as_str() {
        "all" => return Ok((None, Some((1, first.span())), false)),
        "any" => return Ok((Some((1, first.span())), None, false)),
        _ => {}
    }
    let all_complete = first == "all_complete";
    let mut success = None;
    let mut failure = None;
    let mut key = first;
    if all_complete {
        if args.is_empty() {
            return Ok((None, None, true));
        }
        args.parse::<Token![,]>()?;
        key = args.call(Ident::parse_any)?;
    }
    loop {
        if let Err(e) = args.parse::<Token![>=]>() {
            // `success = 1`, `success > 1`: suggest the value written.
            let rest = args.fork();
            let _ = rest.step(|cursor| {
                let mut rest = *cursor;
                while let Some((p, next)) = rest.punct() {
                    if p.as_char() == ',' {
                        break;
                    }
                    rest = next;
                }
                Ok(((), rest))
            });
            let value = rest
                .parse::<Expr>()
                .map_or_else(|_| "2".to_string(), |v| written(&v));
            return Err(syn::Error::new(
                e.span(),
                format!("expected `>=`: a threshold is written `{key} >= {value}`"),
            ));
        }
        let n: Expr = args.parse()?;
        let value = count::<usize>(&n, &format!("`{key} >= 2`"), errors).map(|v| (v, n.span()));
        match key.to_string().as_str() {
            "success" if !all_complete => success = value,
            "failure" => failure = value,
            "success" => return Err(syn::Error::new(
                key.span(),
                "`parallel(all_complete, …)` waits for every child: only `failure >= m` can follow",
            )),
            _ => return Err(syn::Error::new(key.span(), EXPECTED)),
        }
        if args.is_empty() {
            break;
        }
        args.parse::<Token![,]>()?;
        key = args.call(Ident::parse_any)?;
    }
    Ok((success, failure, all_complete))
}

/// `succeed`, `fail`, `wait(d)` (SPEC L7).
fn parse_builtin(
    input: ParseStream,
    rt: &TokenStream,
    errors: &mut Diagnostics,
) -> syn::Result<Leaf> {
    let keyword: Ident = input.call(Ident::parse_any)?;
    let span = keyword.span();
    let Some(builtin) = BUILTIN_LEAVES.iter().find(|b| keyword == b.keyword) else {
        return Err(syn::Error::new(
            span,
            format!("`{keyword}` is no built-in leaf ({})", BUILTINS.join(", ")),
        ));
    };
    let name = Ident::new(builtin.ty, span);
    let ty: Path = syn::parse_quote_spanned!(span=> #rt::builtin::#name);
    let ctor = if builtin.timed {
        let args;
        parenthesized!(args in input);
        let expr: Expr = args.parse()?;
        let example = format!("{}(2.5)", builtin.keyword);
        let mut seconds = seconds(&expr, &example, errors);
        if seconds <= 0.0 {
            errors.error(
                expr.span(),
                format!(
                    "`{}({seconds})`: the duration must be a positive number of seconds, e.g. `{example}`",
                    builtin.keyword
                ),
            );
            seconds = 1.0;
        }
        Some(syn::parse_quote_spanned!(span=> #rt::builtin::#name::new(#seconds)))
    } else {
        None
    };
    let timed = builtin.timed;
    Ok(Leaf {
        ty,
        ctor,
        span,
        timed,
        builtin: true,
    })
}

/// A leaf: the behavior type and the expression that builds its memory.
fn parse_leaf(input: ParseStream, allow_brace: bool) -> syn::Result<Leaf> {
    let expr: Expr = if allow_brace {
        input.parse()
    } else {
        Expr::parse_without_eager_brace(input)
    }
    .map_err(|e| syn::Error::new(e.span(), "expected a node: a composite such as `priority { … }` or a behavior such as `Flee`, `Patrol::new(5.0)` or `Patrol { radius: 5.0 }`"))?;
    let span = expr.span();
    let (ty, ctor) = match &expr {
        Expr::Path(p) if p.qself.is_none() => (p.path.clone(), None),
        Expr::Struct(s) if s.qself.is_none() => (constructed_type(&s.path), Some(expr.clone())),
        Expr::Call(call) => match &*call.func {
            Expr::Path(p) if p.qself.is_none() => (constructed_type(&p.path), Some(expr.clone())),
            _ => return Err(not_a_behavior(span)),
        },
        _ => return Err(not_a_behavior(span)),
    };
    Ok(Leaf {
        ty,
        ctor,
        span,
        timed: false,
        builtin: false,
    })
}

/// The type a constructor path builds: the path itself for a struct
/// (`Say`, `crate::lines::Say`), the path without its last segment when
/// that segment follows a type (`Patrol::new`, `Mode::Attack`): types are
/// written in `UpperCamelCase`, modules in `snake_case`.
fn constructed_type(path: &Path) -> Path {
    let n = path.segments.len();
    let follows_type = n > 1
        && path.segments[n - 2]
            .ident
            .unraw()
            .to_string()
            .starts_with(|c: char| c.is_ascii_uppercase());
    let mut ty = path.clone();
    if follows_type {
        ty.segments.pop();
        let last = ty.segments.pop().map(|pair| pair.into_value());
        if let Some(last) = last {
            ty.segments.push(last);
        }
    }
    ty
}

fn not_a_behavior(span: Span) -> syn::Error {
    syn::Error::new(
        span,
        "expected a behavior: a type (`Flee`), a struct literal (`Patrol { radius: 5.0 }`), \
         a tuple struct (`Say(\"hi\")`) or a constructor call (`Patrol::new(5.0)`)",
    )
}

/// Why an expression gives no usable number.
enum BadNumber {
    /// Not a number literal.
    NotALiteral,
    /// Beyond what the type holds (`1e400` for an `f64`).
    TooLarge,
    /// A non-zero literal that rounds to 0 (`1e-400` for an `f64`).
    TooSmall,
}

/// A number literal, possibly negated or parenthesized, as an `f64`.
fn number(expr: &Expr) -> Result<f64, BadNumber> {
    match expr {
        Expr::Lit(l) => {
            let digits = match &l.lit {
                Lit::Float(f) => f.base10_digits(),
                Lit::Int(i) => i.base10_digits(),
                _ => return Err(BadNumber::NotALiteral),
            };
            let value = digits.parse::<f64>().map_err(|_| BadNumber::NotALiteral)?;
            let mantissa = digits.split(['e', 'E']).next().unwrap_or(digits);
            if value.is_infinite() {
                Err(BadNumber::TooLarge)
            } else if value == 0.0 && mantissa.chars().any(|c| ('1'..='9').contains(&c)) {
                Err(BadNumber::TooSmall)
            } else {
                Ok(value)
            }
        }
        Expr::Unary(u) if matches!(u.op, UnOp::Neg(_)) => number(&u.expr).map(|v| -v),
        Expr::Paren(p) => number(&p.expr),
        _ => Err(BadNumber::NotALiteral),
    }
}

/// The suffix of a number literal (possibly negated or parenthesized): `ms`
/// in `1500ms`, empty when there is none or `expr` is no literal.
fn suffix(expr: &Expr) -> &str {
    match expr {
        Expr::Lit(l) => match &l.lit {
            Lit::Float(f) => f.suffix(),
            Lit::Int(i) => i.suffix(),
            _ => "",
        },
        Expr::Unary(u) => suffix(&u.expr),
        Expr::Paren(p) => suffix(&p.expr),
        _ => "",
    }
}

/// The literal as written, for messages.
fn written(expr: &Expr) -> String {
    quote::ToTokens::to_token_stream(expr)
        .to_string()
        .replace("- ", "-")
}

/// A duration in seconds (`example` shows the syntax). A literal that is no
/// finite `f64` (or not a literal) is an error pushed to `errors`, and the
/// duration becomes 1 s so that the tree is still checked. Zero and negative
/// durations are returned: whether they make sense is for `check`.
///
/// A bare number is seconds; the unit may be written: `s` (seconds) or `ms`
/// (milliseconds, as the bot format and BehaviorTree.CPP count). Any other
/// suffix (`1min`, `2h`, `5f32`) is an error, never silently seconds.
fn seconds(expr: &Expr, example: &str, errors: &mut Diagnostics) -> f64 {
    let scale = match suffix(expr) {
        "" | "s" => 1.0,
        "ms" => 1e-3,
        unit => {
            errors.push(syn::Error::new_spanned(
                expr,
                format!(
                    "unknown duration unit `{unit}` in `{}`: write seconds (`2.5` or `2.5s`) \
                     or milliseconds (`2500ms`)",
                    written(expr)
                ),
            ));
            return 1.0;
        }
    };
    let message = match number(expr).map(|v| v * scale) {
        Ok(v) if v == 0.0 && scale != 1.0 && number(expr).is_ok_and(|v| v != 0.0) => format!(
            "`{}` is 0 as an `f64` in seconds: write a positive duration, e.g. `{example}`",
            written(expr)
        ),
        Ok(v) => return v,
        Err(BadNumber::TooLarge) => format!(
            "`{}` does not fit in an `f64` (the largest is about 1.8e308): write a duration in seconds \
             that does, e.g. `{example}`",
            written(expr)
        ),
        Err(BadNumber::TooSmall) => format!(
            "`{}` is 0 as an `f64` (the smallest positive one is about 4.9e-324): write a positive \
             duration in seconds that an `f64` holds, e.g. `{example}`",
            written(expr)
        ),
        Err(_) => format!(
            "expected a duration in seconds as a number literal, e.g. `{example}`"
        ),
    };
    errors.push(syn::Error::new_spanned(expr, message));
    1.0
}

/// A count (`example` shows the syntax, in backquotes): a non-negative
/// integer literal that fits in `T`. Anything else is an error pushed to
/// `errors`, and `None`. Zero is returned: whether it makes sense is for
/// `check`.
fn count<T>(expr: &Expr, example: &str, errors: &mut Diagnostics) -> Option<T>
where
    T: std::str::FromStr + std::fmt::Display + num_max::Max,
{
    let message = match expr {
        // A literal token may carry its sign (`-1` built by another macro
        // with `Literal::i64_unsuffixed(-1)`).
        Expr::Lit(syn::ExprLit {
            lit: Lit::Int(i), ..
        }) if !i.base10_digits().starts_with('-') => match i.base10_digits().parse::<T>() {
            Ok(n) => return Some(n),
            Err(_) => format!(
                "`{}` is too large for a count: the largest is {} (`{}`)",
                i.base10_digits(),
                T::MAX,
                std::any::type_name::<T>()
            ),
        },
        _ => match number(expr) {
            Ok(_) | Err(BadNumber::TooLarge | BadNumber::TooSmall) => format!(
                "`{}`: a count is a positive whole number, e.g. {example}",
                written(expr)
            ),
            Err(BadNumber::NotALiteral) => {
                format!("expected a count, a positive whole number, e.g. {example}")
            }
        },
    };
    errors.push(syn::Error::new_spanned(expr, message));
    None
}

/// The largest value of a count type, for messages.
mod num_max {
    pub trait Max {
        const MAX: Self;
    }
    impl Max for u64 {
        const MAX: Self = u64::MAX;
    }
    impl Max for usize {
        const MAX: Self = usize::MAX;
    }
}

/// The candidate closest to `word` by edit distance, if close enough.
pub fn closest<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    candidates
        .iter()
        .map(|c| (edit_distance(word, c), *c))
        .filter(|(d, c)| *d <= 2.max(c.len() / 3))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != *cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}
