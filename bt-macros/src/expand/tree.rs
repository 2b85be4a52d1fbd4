//! The per-agent state type of a tree, its static shape and its public API.

use proc_macro2::TokenStream;
use quote::quote;

use super::lower::Lowered;
use super::names::{derives_default, local, Gen};

/// The state type of a tree as declared in the user's module, and what goes
/// into the invocation's `const _: () = { … };` block: `static SHAPE`,
/// `struct Persist`, the root wrapper, and every `impl` of the state type.
pub struct State {
    pub outer: TokenStream,
    pub inner: TokenStream,
}

/// `static SHAPE`, `struct Persist`, `struct Tree` and its impls.
pub fn state(g: &Gen, lowered: &[Lowered]) -> State {
    let tree = g.tree;
    let rt = &g.rt;
    let (agent, ctx, tr, ps) = (&g.agent, &g.ctx, &g.tr, &g.ps);
    let name = &tree.name;
    let vis = &tree.vis;
    let attrs = &tree.attrs;
    let agent_ty = &tree.agent;
    let world = &tree.world;
    let ctx_ty = g.ctx_ty();
    let shape = g.shape();
    let persist = g.persist();
    let len = tree.nodes.len();
    let tree_name = name.to_string();
    let infos = tree.nodes.iter().zip(lowered).map(|(n, l)| {
        let id = n.id as u16;
        let node_name = &n.name;
        let kind = &l.shape_kind;
        let behavior = match &l.behavior {
            Some(text) => quote!(::core::option::Option::Some(#text)),
            None => quote!(::core::option::Option::None),
        };
        let parent = match n.parent {
            Some(p) => {
                let p = p as u16;
                quote!(::core::option::Option::Some(#p))
            }
            None => quote!(::core::option::Option::None),
        };
        let depth = n.depth as u16;
        let line = n.span.start().line as u32;
        quote! {
            #rt::NodeInfo::__new(#id, #node_name, #tree_name, #rt::NodeKind::#kind, #parent, #depth, #behavior, #line)
        }
    });
    // What the nodes add, concatenated in node order.
    let persist_fields = lowered.iter().flat_map(|l| &l.persist);
    let seeds = lowered.iter().flat_map(|l| &l.seeds);
    let items = lowered.iter().map(|l| &l.items);
    let user_fns: TokenStream = lowered.iter().map(|l| l.user_fns.clone()).collect();
    let references: Vec<_> = lowered
        .iter()
        .filter_map(|l| l.reference.as_ref())
        .collect();
    let depths = references.iter().map(|r| &r.depth);
    let clocks = references.iter().map(|r| {
        let sub = &r.sub;
        quote!(#sub::CLOCK)
    });
    let rngs = references.iter().map(|r| {
        let sub = &r.sub;
        quote!(#sub::RNG)
    });
    let root = Gen::root_of(name);
    let (a, old, guard_var) = (local("a"), local("old"), local("active"));
    let (s, status, f) = (local("s"), local("status"), local("f"));
    let now_var = local("now");
    let params = g.params();
    let args = g.args();
    // Whether the state carries a seed (SPEC D8) and a clock (SPEC T2):
    // a node of this tree or of a tree it references draws random numbers,
    // measures time: the type, or `()`. With a `subtree` reference, which
    // one depends on the referenced trees' `Subtree` constants (they may be
    // declared elsewhere). Not this tree's own constant: naming it in its
    // own field's type is a cycle for the compiler.
    let rt_outer = &g.rt_outer;
    let aw = g.aw();
    let own_depth = tree.nodes.iter().map(|n| n.depth).max().unwrap_or(0);
    let uses_time = lowered.iter().any(|l| l.clock);
    let uses_rng = lowered.iter().any(|l| l.rng);
    let slot = |own: bool, what: TokenStream, ty: TokenStream| -> TokenStream {
        if references.is_empty() {
            if own {
                ty
            } else {
                quote!(())
            }
        } else {
            // The referenced trees by their paths as written: the state type
            // is outside the invocation's block, where their aliases are.
            let refs = references.iter().map(|r| &r.path);
            quote!(<#rt_outer::Has<{ #own #(|| <#refs as #rt_outer::Subtree<#aw>>::#what)* }> as #rt_outer::Pick<#ty>>::Slot)
        }
    };
    let clock_ty = slot(uses_time, quote!(CLOCK), quote!(::core::primitive::f64));
    let seed_ty = slot(uses_rng, quote!(RNG), quote!(::core::primitive::u64));
    let seed_fn = quote! {
        impl #rt::Subtree<#aw> for #name {
            const DEPTH: ::core::primitive::usize = #rt::deepest(&[#own_depth #(, #depths)*]);
            const CLOCK: ::core::primitive::bool = #uses_time #(|| #clocks)*;
            const RNG: ::core::primitive::bool = #uses_rng #(|| #rngs)*;
            #[inline(always)]
            fn enter<__Tr: #rt::Trace>(#params) -> #rt::Entered<#root> {
                #root::enter(#args)
            }
            #[inline(always)]
            fn tick<__Tr: #rt::Trace>(#a: &mut #root, #params) -> #rt::Status {
                #a.tick(#args)
            }
            #[inline]
            fn halt<__Tr: #rt::Trace>(#a: &mut #root, #params) {
                #a.halt(#args)
            }
            fn visit<__V: #rt::Visitor<#aw>>(#a: &#root, #f: &mut __V) {
                #a.visit(#f)
            }
            /// Seeds every generator of the persistent state `ps`, this
            /// tree's and its subtrees', each from `seed` and its node.
            #[allow(unused_variables)]
            #[inline]
            fn seed(#ps: &mut #persist, seed: ::core::primitive::u64) {
                #(#seeds)*
            }
        }
    };
    let begin = quote! {
        let #now_var = #rt::ClockSlot::advance(&mut self.clock, #ctx.dt());
        #ctx.__begin(#now_var);
    };
    let now = quote!(#rt::ClockSlot::now(&self.clock));
    let seed_now = quote!(#rt::SeedSlot::get(&self.seed));
    let root_ty = g.active_ty(0);
    let blk = &g.blk;
    let enter_root = g.enter(0);
    let derives = &g.derives;
    // The `Tree` impl's seed parameter (a user constant `seed` would turn
    // a plain name into a pattern).
    let seed = local("seed");
    let default_impl = (!derives_default(attrs)).then(|| {
        quote! {
            #[automatically_derived]
            impl ::core::default::Default for #name {
                fn default() -> Self {
                    Self::new()
                }
            }
        }
    });
    let tick_root = g.tick(0, &a);
    let halt_root = g.halt(0, &a);
    let visit_root = g.visit(0, &a);
    let doc_size = format!(
        "The per-agent state of the `{name}` tree: a plain value, no heap. \
         Build one per agent with [`{name}::new`] and call [`{name}::tick`] once per frame."
    );
    let outer = quote! {
        #(#attrs)*
        #[doc = ""]
        #[doc = #doc_size]
        #vis struct #name {
            active: ::core::option::Option<<#name as #rt_outer::TreeParts>::Root>,
            persist: <#name as #rt_outer::TreeParts>::Persist,
            clock: #clock_ty,
            seed: #seed_ty,
        }
    };
    let mut inner = quote! {
        #[allow(non_upper_case_globals)]
        static #shape: [#rt::NodeInfo; #len] = [#(#infos),*];

        // `pub` (nominally: nothing outside this block can name it) because
        // it is an associated type of the public state type's `TreeParts`.
        #[allow(non_camel_case_types)]
        #[derive(::core::default::Default)]
        #derives
        pub struct #persist {
            #(#persist_fields,)*
        }

        #seed_fn

        /// The active state of the whole tree, as held by its state type and
        /// by every `subtree` reference to it. `pub` like the persistent
        /// state.
        #[allow(non_camel_case_types, dead_code)]
        #derives
        pub struct #root(#root_ty);

        #[doc(hidden)]
        impl #rt::TreeParts for #name {
            type Root = #root;
            type Persist = #persist;
            #[inline(always)]
            fn shape() -> &'static [#rt::NodeInfo] {
                &#shape
            }
        }
        impl #root {
            #[inline(always)]
            fn enter<__Tr: #rt::Trace>(#params) -> #rt::Entered<Self> {
                let #blk = ();
                match #enter_root {
                    #rt::Entered::Running(#a) => #rt::Entered::Running(Self(#a)),
                    #rt::Entered::Done(#s) => #rt::Entered::Done(#s),
                }
            }
            #[inline(always)]
            fn tick<__Tr: #rt::Trace>(&mut self, #params) -> #rt::Status {
                let #a = &mut self.0;
                #tick_root
            }
            #[inline]
            fn halt<__Tr: #rt::Trace>(&mut self, #params) {
                let #a = &mut self.0;
                #halt_root;
            }
            fn visit<__V: #rt::Visitor<#agent_ty, #world>>(&self, #f: &mut __V) {
                let #a = &self.0;
                #visit_root
            }
        }

        #default_impl

        impl #name {
            /// A fresh state: nothing active, every timer due, seeded
            /// with 0 (see `with_seed`).
            #vis fn new() -> Self {
                Self::with_seed(0)
            }

            /// A fresh state whose `random` and `shuffle` groups draw from
            /// `seed`: the same seed and the same inputs give the same
            /// decisions. A tree with no such group ignores the seed
            /// and does not store it.
            #vis fn with_seed(seed: ::core::primitive::u64) -> Self {
                let mut #s = Self {
                    active: ::core::option::Option::None,
                    persist: ::core::default::Default::default(),
                    clock: ::core::default::Default::default(),
                    seed: ::core::default::Default::default(),
                };
                #s.set_seed(seed);
                #s
            }

            /// Reseeds every generator of the state; what is active,
            /// shuffle rounds and timers are kept. `reset` returns
            /// to this seed.
            #[allow(unused_variables)]
            #vis fn set_seed(&mut self, seed: ::core::primitive::u64) {
                #rt::SeedSlot::set(&mut self.seed, seed);
                <Self as #rt::Subtree<#aw>>::seed(&mut self.persist, seed);
            }

            /// The seed `reset` returns to; 0 for a tree with no `random`
            /// or `shuffle` group.
            #vis fn seed(&self) -> ::core::primitive::u64 {
                #seed_now
            }

            /// The tree's static shape: every node, pre-order, shared by all
            /// agents.
            #vis fn shape() -> &'static [#rt::NodeInfo] {
                &#shape
            }

            /// One tick of one agent. See `tick_traced`: the
            /// clock advances by `ctx.dt()` (at most `Ctx::MAX_DT`), and if a
            /// hook panics, the state is as if dropped at that point.
            #[inline]
            #vis fn tick(&mut self, #agent: &mut #agent_ty, #ctx: &mut #ctx_ty) -> #rt::Status {
                self.tick_traced(#agent, #ctx, &mut #rt::NoTrace)
            }

            /// One tick of one agent, reporting every step to `tr`. Advances the tree clock by `ctx.dt()`, walks
            /// the active path, and returns the root's status. When the root
            /// completes, the next tick starts again from the root.
            /// Errors of the tick are in `ctx.report()`.
            ///
            /// `ctx.dt()` is already sanitized by `Ctx`: `0` if it was
            /// negative or not finite, at most `Ctx::MAX_DT` (one hour), so
            /// that no frame can freeze the clock.
            ///
            /// If a hook panics (a behavior's `activate`, `tick` or
            /// `deactivate`, a decide, a condition, a DBlock conversion, the
            /// trace), the state is as if dropped at that point: every
            /// active node's memory is dropped without `deactivate`, nothing
            /// is left half-updated, `is_running()` is `false` and the next
            /// tick starts from the root. Persistent state (timers,
            /// cooldowns) and the clock are kept.
            #[inline(always)]
            #vis fn tick_traced<__Tr: #rt::Trace>(
                &mut self,
                #agent: &mut #agent_ty,
                #ctx: &mut #ctx_ty,
                #tr: &mut __Tr,
            ) -> #rt::Status {
                #begin
                // Clears the active state if a panic unwinds through the
                // tick; forgotten on the normal path.
                let #guard_var = #rt::ClearOnUnwind(&mut self.active);
                #tr.event(#rt::TraceEvent::TickStart { now: #ctx.now() });
                let #ps = &mut self.persist;
                let #status = match &mut *#guard_var.0 {
                    ::core::option::Option::Some(#a) => #a.tick(#args),
                    ::core::option::Option::None => match #root::enter(#args) {
                        #rt::Entered::Running(#a) => {
                            *#guard_var.0 = ::core::option::Option::Some(#a);
                            #rt::Status::Running
                        }
                        #rt::Entered::Done(#s) => #s,
                    },
                };
                if #status.is_done() {
                    *#guard_var.0 = ::core::option::Option::None;
                }
                #tr.event(#rt::TraceEvent::TickEnd { status: #status });
                ::core::mem::forget(#guard_var);
                #status
            }

            /// Deactivates every active node, deepest first, each exactly
            /// once. Persistent state (timers) is kept; the
            /// next tick starts again at the root. The hooks see the tree
            /// clock in `ctx.now()` (it is set on `ctx`, whose report is
            /// left alone).
            ///
            /// If a `deactivate` panics, the state is as if dropped at that
            /// point: the nodes not deactivated yet are dropped without
            /// `deactivate`, none is deactivated twice, and `is_running()`
            /// is `false`.
            ///
            /// Dropping a running state cannot call `deactivate` (there is no
            /// agent to pass): it only runs the memories' destructors. Call
            /// `halt` first when behaviors must clean up.
            #vis fn halt(&mut self, #agent: &mut #agent_ty, #ctx: &mut #ctx_ty) {
                #ctx.__set_now(#now);
                // Taken out first: a panicking hook unwinds through `a`,
                // which drops what is still active.
                if let ::core::option::Option::Some(mut #a) = self.active.take() {
                    let #ps = &mut self.persist;
                    let #tr = &mut #rt::NoTrace;
                    #a.halt(#args);
                }
            }

            /// Halts, then returns every piece of state (timers, clock,
            /// generators and shuffle rounds) to its initial value, keeping
            /// the seed. The hooks see the tree clock from
            /// before the reset.
            ///
            /// If a `deactivate` panics, the state is as if dropped at that
            /// point and reset: the nodes not deactivated yet are dropped
            /// without `deactivate`, and every piece of state is initial.
            #vis fn reset(&mut self, #agent: &mut #agent_ty, #ctx: &mut #ctx_ty) {
                // Reset first, then halt the old state: a panicking hook
                // unwinds through the old state, which drops what is still active.
                let mut #old = ::core::mem::replace(self, Self::with_seed(self.seed()));
                #old.halt(#agent, #ctx);
            }

            /// Whether a node is active: the last tick ended `Running`.
            #vis fn is_running(&self) -> ::core::primitive::bool {
                self.active.is_some()
            }

            /// The tree clock in seconds; always 0 for trees with
            /// no time-based node, which carry no clock.
            #vis fn now(&self) -> ::core::primitive::f64 {
                #now
            }

            /// Calls `f` on every node of the active path, root first.
            /// Nothing is called when no node is active.
            #vis fn active_path<F: ::core::ops::FnMut(&'static #rt::NodeInfo)>(&self, #f: F) {
                self.visit_active(&mut #rt::EachNode(#f));
            }

            /// Walks the active path, root first, handing each node and its
            /// data (behavior and decorator memories) to `v`. Nothing is
            /// visited when no node is active.
            #vis fn visit_active<V: #rt::Visitor<#agent_ty, #world>>(&self, #f: &mut V) {
                if let ::core::option::Option::Some(#a) = &self.active {
                    #a.visit(#f);
                }
            }
        }

        #[automatically_derived]
        impl #rt::Tree<#agent_ty, #world> for #name {
            fn shape() -> &'static [#rt::NodeInfo] {
                #name::shape()
            }
            #[inline]
            fn tick(&mut self, #agent: &mut #agent_ty, #ctx: &mut #ctx_ty) -> #rt::Status {
                #name::tick(self, #agent, #ctx)
            }
            #[inline]
            fn tick_traced<__Tr: #rt::Trace>(&mut self, #agent: &mut #agent_ty, #ctx: &mut #ctx_ty, #tr: &mut __Tr) -> #rt::Status {
                #name::tick_traced(self, #agent, #ctx, #tr)
            }
            fn halt(&mut self, #agent: &mut #agent_ty, #ctx: &mut #ctx_ty) {
                #name::halt(self, #agent, #ctx)
            }
            fn reset(&mut self, #agent: &mut #agent_ty, #ctx: &mut #ctx_ty) {
                #name::reset(self, #agent, #ctx)
            }
            fn is_running(&self) -> ::core::primitive::bool {
                #name::is_running(self)
            }
            fn now(&self) -> ::core::primitive::f64 {
                #name::now(self)
            }
            fn visit_active<V: #rt::Visitor<#agent_ty, #world>>(&self, #f: &mut V) {
                #name::visit_active(self, #f)
            }
            fn with_seed(#seed: ::core::primitive::u64) -> Self {
                #name::with_seed(#seed)
            }
            fn set_seed(&mut self, #seed: ::core::primitive::u64) {
                #name::set_seed(self, #seed)
            }
        }

        #(#items)*
    };
    if !user_fns.is_empty() {
        inner.extend(quote! {
            // No lint attribute: these functions hold what the user wrote in
            // the tree.
            impl #root {
                #user_fns
            }
        });
    }
    State { outer, inner }
}
