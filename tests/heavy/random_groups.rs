//! `random`, `shuffle` and `scored` decider groups (SPEC D4, D5, D6) and
//! their deterministic per-agent randomness (SPEC D8), tick by tick with
//! the scripted fixture of `tests/common`.

#[path = "../common/mod.rs"]
mod common;
use common::*;
use deciders::Status::*;
use deciders::{Frame, TickError, Tree};
use rand_core::{SeedableRng, TryRng};
use std::convert::Infallible;

/// One tick; the log.
fn run<T: Tree<World>>(t: &mut T, w: &mut World) -> Vec<String> {
    t.tick(w, &mut Frame::new(0.1));
    w.take()
}

/// The children activated in a log, in order.
fn activated(log: &[String]) -> Vec<String> {
    log.iter()
        .filter_map(|l| l.strip_prefix("activate ").map(str::to_string))
        .collect()
}

/// A generator whose `next_u32` returns the values it was given, in turn:
/// the draws of a decision become part of the test's script. Named by the
/// trees below with `rng = Scripted` (the generator is swappable).
struct Scripted {
    draws: Vec<u32>,
    at: usize,
}

impl TryRng for Scripted {
    type Error = Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        let x = self.draws[self.at % self.draws.len()];
        self.at += 1;
        Ok(x)
    }
    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        self.try_next_u32().map(u64::from)
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        dst.fill(0);
        Ok(())
    }
}

impl SeedableRng for Scripted {
    type Seed = [u8; 8];
    /// The seed is ignored: the draws are fixed (`HALF`, then `LOW`).
    fn from_seed(_: [u8; 8]) -> Self {
        Scripted {
            draws: vec![HALF, LOW],
            at: 0,
        }
    }
}

/// `unit()` of 0.5 and of 0.1.
const HALF: u32 = 1 << 31;
const LOW: u32 = 429_496_730;

deciders::tree! {
    tree Pick3 for World {
        random {
            a: when(decide = d("a")) => Act("a"),
            b: when(decide = d("b")) => Act("b"),
            c: when(decide = d("c")) => Act("c"),
        }
    }
    tree Pick3Scripted for World, rng = Scripted {
        random {
            a: when(decide = d("a")) => Act("a"),
            b: when(decide = d("b")) => Act("b"),
            c: when(decide = d("c")) => Act("c"),
        }
    }
    tree Shuffle4 for World {
        shuffle { a: Act("a"), b: Act("b"), c: Act("c"), d: Act("d") }
    }
    tree ShuffleGuarded for World {
        shuffle {
            a: when(decide = d("a")) => Act("a"),
            b: when(decide = d("b")) => Act("b"),
            c: when(decide = d("c")) => Act("c"),
        }
    }
    tree Best for World {
        scored {
            a: when(decide = d("a")) => Act("a"),
            b: when(decide = d("b")) => Act("b"),
            c: when(decide = d("c")) => Act("c"),
        }
    }
    tree Rescored for World {
        scored(rescore = 1.0) {
            a: when(decide = d("a")) => Act("a"),
            b: when(decide = d("b")) => Act("b"),
        }
    }
    tree Plain for World {
        priority { a: when(decide = d("a")) => Act("a"), b: Act("b") }
    }
    tree TwoShuffles for World {
        sequence { one: subtree Shuffle4, two: subtree Shuffle4 }
    }
}

#[test]
fn d4_the_draw_protocol_is_exact_with_a_scripted_generator() {
    // Scores 1, 1, 2. `a` is taken without a draw (total 1); `b`: draw 0.5,
    // 0.5 * 2 = 1 < 1 is false, `a` stays; `c`: draw 0.1, 0.1 * 4 = 0.4 < 2,
    // `c` replaces it.
    let mut w = World::new();
    w.set("a", 1.0).set("b", 1.0).set("c", 2.0);
    let mut t = Pick3Scripted::new();
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "decide a",
            "decide b",
            "decide c",
            "activate c",
            "tick c -> Running",
        ],
    );
    // Only the accepting children draw: with `a` rejecting, `b` is taken
    // without a draw and `c` draws 0.5: 0.5 * 3 = 1.5 < 2, `c` wins.
    t.halt(&mut w, &mut Frame::new(0.0));
    w.take();
    w.set("a", 0.0);
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "decide a",
            "decide b",
            "decide c",
            "activate c",
            "tick c -> Running",
        ],
    );
}

