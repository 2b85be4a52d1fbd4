//! Composites: the active-state types of a composite node and the code that
//! enters, ticks and halts it, per policy.
//!
//! | policy | entry | each tick | SPEC |
//! |---|---|---|---|
//! | `priority` | first child whose guard accepts | decide earlier siblings (interrupt), recheck, tick; masked redecide on exit | D1, D2, G3, G5, D9 |
//! | `sequential` | first accepting child | recheck, tick; on exit the next accepting later child | D3, D2, G5, D9 |
//! | `sequence` / `fallback` | walk from the first child | resume the running child | C1, C3, G4 |
//! | `reactive_sequence` / `selector` | walk from the first child | walk the earlier children again, then the running one | C2, C4, G4 |

use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};

use super::names::{label, local, Gen};
use crate::model::{Kind, Policy, Tree};

/// Composites with more children than this are *wide*: their code is cut
/// into functions of bounded size, so that it compiles in time and memory
/// linear in the width (benches/COMPILE_TIME.md, "Wide composites").
///
/// - `halt_child` (one arm per child) is no longer force-inlined: a
///   `selector`, `reactive_sequence` or `priority` calls it from up to two
///   places per child, so inlining it made the code quadratic (a 1,000-child
///   `selector` took minutes and gigabytes to build).
/// - `walk` is no longer force-inlined into `enter` and `carry_on`: LLVM's
///   machine passes are worse than quadratic on the function that results
///   (a 1,000-child `sequence` took 8 minutes in release).
/// - The single pass of a `selector` or `reactive_sequence` tick is split
///   into functions of this many children each, so no function grows with
///   the width.
///
/// The calls cost nothing measurable next to a wide composite's work, and
/// halting is off the hot path. Composites up to this width (the benchmark
/// trees have 8 children at most) compile to the same code as before.
pub(super) const WIDE: usize = 16;

/// Whether composite `id` re-evaluates the guard of its running child every
/// tick: the stateless composites walk every child from the first each tick,
/// guard included.
pub fn rechecks_running_child(tree: &Tree, id: usize) -> bool {
    matches!(
        tree.nodes[id].kind,
        Kind::Composite {
            policy: Policy::Selector | Policy::ReactiveSequence,
            ..
        }
    )
}

/// The types and the `impl` of composite `id`.
pub fn composite(g: &Gen, id: usize) -> TokenStream {
    let node = &g.tree.nodes[id];
    let Kind::Composite {
        policy, behavior, ..
    } = &node.kind
    else {
        return TokenStream::new();
    };
    let ty = g.node_ty(id);
    let en = g.child_enum(id);
    let variants = node.children.iter().enumerate().map(|(i, &c)| {
        let v = variant(i);
        let a = g.active_ty(c);
        quote!(#v(#a))
    });
    let behavior_field = behavior.as_ref().map(|b| {
        let bt = g.leaf_ty(b);
        quote!(b: #bt,)
    });
    let parts = Parts::new(g, id, behavior.is_some());
    let enter = parts.enter(*policy);
    let tick = parts.tick(*policy);
    let walk = parts.walk_fn(*policy);
    let halt = parts.halt_fns();
    let visit = parts.visit_fn();
    let exit = parts.exit_fn();
    let derives = &g.derives;
    quote! {
        #[allow(non_camel_case_types)]
        #derives
        enum #en { #(#variants,)* }
        #[allow(non_camel_case_types)]
        #derives
        struct #ty {
            #behavior_field
            c: #en,
        }
        #[allow(clippy::too_many_arguments)]
        impl #ty {
            #enter
            #tick
            #walk
            #halt
            #exit
            #visit
        }
    }
}

fn variant(i: usize) -> Ident {
    format_ident!("C{}", i)
}

/// Code pieces of one composite.
struct Parts<'g, 'a> {
    g: &'g Gen<'a>,
    id: usize,
    children: &'g [usize],
    has_behavior: bool,
    en: Ident,
    a: Ident,
    l: Locals,
}

