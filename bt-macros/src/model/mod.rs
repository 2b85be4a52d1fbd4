//! The macro's internal model of a tree: what `parse` produces, `check`
//! validates and `expand` turns into code.
//!
//! The tree and its nodes are here; the parts of a node are in `deco`
//! (decorators and the built-in decorator table), `leaf` (behaviors and
//! built-ins) and `guard`.
//!
//! Nodes are flattened into one `Vec` in pre-order (the root is node 0), so
//! node ids are the indices of the static shape table the generated code
//! emits.

mod deco;
mod guard;
mod leaf;

use proc_macro2::Span;
use syn::{Attribute, Expr, Ident, Type, Visibility};

pub use deco::{BuiltinDeco, Deco, DecoArg, DecoArgs, LimitArgs, StatusName, BUILTIN_DECORATORS};
pub use guard::{Decide, Every, FlagSource, FlagTest, Guard, Mask};
pub use leaf::{upper_camel, Behavior, Builtin, Leaf, TimeTest, WaitFor};

/// One `tree Name for Agent { … }` item.
pub struct Tree {
    /// Doc comments and other attributes, put on the generated state type;
    /// its `derive`s also go on every helper type (`Gen::derives`).
    pub attrs: Vec<Attribute>,
    /// Visibility of the generated state type.
    pub vis: Visibility,
    /// The generated state type's name, e.g. `Creature`.
    pub name: Ident,
    /// The user's agent type: behaviors get `&mut Agent`, decides `&Agent`.
    pub agent: Type,
    /// The world type hooks reach through `Ctx<World>`
    /// (`tree Name for Agent, world = World`); `()` when not written.
    pub world: Type,
    /// The world's lifetimes (`world<'w> = Frame<'w>`), empty when it
    /// borrows nothing: parameters of every generated `impl`.
    pub world_generics: syn::Generics,
    /// The generator of `random` and `shuffle` groups (`rng = Type`);
    /// `None`: the runtime's default.
    pub rng: Option<Type>,
    /// The type of the events posted to the tree (`events = Type`, SPEC V4).
    pub events: Option<Type>,
    /// The kinds of the tree's stimuli and their payload (`stimuli =
    /// Kinds(Payload)`, SPEC V2, B1): what its brain's store holds.
    pub stimuli: Option<(Type, Option<Type>)>,
    /// The tree's variables (`var name = set(…), clear(…);`, SPEC V4), in
    /// declaration order: variable `i` is bit `i`.
    pub vars: Vec<VarDecl>,
    /// The tree's timestamps (`stamp name = on(…), group(g);`, SPEC V3),
    /// in declaration order.
    pub stamps: Vec<StampDecl>,
    /// All nodes, pre-order; `nodes[0]` is the root.
    pub nodes: Vec<Node>,
}

/// `var name = set(PATTERN), clear(PATTERN);`: a boolean variable and the
/// events that set and clear it (SPEC V4).
pub struct VarDecl {
    /// The variable's name.
    pub name: Ident,
    /// The patterns of the events that set it.
    pub set: Vec<syn::Pat>,
    /// The patterns of the events that clear it.
    pub clear: Vec<syn::Pat>,
}

/// `stamp name = on(PATTERN), group(g);`: a timestamp, the events that
/// stamp it, and its mutually exclusive group (SPEC V3).
pub struct StampDecl {
    /// The timestamp's name.
    pub name: Ident,
    /// The patterns of the events that stamp it.
    pub on: Vec<syn::Pat>,
    /// Its group: stamping it clears the other timestamps of the group.
    pub group: Option<Ident>,
}

/// One node of the tree.
pub struct Node {
    /// Index in `Tree::nodes` and in the generated shape table.
    pub id: usize,
    /// The parent node, `None` for the root.
    pub parent: Option<usize>,
    /// Depth below the root.
    pub depth: usize,
    /// The node's name: written (`flee: …`) or derived from the node.
    pub name: String,
    /// Where the name was written, if it was.
    pub name_ident: Option<Ident>,
    /// The node's span, for errors and source lines.
    pub span: Span,
    /// What the node is.
    pub kind: Kind,
    /// The guard in front of the node (`when(…) =>`), if any.
    pub guard: Option<Guard>,
    /// Child node ids, in declaration order.
    pub children: Vec<usize>,
}

