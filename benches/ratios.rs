//! The ratio bench: the creature tree as (0) world
//! step only, (a) generated, (b) hand-written, (c) bonsai-bt and (d)
//! `Box<dyn Node>`, timed side by side in one run with a batched,
//! frame-interleaved median harness, then the further scenarios for (a) and
//! (b), then serial against parallel batch ticking.
//!
//! ```text
//! cargo bench -p deciders-benches --bench ratios [--features rayon] -- [OPTIONS]
//!   --agents N        agents of the creature scenario (1000)
//!   --warmup W        warm-up frames before timing (200)
//!   --rounds R        rounds (300)
//!   --batch B         frames per implementation per round, the first dropped (11)
//!   --only SECTION    creature | scenarios | batch | sleep (repeatable; default all)
//!   --batch-agents L  agents of the batch section, a comma-separated list
//!                     (100000); each count is run with each chunk size
//!   --chunks L        par_tick_all's chunk sizes, a comma-separated list (4096)
//!   --check BOUNDS    e.g. 'generated/hand<=1.25,bonsai/generated>=30':
//!                     exit 1 when a bound fails
//! cargo bench -p deciders-benches --bench ratios -- probe NAME AGENTS TICKS [--warmup W]
//!   runs one implementation once, for instruction counts under callgrind
//!   (take Ir(TICKS) - Ir(0)); NAME is `hand`, `bonsai`, … or `depth/hand`, …
//! ```
//!
//! Every figure is per agent-tick. A ratio is the median over rounds of the
//! per-round ratio; `ratio-net` subtracts the world-step baseline first.
//! Allocations and heap bytes come from a separate, untimed pass in its own
//! process (`benches/allocs.rs`, run through cargo): a counting global
//! allocator in this binary would slow the allocating implementations down.

mod common;

use common::scenarios::{self, IMPLS, SCENARIOS};
use common::{Frames, CREATURE};
use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::Instant;

/// Command-line settings.
struct Config {
    agents: usize,
    warmup: u32,
    rounds: usize,
    batch: usize,
    only: Vec<String>,
    check: Option<String>,
    batch_agents: Vec<usize>,
    chunks: Vec<usize>,
}

impl Config {
    fn wants(&self, section: &str) -> bool {
        self.only.is_empty() || self.only.iter().any(|s| s == section)
    }
}

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let mut cfg = Config {
        agents: 1000,
        warmup: 200,
        rounds: 300,
        batch: 11,
        only: Vec::new(),
        check: None,
        batch_agents: vec![100_000],
        chunks: vec![common::batch::CHUNK],
    };
    let mut positional = Vec::new();
    while !args.is_empty() {
        let arg = args.remove(0);
        let mut value = || {
            if args.is_empty() {
                fail(&format!("{arg} needs a value"))
            } else {
                args.remove(0)
            }
        };
        match arg.as_str() {
            "--agents" => cfg.agents = number(&value()),
            "--warmup" => cfg.warmup = number(&value()),
            "--rounds" => cfg.rounds = number::<usize>(&value()).max(1),
            "--batch" => cfg.batch = number::<usize>(&value()).max(2),
            "--only" => cfg.only.push(value()),
            "--check" => cfg.check = Some(value()),
            "--batch-agents" => cfg.batch_agents = list(&value()),
            "--chunks" => cfg.chunks = list(&value()),
            _ if arg.starts_with("--") => fail(&format!("unknown option {arg}")),
            _ => positional.push(arg),
        }
    }
    match positional.first().map(String::as_str) {
        None => report(&cfg),
        Some("probe") if positional.len() == 4 => {
            probe(
                &positional[1],
                number(&positional[2]),
                number(&positional[3]),
                cfg.warmup,
            );
            ExitCode::SUCCESS
        }
        Some(_) => fail("usage: ratios [OPTIONS] | ratios probe NAME AGENTS TICKS"),
    }
}

fn fail(msg: &str) -> ! {
    eprintln!("ratios: {msg}");
    std::process::exit(2)
}

fn number<T: std::str::FromStr>(s: &str) -> T {
    s.parse()
        .unwrap_or_else(|_| fail(&format!("not a number: {s}")))
}

