//! The inputs a script feeds a tree, frame by frame, and what is recorded
//! after each frame. The same [`Inputs`] answer the model's hooks and the
//! generated tree's (through the differential test's fixture), so both see
//! exactly the same world.

use std::collections::HashMap;

use crate::tree::{Status, EVENTS};

/// `dt` values a script draws from: ordinary frames, and the hostile values
/// a game might pass by mistake (zero, negative, NaN, infinities, huge,
/// denormal).
pub const DTS: &[f32] = &[
    0.1,
    0.1,
    0.1,
    0.05,
    0.016,
    0.25,
    1.0,
    0.0,
    -0.5,
    f32::NAN,
    f32::INFINITY,
    f32::NEG_INFINITY,
    1e30,
    4e14,
    f32::MIN_POSITIVE,
];

/// The stimulus kinds of the store (V2): kind `k` is stimuli flag `k`.
pub const STIMULUS_KINDS: usize = 3;

/// The timeouts a script adds stimuli with (V2): frame multiples, none,
/// and the values that expire at the next update (zero, negative, NaN).
pub const STIMULUS_TIMEOUTS: &[Option<f32>] = &[
    Some(0.1),
    Some(0.2),
    Some(0.3),
    Some(0.25),
    Some(0.5),
    Some(1.0),
    Some(0.05),
    None,
    Some(f32::INFINITY),
    Some(0.0),
    Some(-1.0),
    Some(f32::NAN),
];

/// The agent number the fixture's requests buffer carries (V5): tickets
/// and refusals name it.
pub const AGENT: u32 = 7;

/// Decide scores a script draws from: accepting, rejecting (`<= 0`), and not
/// finite (G2: rejects).
pub const SCORES: &[f32] = &[1.0, 0.5, 2.0, 0.0, -1.0, f32::NAN, f32::INFINITY];

/// One frame of a script.
// Most frames are ticks: boxing their answers would only add allocations.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum Frame {
    /// The game system's turn (R8, V5), then the scripted answers change,
    /// the stimuli store is updated with the frame's `dt` (V2), and the tree
    /// ticks once.
    Tick {
        /// Index into [`DTS`].
        dt: usize,
        flags: u64,
        /// V5: the capacity of this frame's requests buffer.
        capacity: usize,
        /// V5: `(k, success)`: the game system completes its `k`-th pending
        /// launch (modulo their number; oldest first) with that result.
        completes: Vec<(usize, bool)>,
        /// R8: `(resource, n)`: from now on `n` others hold a slot of
        /// [`crate::tree::RESOURCES`]`[resource]`.
        holders: Vec<(usize, u32)>,
        /// `(decide or condition name, index into SCORES)`.
        scores: Vec<(String, usize)>,
        /// `(behavior name, status)`: what its `tick` returns from now on.
        results: Vec<(String, Status)>,
        /// `(behavior name, refuse)`: whether its `activate` fails from now on.
        refuse: Vec<(String, bool)>,
        /// `(decide name, value)`: the DBlock value it hands on from now on.
        blocks: Vec<(String, u8)>,
        /// `(decorator name, answer)`: what the scripted decorator's
        /// `before` answers from now on (R11).
        befores: Vec<(String, BeforeAnswer)>,
        /// `(decorator name, answer)`: what its `after` answers from now on.
        afters: Vec<(String, AfterAnswer)>,
        /// `(switch value name, value)`: what the `switch` value `sw(name)`
        /// reads from now on (C10).
        values: Vec<(String, i32)>,
    },
    /// The caller halts the tree.
    Halt,
    /// The caller resets the tree.
    Reset,
    /// Between ticks, the game adds stimulus `kind` with a payload and
    /// [`STIMULUS_TIMEOUTS`]`[t]` (`Some((payload, t))`), or removes it
    /// (`None`) (V2).
    Stimulus(usize, Option<(u8, usize)>),
    /// Between ticks, the caller posts event `k` (an index into
    /// [`EVENTS`]) to the tree (V4).
    Post(usize),
    /// The caller plays the tree with a mode (O1, O5).
    Play(Mode),
    /// The caller pauses the tree (O2).
    Pause,
    /// The caller resumes the tree (O2).
    Resume,
    /// The caller stops the tree (O3).
    Stop,
}

/// A play mode (O5): what is counted, and the target count (`None`: play
/// forever).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mode {
    pub counts: Counts,
    pub target: u32,
}

/// What a play mode counts (O5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counts {
    /// Nothing: play forever (the target is ignored).
    Nothing,
    Ticks,
    Completions,
    Successes,
    Failures,
    RunningTicks,
    Interruptions,
}

/// What the scripted decorator's `before` answers (R11): tick the child
/// (entering it if it is not running), report `Running` without touching
/// it, or complete with a status now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum BeforeAnswer {
    #[default]
    Tick,
    Wait,
    Stop(Status),
}

