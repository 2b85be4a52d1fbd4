//! Test-only: the fixture the generated trees of the differential test run
//! on. Every hook answers from, and logs into, the same
//! [`Inputs`] the reference model uses, so the
//! two hook logs can be compared line by line; the tracing hook logs the
//! `log` nodes' messages (R9) and the refused launches (V5) into the same
//! log. The frame's world, [`Svc`], holds the services: the resources
//! `limit` counts in (R8) and the deferred actions' requests and
//! completions (V5); the agent's stimuli store (V2) and the game system
//! serving the requests live in [`run`]. [`run_brain`] drives the same
//! trees in a [`Brain`] (B1, B2, B5), whose own store and inbox replace
//! the caller's; with the feature `serde` it saves and loads the brain of
//! a tree that can be saved once per script ([`Saves`], O6).

use std::any::Any;
use std::cell::RefCell;
use std::rc::Rc;

use deciders::brain::{Brain, Declares, InboxFull, Receives};
use deciders::crowd::Crowd;
use deciders::decorator::Before;
use deciders::deferred::{Action, Cancel, Completions, Requests, Ticket};
use deciders::lifecycle::{PlayMode, PlayStatus, Player};
use deciders::{
    Behavior, Ctx, Decorator, Exit, Flags, NodeInfo, Resource, Slot, Status, Stimuli, TickError,
    Trace, TraceEvent, Tree,
};
use deciders_reference::brain::DEFAULT_INBOX;
use deciders_reference::life::Life;
use deciders_reference::script::{
    blk_log_name, BeforeAnswer, Counts, Mode, WorldRecord, AGENT, DTS, STIMULUS_TIMEOUTS,
};
use deciders_reference::{tree, Frame, Inputs, Record};

/// The agent: the scripted world. Decides see `&World`, so the inputs sit
/// in a `RefCell` (they log every call), shared with the tracing hook.
#[derive(Default)]
pub struct World {
    pub io: Rc<RefCell<Inputs>>,
}

/// The frame's world (R8, V5): what every agent of a frame shares.
pub struct Svc {
    pub alarm: Resource,
    pub door: Resource,
    pub requests: Requests<&'static str>,
    /// Completions reported by the game system: `true` for success.
    pub done: Completions<bool>,
}

impl Svc {
    /// No slot held, no request, no completion (each frame's buffer is
    /// built by [`Game::begin`]).
    fn new() -> Svc {
        Svc {
            alarm: Resource::new(),
            door: Resource::new(),
            requests: Requests::with_capacity(0, 0),
            done: Completions::new(),
        }
    }
}

/// `limit(alarm, max)` (R8): the first resource, by path; the second is
/// written as a closure, `|s: &Svc| &s.door`.
pub fn alarm(s: &Svc) -> &Resource {
    &s.alarm
}

fn requests(s: &mut Svc) -> &mut Requests<&'static str> {
    &mut s.requests
}

/// The stimulus kinds of the agent's store (V2): kind `k` is stimuli flag
/// `k`, as the generated guards' masks assume.
#[derive(Clone, Copy, Debug, PartialEq, deciders::Stimulus)]
pub enum Stim {
    A,
    B,
    C,
}

/// The stimulus kinds by the script's index.
const STIMS: [Stim; deciders_reference::script::STIMULUS_KINDS] = [Stim::A, Stim::B, Stim::C];

/// The tracing hook: `log` messages (R9) and the tick's refused launches
/// and cancels (V5) go into the hook log, in order with the hooks.
struct Traced(Rc<RefCell<Inputs>>);

impl Trace for Traced {
    fn event(&mut self, event: TraceEvent) {
        match event {
            TraceEvent::Log { node, message, .. } => {
                self.0.borrow_mut().trace_log(node.name, message);
            }
            TraceEvent::LaunchRefused { count, .. } => self.0.borrow_mut().launches_refused(count),
            TraceEvent::CancelRefused { count, .. } => self.0.borrow_mut().cancels_refused(count),
            _ => {}
        }
    }
}

fn status(s: tree::Status) -> Status {
    match s {
        tree::Status::Running => Status::Running,
        tree::Status::Success => Status::Success,
        tree::Status::Failure => Status::Failure,
    }
}

fn model_status(s: Status) -> tree::Status {
    match s {
        Status::Running => tree::Status::Running,
        Status::Success => tree::Status::Success,
        Status::Failure => tree::Status::Failure,
    }
}

