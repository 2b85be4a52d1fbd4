//! Trees that are not `pub`: what the expansion generates must not be
//! reported as unreachable `pub` items or as dead code when the state type
//! is `pub(crate)` or private and used.

use crate::common::{Bot, Step};
use bt::{Frame, Status};

bt::tree! {
    /// Visible in the crate only.
    pub(crate) tree Inner for Bot {
        sequence { Step::new("in", 1), subtree Hidden }
    }

    /// Private to this module.
    tree Hidden for Bot {
        fallback { Step::failing("hide", 1), Step::new("seek", 2) }
    }
}

/// Ticks `Inner` (and `Hidden` in it) for `frames` frames, then `Hidden`
/// alone once; the statuses.
#[must_use]
pub fn statuses(frames: u32) -> Vec<Status> {
    let (mut inner, mut bot, mut ctx) = (Inner::new(), Bot::default(), Frame::new(0.1));
    let mut out: Vec<Status> = (0..frames)
        .map(|_| inner.tick(&mut bot, &mut ctx))
        .collect();
    let mut hidden = Hidden::default();
    out.push(hidden.tick(&mut bot, &mut ctx));
    out
}
