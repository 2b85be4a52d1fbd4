//! A tree as data: what the model interprets and what [`Forest::source`]
//! renders as `tree!` source.
//!
//! Every leaf is a scripted test behavior whose hooks log under a name, so a
//! hook log tells exactly which user code ran.

use std::fmt::Write;

/// A status, as the model reports it (independent of the library's type).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    Running,
    Success,
    Failure,
}

impl Status {
    /// `Success` or `Failure`.
    pub fn is_done(self) -> bool {
        self != Status::Running
    }
}

/// One `tree!` invocation: `trees[0]` is the tree under test, the others
/// are subtrees it references (`Kind::Subtree(i)` names `trees[i]`).
#[derive(Clone, Debug)]
pub struct Forest {
    pub trees: Vec<TreeDef>,
}

/// One `tree Name for World { root }`.
#[derive(Clone, Debug)]
pub struct TreeDef {
    pub name: String,
    pub root: Node,
}

/// One node. `name` is its name in the static shape: `"root"` for a root,
/// else the name written before `:` (the generator names every slot).
#[derive(Clone, Debug)]
pub struct Node {
    pub name: String,
    pub guard: Option<Guard>,
    pub kind: Kind,
    pub children: Vec<Node>,
}

/// What a node is.
#[derive(Clone, Debug)]
pub enum Kind {
    /// `Act("a3")`: logs `activate`, `tick` and `deactivate`; its tick result
    /// and a refused activation are scripted by name (L1, L2).
    Act(String),
    /// `Hold("a3")`: a behavior with no `tick` hook: stays `Running` (L1).
    Hold(String),
    /// `Blk`: a behavior built from the DBlock of the `dblock` decide that
    /// activated it (G2, L3); it logs under the name the DBlock carries.
    Blk,
    /// `condition(is("c1"))` (`maybe: false`) or `condition(maybe("c1"))`
    /// (L6).
    Condition { name: String, maybe: bool },
    /// `succeed` (L7).
    Succeed,
    /// `fail` (L7).
    Fail,
    /// `wait(d)` (L7).
    Wait(f64),
    /// A composite, with its group behavior (D7) if any.
    Composite {
        policy: Policy,
        group: Option<Group>,
        /// `scored(rescore = d)` (D6): the re-scoring interval in seconds;
        /// `None` for every other policy.
        rescore: Option<f64>,
    },
    /// A decorator (R1–R7, R11, R12); exactly one child. For
    /// `Deco::Recheck` the child carries the guard written between the
    /// parentheses, marked `recheck`.
    Decorator(Deco),
    /// `parallel(…)` (C5): `success`/`failure` thresholds, `None` as the
    /// language defines it (`success`: every child; `failure`: as soon as
    /// success is out of reach).
    Parallel {
        success: Option<usize>,
        failure: Option<usize>,
        /// As written: `all`, `any` or thresholds.
        form: ParallelForm,
    },
    /// `concurrent` (C6).
    Concurrent,
    /// `if_then_else { C, T [, E] }` (C8): two or three children.
    IfThenElse,
    /// `while_do_else { C, D [, E] }` (C9): two or three children.
    WhileDoElse,
    /// `switch(sw("v3")) { PAT => NODE, … }` (C10): the value is the
    /// fixture's scripted integer named `value`; `cases[k]` is the pattern
    /// of child `k`. Case children carry no guard (the grammar has none).
    Switch { value: String, cases: Vec<Case> },
    /// `subtree Name`: a reference to `Forest::trees[i]` (S1).
    Subtree(usize),
}

/// How a parallel was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParallelForm {
    All,
    Any,
    Thresholds,
    /// `parallel(all_complete[, failure >= m])` (C5 all complete): no early
    /// exit; `success` is `None`, `failure` the written `m` (`None`: 1).
    AllComplete,
}

/// The pattern of a `switch` case (C10): integer literals joined by `|`,
/// or `_` (`None`).
pub type Case = Option<Vec<i32>>;

/// Whether `value` matches the case pattern `case`.
pub fn case_matches(case: &Case, value: i32) -> bool {
    case.as_ref().is_none_or(|v| v.contains(&value))
}

