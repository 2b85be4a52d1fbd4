//! The per-agent state type of a tree, its static shape and its public API.
//!
//! Its length: the state type, its shape and its API, in the order
//! `cargo expand` shows them.

use proc_macro2::TokenStream;
use quote::{quote, ToTokens};

use super::ir::{Child, Lowered, Walk};
use super::names::{derives_default, local, Gen};

/// The state type of a tree as declared in the user's module, and what goes
/// into the invocation's `const _: () = { … };` block: `static SHAPE`,
/// `struct Persist`, the root wrapper, and every `impl` of the state type.
pub struct State {
    pub outer: TokenStream,
    pub inner: TokenStream,
}

/// `static SHAPE`, `struct Persist`, `struct Tree` and its impls.
pub fn state(g: &Gen, lowered: &[Lowered], root_run: &Child) -> State {
    let tree = g.tree;
    let (rt, ig, derives) = (&g.rt, g.ig(), &g.derives);
    let (shape, persist, root) = (g.shape(), g.persist(), Gen::root_of(&tree.name));
    let len = tree.nodes.len();
    let infos = shape_infos(g, lowered);
    let tree_name = tree.name.to_string();
    // The rows' parameters, as every generated binding (a user's `const
    // id` next to the tree would make a parameter `id` a pattern).
    let [id, name, kind, parent, depth, behavior, args, line] = [
        "id", "name", "kind", "parent", "depth", "behavior", "args", "line",
    ]
    .map(local);
    // What the nodes add, concatenated in node order.
    let persist_fields = lowered.iter().flat_map(|l| &l.persist);
    let items = lowered.iter().map(|l| &l.items);
    let user_fns: TokenStream = lowered.iter().map(|l| l.user_fns.clone()).collect();
    let root_ty = &root_run.active_ty;
    let parts = tree_parts(g, lowered);
    let events = super::events::events_impl(tree, rt, false);
    let subtree = subtree_impl(g, root_run);
    let text = super::outline::outline(tree);
    let sleep = super::sleep::report(tree);
    let outer = outer_type(tree, &g.rt_outer, Some((&text, &sleep)));
    let api = api(tree, rt, quote!(&#shape), &text, &sleep.0);
    let end = end_field(tree);
    let mut inner = quote! {
        // The probes handing the walks' memories and the persistent state
        // to visitors as `Debug` (`probe.rs`, I1), explained where `cargo
        // expand` shows them (a comment would not be kept).
        #[doc = "The debug probes (autoref specialization): `x.__debug()` is `Some(&x as &dyn Debug)` when `x`'s type implements `Debug` (`ProbeDebug`, found on the value), else `None` (`ProbeOther`, found one reference further), so that a visitor sees every memory that can be printed."]
        use #rt::{ProbeDebug as _, ProbeOther as _};

        static #shape: [#rt::NodeInfo; #len] = {
            use #rt::NodeKind::*;
            // One row per node, pre-order: id, name, kind, parent (the
            // root's is itself), depth, behavior type, arguments, source
            // line.
            #[allow(clippy::too_many_arguments)]
            const fn node(
                #id: ::core::primitive::u16,
                #name: &'static ::core::primitive::str,
                #kind: #rt::NodeKind,
                #parent: ::core::primitive::u16,
                #depth: ::core::primitive::u16,
                #behavior: &'static ::core::primitive::str,
                #args: &'static ::core::primitive::str,
                #line: ::core::primitive::u32,
            ) -> #rt::NodeInfo {
                #rt::shape_node(#id, #name, #tree_name, #kind, #parent, #depth, #behavior, #line, #args)
            }
            [#(#infos),*]
        };

        // `pub` (nominally: nothing outside this block can name it) because
        // it is an associated type of the public state type's `TreeParts`.
        #[derive(::core::default::Default)]
        #derives
        pub struct #persist {
            #(#persist_fields,)*
            #end
        }

        // Where its behaviors' runtime node types find their nodes.
        impl #rt::Shaped for #persist {
            #[inline(always)]
            fn shape() -> &'static [#rt::NodeInfo] {
                &#shape
            }
        }

        /// The active state of the whole tree, as held by its state type and
        /// by every `subtree` reference to it. `pub` like the persistent
        /// state.
        #[allow(dead_code)]
        #derives
        pub struct #root(#root_ty);

        #parts
        #events

        #subtree

        #api

        #(#items)*
    };
    if !user_fns.is_empty() {
        inner.extend(quote! {
            // No lint attribute: these functions hold what the user wrote in
            // the tree.
            impl #ig #root {
                #user_fns
            }
        });
    }
    State { outer, inner }
}

