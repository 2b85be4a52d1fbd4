//! deciders-bevy against bevy_behave and big-brain: the same task (agents
//! chasing a target when it is near, wandering otherwise; or, in `rest`,
//! resting most of the time) at several populations, each library on the
//! Bevy version it supports, and a plain Bevy system doing the same work
//! with no decision machinery (the floor).
//!
//! `deciders-bevy-peers [--agents 1000,10000,100000]
//! [--scenario orbit,jump,rest] [--frames FACTOR] [--rounds R]
//! [--threads N] [--callgrind]`
//!
//! After the tables, one line per scenario, population and other
//! implementation: `peer-ratio SCENARIO AGENTS IMPL/deciders-bevy RATIO`
//! (median frame time). `--callgrind` measures instructions instead, at
//! 10,000 agents (or the first `--agents`): `peer-instr SCENARIO AGENTS
//! IMPL INSTRUCTIONS-PER-AGENT-FRAME`, from two runs of each under
//! valgrind's callgrind (100 warm-up frames, then 1 or 1 + 100 × FACTOR
//! timed ones; the difference), figures that hold on a noisy machine.
//! In `orbit` and `jump` it also measures `deciders-core`: deciders' core
//! brain ticked by hand in a plain system, without the plugin.
//! `--threads N` gives every implementation's app `N` threads in all
//! instead of Bevy's default pools for the machine (4 gives 2 compute
//! threads, deciders-bevy's parallel tick, on a machine with few cores).
//!
//! Every measurement (one implementation, one scenario, one population,
//! one round) runs in a child process of this binary (`--one IMPL SCENARIO
//! N WARMUP FRAMES`), so that no run inherits another's heap, task pools or
//! caches. The timed frames are split into `R` rounds (3 by default), each
//! round running every measurement once, so that a change of load on a
//! shared machine falls on every implementation alike. The parent prints
//! every figure and the ratios to deciders-bevy, as a text table and as the
//! Markdown tables of `deciders-bevy/README.md`; it exits with 1 when an
//! implementation failed or did not do the work.

use std::process::Command;

use peers_task::harness::{measure, threads, Counting, Outcome, THREADS_VAR};
use peers_task::task::{Scenario, REST_STEPS, WORK_STEPS};

#[global_allocator]
static ALLOC: Counting = Counting;

/// The implementations, in table order: name, Bevy version.
const IMPLS: [(&str, &str); 4] = [
    ("deciders-bevy", "0.20"),
    ("bevy_behave 0.5", "0.18"),
    ("big-brain 0.22", "0.15"),
    ("plain system", "0.20"),
];

/// The implementations as the summary lines name them.
const IDS: [&str; 4] = ["deciders-bevy", "bevy_behave", "big-brain", "plain"];

/// `--callgrind` only, in `orbit` and `jump`: deciders' core brain
/// ticked by hand in a plain system, without the plugin
/// (`peers_deciders::build_by_hand`), named `deciders-core` in the
/// summary: what the plugin costs over it.
const BY_HAND: usize = IDS.len();

/// Warm-up frames (every round) and timed frames (in all) at `n` agents:
/// enough for a stable median, few enough that the whole run takes a few
/// minutes.
fn frames_for(n: u32, scale: f64) -> (u32, u32) {
    let (warmup, frames) = match n {
        0..=2_000 => (100, 9_000),
        2_001..=20_000 => (100, 4_500),
        _ => (50, 900),
    };
    (warmup, ((f64::from(frames) * scale).ceil() as u32).max(5))
}

/// Runs one measurement in this process.
fn run_one(which: usize, scenario: Scenario, n: u32, warmup: u32, frames: u32) -> Outcome {
    match which {
        0 => measure(&mut peers_deciders::build(n, scenario), warmup, frames),
        1 => measure(&mut peers_behave::build(n, scenario), warmup, frames),
        2 => measure(&mut peers_big_brain::build(n, scenario), warmup, frames),
        3 => measure(
            &mut peers_deciders::build_plain(n, scenario),
            warmup,
            frames,
        ),
        BY_HAND => measure(
            &mut peers_deciders::build_by_hand(n, scenario),
            warmup,
            frames,
        ),
        _ => panic!("no implementation {which}"),
    }
}

/// A measurement, as a child prints it and the parent reads it back.
#[derive(Clone)]
struct Row {
    frames: u32,
    median: f64,
    mean: f64,
    p90: f64,
    cpu: f64,
    entities: f64,
    allocs: f64,
    bytes: f64,
    moves: f64,
    switches: f64,
    chase_share: f64,
    idle: u32,
    checksum: f64,
}

