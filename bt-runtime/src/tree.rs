//! [`Tree`]: what every generated tree state implements, so that code can be
//! generic over trees (batch ticking, tools).

use crate::ctx::Ctx;
use crate::shape::NodeInfo;
use crate::status::Status;
use crate::trace::Trace;

/// The per-agent state of a tree declared with `tree!` for agent type `A`.
///
/// Generated types implement this trait and also offer the same methods as
/// inherent methods, so most code never names it.
pub trait Tree<A>: Default {
    /// The tree's static shape, shared by all agents (SPEC P2, I3).
    fn shape() -> &'static [NodeInfo];

    /// One tick of one agent (SPEC T2).
    fn tick(&mut self, agent: &mut A, ctx: &mut Ctx) -> Status;

    /// One tick of one agent, reporting every step to `trace` (SPEC I2).
    fn tick_traced<Tr: Trace>(&mut self, agent: &mut A, ctx: &mut Ctx, trace: &mut Tr) -> Status;

    /// Deactivates the active path, deepest first (SPEC L2, C7), keeping
    /// persistent state (timers). The next tick starts again at the root.
    fn halt(&mut self, agent: &mut A, ctx: &mut Ctx);

    /// Halts, then returns every piece of state to its initial value.
    fn reset(&mut self, agent: &mut A, ctx: &mut Ctx);

    /// Whether some node is active (the last tick ended `Running`).
    fn is_running(&self) -> bool;
}
