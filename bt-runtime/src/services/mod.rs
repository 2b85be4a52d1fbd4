//! What a game feeds its agents through a frame: an agent's stimuli store
//! (V2) and deferred actions (V5). Built on the context and the hooks; the
//! engine does not know them.

pub mod deferred;
pub mod stimuli;