#[test]
fn d4_random_chooses_only_among_accepting_children_and_is_not_interruptible() {
    let mut w = World::new();
    w.set("b", 1.0);
    let mut t = Pick3::with_seed(11);
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "decide a",
            "decide b",
            "decide c",
            "activate b",
            "tick b -> Running",
        ],
    );
    // Not interruptible: the others are not decided while `b` runs (G3).
    w.set("a", 5.0).set("c", 5.0);
    step(&mut t, &mut w, Running, &["tick b -> Running"]);
    // `b` exits: masked redecide among the others (D2).
    w.result("b", Success);
    let log = run(&mut t, &mut w);
    assert_eq!(
        log[..4],
        ["tick b -> Success", "deactivate b", "decide a", "decide c"]
    );
    assert!(
        matches!(activated(&log)[..], [ref x] if x == "a" || x == "c"),
        "{log:?}"
    );
}

#[test]
fn d8_the_same_seed_replays_the_same_decisions_and_seeds_differ() {
    fn history(seed: u64) -> Vec<String> {
        let mut w = World::new();
        w.set("a", 1.0).set("b", 2.0).set("c", 3.0);
        w.result("a", Success)
            .result("b", Success)
            .result("c", Success);
        let mut t = Pick3::with_seed(seed);
        let mut out = Vec::new();
        for _ in 0..40 {
            out.extend(run(&mut t, &mut w));
        }
        out
    }
    assert_eq!(history(1), history(1));
    assert_ne!(history(1), history(2));
    // `new()` is seed 0.
    let mut w = World::new();
    w.set("a", 1.0).set("b", 2.0).set("c", 3.0);
    let (mut x, mut y) = (Pick3::new(), Pick3::with_seed(0));
    for _ in 0..20 {
        let lx = run(&mut x, &mut w);
        t_halt(&mut x, &mut w);
        let ly = run(&mut y, &mut w);
        t_halt(&mut y, &mut w);
        assert_eq!(lx, ly);
    }
}

fn t_halt<T: Tree<World>>(t: &mut T, w: &mut World) {
    t.halt(w, &mut Frame::new(0.0));
    w.take();
}

/// `n` fresh decisions: each a tick then a halt; the children each one
/// activated.
fn fresh_picks<T: Tree<World>>(t: &mut T, w: &mut World, n: usize) -> Vec<Vec<String>> {
    (0..n)
        .map(|_| {
            let a = activated(&run(t, w));
            t_halt(t, w);
            a
        })
        .collect()
}

#[test]
fn d8_reset_returns_to_the_seeded_state() {
    let mut w = World::new();
    w.set("a", 1.0).set("b", 1.0).set("c", 1.0);
    let mut t = Pick3::with_seed(42);
    let first = fresh_picks(&mut t, &mut w, 30);
    t.reset(&mut w, &mut Frame::new(0.0));
    assert_eq!(t.seed(), 42);
    assert_eq!(fresh_picks(&mut t, &mut w, 30), first);
    // `set_seed` changes the stream.
    t.set_seed(43);
    assert_ne!(fresh_picks(&mut t, &mut w, 30), first);
}

#[test]
fn d8_generic_code_seeds_through_the_tree_trait() {
    // SPEC D8: `Tree::with_seed` and `Tree::set_seed` are the inherent
    // ones: generic code (a batch set-up) seeds states the same way.
    fn seeded<T: Tree<World>>(seed: u64) -> T {
        T::with_seed(seed)
    }
    fn reseed<T: Tree<World>>(t: &mut T, seed: u64) {
        t.set_seed(seed);
    }
    let mut w = World::new();
    w.set("a", 1.0).set("b", 1.0).set("c", 1.0);
    let mut by_trait: Pick3 = seeded(42);
    let mut inherent = Pick3::with_seed(42);
    assert_eq!(by_trait.seed(), 42);
    let first = fresh_picks(&mut by_trait, &mut w, 30);
    assert_eq!(fresh_picks(&mut inherent, &mut w, 30), first);
    // Seed 0 through the trait is `new()`.
    let (mut x, mut y): (Pick3, Pick3) = (seeded(0), Pick3::new());
    assert_eq!(
        fresh_picks(&mut x, &mut w, 30),
        fresh_picks(&mut y, &mut w, 30)
    );
    // `set_seed` through the trait.
    reseed(&mut by_trait, 7);
    inherent.set_seed(7);
    assert_eq!(by_trait.seed(), 7);
    assert_eq!(
        fresh_picks(&mut by_trait, &mut w, 30),
        fresh_picks(&mut inherent, &mut w, 30)
    );
    let mut other = Pick3::with_seed(42);
    assert_ne!(
        fresh_picks(&mut by_trait, &mut w, 30),
        fresh_picks(&mut other, &mut w, 30)
    );
}

