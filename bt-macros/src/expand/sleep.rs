//! What can wake each configuration of a tree (Z1), worked out at
//! expansion time: the text of the state type's `SLEEP` constant and the
//! summary in its documentation.
//!
//! A *configuration* is a node that can be the bottom of a running path —
//! a behavior, `wait`, `wait_for`, `wait_until`, a subtree reference,
//! `delay` while it delays, a custom decorator waiting without its child —
//! together with the path from the root down to it. While it runs, the
//! next tick can differ from "nothing happens" only through what this
//! module lists:
//!
//! - **what the tree sees** (it can sleep on these): decision flags and
//!   stimuli read by the guards that are checked again while it runs (a
//!   `priority`'s earlier siblings, `recheck` guards), variables (set and
//!   cleared by events), events (`wait_for`, and the timestamps of
//!   `wait_until`), and deadlines (`wait`, `timeout`, `delay`, `every` on
//!   such a guard, `scored`'s re-scoring, `wait_until`);
//! - **what only a hook knows**: a behavior, a group behavior or a custom
//!   decorator on the path is ticked every tick unless, from its tick, it
//!   says that it waits;
//! - **what the tree cannot see** (the configuration never sleeps): a
//!   guard's decide function checked again every tick without `every(d)`,
//!   a `reactive_sequence` or `selector` ticking earlier children again, a
//!   `concurrent` ticking every child, a `while_do_else`'s condition, a
//!   `switch`'s value.
//!
//! Children of a `parallel` run at once: each running child is a
//! configuration of its own, and the tree sleeps when all of them do.

use std::fmt::Write;

use super::outline::{compact_expr, seconds, var_name};
use crate::model::{Builtin, Control, Deco, DecoArg, FlagSource, Guard, Kind, Mask, Policy, Tree};

/// One configuration: its path and what it needs.
struct Config {
    /// The node names from the root down, joined with ` > `.
    path: String,
    /// Inputs the tree sees that can wake it, in the order found.
    wakes: Vec<String>,
    /// Hooks that are ticked every tick unless they say they wait.
    hooks: Vec<String>,
    /// Why it can never sleep.
    polls: Vec<String>,
    /// Its node.
    id: usize,
}

impl Config {
    fn wake(&mut self, what: String) {
        if !self.wakes.contains(&what) {
            self.wakes.push(what);
        }
    }
}

/// Whether node `id` can be the bottom of a running path, and what it
/// needs there itself.
fn bottom(tree: &Tree, id: usize, c: &mut Config) -> bool {
    let node = &tree.nodes[id];
    match &node.kind {
        Kind::Behavior(leaf) => match leaf.builtin() {
            None => {
                c.hooks.push(format!("`{}`", node.name));
                true
            }
            Some(Builtin::Wait(d)) => {
                c.wake(format!("the deadline of `wait({})`", seconds(*d)));
                true
            }
            Some(Builtin::WaitFor(_)) => {
                c.wake("events".to_string());
                true
            }
            Some(Builtin::WaitUntil(t)) => {
                c.wake("events".to_string());
                c.wake(format!(
                    "the deadline of `wait_until({}, …)`",
                    tree.stamps
                        .get(t.stamp)
                        .map_or("…".to_string(), |s| s.name.to_string())
                ));
                true
            }
            Some(Builtin::Succeed | Builtin::Fail | Builtin::IfTime(_) | Builtin::Log(_)) => false,
        },
        Kind::Subtree { path, .. } => {
            c.hooks
                .push(format!("subtree `{}` (its `SLEEP`)", compact_expr(path)));
            true
        }
        Kind::Decorator {
            deco: Deco::Builtin { def, arg },
            ..
        } if def.keyword == "delay" => {
            if let DecoArg::Seconds(d) = arg {
                c.wake(format!("the deadline of `delay({})`", seconds(*d)));
            }
            true
        }
        Kind::Decorator {
            deco: Deco::Custom(leaf),
            ..
        } if leaf.builtin().is_none() => {
            c.hooks.push(format!("decorator `{}`", node.name));
            true
        }
        Kind::Composite { .. }
        | Kind::Decorator { .. }
        | Kind::Parallel { .. }
        | Kind::Control { .. }
        | Kind::Condition { .. } => false,
    }
}

