//! The `tree!` proc macro of `deciders`.
//!
//! One pipeline, one direction, one module per stage:
//!
//! 1. `parse`: the input tokens → the model (`model`);
//! 2. `check`: every compile-time rule (section 9 of the `deciders`
//!    reference, `docs/reference.md`), all errors collected: each tree's
//!    `diag::Diagnostics` is passed by `&mut` to `parse` and then to
//!    `check`, and reported whole;
//! 3. `expand`: the model → the enum state machine;
//! 4. `fallback`: on errors, a stand-in type next to them.
//!
//! The macro never panics: every problem in the input is a compile error
//! with a span.
//!
//! Apart from that pipeline, `stimulus` is `#[derive(Stimulus)]`: a
//! fieldless enum as a set of stimulus kinds (SPEC V2).
#![forbid(unsafe_code)]
#![warn(clippy::too_many_lines)]

mod check;
mod deferred;
mod diag;
mod expand;
mod fallback;
mod model;
mod parse;
mod stimulus;

use proc_macro::TokenStream;

/// Declares one or more behavior trees and generates their state machines.
///
/// Invoke it as `deciders::tree!`: that `macro_rules!` wrapper passes the
/// path of the `deciders` crate as it is known where the tree is declared
/// (`#![crate = $crate]`), so that trees work through a renamed dependency
/// or a crate re-exporting `tree!`. Invoked directly, the runtime is looked
/// up at `::deciders`. See the `deciders` crate documentation for the
/// syntax and semantics.
///
/// # Limits
///
/// - **Depth**: a node is at most 48 levels below its tree's root
///   (`MAX_DEPTH`; the root is at depth 0), counting through `subtree`
///   references: the root of a referenced tree is one level below its
///   `subtree` node, because its state is nested in the referencing tree's.
///   Each level is a type nested in the tree's state, and the compiler's
///   trait and layout queries overflow its default `recursion_limit` at 63
///   levels for zero-sized behaviors, earlier for behaviors whose own types
///   nest (55 for one holding a `HashMap<u32, Vec<Arc<String>>>`); every
///   tree up to 48 levels compiles, whatever its node kinds. A deeper node
///   is a compile error at that node; make the tree flatter (merge nested
///   composites of the same kind). Input nested deeper than that, up to what
///   the compiler itself can read, is reported the same way, never a crash.
/// - **Width**: a decider group (`priority`, `sequential`) has at most 64
///   children; other composites any number, compiled in time and memory
///   linear in the width.
/// - **Size**: a tree has at most 65,535 nodes.
/// - **Brackets**: the input nests brackets at most 128 levels deep (a
///   behavior's constructor or a guard nested deeper than that is an error:
///   name a function or a constant instead).
#[proc_macro]
pub fn tree(input: TokenStream) -> TokenStream {
    pipeline(input.into()).into()
}

/// Makes a fieldless enum a set of stimulus kinds: implements the
/// runtime's `Stimulus` trait (each variant's index is its position, whatever
/// its discriminant) and gives the enum an inherent `const fn flag(self) ->
/// Flags`, so that `Stim::Hit.flag()` is a constant in guard masks.
///
/// Use it as `deciders::Stimulus` (the trait and the derive have one name,
/// as serde's). The generated code names the runtime as `::deciders`;
/// `#[stimulus(crate = path::to::deciders)]` names it otherwise (a renamed
/// dependency, a crate re-exporting `deciders`). More than 64 variants, a
/// variant with fields, a generic enum, an empty enum, a struct or a union
/// is a compile error at the offending tokens. See the `deciders` crate
/// documentation (`Stimulus`, `Stimuli`).
#[proc_macro_derive(Stimulus, attributes(stimulus))]
pub fn derive_stimulus(input: TokenStream) -> TokenStream {
    stimulus::derive(input.into()).into()
}

/// Makes a world struct carry deferred actions: implements the runtime's
/// `deferred::Deferred` for a struct with one field of type
/// `Requests<Launch>` (or `&mut Requests<Launch>`) and one of type
/// `Completions<Done>` (or `&Completions<Done>`), found by their types.
///
/// Use it as `deciders::deferred::Deferred` (the trait and the derive have
/// one name). `#[deferred(crate = path::to::deciders)]` names the runtime
/// otherwise. A struct without those fields, or with two of one kind, is
/// a compile error saying which.
#[proc_macro_derive(Deferred, attributes(deferred))]
pub fn derive_deferred(input: TokenStream) -> TokenStream {
    deferred::derive(input.into()).into()
}

