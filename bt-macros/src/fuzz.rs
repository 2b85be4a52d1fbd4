//! The macro never panics (SPEC §9, "no panics on bad input"): the whole
//! pipeline runs on valid trees and on many mutations of them (a token
//! deleted, duplicated, replaced or the input cut short), and must either
//! expand or report a `compile_error!`, never panic.

use proc_macro2::{Delimiter, TokenStream, TokenTree};
use proptest::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Trees covering every construct of the grammar.
const SEEDS: &[&str] = &[
    r#"
    /// Figure 1 with every node kind.
    pub tree Creature for Critter {
        priority {
            flee: when(decide = Critter::danger) => Step::every(3),
            guard: when(every(2.0), decide = Critter::guard) => priority with Step::every(50) {
                yell_for_help: when(any(NIGHT), decide = Critter::guard) => Step::every(2),
                fight: when(decide = Critter::fight) => timeout(1.0) { Step::every(40) },
                patrol: when(recheck, decide = Critter::guard) => subtree Patrol,
                rest: Step { n: 3 },
            },
            fight: when(decide = Critter::fight) => parallel(success >= 2, failure >= 1) {
                Step::every(5),
                retry(3) { Step(2) },
                invert { condition(Critter::satisfied) },
            },
            eat: when(redecide, dblock = Critter::spot) => priority with Eat {
                find_food: when(decide = Critter::food_near) => reactive_sequence {
                    condition(Critter::hungry),
                    Step::every(2),
                    Eat,
                },
                eat_food: cooldown(0.5) { Eat },
            },
            idle: priority {
                play: when(all(NIGHT | DAY), not_all(DAY)) => sequential {
                    flip: Step::every(1),
                    roll: repeat(2) { Step::every(2) },
                    dance: concurrent { Step::every(3), always(Success) { fail } },
                },
                rest: selector {
                    nap: when(none(NIGHT), decide = Critter::sleepy) => delay(0.2) { Step::every(7) },
                    fallback { cooldown_on_failure(1.0) { fail }, force(Success) { wait(0.3) } },
                    sequence { succeed, repeat(forever) { Step::every(4) } },
                    parallel(all) { succeed, Eat },
                    parallel(any) { succeed, Eat },
                },
            },
        }
    }
    tree Patrol for Critter {
        sequence { succeed, Step::every(2), repeat(forever) { Step::every(4) } }
    }
    "#,
    r#"
    pub tree Bot for Bot {
        selector {
            attack: when(recheck, decide = |b: &Bot| b.sees_enemy) => concurrent {
                sequence { condition(|b: &Bot| b.in_range), Shoot },
                invert { condition(Bot::reloading) },
            },
            fallback { sequence { Move, wait(1.5) }, Idle },
        }
    }
    "#,
];

/// Runs the pipeline, turning a panic into a test failure with the input.
fn must_not_panic(input: TokenStream) -> Result<TokenStream, TestCaseError> {
    let text = input.to_string();
    catch_unwind(AssertUnwindSafe(|| super::pipeline(input)))
        .map_err(|_| TestCaseError::fail(format!("the macro panicked on: {text}")))
}

/// A token tree as a flat list of lexemes: groups become their delimiters
/// around their contents, so mutations can also break the nesting.
fn flatten(ts: TokenStream, out: &mut Vec<String>) {
    for tt in ts {
        match tt {
            TokenTree::Group(g) => {
                let (open, close) = match g.delimiter() {
                    Delimiter::Parenthesis => ("(", ")"),
                    Delimiter::Brace => ("{", "}"),
                    Delimiter::Bracket => ("[", "]"),
                    Delimiter::None => ("", ""),
                };
                out.push(open.to_string());
                flatten(g.stream(), out);
                out.push(close.to_string());
            }
            TokenTree::Punct(p) => out.push(p.as_char().to_string()),
            other => out.push(other.to_string()),
        }
    }
}

fn lexemes(seed: &str) -> Vec<String> {
    let mut out = Vec::new();
    flatten(seed.parse().expect("the seeds lex"), &mut out);
    out
}

