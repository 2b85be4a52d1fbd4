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
    /// V3, V4: the variables and timestamps of the tree under test,
    /// written before its root; its subtrees declare none and read none
    /// (a tree that declares them cannot be used through `subtree`).
    pub decls: Decls,
}

/// The events a script posts (V4), by index: the fixture's `Ev` values,
/// as written in Rust.
pub const EVENTS: &[&str] = &[
    "Ev::Alarm",
    "Ev::Clear",
    "Ev::Seen",
    "Ev::Hit(0)",
    "Ev::Hit(1)",
];

/// The pattern atoms a tree writes (V4): each as written, and the events
/// (indices into [`EVENTS`]) it matches.
pub const ATOMS: &[(&str, &[usize])] = &[
    ("Ev::Alarm", &[0]),
    ("Ev::Clear", &[1]),
    ("Ev::Seen", &[2]),
    ("Ev::Hit(0)", &[3]),
    ("Ev::Hit(_)", &[3, 4]),
];

/// An event pattern: alternatives, each an index into [`ATOMS`]
/// (`Ev::Alarm | Ev::Hit(_)`).
pub type Pattern = Vec<usize>;

/// Whether `pattern` matches event `event` (an index into [`EVENTS`]).
pub fn pattern_matches(pattern: &Pattern, event: usize) -> bool {
    pattern.iter().any(|&a| ATOMS[a].1.contains(&event))
}

fn pattern_source(pattern: &Pattern) -> String {
    pattern
        .iter()
        .map(|&a| ATOMS[a].0)
        .collect::<Vec<_>>()
        .join(" | ")
}

/// The declarations before a root (V3, V4).
#[derive(Clone, Debug, Default)]
pub struct Decls {
    /// Whether the headers say `events = Ev` (V4): the generated forests'
    /// always do, so that a script can post to them.
    pub events: bool,
    /// Whether the main tree's header says `stimuli = Stim(u8)` (V2, B1):
    /// the generated forests' always do, so that the tree can live in a
    /// brain whose store lends its stimuli to the tree.
    pub stimuli: bool,
    pub vars: Vec<VarDecl>,
    pub stamps: Vec<StampDecl>,
}

/// `var NAME = EFFECT, …;` (V4): the effects in written order, `true` for
/// `set(P)`, `false` for `clear(P)` (every set is applied before every
/// clear, whatever the order written).
#[derive(Clone, Debug)]
pub struct VarDecl {
    pub name: String,
    pub effects: Vec<(bool, Pattern)>,
}

/// `stamp NAME = on(P)[, group(G)];` (V3).
#[derive(Clone, Debug)]
pub struct StampDecl {
    pub name: String,
    pub on: Pattern,
    pub group: Option<String>,
}

/// `if_time`'s (R10) and `wait_until`'s (L7) test of the time since a
/// timestamp: `stamp` indexes [`Decls::stamps`]; strictly less (`less`)
/// or strictly more than `d` seconds; a timestamp never set passes only
/// with `or_never_set`.
#[derive(Clone, Debug, PartialEq)]
pub struct TimeTest {
    pub stamp: usize,
    pub less: bool,
    pub d: f64,
    pub or_never_set: bool,
}

impl TimeTest {
    /// Whether the test holds at `now` for a timestamp set at `stamp`.
    pub fn holds(&self, stamp: Option<f64>, now: f64) -> bool {
        match stamp {
            None => self.or_never_set,
            Some(t) if self.less => now - t < self.d,
            Some(t) => now - t > self.d,
        }
    }
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
    /// `wait_for(P)` (L7, V4): `Running` until an event matching `P` is
    /// posted while it is active, then `Success` on the next tick.
    WaitFor(Pattern),
    /// `wait_until(stamp, more_than = d[, or_never_set])` (L7, V3); the
    /// test's `less` is false.
    WaitUntil(TimeTest),
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
    /// `Defer("q3")` (V5): a behavior handing its work to a game system:
    /// launches into the frame's requests on activation (refused when the
    /// buffer is full: `Failure`), polls the completions the script reports
    /// on every tick, abandons the action on deactivation. Logs `launch`,
    /// `poll` and `abandon` under its name.
    Defer(String),
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
    /// `if_time(stamp, less_than = d | more_than = d[, or_never_set])
    /// { child }` (R10): the test on entry only.
    IfTime(TimeTest),
    /// `limit(alarm, max) { child }` (R8): at most `max` holders inside at
    /// once, counted in [`RESOURCES`]`[resource]`, which the script also
    /// fills with other holders.
    Limit {
        resource: usize,
        max: u32,
    },
    /// `log(start = "…", success = "…", failure = "…") { child }` (R9),
    /// any of the three messages.
    Log(LogLines),
}

/// The resources a `limit` counts in (R8), as the tree names them: a
/// function of the fixture, and a closure.
pub const RESOURCES: [&str; 2] = ["alarm", "|s: &Svc| &s.door"];