impl Row {
    fn of(o: &Outcome) -> Row {
        Row {
            frames: o.frames,
            median: o.median_ms(),
            mean: o.frame_ms.iter().sum::<f64>() / o.frame_ms.len() as f64,
            p90: o.frame_ms[o.frame_ms.len() * 9 / 10],
            cpu: o.cpu_ms_per_frame,
            entities: o.entities_per_agent,
            allocs: o.allocs_per_agent_frame,
            bytes: o.bytes_per_agent_frame,
            moves: o.moves_per_agent_frame,
            switches: o.switches_per_agent_frame,
            chase_share: o.chase_share,
            idle: o.idle,
            checksum: o.checksum,
        }
    }

    fn line(&self) -> String {
        format!(
            "RESULT {} {} {} {} {} {} {} {} {} {} {} {} {}",
            self.frames,
            self.median,
            self.mean,
            self.p90,
            self.cpu,
            self.entities,
            self.allocs,
            self.bytes,
            self.moves,
            self.switches,
            self.chase_share,
            self.idle,
            self.checksum,
        )
    }

    fn parse(line: &str) -> Option<Row> {
        let f: Vec<&str> = line.strip_prefix("RESULT ")?.split(' ').collect();
        let x = |i: usize| -> Option<f64> { f.get(i)?.parse().ok() };
        Some(Row {
            frames: f.first()?.parse().ok()?,
            median: x(1)?,
            mean: x(2)?,
            p90: x(3)?,
            cpu: x(4)?,
            entities: x(5)?,
            allocs: x(6)?,
            bytes: x(7)?,
            moves: x(8)?,
            switches: x(9)?,
            chase_share: x(10)?,
            idle: f.get(11)?.parse().ok()?,
            checksum: x(12)?,
        })
    }

    /// The rounds of one measurement as one: the median of the rounds'
    /// medians and 90th percentiles, the mean of everything else (the
    /// rounds have the same number of frames), the most idle agents, the
    /// first round's checksum.
    fn combine(rounds: &[Row]) -> Row {
        let k = rounds.len() as f64;
        let median_of = |get: fn(&Row) -> f64| {
            let mut v: Vec<f64> = rounds.iter().map(get).collect();
            v.sort_by(f64::total_cmp);
            let m = v.len() / 2;
            if v.len() % 2 == 1 {
                v[m]
            } else {
                (v[m - 1] + v[m]) / 2.0
            }
        };
        let mean_of = |get: fn(&Row) -> f64| rounds.iter().map(get).sum::<f64>() / k;
        Row {
            frames: rounds.iter().map(|r| r.frames).sum(),
            median: median_of(|r| r.median),
            mean: mean_of(|r| r.mean),
            p90: median_of(|r| r.p90),
            cpu: mean_of(|r| r.cpu),
            entities: mean_of(|r| r.entities),
            allocs: mean_of(|r| r.allocs),
            bytes: mean_of(|r| r.bytes),
            moves: mean_of(|r| r.moves),
            switches: mean_of(|r| r.switches),
            chase_share: mean_of(|r| r.chase_share),
            idle: rounds.iter().map(|r| r.idle).max().unwrap_or(0),
            checksum: rounds[0].checksum,
        }
    }
}

/// Runs one measurement in a child process.
fn child(
    which: usize,
    scenario: Scenario,
    n: u32,
    warmup: u32,
    frames: u32,
) -> Result<Row, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let out = Command::new(exe)
        .env(THREADS_VAR, pools())
        .args(["--one", &which.to_string(), scenario.name()])
        .args([n.to_string(), warmup.to_string(), frames.to_string()])
        .output()
        .map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        let last = err.lines().rev().find(|l| !l.trim().is_empty());
        return Err(format!("{}: {}", out.status, last.unwrap_or("")));
    }
    text.lines()
        .find_map(Row::parse)
        .ok_or_else(|| format!("no RESULT line in {text:?}"))
}

fn machine() -> String {
    let model = std::fs::read_to_string("/proc/cpuinfo").ok().and_then(|c| {
        c.lines().find_map(|l| {
            let (key, value) = l.split_once(':')?;
            (key.trim() == "model name").then(|| value.trim().to_string())
        })
    });
    let hardware = std::thread::available_parallelism().map_or(0, |n| n.get());
    let pools = match threads() {
        Some(n) => format!("task pools of {n} threads in all (--threads)"),
        None => "Bevy's default task pools".to_string(),
    };
    format!(
        "{}, {hardware} hardware threads, {pools}",
        model.as_deref().unwrap_or("unknown CPU")
    )
}

