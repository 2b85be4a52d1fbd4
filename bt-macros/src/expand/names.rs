//! Names and call snippets shared by every part of the expansion: how to
//! name a node's types and fields, the hygienic locals, how to call the
//! user's functions, guards and the walks' visitors. It knows no node
//! kind's code: how a parent runs a child is the child's `ir::Child`
//! record.
//!
//! Its length: one concern, every name and path the generated code uses,
//! kept in one place so that no two files can name a generated item
//! differently; split by kind it would be cut into pieces that all read `Gen`.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote, quote_spanned, ToTokens};

use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Attribute, Expr, Path, Token};

use super::builtin;
use super::ir::Walk;
use crate::model::{Behavior, Kind, Leaf, Policy, Tree};

/// A local of generated code (a variable, a parameter, a pattern binding):
/// `__name`, with mixed-site hygiene.
///
/// Mixed-site hygiene keeps user tokens written in the tree (a behavior's
/// constructor, a decide) from seeing it, so a user function `last` called
/// in a constructor is never captured by a generated `last`. It does not
/// keep a user *constant* from turning the binding into a constant pattern
/// (`let s = …` with a `const s` in scope is an error, E0530, whatever the
/// hygiene: the compiler resolves the pattern's name as an item first, and
/// items resolve at the call site); the `__` prefix, which Rust reserves by
/// convention for generated code, does. It also exempts unused parameters
/// from `unused_variables`.
pub fn local(name: &str) -> Ident {
    Ident::new(&format!("__{name}"), Span::mixed_site())
}

/// Whether `tokens` (a type) name a lifetime.
fn names_lifetimes(tokens: TokenStream) -> bool {
    use proc_macro2::TokenTree;
    tokens.into_iter().any(|tt| match tt {
        TokenTree::Punct(p) => p.as_char() == '\'',
        TokenTree::Group(g) => names_lifetimes(g.stream()),
        TokenTree::Ident(_) | TokenTree::Literal(_) => false,
    })
}

/// `<'w, …>` for a world's lifetimes, or nothing.
pub fn impl_generics(generics: &syn::Generics) -> TokenStream {
    if generics.params.is_empty() {
        TokenStream::new()
    } else {
        let params = &generics.params;
        quote!(<#params>)
    }
}

/// The expansion context: the tree, the runtime path, and the names of the
/// generated functions' parameters.
pub struct Gen<'a> {
    pub tree: &'a Tree,
    /// Every tree of the invocation, for `subtree` references.
    pub trees: &'a [Tree],
    /// The runtime as generated code names it inside the invocation's
    /// `const _` block: the alias `__deciders` of `$crate::__private` (the
    /// path the `deciders::tree!` wrapper passes; `::deciders::__private`
    /// when the proc macro is invoked directly), so that trees work through
    /// a renamed dependency or a re-export.
    pub rt: TokenStream,
    /// The runtime path itself, for the state type declared outside the
    /// `const _` block (where `rt`'s alias is not in scope).
    pub rt_outer: TokenStream,
    /// Parameter names, with mixed-site hygiene so that user expressions
    /// written in the tree cannot see them.
    pub agent: Ident,
    pub ctx: Ident,
    pub tr: Ident,
    pub ps: Ident,
    pub blk: Ident,
    /// `#[derive(…)]` attributes of the tree, `Default` left out, forwarded
    /// to every type generated for its state (SPEC: user attributes reach
    /// every state type).
    pub derives: TokenStream,
}

/// Composites with more children than this are *wide*: their protocol
/// functions are not forced inline, so that a wide composite compiles in
/// time and memory linear in its width (benches/COMPILE_TIME.md, "Wide
/// composites"); each is one `match` with an arm per child. The same as
/// the runtime's `group::WIDE`, past which `Group::each` loops.
pub const WIDE: usize = 16;

/// Whether composite `id` re-evaluates the guard of its running child every
/// tick: the stateless composites walk every child from the first each tick,
/// guard included.
pub fn rechecks_running_child(tree: &Tree, id: usize) -> bool {
    matches!(
        tree.nodes[id].kind,
        Kind::Composite {
            policy: Policy::Selector | Policy::ReactiveSequence,
            ..
        }
    )
}

/// Subtrees up to this many nodes are ticked in one inlined function.
const INLINE_NODES: usize = 64;