/// A comma-separated list of positive numbers.
fn list(s: &str) -> Vec<usize> {
    let xs: Vec<usize> = s.split(',').map(|x| number(x.trim())).collect();
    if xs.contains(&0) {
        fail(&format!("0 in {s}: agents and chunk sizes are at least 1"));
    }
    xs
}

/// `probe NAME AGENTS TICKS`: warm up, run, print the checksum.
fn probe(name: &str, agents: usize, ticks: u32, warmup: u32) {
    let Some(mut w) = common::workload(name, agents) else {
        fail(&format!("unknown implementation {name}"));
    };
    w.frames(warmup);
    w.frames(ticks);
    println!(
        "{name} {agents} agents {warmup}+{ticks} ticks checksum {:016x} hook calls {}",
        w.checksum(),
        w.hook_calls()
    );
}

/// Runs the sections, prints their tables and ratio lines, checks bounds.
fn report(cfg: &Config) -> ExitCode {
    let mut ratios = BTreeMap::new();
    // One allocation pass (its own process) for both sections.
    let allocs = if cfg.wants("creature") || cfg.wants("scenarios") {
        alloc_pass(cfg)
    } else {
        BTreeMap::new()
    };
    if cfg.wants("creature") {
        creature(cfg, &allocs, &mut ratios);
    }
    if cfg.wants("scenarios") {
        for scenario in SCENARIOS {
            scenario_section(cfg, scenario, &allocs, &mut ratios);
        }
    }
    if cfg.wants("batch") {
        batch_section(cfg, &mut ratios);
    }
    if cfg.wants("sleep") {
        sleep_section(cfg, &mut ratios);
    }
    match &cfg.check {
        Some(bounds) if !check(bounds, &ratios) => ExitCode::FAILURE,
        _ => ExitCode::SUCCESS,
    }
}

/// Per-round medians, in ns per agent-tick, of each workload.
fn interleave(
    ws: &mut [Box<dyn Frames>],
    warmup: u32,
    rounds: usize,
    batch: usize,
) -> Vec<Vec<f64>> {
    for w in ws.iter_mut() {
        w.frames(warmup);
    }
    let n = ws.len();
    let mut out = vec![Vec::with_capacity(rounds); n];
    let mut times = Vec::with_capacity(batch);
    for round in 0..rounds {
        for k in 0..n {
            let i = (round + k) % n;
            let w = &mut ws[i];
            times.clear();
            for _ in 0..batch {
                w.before_frame();
                let start = Instant::now();
                w.frames(1);
                times.push(start.elapsed().as_nanos() as f64);
            }
            // The first frame re-warms caches after the other workloads ran.
            let per_tick = median(&mut times[1..]) / w.agents() as f64;
            out[i].push(per_tick);
        }
    }
    out
}

/// The `q`-quantile (nearest rank) of `xs`, sorting it.
fn quantile(xs: &mut [f64], q: f64) -> f64 {
    xs.sort_by(f64::total_cmp);
    let i = ((xs.len() - 1) as f64 * q).round() as usize;
    xs[i]
}

fn median(xs: &mut [f64]) -> f64 {
    quantile(xs, 0.5)
}

/// Median over rounds of `f(round)`.
fn median_of(rounds: usize, f: impl Fn(usize) -> f64) -> f64 {
    let mut xs: Vec<f64> = (0..rounds).map(f).collect();
    median(&mut xs)
}

/// `(median, p10, p90)` of per-round figures.
fn spread(xs: &[f64]) -> (f64, f64, f64) {
    let mut v = xs.to_vec();
    (
        quantile(&mut v, 0.5),
        quantile(&mut v, 0.1),
        quantile(&mut v, 0.9),
    )
}

/// One implementation's line from the allocation pass (`benches/allocs.rs`).
struct Allocs {
    per_tick: f64,
    inline: usize,
    heap: usize,
    allocs: usize,
}

