//! (b) The creature tree as a hand-written `match` state machine
//! (the practical limit the generated code is measured
//! against).
//!
//! The root is a selector (SPEC C4): every tick the children are tried from
//! the first; a child whose decide rejects counts as `Failure`; the first
//! accepted child is ticked (resumed if it was the running one, started
//! otherwise). When it runs or succeeds, it replaces the previously running
//! child (a halt, whose hooks are no-ops here). When it fails, the next child
//! is tried in the same tick and the previously running child, if it is a
//! later one, resumes where it was. Group steps advance inside a `loop` over
//! a `match`.
//!
//! The children are tried in straight-line code, one `if` per child.
//! the benchmark plan evaluated them in a `while` over a `match` on the child
//! index; here that form took 142 instructions per agent-tick against 120
//! for the generated code, so it was not the practical limit.

use super::hooks::{
    approach, chase_off, consume, digest, fight, flee, forage, idle, move_to_food, posture,
};
use super::world::{world_step, Agent};
use deciders::Status;

/// The running step of the `guard` group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GuardStep {
    /// `Approach` is running.
    Approach,
    /// `Posture` is running.
    Posture,
    /// `ChaseOff` is running.
    ChaseOff,
}

/// The running step of the `eat` group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EatStep {
    /// `Forage` is running.
    Forage,
    /// `MoveToFood` is running.
    MoveToFood,
    /// `Consume` is running.
    Consume,
    /// `Digest` is running.
    Digest,
}

/// One agent's tree state: which child of the root runs, and where.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum State {
    /// Nothing runs: the next tick starts from the root.
    #[default]
    Fresh,
    /// `Flee` runs.
    Flee,
    /// The `guard` group runs, at this step.
    Guard(GuardStep),
    /// `Fight` runs.
    Fight,
    /// The `eat` group runs, at this step.
    Eat(EatStep),
    /// `Idle` runs.
    Idle,
}

impl State {
    /// The index of the running child of the root, or `usize::MAX`.
    #[inline(always)]
    fn child(self) -> usize {
        match self {
            State::Fresh => usize::MAX,
            State::Flee => 0,
            State::Guard(_) => 1,
            State::Fight => 2,
            State::Eat(_) => 3,
            State::Idle => 4,
        }
    }
}

/// Ticks the `guard` sequence from `step`: resume at the running step, fail
/// on the first failing step, succeed after the last.
#[inline(always)]
fn guard_group(a: &mut Agent, mut step: GuardStep) -> (Status, GuardStep) {
    loop {
        let status = match step {
            GuardStep::Approach => approach(a),
            GuardStep::Posture => posture(a),
            GuardStep::ChaseOff => chase_off(a),
        };
        if status != Status::Success {
            return (status, step);
        }
        step = match step {
            GuardStep::Approach => GuardStep::Posture,
            GuardStep::Posture => GuardStep::ChaseOff,
            GuardStep::ChaseOff => return (Status::Success, step),
        };
    }
}

/// Ticks the `eat` sequence from `step`, like [`guard_group`].
#[inline(always)]
fn eat_group(a: &mut Agent, mut step: EatStep) -> (Status, EatStep) {
    loop {
        let status = match step {
            EatStep::Forage => forage(a),
            EatStep::MoveToFood => move_to_food(a),
            EatStep::Consume => consume(a),
            EatStep::Digest => digest(a),
        };
        if status != Status::Success {
            return (status, step);
        }
        step = match step {
            EatStep::Forage => EatStep::MoveToFood,
            EatStep::MoveToFood => EatStep::Consume,
            EatStep::Consume => EatStep::Digest,
            EatStep::Digest => return (Status::Success, step),
        };
    }
}

/// What a child's status means for the root: `Some(status)` to return,
/// or `None` to go on to the next child. A running or succeeding child
/// replaces (halts) the previously running one; a failing child that was
/// the running one is done.
#[inline(always)]
fn settle(state: &mut State, child: usize, status: Status, running: State) -> Option<Status> {
    match status {
        Status::Running => {
            *state = running;
            Some(Status::Running)
        }
        Status::Success => {
            *state = State::Fresh;
            Some(Status::Success)
        }
        Status::Failure => {
            if state.child() == child {
                *state = State::Fresh;
            }
            None
        }
    }
}

/// A child whose decide rejects counts as `Failure`; if it was the running
/// child, it is halted (SPEC C7).
#[inline(always)]
fn reject(state: &mut State, child: usize) {
    if state.child() == child {
        *state = State::Fresh;
    }
}

/// One tick of one agent: the five children in order, straight-line.
#[inline]
pub fn tick(state: &mut State, a: &mut Agent) -> Status {
    if a.threatened() {
        if let Some(s) = settle(state, 0, flee(a), State::Flee) {
            return s;
        }
    } else {
        reject(state, 0);
    }
    if a.intruder_near() {
        let from = match *state {
            State::Guard(step) => step,
            _ => GuardStep::Approach,
        };
        let (status, step) = guard_group(a, from);
        if let Some(s) = settle(state, 1, status, State::Guard(step)) {
            return s;
        }
    } else {
        reject(state, 1);
    }
    if a.can_fight() {
        if let Some(s) = settle(state, 2, fight(a), State::Fight) {
            return s;
        }
    } else {
        reject(state, 2);
    }
    if a.wants_food() {
        let from = match *state {
            State::Eat(step) => step,
            _ => EatStep::Forage,
        };
        let (status, step) = eat_group(a, from);
        if let Some(s) = settle(state, 3, status, State::Eat(step)) {
            return s;
        }
    } else {
        reject(state, 3);
    }
    settle(state, 4, idle(a), State::Idle).unwrap_or(Status::Failure)
}

/// Runs `ticks` frames: every agent's world step, then its tick.
#[inline(never)]
pub fn run(agents: &mut [Agent], states: &mut [State], ticks: u32) {
    for _ in 0..ticks {
        for (a, s) in agents.iter_mut().zip(states.iter_mut()) {
            world_step(a);
            tick(s, a);
        }
    }
}
