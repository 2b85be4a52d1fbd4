//! What the macro emits next to its errors: the tree's state type with the
//! same API and no tree behind it, so that a mistake in a tree gives one
//! error, not dozens about a missing type (as thiserror does).

use proc_macro2::TokenStream;
use quote::quote;

use crate::model::Tree;

/// A stand-in for the tree's state type.
pub fn tree(tree: &Tree) -> TokenStream {
    let (attrs, vis, name, agent, world) =
        (&tree.attrs, &tree.vis, &tree.name, &tree.agent, &tree.world);
    let rt = quote!(::deciders::__private);
    quote! {
        #(#attrs)*
        #[derive(Default)]
        #vis struct #name;

        #[allow(unused_variables, dead_code, clippy::all)]
        impl #name {
            #vis fn new() -> Self { #name }
            #vis fn shape() -> &'static [#rt::NodeInfo] { &[] }
            #vis fn tick(&mut self, agent: &mut #agent, ctx: &mut #rt::Ctx<#world>) -> #rt::Status {
                ::core::unimplemented!("this tree failed to compile")
            }
            #vis fn tick_traced<Tr: #rt::Trace>(&mut self, agent: &mut #agent, ctx: &mut #rt::Ctx<#world>, tr: &mut Tr) -> #rt::Status {
                ::core::unimplemented!("this tree failed to compile")
            }
            #vis fn halt(&mut self, agent: &mut #agent, ctx: &mut #rt::Ctx<#world>) {}
            #vis fn reset(&mut self, agent: &mut #agent, ctx: &mut #rt::Ctx<#world>) {}
            #vis fn is_running(&self) -> bool { false }
            #vis fn now(&self) -> f64 { 0.0 }
            #vis fn active_path<F: FnMut(&'static #rt::NodeInfo)>(&self, f: F) {}
        }

        // Generic code over trees (`batch::tick_all`) gets no second error.
        #[allow(unused_variables, clippy::all)]
        impl #rt::Tree<#agent, #world> for #name {
            fn shape() -> &'static [#rt::NodeInfo] { &[] }
            fn tick(&mut self, agent: &mut #agent, ctx: &mut #rt::Ctx<#world>) -> #rt::Status {
                ::core::unimplemented!("this tree failed to compile")
            }
            fn tick_traced<Tr: #rt::Trace>(&mut self, agent: &mut #agent, ctx: &mut #rt::Ctx<#world>, tr: &mut Tr) -> #rt::Status {
                ::core::unimplemented!("this tree failed to compile")
            }
            fn halt(&mut self, agent: &mut #agent, ctx: &mut #rt::Ctx<#world>) {}
            fn reset(&mut self, agent: &mut #agent, ctx: &mut #rt::Ctx<#world>) {}
            fn is_running(&self) -> bool { false }
            fn now(&self) -> f64 { 0.0 }
            fn active_path<F: FnMut(&'static #rt::NodeInfo)>(&self, f: F) {}
        }
    }
}
