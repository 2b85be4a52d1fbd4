//! Shared test fixture: an agent that scripts every decide and behavior by
//! name and logs every hook call, so tests can assert the exact hook log
//! tick by tick.
#![allow(dead_code)]

use std::cell::RefCell;
use std::collections::HashMap;

use deciders::{Behavior, Ctx, Exit, Frame, Status};

/// The test agent. Decides and behaviors are scripted by node name: set a
/// decide's score with [`World::set`] and a behavior's tick result with
/// [`World::result`]; every hook call is appended to the log.
#[derive(Default)]
pub struct World {
    /// Decides see `&World`, so the log needs interior mutability.
    log: RefCell<Vec<String>>,
    scores: HashMap<&'static str, f32>,
    results: HashMap<&'static str, Status>,
    activate_fails: HashMap<&'static str, bool>,
}

impl World {
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets the score `decide(name)` returns (default 0: reject).
    pub fn set(&mut self, name: &'static str, score: f32) -> &mut Self {
        self.scores.insert(name, score);
        self
    }

    /// Sets what `Act(name)` returns from `tick` (default `Running`).
    pub fn result(&mut self, name: &'static str, status: Status) -> &mut Self {
        self.results.insert(name, status);
        self
    }

    /// Makes `Act(name)`'s activate fail.
    pub fn fail_activate(&mut self, name: &'static str, fail: bool) -> &mut Self {
        self.activate_fails.insert(name, fail);
        self
    }

    pub fn push(&self, entry: String) {
        self.log.borrow_mut().push(entry);
    }

    /// The log since the last call, emptied.
    pub fn take(&self) -> Vec<String> {
        std::mem::take(&mut *self.log.borrow_mut())
    }

    pub fn score(&self, name: &'static str) -> f32 {
        let s = self.scores.get(name).copied().unwrap_or(0.0);
        self.push(format!("decide {name}"));
        s
    }
}

/// A scripted decide: `decide = d("flee")`.
pub fn d(name: &'static str) -> impl Fn(&World) -> f32 {
    move |w: &World| w.score(name)
}

/// A condition that reads the scripted score `name` (and logs `decide name`):
/// `> 0` → `Success`, otherwise `Failure`.
pub fn is(name: &'static str) -> impl Fn(&World) -> bool {
    move |w: &World| w.score(name) > 0.0
}

/// A three-valued condition: `> 0` → `Some(true)`, `< 0` → `Some(false)`,
/// `0` → `None` (not known yet → `Running`, SPEC L6).
pub fn maybe(name: &'static str) -> impl Fn(&World) -> Option<bool> {
    move |w: &World| {
        let s = w.score(name);
        (s != 0.0).then_some(s > 0.0)
    }
}

/// A scripted behavior that logs its hooks: `Act("eat_food")`.
pub struct Act(pub &'static str);

// Generic over the frame's world, so that a tree reaching services
// (`world = …`) uses it too.
impl<W> Behavior<World, W> for Act {
    fn activate(&mut self, w: &mut World, _ctx: &mut Ctx<W>) -> Status {
        if w.activate_fails.get(self.0).copied().unwrap_or(false) {
            w.push(format!("activate {} -> Failure", self.0));
            return Status::Failure;
        }
        w.push(format!("activate {}", self.0));
        Status::Running
    }

    fn tick(&mut self, w: &mut World, _ctx: &mut Ctx<W>) -> Status {
        let s = w.results.get(self.0).copied().unwrap_or(Status::Running);
        w.push(format!("tick {} -> {s:?}", self.0));
        s
    }

    fn deactivate(&mut self, w: &mut World, _ctx: &mut Ctx<W>, _exit: Exit) {
        w.push(format!("deactivate {}", self.0));
    }
}

/// One tick with `dt = 0.1`: asserts its status and its hook log.
#[track_caller]
pub fn step<T: deciders::Tree<World>>(t: &mut T, w: &mut World, status: Status, expected: &[&str]) {
    let s = t.tick(w, &mut Frame::new(0.1));
    assert_eq!((s, w.take()), (status, log(expected)));
}

/// Shorthand for building expected logs.
pub fn log(entries: &[&str]) -> Vec<String> {
    entries.iter().map(|s| s.to_string()).collect()
}

/// A behavior with only `activate` and `deactivate` (SPEC L1: no `tick`
/// means it stays `Running` until something removes it).
pub struct Hold(pub &'static str);

impl<W> Behavior<World, W> for Hold {
    fn activate(&mut self, w: &mut World, _ctx: &mut Ctx<W>) -> Status {
        w.push(format!("activate {}", self.0));
        Status::Running
    }

    fn deactivate(&mut self, w: &mut World, _ctx: &mut Ctx<W>, _exit: Exit) {
        w.push(format!("deactivate {}", self.0));
    }
}

deciders::tree! {
    /// Figure 1 of the Spore documentation (seed 000, S01). Every decider
    /// has a scripted decide named after it; groups carry a logging group
    /// behavior so their activation shows in the log.
    pub tree Figure1 for World {
        priority {
            flee: when(decide = d("flee")) => Act("flee"),
            guard: when(decide = d("guard")) => priority with Act("guard") {
                yell_for_help: when(decide = d("yell_for_help")) => Act("yell_for_help"),
                fight: when(decide = d("guard_fight")) => Act("guard_fight"),
                patrol: when(decide = d("patrol")) => Act("patrol"),
                rest: Act("guard_rest"),
            },
            fight: when(decide = d("fight")) => Act("fight"),
            eat: when(decide = d("eat")) => priority with Act("eat") {
                find_food: when(decide = d("find_food")) => Act("find_food"),
                eat_food: when(decide = d("eat_food")) => Act("eat_food"),
            },
            idle: priority with Act("idle") {
                play: when(decide = d("play")) => sequential with Act("play") {
                    flip: Act("flip"),
                    roll: Act("roll"),
                    dance: Act("dance"),
                },
                rest: Act("rest"),
            },
        }
    }
}

/// One tick with `dt = 0.1`.
pub fn tick(tree: &mut Figure1, w: &mut World) -> Status {
    tree.tick(w, &mut Frame::new(0.1))
}