/// What the child processes get in [`THREADS_VAR`]: the `--threads` asked
/// for, or empty (Bevy's default pools).
fn pools() -> String {
    threads().map_or_else(String::new, |n| n.to_string())
}

/// `value / base`: one decimal, two under 1; `-` without a base.
fn ratio(base: Option<f64>, value: f64, unit: &str) -> String {
    match base {
        Some(b) if value / b < 1.0 => format!("{:.2}{unit}", value / b),
        Some(b) => format!("{:.1}{unit}", value / b),
        None => "-".into(),
    }
}

/// `100000` as `100,000`.
fn group(n: u32) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// One scenario at one population: the rounds of every implementation.
struct Block {
    scenario: Scenario,
    n: u32,
    /// Steps of one round: warm-up and timed frames.
    steps: u32,
    /// Per implementation, its rounds (or why it failed).
    rounds: Vec<Result<Vec<Row>, String>>,
}

impl Block {
    /// Per implementation, its rounds combined.
    fn rows(&self) -> Vec<Result<Row, String>> {
        self.rounds
            .iter()
            .map(|r| {
                r.as_ref()
                    .map(|rounds| Row::combine(rounds))
                    .map_err(Clone::clone)
            })
            .collect()
    }
}

fn text_table(blocks: &[Block]) {
    println!(
        "{:<6} {:>7}  {:<16} {:>4}  {:>9} {:>7} {:>8} {:>7} {:>8} {:>8} {:>7}  {:>6} {:>8} {:>9} {:>6} {:>9} {:>6} {:>12}",
        "task", "agents", "implementation", "bevy", "median ms", "×ours", "mean ms", "×ours", "p90 ms",
        "cpu ms", "×ours", "ent/ag", "alloc/af", "bytes/af", "moves", "switch/af", "chase%", "checksum"
    );
    for b in blocks {
        let rows = b.rows();
        let ours = rows[0].as_ref().ok();
        for ((name, bevy), row) in IMPLS.iter().zip(&rows) {
            let (task, n) = (b.scenario.name(), b.n);
            match row {
                Ok(r) => println!(
                    "{:<6} {:>7}  {:<16} {:>4}  {:>9.3} {:>7} {:>8.3} {:>7} {:>8.3} {:>8.3} {:>7}  {:>6.2} {:>8.4} {:>9.2} {:>6.3} {:>9.5} {:>6.1} {:>12.1}",
                    task,
                    n,
                    name,
                    bevy,
                    r.median,
                    ratio(ours.map(|o| o.median), r.median, ""),
                    r.mean,
                    ratio(ours.map(|o| o.mean), r.mean, ""),
                    r.p90,
                    r.cpu,
                    ratio(ours.map(|o| o.cpu), r.cpu, ""),
                    r.entities,
                    r.allocs,
                    r.bytes,
                    r.moves,
                    r.switches,
                    100.0 * r.chase_share,
                    r.checksum,
                ),
                Err(e) => println!("{task:<6} {n:>7}  {name:<16} {bevy:>4}  failed: {e}"),
            }
        }
    }
}

fn markdown_table(blocks: &[Block], scenario: Scenario) {
    println!();
    println!("Scenario `{}`:", scenario.name());
    println!();
    println!(
        "| agents | implementation (Bevy) | median ms/frame | mean ms/frame | CPU ms/frame \
         | × deciders-bevy (median, mean, CPU) | entities/agent | allocations/agent/frame \
         | moves/agent/frame | switches/agent/frame | chases |"
    );
    println!("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for b in blocks.iter().filter(|b| b.scenario == scenario) {
        let rows = b.rows();
        let ours = rows[0].as_ref().ok();
        for ((name, bevy), row) in IMPLS.iter().zip(&rows) {
            let n = group(b.n);
            match row {
                Ok(r) => println!(
                    "| {} | {} ({}) | {:.3} | {:.3} | {:.3} | {}, {}, {} | {:.2} | {:.4} | {:.3} | {:.4} | {:.1}% |",
                    n,
                    name,
                    bevy,
                    r.median,
                    r.mean,
                    r.cpu,
                    ratio(ours.map(|o| o.median), r.median, "×"),
                    ratio(ours.map(|o| o.mean), r.mean, "×"),
                    ratio(ours.map(|o| o.cpu), r.cpu, "×"),
                    r.entities,
                    r.allocs,
                    r.moves,
                    r.switches,
                    100.0 * r.chase_share,
                ),
                Err(e) => println!("| {n} | {name} ({bevy}) | failed: {e} | | | | | | | | |"),
            }
        }
    }
}

