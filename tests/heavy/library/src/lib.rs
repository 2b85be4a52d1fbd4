//! Test-only: an agent, its behaviors and trees, declared in this crate and
//! referenced by path from another (rule S3).

use deciders::{Behavior, Ctx, Exit, Status};

/// The agent: a log of every hook call, and scripted results.
#[derive(Default)]
pub struct Scout {
    /// The hook calls, `activate walk`, `tick walk -> Running`, ….
    pub log: Vec<String>,
    /// What `Step(name)` returns from `tick`, by name (default `Running`).
    pub results: Vec<(&'static str, Status)>,
}

impl Scout {
    /// Sets what `Step(name)` returns from `tick`.
    pub fn result(&mut self, name: &'static str, status: Status) {
        self.results.retain(|(n, _)| *n != name);
        self.results.push((name, status));
    }

    /// The log since the last call, emptied.
    pub fn take(&mut self) -> Vec<String> {
        std::mem::take(&mut self.log)
    }
}

/// A behavior that logs its hooks.
pub struct Step(pub &'static str);

impl Behavior<Scout> for Step {
    fn activate(&mut self, s: &mut Scout, _: &mut Ctx) -> Status {
        s.log.push(format!("activate {}", self.0));
        Status::Running
    }
    fn tick(&mut self, s: &mut Scout, _: &mut Ctx) -> Status {
        let r = s
            .results
            .iter()
            .find(|(n, _)| *n == self.0)
            .map_or(Status::Running, |(_, r)| *r);
        s.log.push(format!("tick {} -> {r:?}", self.0));
        r
    }
    fn deactivate(&mut self, s: &mut Scout, _: &mut Ctx, _: Exit) {
        s.log.push(format!("deactivate {}", self.0));
    }
}

/// Every child accepts with the same score.
pub fn even(_: &Scout) -> f32 {
    1.0
}

deciders::tree! {
    /// Two steps.
    pub tree Patrol for Scout {
        sequence { walk: Step("walk"), look: Step("look") }
    }
    /// A timeout: measures time.
    pub tree Hurry for Scout {
        timeout(0.25) { Step("hurry") }
    }
    /// A random choice: draws random numbers.
    pub tree Wander for Scout {
        random {
            a: when(decide = even) => Step("a"),
            b: when(decide = even) => Step("b"),
            c: when(decide = even) => Step("c"),
        }
    }
}
