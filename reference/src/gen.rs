//! Random valid trees: every node kind (decider groups `priority`,
//! `sequential`, `random`, `shuffle`, `scored` with and without a rescoring
//! interval; `parallel(all_complete…)`; the control nodes `if_then_else`,
//! `while_do_else` and `switch` over a scripted integer), every decorator
//! form (including `recheck(…)`, `retry(forever)`, `run_once[(S)]` and the
//! fixture's scripted `decorate(Dec::new(…))`), every guard item (`delegate`
//! on decider groups, nested and under `random`/`scored` parents),
//! group behaviors (including DBlock receivers), one subtree referenced
//! from zero to two places; depth ≤ 6, fan-out ≤ 4 (so a `shuffle` never
//! has more than its 64 children).
//!
//! Events (V3, V4): every tree declares `events = Ev` and the forest's
//! variables and timestamps (up to three of each, timestamps often in a
//! group); guards test variables (`var(v)`, `!var(v)`), some leaves are
//! `wait_for(P)` or `wait_until(t, more_than = d[, or_never_set])` (L7),
//! some slots are wrapped in `if_time(t, …) { … }` (R10), one level deeper
//! than the depth above. These are drawn from a second generator, so that
//! the rest of a forest is the one the seed drew before events existed.
//!
//! Services (R8, R9, V5): some slots are wrapped in `limit(resource, max)
//! { … }` over one of two resources, or in `log(…) { … }`, and some leaves
//! are deferred actions (`Defer::new("q3")`), all drawn from a third
//! generator for the same reason.
//!
//! The generator is deterministic in its seed: the same seed gives the same
//! forest on every machine (`rand_xorshift` has a fixed stream), so the
//! differential test's build script and the test itself draw the same trees.

use rand::{RngExt, SeedableRng};
use rand_xorshift::XorShiftRng;

use crate::tree::{
    Case, Decide, Decls, Deco, FlagOp, FlagTest, Forest, Group, Guard, Kind, LogLines, Node,
    ParallelForm, Pattern, Policy, StampDecl, Status, TimeTest, TreeDef, VarDecl, ATOMS, RESOURCES,
};

/// Durations the generator writes, in seconds.
const DURATIONS: &[f64] = &[0.05, 0.1, 0.2, 0.25, 0.3, 0.5, 1.0];

/// The integers a `switch` case pattern names; scripts also set values
/// outside them (see [`SWITCH_VALUES`]), which only a `_` case catches.
const CASE_VALUES: [i32; 4] = [0, 1, 2, 3];

/// The values a script sets a `switch`'s scripted integer to (C10).
pub const SWITCH_VALUES: std::ops::Range<i32> = -1..5;

/// Deepest node below a root.
const MAX_DEPTH: usize = 6;

/// The durations `wait_until` and `if_time` compare with (L7, R10): 0 and
/// 0.25 often land exactly on the boundary (a `dt` of 0, or of 0.25).
const TIME_DURATIONS: &[f64] = &[0.0, 0.1, 0.25, 0.5, 1.0];

/// The names a script can drive, per forest.
#[derive(Clone, Debug, Default)]
pub struct Names {
    /// Decides and conditions: their scores are scripted.
    pub decides: Vec<String>,
    /// Behaviors (leaves, group behaviors, DBlock receivers): their tick
    /// results and refused activations are scripted.
    pub behaviors: Vec<String>,
    /// Decides that hand on a DBlock: their block values are scripted.
    pub blocks: Vec<String>,
    /// Scripted decorators (R11): their `before` and `after` answers are
    /// scripted.
    pub decorators: Vec<String>,
    /// The scripted integers `switch`es read (C10).
    pub values: Vec<String>,
}

/// The forest drawn from `seed`: `trees[0]` named `T{seed}`, `trees[1]`
/// its subtree `T{seed}S`.
pub fn forest(seed: u64) -> Forest {
    let mut g = Gen {
        rng: XorShiftRng::seed_from_u64(seed),
        ev: XorShiftRng::seed_from_u64(seed ^ 0xe7e7_5eed_0000_0000),
        svc: XorShiftRng::seed_from_u64(seed ^ 0x5e2c_1ce5_0000_0000),
        decls: Decls::default(),
        counter: 0,
        budget: 0,
        subtree: false,
    };
    let decls = g.declarations();
    // SPEC V3, V4: a tree used through `subtree` declares no variables or
    // timestamps (the macro rejects it), so the subtree reads none.
    g.decls = Decls {
        events: decls.events,
        ..Decls::default()
    };
    g.budget = 10;
    let sub_root = g.root(3);
    g.decls = decls;
    g.subtree = true;
    g.budget = g.rng.random_range(12..40);
    let main_root = g.root(MAX_DEPTH);
    Forest {
        decls: g.decls,
        trees: vec![
            TreeDef {
                name: format!("T{seed}"),
                root: main_root,
            },
            TreeDef {
                name: format!("T{seed}S"),
                root: sub_root,
            },
        ],
    }
}

