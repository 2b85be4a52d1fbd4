//! What the macro emits next to its errors: the tree's state type with the
//! same API and no tree behind it, so that a mistake in a tree gives one
//! error, not dozens about a missing type (as thiserror does).

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};

use crate::model::Tree;

/// A stand-in for the tree's state type: the type itself, for the user's
/// module, and its impls, for the invocation's `const _` block. It is the
/// real state type (the same declaration and the same API, from the same
/// functions as a correct tree's, `expand::tree::{outer_type, api}`) over
/// a stub definition with no nodes, so that code using the tree reports
/// nothing more, and cannot drift from what a correct tree offers.
pub fn tree(tree: &Tree, rt: &TokenStream) -> (TokenStream, TokenStream) {
    let (name, agent, world) = (&tree.name, &tree.agent, &tree.world);
    let outer = crate::expand::outer_type(tree, rt, None);
    let api = crate::expand::api(tree, rt, quote!(&[]), "", "");
    let ig = crate::expand::impl_generics(&tree.world_generics);
    let slots = crate::expand::slots(tree, rt);
    let events = crate::expand::events_impl(tree, rt, true);
    let machine = crate::expand::machine_fns(name, rt);
    let name_str = name.to_string();
    // Its generic parameters are `__`-prefixed, as the expansion's: the
    // agent and world types appear in the same signatures, and a parameter
    // named like one of them (`Tr`, `V`) would shadow it there.
    let (tr, v) = (format_ident!("__Tr"), format_ident!("__V"));
    // The stub never runs (the crate does not compile); it fails, rather
    // than panics, all the same.
    let inner = quote! {
        // A `subtree` reference from another invocation gets no second
        // error either.
        impl #rt::TreeParts for #name {
            const NAME: &'static ::core::primitive::str = #name_str;
            const FINGERPRINT: ::core::primitive::u64 = 0;
            const DEPTH: ::core::primitive::usize = 0;
            const CLOCK: ::core::primitive::bool = false;
            type Root = ();
            type Persist = ();
            type Clock = ();
            type Seed = ();
            #slots
        }
        #machine
        impl #ig #rt::Subtree<#agent, #world> for #name {
            type Tree = Self;
            fn enter<#tr: #rt::Trace>(_: &mut (), _: &mut #agent, _: &mut #rt::Ctx<'_, #world>, _: &mut #tr) -> #rt::Entered<()> {
                #rt::Entered::Done(#rt::Status::Failure)
            }
            fn tick<#tr: #rt::Trace>(_: &mut (), _: &mut (), _: &mut #agent, _: &mut #rt::Ctx<'_, #world>, _: &mut #tr) -> #rt::Status {
                #rt::Status::Failure
            }
            fn halt<#tr: #rt::Trace>(_: &mut (), _: &mut (), _: &mut #agent, _: &mut #rt::Ctx<'_, #world>, _: &mut #tr) {}
            fn visit<#v: #rt::Visitor<#agent, #world>>(_: &(), _: &mut #v) {}
            fn visit_mut<#v: #rt::VisitorMut<#agent, #world>>(_: &mut (), _: &mut #v, _: &mut #agent, _: &mut #rt::Ctx<'_, #world>) {}
        }
        #events
        #api
    };
    (outer, inner)
}

/// Keeps the user's names used when the tree is not expanded: one
/// `use NAME as _;` per name the invocation starts a path with (a type,
/// a module, an enum, a constant, a function), so that a tree with a
/// mistake, even one the parser stopped at, does not also turn every
/// `use` of its behaviors into an `unused import` warning.
///
/// Taken from the tokens, not the model, so that it works when nothing
/// could be parsed: a path's first segment when `::` follows it (`Kind`
/// in `Kind::Sheep`, `idle` in `idle::Wander`), and every other identifier
/// that starts with an upper-case letter (`Graze`, `ALARM`), except the
/// status names the grammar spells (`force(Success)`), `Self`, the tree's
/// own name (after `tree`), a node name (before a single `:`), a field or
/// method (after `.`), a keyword, and a name one of the macro's own errors
/// points at (`errors`: a miscased `Repeat(3)`, an unknown `subtree
/// Gaurd`), which must not be reported twice. Each `use` resolves the name
/// where the user wrote it, in every namespace and through the prelude, so
/// a name that exists somewhere adds nothing; one that exists nowhere is
/// reported there, and would have been an error of the tree's anyway.
pub fn uses(input: &TokenStream, errors: &[proc_macro2::Span]) -> TokenStream {
    let mut names: Vec<proc_macro2::Ident> = Vec::new();
    collect_names(input.clone(), &mut names);
    // A name an error points at is skipped wherever it is written (a
    // generic `T` reported in a header is `T` further on too).
    let reported: Vec<_> = errors.iter().map(|s| (s.start(), s.end())).collect();
    let mut seen: std::collections::HashSet<String> = names
        .iter()
        .filter(|n| reported.contains(&(n.span().start(), n.span().end())))
        .map(ToString::to_string)
        .collect();
    names.retain(|n| seen.insert(n.to_string()));
    if names.is_empty() {
        return TokenStream::new();
    }
    let uses = names.iter().map(|name| {
        quote_spanned! {name.span()=>
            #[allow(unused_imports)]
            use #name as _;
        }
    });
    quote! {
        const _: () = {
            #(#uses)*
        };
    }
}

/// The names [`uses`] keeps, in order, from `tokens` and its groups.
/// Iterative: it runs before the input's nesting is limited.
fn collect_names(tokens: TokenStream, out: &mut Vec<proc_macro2::Ident>) {
    use proc_macro2::{Spacing, TokenTree};
    let mut pending = vec![tokens];
    while let Some(tokens) = pending.pop() {
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        let punct = |i: usize, c: char| matches!(tokens.get(i), Some(TokenTree::Punct(p)) if p.as_char() == c);
        let path_sep = |i: usize| {
            matches!(tokens.get(i), Some(TokenTree::Punct(p)) if p.as_char() == ':' && p.spacing() == Spacing::Joint)
                && punct(i + 1, ':')
        };
        for (i, token) in tokens.iter().enumerate() {
            match token {
                TokenTree::Group(g) => pending.push(g.stream()),
                TokenTree::Ident(ident) => {
                    let text = ident.to_string();
                    // Not a path's first segment: after `::`, `.` or `'`.
                    let inner = i >= 1 && (punct(i - 1, '.') || punct(i - 1, '\''))
                        || i >= 2 && path_sep(i - 2);
                    let after_tree =
                        i >= 1 && matches!(&tokens[i - 1], TokenTree::Ident(t) if t == "tree");
                    let starts_path = path_sep(i + 1);
                    let node_name = punct(i + 1, ':') && !starts_path;
                    let upper = text.starts_with(|c: char| c.is_ascii_uppercase());
                    let keep = !inner
                        && !after_tree
                        && !node_name
                        && (starts_path || upper)
                        && !text.starts_with('$')
                        && !matches!(
                            text.as_str(),
                            "Success" | "Failure" | "Running" | "Self" | "self" | "super" | "crate"
                        );
                    // Not a keyword (`move ::` in broken input).
                    if keep && syn::parse_str::<proc_macro2::Ident>(&text).is_ok() {
                        out.push(ident.clone());
                    }
                }
                _ => {}
            }
        }
    }
}