/// What guard `g`, in front of node `owner`, needs when it is checked
/// every tick.
fn guard_needs(tree: &Tree, g: &Guard, owner: &str, c: &mut Config) {
    for test in &g.flags {
        c.wake(match (&test.mask, test.source) {
            (Mask::Var { bit, .. }, _) => format!("var `{}`", var_name(tree, *bit)),
            (Mask::Written(_), FlagSource::Stimuli) => "stimuli".to_string(),
            (Mask::Written(_), _) => "decision flags".to_string(),
        });
    }
    match (&g.every, &g.decide) {
        (Some(every), _) => {
            // The tree's `every_wake` gives its deadline.
            c.wake(format!(
                "the deadline of `every({})` on `{owner}`",
                seconds(every.seconds)
            ));
        }
        (None, Some(d)) => {
            let poll = format!(
                "the guard of `{owner}` calls `{}` every tick",
                compact_expr(&d.func)
            );
            c.polls.push(poll);
        }
        (None, None) => {}
    }
    if g.delegate.is_some() && g.every.is_none() {
        c.polls.push(format!(
            "the guard of `{owner}` delegates to its children's decides every tick"
        ));
    }
}

/// What ancestor `a` needs, every tick, while its child `child` runs.
fn ancestor_needs(tree: &Tree, a: usize, child: usize, c: &mut Config) {
    let node = &tree.nodes[a];
    let index = node.children.iter().position(|&k| k == child).unwrap_or(0);
    let earlier = &node.children[..index];
    let name = &node.name;
    if let Some(g) = &tree.nodes[child].guard {
        if g.recheck.is_some() {
            guard_needs(tree, g, &tree.nodes[child].name, c);
        }
    }
    match &node.kind {
        Kind::Composite {
            policy,
            behavior,
            rescore,
            ..
        } => {
            if behavior.is_some() {
                c.hooks.push(format!("the group behavior of `{name}`"));
            }
            match policy {
                Policy::Priority => {
                    for &s in earlier {
                        if let Some(g) = &tree.nodes[s].guard {
                            guard_needs(tree, g, &tree.nodes[s].name, c);
                        }
                    }
                }
                Policy::Scored => {
                    if let Some((d, _)) = rescore {
                        c.wake(format!("the re-scoring of `{name}` every {}", seconds(*d)));
                    }
                }
                Policy::ReactiveSequence | Policy::Selector if !earlier.is_empty() => {
                    c.polls.push(format!(
                        "`{name}` ({}) ticks `{}` again every tick",
                        policy.keyword(),
                        tree.nodes[earlier[0]].name
                    ));
                }
                _ => {}
            }
        }
        Kind::Parallel {
            concurrent: true, ..
        } if node.children.len() > 1 => {
            c.polls.push(format!(
                "`{name}` (concurrent) ticks every child every tick"
            ));
        }
        Kind::Control {
            control: Control::WhileDoElse,
            ..
        } if index > 0 => {
            c.polls.push(format!(
                "`{name}` (while_do_else) ticks its condition `{}` every tick",
                tree.nodes[node.children[0]].name
            ));
        }
        Kind::Control {
            control: Control::Switch { value, .. },
            ..
        } => {
            c.polls.push(format!(
                "`{name}` (switch) reads `{}` every tick",
                compact_expr(value)
            ));
        }
        Kind::Decorator { deco, .. } => match deco {
            Deco::Builtin {
                def,
                arg: DecoArg::Seconds(d),
            } if def.keyword == "timeout" => {
                c.wake(format!("the deadline of `timeout({})`", seconds(*d)));
            }
            Deco::Custom(leaf) if leaf.builtin().is_none() => {
                c.hooks.push(format!("decorator `{name}`"));
            }
            _ => {}
        },
        Kind::Behavior(_)
        | Kind::Parallel { .. }
        | Kind::Control { .. }
        | Kind::Condition { .. }
        | Kind::Subtree { .. } => {}
    }
}

/// Every configuration of `tree`, in pre-order.
fn configs(tree: &Tree) -> Vec<Config> {
    let mut out = Vec::new();
    for node in &tree.nodes {
        let mut c = Config {
            path: String::new(),
            wakes: Vec::new(),
            hooks: Vec::new(),
            polls: Vec::new(),
            id: node.id,
        };
        if !bottom(tree, node.id, &mut c) {
            continue;
        }
        let mut names = vec![node.name.as_str()];
        let (mut child, mut up) = (node.id, node.parent);
        while let Some(a) = up {
            ancestor_needs(tree, a, child, &mut c);
            names.push(&tree.nodes[a].name);
            (child, up) = (a, tree.nodes[a].parent);
        }
        names.reverse();
        c.path = names.join(" > ");
        out.push(c);
    }
    out
}

/// For each node of `tree`, whether it is the bottom of a configuration
/// that the runtime ticks every tick (Z2): one that never sleeps. Each is
/// marked in the shape
/// (`NodeInfo`'s `polls`), which the wake of its running node reads.
pub fn polling(tree: &Tree) -> Vec<bool> {
    let mut out = vec![false; tree.nodes.len()];
    for c in configs(tree) {
        out[c.id] = !c.polls.is_empty();
    }
    out
}

