//! The reference model: a deliberately simple interpreter of a [`Forest`],
//! written from the behavioral contract rule by rule (ids in comments), not
//! from the generated code. Speed does not matter here; being easy to check
//! against the rules does.
//!
//! Every node is an `Inst`: its definition, its children's instances, its
//! persistent state (kept by a halt, cleared by a reset) and its
//! per-activation state. The operations are the usual three:
//!
//! - `enter`: the node joins the active path and is ticked once;
//! - `tick`: an active node runs one tick;
//! - `halt`: an active node and everything active below it leave the active
//!   path, deepest first.
//!
//! Invariant: after `enter` or `tick` returns, the node is active iff the
//! status is `Running` (C7: a node that completes holds nothing active).

use std::collections::BTreeMap;

use crate::script::{blk_log_name, BeforeAnswer, Frame, Inputs, WorldRecord, AGENT};
use crate::services::{Services, Ticket};
use crate::tree::{
    case_matches, pattern_matches, Case, Decide, Deco, FlagTest, Forest, Group, Kind, LogLines,
    Node, ParallelForm, Policy, Status, TimeTest,
};

/// The largest `dt` one tick accepts, in seconds (T2): a larger one counts
/// as this much. Non-finite and non-positive values count as `0`.
pub const MAX_DT: f32 = 3600.0;

/// T2: bad `dt` never moves the clock backwards, poisons it, or moves it so
/// far that its precision is lost.
pub fn sanitize(dt: f32) -> f32 {
    if dt.is_finite() && dt > 0.0 {
        // Rounded to the nearest multiple of 2^-30 s (ties to even), so
        // that clocks add exactly (a sleeping agent catches up in one
        // addition): 1.5 * 2^22 added leaves no bit below 2^-30.
        let shift = 1.5 * f64::from(1u32 << 22);
        ((f64::from(dt.min(MAX_DT)) + shift) - shift) as f32
    } else {
        0.0
    }
}

/// D8: the seed of the node with pre-order index `node` (the root is 0) in
/// a state seeded with `seed`: the contract's seeding rule, SplitMix64's
/// finalizer over the two. A `random`/`shuffle` group at node `n` draws from
/// `SplitMix64::seed_from_u64(derive_seed(seed, n))`; a `subtree` reference
/// at node `r` seeds the referenced tree with `derive_seed(seed, r)`.
pub const fn derive_seed(seed: u64, node: u64) -> u64 {
    let mut z = seed ^ (node.wrapping_add(1)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// D8: the contract's generator, SplitMix64 as `rand_xoshiro` 0.8 defines
/// it, written out here rather than shared with the runtime (the
/// differential test compares the two through every draw):
/// `seed_from_u64(s)` starts from the state `s`; `next_u32` adds the golden
/// gamma to the state and returns the high half of Stafford's "Mix4"
/// finalizer of it.
#[derive(Clone, Debug)]
struct SplitMix64(u64);

impl SplitMix64 {
    fn seed_from_u64(seed: u64) -> Self {
        SplitMix64(seed)
    }

    fn next_u32(&mut self) -> u32 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 33)).wrapping_mul(0x62a9_d9ed_7997_05f5);
        z = (z ^ (z >> 28)).wrapping_mul(0xcb24_d0a5_c88c_35b3);
        (z >> 32) as u32
    }
}

/// D4: a uniform draw in `[0, 1)`: one `next_u32`, divided by 2^32.
fn unit(rng: &mut SplitMix64) -> f64 {
    f64::from(rng.next_u32()) / 4_294_967_296.0
}

/// The per-agent state of the tree `forest.trees[0]`.
pub struct Model<'f> {
    forest: &'f Forest,
    /// D8: the seed `reset` returns to.
    seed: u64,
    root: Inst<'f>,
    /// T2: the tree clock, advanced by `dt` at the start of every tick.
    clock: f64,
    /// V4: the variables, bit `i` for `forest.decls.vars[i]` (all false at
    /// first and after a reset; kept by a halt).
    vars: u64,
    /// V3: when each timestamp of `forest.decls.stamps` was last stamped,
    /// `None` if never (at first and after a reset; kept by a halt).
    stamps: Vec<Option<f64>>,
    /// R8, V2, V5: the world's services (kept by a reset).
    services: Services,
    /// How often each rule's interesting branch was taken (see [`COVERAGE`]).
    coverage: BTreeMap<&'static str, u64>,
}

/// The branches of the semantics a good script set must reach: the
/// differential test checks every one is taken, so a passing run cannot
/// come from scripts that never exercise a rule.
pub const COVERAGE: &[&str] = &[
    "B1 events delivered at the tick",
    "B1 inbox kept while not playing",
    "B1 stimuli frozen while not playing",
    "B2 inbox full",
    "B5 reset empties the inbox",
    "B5 reset empties the stimuli store",
    "activate refused",
    "all_complete fails",
    "all_complete succeeds",
    "all_complete waits after a failure",
    "always halts its child",
    "concurrent fails",
    "concurrent succeeds",
    "condition running",
    "cooldown rejects",
    "cooldown_on_failure rejects",
    "custom decorator exits on completion",
    "custom decorator halts its running child",
    "custom decorator is halted",
    "custom decorator refuses entry",
    "custom decorator restarts its child",
    "custom decorator stops its running child",
    "custom decorator waits",
    "D2 exit with last status",
    "D2 masked redecide enters another",
    "D4 draw keeps the choice",
    "D4 draw replaces the choice",
    "D5 new round",
    "D5 round skips a used child",
    "D6 a later child scores higher",
    "D6 rescore keeps",
    "D6 rescore takes over",
    "D6 rescore takeover exits at once",
    "D9 subset rule",
    "dblock accepts",
    "decide accepts",
    "decide rejects",
    "delay passes",
    "flags reject",
    "G5 accepts",
    "G5 rejects",
    "G6 a delegated score competes",
    "G6 delegate accepts",
    "G6 delegate rejects",
    "G6 delegated child entered",
    "G6 delegated child exits at once",
    "G6 nested delegation",
    "G6 recheck delegates",
    "G6 redecide delegates",
    "G6 shuffle round kept by a delegation not entered",
    "group behavior fails on tick",
    "group behavior refused",
    "halt",
    "if_then_else condition running",
    "if_then_else else branch",
    "if_then_else keeps its branch",
    "if_then_else no else fails",
    "if_then_else then branch",
    "L7 wait_for completes",
    "L7 wait_for waits",
    "L7 wait_until at the boundary waits",
    "L7 wait_until completes",
    "L7 wait_until never set waits",
    "L7 wait_until or_never_set succeeds",
    "parallel fails",
    "parallel succeeds",
    "priority interrupts",
    "R8 limit enters",
    "R8 limit full refuses entry",
    "R8 slot released on completion",
    "R8 slot released on halt",
    "R9 log failure",
    "R9 log halted silently",
    "R9 log start",
    "R9 log success",
    "R10 if_time at the boundary",
    "R10 if_time fails",
    "R10 if_time never set",
    "R10 if_time passes",
    "R10 if_time test turned false while the child runs",
    "R12 recheck rejects",
    "R12 recheck rejects on entry",
    "recheck keeps (timer)",
    "recheck rejects",
    "repeat restarts",
    "repeat succeeds",
    "reset",
    "O1 play",
    "O2 pause",
    "O2 resume",
    "O2 tick ignored",
    "O3 stop",
    "O5 interruption counted",
    "O5 target reached",
    "retry forever restarts",
    "retry gives up",
    "retry restarts",
    "rewalk halts the old child",
    "run_once replays",
    "run_once stores",
    "sequence/fallback resumes",
    "stimuli reject",
    "subtree entered",
    "switch default",
    "switch halts previous case",
    "timeout fires",
    "timer rejects",
    "V2 stimulus added",
    "V2 stimulus expires",
    "V2 stimulus expires at once",
    "V2 stimulus removed",
    "V2 stimulus replaced",
    "V2 stimuli pass a guard",
    "V3 stamp clears its group",
    "V3 stamp set",
    "V4 event delivered",
    "V4 set and cleared by one event",
    "V4 var rejects",
    "V4 variable cleared",
    "V4 variable set",
    "V5 abandon cancels",
    "V5 abandon removes the same frame's launch",
    "V5 cancel refused",
    "V5 completion reported",
    "V5 completion seen",
    "V5 launch",
    "V5 launch refused",
    "wait completes",
    "while_do_else condition running keeps the branch",
    "while_do_else no else fails",
    "while_do_else switches branch",
];

/// What a guard that accepted hands on to the node it lets in.
#[derive(Debug)]
enum Handed {
    /// Nothing: no decide, or a plain `decide` (G2).
    Nothing,
    /// The DBlock of a `dblock` decide: the receiver's scripted name and the
    /// value it carries (G2).
    Block(String, u8),
    /// G6: the child a `delegate` guard picked among the group's children,
    /// with what that child's own guard handed on. The group enters it
    /// without deciding it again.
    Child(usize, Box<Handed>),
}

/// What a tick needs besides the node: the scripted world, the frame's
/// inputs, and where errors go.
struct Env<'a> {
    io: &'a mut Inputs,
    now: f64,
    flags: u64,
    stimuli: u64,
    /// V4: the variables, as the last `post` left them.
    vars: u64,
    /// V3: the timestamps, as the last `post` left them.
    stamps: &'a [Option<f64>],
    /// R8, V5: the resources and the frame's requests.
    services: &'a mut Services,
    /// D9: the groups that broke the subset rule this tick.
    errors: &'a mut Vec<String>,
    coverage: &'a mut BTreeMap<&'static str, u64>,
}

impl Env<'_> {
    fn hit(&mut self, branch: &'static str) {
        debug_assert!(COVERAGE.contains(&branch), "{branch}");
        *self.coverage.entry(branch).or_default() += 1;
    }
}

/// The instance of one node in one agent's state.
struct Inst<'f> {
    node: &'f Node,
    children: Vec<Inst<'f>>,
    /// G1: the last time this node's `every` timer was stamped (persistent).
    timer: Option<f64>,
    /// R3/R4: the last failure / completion of a cooldown's child
    /// (persistent).
    cooldown: Option<f64>,
    /// D4, D5, D8: a `random`/`shuffle` group's own generator (persistent;
    /// a reset seeds it again).
    rng: Option<SplitMix64>,
    /// D5: the children of a `shuffle` group chosen in this round, one bit
    /// each (persistent: kept by a halt, cleared by a reset).
    round: u64,
    /// D5, G6: this `shuffle` group's `delegate` guard picked a child that
    /// has not been entered since (bookkeeping for [`COVERAGE`] only: the
    /// next decision then reads a round the pick left untouched).
    picked_not_entered: bool,
    /// R11: how often the scripted decorator entered (its `Persist` value).
    entries: u64,
    /// R13: the first completion of a `run_once`'s child (persistent).
    once: Option<Status>,
    active: bool,
    run: Run,
}

/// Per-activation state.
enum Run {
    Idle,
    /// A behavior: the name its answers are scripted under and the name it
    /// logs under (they differ for `Blk`).
    Leaf {
        scripted: String,
        log: String,
    },
    Wait {
        start: f64,
    },
    /// A deferred action (V5): its name, and the ticket of its launch
    /// until a completion is seen.
    Defer {
        name: String,
        ticket: Option<Ticket>,
    },
    /// A condition, or a `wait_until` (L7): no state of their own.
    Condition,
    /// `wait_for` (L7, V4): whether a matching event was posted since it
    /// was entered.
    WaitFor {
        seen: bool,
    },
    Group {
        /// The group behavior (D7), active with the group.
        behavior: Option<(String, String)>,
        running: Option<usize>,
        /// D6: when a `scored(rescore = d)` group last decided: on entry,
        /// at each rescoring, at each redecide after an exit.
        since: f64,
    },
    /// A decorator: when it entered, its count (repeat, retry; the
    /// scripted decorator's `after` calls) and whether its child runs.
    Deco {
        start: f64,
        count: u64,
        child: bool,
    },
    /// A parallel, a concurrent or a control node (C8–C10): one slot per
    /// child.
    Par {
        slots: Vec<Slot>,
    },
    Subtree,
}

#[derive(Clone, Copy, PartialEq)]
enum Slot {
    Idle,
    Running,
    Done(Status),
}

fn accepts(score: f32) -> bool {
    // G2: a score that is not finite, or is `<= 0`, rejects.
    score.is_finite() && score > 0.0
}

fn due(last: Option<f64>, now: f64, interval: f64) -> bool {
    // G1: a timer starts due; T2: a duration `d` has passed when `now - s >= d`.
    last.is_none_or(|l| now - l >= interval)
}

/// G1, V4: `var(v)` / `!var(v)` items, after the flags.
fn vars_pass(tests: &[(usize, bool)], vars: u64) -> bool {
    tests
        .iter()
        .all(|&(v, set)| (vars & (1u64 << v) != 0) == set)
}

fn flags_pass(tests: &[FlagTest], flags: u64, stimuli: u64) -> bool {
    // G1: decision flags first, then stimuli flags; calls no user code.
    tests
        .iter()
        .filter(|t| !t.stimuli)
        .all(|t| t.op.test(flags, t.mask))
        && tests
            .iter()
            .filter(|t| t.stimuli)
            .all(|t| t.op.test(stimuli, t.mask))
}

impl<'f> Model<'f> {
    /// A fresh state (O1): nothing active, every timer due, clock at 0,
    /// seed 0 (D8).
    pub fn new(forest: &'f Forest) -> Self {
        Model::with_seed(forest, 0)
    }

    /// A fresh state whose random groups derive from `seed` (D8).
    pub fn with_seed(forest: &'f Forest, seed: u64) -> Self {
        Model {
            forest,
            seed,
            root: Inst::new(forest, &forest.trees[0].root, seed, &mut 0),
            clock: 0.0,
            vars: 0,
            stamps: vec![None; forest.decls.stamps.len()],
            services: Services::default(),
            coverage: BTreeMap::new(),
        }
    }

    /// How often each branch of [`COVERAGE`] was taken since `new`.
    pub fn coverage(&self) -> &BTreeMap<&'static str, u64> {
        &self.coverage
    }

    /// One tick (T2, T3). Returns the root's status and the groups that broke
    /// the subset rule (D9).
    pub fn tick(
        &mut self,
        io: &mut Inputs,
        dt: f32,
        flags: u64,
        stimuli: u64,
    ) -> (Status, Vec<String>) {
        self.clock += f64::from(sanitize(dt));
        self.services.tick_refusals = 0;
        self.services.tick_cancel_refusals = 0;
        let mut errors = Vec::new();
        let mut env = Env {
            io,
            now: self.clock,
            flags,
            stimuli,
            vars: self.vars,
            stamps: &self.stamps,
            services: &mut self.services,
            errors: &mut errors,
            coverage: &mut self.coverage,
        };
        // T3: a completed root starts again from the root on the next tick.
        let status = if self.root.active {
            self.root.tick(&mut env)
        } else {
            self.root.enter(&mut env, Handed::Nothing)
        };
        // V5: the tick's refused launches, then its refused cancels, summed
        // up just before it ends.
        let refused = self.services.tick_refusals;
        if refused > 0 {
            io.launches_refused(refused);
        }
        let cancels = self.services.tick_cancel_refusals;
        if cancels > 0 {
            io.cancels_refused(cancels);
        }
        (status, errors)
    }

    /// Deactivates the active path, deepest first (L2, C7); persistent state
    /// stays.
    pub fn halt(&mut self, io: &mut Inputs) {
        self.halt_reporting(io);
    }

    /// [`Model::halt`], returning what it reported (V5: a refused cancel):
    /// a halt inside a tick (a play mode's target reached, O5) reports
    /// into the tick's report.
    pub fn halt_reporting(&mut self, io: &mut Inputs) -> Vec<String> {
        let mut errors = Vec::new();
        let mut env = Env {
            io,
            now: self.clock,
            flags: 0,
            stimuli: 0,
            vars: self.vars,
            stamps: &self.stamps,
            services: &mut self.services,
            errors: &mut errors,
            coverage: &mut self.coverage,
        };
        if self.root.active {
            env.hit("halt");
            self.root.halt(&mut env);
        }
        errors
    }

    /// V4: event `k` (an index into [`crate::tree::EVENTS`]) is posted
    /// between ticks. It takes effect at once: every variable bound to it
    /// is set, then cleared, in declaration order; every timestamp bound to
    /// it is stamped at the tree clock (the time of the last tick), the
    /// other timestamps of its group cleared (V3); then every behavior on
    /// the active path gets it, root first. Nothing is kept for nodes
    /// entered later.
    pub fn post(&mut self, io: &mut Inputs, k: usize) {
        let decls = &self.forest.decls;
        let mut hits = Vec::new();
        for (i, v) in decls.vars.iter().enumerate() {
            let bit = 1u64 << i;
            let matching = |set: bool| {
                v.effects
                    .iter()
                    .any(|(s, p)| *s == set && pattern_matches(p, k))
            };
            let set = matching(true);
            if set {
                hits.push("V4 variable set");
                self.vars |= bit;
            }
            if matching(false) {
                if set {
                    hits.push("V4 set and cleared by one event");
                }
                hits.push("V4 variable cleared");
                self.vars &= !bit;
            }
        }
        for (i, st) in decls.stamps.iter().enumerate() {
            if !pattern_matches(&st.on, k) {
                continue;
            }
            // V3: at most one timestamp of a group is set.
            for (j, other) in decls.stamps.iter().enumerate() {
                let same_group = other.group.is_some() && other.group == st.group;
                if j != i && same_group && self.stamps[j].is_some() {
                    hits.push("V3 stamp clears its group");
                    self.stamps[j] = None;
                }
            }
            hits.push("V3 stamp set");
            self.stamps[i] = Some(self.clock);
        }
        for h in hits {
            *self.coverage.entry(h).or_default() += 1;
        }
        self.root.deliver(io, k, &mut self.coverage);
    }

    /// V4: the variables, bit `i` for variable `i`.
    pub fn vars(&self) -> u64 {
        self.vars
    }

    /// V3: seconds of tree clock since each timestamp was stamped, `None`
    /// if never, in declaration order.
    pub fn since(&self) -> Vec<Option<f64>> {
        self.stamps
            .iter()
            .map(|s| s.map(|t| self.clock - t))
            .collect()
    }

    /// Halts, then returns every piece of state to its initial value (O3),
    /// keeping the seed: generators start again from it, shuffle rounds
    /// are cleared (D5, D8); the variables and timestamps are forgotten
    /// (V3, V4).
    pub fn reset(&mut self, io: &mut Inputs) {
        self.halt(io);
        let mut coverage = std::mem::take(&mut self.coverage);
        *coverage.entry("reset").or_default() += 1;
        let services = std::mem::take(&mut self.services);
        *self = Model::with_seed(self.forest, self.seed);
        self.coverage = coverage;
        self.services = services;
    }

    /// The start of a `Tick` frame, before the tick: the game system's
    /// turn and the new requests buffer (R8, V5), then the stimuli store's
    /// `update(dt)` (V2), whose flags the tick's guards test. Returns them.
    pub fn begin_frame(&mut self, frame: &Frame) -> u64 {
        let Frame::Tick { dt, .. } = frame else {
            unreachable!("only ticks")
        };
        self.begin_services(frame);
        self.update_stimuli(crate::script::DTS[*dt])
    }

    /// The game system's turn and the new requests buffer (R8, V5) of a
    /// `Tick` frame, before the tick; the stimuli store is left as it is.
    pub fn begin_services(&mut self, frame: &Frame) {
        let Frame::Tick {
            capacity,
            completes,
            holders,
            ..
        } = frame
        else {
            unreachable!("only ticks")
        };
        self.services
            .begin_frame(*capacity, completes, holders, &mut self.coverage);
    }

    /// V2: the stimuli store's `update(dt)`: what timed out expires;
    /// returns the flags of what remains.
    pub fn update_stimuli(&mut self, dt: f32) -> u64 {
        self.services.update_stimuli(dt, &mut self.coverage)
    }

    /// V2: every stimulus removed from the store; whether it held any.
    pub fn clear_stimuli(&mut self) -> bool {
        self.services.clear_stimuli()
    }

    /// V2: a stimulus added (`Some((payload, timeout))`) or removed between
    /// ticks.
    pub fn stimulate(&mut self, kind: usize, add: Option<(u8, usize)>) {
        self.services.stimulate(kind, add, &mut self.coverage);
    }

    /// R8, V2, V5: what the services hold.
    pub fn world(&self) -> WorldRecord {
        self.services.record()
    }

    /// O2: the behaviors on the active path, root first, by the name they
    /// log under: what `pause` and `resume` reach.
    pub fn running_behaviors(&self) -> Vec<String> {
        let mut out = Vec::new();
        self.root.behaviors(&mut out);
        out
    }

    /// Counts one pass through `branch` (one of [`COVERAGE`]).
    pub fn hit(&mut self, branch: &'static str) {
        *self.coverage.entry(branch).or_default() += 1;
    }

    /// Whether some node is active.
    pub fn is_running(&self) -> bool {
        self.root.active
    }

    /// The names of the active path's nodes, root first, parallel children
    /// in declaration order.
    pub fn path(&self) -> Vec<String> {
        let mut out = Vec::new();
        self.root.path(&mut out);
        out
    }
}

