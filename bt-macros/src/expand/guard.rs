//! Guards (SPEC G1–G3): one function per guarded node that runs the
//! preconditions in order (decision flags → stimuli flags → variables → timer), then the
//! decide, and traces why it rejected.
//!
//! The guard functions hold user tokens (flag masks, the decide), so they
//! are associated functions of the root wrapper in its `impl` with no lint
//! attribute (`Lowered::user_fns`), and their own code needs none: a parameter
//! the guard does not use is written `_`.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;

use super::builtin;
use super::ir::Lowered;
use super::names::{local, Gen};
use crate::model::{FlagSource, Guard, Mask};

/// The parameters of a guard or recheck function, `_` for the ones its body
/// does not use.
fn guard_params(g: &Gen, guard: &Guard) -> TokenStream {
    let (agent, ctx, tr, ps) = (&g.agent, &g.ctx, &g.tr, &g.ps);
    let used = |yes: bool, name: &proc_macro2::Ident| {
        if yes {
            name.to_token_stream()
        } else {
            quote!(_)
        }
    };
    let decides = guard.decide.is_some() || guard.delegate.is_some();
    let agent = used(decides, agent);
    let ps = used(guard.every.is_some() || guard.delegate.is_some(), ps);
    let ctx = used(
        decides || guard.every.is_some() || !guard.flags.is_empty(),
        ctx,
    );
    let persist = g.persist();
    let agent_ty = &g.tree.agent;
    let ctx_ty = g.ctx_ty();
    quote!(#ps: &mut #persist, #agent: &#agent_ty, #ctx: &#ctx_ty, #tr: &mut __Tr)
}

/// What node `id`'s guard adds to its tree: `fn guard{id}` and, when
/// needed, `fn recheck{id}` (user tokens: flag masks, the decide); for
/// `every(d)` its timer, first in the node's persistent fields (SPEC G1).
pub fn lower(g: &Gen, id: usize, guard: &Guard, lowered: &mut Lowered) {
    if guard.every.is_some() {
        let (f, rt) = (g.timer_field(id), &g.rt);
        lowered.persist.insert(0, quote!(#f: #rt::Timer));
        lowered.clock = true;
    }
    match inline_decide(g, id, guard) {
        Some(decide) => lowered.run.decide = Some(decide),
        None => lowered.user_fns.extend(entry_guard(g, id, guard)),
    }
    if g.needs_recheck_fn(id) {
        lowered.user_fns.extend(recheck_guard(g, id, guard));
    }
}

/// Node `id`'s guard as an expression its parent composite's `decide`
/// holds, when only that `decide` calls it (no `redecide`, G5) and it
/// hands no DBlock on (no `dblock =`, no `delegate`): its preconditions,
/// then the user's decide (or an acceptance), called and traced as
/// `fn guard{id}` would.
fn inline_decide(g: &Gen, id: usize, guard: &Guard) -> Option<TokenStream> {
    let parent = g.tree.nodes[id].parent?;
    let composite = matches!(
        g.tree.nodes[parent].kind,
        crate::model::Kind::Composite { .. }
    );
    let plain = guard.decide.as_ref().is_none_or(|d| !d.dblock)
        && guard.delegate.is_none()
        && guard.redecide.is_none();
    if !(composite && plain) {
        return None;
    }
    let (rt, aw, tr, ctx, info) = (&g.rt, g.aw(), &g.tr, &g.ctx, g.info(id));
    let decide = match &guard.decide {
        Some(d) => g.call_user_fn(
            quote!(#rt::guard_decide),
            quote!(#rt::DecideFn::<#aw, _>::call),
            id,
            &d.func,
        ),
        None => quote!({
            #rt::accept(#info, #tr);
            ::core::option::Option::Some((1.0, ()))
        }),
    };
    Some(match preconditions(g, id, guard) {
        None => decide,
        Some((tests, timer)) => quote! {
            if #rt::preconditions(#info, #tests, #timer, #ctx, #tr) {
                #decide
            } else {
                ::core::option::Option::None
            }
        },
    })
}

/// G1's preconditions as the runtime checks them (`preconditions`,
/// `recheck_preconditions`): the flag tests, the decision flags' first,
/// and the `every(d)` timer with its interval; `None` when the guard has
/// neither.
fn preconditions(g: &Gen, id: usize, guard: &Guard) -> Option<(TokenStream, TokenStream)> {
    if guard.flags.is_empty() && guard.every.is_none() {
        return None;
    }
    let (rt, ps) = (&g.rt, &g.ps);
    let decision = guard
        .flags
        .iter()
        .filter(|f| f.source == FlagSource::Decision);
    let stimuli = guard
        .flags
        .iter()
        .filter(|f| f.source == FlagSource::Stimuli);
    let vars = guard.flags.iter().filter(|f| f.source == FlagSource::Vars);
    let tests = decision.chain(stimuli).chain(vars).map(|f| {
        let op = match f.op.to_string().as_str() {
            "any" => quote!(Any),
            "all" => quote!(All),
            "none" => quote!(None),
            _ => quote!(NotAll),
        };
        let source = match f.source {
            FlagSource::Decision => quote!(Decision),
            FlagSource::Stimuli => quote!(Stimuli),
            FlagSource::Vars => quote!(Vars),
        };
        let mask = match &f.mask {
            Mask::Written(mask) => (**mask).clone(),
            Mask::Var { bit, span } => builtin::var_mask(*bit, *span),
        };
        let mask = quote_spanned!(mask.span()=> ::core::convert::identity::<#rt::Flags>(#mask));
        quote!(#rt::FlagTest { source: #rt::FlagSource::#source, op: #rt::FlagOp::#op, mask: #mask })
    });
    let timer = match &guard.every {
        Some(every) => {
            let (field, secs) = (g.timer_field(id), every.seconds);
            quote!(::core::option::Option::Some((&mut #ps.#field, #secs)))
        }
        None => quote!(::core::option::Option::None),
    };
    Some((quote!(&[#(#tests),*]), timer))
}

/// The guard as checked before entering the node.
fn entry_guard(g: &Gen, id: usize, guard: &Guard) -> TokenStream {
    let (rt, ctx, tr) = (&g.rt, &g.ctx, &g.tr);
    let info = g.info(id);
    let name = g.guard_fn(id);
    let params = guard_params(g, guard);
    let block = local("block");
    let score = local("score");
    let none = quote!(::core::option::Option::None);
    let pre = preconditions(g, id, guard).map(|(tests, timer)| {
        quote! {
            if !#rt::preconditions(#info, #tests, #timer, #ctx, #tr) {
                return #none;
            }
        }
    });
    let receiver = g.tree.receiver(id);
    let (block_ty, decide) = match &guard.decide {
        _ if guard.delegate.is_some() => (g.block_ty(id), delegate(g, id)),
        Some(d) if d.dblock => {
            let func = &d.func;
            let aw = g.aw();
            let ty = receiver
                .map(|leaf| g.leaf_ty(leaf))
                .unwrap_or_else(|| quote!(()));
            let call = g.call_user_fn(
                quote!(#rt::trace_decide_block),
                quote!(#rt::DecideFn::<#aw, _>::call),
                id,
                func,
            );
            let build = quote_spanned!(d.key.span()=> #rt::memory_from::<#ty, _>(#block));
            (
                ty.clone(),
                quote! {
                    match #call {
                        ::core::option::Option::Some((#score, #block)) => ::core::option::Option::Some((#score, #build)),
                        ::core::option::Option::None => #none,
                    }
                },
            )
        }
        Some(d) => {
            let func = &d.func;
            let aw = g.aw();
            let call = g.call_user_fn(
                quote!(#rt::guard_decide),
                quote!(#rt::DecideFn::<#aw, _>::call),
                id,
                func,
            );
            (quote!(()), call)
        }
        None => (
            quote!(()),
            quote! {
                #rt::accept(#info, #tr);
                ::core::option::Option::Some((1.0, ()))
            },
        ),
    };
    quote! {
        #[inline(always)]
        fn #name<__Tr: #rt::Trace>(#params) -> ::core::option::Option<(::core::primitive::f32, #block_ty)> {
            #pre
            #decide
        }
    }
}

/// The guard as re-evaluated while the node runs (SPEC G3): a timer that is
/// not due means "keep running"; a DBlock is dropped.
fn recheck_guard(g: &Gen, id: usize, guard: &Guard) -> TokenStream {
    let (rt, ctx, tr) = (&g.rt, &g.ctx, &g.tr);
    let info = g.info(id);
    let name = g.recheck_fn(id);
    let params = guard_params(g, guard);
    let keep = local("keep");
    let pre = preconditions(g, id, guard).map(|(tests, timer)| {
        quote! {
            if let ::core::option::Option::Some(#keep) = #rt::recheck_preconditions(#info, #tests, #timer, #ctx, #tr) {
                return #keep;
            }
        }
    });
    let decide = match &guard.decide {
        _ if guard.delegate.is_some() => {
            let delegate = delegate(g, id);
            quote!(#delegate.is_some())
        }
        Some(d) => {
            let func = &d.func;
            let aw = g.aw();
            let then = if d.dblock {
                quote!(#rt::trace_decide_block)
            } else {
                quote!(#rt::trace_decide)
            };
            let call = g.call_user_fn(then, quote!(#rt::DecideFn::<#aw, _>::call), id, func);
            quote!(#call.is_some())
        }
        None => quote! {
            #rt::accept(#info, #tr);
            true
        },
    };
    quote! {
        #[inline(always)]
        fn #name<__Tr: #rt::Trace>(#params) -> ::core::primitive::bool {
            #pre
            #decide
        }
    }
}

/// The decide step of a `delegate` guard (SPEC G6): the group's children
/// decide, by the group's policy, and the one that accepts is handed on.
fn delegate(g: &Gen, id: usize) -> TokenStream {
    let (rt, agent, ctx, tr, ps) = (&g.rt, &g.agent, &g.ctx, &g.tr, &g.ps);
    let (info, ty, chooser) = (g.info(id), g.node_ty(id), g.chooser(id));
    quote!(#rt::delegate::<#ty, #chooser, _, _, _, _>(#info, #ps, #agent, #ctx, #tr))
}
