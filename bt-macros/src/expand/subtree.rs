//! `subtree Name` and `subtree path::to::Name` (SPEC S1–S3): a reference to
//! another tree, local to the invocation or declared elsewhere. Whatever it
//! is, it is used through the runtime's `Subtree<Agent, World>`, which every
//! tree implements: its active state is the referenced tree's root wrapper,
//! its persistent state a field of ours, and its needs (clock, generator,
//! depth) the referenced tree's constants.

use proc_macro2::{Ident, TokenStream};
use quote::{quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;
use syn::Path;

use super::ir::{Child, Lowered, Reference, Walk};
use super::names::{local, Gen};

/// What `subtree` node `id` adds to its tree: the alias naming the
/// referenced tree once, a depth check when the tree is declared elsewhere,
/// and the referenced tree's persistent state, seeded from ours.
pub fn lower(g: &Gen, id: usize, path: &Path) -> Lowered {
    let rt = &g.rt;
    let ps = &g.ps;
    let node = &g.tree.nodes[id];
    let (field, parts) = (g.subtree_field(id), g.subtree_parts(id));
    let seed_id = id as u64;
    // The path as written, named once: a path that names nothing is one
    // error, there.
    let alias = g.subtree_alias(id);
    let mut items = quote_spanned!(path.span()=> type #alias = #path;);
    let (depth, sub_depth) = (node.depth, quote!(#parts::DEPTH));
    if crate::model::Tree::local(g.trees, path).is_none() {
        // A tree declared elsewhere: its depth is known to the compiler
        // only (a local one is checked by the macro).
        let message = format!(
            "`subtree {}` nests too deeply: counting through `subtree` references, \
             a tree nests at most {} levels (rule S3)",
            path.to_token_stream().to_string().replace(' ', ""),
            crate::parse::MAX_DEPTH
        );
        let max = crate::parse::MAX_DEPTH;
        items.extend(quote_spanned!(path.span()=>
            const _: () = ::core::assert!(#depth + 1 + #sub_depth <= #max, #message);
        ));
    }
    // SPEC V3, V4: a subtree's guards and leaves would read the
    // referencing tree's variables and timestamps by position.
    let message = format!(
        "`subtree {}`: a tree that declares `var` or `stamp` cannot be used through `subtree` \
         (its variables and timestamps would be the referencing tree's); declare them in the \
         referencing tree and move the nodes that read them there",
        path.to_token_stream().to_string().replace(' ', "")
    );
    items.extend(quote_spanned!(path.span()=>
        const _: () = ::core::assert!(!#parts::SERVICES, #message);
    ));
    // The reference's marker type: where its persistent state is, for its
    // runtime node type (`composite::Reference`).
    let (persist, node_ty) = (g.persist(), g.node_ty(id));
    items.extend(quote! {
        struct #node_ty;
        impl #rt::Reference<#persist> for #node_ty {
            type Persist = #parts::Persist;
            #[inline(always)]
            fn persist(#ps: &mut #persist) -> &mut Self::Persist {
                &mut #ps.#field
            }
        }
    });
    // The tree named through `Subtree<Agent, World>`, at the path: a path
    // that is no tree for this agent and world is one error, there.
    let (sub, span, n) = (
        g.subtree_trait(id),
        g.subtree_span(id),
        u16::try_from(id).unwrap_or(u16::MAX),
    );
    let marker = quote_spanned!(span=> #rt::Sub<#sub::Tree, #node_ty, #n>);
    let a = local("a");
    Lowered {
        run: Child {
            active_ty: quote!(#parts::Root),
            enter: enter(g, id),
            tick: tick(g, id, &a),
            halt: halt(g, id, &a),
            visit: Walk::BOTH.map(|w| visit(g, id, &a, w)),
            marker,
            decide: None,
            init: quote!(()),
        },
        items,
        persist: vec![quote!(#field: #parts::Persist)],
        seeds: vec![{
            let (seed, alias) = (local("seed"), g.subtree_alias(id));
            quote!(<#alias as #rt::TreeParts>::seed(&mut #ps.#field, #rt::rng::derive_seed(#seed, #seed_id));)
        }],
        shape_kind: quote!(Subtree),
        reference: Some(Reference {
            depth: quote!(#depth + 1 + #sub_depth),
            sub: parts.clone(),
        }),
        ..Lowered::default()
    }
}

/// The arguments for the tree referenced at node `id`: its own persistent
/// state instead of ours, and our tracer renamed so that the referenced
/// tree's root is reported as this reference (S1, I1).
fn args(g: &Gen, id: usize) -> TokenStream {
    let (agent, ctx, tr, ps) = (&g.agent, &g.ctx, &g.tr, &g.ps);
    let field = g.subtree_field(id);
    let renamed = renamed(g, id, tr);
    quote!(&mut #ps.#field, #agent, #ctx, #renamed)
}

/// `inner` (a tracer or a visitor) wrapped so that the root of the tree
/// referenced at node `id` is reported as the reference: in paths and
/// traces the two are one node, under the reference's name.
fn renamed(g: &Gen, id: usize, inner: &Ident) -> TokenStream {
    let (rt, info, alias) = (&g.rt, g.info(id), g.subtree_alias(id));
    quote!(&mut #rt::Renamed::new(#inner, <#alias as #rt::TreeParts>::shape(), #info))
}

/// Enters the tree referenced at node `id`; its root's events are the
/// reference's.
fn enter(g: &Gen, id: usize) -> TokenStream {
    let (sub, args) = (g.subtree_trait(id), args(g, id));
    quote_spanned!(g.subtree_span(id)=> #sub::enter(#args))
}

/// Ticks the tree referenced at node `id`, held in `a`.
fn tick(g: &Gen, id: usize, a: &Ident) -> TokenStream {
    let (sub, args) = (g.subtree_trait(id), args(g, id));
    quote!(#sub::tick(#a, #args))
}

/// Halts the tree referenced at node `id`, held in `a`.
fn halt(g: &Gen, id: usize, a: &Ident) -> TokenStream {
    let (sub, args) = (g.subtree_trait(id), args(g, id));
    quote!(#sub::halt(#a, #args))
}

/// Visits the referenced tree's active path, its root as the reference.
fn visit(g: &Gen, id: usize, a: &Ident, w: Walk) -> TokenStream {
    let (f, sub, method, more) = (local("f"), g.subtree_trait(id), w.method(), g.walk_args(w));
    let renamed = renamed(g, id, &f);
    quote!(#sub::#method(#a, #renamed #more))
}
