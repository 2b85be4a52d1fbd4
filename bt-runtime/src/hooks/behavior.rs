//! [`Behavior`]: the user hooks of a leaf or a group (L1–L3, D7).
use crate::base::status::{Exit, Status};
use crate::base::wake::Wake;
use crate::ctx::Ctx;

/// A behavior: the code that acts on the agent (Spore behaviors, Lumberyard
/// nodes, Unity actions).
///
/// Write only the hooks you need (P4); every hook has a default.
///
/// The behavior's own value is its **memory block** (L3): a fresh value
/// is built each time the behavior is activated (from `Default`, from the
/// constructor expression written in the tree, or from the DBlock of the
/// decide that activated it), lives inside the agent's tree state while the
/// behavior is active, and is dropped when it is deactivated. Any Rust type
/// works, destructors included.
///
/// ```
/// use deciders::{Behavior, Ctx, Exit, Status};
/// struct Critter { hunger: f32 }
///
/// /// Eats until full; its memory counts the bites.
/// #[derive(Default)]
/// struct EatFood { bites: u32 }
///
/// impl Behavior<Critter> for EatFood {
///     fn tick(&mut self, c: &mut Critter, _ctx: &mut Ctx) -> Status {
///         self.bites += 1;
///         c.hunger -= 0.25;
///         if c.hunger <= 0.0 { Status::Success } else { Status::Running }
///     }
///
///     fn deactivate(&mut self, c: &mut Critter, _ctx: &mut Ctx, exit: Exit) {
///         if exit == Exit::Halted {
///             // Interrupted mid-meal: drop the food.
///         }
///     }
/// }
/// ```
///
/// # The world
///
/// `W` is the tree's world type (see [`Ctx`]): a behavior written for any
/// world is `impl<W> Behavior<Agent, W> for …`; one that emits into a given
/// world names it and reaches it through [`Ctx::world_mut`].
///
/// ```
/// use deciders::{Behavior, Ctx, Status};
/// struct Turret;
/// /// What this frame's behaviors ask the engine to do.
/// #[derive(Default)]
/// struct Requests { launches: Vec<u32> }
///
/// struct Fire { target: u32 }
/// impl Behavior<Turret, Requests> for Fire {
///     fn tick(&mut self, _t: &mut Turret, ctx: &mut Ctx<Requests>) -> Status {
///         ctx.world_mut().launches.push(self.target);
///         Status::Success
///     }
/// }
/// ```
///
/// Hooks may be added to this trait later, always with a default, so an
/// implementation never has to change.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a behavior for agent `{A}` and world `{W}`: it needs `impl Behavior<{A}, {W}> for {Self}`",
    label = "not a `Behavior<{A}, {W}>`",
    note = "a behavior of a tree declared `tree Name for Agent` (`, world = World`) implements `Behavior<Agent>` (`Behavior<Agent, World>`) for the same types; every hook has a default, so `impl Behavior<{A}, {W}> for {Self} {{}}` is a behavior that runs until something removes it",
    note = "a behavior for any world is `impl<W> Behavior<{A}, W> for {Self}`"
)]
pub trait Behavior<A, W = ()> {
    /// Called when the behavior enters the active path, before its first
    /// tick. Return [`Status::Failure`] to refuse activation (L2): that
    /// counts as the behavior failing on its first tick, and no
    /// [`deactivate`](Behavior::deactivate) follows. Any other status means
    /// "activated". Default: activated.
    #[inline(always)]
    fn activate(&mut self, agent: &mut A, ctx: &mut Ctx<W>) -> Status {
        let _ = (agent, ctx);
        Status::Running
    }

    /// Called every tick while the behavior is active, including the tick it
    /// was activated in. Default: [`Status::Running`], so a behavior with only
    /// `activate`/`deactivate` stays active until something removes it
    /// (L1).
    ///
    /// As a group behavior (D7) only `Failure` matters: it fails the
    /// group; `Success` and `Running` mean "carry on".
    #[inline(always)]
    fn tick(&mut self, agent: &mut A, ctx: &mut Ctx<W>) -> Status {
        let _ = (agent, ctx);
        Status::Running
    }

    /// Called exactly once after every successful activation, whatever
    /// removes the behavior (L2); `exit` tells which: its own completion
    /// (with the status) or a halt (an interruption, a guard re-check, the
    /// parent leaving, `halt`, `reset`). Default: nothing.
    #[inline(always)]
    fn deactivate(&mut self, agent: &mut A, ctx: &mut Ctx<W>, exit: Exit) {
        let _ = (agent, ctx, exit);
    }

