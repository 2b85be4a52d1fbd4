//! A stop-gap over `decorator.rs`'s output, which is being rewritten
//! elsewhere: it applies the hygiene rules the rest of the expansion follows
//! by construction. Delete this file (and its call in `mod.rs`) once
//! `decorator.rs` does the same itself:
//!
//! - name the runtime through `g.rt`, not `::deciders::__private` (its
//!   `status` function), so that trees work through a renamed dependency or
//!   a re-export of `tree!`;
//! - make its locals hygienic (`let s`, the `s` and `a` match bindings,
//!   the `f` parameter of `visit`): `names::local("s")`, so that a user
//!   constant named `s` in scope is not turned into a constant pattern;
//! - qualify primitive types and prelude traits (`n: u64`, `t: f64`,
//!   `FnMut`): `::core::primitive::u64`, `::core::ops::FnMut`, so that a
//!   user type named `u64` or `#![no_implicit_prelude]` does not break it;
//! - put `#derives` (`g.derives`) on its state struct, so that a tree's
//!   `#[derive(Debug, Clone)]` reaches it.
//!
//! Every rewrite here is a no-op on output that already does so.
//! `decorator_compat.patch` (next to this file) makes these changes to
//! `decorator.rs` as of this branch's base: with it applied and this pass
//! bypassed, the whole workspace passes, hygiene suite included. Note that
//! `Gen::visit` calls the visitor `__f` (`names::local("f")`): the
//! decorator's `fn visit` must name its parameter so.

use proc_macro2::{Delimiter, Group, Ident, Spacing, Span, TokenStream, TokenTree};
use quote::quote;

use super::names::Gen;

/// The locals of `decorator.rs` (its `let s`, its `a` bindings, the `f`
/// parameter of `visit`).
const LOCALS: &[&str] = &["s", "a", "f"];

/// Primitive types a decorator's state struct may hold.
const PRIMITIVES: &[&str] = &["u64", "u32", "u16", "usize", "f64", "f32", "bool"];

/// `tokens` (one decorator's types and `impl`) with the fixes above.
pub fn fix(g: &Gen, tokens: TokenStream) -> TokenStream {
    let tokens = rewrite(tokens, &g.rt);
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = TokenStream::new();
    let mut item_start = 0;
    let mut i = 0;
    while i < trees.len() {
        let tt = &trees[i];
        if let TokenTree::Ident(kw) = tt {
            if kw == "struct" || kw == "enum" {
                // Before the visibility, if any: `pub`, `pub(crate)`.
                let is_pub = |k: usize| matches!(&trees[k], TokenTree::Ident(p) if p == "pub");
                let mut at = i;
                if at > item_start && is_pub(at - 1) {
                    at -= 1;
                } else if at >= item_start + 2
                    && matches!(&trees[at - 1], TokenTree::Group(gr) if gr.delimiter() == Delimiter::Parenthesis)
                    && is_pub(at - 2)
                {
                    at -= 2;
                }
                out.extend(trees[item_start..at].iter().cloned());
                out.extend(g.derives.clone());
                out.extend(trees[at..=i].iter().cloned());
                // The name, then the body.
                i += 1;
                while i < trees.len() {
                    match &trees[i] {
                        TokenTree::Group(gr) if gr.delimiter() == Delimiter::Brace => {
                            let mut body =
                                Group::new(Delimiter::Brace, qualify_fields(gr.stream()));
                            body.set_span(gr.span());
                            out.extend([TokenTree::Group(body)]);
                            break;
                        }
                        other => out.extend([other.clone()]),
                    }
                    i += 1;
                }
                i += 1;
                item_start = i;
                continue;
            }
        }
        // Items end at a `;` or at the brace group of an `impl` or `fn`.
        if matches!(tt, TokenTree::Punct(p) if p.as_char() == ';')
            || matches!(tt, TokenTree::Group(gr) if gr.delimiter() == Delimiter::Brace)
        {
            out.extend(trees[item_start..=i].iter().cloned());
            item_start = i + 1;
        }
        i += 1;
    }
    out.extend(trees[item_start.min(trees.len())..].iter().cloned());
    out
}