/// The names a script for `forest` can drive.
pub fn names(forest: &Forest) -> Names {
    let mut names = Names::default();
    for t in &forest.trees {
        collect(&t.root, &mut names);
    }
    names
}

fn collect(n: &Node, names: &mut Names) {
    if let Some(g) = &n.guard {
        match &g.decide {
            Some(Decide::Score(d)) => names.decides.push(d.clone()),
            Some(Decide::Block { decide, leaf }) => {
                names.decides.push(decide.clone());
                names.blocks.push(decide.clone());
                names.behaviors.push(leaf.clone());
            }
            None => {}
        }
    }
    match &n.kind {
        Kind::Act(a) | Kind::Hold(a) => names.behaviors.push(a.clone()),
        Kind::Condition { name, .. } => names.decides.push(name.clone()),
        Kind::Composite {
            group: Some(Group::Act(a)),
            ..
        } => names.behaviors.push(a.clone()),
        Kind::Decorator(Deco::Custom(x)) => names.decorators.push(x.clone()),
        Kind::Switch { value, .. } => names.values.push(value.clone()),
        _ => {}
    }
    for c in &n.children {
        collect(c, names);
    }
}

struct Gen {
    rng: XorShiftRng,
    /// V3, V4, L7, R10: what events add to a forest is drawn from this one.
    ev: XorShiftRng,
    /// R8, R9, V5: what the services add, from this one.
    svc: XorShiftRng,
    /// The forest's variables and timestamps.
    decls: Decls,
    counter: usize,
    /// Roughly how many more nodes to draw.
    budget: usize,
    /// Whether `subtree` references may be drawn (the main tree only).
    subtree: bool,
}

/// What the guard in front of a node requires of it.
#[derive(Clone, Copy, PartialEq)]
enum Need {
    Nothing,
    /// A `dblock` decide: the node must receive the DBlock (a `Blk` leaf
    /// or a group with a `Blk` behavior).
    Receiver,
}

