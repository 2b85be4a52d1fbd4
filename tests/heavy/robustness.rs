//! SPEC T4 (a tick never panics, always terminates) and L2/C7 (every
//! successful `activate` is paired with exactly one `deactivate`, parents
//! around children, deepest first) as properties: a tree using every node
//! kind is driven by random decide scores, tick results, failed activations,
//! decision flags, `halt`/`reset` calls, the lifecycle's `play` (with a
//! random play mode), `pause`, `resume` and `stop` (O1–O5: the tree is
//! ticked through a `Player`) and hostile `dt` values (NaN, infinities,
//! negative, huge), and the hook log is checked after every step. The tree
//! reaches the services too: a `limit` over a resource others also hold
//! (R8), a `log` (R9), a deferred action whose requests buffer gets a
//! random capacity every frame and whose launches a game system completes
//! now and then (V5), under a guard on a stimulus of a store the script
//! fills (V2); after every step the resource's count is the others' plus
//! the tree's own slot while it is inside, the `log` messages open and
//! close around its child, and no deferred action is left behind: every
//! launch the game system took is completed or cancelled once its
//! behavior left.
//! Allocation-freedom (the rest of T4) is `tests/no_alloc.rs`.

#[path = "../common/mod.rs"]
mod common;
use common::*;
use deciders::deferred::{Action, Completions, Requests, Ticket};
use deciders::lifecycle::{PlayMode, PlayStatus, Player};
use deciders::Status::*;
use deciders::{
    Behavior, Ctx, Exit, Flags, Resource, Slot, Status, Stimuli, Stimulus, Trace, TraceEvent,
};
use proptest::prelude::*;
use std::collections::HashSet;

const DANGER: Flags = Flags::bit(0);
const NIGHT: Flags = Flags::bit(1);

/// The frame's world: the resource `limit` counts in (R8), the deferred
/// actions' requests and completions (V5).
struct Svc {
    alarm: Resource,
    requests: Requests<()>,
    done: Completions<bool>,
}

fn alarm(s: &Svc) -> &Resource {
    &s.alarm
}

fn requests(s: &mut Svc) -> &mut Requests<()> {
    &mut s.requests
}

/// The agent's stimuli (V2).
#[derive(Clone, Copy, Debug, PartialEq, Stimulus)]
enum Stim {
    Hit,
    Seen,
}

