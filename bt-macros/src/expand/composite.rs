//! Composites: the active-state types of a composite node and its
//! implementation of the runtime's child protocol (`group::Group`).
//!
//! The policies themselves — which child to try, when to interrupt, when to
//! go on — are runtime code (`bt-runtime/src/group.rs`), written once:
//!
//! | policy | entry | each tick | SPEC |
//! |---|---|---|---|
//! | `priority` | `decider_enter` | `priority_tick` | D1, D2, G3, G5, D9 |
//! | `sequential` | `decider_enter` | `sequential_tick` | D3, D2, G5, D9 |
//! | `sequence` / `fallback` | `status_enter` | `resume_tick` | C1, C3, G4 |
//! | `reactive_sequence` / `selector` | `status_enter` | `reactive_tick` | C2, C4, G4 |
//!
//! What stays here is what differs per tree: the enum of the running child
//! (one variant per child, holding its active state), the enum of a decided
//! child (holding its DBlock), deciding and entering a child (one `match`
//! each), the running child handed to the runtime (`Dispatch`: one `match`
//! by `&mut`, one by `&`, each child named by its runtime node type), and
//! the group behavior (SPEC D7) around the policy.
//!
//! Its length: one concern, a composite's lowering (its enum, its `Group`
//! and `Dispatch`, its guards' decide, a group behavior's wrapper), whose
//! parts each read the others' names.

use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote, quote_spanned, ToTokens};

use super::ir::{Child, Lowered, Walk};
use super::names::{local, rechecks_running_child, Gen, WIDE};
use crate::model::{Kind, Leaf, Policy};

/// The variant names of composite `id`'s child enums, one per child: the
/// child's name in CamelCase (`flee` → `Flee`, `find_food` → `FindFood`),
/// so that a reader of the expansion sees which child is which; `__C{i}`
/// for a name that gives no identifier or one already taken.
fn variants(g: &Gen, id: usize) -> Vec<Ident> {
    let mut taken = std::collections::HashSet::new();
    g.tree.nodes[id]
        .children
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let camel: String = g.tree.nodes[c]
                .name
                .split('_')
                .filter(|part| !part.is_empty())
                .map(|part| {
                    let mut chars = part.chars();
                    chars.next().map_or_else(String::new, |first| {
                        first.to_uppercase().chain(chars).collect()
                    })
                })
                .collect();
            // A CamelCase name never starts with `_`: `__C{i}` is free.
            match syn::parse_str::<Ident>(&camel) {
                Ok(_) if taken.insert(camel.clone()) => format_ident!("{}", camel),
                _ => format_ident!("__C{}", i),
            }
        })
        .collect()
}

/// Composite `id` as its generators see it: the node, its names, and the
/// types of its child enums.
struct Comp<'a> {
    g: &'a Gen<'a>,
    id: usize,
    /// Every lowered node's `Child` record, by id: the children's.
    kids: &'a [Child],
    policy: Policy,
    behavior: Option<&'a Leaf>,
    /// `scored(rescore = d)`: the interval (SPEC D6).
    rescore: Option<f64>,
    /// The composite's own type, its enum of running children, its enum
    /// of decided children.
    ty: Ident,
    en: Ident,
    dn: Ident,
    /// The variants of both enums, one per child.
    names: Vec<Ident>,
}

