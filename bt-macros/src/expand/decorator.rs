//! Decorators (SPEC R1–R8): the semantics live in the runtime
//! (`decorator::Decorator` and `drive::deco_*`); a tree only says, per
//! decorator node, which decorator it is, where its persistent state lives
//! and how to enter, tick and halt its child (`drive::DecoratorNode`).
//!
//! Adding a built-in decorator touches nothing here: it is a runtime type in
//! `decorator::` with a `new` taking its argument, its entry in
//! [`BUILTIN_DECORATORS`](crate::model::BUILTIN_DECORATORS) (keyword, type,
//! argument shape, whether it reads the clock) and its documentation (the
//! list is on [`BuiltinDeco`](crate::model::BuiltinDeco)). [`deco_ty`] and
//! [`deco_new`] build any entry as `decorator::Type::new(arg)`. A user's
//! decorator (`decorate(Type)`, SPEC R11) goes through the same code.

use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::{quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;

use super::builtin;
use super::ir::{Child, Lowered, Walk};
use super::names::{local, Gen};
use crate::model::{Builtin, Deco, DecoArg, LimitArgs, StatusName};

fn status(rt: &TokenStream, name: StatusName) -> TokenStream {
    match name {
        StatusName::Running => quote!(#rt::Status::Running),
        StatusName::Success => quote!(#rt::Status::Success),
        StatusName::Failure => quote!(#rt::Status::Failure),
    }
}

/// The type implementing decorator `id`, `deco`: a runtime type, or the
/// user's (`decorate(Type)`, SPEC R11). A `limit` is the runtime's `Limit`
/// over the node's marker type, which selects the resource, and its `max`
/// as a type, `Limit<N3_pass, MaxInside<32>>` (SPEC R8): both zero-sized,
/// so that its memory is the slot alone.
pub fn deco_ty(g: &Gen, id: usize, deco: &Deco) -> TokenStream {
    let rt = &g.rt;
    let name = match deco {
        Deco::Builtin { def, .. } => builtin::decorator_type(def),
        Deco::Recheck => Ident::new("Recheck", Span::call_site()),
        Deco::Custom(leaf) => return builtin::leaf_path(leaf).to_token_stream(),
        Deco::Limit(limit) => {
            let (marker, max) = (g.node_ty(id), Literal::u32_unsuffixed(limit.max));
            return quote!(#rt::Limit<#marker, #rt::MaxInside<#max>>);
        }
    };
    quote!(#rt::decorator::#name)
}

/// `Some(value)` or `None`, written with absolute paths.
fn option(value: Option<TokenStream>) -> TokenStream {
    match value {
        None => quote!(::core::option::Option::None),
        Some(value) => quote!(::core::option::Option::Some(#value)),
    }
}

/// The expression building decorator node `id`'s memory on entry: a
/// built-in's `Type::new(arg)` (the argument as its shape says), the user's
/// constructor for `decorate(…)`, `Limit::inside(N3_pass)` for a `limit`.
pub fn deco_new(g: &Gen, id: usize, deco: &Deco) -> TokenStream {
    let rt = &g.rt;
    let ty = deco_ty(g, id, deco);
    let arg = match deco {
        Deco::Builtin { arg, .. } => match *arg {
            DecoArg::None => TokenStream::new(),
            DecoArg::Status(s) => status(rt, s),
            DecoArg::OptionalStatus(s) => option(s.map(|s| status(rt, s))),
            DecoArg::Count(n) => option(n.map(|n| quote!(#n))),
            DecoArg::Seconds(d) => quote!(#d),
        },
        Deco::Recheck => TokenStream::new(),
        Deco::Custom(leaf) => return g.memory(id, leaf),
        Deco::Limit(_) => {
            let marker = g.node_ty(id);
            return quote!(<#ty>::inside(#marker));
        }
    };
    quote!(#ty::new(#arg))
}

/// The function holding `limit` node `id`'s selector as the user wrote it
/// (SPEC R8): the selector, a function or a closure capturing nothing,
/// coerced to the function pointer `fn(&World) -> &Resource` (a closure's
/// parameter and result types are inferred from it). The coercion is
/// spanned at the selector, so that a wrong one is one type error there.
fn limit_fn_item(g: &Gen, id: usize, limit: &LimitArgs) -> TokenStream {
    let (name, resource) = (g.limit_select_fn(id), &limit.resource);
    let (span, f) = (resource.span(), local("select"));
    let (select, at) = (
        g.limit_select_ty(Span::call_site()),
        g.limit_select_ty(span),
    );
    let coerced = quote_spanned!(span=> let #f: #at = #resource;);
    quote! {
        #[inline(always)]
        fn #name() -> #select {
            #coerced
            #f
        }
    }
}

/// What `limit` node `id`'s marker type adds to stand for its selector in
/// `Limit<N3_pass, MaxInside<32>>` (SPEC R8): `SelectResource`, calling
/// the user's selector ([`limit_fn_item`]), and the comparisons a tree's
/// derived `Clone`, `PartialEq` and `Eq` ask of it (marked
/// `#[automatically_derived]`: they are what `derive` would write, and
/// lints about hand-written impls do not apply).
fn limit_marker_impls(g: &Gen, id: usize, marker: &Ident) -> TokenStream {
    let (rt, ig, world) = (&g.rt, g.ig(), &g.tree.world);
    let (root, name, w) = (g.root(), g.limit_select_fn(id), local("world"));
    quote! {
        #[automatically_derived]
        impl ::core::clone::Clone for #marker {
            #[inline(always)]
            fn clone(&self) -> Self {
                *self
            }
        }
        #[automatically_derived]
        impl ::core::marker::Copy for #marker {}
        // What a loaded `Limit` is built with (SPEC O6).
        #[automatically_derived]
        impl ::core::default::Default for #marker {
            #[inline(always)]
            fn default() -> Self {
                #marker
            }
        }
        #[automatically_derived]
        impl ::core::cmp::PartialEq for #marker {
            #[inline(always)]
            fn eq(&self, _: &Self) -> ::core::primitive::bool {
                true
            }
        }
        #[automatically_derived]
        impl ::core::cmp::Eq for #marker {}
        impl #ig #rt::SelectResource<#world> for #marker {
            #[inline(always)]
            fn select<'__deciders>(&self, #w: &'__deciders #world) -> &'__deciders #rt::Resource {
                #root::#name()(#w)
            }
        }
    }
}

/// The `DecoratorNode` implementation of decorator `id`.
fn decorator(g: &Gen, id: usize, deco: &Deco, kids: &[Child]) -> TokenStream {
    let ig = g.ig();
    let Some(&c) = g.tree.nodes[id].children.first() else {
        return TokenStream::new();
    };
    let (rt, ps) = (&g.rt, &g.ps);
    let marker = g.node_ty(id);
    let deco_ty = deco_ty(g, id, deco);
    let (agent_ty, world) = (&g.tree.agent, &g.tree.world);
    let span = deco_span(deco);
    let deco_assoc = quote_spanned!(span=> #deco_ty);
    let deco_persist =
        quote_spanned!(span=> <Self::Deco as #rt::Decorator<#agent_ty, #world>>::Persist);
    let child_ty = &kids[c].active_ty;
    let params = g.params();
    let persist = g.persist();
    let field = g.deco_field(id);
    let accept = kids[c].enter.clone();
    let enter_child = g.guarded(c, accept, quote!(#rt::Entered::Done(#rt::Status::Failure)));
    let running = running_child(g, id, c, &kids[c]);
    let limit = matches!(deco, Deco::Limit(_)).then(|| limit_marker_impls(g, id, &marker));
    let program = program(g, id, deco);
    quote! {
        struct #marker;
        #limit

        impl #ig #rt::DecoratorNode<#persist, #agent_ty, #world> for #marker {
            type Deco = #deco_assoc;
            type Child = #child_ty;
            #[inline(always)]
            fn persist(#ps: &mut #persist) -> &mut #deco_persist {
                &mut #ps.#field
            }
            #[inline]
            fn enter_child<__Tr: #rt::Trace>(#params) -> #rt::Entered<#child_ty> {
                #enter_child
            }
            #program
        }

        #running
    }
}

/// Decorator `id`'s `DecoratorNode::program` (SPEC O6): in a tree that
/// derives `Deserialize`, a built-in decorator takes its parameters from
/// the program before each tick of its running state, so that a loaded
/// state never runs with a save's (`decorator::Program`), and a loaded
/// `log` has its messages. Nothing for a user's decorator or a `limit`,
/// nor in a tree that cannot be loaded.
fn program(g: &Gen, id: usize, deco: &Deco) -> TokenStream {
    let builtin = match deco {
        Deco::Builtin { .. } | Deco::Recheck => true,
        // `if_time` and `log` are built-ins written as a user's decorator
        // (a loaded `log` takes its messages back). A `limit`'s selector
        // and `max` are types: nothing to take back.
        Deco::Custom(leaf) => matches!(leaf.builtin(), Some(Builtin::IfTime(_) | Builtin::Log(_))),
        Deco::Limit(_) => false,
    };
    if !builtin || !super::tree::derives(g.tree, "Deserialize") {
        return TokenStream::new();
    }
    let (rt, new) = (&g.rt, deco_new(g, id, deco));
    let (d, now) = (local("d"), local("now"));
    quote! {
        #[inline(always)]
        fn program(#d: &mut Self::Deco, #now: ::core::primitive::f64) {
            #rt::decorator::Program::program(#d, #new, #now)
        }
    }
}

/// How decorator `id` ticks, halts and walks its running child `c`:
/// through the child's runtime node type (`DecoRun`, with the child's
/// guard re-checked where it says `recheck`, and the probes of the
/// memories for the read-only walk).
fn running_child(g: &Gen, id: usize, c: usize, kid: &Child) -> TokenStream {
    let (rt, ig, marker, a) = (&g.rt, g.ig(), g.node_ty(id), local("a"));
    let (persist, agent_ty, world) = (g.persist(), &g.tree.agent, &g.tree.world);
    let recheck = g.has_recheck(c).then(|| {
        let (agent, ctx, tr, ps, ctx_ty) = (&g.agent, &g.ctx, &g.tr, &g.ps, g.ctx_ty());
        let re = g.call_recheck(c);
        quote! {
            #[inline(always)]
            fn recheck<__Tr: #rt::Trace>(#ps: &mut #persist, #agent: &#agent_ty, #ctx: &#ctx_ty, #tr: &mut __Tr) -> ::core::primitive::bool {
                #re
            }
        }
    });
    // The memories as `Debug`, probed where their types are concrete.
    let (k, child) = (&kid.marker, local("c"));
    quote! {
        impl #ig #rt::DecoRun<#persist, #agent_ty, #world> for #marker {
            type ChildRun = #k;
            #recheck
            fn debug(#a: &#rt::DecoState<Self::Deco, Self::Child>) -> #rt::Probes<'_> {
                [(&#a.deco).__debug(), #a.child.as_ref().and_then(|#child| #child.__debug())]
            }
        }
    }
}

/// Where what goes wrong with decorator `deco`'s type is reported: at the
/// user's type for `decorate(Type)`, so that a type that is no decorator is
/// reported there.
fn deco_span(deco: &Deco) -> Span {
    match deco {
        Deco::Custom(leaf) => leaf.span,
        _ => Span::call_site(),
    }
}

/// What decorator `id` adds to its tree: its marker type and
/// `DecoratorNode` impl, a user decorator's constructor, and its
/// `Decorator::Persist` in the persistent state (a cooldown's timer, `()`
/// for most).
pub fn lower(g: &Gen, id: usize, deco: &Deco, keyword: &Ident, kids: &[Child]) -> Lowered {
    let rt = &g.rt;
    let (f, ty) = (g.deco_field(id), deco_ty(g, id, deco));
    let (agent, world) = (&g.tree.agent, g.world_static());
    let persist =
        quote_spanned!(deco_span(deco)=> #f: <#ty as #rt::Decorator<#agent, #world>>::Persist);
    let keyword = keyword.to_string();
    let a = local("a");
    Lowered {
        run: Child {
            active_ty: active_ty(g, id, deco, kids),
            enter: enter(g, id, deco),
            tick: tick(g, id, &a),
            halt: halt(g, id, &a),
            visit: Walk::BOTH.map(|w| {
                let (rt, node_ty, persist) = (&g.rt, g.node_ty(id), g.persist());
                let (agent_ty, world, info) = (&g.tree.agent, &g.tree.world, g.info(id));
                let (f, more, method) = (local("f"), g.walk_args(w), w.method());
                quote!(<#node_ty as #rt::DecoChild<#persist, #agent_ty, #world>>::#method(#a, #info, #f #more))
            }),
            marker: {
                let (rt, node_ty) = (&g.rt, g.node_ty(id));
                // A tree of more nodes than `u16` counts is already an
                // error (`check`).
                let n = u16::try_from(id).unwrap_or(u16::MAX);
                quote!(#rt::Decorated<#node_ty, #n>)
            },
            decide: None,
            init: deco_new(g, id, deco),
        },
        items: decorator(g, id, deco, kids),
        user_fns: match deco {
            Deco::Custom(leaf) => g.memory_fn_item(id, leaf),
            Deco::Limit(limit) => limit_fn_item(g, id, limit),
            _ => TokenStream::new(),
        },
        persist: vec![persist],
        clock: deco.uses_time(),
        shape_kind: quote!(Decorator(#keyword)),
        ..Lowered::default()
    }
}

/// The active state of decorator `id`: the decorator's memory and its
/// child's active state, if the child runs.
fn active_ty(g: &Gen, id: usize, deco: &Deco, kids: &[Child]) -> TokenStream {
    let rt = &g.rt;
    let ty = deco_ty(g, id, deco);
    let child = g.tree.nodes[id]
        .children
        .first()
        .map_or_else(|| quote!(()), |&c| kids[c].active_ty.clone());
    quote!(#rt::DecoState<#ty, #child>)
}

/// Enters decorator `id` through the runtime (`drive::deco_enter`).
fn enter(g: &Gen, id: usize, deco: &Deco) -> TokenStream {
    let (rt, node_ty, args, info) = (&g.rt, g.node_ty(id), g.args(), g.info(id));
    let new = deco_new(g, id, deco);
    quote!(#rt::deco_enter::<#node_ty, _, _, _, _>(#new, #info, #args))
}

/// Ticks decorator `id`, held in `a` (`drive::deco_tick`).
fn tick(g: &Gen, id: usize, a: &Ident) -> TokenStream {
    let (rt, node_ty, args, info) = (&g.rt, g.node_ty(id), g.args(), g.info(id));
    quote!(#rt::deco_tick::<#node_ty, _, _, _, _>(#a, #info, #args))
}

/// Halts decorator `id`, held in `a` (`drive::deco_halt`).
fn halt(g: &Gen, id: usize, a: &Ident) -> TokenStream {
    let (rt, node_ty, args, info) = (&g.rt, g.node_ty(id), g.args(), g.info(id));
    quote!(#rt::deco_halt::<#node_ty, _, _, _, _>(#a, #info, #args))
}