/// A deferred action (V5): launches on activation (refused when the
/// buffer is full), polls the completions, abandons on deactivation; logs
/// its hooks as `Act` does.
struct Defer(&'static str, Action);

impl Defer {
    fn new(name: &'static str) -> Defer {
        Defer(name, Action::default())
    }
}

impl Behavior<World, Svc> for Defer {
    fn activate(&mut self, w: &mut World, ctx: &mut Ctx<Svc>) -> Status {
        let s = self.1.launch_in(ctx, requests, ());
        match s {
            Failure => w.push(format!("activate {} -> Failure", self.0)),
            _ => w.push(format!("activate {}", self.0)),
        }
        s
    }
    fn tick(&mut self, w: &mut World, ctx: &mut Ctx<Svc>) -> Status {
        let s = match self.1.poll(&ctx.world().done) {
            None => Running,
            Some(true) => Success,
            Some(false) => Failure,
        };
        w.push(format!("tick {} -> {s:?}", self.0));
        s
    }
    fn deactivate(&mut self, w: &mut World, ctx: &mut Ctx<Svc>, _: Exit) {
        self.1.abandon(&mut ctx.world_mut().requests);
        w.push(format!("deactivate {}", self.0));
    }
}

deciders::tree! {
    /// Every node kind, every leaf and group behavior a uniquely named `Act`.
    tree Everything for World, world = Svc {
        priority with Act("g_root") {
            flee: when(any(DANGER), decide = d("flee")) => Act("flee"),
            guard: when(every(0.5), decide = d("guard")) => priority with Act("g_guard") {
                yell: when(recheck, decide = d("yell")) => Act("yell"),
                fight: when(decide = d("gfight")) => timeout(1.0) { Act("gfight") },
                patrol: when(decide = d("patrol")) => subtree far::Patrol,
                rest: Act("grest"),
            },
            brawl: when(decide = d("brawl")) => parallel(success >= 2, failure >= 2) {
                Act("p1"),
                retry(2) { Act("p2") },
                invert { condition(is("c1")) },
                Act("p3"),
            },
            eat: when(redecide, decide = d("eat")) => sequential with Act("g_eat") {
                find: reactive_sequence with Act("g_find") { condition(maybe("c2")), Act("find") },
                chew: cooldown(0.3) { Act("chew") },
            },
            extra: when(decide = d("extra")) => random with Act("g_rand") {
                r1: when(decide = d("r1")) => Act("r1"),
                r2: shuffle { Act("sh1"), recheck(decide = d("rk")) { Act("sh2") } },
                r3: scored(rescore = 0.3) {
                    s1: when(decide = d("s1")) => retry(forever) { Act("s1") },
                    s2: when(decide = d("s2")) => run_once { Act("s2") },
                    s3: when(decide = d("s3")) => if_then_else {
                        condition(is("c3")), Act("it"), Act("ie"),
                    },
                },
                r4: while_do_else {
                    condition(maybe("c4")),
                    switch(|w: &World| w.score("sw") > 0.0) {
                        true => Act("sw1"),
                        false => decorate(UntilFailure) { Act("uf") },
                    },
                    parallel(all_complete) { Act("ac1"), Act("ac2") },
                },
                r5: when(delegate) => priority {
                    dl1: when(decide = d("dl1")) => Act("dl1"),
                    dl2: when(decide = d("dl2")) => Act("dl2"),
                },
            },
            svc: when(stimuli_any(Stim::Hit.flag()), decide = d("svc")) => sequence with Act("g_svc") {
                lim: limit(alarm, 1) {
                    log(start = "in", success = "done", failure = "failed") { Act("lim") }
                },
                Defer::new("q"),
            },
            idle: selector with Act("g_idle") {
                nap: when(none(NIGHT), decide = d("nap")) => delay(0.2) { Act("nap") },
                fallback with Act("g_fb") {
                    cooldown_on_failure(0.5) { Act("fb1") },
                    force(Success) { wait(0.3) },
                },
                sequence with Act("g_seq") {
                    succeed,
                    repeat(2) { Act("rep") },
                    always(Failure) { Act("alw") },
                    fail,
                },
                parallel(all) { Act("pa1"), Act("pa2") },
                parallel(any) { Act("py1"), Act("py2") },
                concurrent { Act("cc1"), Act("cc2") },
                repeat(forever) { Act("forever") },
            },
        }
    }
}

/// A subtree declared in another module (S3).
mod far {
    use crate::common::*;
    use crate::Svc;

    deciders::tree! {
        pub tree Patrol for World, world = Svc {
            sequence with Act("g_patrol") { Act("pat1"), Act("pat2") }
        }
    }
}

/// Every `Act` in the tree, each with the group behaviors enclosing it,
/// innermost last.
const NODES: &[(&str, &[&str])] = &[
    ("g_root", &[]),
    ("flee", &["g_root"]),
    ("g_guard", &["g_root"]),
    ("yell", &["g_root", "g_guard"]),
    ("gfight", &["g_root", "g_guard"]),
    ("g_patrol", &["g_root", "g_guard"]),
    ("pat1", &["g_root", "g_guard", "g_patrol"]),
    ("pat2", &["g_root", "g_guard", "g_patrol"]),
    ("grest", &["g_root", "g_guard"]),
    ("p1", &["g_root"]),
    ("p2", &["g_root"]),
    ("p3", &["g_root"]),
    ("g_eat", &["g_root"]),
    ("g_find", &["g_root", "g_eat"]),
    ("find", &["g_root", "g_eat", "g_find"]),
    ("chew", &["g_root", "g_eat"]),
    ("g_rand", &["g_root"]),
    ("r1", &["g_root", "g_rand"]),
    ("sh1", &["g_root", "g_rand"]),
    ("sh2", &["g_root", "g_rand"]),
    ("s1", &["g_root", "g_rand"]),
    ("s2", &["g_root", "g_rand"]),
    ("it", &["g_root", "g_rand"]),
    ("ie", &["g_root", "g_rand"]),
    ("sw1", &["g_root", "g_rand"]),
    ("uf", &["g_root", "g_rand"]),
    ("ac1", &["g_root", "g_rand"]),
    ("ac2", &["g_root", "g_rand"]),
    ("dl1", &["g_root", "g_rand"]),
    ("dl2", &["g_root", "g_rand"]),
    ("g_svc", &["g_root"]),
    ("lim", &["g_root", "g_svc"]),
    ("q", &["g_root", "g_svc"]),
    ("g_idle", &["g_root"]),
    ("nap", &["g_root", "g_idle"]),
    ("g_fb", &["g_root", "g_idle"]),
    ("fb1", &["g_root", "g_idle", "g_fb"]),
    ("g_seq", &["g_root", "g_idle"]),
    ("rep", &["g_root", "g_idle", "g_seq"]),
    ("alw", &["g_root", "g_idle", "g_seq"]),
    ("pa1", &["g_root", "g_idle"]),
    ("pa2", &["g_root", "g_idle"]),
    ("py1", &["g_root", "g_idle"]),
    ("py2", &["g_root", "g_idle"]),
    ("cc1", &["g_root", "g_idle"]),
    ("cc2", &["g_root", "g_idle"]),
    ("forever", &["g_root", "g_idle"]),
];

/// Decides and conditions, by the name their score is read under.
const SCORED: &[&str] = &[
    "flee", "guard", "yell", "gfight", "patrol", "brawl", "eat", "nap", "c1", "c2", "extra", "r1",
    "rk", "s1", "s2", "s3", "c3", "c4", "sw", "dl1", "dl2", "svc",
];

/// A decorator of the test's own (SPEC R11): "loop until it fails".
#[derive(Default)]
struct UntilFailure;

impl deciders::Decorator<World, Svc> for UntilFailure {
    type Persist = ();
    fn after(&mut self, _: &mut (), _: &World, _: &Ctx<Svc>, child: Status) -> Status {
        if child == Failure {
            Failure
        } else {
            Running
        }
    }
}

/// `dt` values a game might pass by mistake, next to normal ones.
const DTS: &[f32] = &[
    0.1,
    0.016,
    0.0,
    0.25,
    1.0,
    -0.5,
    f32::NAN,
    f32::INFINITY,
    f32::NEG_INFINITY,
    1e30,
    f32::MIN_POSITIVE,
];

/// One frame of the script.
#[derive(Debug, Clone)]
enum Frame {
    /// Change inputs, then tick with `DTS[dt]` and `flags`.
    Tick {
        dt: usize,
        flags: u64,
        scores: Vec<(usize, i8)>,
        results: Vec<(usize, u8)>,
        refuse: Vec<(usize, bool)>,
        /// The services before the tick, drawn as bits: see [`Game::begin`].
        services: u32,
    },
    /// `Tree::halt` (the game removes the agent's tree).
    Halt,
    /// `Tree::reset`.
    Reset,
    /// `Player::play` with `MODES[k]`.
    Play(usize),
    /// `Player::pause`.
    Pause,
    /// `Player::resume`.
    Resume,
    /// `Player::stop`.
    Stop,
}

/// The play modes a script plays with (O5).
const MODES: [PlayMode; 7] = [
    PlayMode::Forever,
    PlayMode::Ticks(40),
    PlayMode::Completions(8),
    PlayMode::Successes(5),
    PlayMode::Failures(5),
    PlayMode::RunningTicks(30),
    PlayMode::Interruptions(2),
];

fn frame() -> impl Strategy<Value = Frame> {
    let tick = (
        0..DTS.len(),
        0u64..4,
        proptest::collection::vec((0..SCORED.len(), -1i8..=1), 0..4),
        proptest::collection::vec((0..NODES.len(), 0u8..3), 0..4),
        proptest::collection::vec((0..NODES.len(), proptest::bool::weighted(0.2)), 0..2),
        any::<u32>(),
    )
        .prop_map(
            |(dt, flags, scores, results, refuse, services)| Frame::Tick {
                dt,
                flags,
                scores,
                results,
                refuse,
                services,
            },
        );
    prop_oneof![
        60 => tick,
        2 => Just(Frame::Halt),
        2 => Just(Frame::Reset),
        1 => (0..MODES.len()).prop_map(Frame::Play),
        1 => Just(Frame::Pause),
        3 => Just(Frame::Resume),
        1 => Just(Frame::Stop),
    ]
}

/// Checks one tick's log against the pairing rules and updates `active`.
fn check(entries: Vec<String>, active: &mut HashSet<String>) -> Result<(), TestCaseError> {
    for e in entries {
        let words: Vec<&str> = e.split(' ').collect();
        let name = words.get(1).copied().unwrap_or_default();
        let groups = NODES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, g)| *g)
            .unwrap_or(&[]);
        match (words[0], words.get(2)) {
            ("activate", refused) => {
                prop_assert!(!active.contains(name), "{}: already active", e);
                for g in groups {
                    prop_assert!(active.contains(*g), "{}: its group {} is not active", e, g);
                }
                if refused.is_none() {
                    active.insert(name.to_string());
                }
            }
            ("deactivate", _) => {
                prop_assert!(active.remove(name), "{}: not active", e);
                // Deepest first: nothing inside `name` may still be active.
                for (inner, gs) in NODES {
                    if gs.contains(&name) {
                        prop_assert!(!active.contains(*inner), "{}: {} still active", e, inner);
                    }
                }
            }
            ("tick", _) => prop_assert!(active.contains(name), "{}: ticked while inactive", e),
            _ => {}
        }
    }
    Ok(())
}

