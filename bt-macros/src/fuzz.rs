//! The macro never panics (SPEC §9, "no panics on bad input"): the whole
//! pipeline runs on valid trees and on many mutations of them (a token
//! deleted, duplicated, replaced or the input cut short), and must either
//! expand or report a `compile_error!`, never panic. Whatever it emits must
//! parse as a Rust file.
//!
//! The seeds are the grammar seeds below, deep trees (at, just past and far
//! past [`MAX_DEPTH`]) and wide composites of every kind. [`fuzz`] takes any
//! seed list, for seeds from other sources (a generator of random valid
//! trees).

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestError, TestRunner};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::LazyLock;

use crate::parse::MAX_DEPTH;

/// Trees covering every construct of the grammar.
const GRAMMAR_SEEDS: &[&str] = &[
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

/// The node kinds a deep seed nests, in turn: every composite, decorator and
/// parallel kind, with guards and a group behavior.
const DEEP_KINDS: &[&str] = &[
    "sequence {",
    "invert {",
    "parallel(all) {",
    "selector { when(decide = Critter::guard) =>",
    "repeat(3) {",
    "priority with Eat { go: when(every(1.0), recheck, decide = Critter::guard) =>",
    "concurrent {",
    "fallback {",
    "timeout(2.0) {",
    "reactive_sequence {",
    "sequential {",
    "cooldown(1.0) {",
    "always(Running) {",
    "parallel(success >= 1) {",
    "force(Success) {",
    "retry(2) {",
    "delay(0.5) {",
    "cooldown_on_failure(1.0) {",
    "recheck(decide = Critter::guard) {",
    "retry(forever) {",
    "decorate(Gate::new(2)) {",
    "run_once {",
    "random { when(decide = Critter::guard) =>",
    "shuffle {",
    "scored(rescore = 1.0) {",
    "parallel(all_complete, failure >= 1) {",
    "if_then_else { condition(Critter::hungry), Eat,",
    "while_do_else { condition(Critter::hungry),",
    "switch(Critter::mode) { Mode::A => Eat, _ =>",
    "limit(|w: &World| &w.door, 2) {",
];

/// A chain of `depth` nested nodes (all kinds in turn) over `leaf`: the
/// leaf is at depth `depth`.
fn chain(depth: usize, leaf: &str) -> String {
    let mut out = String::new();
    for i in 0..depth {
        out += DEEP_KINDS[i % DEEP_KINDS.len()];
        out.push(' ');
    }
    out += leaf;
    out += &" }".repeat(depth);
    out
}

/// Trees at the depth limit (valid), one level past it within a tree and
/// through a `subtree`, and 1,000 levels deep.
fn deep_seeds() -> Vec<String> {
    let half = MAX_DEPTH / 2;
    vec![
        format!(
            "tree Deep for Critter {{ {} }}",
            chain(MAX_DEPTH, "Step(1)")
        ),
        format!(
            "tree Top for Critter {{ {} }} tree Bottom for Critter {{ {} }}",
            chain(half, "subtree Bottom"),
            chain(MAX_DEPTH - half - 1, "Eat")
        ),
        format!(
            "tree Deeper for Critter {{ {} }}",
            chain(MAX_DEPTH + 1, "Step(1)")
        ),
        format!(
            "tree Top for Critter {{ {} }} tree Bottom for Critter {{ {} }}",
            chain(half + 1, "subtree Bottom"),
            chain(MAX_DEPTH - half - 1, "Eat")
        ),
        format!("tree Thousand for Critter {{ {} }}", chain(1000, "Eat")),
    ]
}

/// The composite kinds, as written, and how many children a valid one may
/// have (decider groups: 64).
const WIDE_KINDS: &[(&str, usize)] = &[
    ("priority", 64),
    ("sequential", 64),
    ("sequence", 200),
    ("reactive_sequence", 200),
    ("fallback", 200),
    ("selector", 200),
    ("parallel(success >= 150, failure >= 2)", 200),
    ("concurrent", 200),
];

/// One composite of each kind with hundreds of children (decider groups:
/// their maximum, 64, and one with 100, an error), every third child
/// guarded.
fn wide_seeds() -> Vec<String> {
    let wide = |kind: &str, n: usize| {
        let children: Vec<String> = (0..n)
            .map(|i| match i % 3 {
                0 => format!("c{i}: when(decide = Critter::guard) => Step::every({i})"),
                1 => format!("Step({i})"),
                _ => "Eat".to_string(),
            })
            .collect();
        format!(
            "tree Wide for Critter {{ {kind} {{ {} }} }}",
            children.join(", ")
        )
    };
    let mut seeds: Vec<String> = WIDE_KINDS.iter().map(|&(k, n)| wide(k, n)).collect();
    seeds.push(wide("priority", 100));
    seeds
}

/// The stack the compiler runs a proc macro on (rustc's main thread).
const RUSTC_STACK: usize = 8 << 20;

/// Runs the pipeline on `text`, on a thread with the compiler's stack, and
/// returns its output as text; a panic, or an output that is not a Rust
/// file, is a test failure naming the input.
fn run(text: &str) -> Result<String, TestCaseError> {
    let owned = text.to_string();
    let result = std::thread::Builder::new()
        .stack_size(RUSTC_STACK)
        .spawn(move || {
            let input: TokenStream = match owned.parse() {
                Ok(input) => input,
                Err(e) => return Err(format!("does not lex: {e}")),
            };
            let out = catch_unwind(AssertUnwindSafe(|| super::pipeline(input)))
                .map_err(|_| "the macro panicked".to_string())?;
            match syn::parse2::<syn::File>(out.clone()) {
                // Sent as text: a `proc_macro2` token stream stays on its thread.
                Ok(_) => Ok(out.to_string()),
                Err(e) => Err(format!("the output is not a Rust file ({e})")),
            }
        })
        .expect("a thread")
        .join()
        .unwrap_or_else(|_| Err("the macro panicked".to_string()));
    match result {
        Ok(out) => Ok(out),
        Err(e) if e.starts_with("does not lex") => Err(TestCaseError::reject(e)),
        Err(e) => Err(TestCaseError::fail(format!("{e} on: {text}"))),
    }
}

/// A seed as a flat list of lexemes: groups become their delimiters around
/// their contents, so mutations can also break the nesting; joint
/// punctuation stays one lexeme (`::`, `=>`, `>=`), so that the seeds joined
/// back with spaces still parse. Iterative, for the deep seeds.
fn lexemes(seed: &str) -> Vec<String> {
    let tokens: TokenStream = seed.parse().expect("the seeds lex");
    let mut out: Vec<String> = Vec::new();
    let mut joint = false;
    let mut stack = vec![(tokens.into_iter(), "")];
    while let Some((tokens, close)) = stack.last_mut() {
        let next = tokens.next();
        let was_joint = std::mem::replace(&mut joint, false);
        match next {
            Some(TokenTree::Group(g)) => {
                let (open, close) = match g.delimiter() {
                    Delimiter::Parenthesis => ("(", ")"),
                    Delimiter::Brace => ("{", "}"),
                    Delimiter::Bracket => ("[", "]"),
                    Delimiter::None => ("", ""),
                };
                if !open.is_empty() {
                    out.push(open.to_string());
                }
                stack.push((g.stream().into_iter(), close));
            }
            Some(TokenTree::Punct(p)) => {
                match out.last_mut() {
                    Some(last) if was_joint => last.push(p.as_char()),
                    _ => out.push(p.as_char().to_string()),
                }
                joint = p.spacing() == Spacing::Joint;
            }
            Some(other) => out.push(other.to_string()),
            None => {
                let close = *close;
                stack.pop();
                if !close.is_empty() {
                    out.push(close.to_string());
                }
            }
        }
    }
    out
}

/// Lexemes a mutation may insert, but for the decorator keywords, which
/// [`POOL`] adds from the macro's own list: the grammar's other keywords and
/// punctuation, and some that belong nowhere.
const LEXEMES: &[&str] = &[
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
    "redecide",
    "delegate",
    "any",
    "all",
    "none",
    "not_all",
    "with",
    "subtree",
    "tree",
    "for",
    "root",
    "forever",
    "random",
    "shuffle",
    "scored",
    "rescore",
    "all_complete",
    "if_then_else",
    "while_do_else",
    "switch",
    "_",
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

/// Every lexeme a mutation may insert: [`LEXEMES`] and every decorator
/// keyword.
static POOL: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    LEXEMES
        .iter()
        .copied()
        .chain(crate::parse::decorator_keywords())
        .collect()
});