impl<'a> Gen<'a> {
    pub fn new(tree: &'a Tree, trees: &'a [Tree], rt: &TokenStream, alias: &TokenStream) -> Self {
        Gen {
            tree,
            trees,
            rt: alias.clone(),
            rt_outer: rt.clone(),
            agent: local("agent"),
            ctx: local("ctx"),
            tr: local("tr"),
            ps: local("ps"),
            blk: local("blk"),
            derives: forwarded_derives(&tree.attrs),
        }
    }

    /// The root wrapper of this tree: the type whose attribute-free `impl`
    /// holds every function containing user tokens (`Lowered::user_fns`).
    pub fn root(&self) -> Ident {
        Self::root_of(&self.tree.name)
    }

    /// The inlining attribute of node `id`'s `tick`. A node's `tick` is
    /// called from exactly one place (its parent's `tick`), so forcing the
    /// inlining duplicates nothing and lets the whole active path of a small
    /// tree compile into one straight function (benches/NOTES.md). Above
    /// [`INLINE_NODES`] nodes in the subtree the hint is only `#[inline]`:
    /// one giant function makes LLVM's optimization time grow faster than
    /// the tree (benches/COMPILE_TIME.md), and a call at the top of a big
    /// subtree costs nothing measurable.
    pub fn tick_inline(&self, id: usize) -> TokenStream {
        if self.is_small(id) {
            quote!(#[inline(always)])
        } else {
            quote!(#[inline])
        }
    }

    /// Nodes in the subtree of `id`, itself included (a `subtree`
    /// reference counts as one: its tree is a separate type).
    /// Whether node `id`'s subtree is small enough to be compiled as one
    /// inlined function (at most [`INLINE_NODES`] nodes).
    pub fn is_small(&self, id: usize) -> bool {
        self.subtree_size(id) <= INLINE_NODES
    }

    fn subtree_size(&self, id: usize) -> usize {
        1 + self.tree.nodes[id]
            .children
            .iter()
            .map(|&c| self.subtree_size(c))
            .sum::<usize>()
    }

    fn prefixed(&self, what: &str) -> Ident {
        format_ident!("__{}{}", self.tree.name, what)
    }

    /// The static shape table.
    pub fn shape(&self) -> Ident {
        self.prefixed("SHAPE")
    }

    /// The persistent-state struct.
    pub fn persist(&self) -> Ident {
        self.prefixed("Persist")
    }

    /// The root wrapper of tree `name`: what the tree's state and every
    /// `subtree name` reference hold while the tree runs.
    pub fn root_of(name: &Ident) -> Ident {
        format_ident!("__{}Root", name)
    }

    /// The alias of the tree referenced at `subtree` node `id`: its path
    /// as written, named once (`type __CreatureS3 = crate::ai::Patrol;`),
    /// so that a path that names nothing is one error, at the path.
    pub fn subtree_alias(&self, id: usize) -> Ident {
        self.prefixed(&format!("S{id}"))
    }

    /// The referenced tree at `subtree` node `id` as the runtime's
    /// `Subtree` for this tree's agent and world (SPEC S1, S3).
    pub fn subtree_trait(&self, id: usize) -> TokenStream {
        let (rt, alias, aw) = (&self.rt, self.subtree_alias(id), self.aw());
        quote_spanned!(self.subtree_span(id)=> <#alias as #rt::Subtree<#aw>>)
    }

    /// The referenced tree at `subtree` node `id` as the runtime's
    /// `TreeParts`: its `Root` and `Persist` types.
    pub fn subtree_parts(&self, id: usize) -> TokenStream {
        let (rt, alias) = (&self.rt, self.subtree_alias(id));
        quote_spanned!(self.subtree_span(id)=> <#alias as #rt::TreeParts>)
    }

    /// The span of `subtree` node `id`'s path, where what goes wrong with
    /// the referenced tree is reported.
    pub fn subtree_span(&self, id: usize) -> Span {
        match &self.tree.nodes[id].kind {
            Kind::Subtree { path, .. } => path.span(),
            _ => Span::call_site(),
        }
    }

    /// The field of this tree's persistent state holding the persistent
    /// state of the subtree referenced at node `id`.
    pub fn subtree_field(&self, id: usize) -> Ident {
        format_ident!("s{}", id)
    }

    /// The field holding the persistent state of decorator `id`
    /// (`Decorator::Persist`: a cooldown's timer, `()` for most).
    pub fn deco_field(&self, id: usize) -> Ident {
        format_ident!("d{}", id)
    }

    /// The active-state struct of composite `id`.
    pub fn node_ty(&self, id: usize) -> Ident {
        self.prefixed(&format!("N{id}_{}", self.ident_part(id)))
    }

    /// Node `id`'s name as a piece of an identifier (`eat`, `find_food`,
    /// `timeout`), so that the generated types a user reads in `cargo
    /// expand` or a debugger say which node they are.
    fn ident_part(&self, id: usize) -> String {
        self.tree.nodes[id]
            .name
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect()
    }

    /// The enum of the active child of composite `id`.
    pub fn child_enum(&self, id: usize) -> Ident {
        self.prefixed(&format!("N{id}_{}_C", self.ident_part(id)))
    }

    /// The enum of a decided child of composite `id`, with its DBlock.
    pub fn decided_enum(&self, id: usize) -> Ident {
        self.prefixed(&format!("N{id}_{}_CD", self.ident_part(id)))
    }

    /// Whether node `id`'s guard delegates to its children (SPEC G6).
    pub fn delegates(&self, id: usize) -> bool {
        self.tree.nodes[id]
            .guard
            .as_ref()
            .is_some_and(|g| g.delegate.is_some())
    }

    /// The runtime's `group::Chooser` for decider group `id`'s policy:
    /// how it decides through a `delegate` guard, and, for `random`,
    /// `shuffle` and `scored`, on every decision.
    pub fn chooser(&self, id: usize) -> Option<TokenStream> {
        let rt = &self.rt;
        let Kind::Composite { policy, .. } = &self.tree.nodes[id].kind else {
            return None;
        };
        match policy {
            Policy::Priority => Some(quote!(#rt::Priority)),
            Policy::Sequential => Some(quote!(#rt::Sequential)),
            Policy::Random => Some(quote!(#rt::Random)),
            Policy::Shuffle => Some(quote!(#rt::Shuffle)),
            Policy::Scored => Some(quote!(#rt::Scored)),
            Policy::Sequence | Policy::Fallback | Policy::ReactiveSequence | Policy::Selector => {
                None
            }
        }
    }

    /// The guard function of node `id`, an associated function of the
    /// root wrapper (see `Lowered::user_fns`).
    pub fn guard_fn(&self, id: usize) -> Ident {
        format_ident!("guard{}", id)
    }

    /// The recheck function of node `id` (SPEC G3), beside the guard.
    pub fn recheck_fn(&self, id: usize) -> Ident {
        format_ident!("recheck{}", id)
    }

    /// Calls node `id`'s guard; evaluates to `Option<DBlock>`.
    pub fn call_guard(&self, id: usize) -> TokenStream {
        let (agent, ctx, tr, ps) = (&self.agent, &self.ctx, &self.tr, &self.ps);
        let (root, guard) = (self.root(), self.guard_fn(id));
        quote!(#root::#guard(#ps, &*#agent, &*#ctx, #tr))
    }

    /// Calls node `id`'s recheck; evaluates to `bool`.
    pub fn call_recheck(&self, id: usize) -> TokenStream {
        let (agent, ctx, tr, ps) = (&self.agent, &self.ctx, &self.tr, &self.ps);
        let (root, re) = (self.root(), self.recheck_fn(id));
        quote!(#root::#re(#ps, &*#agent, &*#ctx, #tr))
    }

    /// The function building the memory of node `id`'s behavior from the
    /// constructor written in the tree.
    pub fn memory_fn(&self, id: usize) -> Ident {
        format_ident!("memory{}", id)
    }

    /// The function returning `limit` node `id`'s selector as written in
    /// the tree (SPEC R8).
    pub fn limit_select_fn(&self, id: usize) -> Ident {
        format_ident!("select{}", id)
    }

    /// The function of `switch` node `id` (SPEC C10): which case matches.
    pub fn switch_fn(&self, id: usize) -> Ident {
        format_ident!("switch{}", id)
    }

    /// Calls `switch` node `id`'s function; evaluates to the index of the
    /// first matching case (the cases are exhaustive: rustc checks them).
    pub fn call_switch(&self, id: usize) -> TokenStream {
        let (root, name, agent) = (self.root(), self.switch_fn(id), &self.agent);
        quote!(#root::#name(&*#agent))
    }

    /// The function building the memory of node `id`'s behavior (a leaf, a
    /// group behavior, a user's decorator) from the constructor written in
    /// the tree, if it has one and is not built from a DBlock. Like every
    /// function holding user tokens, it goes into the root wrapper's `impl`
    /// with no lint attribute, so that the user's lints apply to the user's
    /// expressions and nothing generated around them needs an `#[allow]`
    /// over them (`Lowered::user_fns`).
    pub fn memory_fn_item(&self, id: usize, leaf: &Leaf) -> TokenStream {
        let Some(ctor) = builtin::leaf_ctor(leaf) else {
            return TokenStream::new();
        };
        if self.is_dblock(id) {
            return TokenStream::new();
        }
        let name = self.memory_fn(id);
        let ty = self.leaf_ty(leaf);
        quote! {
            #[inline(always)]
            fn #name() -> #ty {
                #ctor
            }
        }
    }

    /// The name the static shape gives a behavior type: as written, or for
    /// `succeed`, `fail`, `wait(d)` the runtime type's name (`Succeed`),
    /// not a path the user cannot write.
    pub fn behavior_name(&self, leaf: &Leaf) -> String {
        match &leaf.behavior {
            Behavior::Builtin(b) => b.name(),
            Behavior::Written { ty, .. } => ty.to_token_stream().to_string().replace(' ', ""),
        }
    }

    /// Whether node `id` is built from its guard's DBlock.
    pub fn is_dblock(&self, id: usize) -> bool {
        self.tree.nodes[id]
            .guard
            .as_ref()
            .and_then(|g| g.decide.as_ref())
            .is_some_and(|d| d.dblock)
    }

    /// The generator of `random` or `shuffle` group `id` (SPEC D8), in the
    /// persistent state.
    pub fn dice_field(&self, id: usize) -> Ident {
        format_ident!("r{}", id)
    }

    /// The round of `shuffle` group `id` (SPEC D5), in the persistent state.
    pub fn round_field(&self, id: usize) -> Ident {
        format_ident!("u{}", id)
    }

    /// The generator type of this tree's `random` and `shuffle` groups.
    pub fn rng_ty(&self) -> TokenStream {
        let rt = &self.rt;
        match &self.tree.rng {
            Some(ty) => ty.to_token_stream(),
            None => quote!(#rt::rng::DefaultRng),
        }
    }

    /// The timer field of node `id`'s guard.
    pub fn timer_field(&self, id: usize) -> Ident {
        format_ident!("t{}", id)
    }

    /// `&SHAPE[id]`: the node's static info, for traces and reports.
    pub fn info(&self, id: usize) -> TokenStream {
        let shape = self.shape();
        quote!(&#shape[#id])
    }

    /// The generic parameters and arguments every walking function takes.
    pub fn params(&self) -> TokenStream {
        let (agent, ctx, tr, ps, rt) = (&self.agent, &self.ctx, &self.tr, &self.ps, &self.rt);
        let agent_ty = &self.tree.agent;
        let persist = self.persist();
        let world = &self.tree.world;
        quote!(#ps: &mut #persist, #agent: &mut #agent_ty, #ctx: &mut #rt::Ctx<'_, #world>, #tr: &mut __Tr)
    }

    /// The parameters of every generated `impl`: the world's lifetimes
    /// (`<'w>` for `world<'w> = Frame<'w>`), or nothing. The state type
    /// has none: one state serves every frame's borrow.
    pub fn ig(&self) -> TokenStream {
        impl_generics(&self.tree.world_generics)
    }

    /// The world type with its lifetimes as `'static`, where no `impl`
    /// gives them (a persistent field's type: what a decorator keeps cannot
    /// borrow from a frame).
    pub fn world_static(&self) -> TokenStream {
        self.world_renamed(|_| "static".to_string())
    }

    /// The world type with each of its lifetimes `'w` renamed
    /// `'<rename("w")>`.
    fn world_renamed(&self, rename: impl Fn(&str) -> String) -> TokenStream {
        let lifetimes: Vec<String> = self
            .tree
            .world_generics
            .lifetimes()
            .map(|l| l.lifetime.ident.to_string())
            .collect();
        fn replace(
            tokens: TokenStream,
            lifetimes: &[String],
            rename: &dyn Fn(&str) -> String,
        ) -> TokenStream {
            use proc_macro2::{Group, TokenTree};
            let mut out = Vec::new();
            let mut iter = tokens.into_iter().peekable();
            while let Some(tt) = iter.next() {
                match tt {
                    TokenTree::Punct(p) if p.as_char() == '\'' => match iter.peek() {
                        Some(TokenTree::Ident(i)) if lifetimes.contains(&i.to_string()) => {
                            let ident = Ident::new(&rename(&i.to_string()), i.span());
                            iter.next();
                            out.push(TokenTree::Punct(p));
                            out.push(TokenTree::Ident(ident));
                        }
                        _ => out.push(TokenTree::Punct(p)),
                    },
                    TokenTree::Group(g) => {
                        let stream = replace(g.stream(), lifetimes, rename);
                        let mut inner = Group::new(g.delimiter(), stream);
                        inner.set_span(g.span());
                        out.push(TokenTree::Group(inner));
                    }
                    other => out.push(other),
                }
            }
            out.into_iter().collect()
        }
        replace(self.tree.world.to_token_stream(), &lifetimes, &rename)
    }

    /// The type of a `limit`'s selector (SPEC R8): a function pointer from
    /// the world to the `Resource`, `fn(&World) -> &Resource`, which the
    /// selector is coerced to (a closure's type cannot be named). A world
    /// whose type names lifetimes gets the
    /// pointer for every one of them, renamed so that they shadow no
    /// lifetime of the `impl` it is written in (and the borrow's lifetime
    /// written, which elision cannot give with two lifetimes in the
    /// argument): `for<'__deciders, '__deciders_w> fn(&'__deciders
    /// Frame<'__deciders_w>) -> &'__deciders Resource`.
    ///
    /// `span` is where its own tokens are (the selector's, in the function
    /// that coerces it: a type error there is reported at the selector).
    pub fn limit_select_ty(&self, span: Span) -> TokenStream {
        let rt = &self.rt;
        let world = &self.tree.world;
        if !names_lifetimes(world.to_token_stream()) {
            return quote_spanned!(span=> fn(&#world) -> &#rt::Resource);
        }
        let fresh = |name: &str| format!("__deciders_{name}");
        let r = syn::Lifetime::new("'__deciders", span);
        let lifetimes = self.tree.world_generics.lifetimes().map(|l| {
            let name = fresh(&l.lifetime.ident.to_string());
            syn::Lifetime::new(&format!("'{name}"), l.lifetime.span())
        });
        let world = self.world_renamed(fresh);
        quote_spanned!(span=> for<#r #(, #lifetimes)*> fn(&#r #world) -> &#r #rt::Resource)
    }

    /// `Agent, World`: the first generic arguments of the runtime's
    /// decide and condition calls, written out so that a wrong function is
    /// reported against the tree's agent type, not `_`.
    pub fn aw(&self) -> TokenStream {
        let (agent, world) = (&self.tree.agent, &self.tree.world);
        quote!(#agent, #world)
    }

    /// `then(call(&func, agent, ctx), &SHAPE[id], tr)`: a user's function
    /// (a decide, a condition) called through its public trait, `call`
    /// naming the agent and world types, not the function's
    /// (`DecideFn::<Agent, World, _>::call`), and the result traced by the
    /// runtime's `then`. Every token of it but the function's is located
    /// at the function: rustc reports a function with the wrong signature
    /// at the function as written in the tree, with the trait's message
    /// and no note into the runtime (the trait's own method carries the
    /// bound), and the call as "required by a bound introduced by this
    /// call", whose span would otherwise run from the tree's header (the
    /// agent type) to the end of the invocation (generated names).
    pub fn call_user_fn(
        &self,
        then: TokenStream,
        call: TokenStream,
        id: usize,
        func: &Expr,
    ) -> TokenStream {
        let (agent, ctx, tr) = (&self.agent, &self.ctx, &self.tr);
        let info = self.info(id);
        let span = func.span();
        let last = func
            .to_token_stream()
            .into_iter()
            .last()
            .map_or(span, |t| t.span());
        // The callee's last token (`call`) at the function's last token, so
        // that the callee spans the whole function.
        let mut call: Vec<_> = located_at(call, span).into_iter().collect();
        if let Some(t) = call.last_mut() {
            t.set_span(t.span().located_at(last));
        }
        let call: TokenStream = call.into_iter().collect();
        let args = located_at(quote!(#agent, #ctx), span);
        let rest = located_at(quote!(#info, #tr), span);
        let then = located_at(then, span);
        // `&func` rather than `&(func)` where `&` binds the same, so that
        // the argument's span is the function's (the parentheses would be
        // located at its first token only).
        let func = match func {
            Expr::Path(_)
            | Expr::Call(_)
            | Expr::MethodCall(_)
            | Expr::Field(_)
            | Expr::Closure(_)
            | Expr::Macro(_)
            | Expr::Paren(_)
            | Expr::Index(_)
            | Expr::Block(_) => quote_spanned!(span=> &#func),
            _ => quote_spanned!(span=> &(#func)),
        };
        quote_spanned!(span=> #then(#call(#func, #args), #rest))
    }

    /// `Ctx<'_, World>`: the context type of this tree's hooks.
    pub fn ctx_ty(&self) -> TokenStream {
        let (rt, world) = (&self.rt, &self.tree.world);
        quote!(#rt::Ctx<'_, #world>)
    }

    /// The arguments matching [`Gen::params`].
    pub fn args(&self) -> TokenStream {
        let (agent, ctx, tr, ps) = (&self.agent, &self.ctx, &self.tr, &self.ps);
        quote!(#ps, #agent, #ctx, #tr)
    }

    /// The behavior type of a leaf, spanned at the user's tokens.
    pub fn leaf_ty(&self, leaf: &Leaf) -> TokenStream {
        builtin::leaf_path(leaf).to_token_stream()
    }

    /// The behavior type of a leaf as the runtime's hooks take it (the
    /// type argument of `enter`, `tick`, `halt`, `Visitor::behavior`):
    /// named through the runtime's `Leaf`, spanned at the user's tokens. A
    /// type that is no behavior of this tree is then one error at the leaf
    /// (each use reports the same diagnostic there, which rustc prints
    /// once; the failed projection silences the call), not one per hook
    /// with a "required by" note into the runtime.
    pub fn leaf_bound(&self, leaf: &Leaf) -> TokenStream {
        let ty = builtin::leaf_path(leaf);
        let (rt, agent, world) = (&self.rt, &self.tree.agent, &self.tree.world);
        quote_spanned!(ty.span()=> <#ty as #rt::Leaf<#agent, #world>>::Memory)
    }

    /// The expression that builds the memory of node `id`'s behavior on
    /// activation (SPEC L3): the DBlock-built value `blk`, the constructor
    /// written in the tree (called through `fn memory{id}`, see
    /// `Lowered::user_fns`), or `Default::default()`.
    pub fn memory(&self, id: usize, leaf: &Leaf) -> TokenStream {
        let rt = &self.rt;
        if self.is_dblock(id) {
            return self.blk.to_token_stream();
        }
        let ty = self.leaf_ty(leaf);
        match leaf.has_ctor() {
            true => {
                let (root, name) = (self.root(), self.memory_fn(id));
                quote!(#root::#name())
            }
            false => quote_spanned!(leaf.span=> #rt::memory::<#ty>()),
        }
    }

    /// `fn recheck(i, …)` of a composite's or a parallel's dispatch: child
    /// `i`'s guard re-evaluated before its tick (SPEC G3) for each `(i,
    /// node)` of `rechecked`, `true` for the others; `None` if none is
    /// (the trait's default).
    pub fn dispatch_recheck(&self, rechecked: &[(usize, usize)]) -> Option<TokenStream> {
        if rechecked.is_empty() {
            return None;
        }
        let (rt, persist, ctx_ty) = (&self.rt, self.persist(), self.ctx_ty());
        let (agent, ctx, tr, ps, agent_ty) =
            (&self.agent, &self.ctx, &self.tr, &self.ps, &self.tree.agent);
        let i_ = local("i");
        let arms = rechecked.iter().map(|&(i, node)| {
            let re = self.call_recheck(node);
            quote!(#i => #re)
        });
        Some(quote! {
            #[inline(always)]
            fn recheck<__Tr: #rt::Trace>(#i_: ::core::primitive::usize, #ps: &mut #persist, #agent: &#agent_ty, #ctx: &#ctx_ty, #tr: &mut __Tr) -> ::core::primitive::bool {
                match #i_ {
                    #(#arms,)*
                    _ => true,
                }
            }
        })
    }

    /// Hands `memory` (a reference, a place expression) to the visitor
    /// `f` by walk `w`, through its hook `hook` (`behavior` or
    /// `decorator`), spanned at `span`. `ty` is the memory's type as the
    /// hook's type argument (`Some`), so that a type that is not what the
    /// tree needs is reported against the tree's agent and world; `None`
    /// infers it (a built-in decorator, which fits any agent). The
    /// read-only walk calls the runtime's probe (`describe::ProbeDebug`,
    /// `ProbeOther`) on the reference, which also hands the memory to
    /// `Visitor::memory` when its type implements `Debug` (I1): one call
    /// either way.
    #[allow(clippy::too_many_arguments)]
    pub fn visit_memory(
        &self,
        span: Span,
        hook: &str,
        ty: Option<&TokenStream>,
        memory: TokenStream,
        w: Walk,
        f: &Ident,
        info: TokenStream,
    ) -> TokenStream {
        match w {
            Walk::Ref => {
                let probe = Ident::new(&format!("__{hook}"), span);
                // A reference expression needs parentheses as a receiver;
                // located at `span`, so that a type that is no behavior of
                // the tree is the same error as at its other uses, there.
                let memory = located_at(memory, span);
                let memory = if memory.clone().into_iter().count() == 1 {
                    memory
                } else {
                    quote_spanned!(span=> (#memory))
                };
                let aw = self.aw();
                let args = ty.map(|_| quote_spanned!(span=> ::<#aw, _>));
                quote_spanned!(span=> #memory.#probe #args(#f, #info))
            }
            Walk::Mut => {
                let (hook, more) = (Ident::new(hook, span), self.walk_args(w));
                let args = ty.map(|ty| quote_spanned!(span=> ::<#ty>));
                quote_spanned!(span=> #f.#hook #args(#info, #memory #more))
            }
        }
    }

    /// What a walk `w` hands on besides the visitor: nothing, or `, agent,
    /// ctx` for the mutable walk.
    pub fn walk_args(&self, w: Walk) -> TokenStream {
        let (agent, ctx) = (&self.agent, &self.ctx);
        match w {
            Walk::Ref => TokenStream::new(),
            Walk::Mut => quote!(, #agent, #ctx),
        }
    }

    /// The signature of a node's walk `w`: `fn visit<V: Visitor<A, W>>(&self,
    /// f: &mut V)` or `fn visit_mut<V: VisitorMut<A, W>>(&mut self, f: &mut
    /// V, agent: &mut A, ctx: &mut Ctx<W>)`, `this` standing for `self`.
    pub fn walk_sig(&self, w: Walk, this: TokenStream) -> TokenStream {
        let (rt, f, aw) = (&self.rt, local("f"), self.aw());
        let (agent, ctx, agent_ty, world) =
            (&self.agent, &self.ctx, &self.tree.agent, &self.tree.world);
        let method = w.method();
        match w {
            Walk::Ref => quote!(fn #method<__V: #rt::Visitor<#aw>>(#this, #f: &mut __V)),
            Walk::Mut => quote! {
                fn #method<__V: #rt::VisitorMut<#aw>>(#this, #f: &mut __V, #agent: &mut #agent_ty, #ctx: &mut #rt::Ctx<'_, #world>)
            },
        }
    }

    /// Runs `accept` with `blk` bound if node `id`'s guard accepts, else
    /// `reject` (SPEC G1, G2). An unguarded node always accepts, and has no
    /// DBlock to bind.
    pub fn guarded(&self, id: usize, accept: TokenStream, reject: TokenStream) -> TokenStream {
        let blk = &self.blk;
        if self.tree.nodes[id].guard.is_some() {
            let guard = self.call_guard(id);
            quote! {
                if let ::core::option::Option::Some((_, #blk)) = #guard {
                    #accept
                } else {
                    #reject
                }
            }
        } else {
            // No guard, no DBlock (`is_dblock`): `accept` does not name it.
            accept
        }
    }

    /// Whether some child of composite `id` is handed a DBlock when
    /// entered (`block_ty` is not `()`): then deciding a child returns a
    /// value of the enum `decided_enum(id)` holding it; else `()`.
    pub fn has_blocks(&self, id: usize) -> bool {
        self.tree.nodes[id].children.iter().any(|&ch| {
            self.delegates(ch) || (self.is_dblock(ch) && self.tree.receiver(ch).is_some())
        })
    }

    /// What deciding a child of composite `id` hands to entering it
    /// besides its index (`Group::Decided`): the enum of its children's
    /// DBlocks, or `()` when no child has one.
    pub fn decided_ty(&self, id: usize) -> TokenStream {
        if self.has_blocks(id) {
            self.decided_enum(id).to_token_stream()
        } else {
            quote!(())
        }
    }

    /// The DBlock type node `id`'s guard hands to its behavior when the
    /// decide has one (the receiver's type, SPEC G2); else `()`.
    pub fn block_ty(&self, id: usize) -> TokenStream {
        if self.delegates(id) {
            // The child the group's guard decided (SPEC G6).
            let dn = self.decided_ty(id);
            return quote!((::core::primitive::usize, #dn));
        }
        let dblock = self.tree.nodes[id]
            .guard
            .as_ref()
            .and_then(|g| g.decide.as_ref())
            .is_some_and(|d| d.dblock);
        match self.tree.receiver(id) {
            Some(leaf) if dblock => self.leaf_ty(leaf),
            _ => quote!(()),
        }
    }

    /// Whether node `id` has a `recheck` guard (SPEC G3).
    pub fn has_recheck(&self, id: usize) -> bool {
        self.tree.nodes[id]
            .guard
            .as_ref()
            .is_some_and(|g| g.recheck.is_some())
    }

    /// Whether node `id` has a guard at all.
    pub fn has_guard(&self, id: usize) -> bool {
        self.tree.nodes[id].guard.is_some()
    }

    /// Whether node `id`'s guard asks for G5 (call decide on redecide).
    pub fn has_redecide(&self, id: usize) -> bool {
        self.tree.nodes[id]
            .guard
            .as_ref()
            .is_some_and(|g| g.redecide.is_some())
    }

    /// Whether a recheck function must be generated for node `id`: its guard
    /// says `recheck`, or its parent re-evaluates running children's guards
    /// every tick (`selector`, `reactive_sequence`).
    pub fn needs_recheck_fn(&self, id: usize) -> bool {
        self.has_guard(id)
            && (self.has_recheck(id)
                || self.tree.nodes[id]
                    .parent
                    .is_some_and(|p| rechecks_running_child(self.tree, p)))
    }
}

/// The tree's `derive` attributes with `Default` left out, for the helper
/// types: an enum of active children cannot derive `Default`, and the state
/// type gets its `Default` from `new` (or from the user's derive, which
/// needs `Default` only of the persistent state, derived anyway).
/// The user's behavior types must implement the derived traits themselves.
fn forwarded_derives(attrs: &[Attribute]) -> TokenStream {
    let mut out = TokenStream::new();
    for attr in attrs.iter().filter(|a| a.path().is_ident("derive")) {
        // A malformed `derive` is reported on the state type by the compiler.
        let Ok(paths) = attr.parse_args_with(Punctuated::<Path, Token![,]>::parse_terminated)
        else {
            continue;
        };
        let paths: Vec<&Path> = paths.iter().filter(|p| !is_default(p)).collect();
        if !paths.is_empty() {
            out.extend(quote!(#[derive(#(#paths),*)]));
        }
    }
    out
}

/// Whether `path` names `Default` (`Default`, `core::default::Default`, …).
fn is_default(path: &Path) -> bool {
    path.segments.last().is_some_and(|s| s.ident == "Default")
}

/// Whether the tree's attributes derive `Default` for its state type: then
/// the generated `impl Default` (which calls `new`) is left out; the derived
/// one builds the same value.
pub fn derives_default(attrs: &[Attribute]) -> bool {
    attrs
        .iter()
        .filter(|a| a.path().is_ident("derive"))
        .any(|attr| {
            attr.parse_args_with(Punctuated::<Path, Token![,]>::parse_terminated)
                .is_ok_and(|paths| paths.iter().any(is_default))
        })
}

/// `tokens` located at `span`, each keeping its own name resolution.
fn located_at(tokens: TokenStream, span: Span) -> TokenStream {
    use proc_macro2::{Group, TokenTree};
    tokens
        .into_iter()
        .map(|mut tt| {
            if let TokenTree::Group(g) = &tt {
                let mut inner = Group::new(g.delimiter(), located_at(g.stream(), span));
                inner.set_span(g.span().located_at(span));
                tt = TokenTree::Group(inner);
            } else {
                tt.set_span(tt.span().located_at(span));
            }
            tt
        })
        .collect()
}
