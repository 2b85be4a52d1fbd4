//! Many agents (SPEC F4): the creature tree ticked through
//! `deciders::batch::tick_all` and, with the `rayon` feature, `par_tick_all`.
//!
//! The batch functions tick trees only; [`Stepped`] wraps a tree so that its
//! tick runs the world step first, as every other `run` does.

use super::world::{world_step, Agent, DT};
use deciders::{Ctx, Flags, NodeInfo, Status, Trace, Tree};

/// A tree whose tick runs the agent's world step first.
#[derive(Default)]
pub struct Stepped<T>(pub T);

impl<T: Tree<Agent>> Tree<Agent> for Stepped<T> {
    fn shape() -> &'static [NodeInfo] {
        T::shape()
    }
    #[inline]
    fn tick(&mut self, agent: &mut Agent, ctx: &mut Ctx) -> Status {
        world_step(agent);
        self.0.tick(agent, ctx)
    }
    fn tick_traced<Tr: Trace>(&mut self, agent: &mut Agent, ctx: &mut Ctx, tr: &mut Tr) -> Status {
        world_step(agent);
        self.0.tick_traced(agent, ctx, tr)
    }
    fn halt(&mut self, agent: &mut Agent, ctx: &mut Ctx) {
        self.0.halt(agent, ctx);
    }
    fn reset(&mut self, agent: &mut Agent, ctx: &mut Ctx) {
        self.0.reset(agent, ctx);
    }
    fn is_running(&self) -> bool {
        self.0.is_running()
    }
}

/// Agents per parallel chunk.
pub const CHUNK: usize = 4096;

/// Threads available to the parallel run.
pub fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// `ticks` frames through the serial batch tick.
#[inline(never)]
pub fn run_serial<T: Tree<Agent>>(agents: &mut [Agent], states: &mut [Stepped<T>], ticks: u32) {
    for _ in 0..ticks {
        deciders::batch::tick_all(states, agents, DT, |_| Flags::EMPTY);
    }
}

/// `ticks` frames through the parallel batch tick, [`CHUNK`] agents a task.
#[cfg(feature = "rayon")]
#[inline(never)]
pub fn run_par<T: Tree<Agent> + Send>(agents: &mut [Agent], states: &mut [Stepped<T>], ticks: u32) {
    for _ in 0..ticks {
        deciders::batch::par_tick_all(states, agents, DT, CHUNK, |_| Flags::EMPTY);
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
            Stepped::<State>::default,
            run_serial,
        )),
        Box::new(Workload::new(
            "par",
            make_agents(agents),
            Stepped::<State>::default,
            run_par,
        )),
    ]
}