#[test]
fn d4_choice_frequencies_follow_the_scores() {
    // Scores 1, 2, 5: expected shares 1/8, 2/8, 5/8 over 10,000 fresh
    // decisions (a halt between ticks). Chi-square with 2 degrees of
    // freedom; 13.82 is the 0.1% critical value. The seed is fixed, so the
    // test is deterministic.
    let mut w = World::new();
    w.set("a", 1.0).set("b", 2.0).set("c", 5.0);
    let mut t = Pick3::with_seed(2024);
    let mut counts = [0u32; 3];
    const N: u32 = 10_000;
    for who in fresh_picks(&mut t, &mut w, N as usize) {
        counts[match who[0].as_str() {
            "a" => 0,
            "b" => 1,
            _ => 2,
        }] += 1;
    }
    let expected = [1.0 / 8.0, 2.0 / 8.0, 5.0 / 8.0].map(|p| p * f64::from(N));
    let chi2: f64 = counts
        .iter()
        .zip(expected)
        .map(|(&o, e)| (f64::from(o) - e).powi(2) / e)
        .sum();
    assert!(chi2 < 13.82, "chi2 = {chi2}, counts {counts:?}");
    // And it is not just uniform: `c` is chosen far more than `a`.
    assert!(counts[2] > 4 * counts[0], "{counts:?}");
}

#[test]
fn d9_a_random_group_with_no_accepting_child_is_reported() {
    let mut w = World::new();
    let mut t = Pick3::new();
    let mut c = Frame::new(0.1);
    assert_eq!(t.tick(&mut w, &mut c), Failure);
    assert!(matches!(
        c.report().first().copied(),
        Some(TickError::SubsetRule { node }) if node.name == "root"
    ));
}

#[test]
fn d5_a_shuffle_round_visits_every_child_once_before_repeating() {
    let mut w = World::new();
    let mut t = Shuffle4::with_seed(5);
    // Halted between picks: the round persists across deactivation.
    let picks: Vec<String> = fresh_picks(&mut t, &mut w, 12).concat();
    for round in picks.chunks(4) {
        let mut r = round.to_vec();
        r.sort();
        assert_eq!(r, ["a", "b", "c", "d"], "{picks:?}");
    }
    // Rounds are shuffled anew: over 3 rounds not all orders are equal
    // (fixed seed, so this is deterministic).
    assert!(
        picks[..4] != picks[4..8] || picks[4..8] != picks[8..12],
        "{picks:?}"
    );
}

#[test]
fn d5_reset_clears_the_round() {
    let mut w = World::new();
    let mut t = Shuffle4::with_seed(9);
    let first = fresh_picks(&mut t, &mut w, 2);
    t.reset(&mut w, &mut Frame::new(0.0));
    assert_eq!(fresh_picks(&mut t, &mut w, 2), first);
}

#[test]
fn d5_d2_a_redecide_looks_only_at_unused_children_then_starts_a_new_round() {
    // Each child succeeds at once: the masked redecide (D2) takes another
    // unused child in the same tick, until all three were used; then no
    // unused child is left and none unmasked either: the group exits.
    let mut w = World::new();
    w.set("a", 1.0).set("b", 1.0).set("c", 1.0);
    w.result("a", Success)
        .result("b", Success)
        .result("c", Success);
    let mut t = ShuffleGuarded::with_seed(3);
    let log = run(&mut t, &mut w);
    let mut used = activated(&log);
    assert_eq!(used.len(), 3, "{log:?}");
    used.sort();
    assert_eq!(used, ["a", "b", "c"]);
    // Each decision decides each child at most once: the first decides
    // all three, the redecides only the unused, unmasked ones.
    let decides = log.iter().filter(|l| l.starts_with("decide")).count();
    assert_eq!(decides, 3 + 2 + 1, "{log:?}");
    // Next tick: the round is complete, so a new one starts.
    let log = run(&mut t, &mut w);
    assert_eq!(activated(&log).len(), 3, "{log:?}");
}

#[test]
fn d5_a_rejecting_unused_child_starts_a_new_round_among_the_used_ones() {
    let mut w = World::new();
    w.set("a", 1.0).set("b", 1.0).set("c", 1.0);
    let mut t = ShuffleGuarded::with_seed(1);
    let first = activated(&run(&mut t, &mut w));
    t_halt(&mut t, &mut w);
    // Only the child just used accepts now: the unused ones are decided
    // first and reject, so a new round starts among the used one.
    for n in ["a", "b", "c"] {
        w.set(n, if n == first[0] { 1.0 } else { 0.0 });
    }
    let log = run(&mut t, &mut w);
    assert_eq!(activated(&log), first, "{log:?}");
    let decides: Vec<_> = log.iter().filter(|l| l.starts_with("decide")).collect();
    assert_eq!(decides.len(), 3, "each child decided once: {log:?}");
}

