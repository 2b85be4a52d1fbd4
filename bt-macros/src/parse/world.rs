//! The lifetimes of the header's world type. A world that borrows declares
//! them on `world`: `world<'w> = Town<'w>`. Every lifetime the type names
//! must be declared there (or be `'static`, or bound by a `for<'a>` in the
//! type itself): the generated `impl`s take the declared ones as their
//! parameters, so a lifetime written only in the type (`world = Town<'w>`)
//! would be an undeclared name in every one of them, reported by rustc four
//! times with a suggestion pointing into `deciders` itself, and `'_` is not
//! allowed in those positions at all.
//!
//! [`declare`] reports each such lifetime at its tokens with the corrected
//! header, and returns the world as if it had been written correctly, so
//! that the stand-in generated for the tree with errors (`fallback.rs`)
//! compiles and the user sees this one error.

use std::collections::BTreeSet;

use proc_macro2::{Delimiter, Group, Ident, Punct, Spacing, Span, TokenStream, TokenTree};
use syn::{Generics, Type};

use crate::diag::Diagnostics;

/// One lifetime the world type names and the header does not declare.
struct Undeclared {
    /// The `'` and the name, for the error's span.
    tokens: TokenStream,
    /// The name, `_` for an elided lifetime.
    name: String,
}

/// Checks the world's lifetimes against `generics` (the header's
/// `world<…>`), reports every one not declared there into `errors`, and
/// returns the world and its generics as the user meant them: each
/// undeclared lifetime declared, each `'_` named (`'w`, or the first of
/// `'w1`, `'w2`, … that is free).
pub(super) fn declare(
    world: Type,
    generics: Generics,
    errors: &mut Diagnostics,
) -> (Type, Generics) {
    let tokens = quote::quote!(#world);
    let mut used = BTreeSet::new();
    bound_by_for(tokens.clone(), &mut used);
    let declared: BTreeSet<String> = generics
        .lifetimes()
        .map(|l| l.lifetime.ident.to_string())
        .collect();
    used.extend(declared.iter().cloned());
    let mut names = BTreeSet::new();
    all_names(tokens.clone(), &mut names);
    let elided = (0..)
        .map(|i| {
            if i == 0 {
                "w".to_owned()
            } else {
                format!("w{i}")
            }
        })
        .find(|n| !names.contains(n) && !used.contains(n))
        .unwrap_or_default();
    let mut found = Vec::new();
    let fixed = rename(tokens, &used, &elided, &mut found);
    if found.is_empty() {
        return (world, generics);
    }
    // The header as it should read: the declared lifetimes, then the
    // missing ones in the order the type names them.
    let mut params: Vec<String> = generics
        .lifetimes()
        .map(|l| format!("'{}", l.lifetime.ident))
        .collect();
    for u in &found {
        let name = if u.name == "_" { &elided } else { &u.name };
        let param = format!("'{name}");
        if !params.contains(&param) {
            params.push(param);
        }
    }
    let header = format!("world<{}> = {}", params.join(", "), render(fixed.clone()));
    let mut reported = BTreeSet::new();
    for u in &found {
        if u.name != "_" && !reported.insert(u.name.clone()) {
            continue;
        }
        let message = if u.name == "_" {
            format!(
                "a world's lifetimes are named and declared after `world`, not elided: `{header}`"
            )
        } else {
            format!(
                "undeclared lifetime `'{}`: a world that borrows declares its lifetimes after `world`: `{header}`",
                u.name
            )
        };
        errors.push(syn::Error::new_spanned(&u.tokens, message));
    }
    let Ok(world) = syn::parse2::<Type>(fixed) else {
        return (world, generics);
    };
    let mut generics = generics;
    for param in params.iter().skip(generics.lifetimes().count()) {
        let lifetime = syn::Lifetime::new(param, Span::call_site());
        generics
            .params
            .push(syn::GenericParam::Lifetime(syn::LifetimeParam::new(
                lifetime,
            )));
    }
    (world, generics)
}

/// The names of the lifetimes a `for<'a, …>` in `tokens` binds.
fn bound_by_for(tokens: TokenStream, out: &mut BTreeSet<String>) {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut i = 0;
    while i < tokens.len() {
        match &tokens[i] {
            TokenTree::Group(g) => bound_by_for(g.stream(), out),
            TokenTree::Ident(id) if id == "for" && is_punct(tokens.get(i + 1), '<') => {
                let mut depth = 0usize;
                for (j, t) in tokens.iter().enumerate().skip(i + 1) {
                    match t {
                        TokenTree::Punct(p) if p.as_char() == '<' => depth += 1,
                        TokenTree::Punct(p) if p.as_char() == '>' => {
                            depth -= 1;
                            if depth == 0 {
                                i = j;
                                break;
                            }
                        }
                        TokenTree::Ident(name) if is_punct(tokens.get(j - 1), '\'') => {
                            out.insert(name.to_string());
                        }
                        _ => {}
                    }
                }
            }
            _ => {}
        }
        i += 1;
    }
}

/// The names of every lifetime in `tokens`.
fn all_names(tokens: TokenStream, out: &mut BTreeSet<String>) {
    let mut apostrophe = false;
    for t in tokens {
        match &t {
            TokenTree::Group(g) => all_names(g.stream(), out),
            TokenTree::Ident(name) if apostrophe => {
                out.insert(name.to_string());
            }
            _ => {}
        }
        apostrophe = matches!(&t, TokenTree::Punct(p) if p.as_char() == '\'');
    }
}

fn is_punct(t: Option<&TokenTree>, c: char) -> bool {
    matches!(t, Some(TokenTree::Punct(p)) if p.as_char() == c)
}

/// `tokens` with each `'_` renamed `'elided`; every lifetime neither
/// `'static` nor in `declared` (nor `'_`) is pushed to `found`, in order.
fn rename(
    tokens: TokenStream,
    declared: &BTreeSet<String>,
    elided: &str,
    found: &mut Vec<Undeclared>,
) -> TokenStream {
    let mut out = Vec::new();
    let mut apostrophe: Option<Punct> = None;
    for t in tokens {
        match t {
            TokenTree::Group(g) => {
                let mut group =
                    Group::new(g.delimiter(), rename(g.stream(), declared, elided, found));
                group.set_span(g.span());
                out.push(TokenTree::Group(group));
            }
            TokenTree::Ident(name) if apostrophe.is_some() => {
                let quote = apostrophe.take().map(TokenTree::Punct);
                let text = name.to_string();
                if text != "static" && !declared.contains(&text) {
                    found.push(Undeclared {
                        tokens: quote
                            .iter()
                            .cloned()
                            .chain([TokenTree::Ident(name.clone())])
                            .collect(),
                        name: text.clone(),
                    });
                }
                out.extend(quote);
                out.push(TokenTree::Ident(if text == "_" {
                    Ident::new(elided, name.span())
                } else {
                    name
                }));
            }
            TokenTree::Punct(p) if p.as_char() == '\'' && p.spacing() == Spacing::Joint => {
                apostrophe = Some(p);
            }
            other => out.push(other),
        }
    }
    out.into_iter().collect()
}

/// `tokens` as a person writes them: `Town<'w>`, `&'w mut Map`,
/// `Frame<'w, [u8; 4]>`, `dyn for<'x> Fn(&'x u32) -> u32`, not
/// `Town < 'w >`.
fn render(tokens: TokenStream) -> String {
    let mut out = String::new();
    // Whether the last token was a word (an identifier or a literal), or
    // a `,` / `;`: a word after either gets a space.
    let mut after_word = false;
    let mut after_separator = false;
    let mut after_apostrophe = false;
    let mut after_angle = false;
    for t in tokens {
        // A closing `>` (not `->`, which gets its space already).
        let angle = matches!(&t, TokenTree::Punct(p) if p.as_char() == '>') && !out.ends_with('-');
        match t {
            TokenTree::Ident(_) | TokenTree::Literal(_) => {
                if (after_word && !after_apostrophe) || after_separator || after_angle {
                    out.push(' ');
                }
                out.push_str(&t.to_string());
                after_word = true;
                after_separator = false;
                after_apostrophe = false;
            }
            TokenTree::Punct(p) => {
                let c = p.as_char();
                if after_separator || (after_word && matches!(c, '=' | '+' | '-' | '\'' | '&')) {
                    out.push(' ');
                }
                out.push(c);
                if c == '+' || c == '=' || (c == '>' && out.ends_with("->")) {
                    out.push(' ');
                }
                after_separator = matches!(c, ',' | ';');
                after_apostrophe = c == '\'';
                after_word = false;
            }
            TokenTree::Group(g) => {
                // `&'w [u8]`, but `Fn(…)`.
                let after_lifetime = after_word
                    && out
                        .trim_end_matches(|c: char| c.is_alphanumeric() || c == '_')
                        .ends_with('\'');
                if after_separator
                    || after_lifetime
                    || after_word && g.delimiter() == Delimiter::Brace
                {
                    out.push(' ');
                }
                let inner = render(g.stream());
                let (open, close) = match g.delimiter() {
                    Delimiter::Parenthesis => ("(", ")"),
                    Delimiter::Bracket => ("[", "]"),
                    Delimiter::Brace => ("{ ", " }"),
                    Delimiter::None => ("", ""),
                };
                out.push_str(open);
                out.push_str(&inner);
                out.push_str(close);
                after_word = true;
                after_separator = false;
                after_apostrophe = false;
            }
        }
        after_angle = angle;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(header: &str) -> (String, Vec<String>) {
        let (generics, world) = header.split_once('=').unwrap();
        let generics: Generics = syn::parse_str(generics.trim()).unwrap();
        let world: Type = syn::parse_str(world.trim()).unwrap();
        let mut errors = Diagnostics::default();
        let (world, generics) = declare(world, generics, &mut errors);
        let messages = errors
            .into_error()
            .map(|e| e.into_iter().map(|e| e.to_string()).collect())
            .unwrap_or_default();
        let params: Vec<String> = generics
            .lifetimes()
            .map(|l| l.lifetime.to_string())
            .collect();
        (
            format!("<{}> {}", params.join(", "), render(quote::quote!(#world))),
            messages,
        )
    }

    #[test]
    fn declared_static_and_bound_lifetimes_are_fine() {
        for header in [
            "<'w> = Town<'w>",
            "= Town<'static>",
            "<'a, 'b> = (&'a mut Map, Town<'b>)",
            "= Box<dyn for<'x> Fn(&'x u32) -> u32>",
            "= ()",
        ] {
            assert_eq!(check(header).1, Vec::<String>::new(), "{header}");
        }
        let (fixed, errors) = check("= Box<dyn for<'x> Fn(&'x Town<'t>) -> u32>");
        assert_eq!(fixed, "<'t> Box<dyn for<'x> Fn(&'x Town<'t>) -> u32>");
        assert_eq!(errors.len(), 1, "{errors:?}");
    }

    #[test]
    fn an_undeclared_lifetime_is_reported_once_with_the_header_to_write() {
        let (fixed, errors) = check("= Town<'w>");
        assert_eq!(fixed, "<'w> Town<'w>");
        assert_eq!(
            errors,
            ["undeclared lifetime `'w`: a world that borrows declares its lifetimes after `world`: `world<'w> = Town<'w>`"]
        );
        let (fixed, errors) = check("<'a> = (&'a mut Map, Town<'b, 'b>)");
        assert_eq!(fixed, "<'a, 'b> (&'a mut Map, Town<'b, 'b>)");
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].ends_with("`world<'a, 'b> = (&'a mut Map, Town<'b, 'b>)`"),
            "{errors:?}"
        );
    }

    #[test]
    fn an_elided_lifetime_gets_a_free_name() {
        let (fixed, errors) = check("= Town<'_>");
        assert_eq!(fixed, "<'w> Town<'w>");
        assert_eq!(
            errors,
            ["a world's lifetimes are named and declared after `world`, not elided: `world<'w> = Town<'w>`"]
        );
        let (fixed, errors) = check("<'w> = (Town<'w>, &'_ [u8; 4])");
        assert_eq!(fixed, "<'w, 'w1> (Town<'w>, &'w1 [u8; 4])");
        assert_eq!(errors.len(), 1, "{errors:?}");
    }
}
