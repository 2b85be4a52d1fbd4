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
    /// The world's lifetimes (`world<'w> = Frame<'w>`), empty when it
    /// borrows nothing: parameters of every generated `impl`.
    pub world_generics: syn::Generics,
    /// The generator of `random` and `shuffle` groups (`rng = Type`);
    /// `None`: the runtime's default.
    pub rng: Option<Type>,
    /// The type of the events posted to the tree (`events = Type`, SPEC V4).
    pub events: Option<Type>,
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

/// A built-in decorator keyword (SPEC R1–R7, R13): what the macro needs to
/// parse, check and expand it. Its semantics are the runtime type's.
///
/// Adding a built-in decorator is therefore:
///
/// - its runtime type in `bt-runtime/src/decorator.rs`, implementing
///   `Decorator`, with a `new` taking the argument of its shape
///   ([`DecoArgs`]), named as the keyword in UpperCamelCase
///   (`cooldown_on_failure`: `CooldownOnFailure`, `expand/builtin.rs`);
/// - its entry at the end of [`BUILTIN_DECORATORS`]; parsing, the checks,
///   the expansion and the fuzz test's lexemes follow the table;
/// - its documentation: the re-export and the list in the façade's
///   `deciders::decorator` module (`src/lib.rs`), a section in
///   `src/nodes.rs`, the grammar and its table in `docs/grammar.md`, its
///   rule in `docs/reference.md`, the README's list.
///
/// The differential test's reference model (`reference/`) is a separate
/// implementation on purpose: it learns a new decorator separately.
#[derive(Debug)]
pub struct BuiltinDeco {
    /// The keyword, e.g. `timeout`; also the node's kind in the static shape
    /// (`NodeKind::Decorator("timeout")`).
    pub keyword: &'static str,
    /// What the keyword takes between parentheses.
    pub args: DecoArgs,
    /// Whether the runtime type reads the tree clock: a tree using it then
    /// keeps one.
    pub timed: bool,
    /// Whether its `Decorator::Persist` is not `()` (a cooldown's timer):
    /// the tree's `persistent` then hands it out (I1).
    pub persist: bool,
    /// The SPEC rule defining it (`R5`), cited by messages.
    pub rule: &'static str,
}

/// The shape of a built-in decorator's arguments: how it is parsed, and
/// what its runtime type's `new` takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecoArgs {
    /// No parentheses (`invert`); `new()`.
    None,
    /// A status (`force(Success)`); `new(Status)`. `running`: `Running` is
    /// allowed too (`always(Running)`), not only a completion.
    Status {
        /// Whether `Running` is allowed.
        running: bool,
    },
    /// Optionally a completion status (`run_once`, `run_once(Success)`);
    /// `new(Option<Status>)`.
    OptionalStatus,
    /// A count or `forever` (`repeat(3)`, `repeat(forever)`);
    /// `new(Option<u64>)`, `None` for `forever`. A count is at least 1.
    Count,
    /// A duration in seconds (`timeout(2.5)`, `2500ms`); `new(f64)`. It is
    /// positive and finite.
    Seconds,
}

/// Every built-in decorator keyword (SPEC R1–R7, R13), in the order
/// messages list them (the keyword table, `parse/keywords.rs`): a new one
/// goes at the end.
pub const BUILTIN_DECORATORS: &[BuiltinDeco] = &[
    BuiltinDeco {
        keyword: "invert",
        args: DecoArgs::None,
        persist: false,
        timed: false,
        rule: "R1",
    },
    BuiltinDeco {
        keyword: "force",
        args: DecoArgs::Status { running: false },
        persist: false,
        timed: false,
        rule: "R2",
    },
    BuiltinDeco {
        keyword: "always",
        args: DecoArgs::Status { running: true },
        persist: false,
        timed: false,
        rule: "R2",
    },
    BuiltinDeco {
        keyword: "cooldown_on_failure",
        args: DecoArgs::Seconds,
        persist: true,
        timed: true,
        rule: "R3",
    },
    BuiltinDeco {
        keyword: "cooldown",
        args: DecoArgs::Seconds,
        persist: true,
        timed: true,
        rule: "R4",
    },
    BuiltinDeco {
        keyword: "repeat",
        args: DecoArgs::Count,
        persist: false,
        timed: false,
        rule: "R5",
    },
    BuiltinDeco {
        keyword: "retry",
        args: DecoArgs::Count,
        persist: false,
        timed: false,
        rule: "R5",
    },
    BuiltinDeco {
        keyword: "timeout",
        args: DecoArgs::Seconds,
        persist: false,
        timed: true,
        rule: "R6",
    },
    BuiltinDeco {
        keyword: "delay",
        args: DecoArgs::Seconds,
        persist: false,
        timed: true,
        rule: "R7",
    },
    BuiltinDeco {
        keyword: "run_once",
        args: DecoArgs::OptionalStatus,
        persist: true,
        timed: false,
        rule: "R13",
    },
];

