//! Many agents (SPEC F4): the creature tree ticked through
//! `deciders::batch::tick_all` and, with the `rayon` feature, `par_tick_all`.
//!
//! The agent's world step runs as the batch's per-agent preparation step,
//! right before its tick, as every other `run` does.

use super::world::{world_step, Agent, DT};
use deciders::{Frame, Tree};

/// Agents per parallel chunk unless `--chunks` says otherwise.
pub const CHUNK: usize = 4096;

/// Threads available to the parallel run.
pub fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// `ticks` frames through the serial batch tick.
#[inline(never)]
pub fn run_serial<T: Tree<Agent>>(agents: &mut [Agent], states: &mut [T], ticks: u32) {
    let mut ctx = Frame::new(DT);
    for _ in 0..ticks {
        deciders::batch::tick_all(states, agents, &mut ctx, |_, _, agent, _| world_step(agent));
    }
}

/// `ticks` frames through the parallel batch tick, `chunk` agents a task.
#[cfg(feature = "rayon")]
#[inline(never)]
pub fn run_par<T: Tree<Agent> + Send>(
    agents: &mut [Agent],
    states: &mut [T],
    ticks: u32,
    chunk: usize,
) {
    for _ in 0..ticks {
        deciders::batch::par_tick_all(
            states,
            agents,
            DT,
            chunk,
            || (),
            |_, _, agent, _| world_step(agent),
        );
    }
}

/// The parallel workload: a [`super::Workload`] whose frames go through
/// [`run_par`] with its own chunk size.
#[cfg(feature = "rayon")]
pub struct Par<S> {
    inner: super::Workload<Agent, S>,
    chunk: usize,
}

#[cfg(feature = "rayon")]
impl<S: Tree<Agent> + Send> super::Frames for Par<S> {
    fn name(&self) -> &'static str {
        self.inner.name
    }
    fn agents(&self) -> usize {
        self.inner.agents.len()
    }
    fn frames(&mut self, n: u32) {
        let agents = std::hint::black_box(&mut self.inner.agents);
        run_par(agents, &mut self.inner.states, n, self.chunk);
    }
    fn checksum(&self) -> u64 {
        super::Frames::checksum(&self.inner)
    }
    fn hook_calls(&self) -> u64 {
        super::Frames::hook_calls(&self.inner)
    }
}

/// `[serial, par]` over `agents` creature agents with the generated tree,
/// the parallel one in chunks of `chunk`.
#[cfg(feature = "rayon")]
pub fn workloads(agents: usize, chunk: usize) -> Vec<Box<dyn super::Frames>> {
    use super::generated::State;
    use super::{world::make_agents, Workload};
    vec![
        Box::new(Workload::new(
            "serial",
            make_agents(agents),
            State::default,
            run_serial,
        )),
        Box::new(Par {
            inner: Workload::new("par", make_agents(agents), State::default, run_serial),
            chunk,
        }),
    ]
}
