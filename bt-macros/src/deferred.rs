//! `#[derive(Deferred)]`: a world struct → `impl Deferred` (SPEC V5),
//! apart from the `tree!` pipeline.
//!
//! For a struct with one field of type `Requests<L>` (or `&mut
//! Requests<L>`) and one of type `Completions<R>` (or `&Completions<R>`),
//! it generates `impl Deferred` with `Launch = L`, `Done = R`, and the two
//! accessors, so that behaviors can `ctx.launch`, `ctx.poll` and
//! `ctx.abandon`. The fields are found by their types' last path segment,
//! whatever else the struct holds. The runtime is named as
//! `::deciders::deferred`, or `PATH::deferred` after
//! `#[deferred(crate = PATH)]`.
//!
//! Like `tree!`, the derive never panics: each problem is a compile error
//! at the tokens it is about, all of them in one compile.

use proc_macro2::TokenStream;
use quote::quote;
use syn::spanned::Spanned;
use syn::{Data, DeriveInput, Fields, GenericArgument, PathArguments, Type};

use crate::diag::Diagnostics;

/// The expansion of `#[derive(Deferred)]` on `input`.
pub fn derive(input: TokenStream) -> TokenStream {
    let input = match syn::parse2::<DeriveInput>(input) {
        Ok(input) => input,
        Err(e) => return e.to_compile_error(),
    };
    let mut diag = Diagnostics::default();
    let krate = crate::stimulus::krate(&input, "deferred", &mut diag);
    let fields = match &input.data {
        Data::Struct(s) => &s.fields,
        _ => {
            return syn::Error::new(
                input.ident.span(),
                "`#[derive(Deferred)]` is for a world struct with a `Requests<Launch>` field and a `Completions<Done>` field",
            )
            .to_compile_error()
        }
    };
    let requests = find(fields, "Requests", &input, &mut diag);
    let completions = find(fields, "Completions", &input, &mut diag);
    if let (Some(r), Some(c)) = (&requests, &completions) {
        if r.by_ref == Some(false) {
            diag.push(syn::Error::new(
                r.span,
                "the requests are written to: `&mut Requests<…>` or an owned `Requests<…>`, not `&Requests<…>`",
            ));
        }
        let _ = c;
    }
    if let Some(e) = diag.into_error() {
        return e.to_compile_error();
    }
    let (Some(r), Some(c)) = (requests, completions) else {
        return TokenStream::new();
    };
    let (name, rt) = (&input.ident, quote!(#krate::deferred));
    let (ig, tg, wc) = input.generics.split_for_impl();
    let (launch, done) = (&r.arg, &c.arg);
    let (rf, cf) = (&r.member, &c.member);
    let requests = match r.by_ref {
        Some(_) => quote!(&mut *self.#rf),
        None => quote!(&mut self.#rf),
    };
    let completions = match c.by_ref {
        Some(_) => quote!(&*self.#cf),
        None => quote!(&self.#cf),
    };
    quote! {
        #[automatically_derived]
        impl #ig #rt::Deferred for #name #tg #wc {
            type Launch = #launch;
            type Done = #done;
            #[inline]
            fn requests(&mut self) -> &mut #rt::Requests<#launch> {
                #requests
            }
            #[inline]
            fn completions(&self) -> &#rt::Completions<#done> {
                #completions
            }
        }
    }
}

/// A field of type `Kind<Arg>`, `&Kind<Arg>` or `&mut Kind<Arg>`.
struct Found {
    member: syn::Member,
    arg: Type,
    /// `None`: owned; `Some(mutable)`: a reference.
    by_ref: Option<bool>,
    span: proc_macro2::Span,
}

/// The one field whose type's last segment is `kind` with one type
/// argument; an error at the struct's name if there is none, at the second
/// one if there are several.
fn find(fields: &Fields, kind: &str, input: &DeriveInput, diag: &mut Diagnostics) -> Option<Found> {
    let mut found: Option<Found> = None;
    for (i, field) in fields.iter().enumerate() {
        let (ty, by_ref) = match &field.ty {
            Type::Reference(r) => (&*r.elem, Some(r.mutability.is_some())),
            ty => (ty, None),
        };
        let Type::Path(path) = ty else { continue };
        let Some(last) = path.path.segments.last() else {
            continue;
        };
        if last.ident != kind {
            continue;
        }
        let arg = match &last.arguments {
            PathArguments::AngleBracketed(args) if args.args.len() == 1 => match &args.args[0] {
                GenericArgument::Type(t) => t.clone(),
                _ => continue,
            },
            _ => continue,
        };
        if found.is_some() {
            diag.push(syn::Error::new(
                field.ty.span(),
                format!("a second field of type `{kind}<…>`: `#[derive(Deferred)]` takes one `Requests<…>` and one `Completions<…>`; implement `Deferred` by hand to choose"),
            ));
            continue;
        }
        let member = match &field.ident {
            Some(ident) => syn::Member::Named(ident.clone()),
            None => syn::Member::Unnamed(syn::Index::from(i)),
        };
        found = Some(Found {
            member,
            arg,
            by_ref,
            span: field.ty.span(),
        });
    }
    if found.is_none() {
        let what = match kind {
            "Requests" => "`Requests<Launch>` (or `&mut Requests<Launch>`): where this frame's launches and cancels go",
            _ => "`Completions<Done>` (or `&Completions<Done>`): what the game system completed since the last frame",
        };
        diag.push(syn::Error::new(
            input.ident.span(),
            format!("`#[derive(Deferred)]` needs a field of type {what}"),
        ));
    }
    found
}
