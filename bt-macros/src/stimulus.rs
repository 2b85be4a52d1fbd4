//! `#[derive(Stimulus)]`: a fieldless enum → a set of stimulus kinds (SPEC
//! V2), apart from the `tree!` pipeline.
//!
//! For `enum Stim { Hit, Invited }` it generates an inherent
//! `const fn flag(self) -> Flags` (so that `Stim::Hit.flag()` is a constant
//! in guard masks) and `impl Stimulus for Stim`: `COUNT`, `ALL`, the store's
//! `Slots<P>` as `[Option<Entry<P>>; COUNT]`, `index` (the variant's
//! position, whatever its discriminant), `flag` (the inherent one) and
//! `empty`. The runtime is named as `::deciders::__private`, or
//! `PATH::__private` after `#[stimulus(crate = PATH)]`.
//!
//! Like `tree!`, the derive never panics: each problem is a compile error at
//! the tokens it is about, all of them in one compile. On errors it still
//! generates the inherent `flag` of a non-generic enum, so that the guard
//! masks naming its kinds add no errors of their own.

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::spanned::Spanned;
use syn::{Data, DataEnum, DeriveInput, Fields};

use crate::diag::Diagnostics;

/// How many kinds a set may have: the bits of a `Flags`.
const MAX_KINDS: usize = 64;

/// The expansion of `#[derive(Stimulus)]` on `input`.
pub fn derive(input: TokenStream) -> TokenStream {
    let input = match syn::parse2::<DeriveInput>(input) {
        Ok(input) => input,
        Err(e) => return e.to_compile_error(),
    };
    let mut diag = Diagnostics::default();
    let krate = krate(&input, "stimulus", &mut diag);
    let rt = quote!(#krate::__private);
    let Some(data) = enum_data(&input, &mut diag) else {
        return errors(diag);
    };
    check_generics(&input, &mut diag);
    check_variants(&input, data, &mut diag);
    match diag.into_error() {
        None => expand(&input, data, &rt),
        // A generic enum gets nothing: its impls would need its bounds.
        Some(e) if !input.generics.params.is_empty() => e.to_compile_error(),
        Some(e) => {
            let mut out = e.to_compile_error();
            out.extend(inherent_flag(&input, data, &rt));
            out
        }
    }
}

/// The collected errors as tokens.
fn errors(diag: Diagnostics) -> TokenStream {
    diag.into_error()
        .map(|e| e.to_compile_error())
        .unwrap_or_default()
}

/// The façade's path: `::deciders`, or what `#[ATTR(crate = PATH)]` says
/// (`ATTR` the derive's attribute, `stimulus` or `deferred`).
pub(crate) fn krate(input: &DeriveInput, attr: &str, diag: &mut Diagnostics) -> TokenStream {
    let mut krate = quote!(::deciders);
    for a in input.attrs.iter().filter(|a| a.path().is_ident(attr)) {
        let parsed = a.parse_nested_meta(|meta| {
            if meta.path.is_ident("crate") {
                let path: syn::Path = meta.value()?.parse()?;
                krate = quote!(#path);
                Ok(())
            } else {
                Err(meta.error(format!(
                    "unknown `{attr}` attribute: the only one is `#[{attr}(crate = path::to::deciders)]`"
                )))
            }
        });
        if let Err(e) = parsed {
            diag.push(e);
        }
    }
    krate
}

/// The enum's variants, or an error at `struct` or `union`.
fn enum_data<'a>(input: &'a DeriveInput, diag: &mut Diagnostics) -> Option<&'a DataEnum> {
    let (token, what) = match &input.data {
        Data::Enum(data) => return Some(data),
        Data::Struct(s) => (s.struct_token.span, "a struct"),
        Data::Union(u) => (u.union_token.span, "a union"),
    };
    diag.error(
        token,
        format!(
            "`#[derive(Stimulus)]` is for a fieldless enum of stimulus kinds \
             (`enum Stim {{ Hit, Invited }}`), not {what}"
        ),
    );
    None
}

/// A stimulus set is a plain enum: no lifetime, type or const parameters.
fn check_generics(input: &DeriveInput, diag: &mut Diagnostics) {
    let generics = &input.generics;
    if !generics.params.is_empty() {
        diag.error(
            generics.params.span(),
            format!(
                "a stimulus set cannot be generic: `{}` must be a plain fieldless enum",
                input.ident
            ),
        );
    }
}

/// At least one variant, at most 64, none with fields.
fn check_variants(input: &DeriveInput, data: &DataEnum, diag: &mut Diagnostics) {
    let name = &input.ident;
    if data.variants.is_empty() {
        diag.error(
            name.span(),
            format!("a stimulus set needs at least one kind: `{name}` has no variants"),
        );
    }
    for variant in &data.variants {
        if !matches!(variant.fields, Fields::Unit) {
            diag.error(
                variant.fields.span(),
                format!(
                    "a stimulus kind has no fields: `{name}::{}` carries data; put data in the \
                     store's payload (`Stimuli<{name}, P>`, an enum when kinds need different data)",
                    variant.ident
                ),
            );
        }
    }
    if let Some(extra) = data.variants.iter().nth(MAX_KINDS) {
        diag.error(
            extra.ident.span(),
            format!(
                "a stimulus set has at most {MAX_KINDS} kinds: `{name}` has {} (a `Flags` holds \
                 {MAX_KINDS} flags), and `{}` is kind number {}; split the kinds into two sets",
                data.variants.len(),
                extra.ident,
                MAX_KINDS + 1
            ),
        );
    }
}

