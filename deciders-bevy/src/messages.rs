//! The messages the plugin reads, events for an entity's brain
//! ([`Post`]), and writes: an event no brain took ([`EventRefused`]), a
//! tick's errors ([`TreeErrors`]), a caught panic ([`TreePanicked`]),
//! outputs dropped for an entity already gone ([`OutputsDropped`]).

use bevy_app::App;
use bevy_ecs::prelude::*;
use deciders::TickError;

use crate::BrainTree;

#[cfg(doc)]
use crate::{Brain, DecidersSystems};

/// A Bevy message written when a brain's tick reported errors (its
/// frame's [`Report`](deciders::Report): a group that broke the subset rule, a deferred
/// launch refused): the entity, the first error of that tick and how many
/// there were. Read them with a `MessageReader<TreeErrors>` in a system
/// after [`DecidersSystems::Tick`]; [`Brain::errors`] counts them per
/// brain. Written in entity order, so the same frames give the same
/// messages on any number of threads.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct TreeErrors {
    /// The entity whose tick reported the errors.
    pub entity: Entity,
    /// The first error of the tick.
    pub first: TickError,
    /// How many errors the tick reported.
    pub count: u32,
}

/// A Bevy message written when a hook of an entity's tree panicked in the
/// plugin's tick (a behavior, a decide, a condition, a tracer, or the
/// `deactivate` hooks of a pending [`Brain::stop`]): the entity and the
/// panic's text. Read them with a `MessageReader<TreePanicked>` in a
/// system after [`DecidersSystems::Tick`]; [`Brain::panics`] counts them
/// per brain. Written in entity order.
///
/// The panic does not leave the tick, as with
/// `deciders::batch::par_tick_all`: it is caught around that entity alone
/// (`std::panic::catch_unwind`), every other entity ticks and has its
/// outputs applied, and later updates run as usual. The entity's tree is
/// left as if dropped at the panic (T4): nothing active, no `deactivate`
/// called, and its next tick starts from the root; timers, cooldowns and
/// the clock are kept. What its hooks emitted before the panic is applied
/// with the rest of the frame's outputs. The panic hook still runs (the
/// default one prints the panic to stderr); with `panic = "abort"`
/// nothing is caught.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct TreePanicked {
    /// The entity whose tick panicked.
    pub entity: Entity,
    /// The panic's message (`panic!("…")`), or `Box<dyn Any>` when its
    /// payload is not text.
    pub message: String,
}

/// The text of a caught panic's payload.
pub(crate) fn panic_text(payload: &(dyn core::any::Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&'static str>() {
        (*text).to_string()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "Box<dyn Any>".to_string()
    }
}

/// A Bevy message written when the outputs of an entity were not applied
/// because the entity no longer existed when their turn came in
/// [`DecidersSystems::Apply`]: an output applied before them (another
/// entity's, or one of a despawn halt) despawned it. `count` outputs were
/// dropped; the other entities' outputs were applied.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutputsDropped {
    /// The entity that emitted them, despawned earlier in the same apply.
    pub entity: Entity,
    /// How many of its outputs were dropped.
    pub count: u32,
}

/// A Bevy message posting `event` to the [`Brain<T>`] of `entity`: what
/// [`Brain::post`] does, for a system that has no query for the brain
/// (the events of a whole frame, a collision system). The plugin of the
/// tree `T` takes them (drains them: a `MessageReader` of yours does not
/// see them) at the start of [`DecidersSystems::Tick`], in the
/// order written, and posts each to its entity's inbox: delivered, in that
/// order, at the start of the brain's next tick. An event that no brain
/// takes (the entity has no `Brain<T>`, or its inbox is full) comes back
/// as an [`EventRefused`] message. Write them in
/// [`DecidersSystems::Prepare`] (or earlier in the frame).
#[derive(Message)]
pub struct Post<T: BrainTree> {
    /// The entity whose brain gets the event.
    pub entity: Entity,
    /// The event, of the type the tree declares (`events = E`).
    pub event: T::Event,
}

impl<T: BrainTree> Post<T> {
    /// Posts `event` to the brain of `entity`.
    pub fn new(entity: Entity, event: T::Event) -> Self {
        Post { entity, event }
    }
}

/// Why a [`Post`] did not reach a brain's inbox.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The brain's inbox was full (`deciders::brain::InboxFull`); the
    /// brain counts it ([`Brain::refused`]).
    InboxFull,
    /// The entity has no `Brain<T>` (despawned, or never had one).
    NoBrain,
}

/// A Bevy message written for a [`Post`] that did not reach the brain's
/// inbox: the entity, the event handed back, and why. Written in the
/// order the posts were, in [`DecidersSystems::Tick`]; read it after.
#[derive(Message)]
pub struct EventRefused<T: BrainTree> {
    /// The entity the event was posted to.
    pub entity: Entity,
    /// The event, handed back.
    pub event: T::Event,
    /// Why it was refused.
    pub why: Refusal,
}

/// Registers the messages of a plugin of the tree `T`.
pub(crate) fn plug_tree<T: BrainTree>(app: &mut App) {
    app.add_message::<Post<T>>();
    app.add_message::<EventRefused<T>>();
}

/// Registers the plugin's messages.
pub(crate) fn plug(app: &mut App) {
    app.add_message::<TreeErrors>();
    app.add_message::<TreePanicked>();
    app.add_message::<OutputsDropped>();
}