#[test]
fn d6_scored_picks_the_highest_score_earliest_on_ties() {
    let mut w = World::new();
    w.set("a", 1.0).set("b", 3.0).set("c", 3.0);
    let mut t = Best::new();
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "decide a",
            "decide b",
            "decide c",
            "activate b",
            "tick b -> Running",
        ],
    );
    // No interval: not interruptible, even by a higher score.
    w.set("c", 9.0);
    step(&mut t, &mut w, Running, &["tick b -> Running"]);
    // `b` exits: the masked redecide scores the others; `c` wins.
    w.result("b", Failure);
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "tick b -> Failure",
            "deactivate b",
            "decide a",
            "decide c",
            "activate c",
            "tick c -> Running",
        ],
    );
}

#[test]
fn d6_rescoring_takes_over_only_on_a_strictly_higher_score_at_the_interval() {
    let mut w = World::new();
    w.set("a", 2.0).set("b", 1.0);
    let mut t = Rescored::new();
    let dt = |t: &mut Rescored, w: &mut World, dt: f32| {
        let s = t.tick(w, &mut Frame::new(dt));
        (s, w.take())
    };
    assert_eq!(
        dt(&mut t, &mut w, 0.5),
        (
            Running,
            log(&["decide a", "decide b", "activate a", "tick a -> Running"])
        )
    );
    // Before the interval: no rescoring, whatever the scores.
    w.set("b", 5.0);
    assert_eq!(
        dt(&mut t, &mut w, 0.5),
        (Running, log(&["tick a -> Running"]))
    );
    // At the interval: both scored, the active one included; a tie keeps
    // the active child.
    w.set("b", 2.0);
    assert_eq!(
        dt(&mut t, &mut w, 0.5),
        (Running, log(&["decide a", "decide b", "tick a -> Running"]))
    );
    // The active child rejecting does not stop it by itself.
    w.set("a", 0.0).set("b", 0.0);
    assert_eq!(
        dt(&mut t, &mut w, 0.5),
        (Running, log(&["tick a -> Running"]))
    );
    assert_eq!(
        dt(&mut t, &mut w, 0.5),
        (Running, log(&["decide a", "decide b", "tick a -> Running"]))
    );
    // A strictly higher score takes over: the active child is halted, the
    // other entered and ticked, in the same tick.
    w.set("a", 1.0).set("b", 1.5);
    assert_eq!(
        dt(&mut t, &mut w, 0.5),
        (Running, log(&["tick a -> Running"]))
    );
    assert_eq!(
        dt(&mut t, &mut w, 0.5),
        (
            Running,
            log(&[
                "decide a",
                "decide b",
                "deactivate a",
                "activate b",
                "tick b -> Running"
            ])
        )
    );
}

#[test]
fn f3_a_tree_without_random_groups_carries_no_seed() {
    // The seed is not stored, so it cannot come back.
    assert_eq!(Plain::with_seed(5).seed(), 0);
    assert_eq!(Pick3::with_seed(5).seed(), 5);
    // Best (`scored`) draws nothing either.
    assert_eq!(Best::with_seed(5).seed(), 0);
}

#[test]
fn d8_each_subtree_reference_has_its_own_generator_and_round() {
    // Two references to the same shuffle subtree, seeded from one seed:
    // each keeps its own round, and their streams differ.
    let mut w = World::new();
    w.result("a", Success).result("b", Success);
    w.result("c", Success).result("d", Success);
    let mut t = TwoShuffles::with_seed(8);
    let mut one = Vec::new();
    let mut two = Vec::new();
    for _ in 0..4 {
        let log = run(&mut t, &mut w);
        let acts = activated(&log);
        // Each subtree runs its shuffle: 4 children, each succeeding: the
        // group redecides through all four in one tick.
        assert_eq!(acts.len(), 8, "{log:?}");
        one.extend(acts[..4].to_vec());
        two.extend(acts[4..].to_vec());
    }
    assert_ne!(one, two);
}

fn tiny(w: &World) -> f32 {
    w.push("decide tiny".to_string());
    1e-20
}

deciders::tree! {
    tree TinyFirst for World, rng = Scripted {
        random {
            a: when(decide = tiny) => Act("a"),
            b: when(decide = d("b")) => Act("b"),
            c: when(decide = d("c")) => Act("c"),
        }
    }
}

#[test]
fn d4_every_later_accepting_child_draws_even_after_negligible_scores() {
    // `a` (1e-20) is taken without a draw; `b` (1) must draw, although
    // 1e-20 + 1 == 1 in f64: HALF, 0.5 * 1 < 1, `b` replaces `a`; `c` (1)
    // draws LOW: 0.1 * 2 < 1, `c` replaces `b`. Taking `b` without a draw
    // would shift the stream: `c` would draw HALF, 0.5 * 2 = 1, not < 1,
    // and `b` would run.
    let mut w = World::new();
    w.set("b", 1.0).set("c", 1.0);
    let mut t = TinyFirst::new();
    step(
        &mut t,
        &mut w,
        Running,
        &[
            "decide tiny",
            "decide b",
            "decide c",
            "activate c",
            "tick c -> Running",
        ],
    );
}