/// A group behavior: a logging `Act` or a `Blk` built from a DBlock.
#[derive(Clone, Debug)]
pub enum Group {
    Act(String),
    Blk,
}

/// The policy of a composite.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    Priority,
    Sequential,
    Random,
    Shuffle,
    Scored,
    Sequence,
    ReactiveSequence,
    Fallback,
    Selector,
}

impl Policy {
    pub const ALL: [Policy; 9] = [
        Policy::Priority,
        Policy::Sequential,
        Policy::Random,
        Policy::Shuffle,
        Policy::Scored,
        Policy::Sequence,
        Policy::ReactiveSequence,
        Policy::Fallback,
        Policy::Selector,
    ];

    pub fn keyword(self) -> &'static str {
        match self {
            Policy::Priority => "priority",
            Policy::Sequential => "sequential",
            Policy::Random => "random",
            Policy::Shuffle => "shuffle",
            Policy::Scored => "scored",
            Policy::Sequence => "sequence",
            Policy::ReactiveSequence => "reactive_sequence",
            Policy::Fallback => "fallback",
            Policy::Selector => "selector",
        }
    }

    /// Spore's decider groups (D1–D6) rather than status composites.
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

    /// The groups that hold a generator (D4, D5, D8).
    pub fn is_random(self) -> bool {
        matches!(self, Policy::Random | Policy::Shuffle)
    }
}

/// A decorator (R1–R7, R11, R12). Durations in seconds.
#[derive(Clone, Debug, PartialEq)]
pub enum Deco {
    Invert,
    Force(Status),
    Always(Status),
    CooldownOnFailure(f64),
    Cooldown(f64),
    Repeat(Option<u64>),
    /// `retry(n)`; `None` is `retry(forever)` (R5).
    Retry(Option<u64>),
    Timeout(f64),
    Delay(f64),
    /// `recheck(ITEMS) { child }` (R12): passes the child's status through;
    /// the items are the child's guard, marked `recheck` (G3).
    Recheck,
    /// `run_once { child }`, `run_once(S) { child }` (R13): the child until
    /// its first completion; then that status (or `S`) at once, until a
    /// reset.
    RunOnce(Option<Status>),
    /// `decorate(Dec::new("x3")) { child }` (R11): the fixture's scripted
    /// decorator, logging its hooks under its name; what its `before` and
    /// `after` answer is scripted by name.
    Custom(String),
}

/// A guard (G1–G6).
#[derive(Clone, Debug, Default)]
pub struct Guard {
    pub flags: Vec<FlagTest>,
    pub every: Option<f64>,
    pub decide: Option<Decide>,
    pub recheck: bool,
    pub redecide: bool,
    /// `delegate` (G6): the group's children decide in place of a decide
    /// (only on a decider group's guard, and never with `decide`/`dblock`).
    pub delegate: bool,
}

/// A flag precondition (G1).
#[derive(Clone, Copy, Debug)]
pub struct FlagTest {
    /// Over the stimuli flags rather than the decision flags.
    pub stimuli: bool,
    pub op: FlagOp,
    pub mask: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlagOp {
    Any,
    All,
    None,
    NotAll,
}

impl FlagOp {
    pub const ALL: [FlagOp; 4] = [FlagOp::Any, FlagOp::All, FlagOp::None, FlagOp::NotAll];

    pub fn keyword(self) -> &'static str {
        match self {
            FlagOp::Any => "any",
            FlagOp::All => "all",
            FlagOp::None => "none",
            FlagOp::NotAll => "not_all",
        }
    }

    /// The test on `flags` (V1, G1): `any` of an empty mask never passes.
    pub fn test(self, flags: u64, mask: u64) -> bool {
        match self {
            FlagOp::Any => flags & mask != 0,
            FlagOp::All => flags & mask == mask,
            FlagOp::None => flags & mask == 0,
            FlagOp::NotAll => flags & mask != mask,
        }
    }
}

