//! Test-only, unpublished: the executable reference model of the `deciders`
//! semantics, the random tree generator, and the script format.
//!
//! - [`tree`]: a tree as data, and its rendering as `tree!` source;
//! - [`model`]: a deliberately simple interpreter of such a tree, written
//!   rule by rule from the behavioral contract (`docs/reference.md`, its
//!   rule ids in comments), not from the generated code;
//! - [`gen`]: random valid trees from a seed;
//! - [`life`]: the lifecycle (play, pause, resume, stop, play modes) over
//!   the model;
//! - [`brain`]: a brain (B1, B2, B5) over the model and its lifecycle:
//!   events queued in a bounded inbox until the next tick that plays, the
//!   stimuli store advanced only by such ticks;
//! - [`script`]: the frames a script feeds a tree and what is recorded;
//! - [`services`]: the world's services as the model keeps them: the
//!   resources of `limit` (R8), the stimuli store (V2), the deferred
//!   actions' requests and completions (V5).
//!
//! The differential test (`differential/`) compiles a few hundred generated
//! trees with `tree!`, plays random scripts on each of them and on the model
//! side by side, and compares every tick.

pub mod brain;
pub mod gen;
pub mod life;
pub mod model;
pub mod script;
pub mod services;
pub mod tree;

pub use model::Model;
pub use script::{Frame, Inputs, Record};
pub use tree::{Forest, Status};
