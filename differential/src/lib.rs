//! Test-only: the fixture the generated trees of the differential test run
//! on. Every hook answers from, and logs into, the same
//! [`Inputs`] the reference model uses, so the
//! two hook logs can be compared line by line.

use std::any::Any;
use std::cell::RefCell;

use deciders::decorator::Before;
use deciders::lifecycle::{PlayMode, PlayStatus, Player};
use deciders::{Behavior, Ctx, Decorator, Exit, Flags, NodeInfo, Status, TickError, Tree};
use deciders_reference::life::Life;
use deciders_reference::script::{blk_log_name, BeforeAnswer, Counts, Mode, DTS};
use deciders_reference::{tree, Frame, Inputs, Record};

/// The agent: the scripted world. Decides see `&World`, so the inputs sit
/// in a `RefCell` (they log every call).
#[derive(Default)]
pub struct World {
    pub io: RefCell<Inputs>,
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
pub trait Posted: Tree<World> {
    fn post_event(&mut self, event: &Ev, w: &mut World, frame: &mut deciders::Frame);
    fn var_bits(&self) -> u64;
    fn stamp_since(&self, stamp: usize) -> Option<f64>;
}

/// A behavior logging every hook under its name.
pub struct Act(pub &'static str);

impl Behavior<World> for Act {
    fn activate(&mut self, w: &mut World, _: &mut Ctx) -> Status {
        if w.io.get_mut().activate(self.0, self.0) {
            Status::Running
        } else {
            Status::Failure
        }
    }
    fn tick(&mut self, w: &mut World, _: &mut Ctx) -> Status {
        status(w.io.get_mut().tick(self.0, self.0))
    }
    fn deactivate(&mut self, w: &mut World, _: &mut Ctx, exit: Exit) {
        w.io.get_mut().deactivate(self.0, completed(exit));
    }
    fn event(&mut self, w: &mut World, _: &mut Ctx, event: &dyn Any) {
        w.io.get_mut().event(self.0, event_index(event));
    }
    fn pause(&mut self, w: &mut World, _: &mut Ctx) {
        w.io.get_mut().pause(self.0);
    }
    fn resume(&mut self, w: &mut World, _: &mut Ctx) {
        w.io.get_mut().resume(self.0);
    }
}

/// A behavior with no `tick` hook.
pub struct Hold(pub &'static str);

impl Behavior<World> for Hold {
    fn activate(&mut self, w: &mut World, _: &mut Ctx) -> Status {
        if w.io.get_mut().activate(self.0, self.0) {
            Status::Running
        } else {
            Status::Failure
        }
    }
    fn deactivate(&mut self, w: &mut World, _: &mut Ctx, exit: Exit) {
        w.io.get_mut().deactivate(self.0, completed(exit));
    }
    fn event(&mut self, w: &mut World, _: &mut Ctx, event: &dyn Any) {
        w.io.get_mut().event(self.0, event_index(event));
    }
    fn pause(&mut self, w: &mut World, _: &mut Ctx) {
        w.io.get_mut().pause(self.0);
    }
    fn resume(&mut self, w: &mut World, _: &mut Ctx) {
        w.io.get_mut().resume(self.0);
    }
}

/// A behavior built from a DBlock: it logs under the name and value the
/// DBlock carries.
pub struct Blk {
    leaf: &'static str,
    log: String,
}

impl Behavior<World> for Blk {
    fn activate(&mut self, w: &mut World, _: &mut Ctx) -> Status {
        if w.io.get_mut().activate(self.leaf, &self.log) {
            Status::Running
        } else {
            Status::Failure
        }
    }
    fn tick(&mut self, w: &mut World, _: &mut Ctx) -> Status {
        status(w.io.get_mut().tick(self.leaf, &self.log))
    }
    fn deactivate(&mut self, w: &mut World, _: &mut Ctx, exit: Exit) {
        w.io.get_mut().deactivate(&self.log, completed(exit));
    }
    fn event(&mut self, w: &mut World, _: &mut Ctx, event: &dyn Any) {
        w.io.get_mut().event(&self.log, event_index(event));
    }
    fn pause(&mut self, w: &mut World, _: &mut Ctx) {
        w.io.get_mut().pause(&self.log);
    }
    fn resume(&mut self, w: &mut World, _: &mut Ctx) {
        w.io.get_mut().resume(&self.log);
    }
}

/// `decorate(Dec::new("x3")) { … }` (R11): a decorator of the user's own,
/// logging every hook under its name; what `before` and `after` answer is
/// scripted by name. Its memory counts the `after` calls of one activation
/// (fresh on every entry), its persistent state the entries so far (kept by
/// a halt, cleared by a reset): both appear in the log, so the model checks
/// where each lives.
pub struct Dec {
    name: &'static str,
    steps: u64,
}

impl Dec {
    pub fn new(name: &'static str) -> Dec {
        Dec { name, steps: 0 }
    }
}

/// [`Dec`]'s persistent state: how often it entered.
#[derive(Default)]
pub struct Entries(u64);

impl Decorator<World> for Dec {
    type Persist = Entries;
    fn enter(&mut self, p: &mut Entries, w: &World, _: &Ctx) {
        p.0 += 1;
        w.io.borrow_mut().deco_enter(self.name, p.0);
    }
    fn before(&mut self, _: &mut Entries, w: &World, _: &Ctx, running: bool) -> Before {
        match w.io.borrow_mut().deco_before(self.name, running) {
            BeforeAnswer::Tick => Before::Tick,
            BeforeAnswer::Wait => Before::Wait,
            BeforeAnswer::Stop(s) => Before::Stop(status(s)),
        }
    }
    fn after(&mut self, _: &mut Entries, w: &World, _: &Ctx, child: Status) -> Status {
        self.steps += 1;
        let s =
            w.io.borrow_mut()
                .deco_after(self.name, model_status(child), self.steps);
        status(s)
    }
    fn exit(&mut self, _: &mut Entries, w: &World, _: &Ctx, exit: Exit) {
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

/// The tick of a `Frame::Tick` on the generated tree, through its player:
/// the root's status (`None` if the player is paused or stopped) and the
/// errors reported.
fn tick<T: Posted>(
    player: &mut Player<T>,
    w: &mut World,
    frame: &Frame,
) -> (Option<tree::Status>, (u32, Option<String>)) {
    let Frame::Tick {
        dt, flags, stimuli, ..
    } = frame
    else {
        unreachable!("only ticks")
    };
    let mut ctx = deciders::Frame::new(DTS[*dt]).with_flags(Flags(*flags));
    ctx.set_stimuli(Flags(*stimuli));
    let s = player.tick(w, &mut ctx);
    let report = ctx.report();
    let first = report.first().map(|e| match e {
        TickError::SubsetRule { node } => node.name.to_string(),
        other => format!("{other:?}"),
    });
    (s.map(model_status), (report.count(), first))
}

/// Plays `frames` on `tree` (whose forest declares `stamps` timestamps),
/// wrapped in a [`Player`] (O1–O5), recording every frame.
pub fn run<T: Posted>(
    tree: T,
    frames: &[Frame],
    path: impl Fn(&T, &mut dyn FnMut(&'static NodeInfo)),
    stamps: usize,
) -> Vec<Record> {
    let mut w = World::default();
    let mut player = Player::new(tree);
    let mut out = Vec::with_capacity(frames.len());
    let between = &mut deciders::Frame::new(0.0);
    for frame in frames {
        w.io.get_mut().apply(frame);
        let (status, errors) = match frame {
            Frame::Tick { .. } => tick(&mut player, &mut w, frame),
            other => {
                match other {
                    Frame::Halt => player.tree_mut().halt(&mut w, between),
                    Frame::Reset => player.reset(&mut w, between),
                    Frame::Post(k) => {
                        player
                            .tree_mut()
                            .post_event(&EVENT_VALUES[*k], &mut w, between)
                    }
                    Frame::Play(mode) => player.play(play_mode(*mode), &mut w, between),
                    Frame::Pause => player.pause(&mut w, between),
                    Frame::Resume => player.resume(&mut w, between),
                    Frame::Stop => player.stop(&mut w, between),
                    Frame::Tick { .. } => unreachable!("ticks are above"),
                }
                (None, (0, None))
            }
        };
        let mut names = Vec::new();
        path(player.tree(), &mut |n| names.push(n.name.to_string()));
        let tree = player.tree();
        out.push(Record {
            log: w.io.get_mut().take(),
            status,
            life: (status_name(player.status()), player.count()),
            path: names,
            errors,
            vars: tree.var_bits(),
            since: (0..stamps).map(|i| tree.stamp_since(i)).collect(),
        });
    }
    out
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

/// Plays `frames` on the reference model of `forest` seeded with `seed`
/// (D8), with its lifecycle (O1–O5), adding the branches it took to
/// `coverage`.
pub fn run_model(
    forest: &deciders_reference::Forest,
    seed: u64,
    frames: &[Frame],
    coverage: &mut std::collections::BTreeMap<&'static str, u64>,
) -> Vec<Record> {
    let mut model = deciders_reference::Model::with_seed(forest, seed);
    let mut life = Life::default();
    let mut io = Inputs::default();
    let mut out = Vec::with_capacity(frames.len());
    for frame in frames {
        io.apply(frame);
        let m = &mut model;
        let (status, errors) = match frame {
            Frame::Tick {
                dt, flags, stimuli, ..
            } => match life.tick(m, &mut io, DTS[*dt], *flags, *stimuli) {
                Some((s, errors)) => (Some(s), (errors.len() as u32, errors.first().cloned())),
                None => (None, (0, None)),
            },
            other => {
                match other {
                    Frame::Halt => m.halt(&mut io),
                    Frame::Reset => life.reset(m, &mut io),
                    Frame::Post(k) => m.post(&mut io, *k),
                    Frame::Play(mode) => life.play(m, &mut io, *mode),
                    Frame::Pause => life.pause(m, &mut io),
                    Frame::Resume => life.resume(m, &mut io),
                    Frame::Stop => life.stop(m, &mut io),
                    Frame::Tick { .. } => unreachable!("ticks are above"),
                }
                (None, (0, None))
            }
        };
        out.push(Record {
            log: io.take(),
            status,
            life: life.record(),
            path: model.path(),
            errors,
            vars: model.vars(),
            since: model.since(),
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