#[derive(Debug, Clone)]
pub enum Mutation {
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

/// `lexemes` with their delimiters balanced: a closing one that closes
/// nothing open is dropped, and the ones still open at the end are closed.
/// The compiler hands a macro balanced token trees only, so without this
/// most cut or mutated inputs would not reach the pipeline at all.
fn balance(lexemes: Vec<String>) -> Vec<String> {
    let mut open: Vec<&str> = Vec::new();
    let mut out = Vec::with_capacity(lexemes.len());
    for lexeme in lexemes {
        let closer = match lexeme.as_str() {
            "(" => Some(")"),
            "[" => Some("]"),
            "{" => Some("}"),
            _ => None,
        };
        if let Some(closer) = closer {
            open.push(closer);
        } else if matches!(lexeme.as_str(), ")" | "]" | "}") {
            if open.last() != Some(&lexeme.as_str()) {
                continue;
            }
            open.pop();
        }
        out.push(lexeme);
    }
    out.extend(open.into_iter().rev().map(str::to_string));
    out
}

/// Runs the pipeline `cases` times (or `PROPTEST_CASES` times, for a
/// longer hunt), each on one of `seeds` with one to three mutations, its
/// delimiters then balanced: it must never panic, and its output must parse
/// as a Rust file. Seeds are source text of one `tree!` invocation's input
/// (any number of trees); they must lex.
pub fn fuzz(seeds: &[String], cases: u32) -> Result<(), TestError<(usize, Vec<Mutation>)>> {
    let lexed: Vec<Vec<String>> = seeds.iter().map(|s| lexemes(s)).collect();
    let cases = match std::env::var("PROPTEST_CASES") {
        Ok(n) => n.parse().unwrap_or(cases),
        Err(_) => cases,
    };
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    let strategy = (0..seeds.len(), proptest::collection::vec(mutation(), 1..4));
    runner.run(&strategy, |(seed, muts)| {
        let text = balance(apply(lexed[seed].clone(), &muts)).join(" ");
        match run(&text) {
            Err(TestCaseError::Reject(_)) => Ok(()),
            other => other.map(drop),
        }
    })
}

fn all(seeds: &[&str]) -> Vec<String> {
    seeds.iter().map(|s| s.to_string()).collect()
}

#[test]
fn the_seeds_expand_without_errors() {
    let valid_deep = &deep_seeds()[..2];
    let valid_wide: Vec<String> = wide_seeds().into_iter().take(WIDE_KINDS.len()).collect();
    for seed in all(GRAMMAR_SEEDS)
        .iter()
        .chain(valid_deep)
        .chain(&valid_wide)
    {
        let out = run(seed).unwrap();
        let head = &out[..out.len().min(400)];
        assert!(!out.contains("compile_error"), "{head}");
        assert!(out.contains("fn tick"), "{head}");
    }
}

#[test]
fn past_the_limits_gives_compile_errors() {
    let deep = deep_seeds();
    let wide = wide_seeds();
    for (seed, expected) in [
        (&deep[2], "this node is nested 49 levels below the root"),
        (&deep[3], "`subtree Bottom` nests too deeply"),
        (&deep[4], "this node is nested 49 levels below the root"),
        (&wide[WIDE_KINDS.len()], "children, more than 64"),
    ] {
        let out = run(seed).unwrap();
        assert!(out.contains(expected), "{}", &out[..out.len().min(400)]);
    }
}

#[test]
fn a_hundred_thousand_levels_give_the_depth_error_not_a_stack_overflow() {
    // Built and read without recursion (the lexer, the depth cut before
    // `syn`, the parse stopping at the limit, dropping): the test thread's
    // own stack (2 MB, a quarter of the compiler's) is enough.
    let text = format!("tree Deep for Critter {{ {} }}", chain(100_000, "Eat"));
    let out = super::pipeline(text.parse().unwrap());
    assert!(syn::parse2::<syn::File>(out.clone()).is_ok());
    let out = out.to_string();
    assert_eq!(out.matches("compile_error").count(), 1, "{out}");
    assert!(out.contains("this node is nested 49 levels below the root"));
}

#[test]
fn a_broken_tree_gives_compile_errors_not_a_panic() {
    // The check of this test: it can fail. A known bad input must give a
    // compile error (so the property below is not vacuous).
    let out = run("tree T for A { priority { x: Step, x: Step } }").unwrap();
    assert!(out.contains("compile_error"), "{out}");
}

/// Random valid trees from the differential test's generator (a tree and
/// its subtree each, every node kind and guard item), as `tree!` input.
fn random_seeds(count: u64) -> Vec<String> {
    (1..=count)
        .map(|seed| deciders_reference::gen::forest(seed).source())
        .collect()
}

#[test]
fn random_valid_trees_expand_without_errors() {
    for seed in random_seeds(40) {
        let out = run(&seed).unwrap();
        assert!(!out.contains("compile_error"), "{seed}\n{out}");
        assert!(out.contains("fn tick"), "{seed}");
    }
}

#[test]
fn mutated_random_trees_never_panic() {
    if let Err(e) = fuzz(&random_seeds(40), 256) {
        panic!("{e}");
    }
}

#[test]
fn mutated_trees_never_panic() {
    // 768 cases in CI (about 5 s in a debug build: a third of the cases
    // expand a tree, whose output is then parsed); `PROPTEST_CASES=200000`
    // for a longer hunt.
    let mut seeds = all(GRAMMAR_SEEDS);
    seeds.extend(deep_seeds());
    if let Err(e) = fuzz(&seeds, 768) {
        panic!("{e}");
    }
}

#[test]
fn mutated_wide_trees_never_panic() {
    // Each case reads hundreds of nodes (and some expand them): fewer cases
    // (about 1 s).
    if let Err(e) = fuzz(&wide_seeds(), 48) {
        panic!("{e}");
    }
}

#[test]
fn brackets_nested_deeper_than_the_token_limit_are_an_error() {
    // In a behavior's constructor, not in the tree's nodes: the nesting
    // limit, not the depth one.
    let n = crate::parse::MAX_TOKEN_NESTING + 10;
    let text = format!(
        "tree T for Critter {{ sequence {{ Step::new({}1{}), Eat }} }}",
        "(".repeat(n),
        ")".repeat(n)
    );
    let out = run(&text).unwrap();
    assert!(
        out.contains("brackets nested more than 128 levels deep"),
        "{}",
        &out[..out.len().min(400)]
    );
}
