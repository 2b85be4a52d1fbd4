//! Ticking many agents (SPEC F4): a tight serial loop, and a parallel one
//! over `rayon` behind the cargo feature `rayon`.

use crate::ctx::Ctx;
use crate::flags::Flags;
use crate::tree::Tree;

/// Ticks `states[i]` with `agents[i]` for every `i`, one frame of `dt`
/// seconds, giving each agent the decision flags `flags(agent)`.
///
/// Extra states or agents (if the slices differ in length) are left alone.
/// Returns how many ticks reported an error (SPEC D9).
///
/// ```
/// # use bt_runtime::{Ctx, Flags, Status, Tree, NodeInfo, Trace, batch};
/// # #[derive(Default)] struct Count(u32);
/// # impl Tree<u32> for Count {
/// #     fn shape() -> &'static [NodeInfo] { &[] }
/// #     fn tick(&mut self, a: &mut u32, _: &mut Ctx) -> Status { *a += 1; self.0 += 1; Status::Running }
/// #     fn tick_traced<Tr: Trace>(&mut self, a: &mut u32, c: &mut Ctx, _: &mut Tr) -> Status { self.tick(a, c) }
/// #     fn halt(&mut self, _: &mut u32, _: &mut Ctx) {}
/// #     fn reset(&mut self, _: &mut u32, _: &mut Ctx) { self.0 = 0 }
/// #     fn is_running(&self) -> bool { true }
/// # }
/// let mut agents = vec![0u32; 4];
/// let mut states: Vec<Count> = (0..4).map(|_| Count::default()).collect();
/// batch::tick_all(&mut states, &mut agents, 0.1, |_| Flags::EMPTY);
/// assert_eq!(agents, [1, 1, 1, 1]);
/// ```
pub fn tick_all<A, T: Tree<A>>(
    states: &mut [T],
    agents: &mut [A],
    dt: f32,
    flags: impl Fn(&A) -> Flags,
) -> usize {
    let mut ctx = Ctx::new(dt);
    let mut errors = 0;
    for (state, agent) in states.iter_mut().zip(agents.iter_mut()) {
        ctx.set_flags(flags(agent));
        state.tick(agent, &mut ctx);
        errors += usize::from(!ctx.report().is_ok());
    }
    errors
}

/// [`tick_all`] split over `rayon`'s thread pool in chunks of `chunk`
/// agents (at least 1). Each chunk has its own context.
#[cfg(feature = "rayon")]
pub fn par_tick_all<A, T>(
    states: &mut [T],
    agents: &mut [A],
    dt: f32,
    chunk: usize,
    flags: impl Fn(&A) -> Flags + Sync,
) -> usize
where
    A: Send,
    T: Tree<A> + Send,
{
    use rayon::prelude::*;
    let chunk = chunk.max(1);
    states
        .par_chunks_mut(chunk)
        .zip(agents.par_chunks_mut(chunk))
        .map(|(s, a)| tick_all(s, a, dt, &flags))
        .sum()
}