impl Gen {
    fn fresh(&mut self, prefix: &str) -> String {
        self.counter += 1;
        format!("{prefix}{}", self.counter)
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.rng.random_range(0..items.len())]
    }

    fn duration(&mut self) -> f64 {
        self.pick(DURATIONS)
    }

    fn root(&mut self, max_depth: usize) -> Node {
        // The root is a composite most of the time, so trees have some shape.
        let kind = if self.rng.random_bool(0.85) {
            self.composite(Need::Nothing)
        } else {
            self.kind(0, max_depth, Need::Nothing)
        };
        let mut root = Node {
            name: "root".into(),
            guard: None,
            kind,
            children: Vec::new(),
        };
        self.children(&mut root, 0, max_depth);
        root
    }

    /// A child slot of `parent` (`delegating`: whose guard delegates, G6):
    /// a named node, maybe guarded.
    fn slot(&mut self, parent: &Kind, delegating: bool, depth: usize, max_depth: usize) -> Node {
        let name = self.fresh("n");
        let decider_parent =
            matches!(parent, Kind::Composite { policy, .. } if policy.is_decider_group());
        // R12: the child of `recheck(…)` always carries the guard written
        // between the parentheses, marked `recheck`.
        let recheck_child = matches!(parent, Kind::Decorator(Deco::Recheck));
        // C10: a `switch` case has no guard in the grammar.
        let switch_case = matches!(parent, Kind::Switch { .. });
        let guarded = recheck_child
            || (!switch_case
                && self
                    .rng
                    .random_bool(if decider_parent { 0.6 } else { 0.25 }));
        let mut guard = guarded.then(|| self.guard());
        if let (Some(g), true) = (guard.as_mut(), recheck_child) {
            g.recheck = true;
        }
        let need = match &guard {
            Some(Guard {
                decide: Some(Decide::Block { .. }),
                ..
            }) => Need::Receiver,
            _ => Need::Nothing,
        };
        // G6: under a delegating group, a decider group now and then, which
        // mostly delegates too: nested delegation.
        let nest = delegating
            && need == Need::Nothing
            && depth < max_depth
            && self.budget > 0
            && self.rng.random_bool(0.3);
        let kind = if nest {
            self.budget -= 1;
            self.decider_group()
        } else {
            self.kind(depth, max_depth, need)
        };
        if let Kind::Composite { policy, .. } = &kind {
            if policy.is_decider_group() && need == Need::Nothing {
                self.delegation(&mut guard, parent, nest, switch_case);
            }
        }
        if let (Some(g), Kind::Composite { policy, .. }) = (guard.as_mut(), &kind) {
            if policy.is_decider_group() && self.rng.random_bool(0.8) {
                g.redecide = true;
            }
        }
        let mut node = Node {
            name,
            guard,
            kind,
            children: Vec::new(),
        };
        self.children(&mut node, depth, max_depth);
        // R12: the child of `recheck(…)` carries the guard between the
        // parentheses, so it is not wrapped.
        if recheck_child {
            return node;
        }
        let draw = self.ev.random_range(0..100u32);
        let node = if draw < 6 && !self.decls.stamps.is_empty() {
            self.if_time(node)
        } else if (6..10).contains(&draw) && !self.decls.vars.is_empty() {
            self.recheck_var(node)
        } else {
            node
        };
        self.service_wrap(node)
    }

    /// R8, R9: `node` wrapped in `limit(resource, max) { node }` now and
    /// then (`max` small, so that the script's other holders fill it), or
    /// in `log(…) { node }` with one to three messages.
    fn service_wrap(&mut self, node: Node) -> Node {
        match self.svc.random_range(0..100u32) {
            0..=7 => {
                let resource = self.svc.random_range(0..RESOURCES.len());
                let max = self.svc.random_range(1..=3);
                self.wrap(node, Deco::Limit { resource, max }).0
            }
            8..=13 => {
                let mut lines = LogLines::default();
                let n = self.counter + 1;
                while lines == LogLines::default() {
                    let mut message =
                        |word: &str| self.svc.random_bool(0.6).then(|| format!("{word} {n}"));
                    lines = LogLines {
                        start: message("start"),
                        success: message("success"),
                        failure: message("failure"),
                    };
                }
                self.wrap(node, Deco::Log(lines)).0
            }
            _ => node,
        }
    }

    /// G6: the guard of a decider group (with no DBlock to hand on) often
    /// delegates to the group's children: a guard drawn with a decide
    /// loses it, an unguarded slot gets a guard of its own; more often
    /// under a `random` or `scored` parent, where the delegated score
    /// competes with the siblings', and under a delegating parent
    /// (`nest`).
    fn delegation(
        &mut self,
        guard: &mut Option<Guard>,
        parent: &Kind,
        nest: bool,
        switch_case: bool,
    ) {
        let competing = matches!(
            parent,
            Kind::Composite {
                policy: Policy::Random | Policy::Shuffle | Policy::Scored,
                ..
            }
        );
        let p = if nest {
            0.8
        } else if competing {
            0.7
        } else {
            0.45
        };
        match guard {
            Some(g) if self.rng.random_bool(p) => {
                g.decide = None;
                g.delegate = true;
            }
            Some(_) => {}
            // C10: a `switch` case has no guard in the grammar.
            None if !switch_case && self.rng.random_bool(p) => {
                let mut g = self.guard();
                g.decide = None;
                g.delegate = true;
                *guard = Some(g);
            }
            None => {}
        }
    }

    fn guard(&mut self) -> Guard {
        let mut g = Guard::default();
        let vars = self.decls.vars.len();
        if vars > 0 && self.ev.random_bool(0.15) {
            // G1, V4: one `var` item, now and then two; `!var` as often as
            // `var` (the variables are false most of the time: a `var`
            // item rejects more than it accepts).
            for _ in 0..if self.ev.random_bool(0.2) { 2 } else { 1 } {
                let v = self.ev.random_range(0..vars);
                g.vars.push((v, self.ev.random_bool(0.5)));
            }
        }
        for _ in 0..self.rng.random_range(0..=2u32) {
            if self.rng.random_bool(0.5) {
                continue;
            }
            g.flags.push(FlagTest {
                stimuli: self.rng.random_bool(0.3),
                op: self.pick(&FlagOp::ALL),
                mask: self.rng.random_range(1..8u64),
            });
        }
        if self.rng.random_bool(0.2) {
            g.every = Some(self.duration());
        }
        if self.rng.random_bool(0.75) || (g.flags.is_empty() && g.every.is_none()) {
            let decide = self.fresh("d");
            g.decide = Some(if self.rng.random_bool(0.25) {
                let leaf = self.fresh("b");
                Decide::Block { decide, leaf }
            } else {
                Decide::Score(decide)
            });
        }
        g.recheck = self.rng.random_bool(0.2);
        g
    }

    fn kind(&mut self, depth: usize, max_depth: usize, need: Need) -> Kind {
        let leaf_only = depth >= max_depth || self.budget == 0;
        self.budget = self.budget.saturating_sub(1);
        if need == Need::Receiver {
            return if leaf_only || self.rng.random_bool(0.7) {
                Kind::Blk
            } else {
                let policy = self.pick(&Policy::ALL);
                Kind::Composite {
                    policy,
                    group: Some(Group::Blk),
                    rescore: self.rescore(policy),
                }
            };
        }
        let leaf_weight = if leaf_only {
            1.0
        } else {
            0.45 + 0.07 * depth as f64
        };
        if self.rng.random_bool(leaf_weight.min(1.0)) {
            return match self.rng.random_range(0..20u32) {
                // L7: an event's leaf in place of a behavior now and then.
                0..=10 if self.ev.random_bool(0.2) => self.event_leaf(),
                // V5: a deferred action in place of a behavior now and then.
                0..=10 if self.svc.random_bool(0.15) => Kind::Defer(self.fresh("q")),
                0..=10 => Kind::Act(self.fresh("a")),
                11 => Kind::Hold(self.fresh("h")),
                12..=14 => Kind::Condition {
                    name: self.fresh("c"),
                    maybe: self.rng.random_bool(0.5),
                },
                15 => Kind::Succeed,
                16 => Kind::Fail,
                17 => Kind::Wait(self.duration()),
                _ if self.subtree => Kind::Subtree(1),
                _ => Kind::Act(self.fresh("a")),
            };
        }
        match self.rng.random_range(0..27u32) {
            0..=9 => self.composite(need),
            10..=18 => Kind::Decorator(self.deco()),
            19..=20 => Kind::Parallel {
                success: None,
                failure: None,
                form: ParallelForm::All,
            }, // thresholds drawn once the children are known
            21..=22 => Kind::Concurrent,
            23 => Kind::IfThenElse,
            24 => Kind::WhileDoElse,
            _ => Kind::Switch {
                value: self.fresh("s"),
                cases: Vec::new(), // drawn with the children
            },
        }
    }

    fn composite(&mut self, _need: Need) -> Kind {
        let policy = self.pick(&Policy::ALL);
        let group = self
            .rng
            .random_bool(0.35)
            .then(|| Group::Act(self.fresh("g")));
        let rescore = self.rescore(policy);
        Kind::Composite {
            policy,
            group,
            rescore,
        }
    }

    /// A decider group (D1–D6), maybe with a group behavior.
    fn decider_group(&mut self) -> Kind {
        let policy = self.pick(&Policy::ALL[..5]);
        debug_assert!(policy.is_decider_group());
        let group = self
            .rng
            .random_bool(0.35)
            .then(|| Group::Act(self.fresh("g")));
        let rescore = self.rescore(policy);
        Kind::Composite {
            policy,
            group,
            rescore,
        }
    }

    /// D6: half the `scored` groups get a rescoring interval.
    fn rescore(&mut self, policy: Policy) -> Option<f64> {
        (policy == Policy::Scored && self.rng.random_bool(0.5)).then(|| self.duration())
    }

    fn deco(&mut self) -> Deco {
        let completion = [Status::Success, Status::Failure];
        let any = [Status::Success, Status::Failure, Status::Running];
        match self.rng.random_range(0..14u32) {
            0 => Deco::Invert,
            1 => Deco::Force(self.pick(&completion)),
            2 => Deco::Always(self.pick(&any)),
            3 => Deco::CooldownOnFailure(self.duration()),
            4 => Deco::Cooldown(self.duration()),
            5 => Deco::Repeat(if self.rng.random_bool(0.3) {
                None
            } else {
                Some(self.rng.random_range(1..=3))
            }),
            6 => Deco::Retry(Some(self.rng.random_range(1..=3))),
            // R5: `retry(forever)` as often as a counted `retry`.
            13 => Deco::Retry(None),
            7 => Deco::Timeout(self.duration()),
            8 => Deco::Delay(self.duration()),
            9 => Deco::Recheck,
            10 => Deco::RunOnce(if self.rng.random_bool(0.5) {
                None
            } else {
                Some(self.pick(&completion))
            }),
            // The scripted decorator twice as often as the others: its
            // protocol has the most branches.
            _ => Deco::Custom(self.fresh("x")),
        }
    }

    fn children(&mut self, node: &mut Node, depth: usize, max_depth: usize) {
        let count = match &node.kind {
            Kind::Composite { .. } | Kind::Parallel { .. } | Kind::Concurrent => {
                self.rng.random_range(1..=4usize)
            }
            Kind::Decorator(_) => 1,
            Kind::IfThenElse | Kind::WhileDoElse => self.rng.random_range(2..=3usize),
            Kind::Switch { .. } => self.rng.random_range(1..=4usize),
            _ => 0,
        };
        let kind = node.kind.clone();
        let delegating = node.guard.as_ref().is_some_and(|g| g.delegate);
        for _ in 0..count {
            let child = self.slot(&kind, delegating, depth + 1, max_depth);
            node.children.push(child);
        }
        if let Kind::Switch { cases, .. } = &mut node.kind {
            *cases = self.cases(count);
            // C10: the cases are exhaustive, as a `match` (rustc checks it).
            // A switch whose last case is no `_` gets the explicit
            // `_ => fail` that a failing "no match" is written as.
            if cases.last().is_some_and(Option::is_some) {
                cases.push(None);
                node.children.push(Node {
                    name: self.fresh("n"),
                    guard: None,
                    kind: Kind::Fail,
                    children: Vec::new(),
                });
            }
        }
        if let Kind::Parallel { .. } = node.kind {
            let n = node.children.len();
            node.kind = match self.rng.random_range(0..6u32) {
                0 => Kind::Parallel {
                    success: None,
                    failure: Some(1),
                    form: ParallelForm::All,
                },
                1 => Kind::Parallel {
                    success: Some(1),
                    failure: None,
                    form: ParallelForm::Any,
                },
                // C5 all complete (with one child it is that child); a
                // written `m` above 1 (the default), so that it can succeed
                // with some children failed.
                2..=4 if n >= 2 => Kind::Parallel {
                    success: None,
                    failure: self
                        .rng
                        .random_bool(0.8)
                        .then(|| self.rng.random_range(2..=n)),
                    form: ParallelForm::AllComplete,
                },
                _ => {
                    let success = self
                        .rng
                        .random_bool(0.8)
                        .then(|| self.rng.random_range(1..=n));
                    let failure = if success.is_none() || self.rng.random_bool(0.5) {
                        Some(self.rng.random_range(1..=n))
                    } else {
                        None
                    };
                    Kind::Parallel {
                        success,
                        failure,
                        form: ParallelForm::Thresholds,
                    }
                }
            };
        }
    }
}