impl<'f> Inst<'f> {
    /// The instance of `node`, whose pre-order index in its tree is
    /// `*next` (D8), in a state seeded with `seed`.
    fn new(forest: &'f Forest, node: &'f Node, seed: u64, next: &mut u64) -> Self {
        let id = *next;
        *next += 1;
        let children = match node.kind {
            // S1: every reference has its own state; D8: seeded from the
            // reference's node, its nodes numbered from 0 in its own tree.
            Kind::Subtree(i) => vec![Inst::new(
                forest,
                &forest.trees[i].root,
                derive_seed(seed, id),
                &mut 0,
            )],
            _ => node
                .children
                .iter()
                .map(|c| Inst::new(forest, c, seed, next))
                .collect(),
        };
        let rng = match node.kind {
            Kind::Composite { policy, .. } if policy.is_random() => {
                Some(SplitMix64::seed_from_u64(derive_seed(seed, id)))
            }
            _ => None,
        };
        Inst {
            node,
            children,
            timer: None,
            cooldown: None,
            rng,
            round: 0,
            picked_not_entered: false,
            entries: 0,
            once: None,
            active: false,
            run: Run::Idle,
        }
    }

    /// O2: the behaviors on the active path below and at this node, root
    /// first (a group behavior before its group's children; parallel
    /// children in declaration order), by the name they log under.
    fn behaviors(&self, out: &mut Vec<String>) {
        if !self.active {
            return;
        }
        if let Run::Leaf { log, .. }
        | Run::Defer { name: log, .. }
        | Run::Group {
            behavior: Some((_, log)),
            ..
        } = &self.run
        {
            out.push(log.clone());
        }
        for c in &self.children {
            c.behaviors(out);
        }
    }

    /// V4: hands event `k` to every behavior on the active path below and
    /// at this node, root first (a group behavior before its group's
    /// children; parallel children in declaration order); an active
    /// `wait_for` whose pattern matches remembers it for its next tick.
    fn deliver(&mut self, io: &mut Inputs, k: usize, coverage: &mut BTreeMap<&'static str, u64>) {
        if !self.active {
            return;
        }
        match &mut self.run {
            Run::Leaf { log, .. }
            | Run::Defer { name: log, .. }
            | Run::Group {
                behavior: Some((_, log)),
                ..
            } => {
                io.event(log, k);
                *coverage.entry("V4 event delivered").or_default() += 1;
            }
            Run::WaitFor { seen } => {
                if matches!(&self.node.kind, Kind::WaitFor(p) if pattern_matches(p, k)) {
                    *seen = true;
                }
            }
            _ => {}
        }
        for c in &mut self.children {
            c.deliver(io, k, coverage);
        }
    }

    fn path(&self, out: &mut Vec<String>) {
        if !self.active {
            return;
        }
        out.push(self.node.name.clone());
        self.path_below(out);
    }

    /// The active path below this node. I1: a `subtree` reference and the
    /// referenced tree's root are one node of the path, under the
    /// reference's name.
    fn path_below(&self, out: &mut Vec<String>) {
        for c in &self.children {
            match self.node.kind {
                Kind::Subtree(_) if c.active => c.path_below(out),
                _ => c.path(out),
            }
        }
    }

    // ----- guards (G1–G3) -------------------------------------------------

    /// The guard as checked before entering: `None` rejects, `Some(handed)`
    /// accepts with what it hands on (the decide's DBlock, G2, or the child
    /// a `delegate` picked, G6).
    fn guard_entry(&mut self, env: &mut Env) -> Option<Handed> {
        self.guard_score(env).map(|(_, handed)| handed)
    }

    /// [`Inst::guard_entry`] with the accepting score (G2: 1.0 without a
    /// decide; an unguarded node accepts with 1.0 too; G6: a `delegate`
    /// guard's score is its picked child's).
    fn guard_score(&mut self, env: &mut Env) -> Option<(f32, Handed)> {
        let Some(g) = &self.node.guard else {
            return Some((1.0, Handed::Nothing));
        };
        if !flags_pass(&g.flags, env.flags, env.stimuli) {
            let decision_ok = g
                .flags
                .iter()
                .filter(|t| !t.stimuli)
                .all(|t| t.op.test(env.flags, t.mask));
            env.hit(if decision_ok {
                "stimuli reject"
            } else {
                "flags reject"
            });
            return None;
        }
        if env.stimuli != 0 && g.flags.iter().any(|t| t.stimuli) {
            env.hit("V2 stimuli pass a guard");
        }
        // G1, V4: the variables after the flags, before the timer.
        if !vars_pass(&g.vars, env.vars) {
            env.hit("V4 var rejects");
            return None;
        }
        if let Some(interval) = g.every {
            // G1: called at most once per interval, stamped whenever the
            // check reaches the decide step.
            if !due(self.timer, env.now, interval) {
                env.hit("timer rejects");
                return None;
            }
            self.timer = Some(env.now);
        }
        if g.delegate {
            // G6: the delegation takes the decide's place, after the
            // preconditions (the timer was stamped just above).
            return self.delegate(env);
        }
        match &g.decide {
            None => Some((1.0, Handed::Nothing)), // G2: no decide accepts with score 1.0
            Some(Decide::Score(d)) => {
                let score = env.io.score(d);
                let ok = accepts(score);
                env.hit(if ok {
                    "decide accepts"
                } else {
                    "decide rejects"
                });
                ok.then_some((score, Handed::Nothing))
            }
            Some(Decide::Block { decide, leaf }) => {
                let score = env.io.score(decide);
                let ok = accepts(score);
                env.hit(if ok {
                    "dblock accepts"
                } else {
                    "decide rejects"
                });
                ok.then(|| (score, Handed::Block(leaf.clone(), env.io.block(decide))))
            }
        }
    }

    /// The guard as re-checked while its node runs (G3): a timer not yet due
    /// means "keep running"; a DBlock is dropped.
    fn guard_recheck(&mut self, env: &mut Env) -> bool {
        let Some(g) = &self.node.guard else {
            return true;
        };
        if !flags_pass(&g.flags, env.flags, env.stimuli) || !vars_pass(&g.vars, env.vars) {
            return false;
        }
        if let Some(interval) = g.every {
            if !due(self.timer, env.now, interval) {
                env.hit("recheck keeps (timer)");
                return true;
            }
            self.timer = Some(env.now);
        }
        if g.delegate {
            // G3, G6: the same delegation pass as on entry; only accept or
            // reject counts, the picked child is dropped.
            env.hit("G6 recheck delegates");
            return self.delegate(env).is_some();
        }
        match &g.decide {
            None => true,
            Some(d) => accepts(env.io.score(d.name())),
        }
    }

    /// G6: the decide step of this group's `delegate` guard. The children
    /// are decided (their own guards: preconditions, decide) as the group
    /// would decide on entry, by its policy, with nothing masked — and none
    /// is entered. The guard accepts iff a child is picked, with that
    /// child's score, and hands the child on with what its guard handed on
    /// (its DBlock, or its own delegation). Draws of a `random`/`shuffle`
    /// group come from its generator as in any decision; a `shuffle` round
    /// is only read: the picked child joins it when it is entered (D5).
    fn delegate(&mut self, env: &mut Env) -> Option<(f32, Handed)> {
        let Kind::Composite { policy, .. } = self.node.kind else {
            unreachable!("G6: `delegate` is only on a decider group's guard")
        };
        let mask = vec![false; self.children.len()];
        match self.choose(env, policy, 0, &mask) {
            Some((i, score, handed)) => {
                env.hit("G6 delegate accepts");
                if matches!(handed, Handed::Child(..)) {
                    env.hit("G6 nested delegation");
                }
                if policy == Policy::Shuffle {
                    self.picked_not_entered = true;
                }
                Some((score, Handed::Child(i, Box::new(handed))))
            }
            None => {
                env.hit("G6 delegate rejects");
                None
            }
        }
    }

    // ----- the three operations ---------------------------------------------

    /// Joins the active path and runs the first tick. `handed` is what the
    /// guard that accepted this node handed on (G2, G6).
    fn enter(&mut self, env: &mut Env, handed: Handed) -> Status {
        debug_assert!(!self.active);
        let node = self.node;
        match &node.kind {
            Kind::Act(name) | Kind::Hold(name) => self.enter_leaf(env, name.clone(), name.clone()),
            Kind::Blk => {
                let Handed::Block(leaf, value) = handed else {
                    unreachable!("a Blk is only generated behind a dblock guard")
                };
                let log = blk_log_name(&leaf, value);
                self.enter_leaf(env, leaf, log)
            }
            Kind::Condition { .. } => {
                self.active = true;
                self.run = Run::Condition;
                self.tick(env)
            }
            // L7: built-ins complete on their first tick.
            Kind::Succeed => Status::Success,
            Kind::Fail => Status::Failure,
            Kind::Wait(_) => {
                self.active = true;
                self.run = Run::Wait { start: env.now };
                self.tick(env)
            }
            // L7: built-in behaviors: activated, then ticked at once.
            Kind::WaitFor(_) => {
                self.active = true;
                self.run = Run::WaitFor { seen: false };
                self.tick(env)
            }
            Kind::WaitUntil(_) => {
                self.active = true;
                self.run = Run::Condition;
                self.tick(env)
            }
            Kind::Composite { policy, group, .. } => {
                self.enter_composite(env, *policy, group, handed)
            }
            Kind::Decorator(deco) => self.enter_deco(env, deco),
            Kind::Defer(name) => self.enter_defer(env, name),
            Kind::Parallel { .. } | Kind::Concurrent => {
                self.active = true;
                self.run = Run::Par {
                    slots: vec![Slot::Idle; self.children.len()],
                };
                self.step_parallel(env)
            }
            Kind::IfThenElse | Kind::WhileDoElse | Kind::Switch { .. } => {
                // C8–C10: a fresh activation starts with every slot idle.
                self.active = true;
                self.run = Run::Par {
                    slots: vec![Slot::Idle; self.children.len()],
                };
                self.step_control(env)
            }
            Kind::Subtree(_) => {
                env.hit("subtree entered");
                self.active = true;
                self.run = Run::Subtree;
                let s = self.children[0].enter(env, Handed::Nothing);
                self.finish(s)
            }
        }
    }

    /// One tick of an active node.
    fn tick(&mut self, env: &mut Env) -> Status {
        debug_assert!(self.active);
        let node = self.node;
        match &node.kind {
            Kind::Act(_) | Kind::Blk => {
                let Run::Leaf { scripted, log } = &self.run else {
                    unreachable!()
                };
                let (scripted, log) = (scripted.clone(), log.clone());
                let s = env.io.tick(&scripted, &log);
                if s.is_done() {
                    // L2: a completed behavior is deactivated at once.
                    env.io.deactivate(&log, Some(s));
                }
                self.finish(s)
            }
            // L1: no `tick` hook: stays Running until something removes it.
            Kind::Hold(_) => Status::Running,
            Kind::Condition { name, maybe } => {
                // L6: true → Success, false → Failure, "not known yet" → Running.
                let score = env.io.score(name);
                let s = if *maybe && score == 0.0 {
                    env.hit("condition running");
                    Status::Running
                } else if score > 0.0 {
                    Status::Success
                } else {
                    Status::Failure
                };
                self.finish(s)
            }
            Kind::Succeed | Kind::Fail => unreachable!("never active"),
            Kind::Wait(d) => {
                let Run::Wait { start } = self.run else {
                    unreachable!()
                };
                // T2: completes on the first tick where now − start ≥ d.
                let s = if env.now - start >= *d {
                    env.hit("wait completes");
                    Status::Success
                } else {
                    Status::Running
                };
                self.finish(s)
            }
            Kind::WaitFor(_) => {
                let Run::WaitFor { seen } = self.run else {
                    unreachable!()
                };
                // L7, V4: an event matching was posted while active.
                env.hit(if seen {
                    "L7 wait_for completes"
                } else {
                    "L7 wait_for waits"
                });
                let s = if seen {
                    Status::Success
                } else {
                    Status::Running
                };
                self.finish(s)
            }
            Kind::WaitUntil(t) => {
                let ok = time_test(env, t, "L7 wait_until");
                let s = if ok { Status::Success } else { Status::Running };
                self.finish(s)
            }
            Kind::Composite { policy, .. } => self.tick_composite(env, *policy),
            Kind::Decorator(deco) => self.tick_deco(env, deco),
            Kind::Defer(_) => self.tick_defer(env),
            Kind::Parallel { .. } | Kind::Concurrent => self.step_parallel(env),
            Kind::IfThenElse | Kind::WhileDoElse | Kind::Switch { .. } => self.step_control(env),
            Kind::Subtree(_) => {
                let s = self.children[0].tick(env);
                self.finish(s)
            }
        }
    }

    /// Removes this active node and everything active below it from the
    /// active path, deepest first, each exactly once (L2, C7).
    fn halt(&mut self, env: &mut Env) {
        debug_assert!(self.active);
        match std::mem::replace(&mut self.run, Run::Idle) {
            Run::Leaf { log, .. } => env.io.deactivate(&log, None),
            Run::Defer { name, ticket } => {
                env.io.deactivate(&name, None);
                abandon(env, &name, ticket);
            }
            Run::Group {
                behavior, running, ..
            } => {
                if let Some(r) = running {
                    self.children[r].halt(env);
                }
                // D7: the group behavior is deactivated after its children.
                if let Some((_, log)) = behavior {
                    env.io.deactivate(&log, None);
                }
            }
            Run::Deco { child, .. } => {
                if child {
                    self.children[0].halt(env);
                }
                match &self.node.kind {
                    // R11: `exit` once when it leaves, after its child.
                    Kind::Decorator(Deco::Custom(name)) => {
                        env.hit("custom decorator is halted");
                        env.io.deco_exit(name, None);
                    }
                    // R8: leaving for any reason gives the slot back.
                    Kind::Decorator(Deco::Limit { resource, .. }) => {
                        env.hit("R8 slot released on halt");
                        env.services.release(*resource);
                    }
                    // R9: no message when halted.
                    Kind::Decorator(Deco::Log(_)) => env.hit("R9 log halted silently"),
                    _ => {}
                }
            }
            Run::Par { slots } => {
                // C5, C8–C10: running children are halted in declaration
                // order.
                for (i, s) in slots.iter().enumerate() {
                    if *s == Slot::Running {
                        self.children[i].halt(env);
                    }
                }
            }
            Run::Subtree => {
                if self.children[0].active {
                    self.children[0].halt(env);
                }
            }
            Run::Idle | Run::Wait { .. } | Run::Condition | Run::WaitFor { .. } => {}
        }
        self.active = false;
    }

    /// Records the outcome of `enter`/`tick`: a completed node is inactive.
    fn finish(&mut self, s: Status) -> Status {
        if s.is_done() {
            self.active = false;
            self.run = Run::Idle;
        }
        s
    }