/// The messages of a `log` decorator (R9).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct LogLines {
    pub start: Option<String>,
    pub success: Option<String>,
    pub failure: Option<String>,
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
    /// `var(v)` (`true`) and `!var(v)` (`false`) items (G1, V4): indices
    /// into [`Decls::vars`].
    pub vars: Vec<(usize, bool)>,
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
        for (i, t) in self.trees.iter().enumerate() {
            let events = if self.decls.events {
                ", events = Ev"
            } else {
                ""
            };
            // B1: the main tree declares its stimuli for its brain (a
            // subtree's header need not).
            let stimuli = if i == 0 && self.decls.stimuli {
                ", stimuli = Stim(u8)"
            } else {
                ""
            };
            // R8, V5: every tree reaches the frame's services.
            let _ = writeln!(
                out,
                "tree {} for World{events}{stimuli}, world = Svc {{",
                t.name
            );
            // The declarations are the main tree's: its subtree may not
            // declare any (SPEC V3, V4).
            if i == 0 {
                self.decls_source(&mut out);
            }
            self.node(&mut out, &t.root, 1, true);
            out.push_str("\n}\n");
        }
        out
    }

    /// V3, V4: the declarations, one a line, before the root.
    fn decls_source(&self, out: &mut String) {
        for v in &self.decls.vars {
            let effects: Vec<String> = v
                .effects
                .iter()
                .map(|(set, p)| {
                    let word = if *set { "set" } else { "clear" };
                    format!("{word}({})", pattern_source(p))
                })
                .collect();
            let _ = writeln!(out, "    var {} = {};", v.name, effects.join(", "));
        }
        for s in &self.decls.stamps {
            let _ = write!(out, "    stamp {} = on({})", s.name, pattern_source(&s.on));
            if let Some(g) = &s.group {
                let _ = write!(out, ", group({g})");
            }
            out.push_str(";\n");
        }
    }

    /// `stamp, less_than = d` (or `more_than`), `, or_never_set`.
    fn time_test_source(&self, t: &TimeTest) -> String {
        let cmp = if t.less { "less_than" } else { "more_than" };
        let never = if t.or_never_set { ", or_never_set" } else { "" };
        format!(
            "{}, {cmp} = {}{never}",
            self.decls.stamps[t.stamp].name,
            secs(t.d)
        )
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
            out.push_str(&guard_source(g, &self.decls));
            out.push_str(" => ");
        }
        self.body(out, n, depth);
    }

    /// A node's kind and children, after its name and guard.
    fn body(&self, out: &mut String, n: &Node, depth: usize) {
        let pad = "    ".repeat(depth);
        match &n.kind {
            Kind::Act(_)
            | Kind::Hold(_)
            | Kind::Blk
            | Kind::Condition { .. }
            | Kind::Succeed
            | Kind::Fail
            | Kind::Wait(_)
            | Kind::WaitFor(_)
            | Kind::WaitUntil(_)
            | Kind::Defer(_) => out.push_str(&self.leaf_source(&n.kind)),
            Kind::Decorator(Deco::IfTime(t)) => {
                let _ = write!(out, "if_time({})", self.time_test_source(t));
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
                let items = guard_items(g, false, &self.decls);
                let _ = write!(out, "recheck({})", items.join(", "));
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

    /// A leaf as written.
    fn leaf_source(&self, kind: &Kind) -> String {
        match kind {
            Kind::Act(a) => format!("Act({a:?})"),
            Kind::Hold(a) => format!("Hold({a:?})"),
            Kind::Blk => "Blk".into(),
            Kind::Condition { name, maybe } => {
                let f = if *maybe { "maybe" } else { "is" };
                format!("condition({f}({name:?}))")
            }
            Kind::Succeed => "succeed".into(),
            Kind::Fail => "fail".into(),
            Kind::Wait(d) => format!("wait({})", secs(*d)),
            Kind::WaitFor(p) => format!("wait_for({})", pattern_source(p)),
            Kind::WaitUntil(t) => format!("wait_until({})", self.time_test_source(t)),
            Kind::Defer(q) => format!("Defer::new({q:?})"),
            _ => unreachable!("not a leaf"),
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
        Deco::IfTime(_) => unreachable!("rendered with its timestamp's name"),
        Deco::Custom(name) => format!("decorate(Dec::new({name:?}))"),
        Deco::Limit { resource, max } => format!("limit({}, {max})", RESOURCES[*resource]),
        Deco::Log(lines) => {
            let parts: Vec<String> = [
                ("start", &lines.start),
                ("success", &lines.success),
                ("failure", &lines.failure),
            ]
            .into_iter()
            .filter_map(|(k, m)| Some(format!("{k} = {:?}", m.as_ref()?)))
            .collect();
            format!("log({})", parts.join(", "))
        }
    }
}

fn guard_source(g: &Guard, decls: &Decls) -> String {
    format!("when({})", guard_items(g, true, decls).join(", "))
}

/// The items of a guard, as written in `when(…)`; `recheck(…)` writes them
/// without the `recheck` its keyword implies.
fn guard_items(g: &Guard, with_recheck: bool, decls: &Decls) -> Vec<String> {
    let mut items = Vec::new();
    // V4: the `var` items first now and then; where they are written does
    // not change when they are tested (after the flags, before `every`).
    let vars = g.vars.iter().map(|&(v, set)| {
        let not = if set { "" } else { "!" };
        format!("{not}var({})", decls.vars[v].name)
    });
    let vars_first = g.vars.len() > 1;
    if vars_first {
        items.extend(vars.clone());
    }
    for f in &g.flags {
        let prefix = if f.stimuli { "stimuli_" } else { "" };
        items.push(format!(
            "{prefix}{}(::deciders::Flags({}))",
            f.op.keyword(),
            f.mask
        ));
    }
    if !vars_first {
        items.extend(vars);
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