/// What the scripted decorator's `after` answers (R11): the child's status
/// as it is, or a fixed status whatever the child reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum AfterAnswer {
    #[default]
    Pass,
    Map(Status),
}

/// What happened in one frame.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// Every hook call, in order.
    pub log: Vec<String>,
    /// The root's status (`None` for a frame that is not a tick, and for
    /// a tick that did nothing: paused or stopped, O2, O3).
    pub status: Option<Status>,
    /// O4, O5: the tree status and the play mode's count after the frame.
    pub life: (&'static str, u32),
    /// Node names of the active path after the frame, root first.
    pub path: Vec<String>,
    /// How many errors the tick reported, and the node of the first.
    pub errors: (u32, Option<String>),
    /// V4: the tree's variables after the frame, one bit each.
    pub vars: u64,
    /// V3: the seconds since each timestamp after the frame (`None`: never
    /// set), in declaration order.
    pub since: Vec<Option<f64>>,
    /// R8, V2, V5: the services after the frame.
    pub world: WorldRecord,
    /// B2: the events a brain's inbox holds after the frame, oldest first,
    /// by index into [`EVENTS`] (always empty for a tree driven without a
    /// brain: its posts are delivered at once).
    pub inbox: Vec<usize>,
}

/// What the services hold after a frame.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct WorldRecord {
    /// R8: the slots of each resource the tree holds (the count less the
    /// others').
    pub held: Vec<u32>,
    /// V5: the frame's launch requests: payload (the leaf's name), ticket
    /// frame and number.
    pub launches: Vec<(String, u32, u32)>,
    /// V5: the frame's cancel requests: ticket frame and number.
    pub cancels: Vec<(u32, u32)>,
    /// V5: launches and cancels the buffer refused this frame.
    pub refused: u32,
    /// V2: the stimuli present, kind and payload, by kind.
    pub stimuli: Vec<(usize, u8)>,
}

/// The scripted world: what every decide, condition and behavior answers,
/// and the log of every hook call.
#[derive(Default, Debug)]
pub struct Inputs {
    scores: HashMap<String, f32>,
    results: HashMap<String, Status>,
    refuse: HashMap<String, bool>,
    blocks: HashMap<String, u8>,
    befores: HashMap<String, BeforeAnswer>,
    afters: HashMap<String, AfterAnswer>,
    values: HashMap<String, i32>,
    /// The hook log since the last [`Inputs::take`].
    pub log: Vec<String>,
}

impl Inputs {
    /// Applies a `Tick` frame's changes.
    pub fn apply(&mut self, frame: &Frame) {
        if let Frame::Tick {
            scores,
            results,
            refuse,
            blocks,
            befores,
            afters,
            values,
            ..
        } = frame
        {
            for (n, v) in values {
                self.values.insert(n.clone(), *v);
            }
            for (n, a) in befores {
                self.befores.insert(n.clone(), *a);
            }
            for (n, a) in afters {
                self.afters.insert(n.clone(), *a);
            }
            for (n, s) in scores {
                self.scores.insert(n.clone(), SCORES[*s]);
            }
            for (n, s) in results {
                self.results.insert(n.clone(), *s);
            }
            for (n, r) in refuse {
                self.refuse.insert(n.clone(), *r);
            }
            for (n, b) in blocks {
                self.blocks.insert(n.clone(), *b);
            }
        }
    }

    /// The log since the last call, emptied.
    pub fn take(&mut self) -> Vec<String> {
        std::mem::take(&mut self.log)
    }

    /// A decide or condition is called: logs `decide NAME`, returns its
    /// score (0 until scripted: rejects).
    pub fn score(&mut self, name: &str) -> f32 {
        self.log.push(format!("decide {name}"));
        self.scores.get(name).copied().unwrap_or(0.0)
    }

    /// A `switch` reads its value `sw(name)` (C10): logs `read NAME -> V`,
    /// returns the scripted value (0 until scripted).
    pub fn value(&mut self, name: &str) -> i32 {
        let v = self.values.get(name).copied().unwrap_or(0);
        self.log.push(format!("read {name} -> {v}"));
        v
    }

    /// The DBlock value a `dblock` decide hands on (0 until scripted).
    pub fn block(&self, decide: &str) -> u8 {
        self.blocks.get(decide).copied().unwrap_or(0)
    }

    /// `activate` of the behavior logging as `log_name`, scripted under
    /// `name`: `false` if refused.
    pub fn activate(&mut self, name: &str, log_name: &str) -> bool {
        if self.refuse.get(name).copied().unwrap_or(false) {
            self.log.push(format!("activate {log_name} -> Failure"));
            false
        } else {
            self.log.push(format!("activate {log_name}"));
            true
        }
    }