/// The inherent `const fn flag` and the `Stimulus` implementation of a
/// valid set.
fn expand(input: &DeriveInput, data: &DataEnum, rt: &TokenStream) -> TokenStream {
    // At the derive, as every other token of the impl: a kind set that is
    // not `Copy` is one error there, not a second one at the enum's name.
    let mut name = input.ident.clone();
    name.set_span(Span::call_site());
    let count = data.variants.len();
    let variants: Vec<_> = data.variants.iter().map(|v| &v.ident).collect();
    let indices = 0..count;
    let flag = inherent_flag(input, data, rt);
    quote! {
        #flag

        #[automatically_derived]
        impl #rt::Stimulus for #name {
            const COUNT: ::core::primitive::usize = #count;
            const ALL: &'static [Self] = &[#(Self::#variants),*];
            type Slots<P> = [::core::option::Option<#rt::StimulusEntry<P>>; #count];

            #[inline]
            fn index(self) -> ::core::primitive::usize {
                match self {
                    #(Self::#variants => #indices,)*
                }
            }

            #[inline]
            fn flag(self) -> #rt::Flags {
                Self::flag(self)
            }

            #[inline]
            fn empty<P>() -> Self::Slots<P> {
                ::core::array::from_fn(|_| ::core::option::Option::None)
            }
        }
    }
}

/// `impl Name { const fn flag(self) -> Flags }`, with the enum's
/// visibility. Variants are matched as `Self::V { .. }`, which fits
/// variants with fields too, and a variant past the 64th gets the empty
/// set: the stand-in generated next to errors.
fn inherent_flag(input: &DeriveInput, data: &DataEnum, rt: &TokenStream) -> TokenStream {
    let (name, vis) = (&input.ident, &input.vis);
    let arms = data.variants.iter().enumerate().map(|(i, v)| {
        let ident = &v.ident;
        let pattern = match v.fields {
            Fields::Unit => quote!(Self::#ident),
            _ => quote!(Self::#ident { .. }),
        };
        match u32::try_from(i).ok().filter(|&i| (i as usize) < MAX_KINDS) {
            Some(bit) => quote!(#pattern => #rt::Flags::bit(#bit),),
            None => quote!(#pattern => #rt::Flags::EMPTY,),
        }
    });
    let doc = format!(
        "The stimuli flag of this kind of `{name}`: `Flags::bit(index)`, its bit in the \
         flags a `Stimuli<{name}, _>` store yields. A `const fn`, for constants and guard \
         masks such as `stimuli_any({name}::{}.flag())`.",
        data.variants
            .first()
            .map_or_else(|| "Kind".to_owned(), |v| v.ident.to_string())
    );
    quote! {
        impl #name {
            #[doc = #doc]
            #[inline]
            #[must_use]
            #vis const fn flag(self) -> #rt::Flags {
                match self {
                    #(#arms)*
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    fn expand(input: &str) -> String {
        super::derive(input.parse().unwrap()).to_string()
    }

    #[test]
    fn numbers_the_variants_in_order_whatever_their_discriminants() {
        let out = expand("enum Stim { Hit = 5, Invited = 1, JustAte }");
        assert!(
            out.contains("const COUNT : :: core :: primitive :: usize = 3usize"),
            "{out}"
        );
        assert!(out.contains("Self :: Hit => 0usize"), "{out}");
        assert!(out.contains("Self :: Invited => 1usize"), "{out}");
        assert!(out.contains("Self :: Hit => :: deciders :: __private :: Flags :: bit (0u32)"));
        assert!(out.contains("Self :: JustAte => :: deciders :: __private :: Flags :: bit (2u32)"));
        assert!(!out.contains("compile_error"), "{out}");
    }

    #[test]
    fn names_the_runtime_through_the_given_path() {
        let out = expand("#[stimulus(crate = ::bt)] pub(crate) enum Stim { Hit }");
        assert!(
            out.contains("impl :: bt :: __private :: Stimulus for Stim"),
            "{out}"
        );
        assert!(out.contains("pub (crate) const fn flag"), "{out}");
        assert!(!out.contains("deciders"), "{out}");
    }

    #[test]
    fn every_mistake_is_an_error_and_never_a_panic() {
        let wide: Vec<String> = (0..70).map(|i| format!("K{i}")).collect();
        let cases = [
            ("struct S;", "not a struct"),
            ("union U { a: u8 }", "not a union"),
            ("enum E {}", "at least one kind"),
            ("enum E<T> { A(T) }", "cannot be generic"),
            ("enum E { A, B(u32), C { x: u8 } }", "`E::C` carries data"),
            (
                &format!("enum E {{ {} }}", wide.join(", ")),
                "`K64` is kind number 65",
            ),
            (
                "#[stimulus(krate = x)] enum E { A }",
                "unknown `stimulus` attribute",
            ),
            ("#[stimulus(crate)] enum E { A }", "expected `=`"),
            ("enum", "expected identifier"),
        ];
        for (input, message) in cases {
            let out = expand(input);
            assert!(out.contains("compile_error"), "{input}: {out}");
            assert!(out.contains(message), "{input}: {out}");
            assert!(!out.contains("Stimulus for"), "{input}: {out}");
        }
        // The stand-in `flag` of an enum with errors.
        let out = expand(&format!("enum E {{ {} }}", wide.join(", ")));
        assert!(
            out.contains("K69 => :: deciders :: __private :: Flags :: EMPTY"),
            "{out}"
        );
        let out = expand("enum E { A, B(u32) }");
        assert!(out.contains("Self :: B { .. } =>"), "{out}");
    }
}
