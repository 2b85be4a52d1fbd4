//! `parallel` (SPEC C5), `concurrent` (SPEC C6) and the control nodes
//! `if_then_else`, `while_do_else`, `switch` (SPEC C8–C10): every child has
//! a slot of its own (a struct field, not an enum: several may run at once,
//! SPEC F3).
//!
//! The policy is runtime code (`group::parallel_tick`, `if_then_else_tick`,
//! `while_do_else_tick`, `switch_tick` over `group::Slots`), and so is the
//! node's entering, ticking, halting and walking (`composite::Par`). A tree
//! implements `composite::Stepped` (the idle slots, the policy call) and
//! the slots: `group::SlotDispatch`, one `match` handing slot `i` with its
//! child's runtime node type to the runtime.

use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;

use super::ir::{Child, Lowered, Walk};
use super::names::{local, Gen, WIDE};
use crate::model::{Control, Kind};

/// The field of child `i` in a parallel node's slots.
fn field(i: usize) -> Ident {
    format_ident!("c{}", i)
}

/// The types and `impl`s of parallel node `id`.
fn parallel(g: &Gen, id: usize, kids: &[Child]) -> TokenStream {
    let Some(tick) = policy_tick(g, id) else {
        return TokenStream::new();
    };
    let node = &g.tree.nodes[id];
    let (rt, ty, derives) = (&g.rt, g.node_ty(id), &g.derives);
    let fields = node.children.iter().enumerate().map(|(i, &c)| {
        let f = field(i);
        let t = &kids[c].active_ty;
        quote!(#f: #rt::Slot<#t>)
    });
    let slots = slot_dispatch_impl(g, id, kids);
    let own = node_impl(g, id, tick);
    quote! {
        #derives
        struct #ty {
            #(#fields,)*
        }

        #slots

        #own
    }
}