/// `exit` as the model's log says it: the status a behavior or decorator
/// completed with, `None` when it was halted.
fn completed(exit: Exit) -> Option<tree::Status> {
    match exit {
        Exit::Completed(s) => Some(model_status(s)),
        _ => None,
    }
}

/// The events the scripts post (V4); every generated tree declares
/// `events = Ev`.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Ev {
    Alarm,
    Clear,
    Seen,
    Hit(u8),
}

/// The events a `Frame::Post(k)` posts, by `k`: the values the model's
/// `EVENTS` names.
pub const EVENT_VALUES: [Ev; 5] = [Ev::Alarm, Ev::Clear, Ev::Seen, Ev::Hit(0), Ev::Hit(1)];

/// The index of a posted event in [`EVENT_VALUES`].
fn event_index(event: &dyn Any) -> usize {
    let e = event.downcast_ref::<Ev>().expect("the trees post `Ev`");
    EVENT_VALUES
        .iter()
        .position(|v| v == e)
        .expect("scripts post only `EVENT_VALUES`")
}

/// What the fixture needs of a generated tree besides [`Tree`]: its own
/// `post`, `vars` and `since` (V3, V4). `build.rs` implements it for every
/// tree under test.
pub trait Posted: Tree<World, Svc> {
    fn post_event(&mut self, event: &Ev, w: &mut World, frame: &mut deciders::Frame<Svc>);
    fn var_bits(&self) -> u64;
    fn stamp_since(&self, stamp: usize) -> Option<f64>;
}

/// O6: what the brain mode needs to save a generated tree: `reload`
/// saves a brain and loads the copy, for the trees that can be saved
/// (`build.rs` implements it for those when the feature `serde` is on);
/// `None` for the others.
pub trait Saves: Sized + Declares {
    fn reload(_: &Brain<Self>) -> Option<Brain<Self>> {
        None
    }
}

/// How many brains [`Saves::reload`] saved and loaded so far.
pub static RELOADS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// A brain saved as JSON and loaded (O6).
#[cfg(feature = "serde")]
pub fn reload<T>(brain: &Brain<T>) -> Brain<T>
where
    T: Declares<Event = Ev, Payload = u8> + serde::Serialize + serde::de::DeserializeOwned,
{
    let text = serde_json::to_string(brain).expect("a brain saves");
    RELOADS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("a saved brain loads: {e}\n{text}"))
}

/// The fixture's names (`Act("a3")`) saved as strings and loaded as the
/// `&'static str` the behaviors hold: each name is leaked once, then
/// found again.
#[cfg(feature = "serde")]
mod name {
    use serde::{Deserialize, Deserializer, Serializer};
    use std::collections::BTreeSet;
    use std::sync::Mutex;

    static NAMES: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());

    pub fn serialize<S: Serializer>(name: &super::Name, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(name)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<&'static str, D::Error> {
        let text = String::deserialize(d)?;
        let mut names = NAMES.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&name) = names.get(text.as_str()) {
            return Ok(name);
        }
        let name: &'static str = Box::leak(text.into_boxed_str());
        names.insert(name);
        Ok(name)
    }
}

/// A name the fixture's behaviors and decorator log under (`Act("a3")`).
/// An alias, so that serde's derive does not take a `&'static str` field
/// as borrowed from the save (the module `name` loads it instead).
pub type Name = &'static str;

/// A behavior logging every hook under its name.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Act(#[cfg_attr(feature = "serde", serde(with = "name"))] pub Name);

impl Behavior<World, Svc> for Act {
    fn activate(&mut self, w: &mut World, _: &mut Ctx<Svc>) -> Status {
        if w.io.borrow_mut().activate(self.0, self.0) {
            Status::Running
        } else {
            Status::Failure
        }
    }
    fn tick(&mut self, w: &mut World, _: &mut Ctx<Svc>) -> Status {
        status(w.io.borrow_mut().tick(self.0, self.0))
    }
    fn deactivate(&mut self, w: &mut World, _: &mut Ctx<Svc>, exit: Exit) {
        w.io.borrow_mut().deactivate(self.0, completed(exit));
    }
    fn event(&mut self, w: &mut World, _: &mut Ctx<Svc>, event: &dyn Any) {
        w.io.borrow_mut().event(self.0, event_index(event));
    }
    fn pause(&mut self, w: &mut World, _: &mut Ctx<Svc>) {
        w.io.borrow_mut().pause(self.0);
    }
    fn resume(&mut self, w: &mut World, _: &mut Ctx<Svc>) {
        w.io.borrow_mut().resume(self.0);
    }
}