/// A guard's decide (G2).
#[derive(Clone, Debug)]
pub enum Decide {
    /// `decide = d("d4")`: logs `decide d4`, returns the scripted score.
    Score(String),
    /// `dblock = db("d4", "b7")`: logs `decide d4`; when the scripted score
    /// accepts, hands the receiver a DBlock naming it `b7` and carrying the
    /// scripted block value.
    Block { decide: String, leaf: String },
}

impl Decide {
    pub fn name(&self) -> &str {
        match self {
            Decide::Score(n) => n,
            Decide::Block { decide, .. } => decide,
        }
    }
}

impl Forest {
    /// The forest as one `tree!` invocation's body.
    pub fn source(&self) -> String {
        let mut out = String::new();
        for t in &self.trees {
            let _ = writeln!(out, "tree {} for World {{", t.name);
            self.node(&mut out, &t.root, 1, true);
            out.push_str("\n}\n");
        }
        out
    }

    fn node(&self, out: &mut String, n: &Node, depth: usize, guarded: bool) {
        let pad = "    ".repeat(depth);
        out.push_str(&pad);
        if n.name != "root" {
            let _ = write!(out, "{}: ", n.name);
        }
        // R12: the child of `recheck(…)` takes its guard from the
        // parentheses; `guarded` is false for that child.
        if let (Some(g), true) = (&n.guard, guarded) {
            out.push_str(&guard_source(g));
            out.push_str(" => ");
        }
        self.body(out, n, depth);
    }

    /// A node's kind and children, after its name and guard.
    fn body(&self, out: &mut String, n: &Node, depth: usize) {
        let pad = "    ".repeat(depth);
        match &n.kind {
            Kind::Act(a) => {
                let _ = write!(out, "Act({a:?})");
            }
            Kind::Hold(a) => {
                let _ = write!(out, "Hold({a:?})");
            }
            Kind::Blk => out.push_str("Blk"),
            Kind::Condition { name, maybe } => {
                let f = if *maybe { "maybe" } else { "is" };
                let _ = write!(out, "condition({f}({name:?}))");
            }
            Kind::Succeed => out.push_str("succeed"),
            Kind::Fail => out.push_str("fail"),
            Kind::Wait(d) => {
                let _ = write!(out, "wait({})", secs(*d));
            }
            Kind::Composite {
                policy,
                group,
                rescore,
            } => {
                out.push_str(policy.keyword());
                if let Some(d) = rescore {
                    let _ = write!(out, "(rescore = {})", secs(*d));
                }
                match group {
                    Some(Group::Act(a)) => {
                        let _ = write!(out, " with Act({a:?})");
                    }
                    Some(Group::Blk) => out.push_str(" with Blk"),
                    None => {}
                }
            }
            Kind::Decorator(Deco::Recheck) => {
                let g = n.children[0]
                    .guard
                    .as_ref()
                    .expect("the child of recheck(…) carries its guard");
                let _ = write!(out, "recheck({})", guard_items(g, false).join(", "));
            }
            Kind::Decorator(d) => out.push_str(&deco_source(d)),
            Kind::Parallel {
                success,
                failure,
                form,
            } => match form {
                ParallelForm::All => out.push_str("parallel(all)"),
                ParallelForm::Any => out.push_str("parallel(any)"),
                ParallelForm::AllComplete => match failure {
                    Some(m) => {
                        let _ = write!(out, "parallel(all_complete, failure >= {m})");
                    }
                    None => out.push_str("parallel(all_complete)"),
                },
                ParallelForm::Thresholds => {
                    let mut parts = Vec::new();
                    if let Some(s) = success {
                        parts.push(format!("success >= {s}"));
                    }
                    if let Some(f) = failure {
                        parts.push(format!("failure >= {f}"));
                    }
                    let _ = write!(out, "parallel({})", parts.join(", "));
                }
            },
            Kind::Concurrent => out.push_str("concurrent"),
            Kind::IfThenElse => out.push_str("if_then_else"),
            Kind::WhileDoElse => out.push_str("while_do_else"),
            Kind::Switch { value, .. } => {
                let _ = write!(out, "switch(sw({value:?}))");
            }
            Kind::Subtree(i) => {
                let _ = write!(out, "subtree {}", self.trees[*i].name);
            }
        }
        if !n.children.is_empty() {
            out.push_str(" {\n");
            let recheck = matches!(n.kind, Kind::Decorator(Deco::Recheck));
            let cases = match &n.kind {
                Kind::Switch { cases, .. } => Some(cases),
                _ => None,
            };
            for (k, c) in n.children.iter().enumerate() {
                match cases {
                    // C10: `name: PATTERN => NODE`.
                    Some(cases) => self.case(out, c, &cases[k], depth + 1),
                    None => self.node(out, c, depth + 1, !recheck),
                }
                out.push_str(",\n");
            }
            out.push_str(&pad);
            out.push('}');
        }
    }