impl Gen {
    /// V3, V4: the forest's declarations: up to three variables, each set
    /// and cleared by a pattern or two (written in either order), and up
    /// to three timestamps, often in a group.
    fn declarations(&mut self) -> Decls {
        let mut decls = Decls {
            events: true,
            stimuli: true,
            ..Decls::default()
        };
        for i in 0..self.ev.random_range(0..=3usize) {
            let mut effects = vec![(true, self.pattern()), (false, self.pattern())];
            match self.ev.random_range(0..8u32) {
                0 => effects.reverse(),
                1 => effects.truncate(1),
                2 => effects.insert(1, (true, self.pattern())),
                _ => {}
            }
            decls.vars.push(VarDecl {
                name: format!("v{i}"),
                effects,
            });
        }
        for i in 0..self.ev.random_range(0..=3usize) {
            let on = self.pattern();
            let group = match self.ev.random_range(0..10u32) {
                0..=5 => Some("ga".to_string()),
                6 => Some("gb".to_string()),
                _ => None,
            };
            decls.stamps.push(StampDecl {
                name: format!("t{i}"),
                on,
                group,
            });
        }
        decls
    }

    /// An event pattern: one atom, now and then two alternatives that
    /// match no event in common (rustc warns of an alternative that can
    /// never be reached, `Ev::Hit(_) | Ev::Hit(0)`).
    fn pattern(&mut self) -> Pattern {
        let first = self.ev.random_range(0..ATOMS.len());
        let mut p = vec![first];
        if self.ev.random_bool(0.25) {
            let second = self.ev.random_range(0..ATOMS.len());
            if !ATOMS[second].1.iter().any(|e| ATOMS[first].1.contains(e)) {
                p.push(second);
            }
        }
        p
    }

