//! [`NodeInfo`]: the static, shared shape of a tree (P2, I3).

/// The index of a node in its tree's shape table (pre-order; the root is 0).
pub type NodeId = u16;

/// The kind of a node, as written in the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NodeKind {
    /// A behavior leaf (L1).
    Behavior,
    /// A `priority` decider group (D1).
    Priority,
    /// A `sequential` decider group (D3).
    Sequential,
    /// A `sequence` (C1).
    Sequence,
    /// A `reactive_sequence` (C2).
    ReactiveSequence,
    /// A `fallback` (C3).
    Fallback,
    /// A `selector` (C4).
    Selector,
    /// A `random` decider group (D4).
    Random,
    /// A `shuffle` decider group (D5).
    Shuffle,
    /// A `scored` decider group (D6).
    Scored,
    /// A `parallel` (C5).
    Parallel,
    /// A `concurrent` (C6).
    Concurrent,
    /// An `if_then_else` (C8).
    IfThenElse,
    /// A `while_do_else` (C9).
    WhileDoElse,
    /// A `switch` (C10).
    Switch,
    /// A decorator (R1–R8, R11–R13); the keyword names which.
    Decorator(&'static str),
    /// A condition leaf (L6).
    Condition,
    /// A reference to a subtree (S1).
    Subtree,
}

impl NodeKind {
    /// The keyword that declares this kind in `tree!`.
    pub const fn keyword(self) -> &'static str {
        match self {
            NodeKind::Behavior => "behavior",
            NodeKind::Priority => "priority",
            NodeKind::Sequential => "sequential",
            NodeKind::Sequence => "sequence",
            NodeKind::ReactiveSequence => "reactive_sequence",
            NodeKind::Fallback => "fallback",
            NodeKind::Selector => "selector",
            NodeKind::Random => "random",
            NodeKind::Shuffle => "shuffle",
            NodeKind::Scored => "scored",
            NodeKind::Parallel => "parallel",
            NodeKind::Concurrent => "concurrent",
            NodeKind::IfThenElse => "if_then_else",
            NodeKind::WhileDoElse => "while_do_else",
            NodeKind::Switch => "switch",
            NodeKind::Decorator(keyword) => keyword,
            NodeKind::Condition => "condition",
            NodeKind::Subtree => "subtree",
        }
    }
}

/// One node of a tree's static shape. Generated trees expose the whole table
/// as `'static` data shared by every agent (`TreeType::shape()`).
///
/// Read its fields; only generated code builds one, so fields can be added
/// (it is `#[non_exhaustive]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct NodeInfo {
    /// Index in the shape table.
    pub id: NodeId,
    /// The node's name: the name written before `:` in the tree, else the
    /// behavior's type name or the composite's keyword (`root` for an
    /// unnamed root).
    ///
    /// In an active path and in a trace, the root of a tree used through a
    /// `subtree` reference is reported as the reference itself (S1, I1),
    /// so a path reads `root > rest > amble`, not `root > rest > root >
    /// amble`: the node of the referencing tree stands for both, and
    /// [`tree`](Self::tree) tells the trees apart.
    pub name: &'static str,
    /// The name of the tree the node belongs to, as declared (`Creature`
    /// in `tree Creature for Critter`).
    pub tree: &'static str,
    /// What kind of node this is.
    pub kind: NodeKind,
    /// The parent node, `None` for the root.
    pub parent: Option<NodeId>,
    /// Depth below the root (the root is 0).
    pub depth: u16,
    /// The Rust type of the node's behavior (leaf or group behavior), as
    /// written.
    pub behavior: Option<&'static str>,
    /// Source line of the node in the `tree!` invocation (0 if unknown).
    pub line: u32,
    /// What the node takes between parentheses in the tree, besides its
    /// children and its guard, as `tree!` writes it back: a `parallel`'s
    /// policy (`success >= 2`), a decorator's argument (`1.5s`, `3`,
    /// `forever`, `Success`, a `decorate(…)`'s type), a `scored` group's
    /// `rescore = 0.2s`, a condition's or a `switch`'s function when it is
    /// a path (`Critter::hungry`, else `…`), a `subtree`'s path as
    /// written; empty for the others. What [`describe`](crate::describe)
    /// shows after the kind.
    pub args: &'static str,
    /// Whether the configuration this node is the bottom of is ticked
    /// every tick although it runs (Z1, Z2): a guard checked again calls a
    /// decide, and the like. What `SLEEP` says, for the wake of a running
    /// node.
    pub(crate) polls: bool,
}

impl NodeInfo {
    /// Whether a running path that ends at this node is ticked every tick
    /// (Z2): a guard checked again calls a decide every tick, a
    /// `reactive_sequence` ticks its earlier children again, or the like
    /// (the tree's `SLEEP` says what, line by line).
    /// [`pictures`](crate::pictures) draws these nodes dashed, and the
    /// replay page too.
    ///
    /// ```
    /// use deciders::Behavior;
    /// struct Cat { hungry: bool }
    /// #[derive(Default)]
    /// struct Nap;
    /// impl Behavior<Cat> for Nap {}
    /// deciders::tree! {
    ///     tree Day for Cat {
    ///         priority {
    ///             eat: when(decide = |c: &Cat| c.hungry) => wait(1.0),
    ///             nap: Nap,
    ///         }
    ///     }
    /// }
    /// let polls: Vec<(&str, bool)> = Day::shape().iter().map(|n| (n.name, n.polls())).collect();
    /// // While `nap` runs, `eat`'s guard calls its decide every tick.
    /// assert_eq!(polls, [("root", false), ("eat", false), ("nap", true)]);
    /// ```
    pub fn polls(&self) -> bool {
        self.polls
    }
}

/// `info`, marked as the bottom of a configuration that never sleeps
/// (Z2): what generated code wraps such a row in.
pub const fn shape_polls(mut info: NodeInfo) -> NodeInfo {
    info.polls = true;
    info
}

/// A node of a shape table. What generated code builds each row with (the
/// root is its own `parent`, as it has none; an empty `behavior` is none),
/// and what tests that need a shape of their own call (through
/// `__private`): not a method of [`NodeInfo`], so that no hidden name is
/// offered to users.
#[allow(clippy::too_many_arguments)]
pub const fn shape_node(
    id: NodeId,
    name: &'static str,
    tree: &'static str,
    kind: NodeKind,
    parent: NodeId,
    depth: u16,
    behavior: &'static str,
    line: u32,
    args: &'static str,
) -> NodeInfo {
    NodeInfo {
        id,
        name,
        tree,
        kind,
        parent: if parent == id { None } else { Some(parent) },
        depth,
        behavior: if behavior.is_empty() {
            None
        } else {
            Some(behavior)
        },
        line,
        args,
        polls: false,
    }
}