/// parse → check → expand (or fallback), on `proc_macro2` tokens so that
/// it also runs outside a compiler (the fuzz test below).
fn pipeline(input: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
    // The user's tokens: their names are kept used if no tree is expanded.
    let tokens = input.clone();
    let (input, cut) = parse::limit_nesting(input);
    // One `Diagnostics` per tree: `parse` pushes to it what leaves the
    // syntax readable, `check` the broken rules.
    let mut diagnostics = Vec::new();
    let parsed = syn::parse::Parser::parse2(
        |s: syn::parse::ParseStream| parse::input(s, &mut diagnostics),
        input,
    );
    let input = match parsed {
        Ok(input) => input,
        Err(e) => {
            let spans: Vec<_> = e.clone().into_iter().map(|e| e.span()).collect();
            let mut out = e.to_compile_error();
            out.extend(fallback::uses(&tokens, &spans));
            return out;
        }
    };
    let trees = &input.trees;
    let rt = input.rt();
    let alias = runtime_alias();
    let checked: Vec<Result<(), syn::Error>> = trees
        .iter()
        .zip(diagnostics)
        .map(|(t, mut errors)| {
            check::tree(t, trees, &mut errors);
            errors.into_error().map_or(Ok(()), Err)
        })
        .collect();
    let failed: Vec<bool> = checked.iter().map(Result::is_err).collect();
    let mut out = proc_macro2::TokenStream::new();
    // Everything but the state types goes into one block (`expand`).
    let mut inner = proc_macro2::TokenStream::new();
    // Brackets nested deeper than any tree's nodes can be (the node-depth
    // error did not fire), in a guard or a behavior's constructor: what was
    // cut is lost, so no tree is expanded.
    let cut = cut.filter(|_| !input.too_deep);
    if let Some(span) = cut {
        let e = syn::Error::new(
            span,
            format!(
                "brackets nested more than {} levels deep: `tree!` does not read input this deep; \
                 move the expression into a function or a constant and name it in the tree",
                parse::MAX_TOKEN_NESTING
            ),
        );
        out.extend(e.to_compile_error());
    }
    let mut fell_back = false;
    let mut error_spans = Vec::new();
    for (tree, checked) in trees.iter().zip(checked) {
        fell_back |= !matches!(checked, Ok(())) || cut.is_some();
        let (outer, impls) = match checked {
            Ok(()) if cut.is_none() && !check::references_failed(tree, trees, &failed) => {
                expand::tree(tree, trees, &rt, &alias)
            }
            // The referenced tree (or the nesting error) reports it.
            Ok(()) => {
                fell_back = true;
                fallback::tree(tree, &rt)
            }
            Err(e) => {
                error_spans.extend(e.clone().into_iter().map(|e| e.span()));
                out.extend(e.to_compile_error());
                fallback::tree(tree, &rt)
            }
        };
        out.extend(outer);
        inner.extend(impls);
    }
    if fell_back {
        out.extend(fallback::uses(&tokens, &error_spans));
    }
    if !inner.is_empty() {
        out.extend(quote::quote! {
            // Generated types and statics are named after the tree and the
            // nodes (`__CreatureN3_eat`, `__CreatureSHAPE`): one `allow` for
            // the whole block.
            #[allow(non_camel_case_types, non_upper_case_globals)]
            const _: () = {
                use #rt as #alias;
                #inner
            };
        });
    }
    out
}

/// The runtime's name inside an invocation's `const _` block (`use
/// $crate::__private as __deciders;`): a short alias, so that the expansion
/// a user reads (`cargo expand`) says `__deciders::Status`, not the full
/// path every time.
fn runtime_alias() -> proc_macro2::TokenStream {
    quote::quote!(__deciders)
}

#[cfg(test)]
mod fuzz;

/// The `#![crate = …]` header the `deciders::tree!` wrapper passes.
#[cfg(test)]
mod header {
    fn expand(input: &str) -> String {
        super::pipeline(input.parse().unwrap()).to_string()
    }

    #[test]
    fn names_the_runtime_through_the_given_path() {
        let out = expand("#![crate = ::bt] tree T for A { sequence { succeed, X } }");
        assert!(out.contains(":: bt :: __private"), "{out}");
        // Only the static shape's text for built-ins says `deciders`.
        assert!(!out.contains(":: deciders"), "{out}");
    }

    #[test]
    fn defaults_to_deciders() {
        let out = expand("tree T for A { sequence { succeed, X } }");
        assert!(out.contains(":: deciders :: __private"), "{out}");
    }

    #[test]
    fn a_malformed_header_is_an_error() {
        for input in [
            "#![krate = ::bt] tree T for A { X }",
            "#![crate] tree T for A { X }",
            "#![crate = ] tree T for A { X }",
        ] {
            let out = expand(input);
            assert!(out.contains("compile_error"), "{input}: {out}");
            assert!(
                out.contains("#![crate = path::to::deciders]"),
                "{input}: {out}"
            );
        }
    }
}
