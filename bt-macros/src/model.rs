//! The macro's internal model of a tree: what `parse` produces, `check`
//! validates and `expand` turns into code.
//!
//! Nodes are flattened into one `Vec` in pre-order (the root is node 0), so
//! node ids are the indices of the static shape table the generated code
//! emits.

use proc_macro2::Span;
use syn::{Attribute, Expr, Ident, Path, Type, Visibility};

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
    /// The generator of `random` and `shuffle` groups (`rng = Type`);
    /// `None`: the runtime's default.
    pub rng: Option<Type>,
    /// All nodes, pre-order; `nodes[0]` is the root.
    pub nodes: Vec<Node>,
    /// Errors found while parsing that did not stop the parse (SPEC §9:
    /// report every error at once).
    pub errors: crate::diag::Diagnostics,
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
    /// A decorator with exactly one child (SPEC R1–R7).
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
        cases: Vec<syn::Pat>,
    },
}

impl Control {
    /// Every control keyword.
    pub const KEYWORDS: [&'static str; 3] = ["if_then_else", "while_do_else", "switch"];
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

    /// The policy named by `keyword`, if any.
    pub fn from_keyword(keyword: &str) -> Option<Policy> {
        Policy::ALL
            .iter()
            .find(|(k, _)| *k == keyword)
            .map(|(_, p)| *p)
    }

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

    /// The name of the `NodeKind` variant in the runtime.
    pub fn node_kind(self) -> &'static str {
        match self {
            Policy::Priority => "Priority",
            Policy::Sequential => "Sequential",
            Policy::Sequence => "Sequence",
            Policy::ReactiveSequence => "ReactiveSequence",
            Policy::Fallback => "Fallback",
            Policy::Selector => "Selector",
            Policy::Random => "Random",
            Policy::Shuffle => "Shuffle",
            Policy::Scored => "Scored",
        }
    }
}

/// What a decorator does (SPEC R1–R7, R11, R12). Durations are in seconds.
#[derive(Clone)]
pub enum Deco {
    /// `invert` (R1).
    Invert,
    /// `force(Success | Failure)` (R2): replaces completion statuses.
    Force(StatusName),
    /// `always(Success | Failure | Running)` (R2): replaces every status.
    Always(StatusName),
    /// `cooldown_on_failure(d)` (R3).
    CooldownOnFailure(f64),
    /// `cooldown(d)` (R4).
    Cooldown(f64),
    /// `repeat(n)` / `repeat(forever)` (R5).
    Repeat(Option<u64>),
    /// `retry(n)` / `retry(forever)` (R5).
    Retry(Option<u64>),
    /// `timeout(d)` (R6).
    Timeout(f64),
    /// `delay(d)` (R7).
    Delay(f64),
    /// `run_once` / `run_once(S)` (R13).
    RunOnce(Option<StatusName>),
    /// `recheck(…) { child }` (R12): passes its child's status through; the
    /// items between the parentheses are the child's guard, marked
    /// `recheck`.
    Recheck,
    /// `decorate(Type)` / `decorate(Type::new(…))` (R11): a user type
    /// implementing the runtime's `Decorator` trait, built like a
    /// behavior's memory.
    Custom(Box<Leaf>),
}

impl Deco {
    /// Every decorator keyword.
    pub const KEYWORDS: [&'static str; 12] = [
        "invert",
        "force",
        "always",
        "cooldown_on_failure",
        "cooldown",
        "repeat",
        "retry",
        "timeout",
        "delay",
        "recheck",
        "decorate",
        "run_once",
    ];

    /// The duration argument, if the decorator has one.
    pub fn seconds(&self) -> Option<f64> {
        match *self {
            Deco::CooldownOnFailure(d) | Deco::Cooldown(d) | Deco::Timeout(d) | Deco::Delay(d) => {
                Some(d)
            }
            Deco::Invert
            | Deco::Force(_)
            | Deco::Always(_)
            | Deco::Repeat(_)
            | Deco::Retry(_)
            | Deco::Recheck
            | Deco::RunOnce(_)
            | Deco::Custom(_) => None,
        }
    }

    /// Whether the decorator may read the tree clock: every timed built-in,
    /// and a user's decorator (which may measure time through `ctx.now()`).
    pub fn uses_time(&self) -> bool {
        self.seconds().is_some() || matches!(self, Deco::Custom(_))
    }
}

/// A status written in a tree.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum StatusName {
    Running,
    Success,
    Failure,
}

/// A behavior occurrence: its type and how its memory is built on
/// activation.
#[derive(Clone)]
pub struct Leaf {
    /// The behavior type, e.g. `Patrol`.
    pub ty: Path,
    /// The constructor expression written in the tree, e.g.
    /// `Patrol::new(500.0)`; `None` means `Default::default()`.
    pub ctor: Option<Expr>,
    /// The whole leaf as written.
    pub span: Span,
    /// A built-in that measures time (`wait(d)`), so the tree needs a clock.
    pub timed: bool,
    /// A built-in (`succeed`, `fail`, `wait(d)`): `ty` is a path into the
    /// runtime, which the static shape names the same whatever the path to
    /// the `deciders` crate is.
    pub builtin: bool,
}

/// A guard: preconditions, then an optional decide (SPEC G1–G5).
pub struct Guard {
    /// The `when` keyword.
    pub when: Ident,
    /// Decision- and stimuli-flag preconditions, in the order written.
    pub flags: Vec<FlagTest>,
    /// The `every(d)` timer precondition.
    pub every: Option<Every>,
    /// The decide, if any.
    pub decide: Option<Decide>,
    /// `recheck` (SPEC G3): evaluated every tick while the child runs.
    pub recheck: Option<Ident>,
    /// `redecide` (SPEC G5): re-run when the group redecides.
    pub redecide: Option<Ident>,
    /// `delegate` (SPEC G6): the group's children decide in its place.
    pub delegate: Option<Ident>,
}

impl Guard {
    /// Whether the guard checks anything at all.
    pub fn has_checks(&self) -> bool {
        !self.flags.is_empty()
            || self.every.is_some()
            || self.decide.is_some()
            || self.delegate.is_some()
    }
}

/// Which flags a precondition reads.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum FlagSource {
    /// The per-tick decision flags (SPEC V1).
    Decision,
    /// The agent's stimuli flags (SPEC V2).
    Stimuli,
}

/// One flag precondition, e.g. `any(DANGER | HURT)`.
pub struct FlagTest {
    /// Decision or stimuli flags.
    pub source: FlagSource,
    /// `any`, `all`, `none` or `not_all`: the `Flags` method it becomes.
    pub op: Ident,
    /// The mask expression, a `Flags` value.
    pub mask: Expr,
}

/// An `every(d)` timer precondition.
pub struct Every {
    /// The interval in seconds.
    pub seconds: f64,
    /// The literal as written.
    pub span: Span,
}

/// The decide of a guard (SPEC G2).
pub struct Decide {
    /// The function: a path or closure callable as `(&Agent)` or
    /// `(&Agent, &Ctx)`.
    pub func: Expr,
    /// `dblock = f`: the decide returns a DBlock that builds the memory of
    /// the behavior it activates (Spore S22).
    pub dblock: bool,
    /// The key as written (`decide` or `dblock`).
    pub key: Ident,
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
