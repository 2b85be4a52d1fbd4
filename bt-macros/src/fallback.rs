//! What the macro emits next to its errors: the tree's state type with the
//! same API and no tree behind it, so that a mistake in a tree gives one
//! error, not dozens about a missing type (as thiserror does).

use proc_macro2::TokenStream;
use quote::quote;

use crate::model::Tree;

/// A stand-in for the tree's state type: the type itself, for the user's
/// module, and its impls, for the invocation's `const _` block. It
/// implements what a real tree does (its API, `Default`, `Tree`, the
/// tree's own `derive`s), so that code using the tree reports nothing more.
pub fn tree(tree: &Tree, rt: &TokenStream) -> (TokenStream, TokenStream) {
    let (attrs, vis, name, agent, world) =
        (&tree.attrs, &tree.vis, &tree.name, &tree.agent, &tree.world);
    let default = (!crate::expand::derives_default(attrs))
        .then(|| quote!(#[derive(::core::default::Default)]));
    // Braced, like the real state type: a unit struct would also take the
    // name in the value namespace, where the user may have a function of
    // the same name. Parameters are `_`: a user constant named like one
    // would be a second error.
    let outer = quote! {
        #(#attrs)*
        #default
        #vis struct #name {}
    };
    let inner = quote! {
        impl #name {
            #vis fn new() -> Self { Self {} }
            #vis fn shape() -> &'static [#rt::NodeInfo] { &[] }
            #vis fn tick(&mut self, _: &mut #agent, _: &mut #rt::Ctx<#world>) -> #rt::Status {
                ::core::unimplemented!("this tree failed to compile")
            }
            #vis fn tick_traced<Tr: #rt::Trace>(&mut self, _: &mut #agent, _: &mut #rt::Ctx<#world>, _: &mut Tr) -> #rt::Status {
                ::core::unimplemented!("this tree failed to compile")
            }
            #vis fn halt(&mut self, _: &mut #agent, _: &mut #rt::Ctx<#world>) {}
            #vis fn reset(&mut self, _: &mut #agent, _: &mut #rt::Ctx<#world>) {}
            #vis fn is_running(&self) -> ::core::primitive::bool { false }
            #vis fn now(&self) -> ::core::primitive::f64 { 0.0 }
            #vis fn active_path<F: ::core::ops::FnMut(&'static #rt::NodeInfo)>(&self, _: F) {}
            #vis fn visit_active<V: #rt::Visitor<#agent, #world>>(&self, _: &mut V) {}
        }

        // A `subtree` reference from another invocation gets no second
        // error either.
        impl #rt::TreeParts for #name {
            type Root = ();
            type Persist = ();
        }
        impl #rt::Subtree<#agent, #world> for #name {
            const DEPTH: ::core::primitive::usize = 0;
            const CLOCK: ::core::primitive::bool = false;
            const RNG: ::core::primitive::bool = false;
            fn enter<Tr: #rt::Trace>(_: &mut (), _: &mut #agent, _: &mut #rt::Ctx<#world>, _: &mut Tr) -> #rt::Entered<()> {
                ::core::unimplemented!("this tree failed to compile")
            }
            fn tick<Tr: #rt::Trace>(_: &mut (), _: &mut (), _: &mut #agent, _: &mut #rt::Ctx<#world>, _: &mut Tr) -> #rt::Status {
                ::core::unimplemented!("this tree failed to compile")
            }
            fn halt<Tr: #rt::Trace>(_: &mut (), _: &mut (), _: &mut #agent, _: &mut #rt::Ctx<#world>, _: &mut Tr) {}
            fn visit<V: #rt::Visitor<#agent, #world>>(_: &(), _: &mut V) {}
            fn seed(_: &mut (), _: ::core::primitive::u64) {}
        }

        // Generic code over trees (`batch::tick_all`) gets no second error.
        impl #rt::Tree<#agent, #world> for #name {
            fn shape() -> &'static [#rt::NodeInfo] { &[] }
            fn tick(&mut self, _: &mut #agent, _: &mut #rt::Ctx<#world>) -> #rt::Status {
                ::core::unimplemented!("this tree failed to compile")
            }
            fn tick_traced<Tr: #rt::Trace>(&mut self, _: &mut #agent, _: &mut #rt::Ctx<#world>, _: &mut Tr) -> #rt::Status {
                ::core::unimplemented!("this tree failed to compile")
            }
            fn halt(&mut self, _: &mut #agent, _: &mut #rt::Ctx<#world>) {}
            fn reset(&mut self, _: &mut #agent, _: &mut #rt::Ctx<#world>) {}
            fn is_running(&self) -> ::core::primitive::bool { false }
            fn now(&self) -> ::core::primitive::f64 { 0.0 }
            fn visit_active<V: #rt::Visitor<#agent, #world>>(&self, _: &mut V) {}
            fn with_seed(_: ::core::primitive::u64) -> Self { Self {} }
            fn set_seed(&mut self, _: ::core::primitive::u64) {}
        }
    };
    (outer, inner)
}