    /// L7: `wait_for(P)`, or `wait_until(t, more_than = d[, or_never_set])`
    /// when the forest declares a timestamp.
    fn event_leaf(&mut self) -> Kind {
        if self.decls.stamps.is_empty() || self.ev.random_bool(0.5) {
            Kind::WaitFor(self.pattern())
        } else {
            Kind::WaitUntil(self.time_test(false))
        }
    }

    /// L7, R10: a test of the time since a timestamp; `less_than` only when
    /// `less` (never with 0: nothing is less than 0 seconds ago), and then
    /// mostly `or_never_set` (a timestamp is never set most of the time:
    /// the child would hardly ever run); `more_than = 0.0` often, whose
    /// boundary a `dt` of 0 reaches.
    fn time_test(&mut self, less: bool) -> TimeTest {
        let stamp = self.ev.random_range(0..self.decls.stamps.len());
        let d = loop {
            let d = TIME_DURATIONS[self.ev.random_range(0..TIME_DURATIONS.len())];
            if less && d == 0.0 {
                continue;
            }
            break if !less && self.ev.random_bool(0.3) {
                0.0
            } else {
                d
            };
        };
        TimeTest {
            stamp,
            less,
            d,
            or_never_set: self.ev.random_bool(if less { 0.7 } else { 0.35 }),
        }
    }

    /// R10: `node` wrapped in `if_time(…) { node }`.
    fn if_time(&mut self, node: Node) -> Node {
        let less = self.ev.random_bool(0.5);
        let test = self.time_test(less);
        self.wrap(node, Deco::IfTime(test)).0
    }

