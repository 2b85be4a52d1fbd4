//! Leaves: a behavior (SPEC L1–L4), whose active state is its memory, the
//! user's value itself; and `condition(F)` (SPEC L6), which has none (`()`).
//! The hooks run through the runtime (`drive::enter`, `tick`, `halt`,
//! `condition`), which traces them and keeps deciding code read-only.

use proc_macro2::{Ident, TokenStream};
use quote::{quote, quote_spanned};
use syn::Expr;

use super::ir::{Child, Lowered, Walk};
use super::names::{local, Gen};
use crate::model::{Builtin, Leaf};

/// What behavior leaf `id` adds to its tree: the function building its
/// memory from the constructor written in the tree, if any.
pub fn lower_behavior(g: &Gen, id: usize, leaf: &Leaf) -> Lowered {
    let a = local("a");
    let programmed = programmed(g, id, leaf);
    let mut tick = tick_behavior(g, id, leaf, &a);
    let mut marker = marker_behavior(g, id, leaf);
    let mut items = TokenStream::new();
    let mut visit = Walk::BOTH.map(|w| visit_behavior(g, id, leaf, &a, w));
    if programmed {
        let (rt, ty, ctx, n) = (&g.rt, g.node_ty(id), &g.ctx, node_number(id));
        let (memory, leaf_ty) = (g.memory(id, leaf), g.leaf_ty(leaf));
        tick = quote!({
            #rt::decorator::Program::program(#a, #memory, #ctx.now());
            #tick
        });
        // The mutable walk hands events to `wait_for` (SPEC V4): a loaded
        // one has its pattern back first.
        let walk = &visit[1];
        visit[1] = quote!({
            #rt::decorator::Program::program(#a, #memory, #ctx.now());
            #walk
        });
        marker = quote!(#rt::Programmed<#ty, #n>);
        items = quote! {
            struct #ty;
            impl #rt::LeafProgram for #ty {
                type Memory = #leaf_ty;
                #[inline(always)]
                fn program() -> #leaf_ty {
                    #memory
                }
            }
        };
    }
    Lowered {
        run: Child {
            active_ty: g.leaf_ty(leaf),
            enter: enter_behavior(g, id, leaf),
            tick,
            halt: halt_behavior(g, id, leaf, &a),
            visit,
            marker,
            decide: None,
            init: g.memory(id, leaf),
        },
        items,
        user_fns: g.memory_fn_item(id, leaf),
        clock: leaf.timed(),
        shape_kind: quote!(Behavior),
        behavior: Some(g.behavior_name(leaf)),
        ..Lowered::default()
    }
}

/// Whether behavior leaf `id` takes its parameters from the program before
/// each tick (SPEC O6): a `wait(d)`, `wait_until` or `wait_for` of a tree
/// that derives `Deserialize`, whose memory a load could otherwise hand
/// edited parameters, or, for `wait_for`, no pattern (`composite::Programmed`;
/// `wait_for` also before the mutable walk that hands it events).
fn programmed(g: &Gen, id: usize, leaf: &Leaf) -> bool {
    let builtin = matches!(
        leaf.builtin(),
        Some(Builtin::Wait(_) | Builtin::WaitUntil(_) | Builtin::WaitFor(_))
    );
    builtin && !g.is_dblock(id) && super::tree::derives(g.tree, "Deserialize")
}

/// Node `id`'s number in a runtime node type (`Beh<_, id>`). A tree of
/// more nodes than `u16` counts is already an error (`check`).
fn node_number(id: usize) -> u16 {
    u16::try_from(id).unwrap_or(u16::MAX)
}