/// The machine-readable summary: per scenario and population, each
/// other implementation's median frame time over deciders-bevy's.
fn summary(blocks: &[Block]) {
    println!();
    for b in blocks {
        let rows = b.rows();
        let Ok(ours) = &rows[0] else { continue };
        for (id, row) in IDS.iter().zip(&rows).skip(1) {
            if let Ok(r) = row {
                let (task, n) = (b.scenario.name(), b.n);
                println!(
                    "peer-ratio {task} {n} {id}/deciders-bevy {:.3}",
                    r.median / ours.median
                );
            }
        }
    }
}

/// `--callgrind`: instructions per agent-frame of every implementation in
/// every scenario at `n` agents, each from two runs under callgrind
/// (`warmup` frames then one, and then `1 + frames`), the first
/// subtracted from the second: what the frames cost, without the set-up. One line
/// each, `peer-instr SCENARIO N IMPL INSTRUCTIONS`. Needs `valgrind`.
fn callgrind(scenarios: &[Scenario], n: u32, warmup: u32, frames: u32) -> bool {
    let exe = std::env::current_exe().expect("this binary");
    let refs = |which: usize, scenario: Scenario, frames: u32| -> Result<f64, String> {
        let out = Command::new("valgrind")
            .env(THREADS_VAR, pools())
            .args(["--tool=callgrind", "--callgrind-out-file=/dev/null"])
            .arg(&exe)
            .args(["--one", &which.to_string(), scenario.name()])
            .args([n.to_string(), warmup.to_string(), frames.to_string()])
            .output()
            .map_err(|e| format!("valgrind: {e}"))?;
        let err = String::from_utf8_lossy(&out.stderr);
        if !out.status.success() {
            return Err(format!(
                "{}: {}",
                out.status,
                err.lines().last().unwrap_or("")
            ));
        }
        err.lines()
            .find_map(|l| {
                let (_, count) = l.split_once("refs:")?;
                count.trim().replace(',', "").parse().ok()
            })
            .ok_or_else(|| "no `I refs` line".to_string())
    };
    let mut sound = true;
    eprintln!("machine: {}", machine());
    for &scenario in scenarios {
        let by_hand = (scenario != Scenario::Rest).then_some((BY_HAND, "deciders-core"));
        for (which, id) in IDS.iter().copied().enumerate().chain(by_hand) {
            // One timed frame in the base run: the harness needs one.
            match (refs(which, scenario, 1), refs(which, scenario, 1 + frames)) {
                (Ok(base), Ok(all)) => {
                    let per = (all - base) / (f64::from(n) * f64::from(frames));
                    println!("peer-instr {} {n} {id} {per:.1}", scenario.name());
                }
                (Err(e), _) | (_, Err(e)) => {
                    eprintln!("{id}, {}: failed: {e}", scenario.name());
                    sound = false;
                }
            }
        }
    }
    sound
}