    /// A `switch` case: its name, its pattern, `=>`, then the node (which
    /// the grammar does not let carry a guard).
    fn case(&self, out: &mut String, n: &Node, case: &Case, depth: usize) {
        debug_assert!(n.guard.is_none(), "a switch case has no guard");
        let pattern = match case {
            None => "_".to_string(),
            Some(values) => values
                .iter()
                .map(i32::to_string)
                .collect::<Vec<_>>()
                .join(" | "),
        };
        let pad = "    ".repeat(depth);
        let _ = write!(out, "{pad}{}: {pattern} => ", n.name);
        self.body(out, n, depth);
    }
}

fn secs(d: f64) -> String {
    let s = format!("{d}");
    if s.contains('.') || s.contains('e') {
        s
    } else {
        format!("{s}.0")
    }
}

fn status_source(s: Status) -> &'static str {
    match s {
        Status::Running => "Running",
        Status::Success => "Success",
        Status::Failure => "Failure",
    }
}

fn deco_source(d: &Deco) -> String {
    match d {
        Deco::Invert => "invert".into(),
        Deco::Force(s) => format!("force({})", status_source(*s)),
        Deco::Always(s) => format!("always({})", status_source(*s)),
        Deco::CooldownOnFailure(d) => format!("cooldown_on_failure({})", secs(*d)),
        Deco::Cooldown(d) => format!("cooldown({})", secs(*d)),
        Deco::Repeat(Some(n)) => format!("repeat({n})"),
        Deco::Repeat(None) => "repeat(forever)".into(),
        Deco::Retry(Some(n)) => format!("retry({n})"),
        Deco::Retry(None) => "retry(forever)".into(),
        Deco::Timeout(d) => format!("timeout({})", secs(*d)),
        Deco::Delay(d) => format!("delay({})", secs(*d)),
        Deco::RunOnce(None) => "run_once".into(),
        Deco::RunOnce(Some(s)) => format!("run_once({})", status_source(*s)),
        Deco::Recheck => unreachable!("rendered with its child's guard"),
        Deco::Custom(name) => format!("decorate(Dec::new({name:?}))"),
    }
}

fn guard_source(g: &Guard) -> String {
    format!("when({})", guard_items(g, true).join(", "))
}

/// The items of a guard, as written in `when(…)`; `recheck(…)` writes them
/// without the `recheck` its keyword implies.
fn guard_items(g: &Guard, with_recheck: bool) -> Vec<String> {
    let mut items = Vec::new();
    for f in &g.flags {
        let prefix = if f.stimuli { "stimuli_" } else { "" };
        items.push(format!(
            "{prefix}{}(::deciders::Flags({}))",
            f.op.keyword(),
            f.mask
        ));
    }
    if let Some(d) = g.every {
        items.push(format!("every({})", secs(d)));
    }
    match &g.decide {
        Some(Decide::Score(d)) => items.push(format!("decide = d({d:?})")),
        Some(Decide::Block { decide, leaf }) => {
            items.push(format!("dblock = db({decide:?}, {leaf:?})"))
        }
        None => {}
    }
    if g.delegate {
        items.push("delegate".into());
    }
    if g.recheck && with_recheck {
        items.push("recheck".into());
    }
    if g.redecide {
        items.push("redecide".into());
    }
    items
}
