//! (0) The world step alone, with no tree: the shared user work, so that
//! overhead can be quoted net of it.

use super::world::{world_step, Agent};

/// The per-agent state: none.
pub type State = ();

/// Runs `ticks` frames of the world step only.
#[inline(never)]
pub fn run(agents: &mut [Agent], _states: &mut [State], ticks: u32) {
    for _ in 0..ticks {
        for a in agents.iter_mut() {
            world_step(a);
        }
    }
}
