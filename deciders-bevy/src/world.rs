//! The world a tree sees ([`Env`]: this frame's snapshot, the entity
//! ticking, its outputs) and what its behaviors ask of the ECS
//! ([`Output`]).

use bevy_ecs::prelude::*;

#[cfg(doc)]
use crate::{DecidersPlugin, DecidersSystems, OutputsDropped};

/// The world a tree ticked by [`DecidersPlugin`] sees through its context
/// (`ctx.world()`, `ctx.world_mut()`): this frame's snapshot `R`
/// (read-only, shared by every agent), the entity being ticked, and where
/// its outputs go.
pub struct Env<'w, R, O> {
    pub(crate) read: &'w R,
    pub(crate) entity: Entity,
    pub(crate) out: Vec<(Entity, O)>,
}

impl<'w, R, O> Env<'w, R, O> {
    /// The world of one tick of `entity`'s tree over the snapshot `read`,
    /// with no output yet: what the plugin builds for every tick, for
    /// ticking a tree outside Bevy (a test, a tool) exactly as it does.
    pub fn new(read: &'w R, entity: Entity) -> Self {
        Env {
            read,
            entity,
            out: Vec::new(),
        }
    }

    /// The outputs emitted, each with its entity, in the order emitted.
    pub fn into_outputs(self) -> Vec<(Entity, O)> {
        self.out
    }

    /// This frame's snapshot.
    #[inline]
    pub fn read(&self) -> &'w R {
        self.read
    }

    /// The entity whose tree is ticking.
    #[inline]
    pub fn entity(&self) -> Entity {
        self.entity
    }

    /// Asks the ECS for `output`, on behalf of the entity ticking: applied
    /// in the [`DecidersSystems::Apply`] set, after every brain ticked.
    #[inline]
    pub fn emit(&mut self, output: O) {
        self.out.push((self.entity, output));
    }
}

/// A request a behavior makes of the ECS, turned into commands once every
/// brain of the frame has ticked, in entity order.
pub trait Output: Send + Sync + 'static {
    /// Queues what this output asks for; `entity` is the entity whose
    /// behavior emitted it.
    ///
    /// In [`DecidersSystems::Apply`], each entity's outputs are applied to
    /// the world (their commands run) before the next entity's. So
    /// `entity` exists when this is called there: if an earlier output
    /// despawned it, its outputs are dropped instead and reported as an
    /// [`OutputsDropped`] message. Another entity this output names may be
    /// gone, despawned by an earlier output: ask with
    /// `commands.get_entity(other)` rather than `commands.entity(other)`,
    /// whose insert panics in Bevy's command handler when `other` is
    /// missing.
    ///
    /// The outputs of a despawn halt (the `deactivate` hooks run when the
    /// entity is despawned) are applied too, but their commands run once
    /// `entity` is gone: commands on `entity` itself there must allow for
    /// that (`try_insert`, `queue_silenced`).
    fn apply(self, entity: Entity, commands: &mut Commands);
}