    fn enter_leaf(&mut self, env: &mut Env, scripted: String, log: String) -> Status {
        // L2: a failed activate counts as Failure on the first tick and gets
        // no deactivate.
        if !env.io.activate(&scripted, &log) {
            env.hit("activate refused");
            return Status::Failure;
        }
        self.active = true;
        self.run = Run::Leaf { scripted, log };
        self.tick(env)
    }

    // ----- children, as status composites and decorators see them ----------

    /// Enters child `k` if its guard accepts; G4: a rejecting guard makes the
    /// child report Failure without running it.
    fn enter_child(&mut self, env: &mut Env, k: usize) -> Status {
        match self.children[k].guard_entry(env) {
            Some(handed) => self.children[k].enter(env, handed),
            None => Status::Failure,
        }
    }

    /// Ticks the running child `k`; with `recheck`, its guard is re-checked
    /// first and a rejection halts it and counts as Failure (G3).
    fn tick_child(&mut self, env: &mut Env, k: usize, recheck: bool) -> Status {
        let child = &mut self.children[k];
        if recheck && child.node.guard.is_some() && !child.guard_recheck(env) {
            env.hit("recheck rejects");
            child.halt(env);
            return Status::Failure;
        }
        child.tick(env)
    }

    /// Whether child `k`'s guard says `recheck` (G3).
    fn marked_recheck(&self, k: usize) -> bool {
        self.children[k]
            .node
            .guard
            .as_ref()
            .is_some_and(|g| g.recheck)
    }

    // ----- composites (D1–D3, D7, D9, C1–C4) -----------------------------------

    fn enter_composite(
        &mut self,
        env: &mut Env,
        policy: Policy,
        group: &Option<Group>,
        handed: Handed,
    ) -> Status {
        // D1 order: group behavior activate → its tick → decide the children
        // (G6: or enter the child a `delegate` guard picked).
        let (block, first) = match handed {
            Handed::Nothing => (None, None),
            Handed::Block(leaf, value) => (Some((leaf, value)), None),
            Handed::Child(i, h) => (None, Some((i, *h))),
        };
        let behavior = match group {
            None => None,
            Some(Group::Act(n)) => Some((n.clone(), n.clone())),
            Some(Group::Blk) => {
                let (leaf, value) =
                    block.expect("a Blk group is only generated behind a dblock guard");
                let log = blk_log_name(&leaf, value);
                Some((leaf, log))
            }
        };
        if let Some((scripted, log)) = &behavior {
            // D7: Failure from the group behavior's activate or tick fails
            // the group; a failed activate gets no deactivate.
            if !env.io.activate(scripted, log) {
                env.hit("group behavior refused");
                return Status::Failure;
            }
            if env.io.tick(scripted, log) == Status::Failure {
                env.hit("group behavior fails on tick");
                env.io.deactivate(log, Some(Status::Failure));
                return Status::Failure;
            }
        }
        self.active = true;
        self.run = Run::Group {
            behavior,
            running: None,
            since: env.now,
        };
        let n = self.children.len();
        if let Some((i, h)) = first {
            self.enter_delegated(env, policy, i, h)
        } else if policy.is_decider_group() {
            self.decide_children(env, policy, 0, vec![false; n], None)
        } else {
            self.walk(env, policy, 0)
        }
    }

    fn running(&self) -> Option<usize> {
        match self.run {
            Run::Group { running, .. } => running,
            _ => None,
        }
    }

    fn set_running(&mut self, r: Option<usize>) {
        if let Run::Group { running, .. } = &mut self.run {
            *running = r;
        }
    }

    /// The group leaves the active path with `s`, its children already
    /// inactive; D7: its behavior is deactivated last.
    fn exit_group(&mut self, env: &mut Env, s: Status) -> Status {
        if let Run::Group {
            behavior: Some((_, log)),
            ..
        } = &self.run
        {
            env.io.deactivate(log, Some(s));
        }
        self.active = false;
        self.run = Run::Idle;
        s
    }

    /// D7: ticks the group behavior; a Failure halts the children, then the
    /// behavior, and fails the group (`false`).
    fn tick_group_behavior(&mut self, env: &mut Env) -> bool {
        let Run::Group {
            behavior: Some((scripted, log)),
            ..
        } = &self.run
        else {
            return true;
        };
        let (scripted, log) = (scripted.clone(), log.clone());
        if env.io.tick(&scripted, &log) != Status::Failure {
            return true; // D7: Success and Running mean "carry on"
        }
        env.hit("group behavior fails on tick");
        if let Some(r) = self.running() {
            self.children[r].halt(env);
            self.set_running(None);
        }
        self.exit_group(env, Status::Failure);
        false
    }

    /// G5: before a decider group redecides because its active child exited
    /// on a later tick than the group's entry, a `redecide` guard re-runs
    /// the group's own guard (entry semantics: a timer not due rejects).
    /// Not in the tick the group is entered: its guard has just accepted.
    /// G6: a `delegate` guard runs its delegation pass here too; only
    /// accept or reject counts, the picked child is dropped.
    fn redecide_guard_accepts(&mut self, env: &mut Env) -> bool {
        let Some(g) = self.node.guard.as_ref().filter(|g| g.redecide) else {
            return true;
        };
        if g.delegate {
            env.hit("G6 redecide delegates");
        }
        let ok = self.guard_entry(env).is_some();
        env.hit(if ok { "G5 accepts" } else { "G5 rejects" });
        ok
    }

    /// D1–D6, D9: one decision of the group's policy among the children not
    /// in `mask`, and the chosen child entered; a child that exits at once
    /// is masked and the group decides again (D2), until one runs or none
    /// accepts. `start` is where `sequential` looks from; `last` is the
    /// status of the child that exited last, if this is a redecide.
    fn decide_children(
        &mut self,
        env: &mut Env,
        policy: Policy,
        mut start: usize,
        mut mask: Vec<bool>,
        mut last: Option<Status>,
    ) -> Status {
        loop {
            let Some((i, _, handed)) = self.choose(env, policy, start, &mask) else {
                let s = match last {
                    // D9: accepted, but no child accepts: the subset rule
                    // is broken; reported, and the group fails.
                    None => {
                        env.hit("D9 subset rule");
                        env.errors.push(self.node.name.clone());
                        Status::Failure
                    }
                    // D2, D3: nothing accepts on a redecide: the group exits
                    // with the status of the child that exited.
                    Some(s) => {
                        env.hit("D2 exit with last status");
                        s
                    }
                };
                return self.exit_group(env, s);
            };
            if last.is_some() {
                env.hit("D2 masked redecide enters another");
            }
            if policy == Policy::Shuffle {
                self.join_round(env, i);
            }
            let s = self.children[i].enter(env, handed);
            if s == Status::Running {
                self.set_running(Some(i));
                return Status::Running;
            }
            // D2: the child exited (or refused to activate): masked redecide.
            // G5 is not run again here: the group's guard was either just
            // accepted in this tick (a fresh entry) or just re-run by
            // `child_exited`. One decision, one guard call per tick.
            mask[i] = true;
            last = Some(s);
            start = i + 1;
        }
    }

    /// G6: entering a group whose `delegate` guard picked child `i` (`first`:
    /// what that child's guard handed on). The group behavior, if any, has
    /// activated and ticked; the child is entered as it was decided, not
    /// decided again (a `shuffle` child joins the round now, D5). If it
    /// exits at once, the group goes on deciding by its policy with it
    /// masked (D2; `sequential`: from the next child on), as on any entry;
    /// if none accepts, the group exits with the child's status.
    fn enter_delegated(
        &mut self,
        env: &mut Env,
        policy: Policy,
        i: usize,
        first: Handed,
    ) -> Status {
        env.hit("G6 delegated child entered");
        if policy == Policy::Shuffle {
            self.join_round(env, i);
        }
        let s = self.children[i].enter(env, first);
        if s == Status::Running {
            self.set_running(Some(i));
            return Status::Running;
        }
        env.hit("G6 delegated child exits at once");
        let mut mask = vec![false; self.children.len()];
        mask[i] = true;
        self.decide_children(env, policy, i + 1, mask, Some(s))
    }

    /// One decision of a decider group's policy among the children not in
    /// `mask` (D1, D3–D6): the picked child, its score and what its guard
    /// handed on; nothing is entered, and a `shuffle` round is not changed.
    fn choose(
        &mut self,
        env: &mut Env,
        policy: Policy,
        start: usize,
        mask: &[bool],
    ) -> Option<(usize, f32, Handed)> {
        match policy {
            Policy::Priority | Policy::Sequential => self.first_accepting(env, policy, start, mask),
            Policy::Random => self.weighted_choice(env, |i| !mask[i]),
            Policy::Shuffle => self.shuffle_choice(env, mask),
            Policy::Scored => self.best_choice(env, mask),
            _ => unreachable!("status composites walk"),
        }
    }

    /// D1, D3: the first child (priority: of all; sequential: from `start`
    /// on) not masked whose guard accepts; later children are not decided.
    fn first_accepting(
        &mut self,
        env: &mut Env,
        policy: Policy,
        start: usize,
        mask: &[bool],
    ) -> Option<(usize, f32, Handed)> {
        let from = if policy == Policy::Priority { 0 } else { start };
        (from..self.children.len())
            .filter(|&i| !mask[i])
            .find_map(|i| {
                let (score, handed) = self.children[i].guard_score(env)?;
                Some((i, score, handed))
            })
    }

    /// D4: every child for which `candidate` holds is decided, in
    /// declaration order; among those that accept, one is chosen at random,
    /// weighted by score. The contract's draw protocol: a running total of
    /// the accepted scores; the first accepting child is taken without a
    /// draw; each later one with score `w` replaces the choice iff
    /// `unit * total < w`, one draw of the group's generator each.
    fn weighted_choice(
        &mut self,
        env: &mut Env,
        candidate: impl Fn(usize) -> bool,
    ) -> Option<(usize, f32, Handed)> {
        let mut total = 0.0f64;
        let mut chosen = None;
        // G6: whether a delegating child's score is in the total.
        let mut delegated = false;
        for i in 0..self.children.len() {
            if !candidate(i) {
                continue;
            }
            let Some((score, handed)) = self.children[i].guard_score(env) else {
                continue;
            };
            let w = f64::from(score);
            total += w;
            delegated |= matches!(handed, Handed::Child(..));
            if chosen.is_none() {
                chosen = Some((i, score, handed));
                continue;
            }
            if delegated {
                env.hit("G6 a delegated score competes");
            }
            let rng = self.rng.as_mut().expect("a random group has a generator");
            if unit(rng) * total < w {
                env.hit("D4 draw replaces the choice");
                chosen = Some((i, score, handed));
            } else {
                env.hit("D4 draw keeps the choice");
            }
        }
        chosen
    }

    /// D5: a weighted choice (D4) among the unmasked children not chosen yet
    /// in this round; if none of them accepts, among the unmasked children
    /// of the round (each child is decided at most once per decision). The
    /// round itself changes only when the chosen child is entered
    /// ([`Inst::join_round`]).
    fn shuffle_choice(&mut self, env: &mut Env, mask: &[bool]) -> Option<(usize, f32, Handed)> {
        if std::mem::take(&mut self.picked_not_entered) {
            // G6: a delegation picked a child that was not entered: the
            // round read now is the one from before that pick.
            env.hit("G6 shuffle round kept by a delegation not entered");
        }
        let round = self.round;
        let used = |i: usize| round & (1u64 << i) != 0;
        if (0..self.children.len()).any(|i| !mask[i] && used(i)) {
            env.hit("D5 round skips a used child");
        }
        match self.weighted_choice(env, |i| !mask[i] && !used(i)) {
            Some(c) => Some(c),
            None => self.weighted_choice(env, |i| !mask[i] && used(i)),
        }
    }

    /// D5: child `i` of a `shuffle` group is entered and joins the round.
    /// If it was in the round already, it was chosen by a new round's pass:
    /// the new round holds just this child.
    fn join_round(&mut self, env: &mut Env, i: usize) {
        self.picked_not_entered = false;
        let bit = 1u64 << i;
        if self.round & bit != 0 {
            env.hit("D5 new round");
            self.round = bit;
        } else {
            self.round |= bit;
        }
    }

    /// D6: every unmasked child is decided; the highest score wins, the
    /// earliest on ties.
    fn best_choice(&mut self, env: &mut Env, mask: &[bool]) -> Option<(usize, f32, Handed)> {
        let mut best: Option<(usize, f32, Handed)> = None;
        for i in (0..self.children.len()).filter(|&i| !mask[i]) {
            let Some((score, handed)) = self.children[i].guard_score(env) else {
                continue;
            };
            match &best {
                None => best = Some((i, score, handed)),
                Some((_, b, h)) => {
                    if matches!(handed, Handed::Child(..)) || matches!(h, Handed::Child(..)) {
                        env.hit("G6 a delegated score competes");
                    }
                    if score > *b {
                        env.hit("D6 a later child scores higher");
                        best = Some((i, score, handed));
                    }
                }
            }
        }
        best
    }

    /// C1, C3 (and C2, C4 on entry): enters the children from `from` on in
    /// order while they succeed (sequences) or fail (fallbacks).
    fn walk(&mut self, env: &mut Env, policy: Policy, from: usize) -> Status {
        let goes_on = continue_status(policy);
        for k in from..self.children.len() {
            let s = self.enter_child(env, k);
            if s == Status::Running {
                self.set_running(Some(k));
                return Status::Running;
            }
            if s != goes_on {
                return self.exit_group(env, s);
            }
        }
        self.exit_group(env, goes_on)
    }

    fn tick_composite(&mut self, env: &mut Env, policy: Policy) -> Status {
        if !self.tick_group_behavior(env) {
            return Status::Failure;
        }
        let i = self
            .running()
            .expect("an active composite has a running child");
        match policy {
            Policy::Priority | Policy::Sequential => {
                if policy == Policy::Priority {
                    // D1: decide only the children before the active one;
                    // the first that accepts interrupts it.
                    for j in 0..i {
                        if let Some(handed) = self.children[j].guard_entry(env) {
                            env.hit("priority interrupts");
                            self.children[i].halt(env);
                            self.set_running(None);
                            let s = self.children[j].enter(env, handed);
                            if s == Status::Running {
                                self.set_running(Some(j));
                                return Status::Running;
                            }
                            return self.child_exited(env, policy, j, s);
                        }
                    }
                }
                // G3: hysteresis; only a `recheck` guard is re-evaluated.
                let s = self.tick_child(env, i, self.marked_recheck(i));
                if s == Status::Running {
                    return s;
                }
                self.child_exited(env, policy, i, s)
            }
            Policy::Random | Policy::Shuffle | Policy::Scored => {
                // D4–D6: not interruptible by siblings, except a `scored`
                // group's rescoring.
                let rescore = match self.node.kind {
                    Kind::Composite { rescore, .. } => rescore,
                    _ => None,
                };
                if let Some(d) = rescore {
                    if let Some(s) = self.rescore(env, d, i) {
                        return s;
                    }
                }
                // G3: hysteresis; only a `recheck` guard is re-evaluated.
                let s = self.tick_child(env, i, self.marked_recheck(i));
                if s == Status::Running {
                    return s;
                }
                if rescore.is_some() {
                    // D6: a redecide after an exit is a decision.
                    self.set_since(env.now);
                }
                self.child_exited(env, policy, i, s)
            }
            Policy::Sequence | Policy::Fallback => {
                // C1, C3: resume at the running child.
                env.hit("sequence/fallback resumes");
                let s = self.tick_child(env, i, self.marked_recheck(i));
                if s == Status::Running {
                    return s;
                }
                self.set_running(None);
                if s == continue_status(policy) {
                    self.walk(env, policy, i + 1)
                } else {
                    self.exit_group(env, s)
                }
            }
            Policy::ReactiveSequence | Policy::Selector => self.rewalk(env, policy, i),
        }
    }

    fn set_since(&mut self, now: f64) {
        if let Run::Group { since, .. } = &mut self.run {
            *since = now;
        }
    }

    /// D6, `scored(rescore = d)`: once `d` has passed since the group last
    /// decided, every child is decided, the running one `run` included (it
    /// scores 0 if it rejects); the best other child (the earliest on ties)
    /// takes over only with a strictly higher score: the running child is
    /// halted and the other entered; if it exits at once, the group
    /// redecides with it masked (G5 first), as after an exit. `None`: no
    /// takeover, the running child is ticked as usual.
    fn rescore(&mut self, env: &mut Env, d: f64, run: usize) -> Option<Status> {
        let Run::Group { since, .. } = self.run else {
            unreachable!()
        };
        if env.now - since < d {
            return None;
        }
        self.set_since(env.now);
        let mut run_score = 0.0f32;
        let mut best: Option<(usize, f32, Handed)> = None;
        for k in 0..self.children.len() {
            let Some((score, handed)) = self.children[k].guard_score(env) else {
                continue;
            };
            if k == run {
                run_score = score;
            } else if best.as_ref().is_none_or(|b| score > b.1) {
                best = Some((k, score, handed));
            }
        }
        match best {
            Some((k, score, handed)) if score > run_score => {
                env.hit("D6 rescore takes over");
                self.children[run].halt(env);
                self.set_running(None);
                let s = self.children[k].enter(env, handed);
                if s == Status::Running {
                    self.set_running(Some(k));
                    return Some(s);
                }
                env.hit("D6 rescore takeover exits at once");
                Some(self.child_exited(env, Policy::Scored, k, s))
            }
            _ => {
                env.hit("D6 rescore keeps");
                None
            }
        }
    }

    /// D2: the active child `i` exited with `s`: mask it and redecide.
    fn child_exited(&mut self, env: &mut Env, policy: Policy, i: usize, s: Status) -> Status {
        self.set_running(None);
        let mut mask = vec![false; self.children.len()];
        mask[i] = true;
        if !self.redecide_guard_accepts(env) {
            return self.exit_group(env, Status::Failure);
        }
        self.decide_children(env, policy, i + 1, mask, Some(s))
    }