/// The most items a line lists (a wide `priority` would list every
/// earlier sibling's guard, and the report grow with the square of the
/// width); the rest are counted.
const MAX_ITEMS: usize = 6;

/// `items` joined with `sep`, at most [`MAX_ITEMS`] of them and then
/// `… and N more`.
fn capped(items: &[String], sep: &str) -> String {
    let mut text = items[..items.len().min(MAX_ITEMS)].join(sep);
    if items.len() > MAX_ITEMS {
        let _ = write!(text, "{sep}… and {} more", items.len() - MAX_ITEMS);
    }
    text
}

/// The text of `SLEEP`: one line per configuration,
/// `PATH: sleeps; wakes on …`, `PATH: sleeps when `X` waits; wakes on …`
/// or `PATH: never sleeps: …`; and the documentation's summary sentence.
pub fn report(tree: &Tree) -> (String, String) {
    let configs = configs(tree);
    let mut text = String::new();
    let never = configs.iter().filter(|c| !c.polls.is_empty()).count();
    for c in &configs {
        let _ = write!(text, "{}: ", c.path);
        if !c.polls.is_empty() {
            let _ = writeln!(text, "never sleeps: {}", capped(&c.polls, "; "));
            continue;
        }
        text.push_str("sleeps");
        let mut wakes = Vec::new();
        match c.hooks.len() {
            0 => {}
            1 => {
                let _ = write!(text, " when {} waits", c.hooks[0]);
                wakes.push("what it waits for");
            }
            _ => {
                let _ = write!(text, " when {} wait", c.hooks.join(", "));
                wakes.push("what they wait for");
            }
        }
        let wakes: Vec<String> = wakes
            .into_iter()
            .map(str::to_string)
            .chain(c.wakes.iter().cloned())
            .collect();
        let _ = writeln!(text, "; wakes on {}", capped(&wakes, ", "));
    }
    let mut summary = format!(
        "Configurations (a running node and its path): {}, of which {never} never sleep{}.",
        configs.len(),
        if never == 1 { "s" } else { "" }
    );
    if never > 0 {
        summary.push_str(
            " A guard that calls a function every tick keeps them awake: \
             throttle it with `every(d)`, or make what it reads a flag or a stimulus.",
        );
    }
    (text, summary)
}

#[cfg(test)]
mod tests {
    /// The report of the one tree written in `src`.
    fn report(src: &str) -> String {
        let tokens: proc_macro2::TokenStream = src.parse().expect("tokens");
        let mut diagnostics = Vec::new();
        let input = syn::parse::Parser::parse2(
            |s: syn::parse::ParseStream| crate::parse::input(s, &mut diagnostics),
            tokens,
        )
        .expect("a tree");
        super::report(&input.trees[0]).0
    }

    // SPEC Z1, D1, G1, G3
    #[test]
    fn z1_a_priority_checks_its_earlier_siblings_guards_again() {
        let text = report(
            "tree T for A { priority {
                flee: when(any(DANGER)) => wait(1.0),
                eat: when(decide = A::hungry) => wait(2.0),
                rest: when(every(3.0), decide = A::tired) => wait(4.0),
                idle: wait(5.0),
            } }",
        );
        assert_eq!(
            text,
            "root > flee: sleeps; wakes on the deadline of `wait(1s)`\n\
             root > eat: sleeps; wakes on the deadline of `wait(2s)`, decision flags\n\
             root > rest: never sleeps: the guard of `eat` calls `A::hungry` every tick\n\
             root > idle: never sleeps: the guard of `eat` calls `A::hungry` every tick\n"
        );
    }

    // SPEC Z1, G3, R12
    #[test]
    fn z1_a_recheck_guard_is_checked_while_its_child_runs() {
        let text = report(
            "tree T for A { sequence { recheck(every(2.0), decide = A::ok) { Walk }, wait(1.0) } }",
        );
        assert_eq!(
            text,
            "root > recheck > Walk: sleeps when `Walk` waits; wakes on what it waits for, \
             the deadline of `every(2s)` on `Walk`\n\
             root > Wait: sleeps; wakes on the deadline of `wait(1s)`\n"
        );
    }

    // SPEC Z1
    #[test]
    fn z1_a_line_lists_six_items_then_counts_the_rest() {
        let siblings: String = (0..8)
            .map(|i| format!("s{i}: when(decide = A::f{i}) => wait(1.0),"))
            .collect();
        let text = report(&format!(
            "tree T for A {{ priority {{ {siblings} last: wait(2.0) }} }}"
        ));
        let last = text.lines().last().unwrap();
        assert_eq!(last.matches("every tick").count(), 6, "{last}");
        assert!(last.ends_with("; … and 2 more"), "{last}");
    }
}