/// A behavior with no `tick` hook: it says that it waits for nothing
/// but an input (Z2), as nothing it does needs a tick.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Hold(#[cfg_attr(feature = "serde", serde(with = "name"))] pub Name);

impl Behavior<World, Svc> for Hold {
    fn wake(&self) -> deciders::Wake {
        deciders::Wake::NEVER
    }
    fn activate(&mut self, w: &mut World, _: &mut Ctx<Svc>) -> Status {
        if w.io.borrow_mut().activate(self.0, self.0) {
            Status::Running
        } else {
            Status::Failure
        }
    }
    fn deactivate(&mut self, w: &mut World, _: &mut Ctx<Svc>, exit: Exit) {
        w.io.borrow_mut().deactivate(self.0, completed(exit));
    }
    fn event(&mut self, w: &mut World, _: &mut Ctx<Svc>, event: &dyn Any) {
        w.io.borrow_mut().event(self.0, event_index(event));
    }
    fn pause(&mut self, w: &mut World, _: &mut Ctx<Svc>) {
        w.io.borrow_mut().pause(self.0);
    }
    fn resume(&mut self, w: &mut World, _: &mut Ctx<Svc>) {
        w.io.borrow_mut().resume(self.0);
    }
}

/// A behavior built from a DBlock: it logs under the name and value the
/// DBlock carries.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Blk {
    #[cfg_attr(feature = "serde", serde(with = "name"))]
    leaf: Name,
    log: String,
}

impl Behavior<World, Svc> for Blk {
    fn activate(&mut self, w: &mut World, _: &mut Ctx<Svc>) -> Status {
        if w.io.borrow_mut().activate(self.leaf, &self.log) {
            Status::Running
        } else {
            Status::Failure
        }
    }
    fn tick(&mut self, w: &mut World, _: &mut Ctx<Svc>) -> Status {
        status(w.io.borrow_mut().tick(self.leaf, &self.log))
    }
    fn deactivate(&mut self, w: &mut World, _: &mut Ctx<Svc>, exit: Exit) {
        w.io.borrow_mut().deactivate(&self.log, completed(exit));
    }
    fn event(&mut self, w: &mut World, _: &mut Ctx<Svc>, event: &dyn Any) {
        w.io.borrow_mut().event(&self.log, event_index(event));
    }
    fn pause(&mut self, w: &mut World, _: &mut Ctx<Svc>) {
        w.io.borrow_mut().pause(&self.log);
    }
    fn resume(&mut self, w: &mut World, _: &mut Ctx<Svc>) {
        w.io.borrow_mut().resume(&self.log);
    }
}

/// `Defer::new("q3")` (V5): a deferred action. Activating, it launches
/// into the frame's requests (its name is the payload); each tick it polls
/// the completions; deactivating, it abandons the action. Logs each step
/// under its name, and its events, pauses and resumes as [`Act`] does.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Defer {
    #[cfg_attr(feature = "serde", serde(with = "name"))]
    name: Name,
    action: Action,
}

impl Defer {
    pub fn new(name: &'static str) -> Defer {
        Defer {
            name,
            action: Action::default(),
        }
    }
}

impl Behavior<World, Svc> for Defer {
    fn activate(&mut self, w: &mut World, ctx: &mut Ctx<Svc>) -> Status {
        let s = self.action.launch_in(ctx, requests, self.name);
        w.io.borrow_mut().launch(self.name, model_status(s));
        s
    }
    fn tick(&mut self, w: &mut World, ctx: &mut Ctx<Svc>) -> Status {
        let s = match self.action.poll(&ctx.world().done) {
            None => Status::Running,
            Some(true) => Status::Success,
            Some(false) => Status::Failure,
        };
        w.io.borrow_mut().poll(self.name, model_status(s));
        s
    }
    fn deactivate(&mut self, w: &mut World, ctx: &mut Ctx<Svc>, exit: Exit) {
        let mut io = w.io.borrow_mut();
        io.deactivate(self.name, completed(exit));
        let cancel = match self.action.abandon_in(ctx, |svc| &mut svc.requests) {
            None => "None",
            Some(Cancel::Removed) => "Removed",
            Some(Cancel::Requested) => "Requested",
            Some(Cancel::Refused) => "Refused",
        };
        io.abandon(self.name, cancel);
    }
    fn event(&mut self, w: &mut World, _: &mut Ctx<Svc>, event: &dyn Any) {
        w.io.borrow_mut().event(self.name, event_index(event));
    }
    fn pause(&mut self, w: &mut World, _: &mut Ctx<Svc>) {
        w.io.borrow_mut().pause(self.name);
    }
    fn resume(&mut self, w: &mut World, _: &mut Ctx<Svc>) {
        w.io.borrow_mut().resume(self.name);
    }
}

