//! Deferred actions through the plugin: the resource
//! [`DeferredActions`], where the launches and cancels of a frame's
//! behaviors arrive tagged with their entity, and where the game reports
//! completions.

use core::marker::PhantomData;

use bevy_app::App;
use bevy_ecs::prelude::*;
use deciders::deferred::{Completions, Requests, Ticket};

use crate::world::Deferral;
#[cfg(doc)]
use crate::{DecidersPlugin, DecidersSystems, Env, TreeErrors};

/// The deferred actions (V5) of the brains of one [`DecidersPlugin`]
/// whose world is `Env<'w, R, O, Deferring<L, Done>>`: behaviors launch
/// with `ctx.launch(&mut action, payload)` and poll with
/// `ctx.poll(&mut action)`; the game takes the launches from here and
/// reports their completions here, by ticket.
///
/// - **Launches and cancels**: each tick step appends those of every
///   brain that ticked, in entity order, each entity's in the order its
///   behaviors made them, tagged with the entity; a despawn halt appends
///   the cancels of its `deactivate` hooks (its launches are dropped:
///   nothing is left to poll them). They stay until the game takes them
///   ([`drain_launches`](Self::drain_launches),
///   [`drain_cancels`](Self::drain_cancels)): do it every step, after
///   [`DecidersSystems::Tick`].
/// - **Tickets**: a launch's [`Ticket`] names the plugin's tick step
///   (`frame`, wrapping), the entity's index (`agent`) and the launch's
///   number among the entity's launches of that step (`n`, from 0): the
///   same on any number of threads, unique while the step count does not
///   wrap.
/// - **Capacity**: each entity's tick may launch at most
///   [`capacity`](Self::capacity) actions (8 unless
///   [`set_capacity`](Self::set_capacity) says otherwise); a launch past
///   it fails and is reported as a [`TreeErrors`] message. Cancels past it
///   are reported likewise but not lost: they come here all the same.
/// - **Completions**: [`complete`](Self::complete) a ticket between two
///   ticks, and the entity's behavior sees it at its next tick. They stay
///   until the game forgets them ([`clear_completions`](Self::clear_completions)):
///   clear them once every brain that waited for them has ticked (the
///   step after, for brains ticked every step; [`Brain::tick_every`]
///   brains tick later).
///
/// ```
/// use bevy_app::{App, Update};
/// use bevy_ecs::prelude::*;
/// use deciders::deferred::Action;
/// use deciders::{Behavior, Ctx, Status};
/// use deciders_bevy::{
///     Brain, DecidersPlugin, DecidersSystems, DeferredActions, Deferring, Env, Output,
/// };
///
/// #[derive(Resource, Default)]
/// struct Scene;
/// enum Order {}
/// impl Output for Order {
///     fn apply(self, _: Entity, _: &mut Commands) {}
/// }
/// #[derive(Component, Default)]
/// struct Npc;
///
/// /// Animations to play (by name); whether they played to the end.
/// type Anims = Deferring<&'static str, bool>;
/// type World<'w> = Env<'w, Scene, Order, Anims>;
///
/// #[derive(Default)]
/// struct Wave(Action);
/// impl<'w> Behavior<Npc, World<'w>> for Wave {
///     fn activate(&mut self, _: &mut Npc, ctx: &mut Ctx<World<'w>>) -> Status {
///         ctx.launch(&mut self.0, "wave")
///     }
///     fn tick(&mut self, _: &mut Npc, ctx: &mut Ctx<World<'w>>) -> Status {
///         match ctx.poll(&mut self.0) {
///             Some(true) => Status::Success,
///             Some(false) => Status::Failure,
///             None => Status::Running,
///         }
///     }
/// }
///
/// deciders::tree! {
///     tree Greeter for Npc, world<'w> = Env<'w, Scene, Order, Deferring<&'static str, bool>> {
///         Wave
///     }
/// }
///
/// /// The game's animation system: plays every launch at once.
/// fn animate(mut anims: ResMut<DeferredActions<Greeter, Anims>>) {
///     anims.clear_completions();
///     let launched: Vec<_> = anims.drain_launches().collect();
///     for (_entity, ticket, _name) in launched {
///         anims.complete(ticket, true);
///     }
///     anims.drain_cancels();
/// }
///
/// let mut app = App::new();
/// app.add_plugins(bevy_time::TimePlugin);
/// app.add_plugins(DecidersPlugin::<Npc, Greeter, Scene, Order, Anims>::new().in_schedule(Update));
/// app.add_systems(Update, animate.in_set(DecidersSystems::Apply));
/// app.init_resource::<Scene>();
/// let npc = app.world_mut().spawn((Npc, Brain::new(Greeter::new()))).id();
/// app.update(); // launched, and played
/// app.update(); // seen done
/// assert_eq!(app.world().get::<Brain<Greeter>>(npc).unwrap().last_status(), Some(Status::Success));
/// ```
///
/// [`Brain::tick_every`]: crate::Brain::tick_every
#[derive(Resource)]
pub struct DeferredActions<T: Send + Sync + 'static, D: Deferral> {
    pub(crate) launches: Vec<(Entity, Ticket, D::Launch)>,
    pub(crate) cancels: Vec<(Entity, Ticket)>,
    pub(crate) completions: Completions<D::Done>,
    pub(crate) capacity: usize,
    /// The plugin's tick steps so far: the frame of this step's tickets.
    pub(crate) step: u32,
    _tree: PhantomData<fn() -> T>,
}

