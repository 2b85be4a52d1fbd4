//! The messages the plugin writes: a tick's errors ([`TreeErrors`]), a
//! caught panic ([`TreePanicked`]), outputs dropped for an entity already
//! gone ([`OutputsDropped`]).

use bevy_app::App;
use bevy_ecs::prelude::*;
use deciders::TickError;

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

/// Registers the plugin's messages.
pub(crate) fn plug(app: &mut App) {
    app.add_message::<TreeErrors>();
    app.add_message::<TreePanicked>();
    app.add_message::<OutputsDropped>();
}