/// The game around the tree (R8, V2, V5): others holding the alarm, the
/// stimuli store, the game system serving the requests, and what the
/// checks remember of them.
#[derive(Default)]
struct Game {
    others: Vec<Slot>,
    stimuli: Stimuli<Stim>,
    /// The launches the game system took and has not completed.
    pending: Vec<Ticket>,
    /// Every launch taken; the completed ones; the cancelled ones.
    launched: HashSet<Ticket>,
    completed: HashSet<Ticket>,
    cancelled: HashSet<Ticket>,
    /// Cancels the buffer refused (full): their launches stay behind.
    cancels_refused: u32,
    frame: u32,
}

impl Game {
    /// Before a tick: the game system takes the last frame's requests (a
    /// cancel must name a launch it took, once) and completes some pending
    /// launches; others take or give back the alarm; a stimulus is added
    /// or removed and the store updated; a new requests buffer starts.
    /// `bits` draws all of it.
    fn begin(&mut self, bits: u32, f: &mut deciders::Frame<Svc>) -> Result<(), TestCaseError> {
        let field = |at: u32, width: u32| (bits >> at) & ((1 << width) - 1);
        let svc = f.world_mut();
        for (ticket, ()) in svc.requests.launches() {
            prop_assert!(
                self.launched.insert(*ticket),
                "launched twice: {:?}",
                ticket
            );
            self.pending.push(*ticket);
        }
        for ticket in svc.requests.cancels() {
            prop_assert!(self.launched.contains(ticket), "unknown: {:?}", ticket);
            prop_assert!(
                self.cancelled.insert(*ticket),
                "cancelled twice: {:?}",
                ticket
            );
            self.pending.retain(|t| t != ticket);
        }
        if field(0, 1) == 1 && !self.pending.is_empty() {
            let ticket = self
                .pending
                .remove(field(1, 3) as usize % self.pending.len());
            svc.done.complete(ticket, field(4, 1) == 1);
            self.completed.insert(ticket);
        }
        if field(5, 2) == 0 {
            // Others hold 0, 1 or 2 slots from now on (`limit(alarm, 1)`).
            let n = field(7, 2) as usize % 3;
            self.others.truncate(n);
            while self.others.len() < n {
                self.others
                    .push(svc.alarm.try_acquire(u32::MAX).expect("room"));
            }
        }
        self.frame += 1;
        svc.requests = Requests::with_capacity(field(9, 2) as usize, self.frame);
        let kind = [Stim::Hit, Stim::Seen][field(11, 1) as usize];
        match field(12, 3) {
            0..=2 => {
                _ = self
                    .stimuli
                    .add(kind, (), Some([0.1, 0.3, 1.0][field(15, 2) as usize % 3]))
            }
            3 => _ = self.stimuli.add(kind, (), None),
            4 => _ = self.stimuli.remove(kind),
            _ => {}
        }
        let dt = f.dt();
        f.set_stimuli(self.stimuli.update(dt));
        Ok(())
    }