impl BuiltinDeco {
    /// The built-in decorator named `keyword`, if any.
    pub fn named(keyword: &str) -> Option<&'static BuiltinDeco> {
        BUILTIN_DECORATORS.iter().find(|d| d.keyword == keyword)
    }
}

/// The argument of a built-in decorator as written, of the shape its
/// [`DecoArgs`] says. Durations are in seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum DecoArg {
    /// [`DecoArgs::None`].
    None,
    /// [`DecoArgs::Status`].
    Status(StatusName),
    /// [`DecoArgs::OptionalStatus`].
    OptionalStatus(Option<StatusName>),
    /// [`DecoArgs::Count`]: `None` for `forever`.
    Count(Option<u64>),
    /// [`DecoArgs::Seconds`].
    Seconds(f64),
}

impl DecoArg {
    /// The duration, if the argument is one.
    pub fn seconds(self) -> Option<f64> {
        match self {
            DecoArg::Seconds(d) => Some(d),
            DecoArg::None | DecoArg::Status(_) | DecoArg::OptionalStatus(_) | DecoArg::Count(_) => {
                None
            }
        }
    }
}

/// What a decorator does (SPEC R1–R8, R11–R13).
#[derive(Clone)]
pub enum Deco {
    /// A keyword of [`BUILTIN_DECORATORS`] and its argument.
    Builtin {
        /// Which one.
        def: &'static BuiltinDeco,
        /// Its argument as written.
        arg: DecoArg,
    },
    /// `recheck(…) { child }` (R12): passes its child's status through; the
    /// items between the parentheses are the child's guard, marked
    /// `recheck` (so it is parsed with guards, not from the table).
    Recheck,
    /// `decorate(Type)` / `decorate(Type::new(…))` (R11): a user type
    /// implementing the runtime's `Decorator` trait, built like a
    /// behavior's memory.
    Custom(Box<Leaf>),
    /// `limit(resource, max) { child }` (R8): the runtime's `Limit`, whose
    /// selector is an expression (so it is parsed apart from the table).
    Limit(Box<LimitArgs>),
}

/// The arguments of `limit(resource, max)` (SPEC R8).
#[derive(Clone)]
pub struct LimitArgs {
    /// The selector as written: a function or closure `fn(&World) ->
    /// &Resource`, coerced to that function pointer type.
    pub resource: Expr,
    /// The most agents inside at once, at least 1.
    pub max: u32,
}

impl Deco {
    /// The duration argument, if the decorator has one.
    pub fn seconds(&self) -> Option<f64> {
        match self {
            Deco::Builtin { arg, .. } => arg.seconds(),
            Deco::Recheck | Deco::Custom(_) | Deco::Limit(_) => None,
        }
    }

    /// Whether the decorator may read the tree clock: a timed built-in, and
    /// a user's decorator (which may measure time through `ctx.now()`).
    pub fn uses_time(&self) -> bool {
        match self {
            Deco::Builtin { def, .. } => def.timed,
            Deco::Recheck | Deco::Limit(_) => false,
            // A built-in written as a custom decorator (`if_time`, `log`)
            // says whether it reads the clock; a user's may.
            Deco::Custom(leaf) => leaf.builtin().is_none_or(Builtin::timed),
        }
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
    /// A behavior type of the user's, or a built-in.
    pub behavior: Behavior,
    /// The whole leaf as written (a built-in's keyword).
    pub span: Span,
}

/// What a leaf runs.
#[derive(Clone)]
pub enum Behavior {
    /// A type of the user's, and how its memory is built.
    Written {
        /// The behavior type, e.g. `Patrol`.
        ty: Path,
        /// The constructor expression written in the tree, e.g.
        /// `Patrol::new(500.0)`; `None` means `Default::default()`.
        ctor: Option<Box<Expr>>,
    },
    /// A built-in leaf, or a built-in decorator written as a user's
    /// (`if_time`, `log`): the runtime's type, which `expand` names.
    Builtin(Builtin),
}

/// A built-in leaf (SPEC L7), or a decorator over events or messages
/// (`if_time`, SPEC R10; `log`, SPEC R9) built like a user's decorator,
/// with its arguments as checked.
#[derive(Clone)]
pub enum Builtin {
    /// `succeed`.
    Succeed,
    /// `fail`.
    Fail,
    /// `wait(d)`: the duration in seconds, positive.
    Wait(f64),
    /// `wait_for(PATTERN)` (SPEC V4): the header's events type (`()` when
    /// it has none, an error already) and the pattern.
    WaitFor(Box<WaitFor>),
    /// `wait_until(stamp, more_than = d)` (SPEC V3).
    WaitUntil(TimeTest),
    /// `if_time(stamp, less_than = d | more_than = d)` (SPEC R10).
    IfTime(TimeTest),
    /// `log(start = "…", success = "…", failure = "…")` (SPEC R9): the
    /// three messages, each optional.
    Log(Box<[Option<syn::LitStr>; 3]>),
}

/// The arguments of `wait_for(PATTERN)`.
#[derive(Clone)]
pub struct WaitFor {
    /// The events' type.
    pub events: Type,
    /// The pattern an event matches.
    pub pat: syn::Pat,
}

/// The test of `wait_until` and `if_time`: the time since a timestamp
/// compared with a duration.
#[derive(Clone)]
pub struct TimeTest {
    /// The timestamp's index in `Tree::stamps`.
    pub stamp: usize,
    /// `less_than` rather than `more_than`.
    pub less_than: bool,
    /// Where the comparison was written.
    pub cmp: Span,
    /// The duration in seconds.
    pub seconds: f64,
    /// `or_never_set`: a timestamp never set passes.
    pub or_never_set: bool,
}

impl Builtin {
    /// The keyword that writes it.
    pub fn keyword(&self) -> &'static str {
        match self {
            Builtin::Succeed => "succeed",
            Builtin::Fail => "fail",
            Builtin::Wait(_) => "wait",
            Builtin::WaitFor(_) => "wait_for",
            Builtin::WaitUntil(_) => "wait_until",
            Builtin::IfTime(_) => "if_time",
            Builtin::Log(_) => "log",
        }
    }

