//! [`Behavior`]: the user hooks of a leaf or a group (SPEC L1–L3, D7).

use crate::ctx::Ctx;
use crate::status::Status;

/// A behavior: the code that acts on the agent (Spore behaviors, Lumberyard
/// nodes, Unity actions).
///
/// Write only the hooks you need (SPEC P4); every hook has a default.
///
/// The behavior's own value is its **memory block** (SPEC L3): a fresh value
/// is built each time the behavior is activated (from `Default`, from the
/// constructor expression written in the tree, or from the DBlock of the
/// decide that activated it), lives inside the agent's tree state while the
/// behavior is active, and is dropped when it is deactivated. Any Rust type
/// works, destructors included.
///
/// ```
/// use bt_runtime::{Behavior, Ctx, Status};
/// struct Critter { hunger: f32 }
///
/// /// Eats until full; its memory counts the bites.
/// #[derive(Default)]
/// struct EatFood { bites: u32 }
///
/// impl Behavior<Critter> for EatFood {
///     fn tick(&mut self, c: &mut Critter, _ctx: &Ctx) -> Status {
///         self.bites += 1;
///         c.hunger -= 0.25;
///         if c.hunger <= 0.0 { Status::Success } else { Status::Running }
///     }
/// }
/// ```
pub trait Behavior<A> {
    /// Called when the behavior enters the active path, before its first
    /// tick. Return [`Status::Failure`] to refuse activation (SPEC L2): that
    /// counts as the behavior failing on its first tick, and no
    /// [`deactivate`](Behavior::deactivate) follows. Any other status means
    /// "activated". Default: activated.
    #[inline(always)]
    fn activate(&mut self, agent: &mut A, ctx: &Ctx) -> Status {
        let _ = (agent, ctx);
        Status::Running
    }

    /// Called every tick while the behavior is active, including the tick it
    /// was activated in. Default: [`Status::Running`], so a behavior with only
    /// `activate`/`deactivate` stays active until something removes it
    /// (SPEC L1).
    ///
    /// As a group behavior (SPEC D7) only `Failure` matters: it fails the
    /// group; `Success` and `Running` mean "carry on".
    #[inline(always)]
    fn tick(&mut self, agent: &mut A, ctx: &Ctx) -> Status {
        let _ = (agent, ctx);
        Status::Running
    }

    /// Called exactly once after every successful activation, whatever
    /// removes the behavior: completion, failure, interruption, a guard
    /// re-check, a halt or a reset (SPEC L2). Default: nothing.
    #[inline(always)]
    fn deactivate(&mut self, agent: &mut A, ctx: &Ctx) {
        let _ = (agent, ctx);
    }
}
