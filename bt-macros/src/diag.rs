//! [`Diagnostics`]: the errors of one tree, collected by `parse` and
//! `check` and reported together (as serde_derive's `Ctxt`).
//!
//! Every rule runs even after an earlier one failed, so that a user sees
//! every mistake of a tree in one compile; each error keeps the span of the
//! tokens it is about.

use std::fmt::Display;

use proc_macro2::Span;

/// The errors found so far in one tree.
#[derive(Default)]
pub struct Diagnostics {
    errors: Vec<syn::Error>,
}

impl Diagnostics {
    /// Records an error.
    pub fn push(&mut self, e: syn::Error) {
        self.errors.push(e);
    }

    /// Records an error at `span` saying `message`.
    pub fn error(&mut self, span: Span, message: impl Display) {
        self.errors.push(syn::Error::new(span, message));
    }

    /// Whether no error was recorded.
    pub fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }

    /// All the errors as one (each keeps its span), in the order found, or
    /// `None` if there is none.
    pub fn into_error(self) -> Option<syn::Error> {
        let mut errors = self.errors.into_iter();
        let mut first = errors.next()?;
        for e in errors {
            first.combine(e);
        }
        Some(first)
    }
}