    /// After every step, R8: the alarm's count is the others' slots and
    /// the tree's own while `lim` (its only `limit`'s child) is active.
    fn check(
        &self,
        f: &deciders::Frame<Svc>,
        active: &HashSet<String>,
    ) -> Result<(), TestCaseError> {
        let inside = usize::from(active.contains("lim"));
        prop_assert_eq!(
            f.world().alarm.in_use() as usize,
            self.others.len() + inside
        );
        Ok(())
    }

    /// After a step: the cancels the buffer refused in it, from its
    /// refusals (`before` at the start of the step) less the tick's
    /// refused launches.
    fn count_refusals(&mut self, before: u32, f: &deciders::Frame<Svc>, launches: u32) {
        self.cancels_refused += f.world().requests.refused() - before - launches;
    }

    /// After the final halt, once the game system took the last requests:
    /// every launch is completed or cancelled (V5: nothing left behind),
    /// but for those whose cancel the full buffer refused.
    fn end(&mut self, f: &mut deciders::Frame<Svc>) -> Result<(), TestCaseError> {
        self.begin(0, f)?;
        let behind: Vec<_> = self
            .launched
            .iter()
            .filter(|t| !self.completed.contains(t) && !self.cancelled.contains(t))
            .collect();
        prop_assert!(
            behind.len() <= self.cancels_refused as usize,
            "launches {:?} left behind, {} cancels refused",
            behind,
            self.cancels_refused
        );
        Ok(())
    }
}

