//! Seeing inside a brain: the component [`Watch`].

use bevy_app::App;
use bevy_ecs::prelude::*;
use deciders::replay::Recorder;
use deciders::{describe, Tree};

use crate::{Brain, BrainTree};

/// Seeing inside one entity's brain: add this component next to a
/// [`Brain`] and, after each of its ticks, it holds the tree status, the
/// tree clock, the active path, the errors so far and the describe-state
/// text (I1) — what a debug overlay or an inspector shows — and, once
/// [`record`](Watch::record) is called, a recording of its ticks for a
/// replay (`deciders::replay::to_html`, I6). Entities without it pay
/// nothing; a watched entity allocates its texts every tick.
///
/// With the cargo feature `reflect`, it implements Bevy's `Reflect`, so
/// inspectors built on reflection (bevy-inspector-egui) show its fields.
#[derive(Component, Default, Debug)]
#[cfg_attr(feature = "reflect", derive(bevy_reflect::Reflect))]
#[cfg_attr(feature = "reflect", reflect(Component))]
// The path of the re-export (`deciders_bevy::Watch`), as before the crate
// had modules: a scene names it by this path.
#[cfg_attr(feature = "reflect", type_path = "deciders_bevy")]
pub struct Watch {
    /// The lifecycle status and the root's last status, e.g.
    /// `Executing, Running`.
    pub status: String,
    /// The tree clock, in seconds.
    pub clock: f64,
    /// The active path, root first: `root > eat > chew`.
    pub path: String,
    /// Errors reported by its ticks so far.
    pub errors: u32,
    /// `describe::write_state`: the active path with each node's memory,
    /// timers and counters.
    pub description: String,
    #[cfg_attr(feature = "reflect", reflect(ignore))]
    pub(crate) recorder: Recorder,
}

impl Watch {
    /// A watch that does not record.
    pub fn new() -> Self {
        Watch {
            recorder: Recorder::paused(),
            ..Watch::default()
        }
    }

    /// Starts recording the entity's ticks (every event of each tick and
    /// the active path after it), keeping the last `max_ticks`. The
    /// replay's frames are the plugin's steps in which the brain was due;
    /// one in which the brain was paused shows as a paused frame.
    pub fn record(&mut self, max_ticks: usize) {
        self.recorder = Recorder::with_limit(max_ticks);
    }

    /// What has been recorded: hand it to `deciders::replay::to_html` with
    /// the tree's shape.
    pub fn recorder(&self) -> &Recorder {
        &self.recorder
    }

    /// Reads the brain after a tick.
    pub(crate) fn look<A, W, T: BrainTree + Tree<A, W>>(&mut self, brain: &Brain<T>) {
        use core::fmt::Write;
        let tree = brain.brain.tree();
        self.status.clear();
        let _ = write!(self.status, "{:?}", brain.brain.status());
        if let Some(last) = brain.last {
            let _ = write!(self.status, ", {last:?}");
        }
        self.clock = tree.now();
        self.path.clear();
        tree.active_path(|node| {
            if !self.path.is_empty() {
                self.path.push_str(" > ");
            }
            self.path.push_str(node.name);
        });
        self.errors = brain.errors;
        self.description.clear();
        let _ = describe::write_state(tree, &mut self.description);
    }
}

/// With the cargo feature `reflect`, registers [`Watch`] in the app's type
/// registry (created if the app has none).
#[cfg_attr(not(feature = "reflect"), allow(unused_variables))]
pub(crate) fn plug(app: &mut App) {
    #[cfg(feature = "reflect")]
    app.world_mut()
        .get_resource_or_init::<AppTypeRegistry>()
        .write()
        .register::<Watch>();
}
