//! The records `expand` lowers a tree into, bottom-up (`lower.rs`): what
//! each node adds to its tree ([`Lowered`]) and how its parent runs it
//! ([`Child`]). Each field says what code it becomes; the file of a node's
//! kind fills them, from its children's [`Child`] records, and never asks
//! another kind's file for code.

use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};

/// What one node adds to its tree's generated code.
#[derive(Default)]
pub struct Lowered {
    /// Its types and their `impl`s, in the invocation's `const _` block.
    pub items: TokenStream,
    /// Its functions holding what the user wrote (behavior constructors,
    /// conditions, guards), in the root wrapper's lint-free `impl`
    /// (`tree.rs`).
    pub user_fns: TokenStream,
    /// Its fields of the tree's persistent state (`name: Type`): state that
    /// outlives an activation (a timer, a generator, a referenced tree's).
    pub persist: Vec<TokenStream>,
    /// The statements of the tree's `TreeParts::seed` seeding those fields.
    pub seeds: Vec<TokenStream>,
    /// Whether it reads the tree clock (the state then carries one).
    pub clock: bool,
    /// Whether it draws random numbers (the state then carries a seed).
    pub rng: bool,
    /// `NodeKind::…` in the static shape, without the path.
    pub shape_kind: TokenStream,
    /// The behavior type the shape names for it, if any.
    pub behavior: Option<String>,
    /// A reference to another tree (`subtree`): what the tree's `Subtree`
    /// constants and state type take from it.
    pub reference: Option<Reference>,
    /// How its parent (or, for the root, the tree) runs it.
    pub run: Child,
}

/// How a parent runs one child: the child's part of the parent's code.
/// The operations on a running child are written over its active state
/// bound to `__a` (`names::local("a")`), as every parent binds it.
#[derive(Default)]
pub struct Child {
    /// The type of its active state: a variant of its parent's enum of
    /// running children, a slot's content, a decorator's child.
    pub active_ty: TokenStream,
    /// Activates it and ticks it once: an expression of type
    /// `Entered<active_ty>`, with its DBlock bound to `__blk`.
    pub enter: TokenStream,
    /// Ticks it: an expression of type `Status`.
    pub tick: TokenStream,
    /// Halts it and the active path below it, deepest first.
    pub halt: TokenStream,
    /// Hands it and the active path below it to the visitor `__f`, by the
    /// read-only walk (`Walk::Ref`) and the mutable one.
    pub visit: [TokenStream; 2],
    /// Its runtime node type: the marker type implementing
    /// `composite::Run` and `composite::Start` (`Beh<Memory, id>`,
    /// `Cond<Type, id>`, `Decorated<Type, id>`, `Nest<Group, inline>`,
    /// `Own<Type>`, `Par<Type, id>`, `Sub<Tree, Type, id>`), which ticks,
    /// halts and walks it as `tick`, `halt` and `visit` do. Its parent
    /// runs it through this type: a composite through one `match`
    /// (`composite::Dispatch`), a parallel over its slots
    /// (`group::SlotDispatch`), a decorator (`drive::DecoRun`).
    pub marker: TokenStream,
    /// What its marker's `Start` enters it from (a behavior's or
    /// decorator's fresh memory, a group behavior's, `()`): its parent
    /// composite enters it through `Entering::run`; `enter` serves the
    /// parents that check its guard first (a decorator, a slot) and the
    /// root.
    pub init: TokenStream,
    /// Its guard's decide, written where its parent decides it (an
    /// expression over the parent's `decide` parameters, of type
    /// `Option<(f32, ())>`), when the guard is only a call of the user's
    /// decide; `None` when it is a function of its own (`fn guard{id}`).
    pub decide: Option<TokenStream>,
}

impl Child {
    /// The code of walk `w`.
    pub fn visit(&self, w: Walk) -> &TokenStream {
        match w {
            Walk::Ref => &self.visit[0],
            Walk::Mut => &self.visit[1],
        }
    }
}

/// What a tree's `Subtree` constants and state type take from one
/// reference.
pub struct Reference {
    /// The referenced tree as the runtime's `TreeParts`, inside the block:
    /// its `CLOCK` and `RNG` constants join the referencing tree's.
    pub sub: TokenStream,
    /// Its contribution to the referencing tree's depth (a `usize`
    /// expression).
    pub depth: TokenStream,
}

/// The two walks over the active path (I1): read-only (`visit`, a
/// `Visitor`), and with the agent, the context and memories by `&mut`
/// (`visit_mut`, a `VisitorMut`). One generator writes both.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Walk {
    /// `visit(&self, f)`.
    Ref,
    /// `visit_mut(&mut self, f, agent, ctx)`.
    Mut,
}

impl Walk {
    /// Both walks, in the order they are written.
    pub const BOTH: [Walk; 2] = [Walk::Ref, Walk::Mut];

    /// `&` or `&mut`: how the walk borrows what it reaches.
    pub fn borrow(self) -> TokenStream {
        match self {
            Walk::Ref => quote!(&),
            Walk::Mut => quote!(&mut),
        }
    }

    /// `visit` or `visit_mut`.
    pub fn method(self) -> Ident {
        match self {
            Walk::Ref => format_ident!("visit"),
            Walk::Mut => format_ident!("visit_mut"),
        }
    }
}