    /// R12, V4: `node` wrapped in `recheck(var(v)) { node }` or
    /// `recheck(!var(v))`: the variable is tested on entry and every tick
    /// while the node runs. Not when the node's guard stays with it.
    fn recheck_var(&mut self, node: Node) -> Node {
        let v = self.ev.random_range(0..self.decls.vars.len());
        let set = self.ev.random_bool(0.3);
        let (mut wrapper, moved) = self.wrap(node, Deco::Recheck);
        if !moved {
            // The node's own guard (a DBlock, a delegation) stays: unwrap.
            let mut node = wrapper.children.pop().expect("one child");
            node.name = wrapper.name;
            return node;
        }
        wrapper.children[0].guard = Some(Guard {
            vars: vec![(v, set)],
            recheck: true,
            ..Guard::default()
        });
        wrapper
    }

    /// `node` wrapped in the decorator `deco`. The wrapper takes the slot's
    /// name and the guard, unless the guard must stay with the node it
    /// guards (a DBlock for its receiver, G2; `delegate` and `redecide` on
    /// a decider group, G5, G6); the node is renamed. Also returns whether
    /// the node is left without a guard.
    fn wrap(&mut self, mut node: Node, deco: Deco) -> (Node, bool) {
        let stays = node.guard.as_ref().is_some_and(|g| {
            g.delegate || g.redecide || matches!(g.decide, Some(Decide::Block { .. }))
        });
        let guard = if stays { None } else { node.guard.take() };
        let name = std::mem::replace(&mut node.name, self.fresh("n"));
        let wrapper = Node {
            name,
            guard,
            kind: Kind::Decorator(deco),
            children: vec![node],
        };
        (wrapper, !stays)
    }

    /// C10: the patterns of `count` cases: disjoint sets of one or two
    /// integers of [`CASE_VALUES`] (no case unreachable), the last one `_`
    /// now and then.
    fn cases(&mut self, count: usize) -> Vec<Case> {
        debug_assert!(count <= CASE_VALUES.len());
        let mut pool = CASE_VALUES.to_vec();
        let mut cases = Vec::with_capacity(count);
        for k in 0..count {
            let later = count - k - 1;
            if later == 0 && self.rng.random_bool(0.4) {
                cases.push(None);
                continue;
            }
            // Leave at least one value for each later case.
            let most = (pool.len() - later).min(2);
            let mut values = Vec::new();
            for _ in 0..self.rng.random_range(1..=most) {
                values.push(pool.swap_remove(self.rng.random_range(0..pool.len())));
            }
            cases.push(Some(values));
        }
        cases
    }
}

/// O6: whether a forest's state can be saved today: no `limit` (its slot
/// is counted in a shared resource), `wait_for` (its pattern is a
/// function) or `log` (its messages are `&'static str`) in any of its
/// trees.
pub fn savable(forest: &Forest) -> bool {
    fn node(n: &Node) -> bool {
        let here = !matches!(
            n.kind,
            Kind::WaitFor(_) | Kind::Decorator(Deco::Limit { .. }) | Kind::Decorator(Deco::Log(_))
        );
        here && n.children.iter().all(node)
    }
    forest.trees.iter().all(|t| node(&t.root))
}

/// The constructs a forest uses, by name. The differential test checks that
/// the seed list covers each of [`FEATURES`] several times.
pub fn features(forest: &Forest) -> std::collections::BTreeSet<&'static str> {
    let mut out = std::collections::BTreeSet::new();
    let refs = forest
        .trees
        .iter()
        .map(|t| count_subtrees(&t.root))
        .sum::<usize>();
    if refs >= 2 {
        out.insert("two references to one subtree");
        // D8: each reference seeds its own generators.
        if has_random(&forest.trees[1].root) {
            out.insert("random group behind two references");
        }
    }
    decls_census(&forest.decls, &mut out);
    // R8: two `limit`s over one resource compete for its slots in one agent.
    let mut limits = [0usize; RESOURCES.len()];
    for t in &forest.trees {
        count_limits(&t.root, &mut limits);
    }
    if limits.iter().any(|&n| n >= 2) {
        out.insert("two limits on one resource");
    }
    for t in &forest.trees {
        census(&t.root, None, &mut out);
    }
    out
}

/// V3, V4: what the declarations combine.
fn decls_census(decls: &Decls, out: &mut std::collections::BTreeSet<&'static str>) {
    let stamps = &decls.stamps;
    if stamps
        .iter()
        .enumerate()
        .any(|(i, s)| s.group.is_some() && stamps[i + 1..].iter().any(|o| o.group == s.group))
    {
        out.insert("timestamps in a group");
    }
    for v in &decls.vars {
        // V4: an event that both sets and clears the variable.
        let both = (0..crate::tree::EVENTS.len()).any(|k| {
            let hit = |set: bool| {
                v.effects
                    .iter()
                    .any(|(s, p)| *s == set && crate::tree::pattern_matches(p, k))
            };
            hit(true) && hit(false)
        });
        if both {
            out.insert("an event sets and clears a variable");
        }
        if v.effects.first().is_some_and(|(set, _)| !set) {
            out.insert("a variable's clear written first");
        }
    }
}