/// Lexemes a mutation may insert: the grammar's keywords and punctuation,
/// and some that belong nowhere.
const POOL: &[&str] = &[
    "priority",
    "sequence",
    "selector",
    "fallback",
    "sequential",
    "parallel",
    "concurrent",
    "reactive_sequence",
    "when",
    "decide",
    "dblock",
    "every",
    "recheck",
    "redecide",
    "any",
    "all",
    "none",
    "not_all",
    "with",
    "subtree",
    "tree",
    "for",
    "root",
    "invert",
    "force",
    "repeat",
    "retry",
    "timeout",
    "delay",
    "cooldown",
    "forever",
    "succeed",
    "fail",
    "wait",
    "condition",
    "success",
    "failure",
    "=>",
    "=",
    ",",
    ":",
    "::",
    ">=",
    "|",
    "(",
    ")",
    "{",
    "}",
    "0",
    "1",
    "-1",
    "2.5",
    "1e40",
    "\"s\"",
    "'a'",
    "Step",
    "Patrol",
    "Creature",
    "#",
    "!",
    "&",
    "move",
    "1000000000000000000000",
];

#[derive(Debug, Clone)]
enum Mutation {
    Delete(usize),
    Duplicate(usize),
    Replace(usize, usize),
    Insert(usize, usize),
    Truncate(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        any::<usize>().prop_map(Mutation::Delete),
        any::<usize>().prop_map(Mutation::Duplicate),
        (any::<usize>(), 0..POOL.len()).prop_map(|(i, p)| Mutation::Replace(i, p)),
        (any::<usize>(), 0..POOL.len()).prop_map(|(i, p)| Mutation::Insert(i, p)),
        any::<usize>().prop_map(Mutation::Truncate),
    ]
}

fn apply(mut lx: Vec<String>, muts: &[Mutation]) -> Vec<String> {
    for m in muts {
        if lx.is_empty() {
            break;
        }
        let n = lx.len();
        match *m {
            Mutation::Delete(i) => {
                lx.remove(i % n);
            }
            Mutation::Duplicate(i) => {
                let t = lx[i % n].clone();
                lx.insert(i % n, t);
            }
            Mutation::Replace(i, p) => lx[i % n] = POOL[p].to_string(),
            Mutation::Insert(i, p) => lx.insert(i % (n + 1), POOL[p].to_string()),
            Mutation::Truncate(i) => lx.truncate(i % n),
        }
    }
    lx
}

#[test]
fn the_seeds_expand_without_errors() {
    for seed in SEEDS {
        let out = must_not_panic(seed.parse().unwrap()).unwrap().to_string();
        let head = &out[..out.len().min(400)];
        assert!(!out.contains("compile_error"), "{head}");
        assert!(out.contains("fn tick"), "{head}");
    }
}

#[test]
fn a_broken_tree_gives_compile_errors_not_a_panic() {
    // The check of this test: it can fail. A known bad input must give a
    // compile error (so the property below is not vacuous).
    let out = must_not_panic(
        "tree T for A { priority { x: Step, x: Step } }"
            .parse()
            .unwrap(),
    )
    .unwrap()
    .to_string();
    assert!(out.contains("compile_error"), "{out}");
}

proptest! {
    // 768 cases in CI (well under a second); `PROPTEST_CASES=200000` for a
    // longer hunt.
    #![proptest_config(ProptestConfig {
        cases: if std::env::var_os("PROPTEST_CASES").is_some() {
            ProptestConfig::default().cases
        } else {
            768
        },
        ..ProptestConfig::default()
    })]

    #[test]
    fn mutated_trees_never_panic(
        seed in 0..SEEDS.len(),
        muts in proptest::collection::vec(mutation(), 1..4),
    ) {
        let text = apply(lexemes(SEEDS[seed]), &muts).join(" ");
        // Inputs that do not lex (unbalanced delimiters, a stray quote) never
        // reach a macro: the compiler rejects them first.
        if let Ok(ts) = text.parse::<TokenStream>() {
            must_not_panic(ts)?;
        }
    }
}
