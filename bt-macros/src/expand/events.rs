//! What a tree's event declarations become (SPEC V3, V4): the slots of its
//! variables and timestamps in `TreeParts`, the `Events` implementation
//! that applies a posted event to them, and the state type's `post`.
//! Shared with the stand-in for a tree with errors (`fallback.rs`), which
//! declares the same slots and an `Events` that does nothing.

use proc_macro2::TokenStream;
use quote::quote;

use crate::model::Tree;

/// `type Vars = …; type Stamps = …;` of the tree's `TreeParts`: `Flags`
/// when it declares a variable, else `()`; `[Stamp; N]` when it declares
/// timestamps, else `NoStamps` (zero bytes with no alignment: `[Stamp; 0]`
/// would pad a small state to eight bytes).
pub fn slots(tree: &Tree, rt: &TokenStream) -> TokenStream {
    let vars = if tree.vars.is_empty() {
        quote!(())
    } else {
        quote!(#rt::Flags)
    };
    let stamps = match tree.stamps.len() {
        0 => quote!(#rt::events::NoStamps),
        n => quote!([#rt::events::Stamp; #n]),
    };
    quote! {
        type Vars = #vars;
        type Stamps = #stamps;
    }
}

/// `impl Events<E>` for the header's `events = E`: each variable
/// set, then cleared, by the events its patterns match, in declaration
/// order; then each timestamp stamped, clearing the others of its group;
/// and whether a declaration binds an event. A tree that declares no
/// events takes the runtime's `NoEvents`, which has no value. Then what
/// the tree declares for its brain (`Declares`: its events and stimuli)
/// and the keys of its variables and timestamps by name.
/// `stub`: the stand-in's, which does nothing.
pub fn events_impl(tree: &Tree, rt: &TokenStream, stub: bool) -> Option<TokenStream> {
    let name = &tree.name;
    let (e, vars, stamps, now) = (
        crate::expand::local("event"),
        crate::expand::local("vars"),
        crate::expand::local("stamps"),
        crate::expand::local("now"),
    );
    let declares = declares(tree, rt);
    let Some(events) = tree.events.as_ref() else {
        return Some(quote! {
            #declares
            #[automatically_derived]
            impl #rt::events::Events<#rt::NoEvents> for #name {
                fn apply(
                    #e: &#rt::NoEvents,
                    _: &mut <Self as #rt::TreeParts>::Vars,
                    _: &mut <Self as #rt::TreeParts>::Stamps,
                    _: ::core::primitive::f64,
                ) {
                    match *#e {}
                }
                fn binds(#e: &#rt::NoEvents) -> ::core::primitive::bool {
                    match *#e {}
                }
            }
        });
    };
    let body = (!stub).then(|| {
        let var_effects = tree.vars.iter().enumerate().map(|(i, v)| {
            let bit = i as u32;
            let (set, clear) = (&v.set, &v.clear);
            quote! {
                #(if ::core::matches!(#e, #set) { *#vars = #vars.with(#rt::Flags::bit(#bit)); })*
                #(if ::core::matches!(#e, #clear) { *#vars = #vars.without(#rt::Flags::bit(#bit)); })*
            }
        });
        let stamp_effects = tree.stamps.iter().enumerate().map(|(i, s)| {
            let on = &s.on;
            let others = tree
                .stamps
                .iter()
                .enumerate()
                .filter(|(j, o)| *j != i && o.group.is_some() && o.group == s.group)
                .map(|(j, _)| j);
            quote! {
                if #(::core::matches!(#e, #on))||* {
                    #(#stamps[#others] = #rt::events::Stamp::NEVER;)*
                    #stamps[#i] = #rt::events::Stamp::at(#now);
                }
            }
        });
        quote!(#(#var_effects)* #(#stamp_effects)*)
    });
    // Every pattern a declaration binds: variables, timestamps, and the
    // `wait_for` leaves.
    let patterns: Vec<&syn::Pat> = tree
        .vars
        .iter()
        .flat_map(|v| v.set.iter().chain(&v.clear))
        .chain(tree.stamps.iter().flat_map(|s| &s.on))
        .chain(tree.nodes.iter().filter_map(|n| match &n.kind {
            crate::model::Kind::Behavior(crate::model::Leaf {
                behavior: crate::model::Behavior::Builtin(crate::model::Builtin::WaitFor(w)),
                ..
            }) => Some(&w.pat),
            _ => None,
        }))
        .collect();
    let binds = if stub {
        quote!(true)
    } else {
        quote!(false #(|| ::core::matches!(#e, #patterns))*)
    };
    Some(quote! {
        #declares
        #[automatically_derived]
        impl #rt::events::Events<#events> for #name {
            #[allow(unused_variables)]
            fn apply(
                #e: &#events,
                #vars: &mut <Self as #rt::TreeParts>::Vars,
                #stamps: &mut <Self as #rt::TreeParts>::Stamps,
                #now: ::core::primitive::f64,
            ) {
                #body
            }
            #[allow(unused_variables)]
            fn binds(#e: &#events) -> ::core::primitive::bool {
                #binds
            }
        }
    })
}

/// `impl Declares`: the tree's events and stimuli for its brain; and one
/// key constant per variable and timestamp, named after it in upper case.
fn declares(tree: &Tree, rt: &TokenStream) -> TokenStream {
    let (name, vis) = (&tree.name, &tree.vis);
    let event = match &tree.events {
        Some(events) => quote!(#events),
        None => quote!(#rt::NoEvents),
    };
    let (kinds, payload) = match &tree.stimuli {
        Some((kinds, Some(payload))) => (quote!(#kinds), quote!(#payload)),
        Some((kinds, None)) => (quote!(#kinds), quote!(())),
        None => (quote!(#rt::NoStimuli), quote!(())),
    };
    // A name whose key is taken (reported by the parser) gets none: its
    // mistake is the only error.
    let mut taken = std::collections::HashSet::from(["OUTLINE".to_string(), "SLEEP".to_string()]);
    let mut fresh = |name: &syn::Ident| taken.insert(upper(name).to_string());
    let var_keys: Vec<_> = tree
        .vars
        .iter()
        .enumerate()
        .filter(|(_, v)| fresh(&v.name))
        .collect();
    let stamp_keys: Vec<_> = tree
        .stamps
        .iter()
        .enumerate()
        .filter(|(_, s)| fresh(&s.name))
        .collect();
    let var_keys = var_keys.into_iter().map(|(i, v)| {
        let key = upper(&v.name);
        let i = i as u8;
        let doc = format!("The variable `{}` (`var {}`), by name.", v.name, v.name);
        quote! {
            #[doc = #doc]
            #vis const #key: #rt::events::Var<#name> = #rt::events::Var::declared(#i);
        }
    });
    let stamp_keys = stamp_keys.into_iter().map(|(i, s)| {
        let key = upper(&s.name);
        let i = i as u8;
        let doc = format!("The timestamp `{}` (`stamp {}`), by name.", s.name, s.name);
        quote! {
            #[doc = #doc]
            #vis const #key: #rt::events::Timestamp<#name> = #rt::events::Timestamp::declared(#i);
        }
    });
    let keys = (!tree.vars.is_empty() || !tree.stamps.is_empty()).then(|| {
        quote! {
            /// The tree's variables and timestamps by name.
            impl #name {
                #(#var_keys)*
                #(#stamp_keys)*
            }
        }
    });
    quote! {
        #[automatically_derived]
        impl #rt::Declares for #name {
            type Event = #event;
            type Stimulus = #kinds;
            type Payload = #payload;
        }
        #keys
    }
}

/// `name` in upper case, at its span: the key constant of a `var` or
/// `stamp`.
fn upper(name: &syn::Ident) -> syn::Ident {
    let text = name.to_string();
    let text = text.strip_prefix("r#").unwrap_or(&text);
    syn::Ident::new(&text.to_uppercase(), name.span())
}

/// The state type's `vars`, `var`, `since` and `post`: `post` takes the
/// header's `events = E`; a tree that declares no events gets
/// [`undeclared_post`] alone (it has no variable nor timestamp to read).
pub fn post(tree: &Tree, rt: &TokenStream) -> TokenStream {
    let (vis, name) = (&tree.vis, &tree.name);
    let (stamp, var) = (crate::expand::local("stamp"), crate::expand::local("var"));
    let readers = quote! {
        /// The tree's variables, one bit per `var`, in declaration order (empty when none).
        #vis fn vars(&self) -> #rt::Flags {
            self.machine.vars()
        }
        /// Whether variable `var` is set: `Self::ALARMED` for `var alarmed`.
        #vis fn var(&self, #var: #rt::events::Var<#name>) -> ::core::primitive::bool {
            self.machine.var(#var)
        }
        /// Seconds since timestamp `stamp` was set (`Self::SEEN` for `stamp seen`); `None` if never.
        #vis fn since(&self, #stamp: #rt::events::Timestamp<#name>) -> ::core::option::Option<::core::primitive::f64> {
            self.machine.since(#stamp)
        }
    };
    let Some(events) = tree.events.as_ref() else {
        return undeclared_post(tree, rt);
    };
    let (agent_ty, world) = (&tree.agent, &tree.world);
    let (e, agent, frame) = (
        crate::expand::local("event"),
        crate::expand::local("agent"),
        crate::expand::local("frame"),
    );
    quote! {
        #readers
        /// Posts an event to the agent's tree: it takes effect at once
        /// (variables, timestamps, the active behaviors' `event` hooks),
        /// and says what it changed.
        #vis fn post(&mut self, #e: &#events, #agent: &mut #agent_ty, #frame: &mut #rt::Frame<#world>) -> #rt::events::Posted {
            self.machine.post(#e, #agent, #frame)
        }
    }
}

/// The `post` of a tree that declares no events: generic over the event
/// type, bounded by the runtime's `events::Undeclared`, which no type
/// implements. Calling it is one error at the call, that trait's
/// `#[diagnostic::on_unimplemented]` message ("the tree `T` declares no
/// events: add `events = YourEnum` to its header"), instead of rustc's "no
/// method named `post`", which says nothing of the header.
fn undeclared_post(tree: &Tree, rt: &TokenStream) -> TokenStream {
    let (vis, agent_ty, world) = (&tree.vis, &tree.agent, &tree.world);
    let (e, agent, frame) = (
        crate::expand::local("event"),
        crate::expand::local("agent"),
        crate::expand::local("frame"),
    );
    quote! {
        /// Not available: this tree declares no events. Posting needs the
        /// events' type in the tree's header (`tree Name for Agent, events
        /// = Event { … }`); until then every call is a compile error
        /// saying so.
        #vis fn post<__E>(&mut self, #e: &__E, #agent: &mut #agent_ty, #frame: &mut #rt::Frame<#world>)
        where
            Self: #rt::events::Undeclared<__E>,
        {
            let _ = (#e, #agent, #frame);
        }
    }
}