/// What a tick of node `id` does with its slots: the runtime's policy
/// call; `None` for a node that is no parallel or control node.
fn policy_tick(g: &Gen, id: usize) -> Option<TokenStream> {
    let (rt, args) = (&g.rt, g.args());
    let n = g.tree.nodes[id].children.len();
    Some(match &g.tree.nodes[id].kind {
        Kind::Parallel {
            concurrent: true, ..
        } => {
            quote!(#rt::parallel_tick::<Self, _, _, _, _>(#rt::ParallelPolicy::Concurrent, self, #args))
        }
        Kind::Parallel {
            all_complete: true,
            failure,
            ..
        } => {
            let need_failure = failure.map_or(1, |(f, _)| f);
            quote!(#rt::parallel_tick::<Self, _, _, _, _>(#rt::ParallelPolicy::AllComplete { failure: #need_failure }, self, #args))
        }
        Kind::Parallel {
            success, failure, ..
        } => {
            let need_success = success.map_or(n, |(s, _)| s);
            let need_failure = failure.map_or(n + 1 - need_success.min(n), |(f, _)| f);
            quote!(#rt::parallel_tick::<Self, _, _, _, _>(#rt::ParallelPolicy::Thresholds { success: #need_success, failure: #need_failure }, self, #args))
        }
        Kind::Control { control, .. } => match control {
            Control::IfThenElse => quote!(#rt::if_then_else_tick::<Self, _, _, _, _>(self, #args)),
            Control::WhileDoElse => {
                quote!(#rt::while_do_else_tick::<Self, _, _, _, _>(self, #args))
            }
            Control::Switch { .. } => {
                let call = g.call_switch(id);
                quote!(#rt::switch_tick::<Self, _, _, _, _>(#call, self, #args))
            }
        },
        Kind::Behavior(_)
        | Kind::Decorator { .. }
        | Kind::Composite { .. }
        | Kind::Condition { .. }
        | Kind::Subtree { .. } => return None,
    })
}

/// `SlotDispatch` of parallel or control node `id`: one `match` hands slot
/// `i` with its child's runtime node type to the runtime's operation
/// (`with`, `with_ref`), one enters child `i` (through its guard), one
/// names the children re-checked before a tick.
fn slot_dispatch_impl(g: &Gen, id: usize, kids: &[Child]) -> TokenStream {
    let children = &g.tree.nodes[id].children;
    let (rt, ig, ty) = (&g.rt, g.ig(), g.node_ty(id));
    let (a, o, i_) = (local("a"), local("o"), local("i"));
    let (params, persist, aw) = (g.params(), g.persist(), g.aw());
    let n = children.len();
    let inline = if n > WIDE {
        quote!(#[inline])
    } else {
        g.tick_inline(id)
    };
    // The last child's arm takes every other index (the runtime asks for
    // `i < LEN` only).
    let pat = |i: usize| {
        if i + 1 == n {
            quote!(_)
        } else {
            quote!(#i)
        }
    };
    let (mut runs, mut refs, mut enters, mut rechecked) = (vec![], vec![], vec![], vec![]);
    for (i, &c) in children.iter().enumerate() {
        let (f, p, k) = (field(i), pat(i), &kids[c].marker);
        runs.push(quote!(#p => #o.run::<#k>(#i, &mut self.#f)));
        refs.push(
            quote!(#p => #o.run::<#k>(#i, &self.#f, self.#f.running().and_then(|#a| #a.__debug()))),
        );
        let start = g.guarded(
            c,
            kids[c].enter.clone(),
            quote!(#rt::Entered::Done(#rt::Status::Failure)),
        );
        enters.push(quote!(#p => self.#f.entered(#start)));
        if g.has_recheck(c) {
            rechecked.push((i, c));
        }
    }
    let recheck = g.dispatch_recheck(&rechecked);
    quote! {
        impl #ig #rt::SlotDispatch<#persist, #aw> for #ty {
            const LEN: ::core::primitive::usize = #n;
            #inline
            fn with<__O: #rt::SlotOp<#persist, #aw>>(&mut self, #i_: ::core::primitive::usize, #o: __O) -> __O::Out {
                match #i_ { #(#runs,)* }
            }
            #[inline(always)]
            fn with_ref<__O: #rt::SlotRef<#persist, #aw>>(&self, #i_: ::core::primitive::usize, #o: __O) -> __O::Out {
                match #i_ { #(#refs,)* }
            }
            #[inline]
            fn enter<__Tr: #rt::Trace>(&mut self, #i_: ::core::primitive::usize, #params) {
                match #i_ { #(#enters,)* }
            }
            #recheck
        }
    }
}

/// The node's `Stepped` impl: its slots all idle, and a tick of its
/// policy (`tick`); the runtime's `Par` does the rest.
fn node_impl(g: &Gen, id: usize, tick: TokenStream) -> TokenStream {
    let (rt, ig, ty) = (&g.rt, g.ig(), g.node_ty(id));
    let (params, persist, aw) = (g.params(), g.persist(), g.aw());
    let idle = (0..g.tree.nodes[id].children.len()).map(|i| {
        let f = field(i);
        quote!(#f: #rt::Slot::Idle)
    });
    let inline = g.tick_inline(id);
    quote! {
        impl #ig #rt::Stepped<#persist, #aw> for #ty {
            #[inline(always)]
            fn idle() -> Self {
                Self { #(#idle,)* }
            }
            #inline
            fn policy<__Tr: #rt::Trace>(&mut self, #params) -> #rt::Status {
                #tick
            }
        }
    }
}

/// What `parallel` or `concurrent` node `id` adds to its tree: its slots
/// type and impls.
pub fn lower(g: &Gen, id: usize, concurrent: bool, kids: &[Child]) -> Lowered {
    Lowered {
        run: run(g, id),
        items: parallel(g, id, kids),
        shape_kind: if concurrent {
            quote!(Concurrent)
        } else {
            quote!(Parallel)
        },
        ..Lowered::default()
    }
}

/// What control node `id` adds to its tree: its slots type and impls, and
/// for `switch` the function matching the user's value against the cases
/// (SPEC C10), which holds user tokens.
pub fn lower_control(g: &Gen, id: usize, control: &Control, kids: &[Child]) -> Lowered {
    let (shape_kind, user_fns) = match control {
        Control::IfThenElse => (quote!(IfThenElse), TokenStream::new()),
        Control::WhileDoElse => (quote!(WhileDoElse), TokenStream::new()),
        Control::Switch { value, cases } => {
            let name = g.switch_fn(id);
            let (agent, agent_ty) = (&g.agent, &g.tree.agent);
            // Each arm ends at its case's last token, so that rustc's
            // suggestion for a missing case lands after the last case.
            let arms = cases.iter().enumerate().map(|(i, case)| {
                let pat = &case.pat;
                quote_spanned!(case.end=> #pat => #i,)
            });
            // The cases are a `match` with no arm of ours: rustc checks them
            // for exhaustiveness (a missing `Kind::Wolf` is E0004 at the
            // value) and for unreachable cases; "no match fails" is written
            // `_ => fail`.
            // The scrutinee spans the whole value (from its first token to
            // its last), where rustc points E0004.
            let tokens = value.to_token_stream().into_iter();
            let first = tokens.clone().next().map_or(value.span(), |t| t.span());
            let last = tokens.last().map_or(value.span(), |t| t.span());
            let callee = quote_spanned!(first=> (#value));
            let arg = quote_spanned!(last=> (#agent));
            let end = cases.last().map_or(last, |c| c.end);
            let body = quote_spanned!(end=> { #(#arms)* });
            // The value is the user's closure or function, called here: a
            // closure is called where it is written, which clippy would
            // point out at the user's tokens.
            let f = quote! {
                #[inline(always)]
                #[allow(clippy::redundant_closure_call)]
                fn #name(#agent: &#agent_ty) -> ::core::primitive::usize {
                    match #callee #arg #body
                }
            };
            (quote!(Switch), f)
        }
    };
    Lowered {
        run: run(g, id),
        items: parallel(g, id, kids),
        user_fns,
        shape_kind,
        ..Lowered::default()
    }
}

/// How the parent of `parallel`, `concurrent` or control node `id` runs
/// it: through the node's own `enter`, `tick`, `halt` and walks.
fn run(g: &Gen, id: usize) -> Child {
    let (rt, node_ty, args, a) = (&g.rt, g.node_ty(id), g.args(), local("a"));
    let (persist, aw) = (g.persist(), g.aw());
    // A tree of more nodes than `u16` counts is already an error (`check`).
    let n = u16::try_from(id).unwrap_or(u16::MAX);
    let marker = quote!(#rt::Par<#node_ty, #n>);
    let run = quote!(<#marker as #rt::Run<#persist, #aw>>);
    Child {
        active_ty: node_ty.to_token_stream(),
        enter: quote!(<#marker as #rt::Start<#persist, #aw>>::enter((), #args)),
        tick: quote!(#run::tick(#a, #args)),
        halt: quote!(#run::halt(#a, #args)),
        visit: Walk::BOTH.map(|w| {
            let (f, more, method) = (local("f"), g.walk_args(w), w.method());
            let debug = (w == Walk::Ref).then(|| quote!(::core::option::Option::None,));
            quote!(#run::#method(#a, #debug #f #more))
        }),
        marker,
        decide: None,
        init: quote!(()),
    }
}