/// The locals, parameters and labels of a composite's functions, hygienic
/// (`names::local`).
struct Locals {
    b: Ident,
    c: Ident,
    s: Ident,
    j: Ident,
    run: Ident,
    mask: Ident,
    last: Ident,
    from: Ident,
    to: Ident,
    cont: Ident,
    status: Ident,
    walked: Ident,
    exited: syn::Lifetime,
    decide: syn::Lifetime,
}

impl Locals {
    fn new() -> Self {
        Locals {
            b: local("b"),
            c: local("c"),
            s: local("s"),
            j: local("j"),
            run: local("run"),
            mask: local("mask"),
            last: local("last"),
            from: local("from"),
            to: local("to"),
            cont: local("cont"),
            status: local("status"),
            walked: local("walked"),
            exited: label("'exited"),
            decide: label("'decide"),
        }
    }
}

impl<'g, 'a> Parts<'g, 'a> {
    fn new(g: &'g Gen<'a>, id: usize, has_behavior: bool) -> Self {
        Parts {
            g,
            id,
            children: &g.tree.nodes[id].children,
            has_behavior,
            en: g.child_enum(id),
            a: local("a"),
            l: Locals::new(),
        }
    }

    /// Whether this composite is wide (more than [`WIDE`] children).
    fn is_wide(&self) -> bool {
        self.children.len() > WIDE
    }