/// `name: u64` fields of a struct body → `name: ::core::primitive::u64`.
fn qualify_fields(body: TokenStream) -> TokenStream {
    let trees: Vec<TokenTree> = body.into_iter().collect();
    let mut out = TokenStream::new();
    for (i, tt) in trees.iter().enumerate() {
        let field_type = i >= 2
            && matches!(&trees[i - 1], TokenTree::Punct(p) if p.as_char() == ':' && p.spacing() == Spacing::Alone)
            && matches!(&trees[i - 2], TokenTree::Ident(_))
            && (i < 3 || !matches!(&trees[i - 3], TokenTree::Punct(p) if p.as_char() == ':'))
            && trees
                .get(i + 1)
                .is_none_or(|next| matches!(next, TokenTree::Punct(p) if p.as_char() == ','));
        match tt {
            TokenTree::Ident(ty) if field_type && PRIMITIVES.iter().any(|p| ty == p) => {
                out.extend(quote!(::core::primitive::#ty));
            }
            other => out.extend([other.clone()]),
        }
    }
    out
}

/// Recursively: `::deciders::__private` → `rt`; a bare `FnMut` →
/// `::core::ops::FnMut`; a local (`LOCALS`) `s` → `__s` with mixed-site
/// hygiene (keeping its location), as `names::local` makes them.
fn rewrite(tokens: TokenStream, rt: &TokenStream) -> TokenStream {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = TokenStream::new();
    let mut i = 0;
    while i < trees.len() {
        if is_private_path(&trees[i..]) {
            out.extend(rt.clone());
            i += 6;
            continue;
        }
        match &trees[i] {
            TokenTree::Group(gr) => {
                let mut new = Group::new(gr.delimiter(), rewrite(gr.stream(), rt));
                new.set_span(gr.span());
                out.extend([TokenTree::Group(new)]);
            }
            TokenTree::Ident(id) if id == "FnMut" && !after_path_sep(&trees[..i]) => {
                out.extend(quote!(::core::ops::FnMut));
            }
            TokenTree::Ident(id)
                if LOCALS.iter().any(|l| id == l) && !after_path_sep(&trees[..i]) =>
            {
                let name = format!("__{id}");
                let span = id.span().resolved_at(Span::mixed_site());
                out.extend([TokenTree::Ident(Ident::new(&name, span))]);
            }
            other => out.extend([other.clone()]),
        }
        i += 1;
    }
    out
}

/// Whether `trees` start with `:: deciders :: __private`.
fn is_private_path(trees: &[TokenTree]) -> bool {
    let colon = |tt: &TokenTree, spacing: Spacing| matches!(tt, TokenTree::Punct(p) if p.as_char() == ':' && p.spacing() == spacing);
    trees.len() >= 6
        && colon(&trees[0], Spacing::Joint)
        && colon(&trees[1], Spacing::Alone)
        && matches!(&trees[2], TokenTree::Ident(id) if id == "deciders")
        && colon(&trees[3], Spacing::Joint)
        && colon(&trees[4], Spacing::Alone)
        && matches!(&trees[5], TokenTree::Ident(id) if id == "__private")
}

/// Whether the tokens before end in `::` or `.` (the next identifier is a
/// path segment, a field or a method, not a local or a bare type).
fn after_path_sep(before: &[TokenTree]) -> bool {
    let punct = |tt: Option<&TokenTree>, c: char| matches!(tt, Some(TokenTree::Punct(p)) if p.as_char() == c);
    let n = before.len();
    punct(before.last(), '.')
        || (n >= 2
            && punct(before.get(n - 1), ':')
            && matches!(&before[n - 2], TokenTree::Punct(p) if p.as_char() == ':' && p.spacing() == Spacing::Joint))
}