/// What condition leaf `id` adds to its tree: its marker type, whose
/// `Check` evaluates it, with the user's function located at itself (see
/// `Gen::call_user_fn`); its runtime node type is `Cond<marker, id>`.
pub fn lower_condition(g: &Gen, id: usize, func: &Expr) -> Lowered {
    let (rt, ig) = (&g.rt, g.ig());
    let ty = g.node_ty(id);
    let (agent_ty, world, ctx_ty, aw) = (&g.tree.agent, &g.tree.world, g.ctx_ty(), g.aw());
    let (agent, ctx, tr) = (&g.agent, &g.ctx, &g.tr);
    let call = g.call_user_fn(
        quote!(#rt::condition),
        quote!(#rt::ConditionFn::<#aw, _>::check),
        id,
        func,
    );
    let a = local("a");
    // A tree of more nodes than `u16` counts is already an error (`check`).
    let n = u16::try_from(id).unwrap_or(u16::MAX);
    Lowered {
        run: Child {
            active_ty: quote!(()),
            enter: enter_condition(g, id),
            tick: tick_condition(g, id, &a),
            halt: halt_condition(&a),
            visit: Walk::BOTH.map(|w| visit_condition(g, id, &a, w)),
            marker: quote!(#rt::Cond<#ty, #n>),
            decide: None,
            init: quote!(()),
        },
        // No lint attribute on the impl: it holds what the user wrote.
        items: quote! {
            struct #ty;
            impl #ig #rt::Check<#agent_ty, #world> for #ty {
                #[inline(always)]
                fn check<__Tr: #rt::Trace>(#agent: &#agent_ty, #ctx: &#ctx_ty, #tr: &mut __Tr) -> #rt::Status {
                    #call
                }
            }
        },
        shape_kind: quote!(Condition),
        ..Lowered::default()
    }
}

/// Enters behavior `id`: builds its memory, activates and ticks it.
fn enter_behavior(g: &Gen, id: usize, leaf: &Leaf) -> TokenStream {
    let (rt, agent, ctx, tr) = (&g.rt, &g.agent, &g.ctx, &g.tr);
    let info = g.info(id);
    let memory = g.memory(id, leaf);
    let ty = g.leaf_bound(leaf);
    let (agent_ty, world) = (&g.tree.agent, &g.tree.world);
    quote_spanned!(leaf.span=> #rt::enter::<#agent_ty, #world, #ty, __Tr>(#memory, #info, #agent, #ctx, #tr))
}

/// Behavior `id`'s runtime node type, `Beh<Memory, id>`, spanned at the
/// behavior as its other uses are.
fn marker_behavior(g: &Gen, id: usize, leaf: &Leaf) -> TokenStream {
    let (rt, ty) = (&g.rt, g.leaf_bound(leaf));
    // A tree of more nodes than `u16` counts is already an error (`check`).
    let n = u16::try_from(id).unwrap_or(u16::MAX);
    quote_spanned!(leaf.span=> #rt::Beh<#ty, #n>)
}

/// Ticks behavior `id`, held in `a`. Spanned at the behavior, with the
/// agent and world named, as in [`enter_behavior`]: a type that is no
/// behavior of this tree is reported there, against this tree's types.
fn tick_behavior(g: &Gen, id: usize, leaf: &Leaf, a: &Ident) -> TokenStream {
    let (rt, agent, ctx, tr) = (&g.rt, &g.agent, &g.ctx, &g.tr);
    let (info, aw, ty) = (g.info(id), g.aw(), g.leaf_bound(leaf));
    quote_spanned!(leaf.span=> #rt::tick::<#aw, #ty, _>(#a, #info, #agent, #ctx, #tr))
}

/// Halts behavior `id`, held in `a`.
fn halt_behavior(g: &Gen, id: usize, leaf: &Leaf, a: &Ident) -> TokenStream {
    let (rt, agent, ctx, tr) = (&g.rt, &g.agent, &g.ctx, &g.tr);
    let (info, aw, ty) = (g.info(id), g.aw(), g.leaf_bound(leaf));
    quote_spanned!(leaf.span=> #rt::halt::<#aw, #ty, _>(#a, #info, #agent, #ctx, #tr))
}

/// Hands behavior `id`'s memory, held in `a`, to the visitor `f`.
fn visit_behavior(g: &Gen, id: usize, leaf: &Leaf, a: &Ident, w: Walk) -> TokenStream {
    let (f, info, ty) = (local("f"), g.info(id), g.leaf_bound(leaf));
    g.visit_memory(leaf.span, "behavior", Some(&ty), quote!(#a), w, &f, info)
}

/// Enters condition `id`: evaluates it; `Running` keeps it active.
fn enter_condition(g: &Gen, id: usize) -> TokenStream {
    let (rt, agent, ctx, tr) = (&g.rt, &g.agent, &g.ctx, &g.tr);
    let check = check(g, id);
    let s = local("s");
    quote! {
        match #check(&*#agent, &*#ctx, #tr) {
            #rt::Status::Running => #rt::Entered::Running(()),
            #s => #rt::Entered::Done(#s),
        }
    }
}

/// Ticks condition `id` (active state `a`: `()`): evaluates it again.
fn tick_condition(g: &Gen, id: usize, a: &Ident) -> TokenStream {
    let (agent, ctx, tr) = (&g.agent, &g.ctx, &g.tr);
    let check = check(g, id);
    quote!({
        let _ = #a;
        #check(&*#agent, &*#ctx, #tr)
    })
}

/// Condition `id`'s `Check::check`, as a path to call.
fn check(g: &Gen, id: usize) -> TokenStream {
    let (rt, ty, aw) = (&g.rt, g.node_ty(id), g.aw());
    quote!(<#ty as #rt::Check<#aw>>::check)
}

/// Halts condition `id`: nothing to do.
fn halt_condition(a: &Ident) -> TokenStream {
    quote!({ let _ = #a; })
}

/// Hands condition `id` to the visitor: it has no data.
fn visit_condition(g: &Gen, id: usize, a: &Ident, w: Walk) -> TokenStream {
    let (f, info, more) = (local("f"), g.info(id), g.walk_args(w));
    quote!({ let _ = #a; #f.node(#info #more); })
}