/// `decorate(Dec::new("x3")) { … }` (R11): a decorator of the user's own,
/// logging every hook under its name; what `before` and `after` answer is
/// scripted by name. Its memory counts the `after` calls of one activation
/// (fresh on every entry), its persistent state the entries so far (kept by
/// a halt, cleared by a reset): both appear in the log, so the model checks
/// where each lives.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Dec {
    #[cfg_attr(feature = "serde", serde(with = "name"))]
    name: Name,
    steps: u64,
}

impl Dec {
    pub fn new(name: &'static str) -> Dec {
        Dec { name, steps: 0 }
    }
}

/// [`Dec`]'s persistent state: how often it entered.
#[derive(Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Entries(u64);

impl Decorator<World, Svc> for Dec {
    type Persist = Entries;
    fn enter(&mut self, p: &mut Entries, w: &World, _: &Ctx<Svc>) {
        p.0 += 1;
        w.io.borrow_mut().deco_enter(self.name, p.0);
    }
    fn before(&mut self, _: &mut Entries, w: &World, _: &Ctx<Svc>, running: bool) -> Before {
        match w.io.borrow_mut().deco_before(self.name, running) {
            BeforeAnswer::Tick => Before::Tick,
            BeforeAnswer::Wait => Before::Wait,
            BeforeAnswer::Stop(s) => Before::Stop(status(s)),
        }
    }
    fn after(&mut self, _: &mut Entries, w: &World, _: &Ctx<Svc>, child: Status) -> Status {
        self.steps += 1;
        let s =
            w.io.borrow_mut()
                .deco_after(self.name, model_status(child), self.steps);
        status(s)
    }
    fn exit(&mut self, _: &mut Entries, w: &World, _: &Ctx<Svc>, exit: Exit) {
        w.io.borrow_mut().deco_exit(self.name, completed(exit));
    }
}

/// `decide = d("d3")`.
pub fn d(name: &'static str) -> impl Fn(&World) -> f32 {
    move |w: &World| w.io.borrow_mut().score(name)
}

/// `dblock = db("d3", "b4")`: the DBlock is the `Blk` it builds.
pub fn db(decide: &'static str, leaf: &'static str) -> impl Fn(&World) -> Option<(f32, Blk)> {
    move |w: &World| {
        let mut io = w.io.borrow_mut();
        let score = io.score(decide);
        let value = io.block(decide);
        Some((
            score,
            Blk {
                leaf,
                log: blk_log_name(leaf, value),
            },
        ))
    }
}

/// `switch(sw("s3")) { … }` (C10): reads the scripted integer `s3`
/// (logs `read s3 -> V`).
pub fn sw(name: &'static str) -> impl Fn(&World) -> i32 {
    move |w: &World| w.io.borrow_mut().value(name)
}

/// `condition(is("c3"))`: `> 0` → Success, else Failure.
pub fn is(name: &'static str) -> impl Fn(&World) -> bool {
    move |w: &World| w.io.borrow_mut().score(name) > 0.0
}

/// `condition(maybe("c3"))`: `0` → not known yet (Running).
pub fn maybe(name: &'static str) -> impl Fn(&World) -> Option<bool> {
    move |w: &World| {
        let s = w.io.borrow_mut().score(name);
        (s != 0.0).then_some(s > 0.0)
    }
}

/// The play mode a script's [`Mode`] names (O5).
fn play_mode(mode: Mode) -> PlayMode {
    let n = mode.target;
    match mode.counts {
        Counts::Nothing => PlayMode::Forever,
        Counts::Ticks => PlayMode::Ticks(n),
        Counts::Completions => PlayMode::Completions(n),
        Counts::Successes => PlayMode::Successes(n),
        Counts::Failures => PlayMode::Failures(n),
        Counts::RunningTicks => PlayMode::RunningTicks(n),
        Counts::Interruptions => PlayMode::Interruptions(n),
    }
}

