//! [`TickError`] and [`Report`]: what a tick reports to its caller instead of
//! panicking (D9, T4).
use crate::base::shape::NodeInfo;
use core::fmt::Debug;

/// Something that went wrong during a tick. The tick still finished and
/// returned a status; this tells the caller why that status may be
/// surprising.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum TickError {
    /// A group's guard accepted, but none of its children accepted
    /// (Spore S05, D9). The group exited with `Failure` and the redecide
    /// went on one level up.
    SubsetRule {
        /// The group that broke the rule.
        node: &'static NodeInfo,
    },
    /// A behavior's deferred action was refused because the frame's launch
    /// buffer was full (V5, `Action::launch_in`): the behavior failed.
    LaunchRefused {
        /// The agent whose launch was refused, as its requests buffer
        /// names it (`Requests::set_agent`).
        agent: u32,
    },
    /// A behavior's cancel of its abandoned deferred action was refused
    /// because the frame's cancel buffer was full (V5,
    /// `Action::abandon_in`). The cancel is kept for a later frame
    /// (`Requests::pending_cancels`); the game system runs the action on
    /// until then.
    CancelRefused {
        /// The agent whose cancel was refused, as its requests buffer
        /// names it (`Requests::set_agent`).
        agent: u32,
    },
    /// A running `limit` found that its resource is not the one it took
    /// its slot in (R8): the game built a new `Resource` since (a resource
    /// rebuilt every frame counts nobody, and lets every agent in). The
    /// slot in the old resource was given back and one taken in the new
    /// resource; a full one failed the node, its child halted.
    ResourceChanged {
        /// The `limit` node.
        node: &'static NodeInfo,
    },
}

impl core::fmt::Display for TickError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            TickError::SubsetRule { node } => write!(
                f,
                "subset rule broken (D9 in the deciders reference): group `{}` (node {}, line {}) was accepted but none of its children accepted; \
                 make the group's guard a subset of its children's guards",
                node.name, node.id, node.line
            ),
            TickError::LaunchRefused { agent } => write!(
                f,
                "deferred action refused (V5 in the deciders reference): agent {agent}'s launch found the frame's requests buffer full; \
                 give `Requests::with_capacity` more room"
            ),
            TickError::ResourceChanged { node } => write!(
                f,
                "resource changed (R8 in the deciders reference): `limit` node `{}` (node {}, line {}) holds a slot of another resource than the one its selector returns now; \
                 build each `Resource` once, for the game's life, not every frame",
                node.name, node.id, node.line
            ),
            TickError::CancelRefused { agent } => write!(
                f,
                "deferred cancel refused (V5 in the deciders reference): agent {agent}'s cancel found the frame's cancel buffer full \
                 and waits for a later frame; give `Requests::with_capacity` more room"
            ),
        }
    }
}

impl std::error::Error for TickError {}

/// The errors of one tick: the first one in full and how many there were.
/// Fixed size, no allocation.
///
/// ```
/// use deciders::Report;
/// let r = Report::default();
/// assert!(r.is_ok());
/// assert_eq!(r.count(), 0);
/// assert!(r.first().is_none());
/// ```
#[derive(Clone, Copy, Default)]
pub struct Report {
    /// The first error, meaningful only while `count > 0`: clearing the
    /// report leaves it in place (see [`Report::clear`]).
    first: Option<TickError>,
    count: u32,
    launches: u32,
    cancels: u32,
}

impl Report {
    /// Forgets the errors of the last tick, at the start of every tick:
    /// the counts are zeroed (stores, cheaper than testing whether there
    /// is anything to clear) and `first` is left in place, hidden while
    /// `count` is 0.
    #[inline(always)]
    pub(crate) fn clear(&mut self) {
        self.count = 0;
        self.launches = 0;
        self.cancels = 0;
    }

    /// No error happened.
    #[inline]
    pub fn is_ok(&self) -> bool {
        self.count == 0
    }

    /// The first error of the tick.
    #[inline]
    pub fn first(&self) -> Option<&TickError> {
        if self.count == 0 {
            return None;
        }
        self.first.as_ref()
    }

    /// How many errors the tick had, of every kind: broken subset rules,
    /// refused launches and refused cancels.
    #[inline]
    pub fn count(&self) -> u32 {
        self.count
    }

    /// How many of the tick's errors were refused launches
    /// ([`TickError::LaunchRefused`]).
    #[inline]
    pub fn launches_refused(&self) -> u32 {
        self.launches
    }

    /// How many of the tick's errors were refused cancels
    /// ([`TickError::CancelRefused`]).
    #[inline]
    pub fn cancels_refused(&self) -> u32 {
        self.cancels
    }

    /// `Ok(())` or the first error, for `?`.
    pub fn result(&self) -> Result<(), TickError> {
        match self.first() {
            Some(&e) => Err(e),
            None => Ok(()),
        }
    }

    pub(crate) fn push(&mut self, e: TickError) {
        match e {
            TickError::LaunchRefused { .. } => self.launches = self.launches.saturating_add(1),
            TickError::CancelRefused { .. } => self.cancels = self.cancels.saturating_add(1),
            TickError::SubsetRule { .. } | TickError::ResourceChanged { .. } => {}
        }
        if self.count == 0 {
            self.first = Some(e);
        }
        self.count = self.count.saturating_add(1);
    }
}

/// Equal when they hold the same errors (a cleared report's old first
/// error does not count).
impl PartialEq for Report {
    fn eq(&self, other: &Self) -> bool {
        self.first() == other.first()
            && self.count == other.count
            && self.launches == other.launches
            && self.cancels == other.cancels
    }
}

impl core::fmt::Debug for Report {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Report")
            .field("first", &self.first())
            .field("count", &self.count)
            .field("launches_refused", &self.launches)
            .field("cancels_refused", &self.cancels)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // SPEC D9: a report cleared at the start of a tick shows nothing of
    // the last one, though its first error stays in memory.
    #[test]
    fn d9_a_cleared_report_is_empty_and_records_anew() {
        let mut r = Report::default();
        r.push(TickError::LaunchRefused { agent: 7 });
        r.push(TickError::LaunchRefused { agent: 8 });
        r.push(TickError::CancelRefused { agent: 8 });
        assert_eq!(
            (r.count(), r.launches_refused(), r.cancels_refused()),
            (3, 2, 1)
        );
        r.clear();
        assert!(r.is_ok() && r.first().is_none() && r.result().is_ok());
        assert_eq!(
            (r.count(), r.launches_refused(), r.cancels_refused()),
            (0, 0, 0)
        );
        assert_eq!(r, Report::default());
        assert_eq!(format!("{r:?}"), format!("{:?}", Report::default()));
        r.push(TickError::LaunchRefused { agent: 9 });
        assert_eq!(r.first(), Some(&TickError::LaunchRefused { agent: 9 }));
        assert_eq!(r.result(), Err(TickError::LaunchRefused { agent: 9 }));
        assert_eq!(r.count(), 1);
    }
}