/// The types and impls of composite `id`.
fn composite(g: &Gen, id: usize, kids: &[Child]) -> TokenStream {
    let Kind::Composite {
        policy,
        behavior,
        rescore,
        ..
    } = &g.tree.nodes[id].kind
    else {
        return TokenStream::new();
    };
    let c = Comp {
        g,
        id,
        kids,
        policy: *policy,
        behavior: behavior.as_ref(),
        rescore: rescore.map(|(d, _)| d),
        ty: g.node_ty(id),
        en: if is_plain(g, id) {
            g.node_ty(id)
        } else {
            g.child_enum(id)
        },
        dn: g.decided_enum(id),
        names: variants(g, id),
    };
    let (derives, rt) = (&g.derives, &g.rt);
    let (ty, en, dn) = (&c.ty, &c.en, &c.dn);
    let variants = g.tree.nodes[id]
        .children
        .iter()
        .zip(&c.names)
        .map(|(&ch, v)| {
            let t = &kids[ch].active_ty;
            quote!(#v(#t))
        });
    // Without DBlocks, a decided child is its index (`Gen::decided_ty`).
    let decided = g.has_blocks(id).then(|| {
        let variants = g.tree.nodes[id]
            .children
            .iter()
            .zip(&c.names)
            .map(|(&ch, v)| {
                let t = g.block_ty(ch);
                quote!(#v(#t))
            });
        quote! {
            enum #dn { #(#variants,)* }
        }
    });
    let group = group_impl(&c);
    let random = random_impls(&c);
    // A plain composite is the runtime's (`composite::Comp`): its type
    // here is its enum of running children, which implements its
    // children's protocol.
    let (own, node) = if is_plain(g, id) {
        (TokenStream::new(), None)
    } else {
        let b_field = c.behavior.map(|b| {
            let t = g.leaf_ty(b);
            quote!(b: #t,)
        });
        // `scored(rescore = d)`: when the group last decided (SPEC D6).
        let t_field = c.rescore.map(|_| quote!(t: #rt::Timer,));
        let own = quote! {
            #derives
            struct #ty {
                #b_field
                #t_field
                c: #en,
            }
        };
        (own, Some(node_impl(&c)))
    };
    quote! {
        #derives
        enum #en { #(#variants,)* }

        #decided

        #own

        #group

        #random

        #node
    }
}

/// Whether composite `id` is plain: no group behavior, no rescoring
/// interval, no `delegate` guard. Its active state is then the runtime's
/// `composite::Comp` over its enum of running children, entered, ticked,
/// halted and walked by the runtime's `comp_*` functions; the others keep
/// a generated type of their own.
fn is_plain(g: &Gen, id: usize) -> bool {
    matches!(
        &g.tree.nodes[id].kind,
        Kind::Composite {
            behavior: None,
            rescore: None,
            ..
        }
    ) && !g.delegates(id)
}

/// The runtime's marker type of policy `policy` (`composite::Policy`).
fn policy_ty(rt: &TokenStream, policy: Policy) -> TokenStream {
    let name = match policy {
        Policy::Priority => "Priority",
        Policy::Sequential => "Sequential",
        Policy::Random => "Random",
        Policy::Shuffle => "Shuffle",
        Policy::Scored => "Scored",
        Policy::Sequence => "Sequence",
        Policy::Fallback => "Fallback",
        Policy::ReactiveSequence => "ReactiveSequence",
        Policy::Selector => "Selector",
    };
    let name = Ident::new(name, proc_macro2::Span::call_site());
    quote!(#rt::#name)
}

/// The children's protocol: `Group` (deciding, entering, the policy's
/// walk over the children) and the running child's operations, through
/// one `match` (`Dispatch`).
fn group_impl(c: &Comp) -> TokenStream {
    let g = c.g;
    let (rt, ig, info) = (&g.rt, g.ig(), g.info(c.id));
    let ty = &c.ty;
    let len = g.tree.nodes[c.id].children.len();
    let (persist, agent_ty, world) = (g.persist(), &g.tree.agent, &g.tree.world);
    let redecide = g.has_redecide(c.id).then(|| redecide_fn(c));
    let each = each_fn(c);
    let policy = policy_ty(rt, c.policy);
    let decided_ty = g.decided_ty(c.id);
    let decide_enter = decide_enter_fns(c);
    let running = dispatch_impl(c);
    quote! {
        impl #ig #rt::Group<#persist, #agent_ty, #world> for #ty {
            type Decided = #decided_ty;
            type Policy = #policy;
            const LEN: ::core::primitive::usize = #len;
            const NODE: &'static #rt::NodeInfo = #info;

            #decide_enter
            #redecide
            #each
        }

        #running
    }
}

/// Whether composite `c` re-evaluates child `ch`'s guard before ticking
/// it (G3): every guard for the reactive policies, a `recheck` one for
/// the others.
fn rechecks(c: &Comp, ch: usize) -> bool {
    if rechecks_running_child(c.g.tree, c.id) {
        c.g.has_guard(ch)
    } else {
        c.g.has_recheck(ch)
    }
}

/// `Dispatch` of composite `c`: one `match` handing the running child,
/// with its runtime node type (`Child::marker`), to the runtime's
/// operation, through which the runtime's `Children` ticks, halts and
/// walks it; the children whose guard is re-checked before a tick (G3);
/// for a reactive composite, the `match` on a known child.
fn dispatch_impl(c: &Comp) -> TokenStream {
    let g = c.g;
    let kids = &g.tree.nodes[c.id].children;
    let (rt, ig, ty, en) = (&g.rt, g.ig(), &c.ty, &c.en);
    let (a, o, i_) = (local("a"), local("o"), local("i"));
    let (persist, agent_ty, world) = (g.persist(), &g.tree.agent, &g.tree.world);
    let inline = group_inline(c);
    let marker = |ch: usize| &c.kids[ch].marker;
    let runs = arms(c, &|i, ch, v| {
        let k = marker(ch);
        quote!(#en::#v(#a) => #o.run::<#k>(#i, #a))
    });
    // Every child's state is probed for `Debug`, which only a behavior's
    // marker uses (`Marker::debug`): one shape of arm.
    let refs = arms(c, &|i, ch, v| {
        let k = marker(ch);
        quote!(#en::#v(#a) => #o.run::<#k>(#i, #a, #a.__debug()))
    });
    let index = index_fn(c);
    let op = quote!(__O: #rt::ChildOp<#persist, #agent_ty, #world>);
    let op_ref = quote!(__O: #rt::ChildRef<#persist, #agent_ty, #world>);
    let with_nth = rechecks_running_child(g.tree, c.id).then(|| {
        let runs = arms(c, &|i, ch, v| {
            let k = marker(ch);
            quote!(#en::#v(#a) if #i_ == #i => ::core::option::Option::Some(#o.run::<#k>(#i, #a)))
        });
        quote! {
            #inline
            fn with_nth<#op>(#i_: ::core::primitive::usize, #a: &mut #en, #o: __O) -> ::core::option::Option<__O::Out> {
                match #a {
                    #(#runs,)*
                    _ => ::core::option::Option::None,
                }
            }
        }
    });
    let rechecked: Vec<_> = kids
        .iter()
        .enumerate()
        .filter(|&(_, &ch)| rechecks(c, ch))
        .map(|(i, &ch)| (i, ch))
        .collect();
    let recheck = g.dispatch_recheck(&rechecked);
    quote! {
        impl #ig #rt::Dispatch<#persist, #agent_ty, #world> for #ty {
            type Active = #en;
            #inline
            fn with<#op>(#a: &mut #en, #o: __O) -> __O::Out {
                match #a { #(#runs,)* }
            }
            #with_nth
            #[inline(always)]
            fn with_ref<#op_ref>(#a: &#en, #o: __O) -> __O::Out {
                match #a { #(#refs,)* }
            }
            #index
            #recheck
        }
    }
}

/// Which child of composite `c` runs (`Children::index`).
fn index_fn(c: &Comp) -> TokenStream {
    let (a, en) = (local("a"), &c.en);
    let indexes = arms(c, &|i, _, v| quote!(#en::#v(_) => #i));
    quote! {
        #[inline(always)]
        fn index(#a: &#en) -> ::core::primitive::usize {
            match #a { #(#indexes,)* }
        }
    }
}

/// The inlining attribute of composite `c`'s protocol functions: forced
/// only where the subtree is small (see `Gen::tick_inline`; forcing it
/// through a 1,000-node tree made its release build half as slow again),
/// never for a wide composite.
fn group_inline(c: &Comp) -> TokenStream {
    if c.g.tree.nodes[c.id].children.len() > WIDE {
        quote!(#[inline])
    } else {
        c.g.tick_inline(c.id)
    }
}

/// One `match` arm per child of composite `c`, by `f(index, child node,
/// variant)`.
fn arms(c: &Comp, f: &dyn Fn(usize, usize, &Ident) -> TokenStream) -> Vec<TokenStream> {
    c.g.tree.nodes[c.id]
        .children
        .iter()
        .zip(&c.names)
        .enumerate()
        .map(|(i, (&ch, v))| f(i, ch, v))
        .collect()
}

/// `Group::decide` and `Group::enter` of composite `c`. With DBlocks a
/// decided child is the variant of the enum `dn` holding its DBlock, and
/// `enter` matches on it; without, deciding returns `()` and `enter`
/// matches on the child's index, with no DBlock bound (a child's `enter`
/// reads `blk` only when it takes one).
fn decide_enter_fns(c: &Comp) -> TokenStream {
    let g = c.g;
    let (rt, persist, ctx_ty) = (&g.rt, g.persist(), g.ctx_ty());
    let (agent, ctx, tr, ps, blk) = (&g.agent, &g.ctx, &g.tr, &g.ps, &g.blk);
    let (d, i_, en, dn) = (local("d"), local("i"), &c.en, &c.dn);
    let (agent_ty, world) = (&g.tree.agent, &g.tree.world);
    let len = g.tree.nodes[c.id].children.len();
    let inline = group_inline(c);
    let blocks = g.has_blocks(c.id);
    let decided_ty = g.decided_ty(c.id);
    let decides = arms(c, &|i, ch, v| {
        decide_arm(g, &c.kids[ch], i, ch, v, blocks.then_some(dn))
    });
    let e = local("e");
    let enters = arms(c, &|i, ch, v| {
        let kid = &c.kids[ch];
        let pat = match (blocks, i + 1 == len) {
            (true, _) => quote!(#dn::#v(#blk)),
            // The last child's arm takes every index: the runtime enters
            // only indexes `decide` gave.
            (false, true) => quote!(_),
            (false, false) => quote!(#i),
        };
        // Entered by its runtime node type, from its `init`.
        let (k, init) = (&kid.marker, &kid.init);
        quote!(#pat => #e.run::<#k, _>(#init, #en::#v))
    });
    // Without a guarded child, every child accepts with score 1.
    let guarded = g.tree.nodes[c.id]
        .children
        .iter()
        .any(|&ch| g.has_guard(ch));
    let decide_body = if guarded || blocks {
        quote! {
            match #i_ {
                #(#decides,)*
                _ => ::core::option::Option::None,
            }
        }
    } else {
        quote!((#i_ < #len).then_some((1.0, ())))
    };
    let (enter_i, enter_d, scrutinee) = if blocks {
        (quote!(_), quote!(#d), quote!(#d))
    } else {
        (quote!(#i_), quote!(_), quote!(#i_))
    };
    quote! {
        #inline
        fn decide<__Tr: #rt::Trace>(#i_: ::core::primitive::usize, #ps: &mut #persist, #agent: &#agent_ty, #ctx: &#ctx_ty, #tr: &mut __Tr) -> ::core::option::Option<(::core::primitive::f32, #decided_ty)> {
            #decide_body
        }

        #inline
        fn enter<__Tr: #rt::Trace>(#enter_i: ::core::primitive::usize, #enter_d: #decided_ty, #e: #rt::Entering<'_, '_, #persist, #agent_ty, #world, __Tr>) -> #rt::Entered<#en> {
            match #scrutinee { #(#enters,)* }
        }
    }
}

/// How `Group::decide` decides child `i` (`ch`, variant `v`): its guard,
/// or an unguarded child's acceptance with score 1; with the variant of
/// the decided enum `dn` holding its DBlock, or (`None`: no child has one)
/// with `()`.
fn decide_arm(
    g: &Gen,
    kid: &Child,
    i: usize,
    ch: usize,
    v: &Ident,
    dn: Option<&Ident>,
) -> TokenStream {
    let rt = &g.rt;
    let guard = || kid.decide.clone().unwrap_or_else(|| g.call_guard(ch));
    match (g.has_guard(ch), dn) {
        (true, Some(dn)) => {
            let guard = guard();
            quote!(#i => #rt::decided(#guard, #dn::#v))
        }
        (true, None) => {
            let guard = guard();
            quote!(#i => #guard)
        }
        (false, Some(dn)) => quote!(#i => ::core::option::Option::Some((1.0, #dn::#v(())))),
        (false, None) => quote!(#i => ::core::option::Option::Some((1.0, ()))),
    }
}

/// `Group::redecide` (G5): the group's own guard, checked again.
fn redecide_fn(c: &Comp) -> TokenStream {
    let g = c.g;
    let (rt, persist, ctx_ty, agent_ty) = (&g.rt, g.persist(), g.ctx_ty(), &g.tree.agent);
    let (agent, ctx, tr, ps) = (&g.agent, &g.ctx, &g.tr, &g.ps);
    let guard = g.call_guard(c.id);
    quote! {
        #[inline(always)]
        fn redecide<__Tr: #rt::Trace>(#ps: &mut #persist, #agent: &#agent_ty, #ctx: &#ctx_ty, #tr: &mut __Tr) -> ::core::primitive::bool {
            #guard.is_some()
        }
    }
}

/// `Group::each` for a composite over a big subtree: the runtime's
/// (`each_in_order`, one call per child with a literal index) only hinted
/// inline, where the default forces it. Small and wide composites keep the
/// default.
fn each_fn(c: &Comp) -> Option<TokenStream> {
    let g = c.g;
    if g.tree.nodes[c.id].children.len() > WIDE || g.is_small(c.id) {
        return None;
    }
    let (rt, args, params, persist) = (&g.rt, g.args(), g.params(), g.persist());
    let (agent_ty, world) = (&g.tree.agent, &g.tree.world);
    let v = local("v");
    let (from, to) = (local("from"), local("to"));
    Some(quote! {
        #[inline]
        fn each<__V: #rt::Visit<Self, #persist, #agent_ty, #world>, __Tr: #rt::Trace>(
            #from: ::core::primitive::usize,
            #to: ::core::primitive::usize,
            #v: &mut __V,
            #params
        ) -> ::core::ops::ControlFlow<()> {
            #rt::each_in_order::<Self, __V, _, _, _, _>(#from, #to, #v, #args)
        }
    })
}

/// Where a `random` or `shuffle` group keeps its generator and round.
fn random_impls(c: &Comp) -> Option<TokenStream> {
    let g = c.g;
    if !c.policy.is_random() {
        return None;
    }
    let (rt, ig, ps, persist, ty) = (&g.rt, g.ig(), &g.ps, g.persist(), &c.ty);
    let (agent_ty, world) = (&g.tree.agent, &g.tree.world);
    let dice = g.dice_field(c.id);
    let rng = g.rng_ty();
    let round = (c.policy == Policy::Shuffle).then(|| {
        let u = g.round_field(c.id);
        quote! {
            impl #ig #rt::ShuffleGroup<#persist, #agent_ty, #world> for #ty {
                #[inline(always)]
                fn round(#ps: &mut #persist) -> &mut ::core::primitive::u64 {
                    &mut #ps.#u
                }
            }
        }
    });
    Some(quote! {
        impl #ig #rt::RandomGroup<#persist, #agent_ty, #world> for #ty {
            type Rng = #rng;
            #[inline(always)]
            fn rng(#ps: &mut #persist) -> &mut #rng {
                #ps.#dice.rng()
            }
        }
        #round
    })
}

/// What the group behavior (SPEC D7) adds to the composite's own `enter`,
/// `tick` and `halt`: activated before the children, ticked before them,
/// deactivated after them. All `None` without one.
#[derive(Default)]
struct GroupBehavior {
    init: Option<TokenStream>,
    activate: Option<TokenStream>,
    done_on_entry: Option<TokenStream>,
    tick: Option<TokenStream>,
    halt: Option<TokenStream>,
    exit: Option<TokenStream>,
}

fn group_behavior(c: &Comp) -> GroupBehavior {
    let g = c.g;
    let Some(leaf) = c.behavior else {
        return GroupBehavior::default();
    };
    let (rt, info, args, persist) = (&g.rt, g.info(c.id), g.args(), g.persist());
    let (agent, ctx, tr) = (&g.agent, &g.ctx, &g.tr);
    let (agent_ty, world) = (&g.tree.agent, &g.tree.world);
    let (b, s) = (local("b"), local("s"));
    // The runtime's group-behavior functions, with the agent and world
    // named and spanned at the behavior (as a leaf's, `Gen::enter`): a type
    // that is no behavior of this tree is reported there.
    let group_fn = |f: &str, tr: bool| {
        let (f, ty) = (format_ident!("{f}"), g.leaf_bound(leaf));
        let tr = tr.then(|| quote!(, _));
        quote_spanned!(leaf.span=> #rt::#f::<#agent_ty, #world, #ty #tr>)
    };
    let (enter_group, tick_group, halt_group) = (
        group_fn("enter_group", true),
        group_fn("tick_group", true),
        group_fn("halt_group", false),
    );
    GroupBehavior {
        init: Some(quote!(b: #b,)),
        activate: Some(quote! {
            let mut #b = match #enter_group(#b, #info, #agent, #ctx, #tr) {
                ::core::option::Option::Some(#b) => #b,
                ::core::option::Option::None => return #rt::Entered::Done(#rt::Status::Failure),
            };
        }),
        done_on_entry: Some(quote!(#halt_group(&mut #b, #agent, #ctx, #rt::Exit::Completed(#s));)),
        tick: Some(quote! {
            if !#tick_group(&mut self.b, #info, #agent, #ctx, #tr) {
                <Self as #rt::Children<#persist, #agent_ty, #world>>::halt(&mut self.c, #args);
                #halt_group(&mut self.b, #agent, #ctx, #rt::Exit::Completed(#rt::Status::Failure));
                #rt::deactivated(#info, #rt::Exit::Completed(#rt::Status::Failure), #tr);
                return #rt::Status::Failure;
            }
        }),
        halt: Some(quote!(#halt_group(&mut self.b, #agent, #ctx, #rt::Exit::Halted);)),
        exit: Some(quote!(#halt_group(&mut self.b, #agent, #ctx, #rt::Exit::Completed(#s));)),
    }
}

/// The runtime's policy functions the composite calls: how it starts (its
/// first decision or walk) and how it ticks.
fn policy_calls(c: &Comp) -> (TokenStream, TokenStream) {
    let g = c.g;
    let (rt, info, args) = (&g.rt, g.info(c.id), g.args());
    let cont = match c.policy {
        Policy::Sequence | Policy::ReactiveSequence => quote!(#rt::Status::Success),
        Policy::Fallback
        | Policy::Selector
        | Policy::Priority
        | Policy::Sequential
        | Policy::Random
        | Policy::Shuffle
        | Policy::Scored => quote!(#rt::Status::Failure),
    };
    let chooser = g.chooser(c.id);
    // A `delegate` guard decided the first child already (SPEC G6).
    let first = local("first");
    let start = match c.policy {
        _ if g.delegates(c.id) => {
            quote!(#rt::delegated_enter::<Self, #chooser, _, _, _, _>(#first, #info, #args))
        }
        Policy::Priority => quote!(#rt::decider_enter::<Self, _, _, _, _>(false, #info, #args)),
        Policy::Sequential => quote!(#rt::decider_enter::<Self, _, _, _, _>(true, #info, #args)),
        Policy::Random | Policy::Shuffle | Policy::Scored => {
            quote!(#rt::chooser_enter::<Self, #chooser, _, _, _, _>(#info, #args))
        }
        Policy::Sequence | Policy::Fallback | Policy::ReactiveSequence | Policy::Selector => {
            quote!(#rt::status_enter::<Self, _, _, _, _>(#cont, #args))
        }
    };
    let step = match (c.policy, c.rescore) {
        (Policy::Scored, Some(d)) => {
            quote!(#rt::scored_tick::<Self, _, _, _, _>(#d, &mut self.t, &mut self.c, #args))
        }
        (Policy::Random | Policy::Shuffle | Policy::Scored, _) => {
            quote!(#rt::chooser_tick::<Self, #chooser, _, _, _, _>(&mut self.c, #args))
        }
        (Policy::Priority, _) => {
            quote!(#rt::priority_tick::<Self, _, _, _, _>(&mut self.c, #args))
        }
        (Policy::Sequential, _) => {
            quote!(#rt::sequential_tick::<Self, _, _, _, _>(&mut self.c, #args))
        }
        (Policy::Sequence | Policy::Fallback, _) => {
            quote!(#rt::resume_tick::<Self, _, _, _, _>(#cont, &mut self.c, #args))
        }
        (Policy::ReactiveSequence | Policy::Selector, _) => {
            quote!(#rt::reactive_tick::<Self, _, _, _, _>(#cont, &mut self.c, #args))
        }
    };
    (start, step)
}

/// The composite's own `enter`, `tick`, `halt` and walks, which its parent
/// calls.
/// Z2: a composite node's own `wake`: its running child's, and the next
/// rescoring of a `scored` group; none (the default: it polls) for a
/// group behavior, ticked every tick.
fn own_wake(c: &Comp) -> TokenStream {
    if c.behavior.is_some() {
        return quote!();
    }
    let g = c.g;
    let (rt, persist, agent_ty, world) = (&g.rt, g.persist(), &g.tree.agent, &g.tree.world);
    let children = quote!(<Self as #rt::Children<#persist, #agent_ty, #world>>::wake(&self.c));
    let wake = match c.rescore {
        Some(d) => quote!(#children.min(self.t.rescore_wake(#d))),
        None => children,
    };
    quote! {
        #[inline(always)]
        fn wake(&self) -> #rt::Wake {
            #wake
        }
    }
}

fn node_impl(c: &Comp) -> TokenStream {
    let g = c.g;
    let (rt, ig, info, ty) = (&g.rt, g.ig(), g.info(c.id), &c.ty);
    let (ctx, tr, params, args, persist) = (&g.ctx, &g.tr, g.params(), g.args(), g.persist());
    let (agent_ty, world) = (&g.tree.agent, &g.tree.world);
    let (s, c_) = (local("s"), local("c"));
    let GroupBehavior {
        init: b_init,
        activate: b_activate,
        done_on_entry: b_done_on_entry,
        tick: b_tick,
        halt: b_halt,
        exit: b_exit,
    } = group_behavior(c);
    let (start, step) = policy_calls(c);
    let first = local("first");
    let dn = g.decided_ty(c.id);
    // `Init`: the group behavior's memory, then what `delegate` decided.
    let (b, b_ty) = (local("b"), c.behavior.map(|leaf| g.leaf_ty(leaf)));
    let mut init_pats = Vec::new();
    let mut init_tys = Vec::new();
    if let Some(b_ty) = b_ty {
        init_pats.push(b.to_token_stream());
        init_tys.push(b_ty);
    }
    if g.delegates(c.id) {
        init_pats.push(first.to_token_stream());
        init_tys.push(quote!((::core::primitive::usize, #dn)));
    }
    let t_init = c
        .rescore
        .map(|_| quote!(t: #rt::Timer::stamped(#ctx.now()),));
    let tick_inline = g.tick_inline(c.id);
    let wake = own_wake(c);
    // Both walks over the node and its active child (I1), through the
    // children's protocol (`Children::visit`, `visit_mut`).
    let (f, walk_mut) = (local("f"), g.walk_args(Walk::Mut));
    let visit_sig = g.walk_sig(Walk::Ref, quote!(&self));
    let visit_mut_sig = g.walk_sig(Walk::Mut, quote!(&mut self));
    let me = quote!(self);
    let [hook_ref, hook_mut] = Walk::BOTH.map(|w| hook(g, c.id, c.behavior, &me, w));
    quote! {
        impl #ig #rt::OwnNode<#persist, #agent_ty, #world> for #ty {
            type Init = (#(#init_tys,)*);

            #[inline]
            fn enter<__Tr: #rt::Trace>((#(#init_pats,)*): Self::Init, #params) -> #rt::Entered<Self> {
                #b_activate
                #rt::activated(#info, #tr);
                let #s = match #start {
                    #rt::Entered::Running(#c_) => return #rt::Entered::Running(Self { #b_init #t_init c: #c_ }),
                    #rt::Entered::Done(#s) => #s,
                };
                #b_done_on_entry
                #rt::deactivated(#info, #rt::Exit::Completed(#s), #tr);
                #rt::Entered::Done(#s)
            }

            // Called from exactly one place (the parent's tick).
            #tick_inline
            fn tick<__Tr: #rt::Trace>(&mut self, #params) -> #rt::Status {
                #b_tick
                let #s = #step;
                if #s.is_done() {
                    #b_exit
                    #rt::deactivated(#info, #rt::Exit::Completed(#s), #tr);
                }
                #s
            }

            // Halts the whole composite: children first, then the group
            // behavior.
            #[inline]
            fn halt<__Tr: #rt::Trace>(&mut self, #params) {
                <Self as #rt::Children<#persist, #agent_ty, #world>>::halt(&mut self.c, #args);
                #b_halt
                #rt::deactivated(#info, #rt::Exit::Halted, #tr);
            }

            #visit_sig {
                #hook_ref;
                <Self as #rt::Children<#persist, #agent_ty, #world>>::visit(&self.c, #f);
            }

            #visit_mut_sig {
                #hook_mut;
                <Self as #rt::Children<#persist, #agent_ty, #world>>::visit_mut(&mut self.c, #f #walk_mut);
            }

            #wake
        }
    }
}

/// What composite `id` adds to its tree: its types and impls, its group
/// behavior's constructor, and for `random` and `shuffle` groups their
/// generator and round in the persistent state, seeded per node (SPEC D8).
pub fn lower(
    g: &Gen,
    id: usize,
    policy: Policy,
    behavior: Option<&Leaf>,
    rescore: bool,
    kids: &[Child],
) -> Lowered {
    let (rt, ps) = (&g.rt, &g.ps);
    let (mut persist, mut seeds) = (Vec::new(), Vec::new());
    if policy.is_random() {
        let (f, rng, seed_id) = (g.dice_field(id), g.rng_ty(), id as u64);
        persist.push(quote!(#f: #rt::rng::Dice<#rng>));
        let seed = local("seed");
        seeds.push(quote!(#ps.#f = #rt::rng::Dice::seeded(#seed, #seed_id);));
        if policy == Policy::Shuffle {
            let u = g.round_field(id);
            persist.push(quote!(#u: ::core::primitive::u64));
        }
    }
    let kind = Ident::new(
        super::builtin::node_kind(policy),
        proc_macro2::Span::call_site(),
    );
    Lowered {
        run: if is_plain(g, id) {
            run_plain(g, id)
        } else {
            run_own(g, id, behavior)
        },
        items: composite(g, id, kids),
        user_fns: behavior.map_or_else(TokenStream::new, |leaf| g.memory_fn_item(id, leaf)),
        persist,
        seeds,
        clock: rescore,
        rng: policy.is_random(),
        shape_kind: quote!(#kind),
        behavior: behavior.map(|leaf| g.behavior_name(leaf)),
        ..Lowered::default()
    }
}

/// How a parent runs plain composite `id` (`is_plain`): through the
/// runtime's `comp_*` functions over its marker type.
fn run_plain(g: &Gen, id: usize) -> Child {
    let (rt, ty, args, a) = (&g.rt, g.node_ty(id), g.args(), local("a"));
    // A plain composite's enum of running children is its type.
    let en = &ty;
    let (f, agent, ctx) = (local("f"), &g.agent, &g.ctx);
    let (persist, agent_ty, world) = (g.persist(), &g.tree.agent, &g.tree.world);
    let small = g.is_small(id);
    let tick = if small {
        quote!(comp_tick)
    } else {
        quote!(comp_tick_outlined)
    };
    Child {
        active_ty: quote!(#rt::Comp<#en>),
        enter: quote!(#rt::comp_enter::<#ty, _, _, _, _>(#args)),
        tick: quote!(#rt::#tick::<#ty, _, _, _, _>(#a, #args)),
        halt: quote!(#rt::comp_halt::<#ty, _, _, _, _>(#a, #args)),
        visit: [
            quote!(#rt::comp_visit::<#ty, #persist, #agent_ty, #world, _>(#a, #f)),
            quote!(#rt::comp_visit_mut::<#ty, #persist, #agent_ty, #world, _>(#a, #f, #agent, #ctx)),
        ],
        marker: quote!(#rt::Nest<#ty, #small>),
        decide: None,
        init: quote!(()),
    }
}

/// How a parent runs composite `id` with a type of its own: through its
/// `enter`, `tick`, `halt` and walks.
fn run_own(g: &Gen, id: usize, behavior: Option<&Leaf>) -> Child {
    let (rt, a, args, ty) = (&g.rt, local("a"), g.args(), g.node_ty(id));
    let init = init(g, id, behavior);
    Child {
        active_ty: ty.to_token_stream(),
        enter: quote!(#rt::OwnNode::enter(#init, #args)),
        tick: quote!(#rt::OwnNode::tick(#a, #args)),
        halt: quote!(#rt::OwnNode::halt(#a, #args)),
        visit: Walk::BOTH.map(|w| visit(g, &a, w)),
        marker: quote!(#rt::Own<#ty>),
        decide: None,
        init,
    }
}

/// What entering composite `id` starts from (`OwnNode::Init`): its group
/// behavior's memory, if any, and what a `delegate` guard decided (SPEC
/// G6).
fn init(g: &Gen, id: usize, behavior: Option<&Leaf>) -> TokenStream {
    let memory = behavior.map(|leaf| {
        let memory = g.memory(id, leaf);
        quote!(#memory,)
    });
    let first = g.delegates(id).then(|| {
        let blk = &g.blk;
        quote!(#blk,)
    });
    quote!((#memory #first))
}

/// Visits composite `id`, held in `a` (its group behavior's memory, if
/// any), then its active child: by its `OwnNode` impl.
fn visit(g: &Gen, a: &Ident, w: Walk) -> TokenStream {
    let (rt, f, more, method) = (&g.rt, local("f"), g.walk_args(w), w.method());
    quote!(#rt::OwnNode::#method(#a, #f #more))
}

/// Hands composite `id` itself, held in `me`, to the visitor `f` by walk
/// `w`: its group behavior's memory, or the node.
fn hook(g: &Gen, id: usize, behavior: Option<&Leaf>, me: &TokenStream, w: Walk) -> TokenStream {
    let (f, info, more) = (local("f"), g.info(id), g.walk_args(w));
    match behavior {
        Some(leaf) => {
            let (ty, borrow) = (g.leaf_bound(leaf), w.borrow());
            let memory = quote!(#borrow #me.b);
            g.visit_memory(leaf.span, "behavior", Some(&ty), memory, w, &f, info)
        }
        None => quote!(#f.node(#info #more)),
    }
}