/// R9: the `log` around `lim` sends its start message each time `lim` is
/// activated (refused or not), its success message each time `lim`
/// succeeds, its failure message each time it fails or is refused, and
/// nothing when halted.
fn check_messages(entries: &[String], messages: &[&str]) -> Result<(), TestCaseError> {
    let count = |lines: &[&str]| {
        entries
            .iter()
            .filter(|e| lines.contains(&e.as_str()))
            .count()
    };
    let sent = |m: &str| messages.iter().filter(|x| **x == m).count();
    prop_assert_eq!(
        sent("in"),
        count(&["activate lim", "activate lim -> Failure"])
    );
    prop_assert_eq!(sent("done"), count(&["tick lim -> Success"]));
    let failed = count(&["tick lim -> Failure", "activate lim -> Failure"]);
    prop_assert_eq!(sent("failed"), failed);
    Ok(())
}

/// The `log` messages of a tick (R9).
#[derive(Default)]
struct Messages(Vec<&'static str>);

impl Trace for Messages {
    fn event(&mut self, event: TraceEvent) {
        if let TraceEvent::Log { message, .. } = event {
            self.0.push(message);
        }
    }
}

/// Plays `frames` on a fresh tree, checking the log after every step, and
/// records in `seen` every node that was activated.
fn play(frames: Vec<Frame>, seen: &mut HashSet<String>) -> Result<(), TestCaseError> {
    let mut w = World::new();
    let mut t = Player::new(Everything::new());
    let mut active = HashSet::new();
    let statuses = [Running, Success, Failure];
    let mut game = Game::default();
    let f = &mut deciders::Frame::new(0.1).with_world(Svc {
        alarm: Resource::new(),
        requests: Requests::with_capacity(0, 0),
        done: Completions::new(),
    });
    for frame in frames {
        let ticked = matches!(frame, Frame::Tick { .. });
        let mut before = f.world().requests.refused();
        match frame {
            Frame::Tick {
                dt,
                flags,
                scores,
                results,
                refuse,
                services,
            } => {
                for (i, s) in scores {
                    w.set(SCORED[i], f32::from(s));
                }
                for (i, r) in results {
                    w.result(NODES[i].0, statuses[usize::from(r)]);
                }
                for (i, no) in refuse {
                    w.fail_activate(NODES[i].0, no);
                }
                f.set_dt(DTS[dt]);
                f.set_flags(Flags(flags));
                game.begin(services, f)?;
                before = 0;
                let was_running = t.tree().is_running();
                let mut messages = Messages::default();
                let Some(status) = t.tick_traced(&mut w, f, &mut messages) else {
                    // O2, O3: paused or stopped, the tick does nothing.
                    prop_assert!(matches!(
                        t.status(),
                        PlayStatus::Paused | PlayStatus::Stopped
                    ));
                    prop_assert!(w.take().is_empty());
                    prop_assert_eq!(t.tree().is_running(), was_running);
                    continue;
                };
                let entries = w.take();
                check_messages(&entries, &messages.0)?;
                seen.extend(
                    entries
                        .iter()
                        .filter_map(|e| e.strip_prefix("activate "))
                        .filter(|n| !n.contains(' '))
                        .map(str::to_string),
                );
                check(entries, &mut active)?;
                // T1, T3: the root reports a status; Running iff a node is
                // still active, unless the play mode's target stopped the
                // tree at the end of this tick (O5).
                let running = t.tree().is_running();
                if t.status() == PlayStatus::Stopped {
                    prop_assert!(!running);
                } else {
                    prop_assert_eq!(running, status == Running);
                }
                prop_assert_eq!(running, !active.is_empty());
            }
            Frame::Play(k) => {
                t.play(MODES[k], &mut w, f);
                check(w.take(), &mut active)?;
                prop_assert!(active.is_empty(), "active after play: {:?}", active);
            }
            Frame::Pause => {
                let before = active.clone();
                t.pause(&mut w, f);
                check(w.take(), &mut active)?;
                // O2: pausing keeps every node, unless the interruption
                // reached the play mode's target and stopped the tree (O5).
                if t.status() == PlayStatus::Stopped {
                    prop_assert!(active.is_empty(), "active after a stop: {:?}", active);
                } else {
                    prop_assert_eq!(&active, &before);
                }
            }
            Frame::Resume => {
                let before = active.clone();
                t.resume(&mut w, f);
                check(w.take(), &mut active)?;
                // O2: nothing activated again, nothing left.
                prop_assert_eq!(&active, &before);
            }
            Frame::Stop => {
                t.stop(&mut w, f);
                check(w.take(), &mut active)?;
                prop_assert!(active.is_empty(), "active after stop: {:?}", active);
                prop_assert_eq!(t.status(), PlayStatus::Stopped);
            }
            Frame::Halt => {
                t.tree_mut().halt(&mut w, f);
                check(w.take(), &mut active)?;
                prop_assert!(active.is_empty(), "active after halt: {:?}", active);
            }
            Frame::Reset => {
                t.reset(&mut w, f);
                check(w.take(), &mut active)?;
                prop_assert!(active.is_empty(), "active after reset: {:?}", active);
            }
        }
        let launches = if ticked {
            f.report().launches_refused()
        } else {
            0
        };
        game.count_refusals(before, f, launches);
        game.check(f, &active)?;
    }
    let before = f.world().requests.refused();
    t.tree_mut().halt(&mut w, f);
    game.count_refusals(before, f, 0);
    check(w.take(), &mut active)?;
    prop_assert!(
        active.is_empty(),
        "active after the final halt: {:?}",
        active
    );
    game.check(f, &active)?;
    game.end(f)
}

fn script() -> impl Strategy<Value = Vec<Frame>> {
    proptest::collection::vec(frame(), 1..120)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: if std::env::var_os("PROPTEST_CASES").is_some() {
            ProptestConfig::default().cases
        } else {
            256
        },
        ..ProptestConfig::default()
    })]

    #[test]
    fn t4_l2_any_script_of_inputs_keeps_the_hooks_paired(frames in script()) {
        play(frames, &mut HashSet::new())?;
    }
}