    /// C2, C4: every tick walks again from the first child; the running
    /// child's guard is re-checked as it is reached (G3 semantics: a timer
    /// not due keeps it running). An earlier child that stops the walk is
    /// ticked first, then the old running child is halted.
    fn rewalk(&mut self, env: &mut Env, policy: Policy, old: usize) -> Status {
        let goes_on = continue_status(policy);
        for k in 0..self.children.len() {
            let s = if k == old {
                let s = self.tick_child(env, k, true);
                if s.is_done() {
                    self.set_running(None);
                }
                s
            } else {
                self.enter_child(env, k)
            };
            if s == goes_on {
                continue;
            }
            if let Some(r) = self.running() {
                if r != k {
                    env.hit("rewalk halts the old child");
                    self.children[r].halt(env);
                    self.set_running(None);
                }
            }
            if s == Status::Running {
                self.set_running(Some(k));
                return s;
            }
            return self.exit_group(env, s);
        }
        self.exit_group(env, goes_on)
    }

    // ----- decorators (R1–R7) --------------------------------------------------

    fn deco_state(&mut self) -> (&mut f64, &mut u64, &mut bool) {
        match &mut self.run {
            Run::Deco {
                start,
                count,
                child,
            } => (start, count, child),
            _ => unreachable!(),
        }
    }

    fn enter_deco(&mut self, env: &mut Env, deco: &'f Deco) -> Status {
        match deco {
            Deco::Custom(name) => return self.enter_custom(env, name),
            Deco::Recheck => return self.enter_recheck(env),
            Deco::IfTime(t) => return self.enter_if_time(env, t),
            Deco::Limit { resource, max } => return self.enter_limit(env, *resource, *max),
            Deco::Log(lines) => return self.enter_log(env, lines),
            _ => {}
        }
        // R3, R4: within the cooldown, Failure without ticking the child.
        let cooling = match *deco {
            Deco::CooldownOnFailure(d) | Deco::Cooldown(d) => {
                self.cooldown.is_some_and(|t| env.now - t < d)
            }
            _ => false,
        };
        if cooling {
            env.hit(match deco {
                Deco::Cooldown(_) => "cooldown rejects",
                _ => "cooldown_on_failure rejects",
            });
            return Status::Failure;
        }
        // R13: once the child completed, `run_once` completes at once with
        // that status (or the written one), without entering the child: no
        // activation, like a cooldown refusing entry.
        if let (Deco::RunOnce(written), Some(stored)) = (deco, self.once) {
            env.hit("run_once replays");
            return written.unwrap_or(stored);
        }
        self.active = true;
        self.run = Run::Deco {
            start: env.now,
            count: 0,
            child: false,
        };
        self.tick_deco(env, deco)
    }

    fn tick_deco(&mut self, env: &mut Env, deco: &'f Deco) -> Status {
        match deco {
            Deco::Custom(name) => return self.tick_custom(env, name),
            Deco::Recheck => return self.tick_recheck(env),
            Deco::IfTime(t) => return self.tick_if_time(env, t),
            Deco::Limit { resource, .. } => {
                let s = self.tick_child(env, 0, self.marked_recheck(0));
                return self.limit_done(env, *resource, s);
            }
            Deco::Log(lines) => {
                let s = self.tick_child(env, 0, self.marked_recheck(0));
                return self.log_done(env, lines, s);
            }
            _ => {}
        }
        let (start, _, child) = self.deco_state();
        let (start, child_active) = (*start, *child);
        match *deco {
            // R6: still running after `d`: halt the child, Failure.
            Deco::Timeout(d) if env.now - start >= d => {
                env.hit("timeout fires");
                if child_active {
                    self.children[0].halt(env);
                }
                return self.finish(Status::Failure);
            }
            // R7: Running for `d`, then the child runs.
            Deco::Delay(d) if env.now - start < d => return Status::Running,
            Deco::Delay(_) if !child_active => env.hit("delay passes"),
            _ => {}
        }
        let s = if child_active {
            self.tick_child(env, 0, self.marked_recheck(0))
        } else {
            // R5: a restart happens on the next tick, by entering again.
            self.enter_child(env, 0)
        };
        *self.deco_state().2 = s == Status::Running;
        let out = self.map_deco(env, deco, s);
        self.finish(out)
    }

    /// R1–R5, R13: what a built-in decorator makes of its child's status
    /// `s` this tick (halting a running child a completion replaces, R2).
    fn map_deco(&mut self, env: &mut Env, deco: &'f Deco, s: Status) -> Status {
        match *deco {
            Deco::Invert => match s {
                Status::Success => Status::Failure,
                Status::Failure => Status::Success,
                Status::Running => Status::Running,
            },
            Deco::Force(x) => {
                if s.is_done() {
                    x
                } else {
                    s
                }
            }
            Deco::Always(x) => {
                // R2: a running child mapped to a completion is halted.
                if s == Status::Running && x.is_done() {
                    env.hit("always halts its child");
                    self.children[0].halt(env);
                    *self.deco_state().2 = false;
                }
                x
            }
            Deco::CooldownOnFailure(_) => {
                if s == Status::Failure {
                    self.cooldown = Some(env.now);
                }
                s
            }
            Deco::Cooldown(_) => {
                if s.is_done() {
                    self.cooldown = Some(env.now);
                }
                s
            }
            Deco::Repeat(n) => match s {
                Status::Success => {
                    let count = self.deco_state().1;
                    *count += 1;
                    if n.is_some_and(|n| *count >= n) {
                        env.hit("repeat succeeds");
                        Status::Success
                    } else {
                        env.hit("repeat restarts");
                        Status::Running
                    }
                }
                other => other,
            },
            // R5: `retry(forever)` retries until the child succeeds.
            Deco::Retry(None) => match s {
                Status::Failure => {
                    env.hit("retry forever restarts");
                    Status::Running
                }
                other => other,
            },
            Deco::Retry(Some(n)) => match s {
                Status::Failure => {
                    let count = self.deco_state().1;
                    *count += 1;
                    if *count >= n {
                        env.hit("retry gives up");
                        Status::Failure
                    } else {
                        env.hit("retry restarts");
                        Status::Running
                    }
                }
                other => other,
            },
            Deco::RunOnce(_) => {
                // R13: the first completion is stored (kept by a halt,
                // cleared by a reset) and passed through.
                if s.is_done() {
                    env.hit("run_once stores");
                    self.once = Some(s);
                }
                s
            }
            Deco::Timeout(_) | Deco::Delay(_) => s,
            Deco::Recheck
            | Deco::Custom(_)
            | Deco::IfTime(_)
            | Deco::Limit { .. }
            | Deco::Log(_) => unreachable!("handled above"),
        }
    }

    /// R12: `recheck(ITEMS) { child }`: the child's guard (the items, marked
    /// `recheck`) is checked on entry: a rejection is Failure without
    /// running the child (G4).
    fn enter_recheck(&mut self, env: &mut Env) -> Status {
        let Some(handed) = self.children[0].guard_entry(env) else {
            env.hit("R12 recheck rejects on entry");
            return Status::Failure;
        };
        self.active = true;
        self.run = Run::Deco {
            start: env.now,
            count: 0,
            child: true,
        };
        let s = self.children[0].enter(env, handed);
        self.finish(s)
    }

    /// R12, G3: every tick while the child runs its guard is checked again
    /// (a timer not due keeps it running); a rejection halts the child and
    /// the decorator fails. Otherwise the child's status passes through.
    fn tick_recheck(&mut self, env: &mut Env) -> Status {
        let child = &mut self.children[0];
        if !child.guard_recheck(env) {
            env.hit("R12 recheck rejects");
            child.halt(env);
            return self.finish(Status::Failure);
        }
        let s = child.tick(env);
        self.finish(s)
    }

    /// R10: `if_time` tests the time since its timestamp on entry: when the
    /// test fails, Failure without entering the child (no activation);
    /// else the child is entered (its guard first, G4) and its status
    /// passes through.
    fn enter_if_time(&mut self, env: &mut Env, t: &TimeTest) -> Status {
        if !time_test(env, t, "R10 if_time") {
            return Status::Failure;
        }
        self.active = true;
        self.run = Run::Deco {
            start: env.now,
            count: 0,
            child: true,
        };
        let s = self.enter_child(env, 0);
        self.finish(s)
    }

    /// R10: while the child runs, the test is not made again: the child's
    /// status passes through (G3: a `recheck` guard of the child is).
    fn tick_if_time(&mut self, env: &mut Env, t: &TimeTest) -> Status {
        if !t.holds(env.stamps[t.stamp], env.now) {
            env.hit("R10 if_time test turned false while the child runs");
        }
        let s = self.tick_child(env, 0, self.marked_recheck(0));
        self.finish(s)
    }

    /// R11: the scripted decorator enters: `enter` (its persistent entry
    /// count goes up), then its first `before`. A stop there is not an
    /// activation: no `exit` follows.
    fn enter_custom(&mut self, env: &mut Env, name: &'f str) -> Status {
        self.entries += 1;
        env.io.deco_enter(name, self.entries);
        let first = env.io.deco_before(name, false);
        if let BeforeAnswer::Stop(s) = first {
            env.hit("custom decorator refuses entry");
            return s;
        }
        self.active = true;
        self.run = Run::Deco {
            start: env.now,
            count: 0,
            child: false,
        };
        let s = if first == BeforeAnswer::Wait {
            env.hit("custom decorator waits");
            Status::Running
        } else {
            self.custom_child(env, name)
        };
        self.custom_done(env, name, s)
    }

    /// R11: a tick of the active scripted decorator: `before` (told whether
    /// the child runs) says tick, wait (`Running`, the child untouched) or
    /// stop (a running child is halted first).
    fn tick_custom(&mut self, env: &mut Env, name: &'f str) -> Status {
        let running = *self.deco_state().2;
        let s = match env.io.deco_before(name, running) {
            BeforeAnswer::Tick => self.custom_child(env, name),
            BeforeAnswer::Wait => {
                env.hit("custom decorator waits");
                Status::Running
            }
            BeforeAnswer::Stop(s) => {
                if running {
                    env.hit("custom decorator stops its running child");
                    self.children[0].halt(env);
                    *self.deco_state().2 = false;
                }
                s
            }
        };
        self.custom_done(env, name, s)
    }

    /// R11: the child is entered (its guard first, G4) or ticked (G3), then
    /// `after` maps its status. A running child mapped to a completion is
    /// halted (C7); a completed child mapped to `Running` is entered again
    /// on the next tick (R5), as it is no longer running.
    fn custom_child(&mut self, env: &mut Env, name: &'f str) -> Status {
        let running = *self.deco_state().2;
        let child = if running {
            self.tick_child(env, 0, self.marked_recheck(0))
        } else {
            self.enter_child(env, 0)
        };
        *self.deco_state().2 = child == Status::Running;
        let steps = {
            let count = self.deco_state().1;
            *count += 1;
            *count
        };
        let s = env.io.deco_after(name, child, steps);
        if s.is_done() && child == Status::Running {
            env.hit("custom decorator halts its running child");
            self.children[0].halt(env);
            *self.deco_state().2 = false;
        }
        if child.is_done() && s == Status::Running {
            env.hit("custom decorator restarts its child");
        }
        s
    }

    /// R11: a completed scripted decorator runs `exit` once and leaves.
    fn custom_done(&mut self, env: &mut Env, name: &'f str, s: Status) -> Status {
        if s.is_done() {
            env.hit("custom decorator exits on completion");
            env.io.deco_exit(name, Some(s));
        }
        self.finish(s)
    }

    // ----- limit and log (R8, R9) -----------------------------------------------

    /// R8: entering, `limit` takes a slot of its resource; when `max` are
    /// held (the tree's own and the others'), it fails at once, without
    /// entering its child and without being activated. Then the child is
    /// entered (its guard first, G4) and its status passes through.
    fn enter_limit(&mut self, env: &mut Env, resource: usize, max: u32) -> Status {
        if !env.services.slot_free(resource, max) {
            env.hit("R8 limit full refuses entry");
            return Status::Failure;
        }
        env.hit("R8 limit enters");
        env.services.acquire(resource);
        self.active = true;
        self.run = Run::Deco {
            start: env.now,
            count: 0,
            child: true,
        };
        let s = self.enter_child(env, 0);
        self.limit_done(env, resource, s)
    }

    /// R8: the child's completion completes `limit` and gives the slot
    /// back.
    fn limit_done(&mut self, env: &mut Env, resource: usize, s: Status) -> Status {
        if s.is_done() {
            env.hit("R8 slot released on completion");
            env.services.release(resource);
        }
        self.finish(s)
    }

    /// R9: `log` sends its `start` message when it is entered (before its
    /// child is entered), passes the child's status through.
    fn enter_log(&mut self, env: &mut Env, lines: &'f LogLines) -> Status {
        if let Some(m) = &lines.start {
            env.hit("R9 log start");
            env.io.trace_log(&self.node.name, m);
        }
        self.active = true;
        self.run = Run::Deco {
            start: env.now,
            count: 0,
            child: true,
        };
        let s = self.enter_child(env, 0);
        self.log_done(env, lines, s)
    }

    /// R9: on completion, the `success` or `failure` message.
    fn log_done(&mut self, env: &mut Env, lines: &'f LogLines, s: Status) -> Status {
        let message = match s {
            Status::Running => None,
            Status::Success => lines
                .success
                .as_ref()
                .inspect(|_| env.hit("R9 log success")),
            Status::Failure => lines
                .failure
                .as_ref()
                .inspect(|_| env.hit("R9 log failure")),
        };
        if let Some(m) = message {
            env.io.trace_log(&self.node.name, m);
        }
        self.finish(s)
    }

    // ----- deferred actions (V5) -------------------------------------------------

    /// V5: activating, a deferred action launches into the frame's
    /// requests: refused when the buffer is full (`Failure`, no
    /// deactivation, the tick's report names the agent); else it is
    /// active and polls at once (L1).
    fn enter_defer(&mut self, env: &mut Env, name: &str) -> Status {
        let Some(ticket) = env.services.launch(name) else {
            env.hit("V5 launch refused");
            env.io.launch(name, Status::Failure);
            env.errors
                .push(format!("LaunchRefused {{ agent: {AGENT} }}"));
            return Status::Failure;
        };
        env.hit("V5 launch");
        env.io.launch(name, Status::Running);
        self.active = true;
        self.run = Run::Defer {
            name: name.to_string(),
            ticket: Some(ticket),
        };
        self.tick_defer(env)
    }

    /// V5: a tick polls the completions reported before it: the result
    /// completes the behavior (deactivated at once, nothing left to
    /// abandon); none keeps it running.
    fn tick_defer(&mut self, env: &mut Env) -> Status {
        let Run::Defer { name, ticket } = &mut self.run else {
            unreachable!()
        };
        let seen = ticket.and_then(|t| env.services.completion(t));
        let s = match seen {
            None => Status::Running,
            Some(true) => Status::Success,
            Some(false) => Status::Failure,
        };
        env.io.poll(name, s);
        if s.is_done() {
            env.hit("V5 completion seen");
            *ticket = None;
            env.io.deactivate(name, Some(s));
            env.io.abandon(name, "None");
        }
        self.finish(s)
    }

    // ----- parallel and concurrent (C5, C6) ------------------------------------------

    fn slots(&mut self) -> &mut Vec<Slot> {
        match &mut self.run {
            Run::Par { slots } => slots,
            _ => unreachable!(),
        }
    }

    fn step_parallel(&mut self, env: &mut Env) -> Status {
        let n = self.children.len();
        let concurrent = matches!(self.node.kind, Kind::Concurrent);
        for k in 0..n {
            let slot = self.slots()[k];
            let s = match slot {
                // C5: children that completed are not re-ticked until the
                // parallel restarts.
                Slot::Done(_) if !concurrent => continue,
                Slot::Running => self.tick_child(env, k, self.marked_recheck(k)),
                // C6: every tick ticks all children, so a completed child is
                // entered again.
                _ => self.enter_child(env, k),
            };
            self.slots()[k] = if s == Status::Running {
                Slot::Running
            } else {
                Slot::Done(s)
            };
            let outcome = if concurrent {
                // C6: a Failure decides at once.
                (s == Status::Failure).then_some(Status::Failure)
            } else {
                self.parallel_outcome(n)
            };
            if let Some(out) = outcome {
                env.hit(match (concurrent, self.all_complete(), out) {
                    (true, _, _) => "concurrent fails",
                    (false, true, Status::Success) => "all_complete succeeds",
                    (false, true, _) => "all_complete fails",
                    (false, false, Status::Success) => "parallel succeeds",
                    (false, false, _) => "parallel fails",
                });
                // C5, C6: the still-running children are halted in
                // declaration order, those not reached this tick included.
                for i in 0..n {
                    if self.slots()[i] == Slot::Running {
                        self.children[i].halt(env);
                    }
                }
                return self.finish(out);
            }
        }
        if concurrent
            && self
                .slots()
                .iter()
                .all(|s| *s == Slot::Done(Status::Success))
        {
            env.hit("concurrent succeeds");
            return self.finish(Status::Success);
        }
        // C5 all complete: no early exit on a failure.
        if self.all_complete() && self.slots().contains(&Slot::Done(Status::Failure)) {
            env.hit("all_complete waits after a failure");
        }
        Status::Running
    }

    /// Whether this is a `parallel(all_complete…)`.
    fn all_complete(&self) -> bool {
        matches!(
            self.node.kind,
            Kind::Parallel {
                form: ParallelForm::AllComplete,
                ..
            }
        )
    }

    /// C5 all complete: the failures that fail it, `m` (1 when not written).
    fn all_complete_failures(&self) -> usize {
        match self.node.kind {
            Kind::Parallel { failure, .. } => failure.unwrap_or(1),
            _ => unreachable!(),
        }
    }