/// A last field of the persistent state, sized whatever the fields before
/// it are, when one of them has a type the user's code decides (a
/// `decorate(X)`'s `Persist`, a `subtree`'s state): if that type is an
/// error (`X` is no decorator, the path no tree), it is then reported once,
/// at the field, and not again wherever the struct must be `Sized` (rustc
/// looks at the last field only). Zero-sized; skipped by serde, so that a
/// saved state's format does not change.
fn end_field(tree: &crate::model::Tree) -> Option<TokenStream> {
    use crate::model::{Deco, Kind};
    let needed = tree.nodes.iter().any(|n| match &n.kind {
        Kind::Decorator {
            deco: Deco::Custom(leaf),
            ..
        } => leaf.builtin().is_none(),
        Kind::Subtree { .. } => true,
        _ => false,
    });
    if !needed {
        return None;
    }
    let serde = derives(tree, "Serialize") || derives(tree, "Deserialize");
    let skip = serde.then(|| quote!(#[serde(skip)]));
    Some(quote!(#skip __end: ()))
}

/// Whether the tree's attributes derive a trait named `name` (its last
/// path segment), e.g. serde's `Deserialize`.
pub fn derives(tree: &crate::model::Tree, name: &str) -> bool {
    tree.attrs.iter().any(|a| {
        a.path().is_ident("derive")
            && a.meta.to_token_stream().into_iter().any(|t| {
                matches!(&t, proc_macro2::TokenTree::Group(g) if g.stream().into_iter().any(|t| {
                    matches!(&t, proc_macro2::TokenTree::Ident(i) if i == name)
                }))
            })
    })
}

/// The entries of the static shape, one per node, pre-order.
fn shape_infos(g: &Gen, lowered: &[Lowered]) -> Vec<TokenStream> {
    let tree = g.tree;
    let rt = &g.rt;
    let polling = super::sleep::polling(tree);
    tree.nodes
        .iter()
        .zip(lowered)
        .map(|(n, l)| {
            // Unsuffixed: the types are `shape_node`'s parameters'.
            let id = proc_macro2::Literal::u16_unsuffixed(n.id as u16);
            let node_name = &n.name;
            let kind = &l.shape_kind;
            let behavior = l.behavior.as_deref().unwrap_or("");
            // The root is its own parent (`shape_node`).
            let parent = proc_macro2::Literal::u16_unsuffixed(n.parent.unwrap_or(n.id) as u16);
            let depth = proc_macro2::Literal::u16_unsuffixed(n.depth as u16);
            let line = proc_macro2::Literal::u32_unsuffixed(n.span.start().line as u32);
            let args = super::outline::args(tree, n.id);
            let info =
                quote!(node(#id, #node_name, #kind, #parent, #depth, #behavior, #args, #line));
            // Z2: the bottom of a configuration that never sleeps.
            if polling[n.id] {
                quote!(#rt::shape_polls(#info))
            } else {
                info
            }
        })
        .collect()
}

/// The tree's definition as the runtime's `Machine` and referencing trees
/// see it (`TreeParts`): its depth, whether it carries a clock and a seed
/// (and their slots), its state types, its shape, and the seeding of its
/// persistent state.
fn tree_parts(g: &Gen, lowered: &[Lowered]) -> TokenStream {
    let (rt, ps, tree) = (&g.rt, &g.ps, g.tree);
    let (name, persist) = (&tree.name, g.persist());
    let root = Gen::root_of(name);
    let seeds = lowered.iter().flat_map(|l| &l.seeds);
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
    // Whether the state carries a seed (SPEC D8) and a clock (SPEC T2):
    // a node of this tree or of a tree it references draws random numbers,
    // measures time: the type, or `()`. With a `subtree` reference, which
    // one depends on the referenced trees' constants (they may be declared
    // elsewhere). Not this tree's own constant: naming it in its own
    // `TreeParts` is a cycle for the compiler.
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
            let refs = references.iter().map(|r| &r.sub);
            quote!(<#rt::Has<{ #own #(|| #refs::#what)* }> as #rt::Pick<#ty>>::Slot)
        }
    };
    // A timestamp is a time of the tree clock (SPEC V3).
    let uses_time = uses_time || !tree.stamps.is_empty();
    let clock_ty = slot(uses_time, quote!(CLOCK), quote!(::core::primitive::f64));
    let slots = super::events::slots(tree, rt);
    let services = !tree.vars.is_empty() || !tree.stamps.is_empty();
    let seed_ty = slot(uses_rng, quote!(RNG), quote!(::core::primitive::u64));
    let seed = local("seed");
    let persistent = persistent_fn(g);
    let machine = machine_fns(name, rt);
    // What the trait's defaults do not say: a tree that draws random
    // numbers (or references one), that declares variables or timestamps,
    // that has generators to seed.
    let rng = (uses_rng || !references.is_empty())
        .then(|| quote!(const RNG: ::core::primitive::bool = #uses_rng #(|| #rngs)*;));
    let services = services.then(|| {
        quote!(
            const SERVICES: ::core::primitive::bool = true;
        )
    });
    let seeds: Vec<_> = seeds.collect();
    let seed_fn = (!seeds.is_empty()).then(|| {
        quote! {
            /// Seeds every generator of the persistent state `ps`, this
            /// tree's and its subtrees', each from `seed` and its node.
            #[inline]
            fn seed(#ps: &mut #persist, #seed: ::core::primitive::u64) {
                #(#seeds)*
            }
        }
    });
    let fingerprint = super::fingerprint::consts(tree, rt, &references);
    quote! {
        #[doc(hidden)]
        impl #rt::TreeParts for #name {
            #fingerprint
            const DEPTH: ::core::primitive::usize = #rt::deepest(&[#own_depth #(, #depths)*]);
            const CLOCK: ::core::primitive::bool = #uses_time #(|| #clocks)*;
            #rng
            #services
            type Root = #root;
            type Persist = #persist;
            type Clock = #clock_ty;
            type Seed = #seed_ty;
            #slots
            #seed_fn
            #persistent
        }
        #machine
    }
}

/// `impl MachineState`: the state type's `Machine`, through which the
/// runtime implements `Tree` for every tree. Shared with the stand-in for a tree with errors (`fallback.rs`).
pub fn machine_fns(name: &proc_macro2::Ident, rt: &TokenStream) -> TokenStream {
    let m = local("machine");
    quote! {
        #[doc(hidden)]
        impl #rt::MachineState for #name {
        #[inline(always)]
        fn machine(&self) -> &#rt::Machine<Self> { &self.machine }
        #[inline(always)]
        fn machine_mut(&mut self) -> &mut #rt::Machine<Self> { &mut self.machine }
        #[inline(always)]
        fn from_machine(#m: #rt::Machine<Self>) -> Self { Self { machine: #m } }
        }
    }
}

/// `TreeParts::persistent`: node by node, the `every` timer, then the
/// decorator's persistent state (I1), each as `Debug` through the
/// runtime's probe; nothing when no node has any. A built-in decorator
/// whose `Persist` is `()` is left out here, a user's decorator's is
/// probed (zero-sized or not `Debug`: nothing).
fn persistent_fn(g: &Gen) -> TokenStream {
    let (rt, ps) = (&g.rt, &g.ps);
    let (node, f) = (local("node"), local("f"));
    let arms: Vec<TokenStream> = g
        .tree
        .nodes
        .iter()
        .filter_map(|n| {
            let every = n.guard.as_ref().and_then(|gd| gd.every.as_ref()).map(|e| {
                let (t, secs) = (g.timer_field(n.id), e.seconds);
                quote!(#f(&#rt::Every(&#ps.#t, #secs)))
            });
            let deco = match &n.kind {
                crate::model::Kind::Decorator { deco, .. } if deco_keeps(deco) => {
                    let d = g.deco_field(n.id);
                    Some(quote!((&#ps.#d).__kept(#f)))
                }
                _ => None,
            };
            let id = n.id as u16;
            match (every, deco) {
                (None, None) => None,
                (Some(one), None) | (None, Some(one)) => Some(quote!(#id => #one,)),
                (Some(every), Some(deco)) => Some(quote!(#id => { #every; #deco; })),
            }
        })
        .collect();
    if arms.is_empty() {
        return TokenStream::new();
    }
    let persist = g.persist();
    quote! {
        fn persistent(#ps: &#persist, #node: #rt::NodeId, #f: &mut dyn ::core::ops::FnMut(&dyn ::core::fmt::Debug)) {
            match #node {
                #(#arms)*
                _ => {}
            }
        }
    }
}

/// Whether decorator `deco` may keep persistent state worth showing: a
/// built-in that has some (a cooldown's timer, `run_once`'s status), any
/// user's decorator.
fn deco_keeps(deco: &crate::model::Deco) -> bool {
    use crate::model::Deco;
    match deco {
        Deco::Builtin { def, .. } => def.persist,
        Deco::Custom(leaf) => leaf.builtin().is_none(),
        Deco::Recheck | Deco::Limit(_) => false,
    }
}

/// How the tree's root enters, ticks, halts and is walked (`Subtree`),
/// for its `Machine` and for the trees that reference it.
fn subtree_impl(g: &Gen, root_run: &Child) -> TokenStream {
    let tree = g.tree;
    let (rt, ig, aw) = (&g.rt, g.ig(), g.aw());
    let root = Gen::root_of(&tree.name);
    let (a, s, f) = (local("a"), local("s"), local("f"));
    let params = g.params();
    let (agent, ctx, agent_ty, world) = (&g.agent, &g.ctx, &tree.agent, &tree.world);
    let enter_root = &root_run.enter;
    let tick_root = &root_run.tick;
    let halt_root = &root_run.halt;
    let visit_root = root_run.visit(Walk::Ref);
    let visit_root_mut = root_run.visit(Walk::Mut);
    let (root_marker, persist_ty) = (&root_run.marker, g.persist());
    let name = &tree.name;
    // A `selector` root is expected to sit at its last child, the
    // fallback: a layout hint for the machine's tick (`Subtree::settled`).
    let settled = match &tree.nodes[0].kind {
        crate::model::Kind::Composite {
            policy: crate::model::Policy::Selector,
            ..
        } => {
            let (n0, persist, active) = (g.node_ty(0), g.persist(), local("active"));
            quote! {
                #[inline(always)]
                fn settled(
                    #active: &::core::option::Option<#root>,
                ) -> ::core::option::Option<::core::primitive::bool> {
                    ::core::option::Option::Some(match #active {
                        ::core::option::Option::Some(#root(#a)) => {
                            #rt::last_runs::<#n0, #persist, #aw>(&#a.c)
                        }
                        ::core::option::Option::None => false,
                    })
                }
            }
        }
        _ => quote!(),
    };
    // Z2: the `every(d)` timers, each with its interval, whose next due
    // time the machine adds to its root's wake.
    let timers: Vec<TokenStream> = tree
        .nodes
        .iter()
        .filter_map(|n| {
            let every = n.guard.as_ref()?.every.as_ref()?;
            let (field, secs) = (g.timer_field(n.id), every.seconds);
            Some(quote!((&#s.#field, #secs)))
        })
        .collect();
    let every = if timers.is_empty() {
        quote!()
    } else {
        quote! {
            const EVERY: ::core::primitive::bool = true;
            #[inline]
            fn every_wake(#s: &#persist_ty, #f: ::core::primitive::f64) -> #rt::Wake {
                #rt::every_wake(&[#(#timers),*], #f)
            }
        }
    };
    quote! {
        #[doc(hidden)]
        impl #ig #rt::Subtree<#aw> for #name {
            type Tree = Self;
            #every
            #[inline(always)]
            fn enter<__Tr: #rt::Trace>(#params) -> #rt::Entered<#root> {
                match #enter_root {
                    #rt::Entered::Running(#a) => #rt::Entered::Running(#root(#a)),
                    #rt::Entered::Done(#s) => #rt::Entered::Done(#s),
                }
            }
            #[inline(always)]
            fn tick<__Tr: #rt::Trace>(#root(#a): &mut #root, #params) -> #rt::Status {
                #tick_root
            }
            #settled
            #[inline]
            fn halt<__Tr: #rt::Trace>(#root(#a): &mut #root, #params) {
                #halt_root;
            }
            fn visit<__V: #rt::Visitor<#aw>>(#root(#a): &#root, #f: &mut __V) {
                #visit_root
            }
            #[inline]
            fn wake(#root(#a): &#root) -> #rt::Wake {
                <#root_marker as #rt::Run<#persist_ty, #aw>>::wake(#a)
            }
            fn visit_mut<__V: #rt::VisitorMut<#aw>>(
                #root(#a): &mut #root,
                #f: &mut __V,
                #agent: &mut #agent_ty,
                #ctx: &mut #rt::Ctx<'_, #world>,
            ) {
                #visit_root_mut
            }
        }
    }
}

/// The most lines of the sleep report the state type's documentation
/// shows whole.
const SLEEP_DOC_LINES: usize = 24;

/// The state type as declared in the user's module: the user's attributes
/// (docs, derives) on a thin type around the runtime's `Machine`, which
/// holds the state and implements the lifecycle once. A type of the
/// user's, not an alias, so that any derive and any trait of another crate
/// can be implemented for it. Braced: a tuple struct would also take the
/// name in the value namespace, where the user may have a function or a
/// constant of the same name. Shared with the stand-in for a tree with
/// errors (`fallback.rs`), so that the two cannot differ.
///
/// `text` is the tree's outline (`outline.rs`), shown in a text block
/// after that sentence, and its sleep report and summary (`sleep.rs`,
/// Z1); `None` for the stand-in, whose tree has errors.
pub fn outer_type(
    tree: &crate::model::Tree,
    rt_outer: &TokenStream,
    text: Option<(&str, &(String, String))>,
) -> TokenStream {
    let (name, vis, attrs) = (&tree.name, &tree.vis, &tree.attrs);
    let mut doc = format!(
        "The per-agent state of the `{name}` tree: a plain value, no heap. \
         Build one per agent with [`{name}::new`] and call [`{name}::tick`] once per frame."
    );
    // In the same attribute, so that the expansion stays one line (and
    // the paragraphs stay apart: rustdoc trims an attribute's leading
    // blank lines).
    if let Some((outline, (sleep, summary))) = text {
        doc.push_str(&format!(
            "\n\nThe tree (`{name}::OUTLINE`):\n\n```text\n{outline}```"
        ));
        // The whole report when it is short, else where to read it.
        let lines = sleep.lines().count();
        if lines <= SLEEP_DOC_LINES {
            doc.push_str(&format!(
                "\n\nWhen it can sleep (`{name}::SLEEP`). {summary}\n\n```text\n{sleep}```"
            ));
        } else {
            doc.push_str(&format!(
                "\n\nWhen it can sleep: {summary} Each, in `{name}::SLEEP`."
            ));
        }
    }
    quote! {
        #(#attrs)*
        #[doc = ""]
        #[doc = #doc]
        #vis struct #name {
            machine: #rt_outer::Machine<#name>,
        }
    }
}

/// The state type's API: its methods, each forwarding to the runtime's
/// `Machine`, `Default` unless derived, and the `Tree` trait. Shared with
/// the stand-in for a tree with errors (`fallback.rs`): a tree with a
/// mistake exposes exactly the API of a correct one.
///
/// `outline` is the tree's outline, the value of its `OUTLINE` constant.
pub fn api(
    tree: &crate::model::Tree,
    rt: &TokenStream,
    shape: TokenStream,
    outline: &str,
    sleep: &str,
) -> TokenStream {
    let (name, vis) = (&tree.name, &tree.vis);
    let (agent_ty, world) = (&tree.agent, &tree.world);
    let ig = super::names::impl_generics(&tree.world_generics);
    let Locals {
        agent,
        frame,
        tr,
        f,
        seed,
    } = Locals::new();
    let frame_ty = quote!(#rt::Frame<#world>);
    let text = text_api(tree, rt, outline, sleep);
    let post = super::events::post(tree, rt);
    let default_impl = default_impl(tree);
    quote! {
        #default_impl

        /// Every method is the runtime's `Machine`'s, for this tree: see
        /// `deciders::Machine` for the details.
        impl #ig #name {
            #text
            /// A fresh state: nothing active, every timer due, seeded with 0.
            #vis fn new() -> Self {
                Self { machine: #rt::Machine::with_seed(0) }
            }
            /// A fresh state whose `random` and `shuffle` groups draw from `seed`.
            #vis fn with_seed(#seed: ::core::primitive::u64) -> Self {
                Self { machine: #rt::Machine::with_seed(#seed) }
            }
            /// Reseeds every generator; `reset` returns to this seed.
            #vis fn set_seed(&mut self, #seed: ::core::primitive::u64) {
                self.machine.set_seed(#seed);
            }
            /// The seed `reset` returns to (0 for a tree that draws nothing).
            #vis fn seed(&self) -> ::core::primitive::u64 {
                self.machine.seed()
            }
            /// The tree's static shape: every node, pre-order, shared by all agents.
            #vis fn shape() -> &'static [#rt::NodeInfo] {
                #shape
            }
            /// One tick of one agent: advances the clock by `ctx.dt()`, walks the active path.
            #[inline]
            #vis fn tick(&mut self, #agent: &mut #agent_ty, #frame: &mut #frame_ty) -> #rt::Status {
                self.machine.tick(#agent, #frame)
            }
            /// One tick of one agent, reporting every step to `tr`.
            #[inline(always)]
            #vis fn tick_traced<__Tr: #rt::Trace>(&mut self, #agent: &mut #agent_ty, #frame: &mut #frame_ty, #tr: &mut __Tr) -> #rt::Status {
                self.machine.tick_traced(#agent, #frame, #tr)
            }
            /// Deactivates every active node, deepest first; timers are kept.
            #vis fn halt(&mut self, #agent: &mut #agent_ty, #frame: &mut #frame_ty) {
                self.machine.halt(#agent, #frame);
            }
            /// Halts, then returns every piece of state to its initial value but the seed.
            #vis fn reset(&mut self, #agent: &mut #agent_ty, #frame: &mut #frame_ty) {
                self.machine.reset(#agent, #frame);
            }
            /// Whether a node is active: the last tick ended `Running`.
            #vis fn is_running(&self) -> ::core::primitive::bool {
                self.machine.is_running()
            }
            /// The tree clock in seconds (0 for a tree with no time-based node).
            #vis fn now(&self) -> ::core::primitive::f64 {
                self.machine.now()
            }
            /// Calls `f` on every node of the active path, root first.
            #vis fn active_path<__F: ::core::ops::FnMut(&'static #rt::NodeInfo)>(&self, #f: __F) {
                self.machine.active_path::<#agent_ty, #world, __F>(#f);
            }
            /// Whether the active path goes through a node named `name`.
            #vis fn is_active(&self, #f: &::core::primitive::str) -> ::core::primitive::bool {
                self.machine.is_active::<#agent_ty, #world>(#f)
            }
            /// Walks the active path, root first, handing each node and its data to `v`.
            #vis fn visit_active<__V: #rt::Visitor<#agent_ty, #world>>(&self, #f: &mut __V) {
                self.machine.visit_active::<#agent_ty, #world, __V>(#f);
            }
            #post
            /// Walks the active path with the agent and the context, memories by `&mut`.
            #vis fn visit_active_mut<__V: #rt::VisitorMut<#agent_ty, #world>>(&mut self, #agent: &mut #agent_ty, #frame: &mut #frame_ty, #f: &mut __V) {
                self.machine.visit_active_mut(#agent, #frame, #f);
            }
        }
    }
}

/// `impl Default` calling `new`, unless the tree derives `Default`.
fn default_impl(tree: &crate::model::Tree) -> Option<TokenStream> {
    let name = &tree.name;
    (!derives_default(&tree.attrs)).then(|| {
        quote! {
            #[automatically_derived]
            impl ::core::default::Default for #name {
                fn default() -> Self {
                    Self::new()
                }
            }
        }
    })
}