#[test]
fn the_scripts_reach_every_node() {
    // The property above is only as good as the states it reaches: 512
    // deterministic scripts must have every behavior of the tree
    // activated at some point.
    use proptest::strategy::ValueTree;
    use proptest::test_runner::{Config, TestRunner};
    let mut runner = TestRunner::new_with_rng(
        Config::default(),
        proptest::test_runner::TestRng::deterministic_rng(Default::default()),
    );
    let mut seen = HashSet::new();
    for _ in 0..512 {
        let frames = script().new_tree(&mut runner).unwrap().current();
        play(frames, &mut seen).unwrap();
    }
    let missed: Vec<&str> = NODES
        .iter()
        .map(|(n, _)| *n)
        .filter(|n| !seen.contains(*n))
        .collect();
    assert!(missed.is_empty(), "never active: {missed:?}");
}

#[test]
fn the_property_can_fail() {
    // The checker is not vacuous: a deactivate of an inactive node, a tick
    // of an inactive node, and a group deactivated before its child are
    // all caught.
    let mut active = HashSet::new();
    assert!(check(log(&["deactivate flee"]), &mut active).is_err());
    assert!(check(log(&["tick flee -> Running"]), &mut active).is_err());
    assert!(
        check(log(&["activate flee"]), &mut active).is_err(),
        "g_root is not active"
    );
    let mut active = HashSet::new();
    let out_of_order = log(&["activate g_root", "activate g_guard", "deactivate g_root"]);
    assert!(check(out_of_order, &mut active).is_err());
}