    /// C5: `Success` once `success` children succeeded (default: all);
    /// `Failure` once `failure` failed, or as soon as the success threshold
    /// can no longer be reached.
    fn parallel_outcome(&mut self, n: usize) -> Option<Status> {
        let Kind::Parallel {
            success, failure, ..
        } = self.node.kind
        else {
            unreachable!()
        };
        if self.all_complete() {
            // C5 all complete: undecided while a child has not completed;
            // then Failure iff at least `m` children failed.
            let m = self.all_complete_failures();
            let slots = self.slots();
            if slots.iter().any(|s| !matches!(s, Slot::Done(_))) {
                return None;
            }
            let failed = slots
                .iter()
                .filter(|s| **s == Slot::Done(Status::Failure))
                .count();
            return Some(if failed >= m {
                Status::Failure
            } else {
                Status::Success
            });
        }
        let slots = self.slots();
        let succeeded = slots
            .iter()
            .filter(|s| **s == Slot::Done(Status::Success))
            .count();
        let failed = slots
            .iter()
            .filter(|s| **s == Slot::Done(Status::Failure))
            .count();
        let success = success.unwrap_or(n);
        if succeeded >= success {
            Some(Status::Success)
        } else if failure.is_some_and(|f| failed >= f) || failed > n - success.min(n) {
            Some(Status::Failure)
        } else {
            None
        }
    }

    // ----- control nodes (C8–C10) ----------------------------------------------

    /// Steps the slot of child `k`, which has not completed: enters the
    /// child if idle (its guard first, G4: a rejection is a Failure), ticks
    /// it if running (G3: a `recheck` guard is checked first). Returns its
    /// status; the slot records it.
    fn step_slot(&mut self, env: &mut Env, k: usize) -> Status {
        let s = match self.slots()[k] {
            Slot::Idle => self.enter_child(env, k),
            Slot::Running => self.tick_child(env, k, self.marked_recheck(k)),
            Slot::Done(_) => unreachable!("a completed slot is not stepped"),
        };
        self.slots()[k] = if s == Status::Running {
            Slot::Running
        } else {
            Slot::Done(s)
        };
        s
    }

    /// Halts child `k` if its slot runs; the slot is idle afterwards.
    fn halt_slot(&mut self, env: &mut Env, k: usize) -> bool {
        if self.slots()[k] != Slot::Running {
            return false;
        }
        self.children[k].halt(env);
        self.slots()[k] = Slot::Idle;
        true
    }

    /// One tick (the first one included) of an `if_then_else`,
    /// `while_do_else` or `switch`. C7: a completed control node leaves no
    /// slot running.
    fn step_control(&mut self, env: &mut Env) -> Status {
        let s = match &self.node.kind {
            Kind::IfThenElse => self.step_if_then_else(env),
            Kind::WhileDoElse => self.step_while_do_else(env),
            Kind::Switch { value, cases } => self.step_switch(env, value, cases),
            _ => unreachable!(),
        };
        debug_assert!(
            s == Status::Running || !self.slots().contains(&Slot::Running),
            "{} completed with a child still running",
            self.node.name
        );
        self.finish(s)
    }

    /// C8: the condition (slot 0) is stepped until it completes, once per
    /// activation; then `Success` selects T (slot 1), `Failure` E (slot 2),
    /// and without E the node fails. The branch's status is the node's.
    fn step_if_then_else(&mut self, env: &mut Env) -> Status {
        let condition = match self.slots()[0] {
            Slot::Done(c) => {
                env.hit("if_then_else keeps its branch");
                c
            }
            _ => self.step_slot(env, 0),
        };
        if condition == Status::Running {
            env.hit("if_then_else condition running");
            return Status::Running;
        }
        let branch = if condition == Status::Success { 1 } else { 2 };
        if branch >= self.children.len() {
            env.hit("if_then_else no else fails");
            return Status::Failure;
        }
        env.hit(if branch == 1 {
            "if_then_else then branch"
        } else {
            "if_then_else else branch"
        });
        self.step_slot(env, branch)
    }

    /// C9: every tick the condition (slot 0) is restarted if it completed,
    /// then stepped. `Running`: the node runs, no branch is touched (one
    /// already running stays active, unticked). `Success` selects D (slot
    /// 1), `Failure` E (slot 2); the other branch is halted if it runs;
    /// without E the node fails. The branch's status is the node's.
    fn step_while_do_else(&mut self, env: &mut Env) -> Status {
        if matches!(self.slots()[0], Slot::Done(_)) {
            self.slots()[0] = Slot::Idle;
        }
        let condition = self.step_slot(env, 0);
        if condition == Status::Running {
            if self.slots()[1..].contains(&Slot::Running) {
                env.hit("while_do_else condition running keeps the branch");
            }
            return Status::Running;
        }
        let (branch, other) = if condition == Status::Success {
            (1, 2)
        } else {
            (2, 1)
        };
        if other < self.children.len() && self.halt_slot(env, other) {
            env.hit("while_do_else switches branch");
        }
        if branch >= self.children.len() {
            env.hit("while_do_else no else fails");
            return Status::Failure;
        }
        self.step_slot(env, branch)
    }

    /// C10: the value is read once; the first case whose pattern matches
    /// is selected. Every other running case is halted, in declaration
    /// order, before the selected one is stepped. The cases are exhaustive
    /// (rustc checks them as a `match`): "no match fails" is a `_ => fail`
    /// case, an ordinary default whose child fails.
    fn step_switch(&mut self, env: &mut Env, value: &str, cases: &[Case]) -> Status {
        let v = env.io.value(value);
        let k = cases
            .iter()
            .position(|c| case_matches(c, v))
            .expect("C10: a switch's cases are exhaustive (the tree would not compile)");
        for other in 0..self.children.len() {
            if other != k && self.halt_slot(env, other) {
                env.hit("switch halts previous case");
            }
        }
        if cases[k].is_none() {
            env.hit("switch default");
        }
        self.step_slot(env, k)
    }
}

/// L7, R10: the test of a `wait_until` or an `if_time` (`what`: which,
/// for the coverage counters) at this tick's clock; the time since the
/// timestamp is compared strictly, a timestamp never set passes only with
/// `or_never_set`.
fn time_test(env: &mut Env, t: &TimeTest, what: &'static str) -> bool {
    let stamp = env.stamps[t.stamp];
    let ok = t.holds(stamp, env.now);
    let wait_until = what == "L7 wait_until";
    let branch = match stamp {
        None if wait_until => {
            if ok {
                "L7 wait_until or_never_set succeeds"
            } else {
                "L7 wait_until never set waits"
            }
        }
        None => "R10 if_time never set",
        Some(s) if env.now - s == t.d => {
            if wait_until {
                "L7 wait_until at the boundary waits"
            } else {
                "R10 if_time at the boundary"
            }
        }
        Some(_) if wait_until && ok => "L7 wait_until completes",
        Some(_) => "",
    };
    if !branch.is_empty() {
        env.hit(branch);
    }
    if !wait_until {
        env.hit(if ok {
            "R10 if_time passes"
        } else {
            "R10 if_time fails"
        });
    }
    ok
}

/// The child status on which a status composite goes on to the next child.
/// V5: a deferred action deactivated with its launch outstanding
/// abandons it (after its `deactivate` hook's log line).
fn abandon(env: &mut Env, name: &str, ticket: Option<Ticket>) {
    let cancel = match ticket {
        None => "None",
        Some(t) => env.services.cancel(t),
    };
    match cancel {
        "Removed" => env.hit("V5 abandon removes the same frame's launch"),
        "Refused" => {
            // The tick's report names the agent; a cancel refused between
            // ticks goes into a report no tick shows.
            env.hit("V5 cancel refused");
            env.errors
                .push(format!("CancelRefused {{ agent: {AGENT} }}"));
        }
        "Requested" => env.hit("V5 abandon cancels"),
        _ => {}
    }
    env.io.abandon(name, cancel);
}

fn continue_status(policy: Policy) -> Status {
    match policy {
        Policy::Sequence | Policy::ReactiveSequence => Status::Success,
        Policy::Fallback | Policy::Selector => Status::Failure,
        Policy::Priority
        | Policy::Sequential
        | Policy::Random
        | Policy::Shuffle
        | Policy::Scored => unreachable!("decider groups do not walk"),
    }
}