/// Every implementation did the work in every round: agents moved in
/// nearly every frame, both chasing and wandering, none stayed idle; and
/// deciders-bevy ended where the plain system did (they make the same
/// moves in the same order).
fn check(blocks: &[Block]) -> bool {
    let mut sound = true;
    for b in blocks {
        let (task, n) = (b.scenario.name(), b.n);
        for ((name, _), rounds) in IMPLS.iter().zip(&b.rounds) {
            let Ok(rounds) = rounds else {
                sound = false;
                continue;
            };
            for r in rounds {
                let unsound = match b.scenario {
                    // 5 moves in 100 steps, no chase; an agent idle only
                    // if the run was shorter than its first rest.
                    // big-brain's thinker stops after 10 ms a frame and
                    // resumes there in the next: at 100,000 agents its
                    // decisions come late, and its moves fall to about
                    // 0.04 on a loaded machine (the README says so).
                    Scenario::Rest => {
                        let least = if name.starts_with("big-brain") {
                            0.03
                        } else {
                            0.04
                        };
                        !(least..=0.06).contains(&r.moves)
                            || r.chase_share != 0.0
                            || (r.idle > 0 && b.steps >= REST_STEPS + WORK_STEPS)
                    }
                    _ => {
                        r.moves < 0.5 || r.chase_share <= 0.0 || r.chase_share >= 1.0 || r.idle > 0
                    }
                };
                if unsound {
                    eprintln!(
                        "CHECK FAILED: {name}, {task} at {n}: {:.3} moves per agent-frame, \
                         {:.1}% of them chases, {} agents idle",
                        r.moves,
                        100.0 * r.chase_share,
                        r.idle
                    );
                    sound = false;
                }
            }
        }
        if let (Ok(ours), Ok(plain)) = (&b.rounds[0], &b.rounds[3]) {
            for (o, p) in ours.iter().zip(plain) {
                if o.checksum != p.checksum {
                    eprintln!(
                        "CHECK FAILED: {task} at {n}: deciders-bevy ends at checksum {}, \
                         the plain system at {}",
                        o.checksum, p.checksum
                    );
                    sound = false;
                }
            }
        }
    }
    sound
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--one") {
        let num = |i: usize| -> u32 { args[i].parse().expect("a number") };
        let scenario = Scenario::from_name(&args[2]).expect("orbit, jump or rest");
        let outcome = run_one(num(1) as usize, scenario, num(3), num(4), num(5));
        println!("{}", Row::of(&outcome).line());
        return;
    }
    let mut populations = vec![1_000u32, 10_000, 100_000];
    let mut scenarios = vec![Scenario::Orbit, Scenario::Jump, Scenario::Rest];
    let mut scale = 1.0f64;
    let mut rounds = 3u32;
    let mut instructions = false;
    let mut threads_asked = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = || it.next().unwrap_or_else(|| panic!("{a} needs a value"));
        match a.as_str() {
            "--agents" => {
                let list = value().split(',');
                populations = list.map(|s| s.parse().expect("a number")).collect();
            }
            "--scenario" => {
                let list = value().split(',');
                scenarios = list
                    .map(|s| Scenario::from_name(s).expect("orbit, jump or rest"))
                    .collect();
            }
            "--frames" => scale = value().parse().expect("a factor"),
            "--rounds" => rounds = value().parse::<u32>().expect("a number").max(1),
            "--callgrind" => instructions = true,
            "--threads" => {
                let n: usize = value().parse().expect("a number of threads");
                assert!(n > 0, "--threads needs at least 1");
                threads_asked = Some(n);
            }
            other => panic!(
                "unknown argument {other}: --agents LIST, --scenario LIST, --frames FACTOR, --rounds R, --threads N, --callgrind"
            ),
        }
    }

    // The children read the pools from the environment: the flag's, or
    // none (Bevy's default), whatever this process was given. (Set
    // before any thread is started.)
    match threads_asked {
        Some(n) => std::env::set_var(THREADS_VAR, n.to_string()),
        None => std::env::remove_var(THREADS_VAR),
    }

    if instructions {
        // 10,000 agents (or the first population asked for), after 100
        // warm-up frames (every agent of `rest` past its first rest).
        let n = if args.iter().any(|a| a == "--agents") {
            populations[0]
        } else {
            10_000
        };
        let frames = ((100.0 * scale).ceil() as u32).max(5);
        if !callgrind(&scenarios, n, 100, frames) {
            std::process::exit(1);
        }
        return;
    }
    eprintln!("machine: {}", machine());
    let mut blocks: Vec<Block> = Vec::new();
    for &scenario in &scenarios {
        for &n in &populations {
            let (warmup, frames) = frames_for(n, scale);
            blocks.push(Block {
                scenario,
                n,
                steps: warmup + frames.div_ceil(rounds),
                rounds: vec![Ok(Vec::new()); IMPLS.len()],
            });
        }
    }
    for round in 1..=rounds {
        for b in &mut blocks {
            let (warmup, frames) = frames_for(b.n, scale);
            let frames = frames.div_ceil(rounds);
            for (which, (name, _)) in IMPLS.iter().enumerate() {
                let Ok(done) = &mut b.rounds[which] else {
                    continue;
                };
                eprint!(
                    "round {round}/{rounds}: {:<6} {:>7} agents, {name}: {warmup} + {frames} frames… ",
                    b.scenario.name(),
                    b.n
                );
                match child(which, b.scenario, b.n, warmup, frames) {
                    Ok(r) => {
                        eprintln!("{:.3} ms", r.median);
                        done.push(r);
                    }
                    Err(e) => {
                        eprintln!("failed: {e}");
                        b.rounds[which] = Err(e);
                    }
                }
            }
        }
    }

    let sound = check(&blocks);
    println!("machine: {}", machine());
    text_table(&blocks);
    for &scenario in &scenarios {
        markdown_table(&blocks, scenario);
    }
    summary(&blocks);
    if !sound {
        std::process::exit(1);
    }
}
