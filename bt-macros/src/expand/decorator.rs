//! Decorators (SPEC R1–R7): one child, held as `Option` of its active state
//! so that `repeat` and `retry` can restart it on the next tick (R5).
//!
//! Every decorator has the same `step`: enter the child if it is not active
//! (its guard rejecting counts as `Failure`, SPEC G4), else tick it; then
//! map the child's status. Entry-time checks (cooldowns) run in `enter`,
//! the timeout check at the start of `tick`.

use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;

use super::names::Gen;
use crate::model::{Deco, StatusName};

fn status(name: StatusName) -> TokenStream {
    match name {
        StatusName::Running => quote!(::deciders::__private::Status::Running),
        StatusName::Success => quote!(::deciders::__private::Status::Success),
        StatusName::Failure => quote!(::deciders::__private::Status::Failure),
    }
}

/// The types and `impl` of decorator `id`.
pub fn decorator(g: &Gen, id: usize, deco: Deco) -> TokenStream {
    let Some(&c) = g.tree.nodes[id].children.first() else {
        return TokenStream::new();
    };
    let (rt, ctx, tr, ps) = (&g.rt, &g.ctx, &g.tr, &g.ps);
    let a = Ident::new("a", Span::mixed_site());
    let ty = g.node_ty(id);
    let child_ty = g.active_ty(c);
    let info = g.info(id);
    let params = g.params();
    let args = g.args();
    let counts = matches!(deco, Deco::Repeat(_) | Deco::Retry(_));
    let timed = matches!(deco, Deco::Timeout(_) | Deco::Delay(_));
    let n_field = counts.then(|| quote!(n: u64,));
    let n_init = counts.then(|| quote!(n: 0,));
    let t_field = timed.then(|| quote!(t: f64,));
    let t_init = timed.then(|| quote!(t: #ctx.now(),));

    let entry_check = match deco {
        Deco::Cooldown(d) | Deco::CooldownOnFailure(d) => {
            let f = g.cooldown_field(id);
            quote! {
                if !#ps.#f.is_due(#ctx.now(), #d) {
                    return #rt::Entered::Done(#rt::Status::Failure);
                }
            }
        }
        _ => quote!(),
    };
    let timeout_check = match deco {
        Deco::Timeout(d) => quote! {
            if #ctx.now() - self.t >= #d {
                self.halt_child(#args);
                #rt::deactivated(#info, #tr);
                return #rt::Status::Failure;
            }
        },
        _ => quote!(),
    };
    let delay_check = match deco {
        Deco::Delay(d) => quote! {
            if self.c.is_none() && #ctx.now() - self.t < #d {
                return #rt::Status::Running;
            }
        },
        _ => quote!(),
    };
    let success = quote!(#rt::Status::Success);
    let failure = quote!(#rt::Status::Failure);
    let running = quote!(#rt::Status::Running);
    let map = match deco {
        Deco::Invert => quote!(s.invert()),
        Deco::Force(to) => {
            let to = status(to);
            quote!(if s.is_done() { #to } else { s })
        }
        Deco::Always(StatusName::Running) => quote!(#running),
        Deco::Always(to) => {
            let to = status(to);
            quote! {{
                // SPEC R2, C7: a running child mapped to a completion is
                // halted at once.
                if s == #running {
                    self.halt_child(#args);
                }
                #to
            }}
        }
        Deco::Repeat(None) => quote!(if s == #success { #running } else { s }),
        Deco::Repeat(Some(max)) => quote! {
            if s == #success {
                self.n += 1;
                if self.n >= #max { #success } else { #running }
            } else {
                s
            }
        },
        Deco::Retry(max) => quote! {
            if s == #failure {
                self.n += 1;
                if self.n >= #max { #failure } else { #running }
            } else {
                s
            }
        },
        Deco::CooldownOnFailure(_) => {
            let f = g.cooldown_field(id);
            quote! {{
                if s == #failure {
                    #ps.#f.stamp(#ctx.now());
                }
                s
            }}
        }
        Deco::Cooldown(_) => {
            let f = g.cooldown_field(id);
            quote! {{
                if s.is_done() {
                    #ps.#f.stamp(#ctx.now());
                }
                s
            }}
        }
        Deco::Timeout(_) | Deco::Delay(_) => quote!(s),
    };
    let stepped = g.stepped(
        id,
        quote!(Self { c: ::core::option::Option::None, #n_init #t_init }),
        entry_check,
        timeout_check,
    );
    let enter_child = g.enter(c);
    let accept = quote! {
        match #enter_child {
            #rt::Entered::Running(#a) => {
                self.c = ::core::option::Option::Some(#a);
                #running
            }
            #rt::Entered::Done(s) => s,
        }
    };
    let start_child = g.guarded(c, accept, quote!(#failure));
    let tick_child = g.tick_checked(c, &a, g.has_recheck(c));
    let halt_child = g.halt(c, &a);
    let visit_child = g.visit(c, &a);
    quote! {
        #[allow(non_camel_case_types, dead_code)]
        #[doc(hidden)]
        struct #ty {
            c: ::core::option::Option<#child_ty>,
            #n_field
            #t_field
        }

        #[allow(non_snake_case, unused_variables, unused_mut, unused_braces, dead_code, clippy::all)]
        impl #ty {
            #stepped

            /// Enters or ticks the child, then maps its status.
            #[inline]
            fn step<__Tr: #rt::Trace>(&mut self, #params) -> #rt::Status {
                #delay_check
                let s = match &mut self.c {
                    ::core::option::Option::Some(#a) => #tick_child,
                    ::core::option::Option::None => #start_child,
                };
                if s.is_done() {
                    self.c = ::core::option::Option::None;
                }
                #map
            }

            #[inline]
            fn halt_child<__Tr: #rt::Trace>(&mut self, #params) {
                if let ::core::option::Option::Some(#a) = &mut self.c {
                    #halt_child;
                }
                self.c = ::core::option::Option::None;
            }

            #[inline]
            fn halt_children<__Tr: #rt::Trace>(&mut self, #params) {
                self.halt_child(#args);
            }

            fn visit<F: FnMut(&'static #rt::NodeInfo)>(&self, f: &mut F) {
                if let ::core::option::Option::Some(#a) = &self.c {
                    #visit_child
                }
            }
        }
    }
}