/// Every construct [`features`] can report.
pub const FEATURES: &[&str] = &[
    "!var guard",
    "a variable's clear written first",
    "all/not_all flags",
    "all_complete with failure >= m",
    "an event sets and clears a variable",
    "any/none flags",
    "concurrent",
    "condition (maybe)",
    "custom decorator",
    "dblock into a behavior",
    "deferred action",
    "dblock into a group behavior",
    "decorator over a composite",
    "delegate",
    "delegate hands on a DBlock",
    "delegate on a group with a behavior",
    "delegate on a priority group",
    "delegate on a random group",
    "delegate on a scored group",
    "delegate on a sequential group",
    "delegate on a shuffle group",
    "delegate under random or scored",
    "delegate with preconditions",
    "delegate with recheck",
    "delegate with redecide",
    "every on a recheck guard",
    "group behavior inside a parallel",
    "guarded child of a control node",
    "guarded child of a decorator",
    "guarded child of a parallel",
    "guarded sequential child",
    "hold (no tick hook)",
    "if_time less_than",
    "if_time more_than",
    "if_time or_never_set",
    "limit",
    "limit on the closure's resource",
    "log",
    "two limits on one resource",
    "if_then_else",
    "if_then_else without else",
    "nested delegate",
    "parallel thresholds",
    "parallel(all_complete)",
    "random group",
    "random group behind two references",
    "recheck decorator",
    "recheck over a variable",
    "recheck under a status composite",
    "redecide",
    "retry(forever)",
    "run_once",
    "run_once with a status",
    "scored group",
    "scored with rescore",
    "shuffle group",
    "stimuli flags",
    "switch with `_ => fail`",
    "switch with a default",
    "timestamps in a group",
    "two references to one subtree",
    "var guard",
    "wait",
    "wait_for",
    "wait_until",
    "wait_until or_never_set",
    "while_do_else",
    "while_do_else without else",
];

/// G6: what a `delegate` guard on `n` (a decider group) combines with.
fn delegation_census(
    n: &Node,
    g: &Guard,
    parent: Option<&Kind>,
    out: &mut std::collections::BTreeSet<&'static str>,
) {
    out.insert("delegate");
    if g.recheck {
        out.insert("delegate with recheck");
    }
    if g.redecide {
        out.insert("delegate with redecide");
    }
    if g.every.is_some() || !g.flags.is_empty() {
        out.insert("delegate with preconditions");
    }
    if let Kind::Composite { policy, group, .. } = &n.kind {
        out.insert(match policy {
            Policy::Priority => "delegate on a priority group",
            Policy::Sequential => "delegate on a sequential group",
            Policy::Random => "delegate on a random group",
            Policy::Shuffle => "delegate on a shuffle group",
            _ => "delegate on a scored group",
        });
        if group.is_some() {
            out.insert("delegate on a group with a behavior");
        }
    }
    if matches!(
        parent,
        Some(Kind::Composite {
            policy: Policy::Random | Policy::Scored,
            ..
        })
    ) {
        out.insert("delegate under random or scored");
    }
    if n.children
        .iter()
        .any(|c| c.guard.as_ref().is_some_and(|g| g.delegate))
    {
        out.insert("nested delegate");
    }
    if n.children.iter().any(|c| {
        matches!(
            c.guard,
            Some(Guard {
                decide: Some(Decide::Block { .. }),
                ..
            })
        )
    }) {
        out.insert("delegate hands on a DBlock");
    }
}

fn has_random(n: &Node) -> bool {
    matches!(n.kind, Kind::Composite { policy, .. } if policy.is_random())
        || n.children.iter().any(has_random)
}

fn count_limits(n: &Node, limits: &mut [usize]) {
    if let Kind::Decorator(Deco::Limit { resource, .. }) = n.kind {
        limits[resource] += 1;
    }
    for c in &n.children {
        count_limits(c, limits);
    }
}

fn count_subtrees(n: &Node) -> usize {
    usize::from(matches!(n.kind, Kind::Subtree(_)))
        + n.children.iter().map(count_subtrees).sum::<usize>()
}