    fn generics(&self) -> TokenStream {
        let rt = &self.g.rt;
        quote!(<__Tr: #rt::Trace>)
    }

    /// `fn enter`: activate the group behavior, then start the children.
    fn enter(&self, policy: Policy) -> TokenStream {
        let g = self.g;
        let (rt, agent, ctx, tr) = (&g.rt, &g.agent, &g.ctx, &g.tr);
        let info = g.info(self.id);
        let params = g.params();
        let args = g.args();
        let generics = self.generics();
        let Locals {
            b, c, s, status, ..
        } = &self.l;
        let start = match policy {
            Policy::Priority => quote!(Self::choose(0, ::core::option::Option::None, #args)),
            Policy::Sequential => quote!(Self::choose(0, ::core::option::Option::None, #args)),
            _ => quote!(Self::walk(0, ::core::primitive::usize::MAX, #args)),
        };
        let end_status = match policy {
            Policy::Priority | Policy::Sequential => quote! {{
                #rt::subset_violation(#info, #ctx, #tr);
                #rt::Status::Failure
            }},
            Policy::Sequence | Policy::ReactiveSequence => quote!(#rt::Status::Success),
            Policy::Fallback | Policy::Selector => quote!(#rt::Status::Failure),
        };
        let (b_param, b_activate, b_field, b_halt) = if self.has_behavior {
            let bt = match &g.tree.nodes[self.id].kind {
                Kind::Composite {
                    behavior: Some(b), ..
                } => g.leaf_ty(b),
                _ => quote!(()),
            };
            (
                quote!(#b: #bt,),
                quote! {
                    let mut #b = match #rt::enter_group(#b, #info, #agent, #ctx, #tr) {
                        ::core::option::Option::Some(#b) => #b,
                        ::core::option::Option::None => return #rt::Entered::Done(#rt::Status::Failure),
                    };
                },
                quote!(b: #b,),
                quote!(#rt::halt_group(&mut #b, #agent, #ctx, #rt::Exit::Completed(#status));),
            )
        } else {
            (quote!(), quote!(), quote!(), quote!())
        };
        quote! {
            #[inline]
            fn enter #generics (#b_param #params) -> #rt::Entered<Self> {
                #b_activate
                #rt::activated(#info, #tr);
                let #status = match #start {
                    #rt::Walk::Run(#c) => return #rt::Entered::Running(Self { #b_field c: #c }),
                    #rt::Walk::Stop(#s) => #s,
                    #rt::Walk::End => #end_status,
                };
                #b_halt
                #rt::deactivated(#info, #tr);
                #rt::Entered::Done(#status)
            }
        }
    }

    /// The group behavior's tick at the start of every tick (SPEC D7).
    fn behavior_tick(&self) -> TokenStream {
        if !self.has_behavior {
            return quote!();
        }
        let g = self.g;
        let (rt, agent, ctx, tr) = (&g.rt, &g.agent, &g.ctx, &g.tr);
        let info = g.info(self.id);
        let args = g.args();
        quote! {
            if !#rt::tick_group(&mut self.b, #info, #agent, #ctx, #tr) {
                self.halt_child(#args);
                #rt::halt_group(&mut self.b, #agent, #ctx, #rt::Exit::Completed(#rt::Status::Failure));
                #rt::deactivated(#info, #tr);
                return #rt::Status::Failure;
            }
        }
    }

    /// `match &mut self.c` ticking the running child, with its recheck if
    /// its guard says `recheck`. Evaluates to `(index, Status)`.
    fn tick_running(&self) -> TokenStream {
        let en = &self.en;
        if self.is_wide() {
            // One function per `WIDE` children (see `WIDE`).
            let args = self.g.args();
            let arms = self.children.chunks(WIDE).enumerate().map(|(k, part)| {
                let name = format_ident!("running{}", k);
                let vs = (0..part.len()).map(|n| variant(k * WIDE + n));
                quote!(#(#en::#vs(_))|* => self.#name(#args))
            });
            return quote!(match &self.c { #(#arms,)* });
        }
        let arms = self.running_arms(0, self.children);
        quote!(match &mut self.c { #(#arms,)* })
    }

    /// The arms of [`Parts::tick_running`] for children `from ..` (`part`).
    fn running_arms(&self, from: usize, part: &[usize]) -> Vec<TokenStream> {
        let g = self.g;
        let (en, a) = (&self.en, &self.a);
        part.iter()
            .enumerate()
            .map(|(n, &c)| {
                let i = from + n;
                let v = variant(i);
                let body = g.tick_checked(c, a, g.has_recheck(c));
                quote!(#en::#v(#a) => (#i, #body))
            })
            .collect()
    }

    /// The functions `running0`, `running1`, … of a wide composite: each
    /// ticks the running child if it is one of its `WIDE` children. Nothing
    /// for a narrow one, or for a `selector` or `reactive_sequence` (whose
    /// tick is a single pass).
    fn running_fns(&self, policy: Policy) -> TokenStream {
        if !self.is_wide() || matches!(policy, Policy::Selector | Policy::ReactiveSequence) {
            return quote!();
        }
        let g = self.g;
        let rt = &g.rt;
        let params = g.params();
        let generics = self.generics();
        let fns = self.children.chunks(WIDE).enumerate().map(|(k, part)| {
            let name = format_ident!("running{}", k);
            let arms = self.running_arms(k * WIDE, part);
            quote! {
                #[inline(never)]
                fn #name #generics (&mut self, #params) -> (::core::primitive::usize, #rt::Status) {
                    match &mut self.c {
                        #(#arms,)*
                        // `tick_running` calls this function only when one
                        // of the children above runs.
                        _ => ::core::unreachable!(),
                    }
                }
            }
        });
        quote!(#(#fns)*)
    }

    /// `fn tick`.
    fn tick(&self, policy: Policy) -> TokenStream {
        let g = self.g;
        let rt = &g.rt;
        let params = g.params();
        let args = g.args();
        let generics = self.generics();
        let behavior_tick = self.behavior_tick();
        let Locals { c, s, j, cont, .. } = &self.l;
        let body = match policy {
            Policy::Priority => self.priority_tick(),
            Policy::Sequential => {
                let running = self.tick_running();
                quote! {
                    let (#j, #s) = #running;
                    if #s == #rt::Status::Running {
                        return #s;
                    }
                    self.redecide(#j + 1, 0, #s, #args)
                }
            }
            Policy::Sequence | Policy::Fallback => {
                let running = self.tick_running();
                let cont = continue_status(rt, policy);
                quote! {
                    let (#j, #s) = #running;
                    self.carry_on(#j, #s, #cont, #args)
                }
            }
            Policy::ReactiveSequence | Policy::Selector => self.reactive_tick(policy),
        };
        let passes = match policy {
            Policy::ReactiveSequence | Policy::Selector => self.reactive_passes(policy),
            _ => self.running_fns(policy),
        };
        let carry_on = match policy {
            Policy::Sequence | Policy::Fallback | Policy::ReactiveSequence | Policy::Selector => {
                quote! {
                    /// After the running child `j` reported `s`: go on to the
                    /// next children if `s` is the status that continues.
                    #[inline(always)]
                    fn carry_on #generics (&mut self, #j: ::core::primitive::usize, #s: #rt::Status, #cont: #rt::Status, #params) -> #rt::Status {
                        if #s != #cont {
                            return self.exit(#s, #args);
                        }
                        match Self::walk(#j + 1, ::core::primitive::usize::MAX, #args) {
                            #rt::Walk::Run(#c) => {
                                self.c = #c;
                                #rt::Status::Running
                            }
                            #rt::Walk::Stop(#s) => self.exit(#s, #args),
                            #rt::Walk::End => self.exit(#cont, #args),
                        }
                    }
                }
            }
            Policy::Priority | Policy::Sequential => self.redecide_fn(policy),
        };
        let tick_inline = g.tick_inline(self.id);
        quote! {
            /// Called from exactly one place (the parent's tick).
            #tick_inline
            fn tick #generics (&mut self, #params) -> #rt::Status {
                #behavior_tick
                #body
            }
            #carry_on
            #passes
        }
    }

    /// The body of a `selector` or `reactive_sequence` tick (SPEC C2, C4):
    /// one straight pass over the children. The running child `j` has its
    /// guard re-evaluated and is ticked; the others are entered. A child
    /// other than `j` that runs, or that stops the walk, halts `j` if `j`
    /// still runs (the earlier child is ticked first, then the old one
    /// halted).
    ///
    /// Which child still runs is known from its index alone: children
    /// before `j` meet a live `j`, children after it do not. Comparing the
    /// literal child index with `j`, loaded once, lets the optimizer fold
    /// every such test (a `live` flag carried along the pass did not fold
    /// and cost about four instructions per child).
    fn reactive_tick(&self, policy: Policy) -> TokenStream {
        let g = self.g;
        let args = g.args();
        let cont = continue_status(&g.rt, policy);
        let Locals { s, run, .. } = &self.l;
        if self.is_wide() {
            // Each pass covers `WIDE` children and says whether the tick
            // ends there (see `WIDE`).
            let passes = (0..self.children.len().div_ceil(WIDE)).map(|k| {
                let pass = format_ident!("pass{}", k);
                quote! {
                    if let ::core::option::Option::Some(#s) = self.#pass(#run, #args) {
                        return #s;
                    }
                }
            });
            return quote! {
                let #run = self.index();
                #(#passes)*
                self.exit(#cont, #args)
            };
        }
        let children = self
            .children
            .iter()
            .enumerate()
            .map(|(i, &c)| self.reactive_child(policy, i, c, |s| quote!(return #s;)));
        quote! {
            let #run = self.index();
            #(#children)*
            self.exit(#cont, #args)
        }
    }

    /// The functions `pass0`, `pass1`, … of a wide `selector` or
    /// `reactive_sequence`: its tick's pass over children `WIDE * k ..`,
    /// returning the tick's status if it ends there. Nothing for a narrow
    /// one, whose pass is written out in its tick.
    fn reactive_passes(&self, policy: Policy) -> TokenStream {
        if !self.is_wide() {
            return quote!();
        }
        let g = self.g;
        let rt = &g.rt;
        let params = g.params();
        let generics = self.generics();
        let run = &self.l.run;
        let some = quote!(::core::option::Option::Some);
        let passes = self.children.chunks(WIDE).enumerate().map(|(k, chunk)| {
            let pass = format_ident!("pass{}", k);
            let children = chunk.iter().enumerate().map(|(n, &c)| {
                self.reactive_child(policy, k * WIDE + n, c, |s| quote!(return #some(#s);))
            });
            quote! {
                #[inline(never)]
                fn #pass #generics (&mut self, #run: ::core::primitive::usize, #params) -> ::core::option::Option<#rt::Status> {
                    #(#children)*
                    ::core::option::Option::None
                }
            }
        });
        quote!(#(#passes)*)
    }

    /// Child `i` (node `c`) in the pass of a `selector` or
    /// `reactive_sequence` tick; `ret(status)` ends the tick.
    fn reactive_child(
        &self,
        policy: Policy,
        i: usize,
        c: usize,
        ret: impl Fn(TokenStream) -> TokenStream,
    ) -> TokenStream {
        let g = self.g;
        let rt = &g.rt;
        let args = g.args();
        let (en, a) = (&self.en, &self.a);
        let Locals { s, run, .. } = &self.l;
        let cont = continue_status(rt, policy);
        let v = variant(i);
        let tick = g.tick_checked(c, a, g.has_guard(c));
        let enter = g.enter(c);
        let running = ret(quote!(#rt::Status::Running));
        let accept = quote! {
            match #enter {
                #rt::Entered::Running(#a) => {
                    if #i < #run {
                        self.halt_child(#args);
                    }
                    self.c = #en::#v(#a);
                    #running
                }
                #rt::Entered::Done(#s) => #s,
            }
        };
        let start = g.guarded(c, accept, quote!(#rt::Status::Failure));
        let still_running = ret(quote!(#s));
        let exit = ret(quote!(self.exit(#s, #args)));
        quote! {
            let #s = if let (#i, #en::#v(#a)) = (#run, &mut self.c) {
                let #s = #tick;
                if #s == #rt::Status::Running {
                    #still_running
                }
                #s
            } else {
                #start
            };
            if #s != #cont {
                if #i < #run {
                    self.halt_child(#args);
                }
                #exit
            }
        }
    }

    /// The body of a priority group's tick (SPEC D1, G3, D2).
    fn priority_tick(&self) -> TokenStream {
        let g = self.g;
        let rt = &g.rt;
        let args = g.args();
        let (en, a) = (&self.en, &self.a);
        let Locals {
            s, j, mask, exited, ..
        } = &self.l;
        let interrupts = self.children.iter().enumerate().map(|(i, &c)| {
            let v = variant(i);
            let enter = g.enter(c);
            let accept = quote! {
                self.halt_child(#args);
                match #enter {
                    #rt::Entered::Running(#a) => {
                        self.c = #en::#v(#a);
                        return #rt::Status::Running;
                    }
                    #rt::Entered::Done(#s) => break #exited (1u64 << #i, #s),
                }
            };
            let guarded = g.guarded(c, accept, quote!());
            quote! {
                if #i < #j {
                    #guarded
                }
            }
        });
        let running = self.tick_running();
        quote! {
            let #j = self.index();
            let (#mask, #s) = #exited: {
                #(#interrupts)*
                let (#j, #s) = #running;
                if #s == #rt::Status::Running {
                    return #s;
                }
                (1u64 << #j, #s)
            };
            self.redecide(0, #mask, #s, #args)
        }
    }

    /// `fn redecide` of a decider group: G5, then the masked redecide
    /// (SPEC D2). `from` is where a `sequential` group resumes; `mask` the
    /// children a `priority` group skips.
    fn redecide_fn(&self, policy: Policy) -> TokenStream {
        let g = self.g;
        let rt = &g.rt;
        let params = g.params();
        let args = g.args();
        let generics = self.generics();
        let Locals {
            c,
            s,
            mask,
            last,
            from,
            ..
        } = &self.l;
        let g5 = if g.has_redecide(self.id) {
            let guard = g.call_guard(self.id);
            quote! {
                if #guard.is_none() {
                    return self.exit(#rt::Status::Failure, #args);
                }
            }
        } else {
            quote!()
        };
        let choose = match policy {
            Policy::Priority => {
                quote!(Self::choose(#mask, ::core::option::Option::Some(#last), #args))
            }
            _ => quote!(Self::choose(#from, ::core::option::Option::Some(#last), #args)),
        };
        quote! {
            /// The active child exited with `last`: redecide (SPEC D2, G5).
            #[inline(always)]
            fn redecide #generics (&mut self, #from: ::core::primitive::usize, #mask: ::core::primitive::u64, #last: #rt::Status, #params) -> #rt::Status {
                #g5
                match #choose {
                    #rt::Walk::Run(#c) => {
                        self.c = #c;
                        #rt::Status::Running
                    }
                    #rt::Walk::Stop(#s) => self.exit(#s, #args),
                    #rt::Walk::End => self.exit(#last, #args),
                }
            }
        }
    }

    /// `fn choose` (decider groups) or `fn walk` (status composites).
    fn walk_fn(&self, policy: Policy) -> TokenStream {
        match policy {
            Policy::Priority => self.choose_priority(),
            Policy::Sequential => self.choose_sequential(),
            _ => self.walk_status(policy),
        }
    }

    /// Decide the children in order, skipping the masked ones; enter the
    /// first that accepts. One that exits at once is masked and the decision
    /// starts over (SPEC D1, D2). Each pass masks one more child, so it ends.
    fn choose_priority(&self) -> TokenStream {
        let g = self.g;
        let rt = &g.rt;
        let params = g.params();
        let generics = self.generics();
        let (en, a) = (&self.en, &self.a);
        let Locals {
            s,
            mask,
            last,
            decide,
            ..
        } = &self.l;
        let tries = self.children.iter().enumerate().map(|(i, &c)| {
            let v = variant(i);
            let enter = g.enter(c);
            let accept = quote! {
                match #enter {
                    #rt::Entered::Running(#a) => return #rt::Walk::Run(#en::#v(#a)),
                    #rt::Entered::Done(#s) => {
                        #mask |= 1u64 << #i;
                        #last = ::core::option::Option::Some(#s);
                        continue #decide;
                    }
                }
            };
            let guarded = g.guarded(c, accept, quote!());
            quote! {
                if #mask & (1u64 << #i) == 0 {
                    #guarded
                }
            }
        });
        quote! {
            #[inline(always)]
            fn choose #generics (mut #mask: ::core::primitive::u64, mut #last: ::core::option::Option<#rt::Status>, #params) -> #rt::Walk<#en> {
                #decide: loop {
                    #(#tries)*
                    break #decide;
                }
                match #last {
                    ::core::option::Option::Some(#s) => #rt::Walk::Stop(#s),
                    ::core::option::Option::None => #rt::Walk::End,
                }
            }
        }
    }

    /// Decide the children from `from` on; enter the first that accepts; one
    /// that exits at once hands over to the next (SPEC D3).
    fn choose_sequential(&self) -> TokenStream {
        let g = self.g;
        let rt = &g.rt;
        let params = g.params();
        let generics = self.generics();
        let (en, a) = (&self.en, &self.a);
        let Locals { s, last, from, .. } = &self.l;
        let tries = self.children.iter().enumerate().map(|(i, &c)| {
            let v = variant(i);
            let enter = g.enter(c);
            let accept = quote! {
                match #enter {
                    #rt::Entered::Running(#a) => return #rt::Walk::Run(#en::#v(#a)),
                    #rt::Entered::Done(#s) => #last = ::core::option::Option::Some(#s),
                }
            };
            let guarded = g.guarded(c, accept, quote!());
            quote! {
                if #i >= #from {
                    #guarded
                }
            }
        });
        quote! {
            #[inline(always)]
            fn choose #generics (#from: ::core::primitive::usize, mut #last: ::core::option::Option<#rt::Status>, #params) -> #rt::Walk<#en> {
                #(#tries)*
                match #last {
                    ::core::option::Option::Some(#s) => #rt::Walk::Stop(#s),
                    ::core::option::Option::None => #rt::Walk::End,
                }
            }
        }
    }

    /// Walk children `from..to` in order, entering each (SPEC C1–C4, G4): a
    /// child that reports the continuing status hands over to the next, any
    /// other status stops the walk; a rejecting guard counts as `Failure`.
    fn walk_status(&self, policy: Policy) -> TokenStream {
        let g = self.g;
        let rt = &g.rt;
        let params = g.params();
        let generics = self.generics();
        let (en, a) = (&self.en, &self.a);
        let Locals {
            s,
            from,
            to,
            walked,
            ..
        } = &self.l;
        let cont = continue_status(rt, policy);
        let tries = self.children.iter().enumerate().map(|(i, &c)| {
            let v = variant(i);
            let enter = g.enter(c);
            let accept = quote! {
                match #enter {
                    #rt::Entered::Running(#a) => return #rt::Walk::Run(#en::#v(#a)),
                    #rt::Entered::Done(#s) => {
                        if #s != #cont {
                            return #rt::Walk::Stop(#s);
                        }
                    }
                }
            };
            let reject = quote! {
                if #rt::Status::Failure != #cont {
                    return #rt::Walk::Stop(#rt::Status::Failure);
                }
            };
            let guarded = g.guarded(c, accept, reject);
            quote! {
                if #i >= #from && #i < #to {
                    #guarded
                }
            }
        });
        if !self.is_wide() {
            return quote! {
                #[inline(always)]
                fn walk #generics (#from: ::core::primitive::usize, #to: ::core::primitive::usize, #params) -> #rt::Walk<#en> {
                    #(#tries)*
                    #rt::Walk::End
                }
            };
        }
        // Wide: `walk` calls one function per `WIDE` children (see `WIDE`).
        let args = g.args();
        let tries: Vec<TokenStream> = tries.collect();
        let parts = tries.chunks(WIDE).enumerate().map(|(k, part)| {
            let name = format_ident!("walk{}", k);
            quote! {
                #[inline(never)]
                fn #name #generics (#from: ::core::primitive::usize, #to: ::core::primitive::usize, #params) -> #rt::Walk<#en> {
                    #(#part)*
                    #rt::Walk::End
                }
            }
        });
        let calls = (0..tries.len().div_ceil(WIDE)).map(|k| {
            let name = format_ident!("walk{}", k);
            let (lo, hi) = (k * WIDE, (k + 1) * WIDE);
            quote! {
                if #from < #hi && #to > #lo {
                    match Self::#name(#from, #to, #args) {
                        #rt::Walk::End => {}
                        #walked => return #walked,
                    }
                }
            }
        });
        quote! {
            #[inline]
            fn walk #generics (#from: ::core::primitive::usize, #to: ::core::primitive::usize, #params) -> #rt::Walk<#en> {
                #(#calls)*
                #rt::Walk::End
            }
            #(#parts)*
        }
    }

    /// `fn index`, `fn halt_child` and `fn halt` (SPEC C7: deepest first,
    /// the group behavior after its children).
    fn halt_fns(&self) -> TokenStream {
        let g = self.g;
        let (rt, agent, ctx, tr) = (&g.rt, &g.agent, &g.ctx, &g.tr);
        let params = g.params();
        let args = g.args();
        let generics = self.generics();
        let (en, a) = (&self.en, &self.a);
        let info = g.info(self.id);
        let halts: Vec<TokenStream> = self
            .children
            .iter()
            .enumerate()
            .map(|(i, &c)| {
                let v = variant(i);
                let halt = g.halt(c, a);
                quote!(#en::#v(#a) => #halt)
            })
            .collect();
        let indexes = (0..self.children.len()).map(|i| {
            let v = variant(i);
            quote!(#en::#v(_) => #i)
        });
        let halt_behavior = self
            .has_behavior
            .then(|| quote!(#rt::halt_group(&mut self.b, #agent, #ctx, #rt::Exit::Halted);));
        let halt_child = if self.is_wide() {
            // Not forced inline, and one function per `WIDE` children: see
            // `WIDE`.
            let arms = self.children.chunks(WIDE).enumerate().map(|(k, part)| {
                let name = format_ident!("halt_child{}", k);
                let vs = (0..part.len()).map(|n| variant(k * WIDE + n));
                quote!(#(#en::#vs(_))|* => self.#name(#args))
            });
            let parts = halts.chunks(WIDE).enumerate().map(|(k, part)| {
                let name = format_ident!("halt_child{}", k);
                quote! {
                    #[inline(never)]
                    fn #name #generics (&mut self, #params) {
                        match &mut self.c {
                            #(#part,)*
                            // `halt_child` calls this function only when
                            // one of the children above runs.
                            _ => ::core::unreachable!(),
                        }
                    }
                }
            });
            quote! {
                /// Halts the active child's subtree.
                #[inline]
                fn halt_child #generics (&mut self, #params) {
                    match &self.c { #(#arms,)* }
                }
                #(#parts)*
            }
        } else {
            quote! {
                /// Halts the active child's subtree.
                #[inline(always)]
                fn halt_child #generics (&mut self, #params) {
                    match &mut self.c { #(#halts,)* }
                }
            }
        };
        quote! {
            /// Which child is active.
            #[inline(always)]
            fn index(&self) -> ::core::primitive::usize {
                match &self.c { #(#indexes,)* }
            }

            #halt_child

            /// Halts the whole composite: children first, then the group
            /// behavior.
            #[inline]
            fn halt #generics (&mut self, #params) {
                self.halt_child(#args);
                #halt_behavior
                #rt::deactivated(#info, #tr);
            }
        }
    }

    /// `fn exit`: the composite reports `s`; if it completed, its group
    /// behavior is deactivated (its children already are).
    fn exit_fn(&self) -> TokenStream {
        let g = self.g;
        let (rt, agent, ctx, tr) = (&g.rt, &g.agent, &g.ctx, &g.tr);
        let params = g.params();
        let generics = self.generics();
        let info = g.info(self.id);
        let s = &self.l.s;
        let halt_behavior = self
            .has_behavior
            .then(|| quote!(#rt::halt_group(&mut self.b, #agent, #ctx, #rt::Exit::Completed(#s));));
        quote! {
            #[inline(always)]
            fn exit #generics (&mut self, #s: #rt::Status, #params) -> #rt::Status {
                if #s.is_done() {
                    #halt_behavior
                    #rt::deactivated(#info, #tr);
                }
                #s
            }
        }
    }

    /// `fn visit`: calls `f` on every node of the active path below this one.
    fn visit_fn(&self) -> TokenStream {
        let g = self.g;
        let f = local("f");
        let rt = &g.rt;
        let (en, a) = (&self.en, &self.a);
        let arms = self.children.iter().enumerate().map(|(i, &c)| {
            let v = variant(i);
            let visit = g.visit(c, a);
            quote!(#en::#v(#a) => #visit)
        });
        quote! {
            fn visit<F: ::core::ops::FnMut(&'static #rt::NodeInfo)>(&self, #f: &mut F) {
                match &self.c { #(#arms,)* }
            }
        }
    }
}

/// The child status that makes a status composite go on to the next child.
fn continue_status(rt: &TokenStream, policy: Policy) -> TokenStream {
    match policy {
        Policy::Sequence | Policy::ReactiveSequence => quote!(#rt::Status::Success),
        _ => quote!(#rt::Status::Failure),
    }
}
