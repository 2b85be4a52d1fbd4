//! Ticking many agents (F4): a tight serial loop, and a parallel one
//! over `rayon` behind the cargo feature `rayon`.
//!
//! Both take a per-agent **preparation step**, `prep(index, agent, ctx)`,
//! called right before that agent's tick: it sets what varies per agent
//! (decision and stimuli flags, the agent's slot in a world buffer, fields
//! of the agent computed from other data) and may read or write the world
//! through `ctx`.

use crate::ctx::Ctx;
use crate::tree::Tree;

/// Ticks `states[i]` with `agents[i]` for every `i`, one frame, with the
/// context `ctx` (its `dt` and world), calling `prep(i, &mut agents[i], ctx)`
/// before each tick.
///
/// Extra states or agents (if the slices differ in length) are left alone.
/// Returns how many ticks reported an error (D9).
///
/// ```
/// use deciders::{batch, Behavior, Ctx, Flags, Status};
///
/// const ALARM: Flags = Flags::bit(0);
/// struct Guard { id: usize, shouts: u32 }
///
/// /// Shouts into the frame's world: the ids of the guards that shouted.
/// #[derive(Default)]
/// struct Shout;
/// impl Behavior<Guard, Vec<usize>> for Shout {
///     fn tick(&mut self, g: &mut Guard, ctx: &mut Ctx<Vec<usize>>) -> Status {
///         g.shouts += 1;
///         ctx.world_mut().push(g.id);
///         Status::Success
///     }
/// }
///
/// deciders::tree! {
///     tree Post for Guard, world = Vec<usize> {
///         priority { shout: when(any(ALARM)) => Shout, idle: wait(1.0) }
///     }
/// }
///
/// let mut agents: Vec<Guard> = (0..4).map(|id| Guard { id, shouts: 0 }).collect();
/// let mut states: Vec<Post> = (0..4).map(|_| Post::new()).collect();
/// // One context for the frame; its world collects what the agents emit.
/// let mut ctx = Ctx::new(0.1).with_world(Vec::new());
/// let errors = batch::tick_all(&mut states, &mut agents, &mut ctx, |i, _guard, ctx| {
///     // Per-agent input, set right before that agent's tick.
///     ctx.set_flags(if i % 2 == 0 { ALARM } else { Flags::EMPTY });
/// });
/// assert_eq!(errors, 0);
/// assert_eq!(ctx.world(), &[0, 2]);
/// assert_eq!(agents[1].shouts, 0);
/// ```
pub fn tick_all<A, W, T: Tree<A, W>>(
    states: &mut [T],
    agents: &mut [A],
    ctx: &mut Ctx<W>,
    mut prep: impl FnMut(usize, &mut A, &mut Ctx<W>),
) -> usize {
    let mut errors = 0;
    for (i, (state, agent)) in states.iter_mut().zip(agents.iter_mut()).enumerate() {
        prep(i, agent, ctx);
        state.tick(agent, ctx);
        errors += usize::from(!ctx.report().is_ok());
    }
    errors
}

/// What one chunk of [`par_tick_all`] gives back.
#[cfg(feature = "rayon")]
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Chunk<W> {
    /// The index of the chunk's first agent.
    pub start: usize,
    /// The chunk's world, with what its behaviors emitted.
    pub world: W,
    /// How many of the chunk's ticks reported an error (D9).
    pub errors: usize,
}

/// [`tick_all`] split over `rayon`'s thread pool in chunks of `chunk`
/// agents (at least 1). Each chunk ticks with its own context, whose world
/// is `world()` (for instance the shared services by reference and empty
/// output buffers), so chunks never share a buffer (F4); the chunks
/// come back in order, each with its world.
///
/// `prep` gets each agent's index in the whole slice.
#[cfg(feature = "rayon")]
pub fn par_tick_all<A, W, T>(
    states: &mut [T],
    agents: &mut [A],
    dt: f32,
    chunk: usize,
    world: impl Fn() -> W + Sync,
    prep: impl Fn(usize, &mut A, &mut Ctx<W>) + Sync,
) -> Vec<Chunk<W>>
where
    A: Send,
    W: Send,
    T: Tree<A, W> + Send,
{
    use rayon::prelude::*;
    let chunk = chunk.max(1);
    states
        .par_chunks_mut(chunk)
        .zip(agents.par_chunks_mut(chunk))
        .enumerate()
        .map(|(k, (s, a))| {
            let start = k * chunk;
            let mut ctx = Ctx::new(dt).with_world(world());
            let errors = tick_all(s, a, &mut ctx, |i, agent, ctx| prep(start + i, agent, ctx));
            Chunk {
                start,
                world: ctx.into_world(),
                errors,
            }
        })
        .collect()
}