impl<T: Send + Sync + 'static, D: Deferral> Default for DeferredActions<T, D> {
    fn default() -> Self {
        DeferredActions {
            launches: Vec::new(),
            cancels: Vec::new(),
            completions: Completions::new(),
            capacity: 8,
            step: 0,
            _tree: PhantomData,
        }
    }
}

impl<T: Send + Sync + 'static, D: Deferral> DeferredActions<T, D> {
    /// The launches not taken yet, oldest step first, each step's in
    /// entity order.
    pub fn launches(&self) -> &[(Entity, Ticket, D::Launch)] {
        &self.launches
    }

    /// Takes the launches out, in the order of [`launches`](Self::launches).
    pub fn drain_launches(&mut self) -> std::vec::Drain<'_, (Entity, Ticket, D::Launch)> {
        self.launches.drain(..)
    }

    /// The cancel requests not taken yet, in the same order.
    pub fn cancels(&self) -> &[(Entity, Ticket)] {
        &self.cancels
    }

    /// Takes the cancel requests out.
    pub fn drain_cancels(&mut self) -> std::vec::Drain<'_, (Entity, Ticket)> {
        self.cancels.drain(..)
    }

    /// Reports the launch `ticket` finished with `result`: its behavior
    /// sees it at its entity's next tick.
    pub fn complete(&mut self, ticket: Ticket, result: D::Done) {
        self.completions.complete(ticket, result);
    }

    /// The completions reported and not cleared.
    pub fn completions(&self) -> &Completions<D::Done> {
        &self.completions
    }

    /// Forgets every completion.
    pub fn clear_completions(&mut self) {
        self.completions.clear();
    }

    /// How many actions one entity's tick may launch (and cancel).
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Sets [`capacity`](Self::capacity) (at least 1), from the next tick
    /// step on.
    pub fn set_capacity(&mut self, capacity: usize) {
        self.capacity = capacity.max(1);
    }

    /// The tick steps so far: the `frame` of the next step's tickets.
    pub fn step(&self) -> u32 {
        self.step
    }
}

/// What one entity's tick (or halt) launched and cancelled, moved from its
/// `requests` to `launches` and `cancels` tagged with `entity`: every
/// cancel, those refused for a full buffer too (taken from its pending
/// cancels, a buffer's worth at a time). The requests are left empty,
/// numbering from 0, for the next entity.
pub(crate) fn collect<L>(
    entity: Entity,
    requests: Requests<L>,
    step: u32,
    launches: &mut Vec<(Entity, Ticket, L)>,
    cancels: &mut Vec<(Entity, Ticket)>,
) -> Requests<L> {
    let mut requests = requests;
    if requests.next_number() == 0
        && requests.cancels().is_empty()
        && requests.pending_cancels().is_empty()
        && requests.refused() == 0
    {
        return requests;
    }
    launches.extend(requests.drain_launches().map(|(t, l)| (entity, t, l)));
    cancels.extend(requests.cancels().iter().map(|&t| (entity, t)));
    while !requests.pending_cancels().is_empty() {
        requests.next_frame(step);
        cancels.extend(requests.cancels().iter().map(|&t| (entity, t)));
    }
    requests.next_frame(step);
    requests.numbered_from(0)
}

/// Registers the plugin's [`DeferredActions`].
pub(crate) fn plug<T: Send + Sync + 'static, D: Deferral>(app: &mut App) {
    app.init_resource::<DeferredActions<T, D>>();
}