/// The state type's text (I1, I4, Z1): its `OUTLINE` constant, holding
/// `outline`, its `SLEEP` constant, holding `sleep`, and `describe`,
/// writing the active path.
fn text_api(
    tree: &crate::model::Tree,
    rt: &TokenStream,
    outline: &str,
    sleep: &str,
) -> TokenStream {
    let (vis, out) = (&tree.vis, local("out"));
    quote! {
        /// What can wake each configuration of the tree — a node that can
        /// be the bottom of a running path, and the path above it — one
        /// line each (Z1): `sleeps; wakes on …`, `sleeps when `X` waits;
        /// wakes on …` (a behavior, group behavior or custom decorator
        /// ticked every tick unless it says it waits), or `never sleeps:
        /// …` with each input the tree cannot see.
        #vis const SLEEP: &'static ::core::primitive::str = ::core::convert::identity(#sleep);
        /// The tree as text, as the type's documentation shows it (I4).
        // Through a call, so that rustdoc does not print the value (the
        // type's documentation shows it) with its box characters escaped.
        #vis const OUTLINE: &'static ::core::primitive::str = ::core::convert::identity(#outline);
        /// Writes the active path as indented text (`deciders::describe`).
        #vis fn describe(&self, #out: &mut dyn ::core::fmt::Write) -> ::core::fmt::Result {
            #rt::describe::write_state(self, #out)
        }
    }
}

/// The hygienic parameter names of the state type's methods.
struct Locals {
    agent: proc_macro2::Ident,
    frame: proc_macro2::Ident,
    tr: proc_macro2::Ident,
    f: proc_macro2::Ident,
    seed: proc_macro2::Ident,
}

impl Locals {
    fn new() -> Self {
        Locals {
            agent: local("agent"),
            frame: local("frame"),
            tr: local("tr"),
            f: local("f"),
            seed: local("seed"),
        }
    }
}