    /// Called while the behavior is active when an event is posted to the
    /// agent's tree state (`state.post(&event, …)`, V4), between ticks,
    /// root first along the active path. `event` is the tree's event type
    /// (`tree Name for Agent, events = E`): read it with
    /// `event.downcast_ref::<E>()`. What the behavior records in its
    /// memory is seen by its next tick. Default: nothing.
    #[inline(always)]
    fn event(&mut self, agent: &mut A, ctx: &mut Ctx<W>, event: &dyn core::any::Any) {
        let _ = (agent, ctx, event);
    }

    /// Called while the behavior is active when the tree is paused
    /// ([`Player::pause`](crate::lifecycle::Player::pause), O2), root first
    /// along the active path. The behavior stays active and keeps its
    /// memory; no tick reaches it until
    /// [`resume`](Behavior::resume) (or until a `stop`, `play` or `reset`
    /// deactivates it, `Exit::Halted`, with no `resume` before). Stop what
    /// runs on its own meanwhile: an animation, a sound. Default: nothing.
    #[inline(always)]
    fn pause(&mut self, agent: &mut A, ctx: &mut Ctx<W>) {
        let _ = (agent, ctx);
    }

    /// Called on every behavior that [`pause`](Behavior::pause) reached
    /// when the tree resumes ([`Player::resume`](crate::lifecycle::Player::resume),
    /// O2), root first; the next tick goes on where the tree was, with no
    /// second `activate`. Default: nothing.
    #[inline(always)]
    fn resume(&mut self, agent: &mut A, ctx: &mut Ctx<W>) {
        let _ = (agent, ctx);
    }

    /// When this running behavior next needs a tick (Z2), asked after
    /// each tick of an agent in a [`Crowd`](crate::crowd::Crowd), from its
    /// memory: [`Wake::POLL`] (the default: every tick), [`Wake::at`] a
    /// time on the tree clock, or [`Wake::NEVER`] (until an input wakes the
    /// agent: its flags, a stimulus, an event, [`Crowd::wake`](crate::crowd::Crowd::wake)
    /// when its deferred action completes).
    ///
    /// Say it only for ticks that would do nothing: a tick the crowd
    /// skips is never called, so a behavior that says `NEVER` and still
    /// counts its ticks counts fewer. Ticking every frame ignores it.
    #[inline(always)]
    fn wake(&self) -> Wake {
        Wake::POLL
    }
}

/// A behavior as a leaf of a tree: implemented for every [`Behavior`]
/// (its `Memory` is itself) and for nothing else.
///
/// `tree!` names the type of a leaf `Graze` as `<Graze as Leaf<Agent,
/// World>>::Memory` wherever it needs it (the active state, `activate`,
/// `tick`, `deactivate`, the visitors), so that a type that is not a
/// behavior of the tree is one error, at the leaf, saying what it needs
/// ([`Behavior`]'s message), instead of one per place the type is used.
/// There is nothing to implement here: implement [`Behavior`].
///
/// ```
/// use deciders::{Behavior, Leaf};
/// struct Critter;
/// struct Wander;
/// impl Behavior<Critter> for Wander {}
/// fn memory_of<L: Leaf<Critter, ()>>() -> &'static str {
///     std::any::type_name::<L::Memory>()
/// }
/// assert!(memory_of::<Wander>().ends_with("Wander"));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a behavior for agent `{A}` and world `{W}`: it needs `impl Behavior<{A}, {W}> for {Self}`",
    label = "not a `Behavior<{A}, {W}>`",
    note = "a behavior of a tree declared `tree Name for Agent` (`, world = World`) implements `Behavior<Agent>` (`Behavior<Agent, World>`) for the same types; every hook has a default, so `impl Behavior<{A}, {W}> for {Self} {{}}` is a behavior that runs until something removes it",
    note = "a behavior for any world is `impl<W> Behavior<{A}, W> for {Self}`"
)]
pub trait Leaf<A, W = ()> {
    /// The leaf's memory: the behavior itself.
    type Memory: Behavior<A, W>;

    /// The behavior as its memory: itself. Generated code hands a memory
    /// to a visitor through this method (I1).
    fn memory(&self) -> &Self::Memory;
}

#[diagnostic::do_not_recommend]
impl<A, W, B: Behavior<A, W>> Leaf<A, W> for B {
    type Memory = B;
    #[inline(always)]
    fn memory(&self) -> &B {
        self
    }
}