    /// `tick` of a behavior: its scripted result (`Running` until scripted).
    pub fn tick(&mut self, name: &str, log_name: &str) -> Status {
        let s = self.results.get(name).copied().unwrap_or(Status::Running);
        self.log.push(format!("tick {log_name} -> {s:?}"));
        s
    }

    /// `deactivate` of a behavior, and why it leaves: `Some(s)`, it
    /// completed with `s` (its own tick, or for a group behavior its group,
    /// D7); `None`, it was halted.
    pub fn deactivate(&mut self, log_name: &str, completed: Option<Status>) {
        match completed {
            Some(s) => self
                .log
                .push(format!("deactivate {log_name} Completed({s:?})")),
            None => self.log.push(format!("deactivate {log_name} Halted")),
        }
    }
}

impl Inputs {
    /// The scripted decorator `name` enters the active path; `entries` counts
    /// its entries so far, this one included (its persistent state, kept by a
    /// halt, cleared by a reset).
    pub fn deco_enter(&mut self, name: &str, entries: u64) {
        self.log.push(format!("enter {name} #{entries}"));
    }

    /// Its `before`: the scripted answer (`Tick` until scripted).
    pub fn deco_before(&mut self, name: &str, child_running: bool) -> BeforeAnswer {
        let a = self.befores.get(name).copied().unwrap_or_default();
        let child = if child_running { "running" } else { "idle" };
        self.log.push(format!("before {name} {child} -> {a:?}"));
        a
    }

    /// Its `after`, given the child's status; `steps` counts the `after`
    /// calls of this activation, this one included (its memory, fresh on
    /// every entry).
    pub fn deco_after(&mut self, name: &str, child: Status, steps: u64) -> Status {
        let out = match self.afters.get(name).copied().unwrap_or_default() {
            AfterAnswer::Pass => child,
            AfterAnswer::Map(s) => s,
        };
        self.log
            .push(format!("after {name} {child:?} step {steps} -> {out:?}"));
        out
    }

    /// Its `exit`: it completed with a status (`Some`) or was halted.
    pub fn deco_exit(&mut self, name: &str, completed: Option<Status>) {
        match completed {
            Some(s) => self.log.push(format!("exit {name} Completed({s:?})")),
            None => self.log.push(format!("exit {name} Halted")),
        }
    }

    /// R9: a `log` node's message, as the tracing hook gets it.
    pub fn trace_log(&mut self, node: &str, message: &str) {
        self.log.push(format!("log {node}: {message}"));
    }

    /// V5: the tick refused `count` launches (the trace's summary, just
    /// before the tick ends).
    pub fn launches_refused(&mut self, count: u32) {
        self.log.push(format!("launches refused {count}"));
    }

    /// V5: the tick refused `count` cancels (the trace's summary, after
    /// the refused launches').
    pub fn cancels_refused(&mut self, count: u32) {
        self.log.push(format!("cancels refused {count}"));
    }

    /// V5: a deferred action's launch on activation: `Running`, or
    /// `Failure` when the buffer refused it.
    pub fn launch(&mut self, name: &str, s: Status) {
        self.log.push(format!("launch {name} -> {s:?}"));
    }

    /// V5: its poll of the completions on a tick.
    pub fn poll(&mut self, name: &str, s: Status) {
        self.log.push(format!("poll {name} -> {s:?}"));
    }

    /// V5: its abandon on deactivation: what the cancel did (`Removed`,
    /// `Requested`, `Refused`), or `None` with nothing to cancel.
    pub fn abandon(&mut self, name: &str, cancel: &str) {
        self.log.push(format!("abandon {name} -> {cancel}"));
    }

    /// O2: the `pause` hook of the running behavior logging as `log_name`.
    pub fn pause(&mut self, log_name: &str) {
        self.log.push(format!("pause {log_name}"));
    }

    /// O2: its `resume` hook.
    pub fn resume(&mut self, log_name: &str) {
        self.log.push(format!("resume {log_name}"));
    }

    /// B2: a brain's full inbox refused event `k` (handed back to the
    /// caller, who logs it).
    pub fn inbox_full(&mut self, k: usize) {
        self.log.push(format!("inbox full, refused {}", EVENTS[k]));
    }

    /// V4: the `event` hook of the active behavior logging as `log_name`
    /// gets event `k` (an index into [`EVENTS`]).
    pub fn event(&mut self, log_name: &str, k: usize) {
        self.log.push(format!("event {log_name} {}", EVENTS[k]));
    }
}

/// The log name of a `Blk` built from `db(decide, leaf)` with block value
/// `value`: the scripted name is `leaf`.
pub fn blk_log_name(leaf: &str, value: u8) -> String {
    format!("{leaf}#{value}")
}