    /// The name of a node that is this built-in and was not given one, and
    /// the behavior's name in the static shape: the keyword in
    /// UpperCamelCase (`wait_for`: `WaitFor`).
    pub fn name(&self) -> String {
        upper_camel(self.keyword())
    }

    /// Whether it measures time, so that the tree keeps a clock.
    pub fn timed(&self) -> bool {
        match self {
            Builtin::Wait(_) | Builtin::WaitUntil(_) | Builtin::IfTime(_) => true,
            Builtin::Succeed | Builtin::Fail | Builtin::WaitFor(_) | Builtin::Log(_) => false,
        }
    }
}

/// `snake_case` → `UpperCamelCase`.
pub fn upper_camel(snake: &str) -> String {
    snake
        .split('_')
        .map(|part| {
            let mut chars = part.chars();
            chars.next().map_or_else(String::new, |c| {
                c.to_ascii_uppercase().to_string() + chars.as_str()
            })
        })
        .collect()
}

impl Leaf {
    /// The built-in, if the leaf is one.
    pub fn builtin(&self) -> Option<&Builtin> {
        match &self.behavior {
            Behavior::Builtin(b) => Some(b),
            Behavior::Written { .. } => None,
        }
    }

    /// Whether its memory is built by an expression (a constructor written
    /// in the tree, or a built-in's arguments), not `Default::default()`.
    pub fn has_ctor(&self) -> bool {
        match &self.behavior {
            Behavior::Written { ctor, .. } => ctor.is_some(),
            Behavior::Builtin(b) => !matches!(b, Builtin::Succeed | Builtin::Fail),
        }
    }

    /// Whether it measures time (a timed built-in).
    pub fn timed(&self) -> bool {
        self.builtin().is_some_and(Builtin::timed)
    }

    /// The name the static shape and messages give its type: as written
    /// (last segment), or the built-in's name.
    pub fn type_name(&self) -> String {
        match &self.behavior {
            Behavior::Written { ty, .. } => ty
                .segments
                .last()
                .map_or_else(String::new, |s| s.ident.to_string()),
            Behavior::Builtin(b) => b.name(),
        }
    }
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
    /// The tree's variables (`var(name)`, `!var(name)`, SPEC V4).
    Vars,
}

/// One flag precondition, e.g. `any(DANGER | HURT)`.
pub struct FlagTest {
    /// Decision or stimuli flags.
    pub source: FlagSource,
    /// `any`, `all`, `none` or `not_all`: the `Flags` method it becomes.
    pub op: Ident,
    /// The mask.
    pub mask: Mask,
}

/// The mask of a flag test.
pub enum Mask {
    /// An expression of the user's, a `Flags` value.
    Written(Box<Expr>),
    /// The bit of variable `bit` of the tree (`var(name)`), and where its
    /// name was written.
    Var {
        /// The variable's index in `Tree::vars`.
        bit: u32,
        /// Where the name was written.
        span: Span,
    },
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The parser finds a built-in decorator by its keyword, and the
    /// expansion makes an identifier of it.
    #[test]
    fn builtin_decorators_are_identifiers_named_once() {
        let mut seen = Vec::new();
        for d in BUILTIN_DECORATORS {
            assert!(
                syn::parse_str::<Ident>(d.keyword).is_ok(),
                "`{}`",
                d.keyword
            );
            assert!(!seen.contains(&d.keyword), "`{}` twice", d.keyword);
            seen.push(d.keyword);
        }
    }

    #[test]
    fn upper_camel_joins_the_words() {
        assert_eq!(upper_camel("cooldown_on_failure"), "CooldownOnFailure");
        assert_eq!(upper_camel("wait"), "Wait");
    }
}
