//! Many agents (SPEC F4): the creature tree ticked through
//! `deciders::batch::tick_all` and, with the `rayon` feature, `par_tick_all`.
//!
//! The agent's world step runs as the batch's per-agent preparation step,
//! right before its tick, as every other `run` does.

use super::world::{world_step, Agent, DT};
use deciders::{Ctx, Tree};

/// Agents per parallel chunk.
pub const CHUNK: usize = 4096;

/// Threads available to the parallel run.
pub fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// `ticks` frames through the serial batch tick.
#[inline(never)]
pub fn run_serial<T: Tree<Agent>>(agents: &mut [Agent], states: &mut [T], ticks: u32) {
    let mut ctx = Ctx::new(DT);
    for _ in 0..ticks {
        deciders::batch::tick_all(states, agents, &mut ctx, |_, agent, _| world_step(agent));
    }
}

/// `ticks` frames through the parallel batch tick, [`CHUNK`] agents a task.
#[cfg(feature = "rayon")]
#[inline(never)]
pub fn run_par<T: Tree<Agent> + Send>(agents: &mut [Agent], states: &mut [T], ticks: u32) {
    for _ in 0..ticks {
        deciders::batch::par_tick_all(
            states,
            agents,
            DT,
            CHUNK,
            || (),
            |_, agent, _| world_step(agent),
        );
    }
}

/// `[serial, par]` over `agents` creature agents with the generated tree.
#[cfg(feature = "rayon")]
pub fn workloads(agents: usize) -> Vec<Box<dyn super::Frames>> {
    use super::generated::State;
    use super::{world::make_agents, Workload};
    vec![
        Box::new(Workload::new(
            "serial",
            make_agents(agents),
            State::default,
            run_serial,
        )),
        Box::new(Workload::new(
            "par",
            make_agents(agents),
            State::default,
            run_par,
        )),
    ]
}