/// G1–G6: what the guard `g` of `n` (under `parent`) uses.
fn guard_census(
    n: &Node,
    g: &Guard,
    parent: Option<&Kind>,
    out: &mut std::collections::BTreeSet<&'static str>,
) {
    for f in &g.flags {
        out.insert(if f.stimuli {
            "stimuli flags"
        } else if matches!(f.op, FlagOp::All | FlagOp::NotAll) {
            "all/not_all flags"
        } else {
            "any/none flags"
        });
    }
    if g.every.is_some() && g.recheck {
        out.insert("every on a recheck guard");
    }
    for &(_, set) in &g.vars {
        out.insert(if set { "var guard" } else { "!var guard" });
    }
    if !g.vars.is_empty() && matches!(parent, Some(Kind::Decorator(Deco::Recheck))) {
        out.insert("recheck over a variable");
    }
    if g.redecide {
        out.insert("redecide");
    }
    if g.delegate {
        delegation_census(n, g, parent, out);
    }
    if let Some(Decide::Block { .. }) = g.decide {
        out.insert(match n.kind {
            Kind::Blk => "dblock into a behavior",
            _ => "dblock into a group behavior",
        });
    }
    match parent {
        Some(Kind::Composite {
            policy: Policy::Sequential,
            ..
        }) => {
            out.insert("guarded sequential child");
        }
        Some(Kind::Parallel { .. }) => {
            out.insert("guarded child of a parallel");
        }
        Some(Kind::Decorator(_)) => {
            out.insert("guarded child of a decorator");
        }
        Some(Kind::IfThenElse | Kind::WhileDoElse) => {
            out.insert("guarded child of a control node");
        }
        Some(Kind::Composite { policy, .. }) if !policy.is_decider_group() && g.recheck => {
            out.insert("recheck under a status composite");
        }
        _ => {}
    }
}

fn census(n: &Node, parent: Option<&Kind>, out: &mut std::collections::BTreeSet<&'static str>) {
    if let Some(g) = &n.guard {
        guard_census(n, g, parent, out);
    }
    match (&n.kind, parent) {
        (Kind::Composite { .. }, Some(Kind::Decorator(_))) => {
            out.insert("decorator over a composite");
        }
        (
            Kind::Composite { group: Some(_), .. },
            Some(Kind::Parallel { .. } | Kind::Concurrent),
        ) => {
            out.insert("group behavior inside a parallel");
        }
        _ => {}
    }
    out.extend(kind_feature(n));
    event_census(&n.kind, out);
    for c in &n.children {
        census(c, Some(&n.kind), out);
    }
}

/// L7, R10: the leaves and the decorator over events.
fn event_census(kind: &Kind, out: &mut std::collections::BTreeSet<&'static str>) {
    match kind {
        Kind::WaitFor(_) => {
            out.insert("wait_for");
        }
        Kind::WaitUntil(t) => {
            out.insert(if t.or_never_set {
                "wait_until or_never_set"
            } else {
                "wait_until"
            });
        }
        Kind::Decorator(Deco::IfTime(t)) => {
            out.insert(if t.less {
                "if_time less_than"
            } else {
                "if_time more_than"
            });
            if t.or_never_set {
                out.insert("if_time or_never_set");
            }
        }
        _ => {}
    }
}

/// The construct node `n` is, if [`FEATURES`] names it.
fn kind_feature(n: &Node) -> Option<&'static str> {
    let with_else = n.children.len() == 3;
    Some(match &n.kind {
        Kind::Hold(_) => "hold (no tick hook)",
        Kind::Wait(_) => "wait",
        Kind::Condition { maybe: true, .. } => "condition (maybe)",
        Kind::Concurrent => "concurrent",
        Kind::Composite {
            policy: Policy::Random,
            ..
        } => "random group",
        Kind::Composite {
            policy: Policy::Shuffle,
            ..
        } => "shuffle group",
        Kind::Composite {
            policy: Policy::Scored,
            rescore: Some(_),
            ..
        } => "scored with rescore",
        Kind::Composite {
            policy: Policy::Scored,
            ..
        } => "scored group",
        Kind::Decorator(Deco::Recheck) => "recheck decorator",
        Kind::Decorator(Deco::Custom(_)) => "custom decorator",
        Kind::Decorator(Deco::Retry(None)) => "retry(forever)",
        Kind::Parallel {
            form: ParallelForm::Thresholds,
            ..
        } => "parallel thresholds",
        Kind::Parallel {
            form: ParallelForm::AllComplete,
            failure: Some(_),
            ..
        } => "all_complete with failure >= m",
        Kind::Parallel {
            form: ParallelForm::AllComplete,
            ..
        } => "parallel(all_complete)",
        Kind::Decorator(Deco::RunOnce(Some(_))) => "run_once with a status",
        Kind::Decorator(Deco::Limit { resource: 0, .. }) => "limit",
        Kind::Decorator(Deco::Limit { .. }) => "limit on the closure's resource",
        Kind::Decorator(Deco::Log(_)) => "log",
        Kind::Defer(_) => "deferred action",
        Kind::Decorator(Deco::RunOnce(None)) => "run_once",
        Kind::IfThenElse if with_else => "if_then_else",
        Kind::IfThenElse => "if_then_else without else",
        Kind::WhileDoElse if with_else => "while_do_else",
        Kind::WhileDoElse => "while_do_else without else",
        // C10: every generated switch ends with `_`; `_ => fail` is how
        // "no other case matches: Failure" is written.
        Kind::Switch { .. } => match n.children.last() {
            Some(c) if matches!(c.kind, Kind::Fail) => "switch with `_ => fail`",
            _ => "switch with a default",
        },
        _ => return None,
    })
}
