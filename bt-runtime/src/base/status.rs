//! [`Status`]: what a node reports each time it is ticked (T1).

/// What a node reports each time it is ticked (T1).
///
/// ```
/// use deciders::Status;
/// assert!(Status::Success.is_done());
/// assert!(!Status::Running.is_done());
/// assert_eq!(Status::Success.invert(), Status::Failure);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Status {
    /// The node has not finished; tick it again next frame.
    Running,
    /// The node finished and reached its goal.
    Success,
    /// The node finished without reaching its goal.
    Failure,
}

impl Status {
    /// `true` for [`Status::Success`] and [`Status::Failure`].
    #[inline]
    pub const fn is_done(self) -> bool {
        !matches!(self, Status::Running)
    }

    /// Swaps `Success` and `Failure`; `Running` stays `Running` (R1).
    #[inline]
    pub const fn invert(self) -> Status {
        match self {
            Status::Running => Status::Running,
            Status::Success => Status::Failure,
            Status::Failure => Status::Success,
        }
    }
}

impl core::fmt::Display for Status {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Status::Running => "Running",
            Status::Success => "Success",
            Status::Failure => "Failure",
        })
    }
}

/// Why a behavior leaves the active path: what its
/// [`deactivate`](crate::Behavior::deactivate) hook is told.
///
/// ```
/// use deciders::{Exit, Status};
/// assert!(Exit::Completed(Status::Success).is_completion());
/// assert!(!Exit::Halted.is_completion());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Exit {
    /// It finished on its own: its `tick` returned this status (`Success`
    /// or `Failure`). For a group behavior (D7): the group completed
    /// with this status, or the group behavior's own `tick` failed it.
    Completed(Status),
    /// Something else removed it while it was running: a higher-priority
    /// sibling interrupted it, its guard stopped holding on a re-check, its
    /// parent completed or was halted, a decorator timed out, or the caller
    /// called `halt` or `reset`. BehaviorTree.CPP calls this `onHalted`.
    Halted,
}

impl Exit {
    /// Whether the behavior finished on its own.
    #[inline]
    pub fn is_completion(self) -> bool {
        matches!(self, Exit::Completed(_))
    }
}
