//! The tree's shape fingerprint (SPEC O6), computed at expansion time:
//! `TreeParts::FINGERPRINT` and `TreeParts::NAME`.
//!
//! A save carries its tree's fingerprint, and a load refuses a save of
//! another one: the fingerprint stands for everything that changes what a
//! save means. It is FNV-1a 64 over a canonical description of the tree,
//! written here item by item (each item's bytes, then a `0xff` byte, which
//! no UTF-8 text holds): the tree's name, agent, world, generator and
//! events types; each variable and timestamp declaration (name, patterns,
//! group) in order; then each node, pre-order: its number, parent and
//! depth (the nesting), its name, its outline line (kind, arguments,
//! guard), and every parameter as the token string written (a behavior's
//! type and constructor, a built-in leaf's arguments, a `limit`'s selector
//! and `max`, a condition's or decide's function, a switch's value and
//! cases, a subtree's path). Token strings hold no spans: moving a tree in
//! its file, or editing a comment, keeps its fingerprint.
//!
//! A tree that references others (`subtree`) mixes their fingerprints into
//! its own at compile time (the runtime's `fingerprint_mix`), so that a
//! change in a tree declared elsewhere changes every tree referencing it.

use proc_macro2::{Literal, TokenStream};
use quote::{quote, ToTokens};

use super::ir::Reference;
use crate::model::{Behavior, Builtin, Control, Deco, Kind, Leaf, Tree};

/// FNV-1a 64.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// One item of the description, then its separator.
    fn item(&mut self, text: &str) {
        self.bytes(text.as_bytes());
        self.bytes(&[0xff]);
    }

    fn tokens(&mut self, tokens: &impl ToTokens) {
        self.item(&tokens.to_token_stream().to_string());
    }
}

/// The items of a leaf: a user's type and constructor, or a built-in's
/// keyword and arguments.
fn leaf(h: &mut Fnv, leaf: &Leaf) {
    match &leaf.behavior {
        Behavior::Written { ty, ctor } => {
            h.item("type");
            h.tokens(ty);
            match ctor {
                Some(ctor) => h.tokens(ctor),
                None => h.item("default"),
            }
        }
        Behavior::Builtin(b) => {
            h.item(b.keyword());
            match b {
                Builtin::Succeed | Builtin::Fail => {}
                Builtin::Wait(d) => h.item(&d.to_string()),
                Builtin::WaitFor(w) => {
                    h.tokens(&w.events);
                    h.tokens(&w.pat);
                }
                Builtin::WaitUntil(t) | Builtin::IfTime(t) => h.item(&format!(
                    "{} {} {} {}",
                    t.stamp, t.less_than, t.seconds, t.or_never_set
                )),
                Builtin::Log(messages) => {
                    for m in messages.iter() {
                        h.item(&m.as_ref().map(|m| m.value()).unwrap_or_default());
                    }
                }
            }
        }
    }
}

/// The tree's own fingerprint, before its references' are mixed in.
pub fn own(tree: &Tree) -> u64 {
    let mut h = Fnv::new();
    h.item("tree");
    h.item(&tree.name.to_string());
    h.tokens(&tree.agent);
    h.tokens(&tree.world);
    match &tree.rng {
        Some(rng) => h.tokens(rng),
        None => h.item("-"),
    }
    match &tree.events {
        Some(events) => h.tokens(events),
        None => h.item("-"),
    }
    for var in &tree.vars {
        h.item("var");
        h.item(&var.name.to_string());
        var.set.iter().for_each(|p| h.tokens(p));
        h.item("clear");
        var.clear.iter().for_each(|p| h.tokens(p));
    }
    for stamp in &tree.stamps {
        h.item("stamp");
        h.item(&stamp.name.to_string());
        stamp.on.iter().for_each(|p| h.tokens(p));
        match &stamp.group {
            Some(g) => h.item(&g.to_string()),
            None => h.item("-"),
        }
    }
    for node in &tree.nodes {
        h.item("node");
        h.item(&format!("{} {:?} {}", node.id, node.parent, node.depth));
        h.item(&node.name);
        h.item(&super::outline::line(tree, node.id));
        h.item(&super::outline::args(tree, node.id));
        match &node.kind {
            Kind::Behavior(l) => leaf(&mut h, l),
            Kind::Decorator { deco, .. } => match deco {
                Deco::Builtin { .. } | Deco::Recheck => {}
                Deco::Custom(l) => leaf(&mut h, l),
                Deco::Limit(limit) => {
                    h.tokens(&limit.resource);
                    h.item(&limit.max.to_string());
                }
            },
            Kind::Control {
                control: Control::Switch { value, cases },
                ..
            } => {
                h.tokens(value);
                cases.iter().for_each(|c| h.tokens(&c.pat));
            }
            Kind::Condition { func } => h.tokens(func),
            Kind::Subtree { path, .. } => h.tokens(path),
            Kind::Composite {
                behavior: Some(l), ..
            } => leaf(&mut h, l),
            Kind::Parallel { .. } | Kind::Control { .. } | Kind::Composite { .. } => {}
        }
        if let Some(decide) = node.guard.as_ref().and_then(|g| g.decide.as_ref()) {
            h.tokens(&decide.func);
        }
    }
    h.0
}

/// `TreeParts::NAME` and `TreeParts::FINGERPRINT` of the tree, its own
/// fingerprint mixed with those of the trees it references.
pub fn consts(tree: &Tree, rt: &TokenStream, references: &[&Reference]) -> TokenStream {
    let name = tree.name.to_string();
    let own = Literal::u64_suffixed(own(tree));
    let subs = references.iter().map(|r| &r.sub);
    quote! {
        const NAME: &'static ::core::primitive::str = #name;
        const FINGERPRINT: ::core::primitive::u64 = #rt::fingerprint_mix(#own, &[#(#subs::FINGERPRINT),*]);
    }
}
