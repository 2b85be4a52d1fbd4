//! `parallel` (SPEC C5) and `concurrent` (SPEC C6): every child has a slot
//! of its own (a struct field, not an enum: several run at once, SPEC F3).

use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};

use super::composite::WIDE;
use super::names::{local, Gen};
use crate::model::Kind;

/// The types and `impl` of parallel node `id`.
pub fn parallel(g: &Gen, id: usize) -> TokenStream {
    let node = &g.tree.nodes[id];
    let Kind::Parallel {
        concurrent,
        success,
        failure,
        ..
    } = &node.kind
    else {
        return TokenStream::new();
    };
    let rt = &g.rt;
    let (a, f) = (local("a"), local("f"));
    let (s, out) = (local("s"), local("out"));
    let (successes, failures) = (local("successes"), local("failures"));
    let ty = g.node_ty(id);
    let params = g.params();
    let args = g.args();
    let n = node.children.len();
    let need_success = success.map_or(n, |(s, _)| s);
    let need_failure = failure.map_or(n + 1 - need_success.min(n), |(f, _)| f);
    let field = |i: usize| format_ident!("c{}", i);
    let fields = node.children.iter().enumerate().map(|(i, &c)| {
        let f = field(i);
        let t = g.active_ty(c);
        quote!(#f: #rt::Slot<#t>)
    });
    let idle = (0..n).map(|i| {
        let f = field(i);
        quote!(#f: #rt::Slot::Idle)
    });
    let failure = quote!(#rt::Status::Failure);
    let wide = n > WIDE;
    // In a wide node the steps are cut into functions returning
    // `Some(status)` when the tick ends there (see `WIDE`).
    let ret = |s: TokenStream| {
        if wide {
            quote!(return ::core::option::Option::Some(#s);)
        } else {
            quote!(return #s;)
        }
    };
    let steps: Vec<TokenStream> = node
        .children
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let f = field(i);
            let enter = g.enter(c);
            let accept = quote! {
                match #enter {
                    #rt::Entered::Running(#a) => #rt::Slot::Running(#a),
                    #rt::Entered::Done(#s) => #rt::Slot::Done(#s),
                }
            };
            let start = g.guarded(c, accept, quote!(#rt::Slot::Done(#failure)));
            let tick = g.tick_checked(c, &a, g.has_recheck(c));
            // C6: completed children of a `concurrent` are ticked again.
            let restart = concurrent.then(|| {
                quote! {
                    if let #rt::Slot::Done(_) = self.#f {
                        self.#f = #rt::Slot::Idle;
                    }
                }
            });
            let decided = if *concurrent {
                let fail = ret(failure.clone());
                quote! {
                    if let #rt::Slot::Done(#rt::Status::Failure) = self.#f {
                        self.halt_running(#args);
                        #fail
                    }
                }
            } else {
                let ret_out = ret(quote!(#out));
                quote! {
                    if let ::core::option::Option::Some(#out) = self.outcome() {
                        self.halt_running(#args);
                        #ret_out
                    }
                }
            };
            quote! {
                #restart
                if let #rt::Slot::Idle = self.#f {
                    self.#f = #start;
                } else if let #rt::Slot::Running(#a) = &mut self.#f {
                    let #s = #tick;
                    if #s.is_done() {
                        self.#f = #rt::Slot::Done(#s);
                    }
                }
                #decided
            }
        })
        .collect();
    let mut all_done_parts = quote!();
    let end = if *concurrent {
        let all_done: Vec<TokenStream> = (0..n)
            .map(|i| {
                let f = field(i);
                quote!(self.#f.done() == ::core::option::Option::Some(#rt::Status::Success))
            })
            .collect();
        let all_done = if wide {
            let names: Vec<Ident> = (0..n.div_ceil(WIDE))
                .map(|k| format_ident!("all_done{}", k))
                .collect();
            let parts = all_done.chunks(WIDE).zip(&names).map(|(part, name)| {
                quote! {
                    #[inline(never)]
                    fn #name(&self) -> ::core::primitive::bool {
                        true #(&& #part)*
                    }
                }
            });
            all_done_parts = quote!(#(#parts)*);
            quote!(true #(&& self.#names())*)
        } else {
            quote!(true #(&& #all_done)*)
        };
        quote! {
            if #all_done {
                #rt::Status::Success
            } else {
                #rt::Status::Running
            }
        }
    } else {
        quote!(#rt::Status::Running)
    };
    let counts = (0..n).map(|i| {
        let f = field(i);
        quote! {
            match self.#f.done() {
                ::core::option::Option::Some(#rt::Status::Success) => #successes += 1,
                ::core::option::Option::Some(#rt::Status::Failure) => #failures += 1,
                _ => {}
            }
        }
    });
    let halts: Vec<TokenStream> = node
        .children
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let f = field(i);
            let halt = g.halt(c, &a);
            quote! {
                if let #rt::Slot::Running(#a) = &mut self.#f {
                    #halt;
                }
                self.#f = #rt::Slot::Idle;
            }
        })
        .collect();
    let visits = node.children.iter().enumerate().map(|(i, &c)| {
        let f = field(i);
        let visit = g.visit(c, &a);
        quote! {
            if let #rt::Slot::Running(#a) = &self.#f {
                #visit
            }
        }
    });
    let stepped = g.stepped(id, quote!(Self { #(#idle,)* }), quote!(), quote!());
    let generics = quote!(<__Tr: #rt::Trace>);
    let (steps, halts, parts) = if wide {
        let step_parts = steps.chunks(WIDE).enumerate().map(|(k, part)| {
            let name = format_ident!("step{}", k);
            quote! {
                #[inline(never)]
                fn #name #generics (&mut self, #params) -> ::core::option::Option<#rt::Status> {
                    #(#part)*
                    ::core::option::Option::None
                }
            }
        });
        let step_calls = (0..steps.len().div_ceil(WIDE)).map(|k| {
            let name = format_ident!("step{}", k);
            quote! {
                if let ::core::option::Option::Some(#s) = self.#name(#args) {
                    return #s;
                }
            }
        });
        let halt_parts = halts.chunks(WIDE).enumerate().map(|(k, part)| {
            let name = format_ident!("halt_running{}", k);
            quote! {
                #[inline(never)]
                fn #name #generics (&mut self, #params) {
                    #(#part)*
                }
            }
        });
        let halt_calls = (0..halts.len().div_ceil(WIDE)).map(|k| {
            let name = format_ident!("halt_running{}", k);
            quote!(self.#name(#args);)
        });
        (
            quote!(#(#step_calls)*),
            quote!(#(#halt_calls)*),
            quote!(#(#step_parts)* #(#halt_parts)*),
        )
    } else {
        (quote!(#(#steps)*), quote!(#(#halts)*), quote!())
    };
    let derives = &g.derives;
    let aw = g.aw();
    quote! {
        #[allow(non_camel_case_types)]
        #derives
        struct #ty {
            #(#fields,)*
        }
        impl #ty {
            #stepped

            /// Enters idle children and ticks running ones, in declaration
            /// order, stopping as soon as the outcome is decided.
            #[inline]
            fn step<__Tr: #rt::Trace>(&mut self, #params) -> #rt::Status {
                #steps
                #end
            }

            /// The outcome so far (SPEC C5).
            #[inline]
            fn outcome(&self) -> ::core::option::Option<#rt::Status> {
                let mut #successes = 0usize;
                let mut #failures = 0usize;
                #(#counts)*
                #rt::parallel_outcome(#successes, #failures, #n, #need_success, #need_failure)
            }

            /// Halts the running children in declaration order.
            #[inline]
            fn halt_running<__Tr: #rt::Trace>(&mut self, #params) {
                #halts
            }

            #[inline]
            fn halt_children<__Tr: #rt::Trace>(&mut self, #params) {
                self.halt_running(#args);
            }

            fn visit<__V: #rt::Visitor<#aw>>(&self, #f: &mut __V) {
                #(#visits)*
            }

            #parts
            #all_done_parts
        }
    }
}
