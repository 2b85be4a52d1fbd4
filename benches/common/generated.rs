//! (a) The creature tree in the `tree!` syntax: the generated state machine
//! under test.

use super::hooks::{
    Approach, ChaseOff, Consume, Digest, Fight, Flee, Forage, Idle, MoveToFood, Posture,
};
use super::world::{world_step, Agent, DT};
use deciders::Frame;

deciders::tree! {
    /// The calibration creature.
    pub tree Creature for Agent {
        selector {
            flee:  when(decide = Agent::threatened) => Flee,
            guard: when(decide = Agent::intruder_near) => sequence { Approach, Posture, ChaseOff },
            fight: when(decide = Agent::can_fight) => Fight,
            eat:   when(decide = Agent::wants_food) => sequence { Forage, MoveToFood, Consume, Digest },
            idle:  Idle,
        }
    }
}

/// The per-agent state: the generated tree.
pub type State = Creature;

/// Runs `ticks` frames: every agent's world step, then its tick.
#[inline(never)]
pub fn run(agents: &mut [Agent], states: &mut [State], ticks: u32) {
    let mut ctx = Frame::new(DT);
    for _ in 0..ticks {
        for (a, s) in agents.iter_mut().zip(states.iter_mut()) {
            world_step(a);
            s.tick(a, &mut ctx);
        }
    }
}

/// The per-agent state of the `player` variant: the generated tree in a
/// lifecycle wrapper (O1–O5) that is never paused, to measure what the
/// wrapper costs per tick.
pub type PlayerState = deciders::lifecycle::Player<Creature>;

/// [`run`] through the wrapper.
#[inline(never)]
pub fn run_player(agents: &mut [Agent], states: &mut [PlayerState], ticks: u32) {
    let mut ctx = Frame::new(DT);
    for _ in 0..ticks {
        for (a, s) in agents.iter_mut().zip(states.iter_mut()) {
            world_step(a);
            s.tick(a, &mut ctx);
        }
    }
}

/// The per-agent state of the `statuses` variant: the generated tree and
/// the per-node statuses (I3) its trace keeps, to measure what keeping them
/// costs per tick.
pub struct StatusesState {
    tree: Creature,
    statuses: deciders::trace::NodeStatuses,
}

impl Default for StatusesState {
    fn default() -> Self {
        use deciders::Tree;
        StatusesState {
            tree: Creature::new(),
            statuses: deciders::trace::NodeStatuses::new(<Creature as Tree<Agent>>::shape()),
        }
    }
}

/// [`run`], each tick traced into the agent's statuses.
#[inline(never)]
pub fn run_statuses(agents: &mut [Agent], states: &mut [StatusesState], ticks: u32) {
    let mut ctx = Frame::new(DT);
    for _ in 0..ticks {
        for (a, s) in agents.iter_mut().zip(states.iter_mut()) {
            world_step(a);
            s.tree.tick_traced(a, &mut ctx, &mut s.statuses);
        }
    }
}