/// What a node is.
pub enum Kind {
    /// A behavior leaf, e.g. `Flee` or `Patrol::new(500.0)` (SPEC L1, L4).
    Behavior(Leaf),
    /// A decorator with exactly one child (SPEC R1–R8, R11–R13).
    Decorator {
        /// What it does.
        deco: Deco,
        /// The keyword as written.
        keyword: Ident,
    },
    /// `parallel(…)` (SPEC C5) or `concurrent` (SPEC C6).
    Parallel {
        /// The keyword as written.
        keyword: Ident,
        /// `concurrent` rather than `parallel`.
        concurrent: bool,
        /// Successes needed (`None`: every child).
        success: Option<(usize, Span)>,
        /// Failures that fail it (`None`: as soon as success is out of reach;
        /// with `all_complete`, 1).
        failure: Option<(usize, Span)>,
        /// `parallel(all_complete, …)` (SPEC C5): no early exit, the outcome
        /// is decided once every child completed.
        all_complete: bool,
    },
    /// A control node of BehaviorTree.CPP's (SPEC C8–C10): its children
    /// each have a slot, like `parallel`'s.
    Control {
        /// The keyword as written.
        keyword: Ident,
        /// Which one.
        control: Control,
    },
    /// `condition(F)`: a leaf over `&Agent` (SPEC L6).
    Condition {
        /// The function.
        func: Expr,
    },
    /// `subtree Name` or `subtree path::to::Name`: a reference to another
    /// tree (SPEC S1, S3), with its own state. A single name that is a tree
    /// of the same invocation is *local* (checked here: types, recursion,
    /// depth); anything else is a path to a tree declared elsewhere,
    /// checked by the compiler through the runtime's `Subtree` trait.
    Subtree {
        /// The referenced tree's name (the path's last segment).
        name: Ident,
        /// The path as written.
        path: syn::Path,
    },
    /// A composite: a decider group or a status composite, optionally with a
    /// group behavior (`priority with Guarding { … }`, SPEC D7).
    Composite {
        /// How the composite chooses and runs its children.
        policy: Policy,
        /// The keyword as written, for spans.
        keyword: Ident,
        /// The group behavior, if any.
        behavior: Option<Leaf>,
        /// `scored(rescore = d)` (SPEC D6): the re-scoring interval in
        /// seconds, and where it was written.
        rescore: Option<(f64, Span)>,
    },
}

/// A control node (SPEC C8–C10).
pub enum Control {
    /// `if_then_else { C, T [, E] }` (C8).
    IfThenElse,
    /// `while_do_else { C, D [, E] }` (C9).
    WhileDoElse,
    /// `switch(value) { PATTERN => NODE, … }` (C10): the value read from
    /// `&Agent`, and each child's pattern, in order.
    Switch {
        /// A function or closure of `&Agent`.
        value: Box<Expr>,
        /// The pattern of each child.
        cases: Vec<Case>,
    },
}

/// One case of a `switch` (C10).
pub struct Case {
    /// The pattern, as written.
    pub pat: syn::Pat,
    /// The span of the case's last token: the generated `match` arm ends
    /// there, so that rustc's suggestion for a missing case (E0004) is
    /// placed after the last case.
    pub end: proc_macro2::Span,
}

/// The policy of a composite.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Policy {
    /// `priority` (SPEC D1, D2).
    Priority,
    /// `sequential` (SPEC D3).
    Sequential,
    /// `sequence` (SPEC C1).
    Sequence,
    /// `reactive_sequence` (SPEC C2).
    ReactiveSequence,
    /// `fallback` (SPEC C3).
    Fallback,
    /// `selector` (SPEC C4).
    Selector,
    /// `random` (SPEC D4).
    Random,
    /// `shuffle` (SPEC D5).
    Shuffle,
    /// `scored` (SPEC D6).
    Scored,
}

impl Policy {
    /// Every composite keyword, for parsing and error messages.
    pub const ALL: [(&'static str, Policy); 9] = [
        ("priority", Policy::Priority),
        ("sequential", Policy::Sequential),
        ("sequence", Policy::Sequence),
        ("reactive_sequence", Policy::ReactiveSequence),
        ("fallback", Policy::Fallback),
        ("selector", Policy::Selector),
        ("random", Policy::Random),
        ("shuffle", Policy::Shuffle),
        ("scored", Policy::Scored),
    ];

    /// The keyword of this policy.
    pub fn keyword(self) -> &'static str {
        Policy::ALL
            .iter()
            .find(|(_, p)| *p == self)
            .map_or("?", |(k, _)| k)
    }

    /// Decider groups (Spore) decide their children with guards and
    /// redecide with masks; status composites walk their children in order.
    pub fn is_decider_group(self) -> bool {
        matches!(
            self,
            Policy::Priority
                | Policy::Sequential
                | Policy::Random
                | Policy::Shuffle
                | Policy::Scored
        )
    }

    /// `random` and `shuffle` draw from a generator in the agent's state.
    pub fn is_random(self) -> bool {
        matches!(self, Policy::Random | Policy::Shuffle)
    }
}

impl Tree {
    /// The behavior that receives a DBlock when node `id` is activated: its
    /// leaf, or its group behavior.
    pub fn receiver(&self, id: usize) -> Option<&Leaf> {
        match &self.nodes[id].kind {
            Kind::Behavior(leaf) => Some(leaf),
            Kind::Composite { behavior, .. } => behavior.as_ref(),
            Kind::Decorator { .. }
            | Kind::Parallel { .. }
            | Kind::Control { .. }
            | Kind::Condition { .. }
            | Kind::Subtree { .. } => None,
        }
    }

    /// The tree of `all` (the trees of one invocation) that a `subtree
    /// path` reference names, if it is local: a single name declared there.
    pub fn local(all: &[Tree], path: &syn::Path) -> Option<usize> {
        let name = path.get_ident()?;
        all.iter().position(|t| t.name == *name)
    }

    /// The trees of the same invocation this tree may reference with
    /// `subtree`: the names of its references written as a single name
    /// (whether such a tree exists is for the caller to look up in the
    /// invocation).
    pub fn subtrees(&self) -> impl Iterator<Item = &Ident> {
        self.nodes.iter().filter_map(|n| match &n.kind {
            Kind::Subtree { path, .. } => path.get_ident(),
            Kind::Behavior(_)
            | Kind::Composite { .. }
            | Kind::Decorator { .. }
            | Kind::Parallel { .. }
            | Kind::Control { .. }
            | Kind::Condition { .. } => None,
        })
    }
}