/// The game around the tree: the agent's stimuli store (V2), the others
/// holding slots of the resources (R8), and the game system serving the
/// requests (V5).
struct Game {
    stimuli: Stimuli<Stim, u8>,
    others: [Vec<Slot>; 2],
    /// The launches taken and neither completed nor cancelled, oldest first.
    pending: Vec<Ticket>,
    /// Ticks so far: the frame number of the requests buffer.
    frame: u32,
}

impl Game {
    /// Nothing stimulated, held, pending; no tick yet.
    fn new() -> Game {
        Game {
            stimuli: Stimuli::new(),
            others: [Vec::new(), Vec::new()],
            pending: Vec::new(),
            frame: 0,
        }
    }

    /// Between two frames, the game system takes the frame's launches,
    /// drops the cancelled ones and completes those the script names;
    /// the others' slots are set; a new requests buffer starts with the
    /// frame's capacity; the frame gets its `dt` and decision flags.
    /// The caller's stimuli store is then [`Game::update_stimuli`]'s.
    fn begin(&mut self, frame: &Frame, f: &mut deciders::Frame<Svc>) {
        let Frame::Tick {
            dt,
            flags,
            capacity,
            completes,
            holders,
            ..
        } = frame
        else {
            unreachable!("only ticks")
        };
        let svc = f.world_mut();
        self.pending
            .extend(svc.requests.launches().iter().map(|(t, _)| *t));
        let cancels = svc.requests.cancels();
        self.pending.retain(|t| !cancels.contains(t));
        for &(k, success) in completes {
            if self.pending.is_empty() {
                break;
            }
            let ticket = self.pending.remove(k % self.pending.len());
            svc.done.complete(ticket, success);
        }
        for &(r, n) in holders {
            let resource = if r == 0 { &svc.alarm } else { &svc.door };
            let slots = &mut self.others[r];
            slots.truncate(n as usize);
            while slots.len() < n as usize {
                slots.push(resource.try_acquire(u32::MAX).expect("room"));
            }
        }
        self.frame += 1;
        svc.requests = Requests::with_capacity(*capacity, self.frame);
        svc.requests.set_agent(AGENT as usize);
        f.set_dt(DTS[*dt]);
        f.set_flags(Flags(*flags));
    }

    /// The caller's stimuli store is updated with the frame's `dt`, whose
    /// flags the tick's guards see (a tree driven without a brain).
    fn update_stimuli(&mut self, f: &mut deciders::Frame<Svc>) {
        f.set_stimuli(self.stimuli.update(f.dt()));
    }

    /// What the services hold after a frame, with the stimuli `store`
    /// holds.
    fn record(&self, svc: &Svc, store: &Stimuli<Stim, u8>) -> WorldRecord {
        let held = |r: &Resource, k: usize| r.in_use() - self.others[k].len() as u32;
        WorldRecord {
            held: vec![held(&svc.alarm, 0), held(&svc.door, 1)],
            launches: svc
                .requests
                .launches()
                .iter()
                .map(|(t, name)| (name.to_string(), t.frame, t.n))
                .collect(),
            cancels: svc
                .requests
                .cancels()
                .iter()
                .map(|t| (t.frame, t.n))
                .collect(),
            refused: svc.requests.refused(),
            stimuli: store.iter().map(|(k, p)| (k as usize, *p)).collect(),
        }
    }
}

/// The tick of a `Frame::Tick` on the generated tree, through its player:
/// the root's status (`None` if the player is paused or stopped) and the
/// errors reported.
fn tick<T: Posted>(
    player: &mut Player<T>,
    w: &mut World,
    f: &mut deciders::Frame<Svc>,
) -> (Option<tree::Status>, (u32, Option<String>)) {
    let mut trace = Traced(Rc::clone(&w.io));
    let Some(s) = player.tick_traced(w, f, &mut trace) else {
        // Paused or stopped: no tick, nothing reported (the frame's report
        // is still the last tick's).
        return (None, (0, None));
    };
    (Some(model_status(s)), report(f.report()))
}

/// The tick of a `Frame::Tick` on the brain (B1), as [`tick`] on a player.
fn brain_tick<T>(
    brain: &mut Brain<T>,
    w: &mut World,
    f: &mut deciders::Frame<Svc>,
) -> (Option<tree::Status>, (u32, Option<String>))
where
    T: Posted + Receives<World, Svc>,
{
    let mut trace = Traced(Rc::clone(&w.io));
    let Some(s) = brain.tick_traced(w, f, &mut trace) else {
        return (None, (0, None));
    };
    (Some(model_status(s)), report(f.report()))
}