/// The model checked on its own against logs written by hand from the rules,
/// so it is not only ever compared with the generated code.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::{AfterAnswer, Frame};
    use crate::tree::{Decls, Guard, StampDecl, TreeDef, VarDecl};

    fn node(name: &str, guard: Option<Guard>, kind: Kind, children: Vec<Node>) -> Node {
        Node {
            name: name.into(),
            guard,
            kind,
            children,
        }
    }

    fn act(name: &str, guard: Option<Guard>) -> Node {
        node(name, guard, Kind::Act(name.into()), vec![])
    }

    fn decide(name: &str) -> Option<Guard> {
        Some(Guard {
            decide: Some(Decide::Score(name.into())),
            ..Guard::default()
        })
    }

    fn forest(root: Node) -> Forest {
        Forest {
            trees: vec![TreeDef {
                name: "T".into(),
                root,
            }],
            decls: Decls::default(),
        }
    }

    fn set(io: &mut Inputs, scores: &[(&str, usize)], results: &[(&str, Status)]) {
        io.apply(&Frame::Tick {
            dt: 0,
            flags: 0,
            capacity: 0,
            completes: vec![],
            holders: vec![],
            scores: scores.iter().map(|(n, s)| (n.to_string(), *s)).collect(),
            results: results.iter().map(|(n, s)| (n.to_string(), *s)).collect(),
            refuse: vec![],
            blocks: vec![],
            befores: vec![],
            afters: vec![],
            values: vec![],
        });
    }

    const ACCEPT: usize = 0; // SCORES[0] = 1.0
    const HALF: usize = 1; // SCORES[1] = 0.5
    const TWO: usize = 2; // SCORES[2] = 2.0
    const REJECT: usize = 3; // SCORES[3] = 0.0

    fn group(
        name: &str,
        guard: Option<Guard>,
        policy: Policy,
        rescore: Option<f64>,
        children: Vec<Node>,
    ) -> Node {
        node(
            name,
            guard,
            Kind::Composite {
                policy,
                group: None,
                rescore,
            },
            children,
        )
    }

    /// Scripts the answers of the scripted decorators (R11).
    fn answer(io: &mut Inputs, befores: &[(&str, BeforeAnswer)], afters: &[(&str, AfterAnswer)]) {
        io.apply(&Frame::Tick {
            dt: 0,
            flags: 0,
            capacity: 0,
            completes: vec![],
            holders: vec![],
            scores: vec![],
            results: vec![],
            refuse: vec![],
            blocks: vec![],
            befores: befores.iter().map(|(n, a)| (n.to_string(), *a)).collect(),
            afters: afters.iter().map(|(n, a)| (n.to_string(), *a)).collect(),
            values: vec![],
        });
    }

    fn activated(log: &[String]) -> Vec<&str> {
        log.iter()
            .filter_map(|l| l.strip_prefix("activate "))
            .collect()
    }

    #[test]
    fn d1_interrupt_deactivates_deepest_first_then_enters_the_new_child() {
        let f = forest(node(
            "root",
            None,
            Kind::Composite {
                policy: Policy::Priority,
                group: None,
                rescore: None,
            },
            vec![
                act("flee", decide("flee")),
                node(
                    "eat",
                    decide("eat"),
                    Kind::Composite {
                        policy: Policy::Priority,
                        group: Some(Group::Act("eat".into())),
                        rescore: None,
                    },
                    vec![act("find", None)],
                ),
            ],
        ));
        let mut m = Model::new(&f);
        let mut io = Inputs::default();
        set(&mut io, &[("eat", ACCEPT)], &[]);
        assert_eq!(m.tick(&mut io, 0.1, 0, 0).0, Status::Running);
        assert_eq!(
            io.take(),
            [
                "decide flee",
                "decide eat",
                "activate eat",
                "tick eat -> Running",
                "activate find",
                "tick find -> Running"
            ]
        );
        assert_eq!(m.path(), ["root", "eat", "find"]);
        // G3: eat's guard is not re-evaluated; flee is decided and interrupts.
        set(&mut io, &[("flee", ACCEPT)], &[]);
        m.tick(&mut io, 0.1, 0, 0);
        assert_eq!(
            io.take(),
            [
                "decide flee",
                "deactivate find Halted",
                "deactivate eat Halted",
                "activate flee",
                "tick flee -> Running"
            ]
        );
    }

    #[test]
    fn d2_an_exited_child_is_masked_and_the_group_exits_with_its_status() {
        let f = forest(node(
            "root",
            None,
            Kind::Composite {
                policy: Policy::Priority,
                group: None,
                rescore: None,
            },
            vec![act("a", decide("a")), act("b", decide("b"))],
        ));
        let mut m = Model::new(&f);
        let mut io = Inputs::default();
        set(
            &mut io,
            &[("a", ACCEPT), ("b", ACCEPT)],
            &[("a", Status::Failure)],
        );
        // a exits at once; masked, so b is decided and entered in the same tick.
        assert_eq!(m.tick(&mut io, 0.1, 0, 0).0, Status::Running);
        assert_eq!(
            io.take(),
            [
                "decide a",
                "activate a",
                "tick a -> Failure",
                "deactivate a Completed(Failure)",
                "decide b",
                "activate b",
                "tick b -> Running"
            ]
        );
        // b succeeds; a is decided again (unmasked) and rejects: the root
        // exits with b's status.
        set(&mut io, &[("a", REJECT)], &[("b", Status::Success)]);
        assert_eq!(m.tick(&mut io, 0.1, 0, 0).0, Status::Success);
        assert_eq!(
            io.take(),
            [
                "decide a",
                "tick b -> Success",
                "deactivate b Completed(Success)",
                "decide a"
            ]
        );
        assert!(!m.is_running());
    }

    #[test]
    fn d9_no_child_accepting_a_fresh_group_is_reported() {
        let f = forest(node(
            "root",
            None,
            Kind::Composite {
                policy: Policy::Sequential,
                group: None,
                rescore: None,
            },
            vec![act("a", decide("a"))],
        ));
        let mut m = Model::new(&f);
        let mut io = Inputs::default();
        let (s, errors) = m.tick(&mut io, 0.1, 0, 0);
        assert_eq!((s, errors), (Status::Failure, vec!["root".to_string()]));
    }

    #[test]
    fn c2_an_earlier_child_running_again_is_ticked_before_the_later_one_is_halted() {
        let f = forest(node(
            "root",
            None,
            Kind::Composite {
                policy: Policy::ReactiveSequence,
                group: None,
                rescore: None,
            },
            vec![
                node(
                    "c",
                    None,
                    Kind::Condition {
                        name: "c".into(),
                        maybe: true,
                    },
                    vec![],
                ),
                act("a", None),
            ],
        ));
        let mut m = Model::new(&f);
        let mut io = Inputs::default();
        set(&mut io, &[("c", ACCEPT)], &[]);
        m.tick(&mut io, 0.1, 0, 0);
        assert_eq!(io.take(), ["decide c", "activate a", "tick a -> Running"]);
        set(&mut io, &[("c", REJECT)], &[]); // 0: not known yet → Running
        assert_eq!(m.tick(&mut io, 0.1, 0, 0).0, Status::Running);
        assert_eq!(io.take(), ["decide c", "deactivate a Halted"]);
        assert_eq!(m.path(), ["root", "c"]);
    }

    #[test]
    fn d8_the_seeding_rule_and_the_draws_match_values_computed_by_hand() {
        // Computed outside Rust from the contract's formulas (SplitMix64's
        // finalizer for the seed, SplitMix64's `next_u32` for the draws).
        assert_eq!(derive_seed(0, 0), 0xe220_a839_7b1d_cdaf);
        assert_eq!(derive_seed(7, 0), 0xf75f_04cb_b5a1_a1dd);
        let mut rng = SplitMix64::seed_from_u64(derive_seed(0, 0));
        let draws: Vec<f64> = (0..3).map(|_| unit(&mut rng)).collect();
        for (d, expected) in draws.iter().zip([0.2293, 0.6042, 0.4518]) {
            assert!((d - expected).abs() < 1e-4, "{draws:?}");
        }
    }

    #[test]
    fn d4_the_weighted_choice_follows_the_draw_protocol() {
        // Scores 1, 1, 2: `a` is taken without a draw; `b` replaces it iff
        // u1 * 2 < 1; `c` replaces the choice iff u2 * 4 < 2. The winners
        // per seed were computed by hand from the draws (seed 0: u1 = 0.229,
        // u2 = 0.604 → b; seed 2: 0.843, 0.656 → a; seed 3: 0.204, 0.127 → c).
        let f = forest(group(
            "root",
            None,
            Policy::Random,
            None,
            vec![
                act("a", decide("a")),
                act("b", decide("b")),
                act("c", decide("c")),
            ],
        ));
        for (seed, winner) in [(0, "b"), (2, "a"), (3, "c")] {
            let mut m = Model::with_seed(&f, seed);
            let mut io = Inputs::default();
            set(&mut io, &[("a", ACCEPT), ("b", ACCEPT), ("c", TWO)], &[]);
            assert_eq!(m.tick(&mut io, 0.1, 0, 0).0, Status::Running);
            let log = io.take();
            assert_eq!(log[..3], ["decide a", "decide b", "decide c"]);
            assert_eq!(activated(&log), [winner], "seed {seed}");
            // D8: a reset returns to the seed: the same decision again.
            m.reset(&mut io);
            io.take();
            m.tick(&mut io, 0.1, 0, 0);
            assert_eq!(activated(&io.take()), [winner], "seed {seed}");
        }
        // Only accepting children draw: with `a` rejecting, `b` is taken
        // without a draw, and `c` uses the first draw (seed 0: 0.229 * 3 <
        // 2: c).
        let mut m = Model::with_seed(&f, 0);
        let mut io = Inputs::default();
        set(&mut io, &[("a", REJECT), ("b", ACCEPT), ("c", TWO)], &[]);
        m.tick(&mut io, 0.1, 0, 0);
        assert_eq!(activated(&io.take()), ["c"]);
        // Not interruptible (G3): while `c` runs nothing is decided.
        set(&mut io, &[("a", TWO)], &[]);
        m.tick(&mut io, 0.1, 0, 0);
        assert_eq!(io.take(), ["tick c -> Running"]);
    }

    #[test]
    fn d5_each_round_uses_every_child_once_and_reset_clears_it() {
        // Seed 0, three unguarded children (score 1): draws 0.229, 0.604,
        // 0.452, … First decision: b (0.229 * 2 < 1), c keeps it (0.604 * 3
        // ≥ 1). Each child succeeds at once: masked redecide (D2) among the
        // unused ones: a, then c (0.452 * 2 < 1); then a alone; then none
        // is left: the group exits with the last status.
        let f = forest(group(
            "root",
            None,
            Policy::Shuffle,
            None,
            vec![act("a", None), act("b", None), act("c", None)],
        ));
        let mut m = Model::new(&f);
        let mut io = Inputs::default();
        let done = [
            ("a", Status::Success),
            ("b", Status::Success),
            ("c", Status::Success),
        ];
        set(&mut io, &[], &done);
        assert_eq!(m.tick(&mut io, 0.1, 0, 0).0, Status::Success);
        assert_eq!(activated(&io.take()), ["b", "c", "a"]);
        // The round is complete: the next decision starts a new one.
        m.tick(&mut io, 0.1, 0, 0);
        assert_eq!(activated(&io.take()).len(), 3);
        assert!(m.coverage().contains_key("D5 new round"));
        // Running children, halted between decisions: the round persists
        // across a halt; a reset clears it and reseeds the generator.
        let mut m = Model::new(&f);
        m.tick(&mut io, 0.1, 0, 0); // b, c, a: round complete
        io.take();
        let running = [
            ("a", Status::Running),
            ("b", Status::Running),
            ("c", Status::Running),
        ];
        set(&mut io, &[], &running);
        let mut picks = Vec::new();
        for _ in 0..3 {
            m.tick(&mut io, 0.1, 0, 0);
            picks.extend(activated(&io.take()).iter().map(|s| s.to_string()));
            m.halt(&mut io);
            io.take();
        }
        picks.sort();
        assert_eq!(picks, ["a", "b", "c"]);
        m.reset(&mut io);
        io.take();
        m.tick(&mut io, 0.1, 0, 0);
        assert_eq!(activated(&io.take()), ["b"]);
    }

    #[test]
    fn d5_when_no_unused_child_accepts_a_new_round_starts_among_the_used() {
        let f = forest(group(
            "root",
            None,
            Policy::Shuffle,
            None,
            vec![
                act("a", decide("a")),
                act("b", decide("b")),
                act("c", decide("c")),
            ],
        ));
        let mut m = Model::new(&f);
        let mut io = Inputs::default();
        set(&mut io, &[("a", ACCEPT)], &[]);
        m.tick(&mut io, 0.1, 0, 0);
        assert_eq!(
            io.take(),
            [
                "decide a",
                "decide b",
                "decide c",
                "activate a",
                "tick a -> Running"
            ]
        );
        m.halt(&mut io);
        io.take();
        // The unused children are decided first and reject; then the used
        // one, once: a new round.
        m.tick(&mut io, 0.1, 0, 0);
        assert_eq!(
            io.take(),
            [
                "decide b",
                "decide c",
                "decide a",
                "activate a",
                "tick a -> Running"
            ]
        );
    }

    #[test]
    fn d6_scored_takes_the_highest_score_earliest_on_ties() {
        let f = forest(group(
            "root",
            None,
            Policy::Scored,
            None,
            vec![
                act("a", decide("a")),
                act("b", decide("b")),
                act("c", decide("c")),
            ],
        ));
        let mut m = Model::new(&f);
        let mut io = Inputs::default();
        set(&mut io, &[("a", ACCEPT), ("b", TWO), ("c", TWO)], &[]);
        m.tick(&mut io, 0.1, 0, 0);
        assert_eq!(
            io.take(),
            [
                "decide a",
                "decide b",
                "decide c",
                "activate b",
                "tick b -> Running"
            ]
        );
        // No rescoring interval: never interrupted.
        set(&mut io, &[("a", TWO), ("b", REJECT)], &[]);
        m.tick(&mut io, 0.1, 0, 0);
        assert_eq!(io.take(), ["tick b -> Running"]);
    }

    #[test]
    fn d6_rescoring_takes_over_only_on_a_strictly_higher_score() {
        let f = forest(group(
            "root",
            None,
            Policy::Scored,
            Some(1.0),
            vec![act("a", decide("a")), act("b", decide("b"))],
        ));
        let mut m = Model::new(&f);
        let mut io = Inputs::default();
        let step = |m: &mut Model, io: &mut Inputs, expected: &[&str]| {
            assert_eq!(m.tick(io, 0.5, 0, 0).0, Status::Running);
            assert_eq!(io.take(), expected);
        };
        // Entered at 0.5: the timer is stamped.
        set(&mut io, &[("a", TWO), ("b", ACCEPT)], &[]);
        step(
            &mut m,
            &mut io,
            &["decide a", "decide b", "activate a", "tick a -> Running"],
        );
        set(&mut io, &[("b", TWO)], &[]);
        step(&mut m, &mut io, &["tick a -> Running"]); // 1.0: not due
                                                       // 1.5: due; a tie keeps the running child.
        step(
            &mut m,
            &mut io,
            &["decide a", "decide b", "tick a -> Running"],
        );
        set(&mut io, &[("a", REJECT), ("b", REJECT)], &[]);
        step(&mut m, &mut io, &["tick a -> Running"]);
        // 2.5: the running child rejecting does not stop it by itself.
        step(
            &mut m,
            &mut io,
            &["decide a", "decide b", "tick a -> Running"],
        );
        set(&mut io, &[("a", ACCEPT), ("b", TWO)], &[]);
        step(&mut m, &mut io, &["tick a -> Running"]);
        // 3.5: b scores strictly higher: a halted, b entered and ticked.
        step(
            &mut m,
            &mut io,
            &[
                "decide a",
                "decide b",
                "deactivate a Halted",
                "activate b",
                "tick b -> Running",
            ],
        );
        // 4.5: a takes over but exits at once: masked redecide (D2), b
        // (halted, not masked) is decided again and entered.
        set(
            &mut io,
            &[("a", ACCEPT), ("b", HALF)],
            &[("a", Status::Success)],
        );
        step(&mut m, &mut io, &["tick b -> Running"]);
        step(
            &mut m,
            &mut io,
            &[
                "decide a",
                "decide b",
                "deactivate b Halted",
                "activate a",
                "tick a -> Success",
                "deactivate a Completed(Success)",
                "decide b",
                "activate b",
                "tick b -> Running",
            ],
        );
    }

    #[test]
    fn r12_recheck_checks_on_entry_and_every_tick() {
        let guard = Guard {
            decide: Some(Decide::Score("ok".into())),
            recheck: true,
            ..Guard::default()
        };
        let f = forest(node(
            "root",
            None,
            Kind::Decorator(Deco::Recheck),
            vec![act("a", Some(guard))],
        ));
        let mut m = Model::new(&f);
        let mut io = Inputs::default();
        // Rejected on entry: Failure without running the child.
        assert_eq!(m.tick(&mut io, 0.1, 0, 0).0, Status::Failure);
        assert_eq!(io.take(), ["decide ok"]);
        set(&mut io, &[("ok", ACCEPT)], &[]);
        assert_eq!(m.tick(&mut io, 0.1, 0, 0).0, Status::Running);
        assert_eq!(io.take(), ["decide ok", "activate a", "tick a -> Running"]);
        assert_eq!(m.tick(&mut io, 0.1, 0, 0).0, Status::Running);
        assert_eq!(io.take(), ["decide ok", "tick a -> Running"]);
        set(&mut io, &[("ok", REJECT)], &[]);
        assert_eq!(m.tick(&mut io, 0.1, 0, 0).0, Status::Failure);
        assert_eq!(io.take(), ["decide ok", "deactivate a Halted"]);
        assert!(!m.is_running());
        assert_eq!(
            Forest::source(&f),
            "tree T for World, world = Svc {\n    recheck(decide = d(\"ok\")) {\n        a: Act(\"a\"),\n    }\n}\n"
        );
    }

    #[test]
    fn r5_retry_forever_restarts_until_success() {
        let f = forest(node(
            "root",
            None,
            Kind::Decorator(Deco::Retry(None)),
            vec![act("a", None)],
        ));
        let mut m = Model::new(&f);
        let mut io = Inputs::default();
        set(&mut io, &[], &[("a", Status::Failure)]);
        for _ in 0..10 {
            assert_eq!(m.tick(&mut io, 0.1, 0, 0).0, Status::Running);
            assert_eq!(
                io.take(),
                [
                    "activate a",
                    "tick a -> Failure",
                    "deactivate a Completed(Failure)"
                ]
            );
        }
        set(&mut io, &[], &[("a", Status::Success)]);
        assert_eq!(m.tick(&mut io, 0.1, 0, 0).0, Status::Success);
    }

    #[test]
    fn r11_the_custom_decorator_protocol() {
        let f = forest(node(
            "root",
            None,
            Kind::Decorator(Deco::Custom("x".into())),
            vec![act("a", None)],
        ));
        let mut m = Model::new(&f);
        let mut io = Inputs::default();
        let step = |m: &mut Model, io: &mut Inputs, s: Status, expected: &[&str]| {
            assert_eq!(m.tick(io, 0.1, 0, 0).0, s);
            assert_eq!(io.take(), expected);
        };
        // `enter` before the first `before`; `after` maps the child.
        step(
            &mut m,
            &mut io,
            Status::Running,
            &[
                "enter x #1",
                "before x idle -> Tick",
                "activate a",
                "tick a -> Running",
                "after x Running step 1 -> Running",
            ],
        );
        // Wait: Running, the child untouched.
        answer(&mut io, &[("x", BeforeAnswer::Wait)], &[]);
        step(
            &mut m,
            &mut io,
            Status::Running,
            &["before x running -> Wait"],
        );
        // A completed child mapped to Running is entered again next tick.
        answer(
            &mut io,
            &[("x", BeforeAnswer::Tick)],
            &[("x", AfterAnswer::Map(Status::Running))],
        );
        set(&mut io, &[], &[("a", Status::Success)]);
        step(
            &mut m,
            &mut io,
            Status::Running,
            &[
                "before x running -> Tick",
                "tick a -> Success",
                "deactivate a Completed(Success)",
                "after x Success step 2 -> Running",
            ],
        );
        answer(&mut io, &[], &[("x", AfterAnswer::Pass)]);
        set(&mut io, &[], &[("a", Status::Running)]);
        step(
            &mut m,
            &mut io,
            Status::Running,
            &[
                "before x idle -> Tick",
                "activate a",
                "tick a -> Running",
                "after x Running step 3 -> Running",
            ],
        );
        // Stop: the running child is halted, then `exit`.
        answer(&mut io, &[("x", BeforeAnswer::Stop(Status::Failure))], &[]);
        step(
            &mut m,
            &mut io,
            Status::Failure,
            &[
                "before x running -> Stop(Failure)",
                "deactivate a Halted",
                "exit x Completed(Failure)",
            ],
        );
        // A stop in the entry tick is no activation: no `exit`. The entry
        // count is persistent.
        step(
            &mut m,
            &mut io,
            Status::Failure,
            &["enter x #2", "before x idle -> Stop(Failure)"],
        );
        // A running child mapped to a completion is halted (C7).
        answer(
            &mut io,
            &[("x", BeforeAnswer::Tick)],
            &[("x", AfterAnswer::Map(Status::Success))],
        );
        step(
            &mut m,
            &mut io,
            Status::Success,
            &[
                "enter x #3",
                "before x idle -> Tick",
                "activate a",
                "tick a -> Running",
                "after x Running step 1 -> Success",
                "deactivate a Halted",
                "exit x Completed(Success)",
            ],
        );
        // Halted from outside: the child first, then `exit` (Halted); a
        // reset returns the entry count to its default.
        answer(&mut io, &[], &[("x", AfterAnswer::Pass)]);
        m.tick(&mut io, 0.1, 0, 0);
        io.take();
        m.halt(&mut io);
        assert_eq!(io.take(), ["deactivate a Halted", "exit x Halted"]);
        m.reset(&mut io);
        m.tick(&mut io, 0.1, 0, 0);
        assert_eq!(io.take()[0], "enter x #1");
    }

    #[test]
    fn t2_a_huge_dt_counts_as_max_dt_and_time_goes_on() {
        let f = forest(node("root", None, Kind::Wait(1.0), vec![]));
        let mut m = Model::new(&f);
        let mut io = Inputs::default();
        assert_eq!(m.tick(&mut io, 1e30, 0, 0).0, Status::Running);
        for _ in 0..9 {
            assert_eq!(m.tick(&mut io, 0.1, 0, 0).0, Status::Running);
        }
        assert_eq!(m.tick(&mut io, 0.125, 0, 0).0, Status::Success);
        assert_eq!(sanitize(f32::NAN), 0.0);
        assert_eq!(sanitize(f32::INFINITY), 0.0);
        assert_eq!(sanitize(1e30), MAX_DT);
    }

    /// Scripts the integers the switches read (C10).
    fn read(io: &mut Inputs, values: &[(&str, i32)]) {
        io.apply(&Frame::Tick {
            dt: 0,
            flags: 0,
            capacity: 0,
            completes: vec![],
            holders: vec![],
            scores: vec![],
            results: vec![],
            refuse: vec![],
            blocks: vec![],
            befores: vec![],
            afters: vec![],
            values: values.iter().map(|(n, v)| (n.to_string(), *v)).collect(),
        });
    }

    const FALSE: usize = 4; // SCORES[4] = -1.0: `maybe` says false

    /// `condition(maybe(name))` named `name`: 0 is "not known yet".
    fn maybe(name: &str) -> Node {
        node(
            name,
            None,
            Kind::Condition {
                name: name.into(),
                maybe: true,
            },
            vec![],
        )
    }

    #[track_caller]
    fn step(m: &mut Model, io: &mut Inputs, s: Status, expected: &[&str]) {
        assert_eq!(m.tick(io, 0.1, 0, 0).0, s);
        assert_eq!(io.take(), expected);
    }

    #[test]
    fn r13_run_once_runs_its_child_to_the_first_completion_then_replays_it() {
        let f = forest(node(
            "root",
            None,
            Kind::Decorator(Deco::RunOnce(None)),
            vec![act("a", None)],
        ));
        let mut m = Model::new(&f);
        let mut io = Inputs::default();
        // "Once" counts completions: a halt before one stores nothing.
        step(
            &mut m,
            &mut io,
            Status::Running,
            &["activate a", "tick a -> Running"],
        );
        step(&mut m, &mut io, Status::Running, &["tick a -> Running"]);
        m.halt(&mut io);
        assert_eq!(io.take(), ["deactivate a Halted"]);
        set(&mut io, &[], &[("a", Status::Failure)]);
        step(
            &mut m,
            &mut io,
            Status::Failure,
            &[
                "activate a",
                "tick a -> Failure",
                "deactivate a Completed(Failure)",
            ],
        );
        // From then on: the stored status at once, the child untouched, no
        // activation.
        set(&mut io, &[], &[("a", Status::Success)]);
        for _ in 0..3 {
            step(&mut m, &mut io, Status::Failure, &[]);
            assert!(!m.is_running());
        }
        assert_eq!(m.coverage()["run_once replays"], 3);
        // A reset forgets it.
        m.reset(&mut io);
        step(
            &mut m,
            &mut io,
            Status::Success,
            &[
                "activate a",
                "tick a -> Success",
                "deactivate a Completed(Success)",
            ],
        );
        step(&mut m, &mut io, Status::Success, &[]);
        assert_eq!(
            Forest::source(&f),
            "tree T for World, world = Svc {\n    run_once {\n        a: Act(\"a\"),\n    }\n}\n"
        );
    }

    #[test]
    fn r13_run_once_with_a_status_reports_it_after_the_first_completion() {
        let f = forest(node(
            "root",
            None,
            Kind::Composite {
                policy: Policy::Sequence,
                group: None,
                rescore: None,
            },
            vec![
                node(
                    "once",
                    None,
                    Kind::Decorator(Deco::RunOnce(Some(Status::Success))),
                    vec![act("a", decide("g"))],
                ),
                act("b", None),
            ],
        ));
        let mut m = Model::new(&f);
        let mut io = Inputs::default();
        // G4: a rejecting guard is the child's completion (Failure); the
        // first time, that status passes through.
        step(&mut m, &mut io, Status::Failure, &["decide g"]);
        // Then `Success`, as written, whatever the child did.
        set(&mut io, &[], &[("b", Status::Success)]);
        step(
            &mut m,
            &mut io,
            Status::Success,
            &[
                "activate b",
                "tick b -> Success",
                "deactivate b Completed(Success)",
            ],
        );
        // A halt keeps what it stored.
        set(&mut io, &[], &[("b", Status::Running)]);
        step(
            &mut m,
            &mut io,
            Status::Running,
            &["activate b", "tick b -> Running"],
        );
        m.halt(&mut io);
        assert_eq!(io.take(), ["deactivate b Halted"]);
        step(
            &mut m,
            &mut io,
            Status::Running,
            &["activate b", "tick b -> Running"],
        );
    }

    #[test]
    fn c5_all_complete_waits_for_every_child_then_counts_the_failures() {
        for (m_written, last) in [(None, Status::Failure), (Some(2), Status::Success)] {
            let f = forest(node(
                "root",
                None,
                Kind::Parallel {
                    success: None,
                    failure: m_written,
                    form: ParallelForm::AllComplete,
                },
                vec![act("a", None), act("b", None), act("c", None)],
            ));
            let mut m = Model::new(&f);
            let mut io = Inputs::default();
            step(
                &mut m,
                &mut io,
                Status::Running,
                &[
                    "activate a",
                    "tick a -> Running",
                    "activate b",
                    "tick b -> Running",
                    "activate c",
                    "tick c -> Running",
                ],
            );
            // No early exit: a fails, the others keep running; a is not
            // ticked again.
            set(&mut io, &[], &[("a", Status::Failure)]);
            step(
                &mut m,
                &mut io,
                Status::Running,
                &[
                    "tick a -> Failure",
                    "deactivate a Completed(Failure)",
                    "tick b -> Running",
                    "tick c -> Running",
                ],
            );
            step(
                &mut m,
                &mut io,
                Status::Running,
                &["tick b -> Running", "tick c -> Running"],
            );
            set(
                &mut io,
                &[],
                &[("b", Status::Success), ("c", Status::Success)],
            );
            step(
                &mut m,
                &mut io,
                last,
                &[
                    "tick b -> Success",
                    "deactivate b Completed(Success)",
                    "tick c -> Success",
                    "deactivate c Completed(Success)",
                ],
            );
            assert!(!m.is_running());
        }
        assert_eq!(
            Forest::source(&forest(node(
                "root",
                None,
                Kind::Parallel {
                    success: None,
                    failure: Some(2),
                    form: ParallelForm::AllComplete,
                },
                vec![act("a", None)],
            ))),
            "tree T for World, world = Svc {\n    parallel(all_complete, failure >= 2) {\n        a: Act(\"a\"),\n    }\n}\n"
        );
    }

    #[test]
    fn c8_if_then_else_evaluates_its_condition_once_per_activation() {
        let f = forest(node(
            "root",
            None,
            Kind::IfThenElse,
            vec![maybe("c"), act("t", None), act("e", None)],
        ));
        let mut m = Model::new(&f);
        let mut io = Inputs::default();
        step(&mut m, &mut io, Status::Running, &["decide c"]);
        set(&mut io, &[("c", ACCEPT)], &[]);
        step(
            &mut m,
            &mut io,
            Status::Running,
            &["decide c", "activate t", "tick t -> Running"],
        );
        // Not evaluated again while the branch runs.
        set(&mut io, &[("c", FALSE)], &[]);
        step(&mut m, &mut io, Status::Running, &["tick t -> Running"]);
        assert_eq!(m.path(), ["root", "t"]);
        set(&mut io, &[], &[("t", Status::Success)]);
        step(
            &mut m,
            &mut io,
            Status::Success,
            &["tick t -> Success", "deactivate t Completed(Success)"],
        );
        // A new activation: the condition fails, the else branch runs.
        step(
            &mut m,
            &mut io,
            Status::Running,
            &["decide c", "activate e", "tick e -> Running"],
        );
        // A halt halts the branch; the next activation decides again.
        m.halt(&mut io);
        assert_eq!(io.take(), ["deactivate e Halted"]);
        set(&mut io, &[("c", ACCEPT)], &[("t", Status::Running)]);
        step(
            &mut m,
            &mut io,
            Status::Running,
            &["decide c", "activate t", "tick t -> Running"],
        );
    }

    #[test]
    fn c8_if_then_else_without_else_fails_and_its_children_may_be_guarded() {
        let f = forest(node(
            "root",
            None,
            Kind::IfThenElse,
            vec![maybe("c"), act("t", decide("g"))],
        ));
        let mut m = Model::new(&f);
        let mut io = Inputs::default();
        set(&mut io, &[("c", FALSE)], &[]);
        step(&mut m, &mut io, Status::Failure, &["decide c"]);
        // G4: the branch's guard rejects: the branch fails without running.
        set(&mut io, &[("c", ACCEPT)], &[]);
        step(&mut m, &mut io, Status::Failure, &["decide c", "decide g"]);
        set(&mut io, &[("g", ACCEPT)], &[("t", Status::Failure)]);
        step(
            &mut m,
            &mut io,
            Status::Failure,
            &[
                "decide c",
                "decide g",
                "activate t",
                "tick t -> Failure",
                "deactivate t Completed(Failure)",
            ],
        );
        assert!(!m.is_running());
    }

    #[test]
    fn c9_while_do_else_evaluates_its_condition_every_tick_and_halts_the_branch_left() {
        let f = forest(node(
            "root",
            None,
            Kind::WhileDoElse,
            vec![maybe("c"), act("d", None), act("e", None)],
        ));
        let mut m = Model::new(&f);
        let mut io = Inputs::default();
        set(&mut io, &[("c", ACCEPT)], &[]);
        step(
            &mut m,
            &mut io,
            Status::Running,
            &["decide c", "activate d", "tick d -> Running"],
        );
        step(
            &mut m,
            &mut io,
            Status::Running,
            &["decide c", "tick d -> Running"],
        );
        // The choice changes: d is halted before e runs.
        set(&mut io, &[("c", FALSE)], &[]);
        step(
            &mut m,
            &mut io,
            Status::Running,
            &[
                "decide c",
                "deactivate d Halted",
                "activate e",
                "tick e -> Running",
            ],
        );
        // The condition running: no branch ticked, e stays active.
        set(&mut io, &[("c", REJECT)], &[]);
        step(&mut m, &mut io, Status::Running, &["decide c"]);
        assert_eq!(m.path(), ["root", "c", "e"]);
        set(&mut io, &[("c", FALSE)], &[("e", Status::Success)]);
        step(
            &mut m,
            &mut io,
            Status::Success,
            &[
                "decide c",
                "tick e -> Success",
                "deactivate e Completed(Success)",
            ],
        );
        assert!(!m.is_running());
        assert!(m
            .coverage()
            .contains_key("while_do_else condition running keeps the branch"));
        // Without an else branch a failing condition fails the node,
        // halting the running branch first.
        let f = forest(node(
            "root",
            None,
            Kind::WhileDoElse,
            vec![maybe("c"), act("d", None)],
        ));
        let mut m = Model::new(&f);
        set(&mut io, &[("c", ACCEPT)], &[]);
        step(
            &mut m,
            &mut io,
            Status::Running,
            &["decide c", "activate d", "tick d -> Running"],
        );
        set(&mut io, &[("c", FALSE)], &[]);
        step(
            &mut m,
            &mut io,
            Status::Failure,
            &["decide c", "deactivate d Halted"],
        );
        assert!(!m.is_running());
    }

    #[test]
    fn c10_switch_reads_once_and_halts_the_previous_case_before_the_new_one() {
        let switch = |cases: Vec<Case>, children: Vec<Node>| {
            forest(node(
                "root",
                None,
                Kind::Switch {
                    value: "v".into(),
                    cases,
                },
                children,
            ))
        };
        let f = switch(
            vec![Some(vec![1]), Some(vec![2, 3]), None],
            vec![act("a", None), act("b", None), act("z", None)],
        );
        let mut m = Model::new(&f);
        let mut io = Inputs::default();
        read(&mut io, &[("v", 1)]);
        step(
            &mut m,
            &mut io,
            Status::Running,
            &["read v -> 1", "activate a", "tick a -> Running"],
        );
        step(
            &mut m,
            &mut io,
            Status::Running,
            &["read v -> 1", "tick a -> Running"],
        );
        read(&mut io, &[("v", 3)]);
        step(
            &mut m,
            &mut io,
            Status::Running,
            &[
                "read v -> 3",
                "deactivate a Halted",
                "activate b",
                "tick b -> Running",
            ],
        );
        // No case matches: the default.
        read(&mut io, &[("v", 7)]);
        set(&mut io, &[], &[("z", Status::Success)]);
        step(
            &mut m,
            &mut io,
            Status::Success,
            &[
                "read v -> 7",
                "deactivate b Halted",
                "activate z",
                "tick z -> Success",
                "deactivate z Completed(Success)",
            ],
        );
        // "No match fails" is written `_ => fail`: Failure, the running
        // case halted.
        let fail = Node {
            name: "nomatch".into(),
            guard: None,
            kind: Kind::Fail,
            children: Vec::new(),
        };
        let f = switch(vec![Some(vec![1]), None], vec![act("a", None), fail]);
        let mut m = Model::new(&f);
        read(&mut io, &[("v", 1)]);
        step(
            &mut m,
            &mut io,
            Status::Running,
            &["read v -> 1", "activate a", "tick a -> Running"],
        );
        read(&mut io, &[("v", 2)]);
        step(
            &mut m,
            &mut io,
            Status::Failure,
            &["read v -> 2", "deactivate a Halted"],
        );
        assert!(!m.is_running());
        assert_eq!(
            Forest::source(&switch(
                vec![Some(vec![2, 3]), None],
                vec![act("a", None), act("b", None)]
            )),
            "tree T for World, world = Svc {\n    switch(sw(\"v\")) {\n        a: 2 | 3 => Act(\"a\"),\n        b: _ => Act(\"b\"),\n    }\n}\n"
        );
    }

    // ----- G6: delegate ---------------------------------------------------

    /// A `delegate` guard with `recheck`/`redecide` as given (G6).
    fn delegating(recheck: bool, redecide: bool) -> Option<Guard> {
        Some(Guard {
            delegate: true,
            recheck,
            redecide,
            ..Guard::default()
        })
    }

    fn priority(name: &str, guard: Option<Guard>, children: Vec<Node>) -> Node {
        group(name, guard, Policy::Priority, None, children)
    }

    #[test]
    fn g6_the_picked_child_is_entered_without_a_second_decide() {
        let f = forest(priority(
            "root",
            None,
            vec![
                act("flee", decide("flee")),
                node(
                    "guard",
                    delegating(false, false),
                    Kind::Composite {
                        policy: Policy::Priority,
                        group: Some(Group::Act("guard".into())),
                        rescore: None,
                    },
                    vec![act("x", decide("x")), act("y", decide("y"))],
                ),
                act("idle", None),
            ],
        ));
        assert!(f
            .source()
            .contains("guard: when(delegate) => priority with"));
        let mut m = Model::new(&f);
        let mut io = Inputs::default();
        // No child accepts: the guard rejects, having decided every child.
        step(
            &mut m,
            &mut io,
            Status::Running,
            &[
                "decide flee",
                "decide x",
                "decide y",
                "activate idle",
                "tick idle -> Running",
            ],
        );
        // `y` accepts: the group interrupts `idle` and enters `y` as decided
        // (one `decide y`), after its group behavior (D1 order).
        set(&mut io, &[("y", ACCEPT)], &[]);
        step(
            &mut m,
            &mut io,
            Status::Running,
            &[
                "decide flee",
                "decide x",
                "decide y",
                "deactivate idle Halted",
                "activate guard",
                "tick guard -> Running",
                "activate y",
                "tick y -> Running",
            ],
        );
        // Running: the guard is not evaluated again (G3); the group decides
        // `x`, before its running `y` (D1).
        step(
            &mut m,
            &mut io,
            Status::Running,
            &[
                "decide flee",
                "tick guard -> Running",
                "decide x",
                "tick y -> Running",
            ],
        );
        // With both accepting, a `priority` delegation picks the first:
        // `y` is not decided.
        let mut m = Model::new(&f);
        set(&mut io, &[("x", ACCEPT)], &[]);
        step(
            &mut m,
            &mut io,
            Status::Running,
            &[
                "decide flee",
                "decide x",
                "activate guard",
                "tick guard -> Running",
                "activate x",
                "tick x -> Running",
            ],
        );
        assert_eq!(m.path(), ["root", "guard", "x"]);
    }

    #[test]
    fn g6_a_sequential_group_goes_on_after_a_delegated_child_that_exits_at_once() {
        let f = forest(priority(
            "root",
            None,
            vec![
                group(
                    "g",
                    delegating(false, false),
                    Policy::Sequential,
                    None,
                    vec![
                        act("x", decide("x")),
                        act("y", decide("y")),
                        act("z", decide("z")),
                    ],
                ),
                act("idle", None),
            ],
        ));
        let mut m = Model::new(&f);
        let mut io = Inputs::default();
        set(
            &mut io,
            &[("x", ACCEPT), ("z", ACCEPT)],
            &[("x", Status::Success)],
        );
        // `x` exits at once: the group decides the children after it, not
        // `x` again (D2, D3).
        step(
            &mut m,
            &mut io,
            Status::Running,
            &[
                "decide x",
                "activate x",
                "tick x -> Success",
                "deactivate x Completed(Success)",
                "decide y",
                "decide z",
                "activate z",
                "tick z -> Running",
            ],
        );
        // Nothing after it accepts: the group exits with `x`'s status and
        // the root redecides with the group masked (D2).
        let mut m = Model::new(&f);
        set(&mut io, &[("z", REJECT)], &[]);
        step(
            &mut m,
            &mut io,
            Status::Running,
            &[
                "decide x",
                "activate x",
                "tick x -> Success",
                "deactivate x Completed(Success)",
                "decide y",
                "decide z",
                "activate idle",
                "tick idle -> Running",
            ],
        );
        assert!(m
            .coverage()
            .contains_key("G6 delegated child exits at once"));
    }

    #[test]
    fn g6_the_delegated_score_competes_in_a_scored_parent() {
        let f = forest(group(
            "root",
            None,
            Policy::Scored,
            None,
            vec![
                act("a", decide("a")),
                group(
                    "g",
                    delegating(false, false),
                    Policy::Scored,
                    None,
                    vec![act("x", decide("x")), act("y", decide("y"))],
                ),
            ],
        ));
        // `g` delegates to `y` with 2, which beats `a`'s 1.
        let mut m = Model::new(&f);
        let mut io = Inputs::default();
        set(&mut io, &[("a", ACCEPT), ("x", HALF), ("y", TWO)], &[]);
        step(
            &mut m,
            &mut io,
            Status::Running,
            &[
                "decide a",
                "decide x",
                "decide y",
                "activate y",
                "tick y -> Running",
            ],
        );
        // With `y` rejecting, `g`'s score is `x`'s 0.5: `a` wins.
        let mut m = Model::new(&f);
        set(&mut io, &[("y", REJECT)], &[]);
        step(
            &mut m,
            &mut io,
            Status::Running,
            &[
                "decide a",
                "decide x",
                "decide y",
                "activate a",
                "tick a -> Running",
            ],
        );
    }

    #[test]
    fn g6_a_shuffle_round_takes_the_delegated_child_only_once_it_is_entered() {
        let f = forest(group(
            "root",
            None,
            Policy::Scored,
            None,
            vec![
                act("a", decide("a")),
                group(
                    "g",
                    delegating(false, false),
                    Policy::Shuffle,
                    None,
                    vec![act("x", decide("x")), act("y", decide("y"))],
                ),
            ],
        ));
        let mut m = Model::new(&f);
        let mut io = Inputs::default();
        // `g` delegates to `x`, but `a` scores higher: `g` is not entered.
        set(&mut io, &[("a", TWO), ("x", ACCEPT)], &[]);
        step(
            &mut m,
            &mut io,
            Status::Running,
            &[
                "decide a",
                "decide x",
                "decide y",
                "activate a",
                "tick a -> Running",
            ],
        );
        m.halt(&mut io);
        io.take();
        // So `x` is not in the round: one pass decides `x` then `y`.
        set(&mut io, &[("a", REJECT)], &[]);
        step(
            &mut m,
            &mut io,
            Status::Running,
            &[
                "decide a",
                "decide x",
                "decide y",
                "activate x",
                "tick x -> Running",
            ],
        );
        assert!(m
            .coverage()
            .contains_key("G6 shuffle round kept by a delegation not entered"));
        // Entered, it is: the next pass leaves `x` for a new round.
        m.halt(&mut io);
        io.take();
        set(&mut io, &[("y", ACCEPT)], &[]);
        step(
            &mut m,
            &mut io,
            Status::Running,
            &["decide a", "decide y", "activate y", "tick y -> Running"],
        );
    }

    #[test]
    fn g6_as_recheck_and_as_redecide_the_delegation_only_accepts_or_rejects() {
        // G3: a recheck delegate guard decides the children every tick.
        let f = forest(node(
            "root",
            None,
            Kind::Composite {
                policy: Policy::Sequence,
                group: None,
                rescore: None,
            },
            vec![
                priority("g", delegating(true, false), vec![act("x", decide("x"))]),
                act("after", None),
            ],
        ));
        let mut m = Model::new(&f);
        let mut io = Inputs::default();
        set(&mut io, &[("x", ACCEPT)], &[]);
        step(
            &mut m,
            &mut io,
            Status::Running,
            &["decide x", "activate x", "tick x -> Running"],
        );
        step(
            &mut m,
            &mut io,
            Status::Running,
            &["decide x", "tick x -> Running"],
        );
        set(&mut io, &[("x", REJECT)], &[]);
        step(
            &mut m,
            &mut io,
            Status::Failure,
            &["decide x", "deactivate x Halted"],
        );
        // G5: the delegation re-runs when the group redecides; the child
        // that just exited may make it accept (it is not masked there), and
        // the masked redecide then finds nothing: the group exits with the
        // child's status.
        let f = forest(priority(
            "root",
            None,
            vec![
                priority(
                    "g",
                    delegating(false, true),
                    vec![act("x", decide("x")), act("y", decide("y"))],
                ),
                act("idle", None),
            ],
        ));
        let mut m = Model::new(&f);
        set(&mut io, &[("x", ACCEPT)], &[]);
        step(
            &mut m,
            &mut io,
            Status::Running,
            &["decide x", "activate x", "tick x -> Running"],
        );
        set(&mut io, &[], &[("x", Status::Success)]);
        step(
            &mut m,
            &mut io,
            Status::Running,
            &[
                "tick x -> Success",
                "deactivate x Completed(Success)",
                "decide x",
                "decide y",
                "activate idle",
                "tick idle -> Running",
            ],
        );
        assert!(m.coverage().contains_key("G6 redecide delegates"));
        assert!(m.coverage().contains_key("G5 accepts"));
    }

    #[test]
    fn g6_a_random_delegation_draws_from_the_groups_generator() {
        // Three accepting children: a random decision draws twice (D4). A
        // recheck delegation is such a decision: each tick of the running
        // group consumes two draws, which later decisions do not get.
        let f = forest(node(
            "root",
            None,
            Kind::Composite {
                policy: Policy::Sequence,
                group: None,
                rescore: None,
            },
            vec![group(
                "g",
                delegating(true, false),
                Policy::Random,
                None,
                vec![act("a", None), act("b", None), act("c", None)],
            )],
        ));
        let mut m = Model::new(&f);
        let mut io = Inputs::default();
        let mut expected = SplitMix64::seed_from_u64(derive_seed(0, 1));
        for _ in 0..2 {
            m.tick(&mut io, 0.1, 0, 0);
            unit(&mut expected);
            unit(&mut expected);
            let rng = m.root.children[0].rng.as_ref().unwrap();
            assert_eq!(rng.0, expected.0);
        }
        // The entry's delegation drew twice, and entering drew nothing: the
        // picked child was entered as decided.
        assert_eq!(activated(&io.take()).len(), 1);
    }

    #[test]
    fn g6_delegation_nests_and_hands_on_a_dblock() {
        let f = forest(priority(
            "root",
            None,
            vec![
                priority(
                    "outer",
                    delegating(false, false),
                    vec![
                        priority(
                            "inner",
                            delegating(false, false),
                            vec![node(
                                "carry",
                                Some(Guard {
                                    decide: Some(Decide::Block {
                                        decide: "carry".into(),
                                        leaf: "b".into(),
                                    }),
                                    ..Guard::default()
                                }),
                                Kind::Blk,
                                vec![],
                            )],
                        ),
                        act("y", decide("y")),
                    ],
                ),
                act("idle", None),
            ],
        ));
        let mut m = Model::new(&f);
        let mut io = Inputs::default();
        io.apply(&Frame::Tick {
            dt: 0,
            flags: 0,
            capacity: 0,
            completes: vec![],
            holders: vec![],
            scores: vec![("carry".into(), ACCEPT), ("y".into(), ACCEPT)],
            results: vec![],
            refuse: vec![],
            blocks: vec![("carry".into(), 7)],
            befores: vec![],
            afters: vec![],
            values: vec![],
        });
        // `outer` asks `inner`, which asks `carry`: one decide, `y` never;
        // the DBlock reaches the behavior through both groups.
        step(
            &mut m,
            &mut io,
            Status::Running,
            &["decide carry", "activate b#7", "tick b#7 -> Running"],
        );
        assert_eq!(m.path(), ["root", "outer", "inner", "carry"]);
        assert!(m.coverage().contains_key("G6 nested delegation"));
    }

    // ----- V3, V4, L7, R10: events ------------------------------------------

    const ALARM: usize = 0; // EVENTS[0] = Ev::Alarm
    const SEEN: usize = 2; // EVENTS[2] = Ev::Seen
    const HIT0: usize = 3; // EVENTS[3] = Ev::Hit(0)
    const HIT1: usize = 4; // EVENTS[4] = Ev::Hit(1)
                           // Pattern atoms (ATOMS): 0 `Ev::Alarm`, 2 `Ev::Seen`, 3 `Ev::Hit(0)`,
                           // 4 `Ev::Hit(_)`.

    /// A forest whose tree declares `events = Ev`, `vars` and `stamps`.
    fn declaring(root: Node, vars: Vec<VarDecl>, stamps: Vec<StampDecl>) -> Forest {
        Forest {
            decls: Decls {
                events: true,
                stimuli: false,
                vars,
                stamps,
            },
            ..forest(root)
        }
    }

    fn stamp(name: &str, on: &[usize], group: Option<&str>) -> StampDecl {
        StampDecl {
            name: name.into(),
            on: on.to_vec(),
            group: group.map(str::to_string),
        }
    }

    fn time_test(less: bool, d: f64, or_never_set: bool) -> TimeTest {
        TimeTest {
            stamp: 0,
            less,
            d,
            or_never_set,
        }
    }

    #[track_caller]
    fn tick_dt(m: &mut Model, io: &mut Inputs, dt: f32, s: Status, expected: &[&str]) {
        assert_eq!(m.tick(io, dt, 0, 0).0, s);
        assert_eq!(io.take(), expected);
    }

    #[test]
    fn v4_a_post_sets_then_clears_and_reaches_the_active_behaviors_root_first() {
        // Written `clear` first; every set is applied before every clear.
        let v0 = VarDecl {
            name: "v0".into(),
            effects: vec![(false, vec![3]), (true, vec![0, 4])],
        };
        let root = node(
            "root",
            None,
            Kind::Composite {
                policy: Policy::Sequence,
                group: Some(Group::Act("g".into())),
                rescore: None,
            },
            vec![act("a", None)],
        );
        let f = declaring(root, vec![v0], vec![]);
        assert!(f.source().starts_with(
            "tree T for World, events = Ev, world = Svc {\n    var v0 = clear(Ev::Hit(0)), set(Ev::Alarm | Ev::Hit(_));\n    sequence with Act(\"g\") {\n"
        ));
        let mut m = Model::new(&f);
        let mut io = Inputs::default();
        // Nothing active: the variable changes at once, no hook runs.
        m.post(&mut io, HIT1);
        assert_eq!((m.vars(), io.take()), (1, vec![]));
        // `Ev::Hit(0)` sets, then clears.
        m.post(&mut io, HIT0);
        assert_eq!(m.vars(), 0);
        step(
            &mut m,
            &mut io,
            Status::Running,
            &[
                "activate g",
                "tick g -> Running",
                "activate a",
                "tick a -> Running",
            ],
        );
        // The group behavior first, then its running child.
        m.post(&mut io, ALARM);
        assert_eq!(m.vars(), 1);
        assert_eq!(io.take(), ["event g Ev::Alarm", "event a Ev::Alarm"]);
        // A halt keeps the variables, a reset forgets them.
        m.halt(&mut io);
        assert_eq!(m.vars(), 1);
        m.reset(&mut io);
        assert_eq!(m.vars(), 0);
    }

    #[test]
    fn v3_a_stamp_takes_the_clock_of_the_last_tick_and_clears_its_group() {
        let stamps = vec![
            stamp("t0", &[0], Some("ga")),
            stamp("t1", &[2], Some("ga")),
            stamp("t2", &[4], None),
        ];
        let f = declaring(
            node("root", None, Kind::Hold("h".into()), vec![]),
            vec![],
            stamps,
        );
        assert!(f.source().contains(
            "    stamp t0 = on(Ev::Alarm), group(ga);\n    stamp t1 = on(Ev::Seen), group(ga);\n    stamp t2 = on(Ev::Hit(_));\n"
        ));
        let mut m = Model::new(&f);
        let mut io = Inputs::default();
        m.tick(&mut io, 0.25, 0, 0);
        io.take();
        assert_eq!(m.since(), [None, None, None]);
        m.post(&mut io, ALARM);
        assert_eq!(m.since(), [Some(0.0), None, None]);
        m.tick(&mut io, 0.25, 0, 0);
        assert_eq!(m.since(), [Some(0.25), None, None]);
        // At most one timestamp of a group is set; another group (none
        // here) is untouched.
        m.post(&mut io, SEEN);
        m.post(&mut io, HIT1);
        assert_eq!(m.since(), [None, Some(0.0), Some(0.0)]);
        m.post(&mut io, ALARM);
        assert_eq!(m.since(), [Some(0.0), None, Some(0.0)]);
        assert_eq!(m.coverage()["V3 stamp clears its group"], 2);
        m.reset(&mut io);
        assert_eq!(m.since(), [None, None, None]);
    }

    #[test]
    fn l7_wait_for_completes_on_the_tick_after_a_match_posted_while_active() {
        let f = declaring(
            node(
                "root",
                None,
                Kind::Composite {
                    policy: Policy::Sequence,
                    group: None,
                    rescore: None,
                },
                vec![
                    act("a", None),
                    node("w", None, Kind::WaitFor(vec![4]), vec![]),
                ],
            ),
            vec![],
            vec![],
        );
        assert!(f.source().contains("w: wait_for(Ev::Hit(_)),"));
        let mut m = Model::new(&f);
        let mut io = Inputs::default();
        step(
            &mut m,
            &mut io,
            Status::Running,
            &["activate a", "tick a -> Running"],
        );
        // Posted before `w` is entered: not kept.
        m.post(&mut io, HIT0);
        assert_eq!(io.take(), ["event a Ev::Hit(0)"]);
        set(&mut io, &[], &[("a", Status::Success)]);
        step(
            &mut m,
            &mut io,
            Status::Running,
            &["tick a -> Success", "deactivate a Completed(Success)"],
        );
        assert_eq!(m.path(), ["root", "w"]);
        m.post(&mut io, SEEN); // no match
        step(&mut m, &mut io, Status::Running, &[]);
        m.post(&mut io, HIT1);
        step(&mut m, &mut io, Status::Success, &[]);
    }

    #[test]
    fn l7_wait_until_waits_strictly_more_than_d_since_the_stamp() {
        let stamps = || vec![stamp("t0", &[0], None)];
        let until = |t| node("root", None, Kind::WaitUntil(t), vec![]);
        let f = declaring(until(time_test(false, 0.5, false)), vec![], stamps());
        assert!(f.source().contains("    wait_until(t0, more_than = 0.5)\n"));
        let mut m = Model::new(&f);
        let mut io = Inputs::default();
        // Never set: waits.
        tick_dt(&mut m, &mut io, 0.25, Status::Running, &[]);
        m.post(&mut io, ALARM); // at 0.25
        tick_dt(&mut m, &mut io, 0.25, Status::Running, &[]);
        tick_dt(&mut m, &mut io, 0.25, Status::Running, &[]); // 0.5: not more
        tick_dt(&mut m, &mut io, 0.25, Status::Success, &[]);
        // `or_never_set`: a timestamp never set passes at once.
        let f = declaring(until(time_test(false, 0.5, true)), vec![], stamps());
        let mut m = Model::new(&f);
        tick_dt(&mut m, &mut io, 0.25, Status::Success, &[]);
    }

    #[test]
    fn r10_if_time_tests_on_entry_only() {
        let f = declaring(
            node(
                "root",
                None,
                Kind::Decorator(Deco::IfTime(time_test(true, 0.5, false))),
                vec![act("a", None)],
            ),
            vec![],
            vec![stamp("t0", &[4], None)],
        );
        assert!(f.source().contains("    if_time(t0, less_than = 0.5) {\n"));
        let mut m = Model::new(&f);
        let mut io = Inputs::default();
        // Never set: the test fails; the child is not entered.
        tick_dt(&mut m, &mut io, 0.25, Status::Failure, &[]);
        m.post(&mut io, HIT0); // at 0.25
        tick_dt(
            &mut m,
            &mut io,
            0.25,
            Status::Running,
            &["activate a", "tick a -> Running"],
        );
        // 0.5, then 0.75 since: not tested again while the child runs.
        tick_dt(
            &mut m,
            &mut io,
            0.25,
            Status::Running,
            &["tick a -> Running"],
        );
        tick_dt(
            &mut m,
            &mut io,
            0.25,
            Status::Running,
            &["tick a -> Running"],
        );
        m.halt(&mut io);
        assert_eq!(io.take(), ["deactivate a Halted"]);
        tick_dt(&mut m, &mut io, 0.25, Status::Failure, &[]);
    }

    #[test]
    fn g1_a_var_item_is_tested_after_the_flags_and_before_every() {
        let v0 = VarDecl {
            name: "v0".into(),
            effects: vec![(true, vec![0])],
        };
        let guard = Guard {
            flags: vec![FlagTest {
                stimuli: false,
                op: crate::tree::FlagOp::Any,
                mask: 1,
            }],
            vars: vec![(0, true)],
            every: Some(1.0),
            decide: Some(Decide::Score("d".into())),
            ..Guard::default()
        };
        let f = declaring(
            node(
                "root",
                None,
                Kind::Composite {
                    policy: Policy::Sequence,
                    group: None,
                    rescore: None,
                },
                vec![act("a", Some(guard))],
            ),
            vec![v0],
            vec![],
        );
        assert!(f.source().contains(
            "a: when(any(::deciders::Flags(1)), var(v0), every(1.0), decide = d(\"d\")) => Act(\"a\")"
        ));
        let mut m = Model::new(&f);
        let mut io = Inputs::default();
        assert_eq!(m.tick(&mut io, 0.1, 1, 0).0, Status::Failure);
        // The variable rejected: the timer was not stamped, the decide not
        // called.
        m.post(&mut io, ALARM);
        assert_eq!(m.tick(&mut io, 0.1, 1, 0).0, Status::Failure);
        assert_eq!(io.take(), ["decide d"]);
        // Now stamped: not due.
        assert_eq!(m.tick(&mut io, 0.1, 1, 0).0, Status::Failure);
        assert_eq!(io.take(), Vec::<String>::new());
        assert_eq!(m.coverage()["V4 var rejects"], 1);
    }

    /// A tick frame of the services (R8, V5), `dt` 0.1.
    fn services(capacity: usize, completes: &[(usize, bool)], holders: &[(usize, u32)]) -> Frame {
        Frame::Tick {
            dt: 0,
            flags: 0,
            capacity,
            completes: completes.to_vec(),
            holders: holders.to_vec(),
            scores: vec![],
            results: vec![],
            refuse: vec![],
            blocks: vec![],
            befores: vec![],
            afters: vec![],
            values: vec![],
        }
    }

    #[test]
    fn r8_a_full_limit_fails_without_entering_and_every_exit_gives_the_slot_back() {
        let limited = |name: &str, child: &str| {
            let deco = Deco::Limit {
                resource: 0,
                max: 2,
            };
            node(name, None, Kind::Decorator(deco), vec![act(child, None)])
        };
        let policy = Kind::Composite {
            policy: Policy::Fallback,
            group: None,
            rescore: None,
        };
        let f = forest(node(
            "root",
            None,
            policy,
            vec![limited("l1", "a"), act("b", None)],
        ));
        let (mut m, mut io) = (Model::new(&f), Inputs::default());
        m.begin_frame(&services(0, &[], &[(0, 2)]));
        step(
            &mut m,
            &mut io,
            Status::Running,
            &["activate b", "tick b -> Running"],
        );
        assert_eq!(m.world().held, [0, 0]);
        m.begin_frame(&services(0, &[], &[(0, 1)]));
        m.halt(&mut io);
        io.take();
        step(
            &mut m,
            &mut io,
            Status::Running,
            &["activate a", "tick a -> Running"],
        );
        assert_eq!(m.world().held, [1, 0]);
        m.halt(&mut io);
        assert_eq!(
            (io.take(), m.world().held),
            (vec!["deactivate a Halted".to_string()], vec![0, 0])
        );
        set(&mut io, &[], &[("a", Status::Success)]);
        step(
            &mut m,
            &mut io,
            Status::Success,
            &[
                "activate a",
                "tick a -> Success",
                "deactivate a Completed(Success)",
            ],
        );
        assert_eq!(m.world().held, [0, 0]);
    }

    #[test]
    fn r9_log_messages_on_entry_and_completion_not_on_halt() {
        let lines = LogLines {
            start: Some("in".into()),
            success: Some("ok".into()),
            failure: None,
        };
        let f = forest(node(
            "root",
            None,
            Kind::Decorator(Deco::Log(lines)),
            vec![act("a", None)],
        ));
        let (mut m, mut io) = (Model::new(&f), Inputs::default());
        step(
            &mut m,
            &mut io,
            Status::Running,
            &["log root: in", "activate a", "tick a -> Running"],
        );
        m.halt(&mut io);
        assert_eq!(io.take(), ["deactivate a Halted"]);
        set(&mut io, &[], &[("a", Status::Success)]);
        let done = [
            "log root: in",
            "activate a",
            "tick a -> Success",
            "deactivate a Completed(Success)",
            "log root: ok",
        ];
        step(&mut m, &mut io, Status::Success, &done);
        set(&mut io, &[], &[("a", Status::Failure)]);
        step(
            &mut m,
            &mut io,
            Status::Failure,
            &[
                "log root: in",
                "activate a",
                "tick a -> Failure",
                "deactivate a Completed(Failure)",
            ],
        );
    }

    #[test]
    fn v5_launch_refused_removed_in_its_frame_cancelled_later_completed_next_tick() {
        let f = forest(node("root", None, Kind::Defer("q".into()), vec![]));
        let (mut m, mut io) = (Model::new(&f), Inputs::default());
        m.begin_frame(&services(0, &[], &[]));
        assert_eq!(m.tick(&mut io, 0.1, 0, 0).1, ["LaunchRefused { agent: 7 }"]);
        assert_eq!(io.take(), ["launch q -> Failure", "launches refused 1"]);
        m.begin_frame(&services(1, &[], &[]));
        step(
            &mut m,
            &mut io,
            Status::Running,
            &["launch q -> Running", "poll q -> Running"],
        );
        assert_eq!(m.world().launches, [("q".to_string(), 2, 0)]);
        m.halt(&mut io);
        assert_eq!(io.take(), ["deactivate q Halted", "abandon q -> Removed"]);
        assert!(m.world().launches.is_empty());
        step(
            &mut m,
            &mut io,
            Status::Running,
            &["launch q -> Running", "poll q -> Running"],
        );
        m.begin_frame(&services(1, &[], &[]));
        m.halt(&mut io);
        assert_eq!(io.take(), ["deactivate q Halted", "abandon q -> Requested"]);
        assert_eq!(m.world().cancels, [(2, 1)]);
        step(
            &mut m,
            &mut io,
            Status::Running,
            &["launch q -> Running", "poll q -> Running"],
        );
        m.begin_frame(&services(1, &[(0, true)], &[]));
        let done = [
            "poll q -> Success",
            "deactivate q Completed(Success)",
            "abandon q -> None",
        ];
        step(&mut m, &mut io, Status::Success, &done);
    }

    #[test]
    fn v2_a_timeout_of_three_frames_expires_on_the_third_update() {
        let f = forest(act("a", None));
        let mut m = Model::new(&f);
        m.stimulate(1, Some((5, 2))); // 0.3 s
        m.stimulate(0, Some((1, 9))); // 0 s: the next update
        let flags: Vec<u64> = (0..3)
            .map(|_| m.begin_frame(&services(0, &[], &[])))
            .collect();
        assert_eq!(flags, [0b10, 0b10, 0]);
        assert!(m.world().stimuli.is_empty());
    }
}
