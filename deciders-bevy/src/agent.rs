//! The agent a tree acts on: a mutable component, or a view over several
//! components of the entity ([`Agent`]).

use bevy_ecs::component::Mutable;
use bevy_ecs::prelude::*;
use bevy_ecs::query::{IterQueryData, QueryItem};

#[cfg(doc)]
use crate::DecidersPlugin;

/// What a tree ticked by [`DecidersPlugin`] acts on: the components of the
/// entity that its hooks get as the agent, fetched for each tick.
///
/// Any mutable component is an agent by itself (the tree is declared `for`
/// the component and its hooks get `&mut` of it). An agent that is a *view*
/// over several components implements this trait: a type of yours with a
/// lifetime, borrowing the components for the tick, that the tree is
/// declared for with the world's lifetime (`tree Graze for Sheep<'w>,
/// world<'w> = Env<'w, Field, Order>`):
///
/// ```
/// use bevy_ecs::prelude::*;
/// use bevy_ecs::query::QueryItem;
/// use deciders_bevy::Agent;
///
/// #[derive(Component)]
/// struct Position(f32);
/// #[derive(Component)]
/// struct Hunger(f32);
///
/// /// What the sheep's tree sees: its position to change, its hunger to read.
/// struct Sheep<'a> {
///     position: &'a mut Position,
///     hunger: &'a Hunger,
/// }
///
/// /// The query behind the view (a marker type of yours).
/// struct SheepParts;
///
/// impl Agent for SheepParts {
///     type Data = (&'static mut Position, &'static Hunger);
///     type Parts = (Position, Hunger);
///     type View<'a> = Sheep<'a>;
///     fn with_view<'i, Out>(
///         (position, hunger): &'i mut QueryItem<'_, '_, Self::Data>,
///         f: impl FnOnce(&mut Self::View<'i>) -> Out,
///     ) -> Out {
///         f(&mut Sheep { position, hunger })
///     }
/// }
/// ```
///
/// and the plugin is `DecidersPlugin::<SheepParts, Graze, Field, Order>`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an agent for `DecidersPlugin`",
    note = "an agent is a mutable component, or a type implementing `deciders_bevy::Agent` that builds a view over several components"
)]
pub trait Agent: Send + Sync + 'static {
    /// The components fetched for a tick, as a query: `&'static mut C` for
    /// a component the tree changes, `&'static C` for one it only reads.
    type Data: IterQueryData;
    /// The components whose removal from an entity stops its tree (as
    /// despawning the entity or removing its brain does).
    type Parts: Bundle;
    /// The agent type the tree is declared for; its hooks get `&mut` of it.
    type View<'a>;
    /// Calls `f` with the agent built from the entity's fetched components.
    fn with_view<'i, Out>(
        item: &'i mut QueryItem<'_, '_, Self::Data>,
        f: impl FnOnce(&mut Self::View<'i>) -> Out,
    ) -> Out;

    /// The agent itself, when it is a value in the fetched components
    /// that needs no view built (a component agent: the implementation
    /// for components returns it), whatever lifetime its type names; the
    /// plugin then ticks it in place, with the frame it reuses for every
    /// entity. `None` (the default) for a view, which the plugin builds
    /// with [`with_view`](Self::with_view), and ticks with a frame of its
    /// own.
    #[inline(always)]
    fn in_place<'i, 'v>(
        item: &'i mut QueryItem<'_, '_, Self::Data>,
    ) -> Option<&'i mut Self::View<'v>> {
        let _ = item;
        None
    }
}

impl<C: Component<Mutability = Mutable>> Agent for C {
    type Data = &'static mut C;
    type Parts = C;
    type View<'a> = C;
    #[inline]
    fn with_view<'i, Out>(
        item: &'i mut QueryItem<'_, '_, Self::Data>,
        f: impl FnOnce(&mut Self::View<'i>) -> Out,
    ) -> Out {
        f(&mut **item)
    }

    #[inline(always)]
    fn in_place<'i, 'v>(
        item: &'i mut QueryItem<'_, '_, Self::Data>,
    ) -> Option<&'i mut Self::View<'v>> {
        Some(&mut **item)
    }
}