/// Plays `frames` on `tree` (whose forest declares `stamps` timestamps),
/// wrapped in a [`Player`] (O1–O5), recording every frame. One frame value
/// carries the services through ticks and the operations between them, so
/// that a halt between ticks abandons into the last tick's buffer.
/// What a frame of the generated side shows of `tree`: its hook log
/// (taken from `w`), status, errors, active path, variables and
/// timestamps; the lifecycle, world and inbox are the caller's.
fn observed<T: Posted>(
    tree: &T,
    path: &impl Fn(&T, &mut dyn FnMut(&'static NodeInfo)),
    stamps: usize,
    w: &World,
    status: Option<tree::Status>,
    errors: (u32, Option<String>),
) -> Record {
    let mut names = Vec::new();
    path(tree, &mut |n| names.push(n.name.to_string()));
    Record {
        log: w.io.borrow_mut().take(),
        status,
        life: ("", 0),
        path: names,
        errors,
        vars: tree.var_bits(),
        since: (0..stamps).map(|i| tree.stamp_since(i)).collect(),
        world: WorldRecord::default(),
        inbox: Vec::new(),
    }
}

pub fn run<T: Posted>(
    tree: T,
    frames: &[Frame],
    path: impl Fn(&T, &mut dyn FnMut(&'static NodeInfo)),
    stamps: usize,
) -> Vec<Record> {
    let mut w = World::default();
    let mut player = Player::new(tree);
    let mut out = Vec::with_capacity(frames.len());
    let f = &mut deciders::Frame::new(0.0).with_world(Svc::new());
    let mut game = Game::new();
    for frame in frames {
        w.io.borrow_mut().apply(frame);
        let (status, errors) = match frame {
            Frame::Tick { .. } => {
                game.begin(frame, f);
                game.update_stimuli(f);
                tick(&mut player, &mut w, f)
            }
            other => {
                match other {
                    Frame::Halt => player.tree_mut().halt(&mut w, f),
                    Frame::Reset => player.reset(&mut w, f),
                    Frame::Post(k) => player.tree_mut().post_event(&EVENT_VALUES[*k], &mut w, f),
                    Frame::Stimulus(k, Some((payload, t))) => {
                        game.stimuli.add(STIMS[*k], *payload, STIMULUS_TIMEOUTS[*t]);
                    }
                    Frame::Stimulus(k, None) => {
                        game.stimuli.remove(STIMS[*k]);
                    }
                    Frame::Play(mode) => player.play(play_mode(*mode), &mut w, f),
                    Frame::Pause => player.pause(&mut w, f),
                    Frame::Resume => player.resume(&mut w, f),
                    Frame::Stop => player.stop(&mut w, f),
                    Frame::Tick { .. } => unreachable!("ticks are above"),
                }
                (None, (0, None))
            }
        };
        out.push(Record {
            life: (status_name(player.status()), player.count()),
            world: game.record(f.world(), &game.stimuli),
            inbox: Vec::new(),
            ..observed(player.tree(), &path, stamps, &w, status, errors)
        });
    }
    out
}

/// The inbox capacity of a brain whose state has seed `seed` (B2): the
/// default for `new()` (seed 0) and a third of the seeded ones, else 1 or
/// 2, so that the scripts' posts between two ticks overflow it now and
/// then.
pub fn inbox_capacity(seed: u64) -> usize {
    match seed % 3 {
        0 => DEFAULT_INBOX,
        1 => 1,
        _ => 2,
    }
}

/// [`run`], with the tree in a [`Brain`] (B1, B2, B5) of
/// [`inbox_capacity`]`(seed)`: posts go to its inbox (a refusal is
/// logged), stimuli to its store, the lifecycle's operations to it; a
/// `Tick` frame's game system still takes its turn before the brain's
/// tick (which delivers the inbox and updates the store itself), whether
/// it plays or not. Every frame records the brain's store and inbox.
/// A tree that can be saved ([`Saves`]) is saved at one frame of the
/// script and goes on loaded (O6).
pub fn run_brain<T>(
    tree: T,
    seed: u64,
    frames: &[Frame],
    path: impl Fn(&T, &mut dyn FnMut(&'static NodeInfo)),
    stamps: usize,
    sleeping: bool,
) -> Vec<Record>
where
    T: Posted
        + Saves
        + deciders::__private::MachineState
        + Receives<World, Svc, Event = Ev, Stimulus = Stim, Payload = u8>,
{
    // O6: the frame before which the brain is saved and loaded, drawn from
    // the script.
    let save_at = (seed ^ frames.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40;
    let save_at = save_at as usize % frames.len().max(1);
    let mut w = World::default();
    let capacity = inbox_capacity(seed);
    let brain = if capacity == DEFAULT_INBOX {
        // B2: 8 by default.
        Brain::new(tree)
    } else {
        Brain::with_inbox(tree, capacity)
    };
    // Z2: sleeping, the brain is the one brain of a crowd, which skips
    // the ticks it does not need; every change between ticks goes through
    // the crowd (`brain_mut`, `set_flags`, `wake`), as a game's would.
    let mut crowd: Crowd<T> = core::iter::once(brain).collect();
    let mut out = Vec::with_capacity(frames.len());
    let f = &mut deciders::Frame::new(0.0).with_world(Svc::new());
    let mut game = Game::new();
    for (i, frame) in frames.iter().enumerate() {
        if i == save_at {
            if let Some(loaded) = T::reload(crowd.brain_mut(0).expect("one brain")) {
                *crowd.brain_mut(0).expect("one brain") = loaded;
            }
        }
        w.io.borrow_mut().apply(frame);
        let (status, errors) = match frame {
            Frame::Tick {
                completes, holders, ..
            } => {
                game.begin(frame, f);
                if sleeping {
                    crowd.set_flags(0, f.flags());
                    // What the tree cannot see: the game system completing
                    // its launches, others taking slots.
                    if !completes.is_empty() || !holders.is_empty() {
                        crowd.wake(0);
                    }
                    let mut trace = Traced(Rc::clone(&w.io));
                    let agents = core::slice::from_mut(&mut w);
                    crowd.tick_all_traced(
                        agents,
                        f,
                        |_, _, _, f| f.set_agent(AGENT),
                        deciders::batch::TraceOne::new(0, &mut trace),
                    );
                    let brain = crowd.brain(0).expect("one brain");
                    if crowd.ticked() == 0 {
                        SLEPT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        // A skipped tick: nothing reported, and the root's
                        // status of its last tick (a paused or stopped
                        // brain's tick gives none).
                        let plays =
                            matches!(brain.status(), PlayStatus::Executing | PlayStatus::Reset);
                        let status = brain.last_status().filter(|_| plays);
                        (status.map(model_status), (0, None))
                    } else {
                        match brain.last_status() {
                            None => (None, (0, None)),
                            Some(s) => (Some(model_status(s)), report(f.report())),
                        }
                    }
                } else {
                    brain_tick(crowd.brain_mut(0).expect("one brain"), &mut w, f)
                }
            }
            other => {
                let brain = crowd.brain_mut(0).expect("one brain");
                match other {
                    Frame::Halt => brain.tree_mut().halt(&mut w, f),
                    Frame::Reset => brain.reset(&mut w, f),
                    Frame::Post(k) => {
                        if let Err(InboxFull(e)) = brain.post(EVENT_VALUES[*k]) {
                            w.io.borrow_mut().inbox_full(event_index(&e));
                        }
                    }
                    Frame::Stimulus(k, Some((payload, t))) => {
                        brain
                            .stimuli_mut()
                            .add(STIMS[*k], *payload, STIMULUS_TIMEOUTS[*t]);
                    }
                    Frame::Stimulus(k, None) => {
                        brain.stimuli_mut().remove(STIMS[*k]);
                    }
                    Frame::Play(mode) => brain.play(play_mode(*mode), &mut w, f),
                    Frame::Pause => brain.pause(&mut w, f),
                    Frame::Resume => brain.resume(&mut w, f),
                    Frame::Stop => brain.stop(&mut w, f),
                    Frame::Tick { .. } => unreachable!("ticks are above"),
                }
                (None, (0, None))
            }
        };
        // The sleeping brain's clocks, as if it had ticked (Z2).
        crowd.catch_up();
        let brain = crowd.brain(0).expect("one brain");
        out.push(Record {
            life: (status_name(brain.status()), brain.count()),
            world: game.record(f.world(), brain.stimuli()),
            inbox: brain.inbox().map(|e| event_index(e)).collect(),
            ..observed(brain.tree(), &path, stamps, &w, status, errors)
        });
    }
    out
}

/// How many ticks of the sleeping driver were skipped (Z2): the test
/// checks that sleeping is not a rare event in its scripts.
pub static SLEPT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// A tick's report as a record shows it: how many errors, the first.
fn report(report: &deciders::Report) -> (u32, Option<String>) {
    let first = report.first().map(|e| match e {
        TickError::SubsetRule { node } => node.name.to_string(),
        other => format!("{other:?}"),
    });
    (report.count(), first)
}

/// A tree status as the model names it (O4).
fn status_name(s: PlayStatus) -> &'static str {
    match s {
        PlayStatus::Reset => "Reset",
        PlayStatus::Executing => "Executing",
        PlayStatus::Paused => "Paused",
        PlayStatus::Stopped => "Stopped",
    }
}

/// How a script drives a tree: by hand through a [`Player`] with the
/// caller's stimuli store, posting at once ([`run`]), or in a [`Brain`]
/// ([`run_brain`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Driver {
    Player,
    Brain,
    /// In a brain that sleeps: the one brain of a `Crowd` (Z2).
    Sleeping,
}

/// Plays `frames` on the reference model of `forest` seeded with `seed`
/// (D8), with its lifecycle (O1–O5), driven as `driver` says: by hand, or
/// in the model's brain (B1, B2, B5) of [`inbox_capacity`]`(seed)`;
/// adds the branches it took to `coverage`.
pub fn run_model(
    forest: &deciders_reference::Forest,
    seed: u64,
    frames: &[Frame],
    driver: Driver,
    coverage: &mut std::collections::BTreeMap<&'static str, u64>,
) -> Vec<Record> {
    let mut model = deciders_reference::Model::with_seed(forest, seed);
    // By hand: the lifecycle alone. In a brain: the brain's, with its inbox.
    let mut life = Life::default();
    let mut brain = deciders_reference::brain::Brain::new(inbox_capacity(seed));
    // A sleeping brain must do what a brain ticked every frame does.
    let in_brain = driver != Driver::Player;
    let mut io = Inputs::default();
    let mut out = Vec::with_capacity(frames.len());
    for frame in frames {
        io.apply(frame);
        let m = &mut model;
        let (status, errors) = match frame {
            Frame::Tick { dt, flags, .. } => {
                let ticked = if in_brain {
                    // The game system's turn, then the brain's tick, which
                    // updates its store only if it plays (B1).
                    m.begin_services(frame);
                    brain.tick(m, &mut io, DTS[*dt], *flags)
                } else {
                    let stimuli = m.begin_frame(frame);
                    life.tick(m, &mut io, DTS[*dt], *flags, stimuli)
                };
                match ticked {
                    Some((s, errors)) => (Some(s), (errors.len() as u32, errors.first().cloned())),
                    None => (None, (0, None)),
                }
            }
            other => {
                match other {
                    Frame::Halt => m.halt(&mut io),
                    Frame::Stimulus(k, add) => m.stimulate(*k, *add),
                    Frame::Reset if in_brain => brain.reset(m, &mut io),
                    Frame::Reset => life.reset(m, &mut io),
                    Frame::Post(k) if in_brain => brain.post(m, &mut io, *k),
                    Frame::Post(k) => m.post(&mut io, *k),
                    Frame::Play(mode) if in_brain => brain.play(m, &mut io, *mode),
                    Frame::Play(mode) => life.play(m, &mut io, *mode),
                    Frame::Pause if in_brain => brain.pause(m, &mut io),
                    Frame::Pause => life.pause(m, &mut io),
                    Frame::Resume if in_brain => brain.resume(m, &mut io),
                    Frame::Resume => life.resume(m, &mut io),
                    Frame::Stop if in_brain => brain.stop(m, &mut io),
                    Frame::Stop => life.stop(m, &mut io),
                    Frame::Tick { .. } => unreachable!("ticks are above"),
                }
                (None, (0, None))
            }
        };
        let (played, inbox) = if in_brain {
            (brain.life.record(), brain.inbox.clone())
        } else {
            (life.record(), Vec::new())
        };
        out.push(Record {
            log: io.take(),
            status,
            life: played,
            path: model.path(),
            errors,
            vars: model.vars(),
            since: model.since(),
            world: model.world(),
            inbox,
        });
    }
    for (k, v) in model.coverage() {
        *coverage.entry(k).or_default() += v;
    }
    out
}

/// The generated trees: `SEEDS` and `play`.
pub mod trees {
    use super::*;
    include!(concat!(env!("OUT_DIR"), "/trees.rs"));
}
