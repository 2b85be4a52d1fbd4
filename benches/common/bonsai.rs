//! (c) The creature tree in bonsai-bt 0.14.0.
//!
//! `Select([Sequence([Action(decide), Action(leaf) | Sequence(group)]), …,
//! Action(Idle)]).memory(false)`, one `BT<Act, ()>` per agent, restarted with
//! `reset_bt` when its root has completed.
//!
//! Semantic gaps, documented rather than hidden:
//! - the memoryless selector rebuilds the chosen child from a clone every
//!   tick, so group progress is forgotten (the restart-tolerant behaviors of
//!   [`super::hooks`] make it end in the same world, with extra hook calls),
//!   and the clones allocate;
//! - nothing is halted: an interrupted child is silently dropped.

use super::hooks::{
    approach, chase_off, consume, digest, fight, flee, forage, idle, move_to_food, posture,
};
use super::world::{world_step, Agent, DT};
use bonsai_bt::{Action, Behavior, Event, Float, Select, Sequence, UpdateArgs, BT};

/// The actions and conditions of the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    /// Decide of `flee`, as a condition action.
    Threatened,
    /// Decide of `guard`.
    IntruderNear,
    /// Decide of `fight`.
    CanFight,
    /// Decide of `eat`.
    WantsFood,
    /// Behavior [`flee`].
    Flee,
    /// Behavior [`approach`].
    Approach,
    /// Behavior [`posture`].
    Posture,
    /// Behavior [`chase_off`].
    ChaseOff,
    /// Behavior [`fight`].
    Fight,
    /// Behavior [`forage`].
    Forage,
    /// Behavior [`move_to_food`].
    MoveToFood,
    /// Behavior [`consume`].
    Consume,
    /// Behavior [`digest`].
    Digest,
    /// Behavior [`idle`].
    Idle,
}

/// The tree, in the nested form that mirrors its shape.
pub fn behavior() -> Behavior<Act> {
    use Act::*;
    Select(vec![
        Sequence(vec![Action(Threatened), Action(Flee)]),
        Sequence(vec![
            Action(IntruderNear),
            Sequence(vec![Action(Approach), Action(Posture), Action(ChaseOff)]),
        ]),
        Sequence(vec![Action(CanFight), Action(Fight)]),
        Sequence(vec![
            Action(WantsFood),
            Sequence(vec![
                Action(Forage),
                Action(MoveToFood),
                Action(Consume),
                Action(Digest),
            ]),
        ]),
        Action(Idle),
    ])
    .memory(false)
}

/// The per-agent state.
pub type State = BT<Act, ()>;

/// Builds one agent's tree.
pub fn new_state() -> State {
    BT::new(behavior(), ())
}

fn to_bonsai(s: deciders::Status) -> bonsai_bt::Status {
    match s {
        deciders::Status::Running => bonsai_bt::Status::Running,
        deciders::Status::Success => bonsai_bt::Status::Success,
        deciders::Status::Failure => bonsai_bt::Status::Failure,
    }
}

fn decided(accepted: bool) -> deciders::Status {
    if accepted {
        deciders::Status::Success
    } else {
        deciders::Status::Failure
    }
}

/// Runs one action on the agent.
#[inline]
fn act(action: Act, a: &mut Agent) -> deciders::Status {
    match action {
        Act::Threatened => decided(a.threatened()),
        Act::IntruderNear => decided(a.intruder_near()),
        Act::CanFight => decided(a.can_fight()),
        Act::WantsFood => decided(a.wants_food()),
        Act::Flee => flee(a),
        Act::Approach => approach(a),
        Act::Posture => posture(a),
        Act::ChaseOff => chase_off(a),
        Act::Fight => fight(a),
        Act::Forage => forage(a),
        Act::MoveToFood => move_to_food(a),
        Act::Consume => consume(a),
        Act::Digest => digest(a),
        Act::Idle => idle(a),
    }
}

/// Runs `ticks` frames: every agent's world step, then its tick.
#[inline(never)]
pub fn run(agents: &mut [Agent], states: &mut [State], ticks: u32) {
    let event: Event = UpdateArgs { dt: DT as Float }.into();
    for _ in 0..ticks {
        for (a, bt) in agents.iter_mut().zip(states.iter_mut()) {
            world_step(a);
            if bt.is_finished() {
                bt.reset_bt();
            }
            bt.tick(&event, &mut |args, _| {
                let status = act(*args.action, a);
                // A completed action leaves the rest of `dt` to the next one.
                let left = if status == deciders::Status::Running {
                    0.0
                } else {
                    args.dt
                };
                (to_bonsai(status), left)
            });
        }
    }
}
