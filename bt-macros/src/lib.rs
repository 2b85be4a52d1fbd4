//! The `tree!` proc macro of `deciders`.
//!
//! One pipeline, one direction, one file per stage:
//!
//! 1. `parse`: the input tokens → the model (`model`);
//! 2. `check`: every rule of SPEC §9, all errors collected;
//! 3. `expand`: the model → the enum state machine;
//! 4. `fallback`: on errors, a stand-in type next to them.
//!
//! The macro never panics: every problem in the input is a compile error
//! with a span.
#![forbid(unsafe_code)]

mod check;
mod expand;
mod fallback;
mod model;
mod parse;

use proc_macro::TokenStream;

/// Declares one or more behavior trees and generates their state machines.
///
/// See the `deciders` crate documentation for the syntax and semantics.
#[proc_macro]
pub fn tree(input: TokenStream) -> TokenStream {
    pipeline(input.into()).into()
}

/// parse → check → expand (or fallback), on `proc_macro2` tokens so that
/// it also runs outside a compiler (the fuzz test below).
fn pipeline(input: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
    let input = match syn::parse2::<parse::Input>(input) {
        Ok(input) => input,
        Err(e) => return e.to_compile_error(),
    };
    let trees = &input.trees;
    let checked: Vec<_> = trees.iter().map(|t| check::tree(t, trees)).collect();
    let failed: Vec<bool> = checked.iter().map(Result::is_err).collect();
    let mut out = proc_macro2::TokenStream::new();
    for (tree, checked) in trees.iter().zip(checked) {
        match checked {
            Ok(()) if !check::references_failed(tree, trees, &failed) => {
                out.extend(expand::tree(tree, trees));
            }
            // The referenced tree reports the error.
            Ok(()) => out.extend(fallback::tree(tree)),
            Err(e) => {
                out.extend(e.to_compile_error());
                out.extend(fallback::tree(tree));
            }
        }
    }
    out
}

#[cfg(test)]
mod fuzz;
