//! Test-only: the fixture the generated trees of the differential test run
//! on. Every hook answers from, and logs into, the same
//! [`Inputs`] the reference model uses, so the
//! two hook logs can be compared line by line.

use std::any::Any;
use std::cell::RefCell;

use deciders::decorator::Before;
use deciders::{Behavior, Ctx, Decorator, Exit, Flags, NodeInfo, Status, TickError, Tree};
use deciders_reference::script::{blk_log_name, BeforeAnswer, DTS};
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

/// Plays `frames` on `tree` (whose forest declares `stamps` timestamps),
/// recording every frame.
pub fn run<T: Posted>(
    mut tree: T,
    frames: &[Frame],
    path: impl Fn(&T, &mut dyn FnMut(&'static NodeInfo)),
    stamps: usize,
) -> Vec<Record> {
    let mut w = World::default();
    let mut out = Vec::with_capacity(frames.len());
    for frame in frames {
        w.io.get_mut().apply(frame);
        let (status, errors) = match frame {
            Frame::Tick {
                dt, flags, stimuli, ..
            } => {
                let mut ctx = deciders::Frame::new(DTS[*dt]).with_flags(Flags(*flags));
                ctx.set_stimuli(Flags(*stimuli));
                let s = tree.tick(&mut w, &mut ctx);
                let report = ctx.report();
                let first = report.first().map(|e| match e {
                    TickError::SubsetRule { node } => node.name.to_string(),
                    other => format!("{other:?}"),
                });
                (Some(model_status(s)), (report.count(), first))
            }
            Frame::Halt => {
                tree.halt(&mut w, &mut deciders::Frame::new(0.0));
                (None, (0, None))
            }
            Frame::Reset => {
                tree.reset(&mut w, &mut deciders::Frame::new(0.0));
                (None, (0, None))
            }
            Frame::Post(k) => {
                let event = &EVENT_VALUES[*k];
                tree.post_event(event, &mut w, &mut deciders::Frame::new(0.0));
                (None, (0, None))
            }
        };
        let mut names = Vec::new();
        path(&tree, &mut |n| names.push(n.name.to_string()));
        out.push(Record {
            log: w.io.get_mut().take(),
            status,
            path: names,
            errors,
            vars: tree.var_bits(),
            since: (0..stamps).map(|i| tree.stamp_since(i)).collect(),
        });
    }
    out
}

/// Plays `frames` on the reference model of `forest` seeded with `seed`
/// (D8), adding the branches it took to `coverage`.
pub fn run_model(
    forest: &deciders_reference::Forest,
    seed: u64,
    frames: &[Frame],
    coverage: &mut std::collections::BTreeMap<&'static str, u64>,
) -> Vec<Record> {
    let mut model = deciders_reference::Model::with_seed(forest, seed);
    let mut io = Inputs::default();
    let mut out = Vec::with_capacity(frames.len());
    for frame in frames {
        io.apply(frame);
        let (status, errors) = match frame {
            Frame::Tick {
                dt, flags, stimuli, ..
            } => {
                let (s, errors) = model.tick(&mut io, DTS[*dt], *flags, *stimuli);
                (Some(s), (errors.len() as u32, errors.first().cloned()))
            }
            Frame::Halt => {
                model.halt(&mut io);
                (None, (0, None))
            }
            Frame::Reset => {
                model.reset(&mut io);
                (None, (0, None))
            }
            Frame::Post(k) => {
                model.post(&mut io, *k);
                (None, (0, None))
            }
        };
        out.push(Record {
            log: io.take(),
            status,
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