/// Runs the allocation pass in its own process (its counting allocator
/// would slow the timed allocating implementations down) through the cargo
/// that runs this bench, and parses its lines. Empty when not run by cargo.
fn alloc_pass(cfg: &Config) -> BTreeMap<String, Allocs> {
    let Some(cargo) = std::env::var_os("CARGO") else {
        println!("note: not run by cargo: no allocation pass (cargo bench -p deciders-benches --bench allocs)");
        return BTreeMap::new();
    };
    let mut cmd = std::process::Command::new(cargo);
    cmd.args(["bench", "-q", "-p", "deciders-benches", "--bench", "allocs"]);
    if cfg!(feature = "rayon") {
        cmd.args(["--features", "rayon"]);
    }
    let agents = cfg.agents.to_string();
    let warmup = cfg.warmup.to_string();
    cmd.args(["--", "--agents", &agents, "--warmup", &warmup]);
    let out = match cmd.output() {
        Ok(out) if out.status.success() => out,
        Ok(out) => {
            println!(
                "note: allocation pass failed: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            return BTreeMap::new();
        }
        Err(e) => {
            println!("note: allocation pass did not start: {e}");
            return BTreeMap::new();
        }
    };
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .filter_map(|line| {
            let f: Vec<&str> = line.split_whitespace().collect();
            match f.as_slice() {
                ["alloc", imp, per_tick, inline, heap, allocs] => Some((
                    imp.to_string(),
                    Allocs {
                        per_tick: per_tick.parse().ok()?,
                        inline: inline.parse().ok()?,
                        heap: heap.parse().ok()?,
                        allocs: allocs.parse().ok()?,
                    },
                )),
                _ => None,
            }
        })
        .collect()
}

fn show_state(a: Option<&Allocs>) -> String {
    match a {
        None => "-".into(),
        Some(a) if a.heap == 0 && a.allocs == 0 => format!("{}", a.inline),
        Some(a) => format!(
            "{} ({} inline + {} heap in {} allocs)",
            a.inline + a.heap,
            a.inline,
            a.heap,
            a.allocs
        ),
    }
}

/// The creature scenario: its table and ratio lines.
fn creature(cfg: &Config, allocs: &BTreeMap<String, Allocs>, ratios: &mut BTreeMap<String, f64>) {
    let mut ws: Vec<Box<dyn Frames>> = Vec::new();
    for imp in CREATURE {
        match common::creature(imp, cfg.agents) {
            Some(w) => ws.push(w),
            None => println!("note: {imp} is not built"),
        }
    }
    println!(
        "creature: {} agents, {} warm-up frames, {} rounds x {} frames (first dropped)",
        cfg.agents, cfg.warmup, cfg.rounds, cfg.batch
    );
    let series = interleave(&mut ws, cfg.warmup, cfg.rounds, cfg.batch);
    let names: Vec<&str> = ws.iter().map(|w| w.name()).collect();
    let sums: Vec<u64> = ws.iter().map(|w| w.checksum()).collect();
    drop(ws);
    println!(
        "{:<10} {:>13} {:>8} {:>8} {:>11}  state B/agent",
        "impl", "ns/agent-tick", "p10", "p90", "allocs/tick"
    );
    for (i, name) in names.iter().enumerate() {
        let (med, p10, p90) = spread(&series[i]);
        let a = allocs.get(*name);
        println!(
            "{:<10} {:>13.2} {:>8.2} {:>8.2} {:>11}  {}",
            name,
            med,
            p10,
            p90,
            a.map_or("-".into(), |a| format!("{:.2}", a.per_tick)),
            show_state(a)
        );
        ratios.insert(format!("ns:{name}"), med);
        if let Some(a) = a {
            ratios.insert(format!("allocs:{name}"), a.per_tick);
        }
    }
    if sums.iter().skip(1).any(|s| *s != sums[1 % sums.len()]) {
        println!("note: checksums differ (the baseline's always does): {sums:016x?}");
    }
    let idx = |n: &str| names.iter().position(|x| *x == n);
    let base = idx("base");
    let pairs = [
        ("generated", "hand"),
        ("bonsai", "generated"),
        ("dyn", "generated"),
        ("bonsai", "hand"),
        ("dyn", "hand"),
    ];
    let mut lines = Vec::new();
    for (x, y) in pairs {
        let (Some(xi), Some(yi)) = (idx(x), idx(y)) else {
            continue;
        };
        let r = median_of(cfg.rounds, |r| series[xi][r] / series[yi][r]);
        ratios.insert(format!("{x}/{y}"), r);
        lines.push(format!("ratio {x}/{y} {r:.3}"));
        if let Some(b) = base {
            let net = median_of(cfg.rounds, |r| {
                (series[xi][r] - series[b][r]) / (series[yi][r] - series[b][r])
            });
            ratios.insert(format!("net:{x}/{y}"), net);
            lines.push(format!("ratio-net {x}/{y} {net:.3}"));
        }
    }
    lines.sort_by_key(|l| l.starts_with("ratio-net"));
    for l in lines {
        println!("{l}");
    }
    println!();
}

/// One of the further scenarios: (a) against (b); the allocations per
/// agent-tick of those the allocation pass counts (`brain`).
fn scenario_section(
    cfg: &Config,
    scenario: &str,
    allocs: &BTreeMap<String, Allocs>,
    ratios: &mut BTreeMap<String, f64>,
) {
    let cold = scenario == "cold";
    let agents = if cold { 10_000 } else { cfg.agents };
    // Cold frames pay a cache eviction each: fewer of them.
    let (rounds, batch) = if cold {
        ((cfg.rounds / 6).max(1), cfg.batch.min(5))
    } else {
        (cfg.rounds, cfg.batch)
    };
    let mut ws: Vec<Box<dyn Frames>> = IMPLS
        .iter()
        .filter_map(|imp| scenarios::workload(scenario, imp, agents))
        .collect();
    println!(
        "{scenario}: {agents} agents, {rounds} rounds x {batch} frames{}",
        if cold {
            ", caches evicted before every frame"
        } else {
            ""
        }
    );
    let series = interleave(&mut ws, cfg.warmup, rounds, batch);
    let names: Vec<&str> = ws.iter().map(|w| w.name()).collect();
    for (i, name) in names.iter().enumerate() {
        let (med, p10, p90) = spread(&series[i]);
        let a = allocs.get(&format!("{scenario}/{name}"));
        println!(
            "  {:<10} {:>8.2} ns/agent-tick  p10 {:>8.2}  p90 {:>8.2}  state {} B{}",
            name,
            med,
            p10,
            p90,
            scenarios::state_size(scenario, name).map_or("-".into(), |s| s.to_string()),
            a.map_or(String::new(), |a| format!(
                "  allocs {:.2}/tick  built {}",
                a.per_tick,
                show_state(Some(a))
            ))
        );
        if let Some(a) = a {
            ratios.insert(format!("allocs:{scenario}/{name}"), a.per_tick);
        }
    }
    let idx = |n: &str| names.iter().position(|x| *x == n);
    if let (Some(g), Some(h)) = (idx("generated"), idx("hand")) {
        let r = median_of(rounds, |r| series[g][r] / series[h][r]);
        println!("ratio {scenario}:generated/hand {r:.3}");
        ratios.insert(format!("{scenario}:generated/hand"), r);
    } else {
        println!("note: {scenario}: generated is not built");
    }
    println!();
}

/// Brains that sleep (Z2): a crowd against a batch ticking every agent,
/// at 10,000 agents, for each fraction woken per frame; then one frame of
/// 1,000,000 agents with 1% woken, in milliseconds (one core).
fn sleep_section(cfg: &Config, ratios: &mut BTreeMap<String, f64>) {
    let agents = 10_000;
    println!(
        "sleep: {agents} agents, {} rounds x {} frames, time per agent-frame",
        cfg.rounds, cfg.batch
    );
    for (p, _) in common::sleep::FRACTIONS {
        let scenario = format!("sleep{p}");
        let mut ws: Vec<Box<dyn Frames>> = ["awake", "sleeping"]
            .iter()
            .filter_map(|imp| common::sleep::workload(&scenario, imp, agents))
            .collect();
        let series = interleave(&mut ws, cfg.warmup, cfg.rounds, cfg.batch);
        for (i, w) in ws.iter().enumerate() {
            let (med, p10, p90) = spread(&series[i]);
            println!(
                "  {p:>4}% {:<10} {med:>8.3} ns/agent-frame  p10 {p10:>8.3}  p90 {p90:>8.3}",
                w.name()
            );
        }
        let r = median_of(cfg.rounds, |r| series[1][r] / series[0][r]);
        println!("ratio sleep-{p}%:sleeping/awake {r:.4}");
        ratios.insert(format!("sleep-{p}%:sleeping/awake"), r);
    }
    // A million agents, one in a hundred woken per frame.
    let mut w = common::sleep::workload("sleep1", "sleeping", 1_000_000).expect("built");
    w.frames(cfg.warmup.min(50));
    let mut times: Vec<f64> = (0..cfg.batch.max(11) * 3)
        .map(|_| {
            let start = Instant::now();
            w.frames(1);
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    let ms = median(&mut times);
    println!("sleep-1M: 1000000 agents, 1% woken: {ms:.3} ms per frame (median)");
    ratios.insert("sleep-1M:ms".to_string(), ms);
    println!();
}

#[cfg(feature = "rayon")]
fn batch_section(cfg: &Config, ratios: &mut BTreeMap<String, f64>) {
    let rounds = (cfg.rounds / 6).max(1);
    let batch = cfg.batch.min(6);
    println!(
        "batch: creature agents (generated), tick_all vs par_tick_all on {} threads, {rounds} rounds x {batch} frames",
        common::batch::threads()
    );
    println!(
        "  {:>8} {:>6} {:>14} {:>14} {:>13}",
        "agents", "chunk", "serial ns/a-t", "par ns/a-t", "serial/par"
    );
    let mut lines = Vec::new();
    for (k, &agents) in cfg.batch_agents.iter().enumerate() {
        for (j, &chunk) in cfg.chunks.iter().enumerate() {
            let mut ws = common::batch::workloads(agents, chunk);
            let series = interleave(&mut ws, cfg.warmup / 4, rounds, batch);
            let (serial, _, _) = spread(&series[0]);
            let (par, _, _) = spread(&series[1]);
            let speedup = median_of(rounds, |r| series[0][r] / series[1][r]);
            println!("  {agents:>8} {chunk:>6} {serial:>14.2} {par:>14.2} {speedup:>13.3}");
            lines.push(format!(
                "ratio batch:{agents}/{chunk}:serial/par {speedup:.3}"
            ));
            ratios.insert(format!("batch:{agents}/{chunk}:serial/par"), speedup);
            if k == 0 && j == 0 {
                // The first combination also under the historical name.
                lines.push(format!("ratio batch:serial/par {speedup:.3}"));
                ratios.insert("batch:serial/par".into(), speedup);
            }
        }
    }
    for l in lines {
        println!("{l}");
    }
    println!();
}

#[cfg(not(feature = "rayon"))]
fn batch_section(_cfg: &Config, _ratios: &mut BTreeMap<String, f64>) {
    println!("note: batch: run with `--features rayon` to compare serial and parallel ticking\n");
}

/// Checks `a/b<=x,c/d>=y` against the measured ratios; prints each verdict.
fn check(bounds: &str, ratios: &BTreeMap<String, f64>) -> bool {
    let mut ok = true;
    for bound in bounds.split(',').map(str::trim).filter(|b| !b.is_empty()) {
        let parsed = bound
            .split_once("<=")
            .map(|(k, v)| (k, v, true))
            .or_else(|| bound.split_once(">=").map(|(k, v)| (k, v, false)));
        let Some((key, limit, at_most)) = parsed else {
            println!("check FAIL {bound}: expected KEY<=VALUE or KEY>=VALUE");
            ok = false;
            continue;
        };
        let (key, limit) = (key.trim(), limit.trim());
        let (Some(value), Ok(limit)) = (ratios.get(key), limit.parse::<f64>()) else {
            println!("check FAIL {bound}: no ratio {key} was measured, or bad limit");
            ok = false;
            continue;
        };
        let pass = if at_most {
            *value <= limit
        } else {
            *value >= limit
        };
        println!(
            "check {} {key} = {value:.3} ({bound})",
            if pass { "ok  " } else { "FAIL" }
        );
        ok &= pass;
    }
    ok
}
