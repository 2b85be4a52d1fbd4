//! Conditions (SPEC L6): leaves that evaluate a function of `&Agent` and the
//! tick context.

use crate::ctx::Ctx;
use crate::status::Status;

/// What a condition may return: `bool` (`true` → `Success`, `false` →
/// `Failure`), `Option<bool>` (`None`: not known yet → `Running`, as Unity's
/// condition returning Executing), or a [`Status`].
///
/// ```
/// use bt_runtime::{condition::Verdict, Status};
/// assert_eq!(true.into_status(), Status::Success);
/// assert_eq!(None::<bool>.into_status(), Status::Running);
/// assert_eq!(Status::Failure.into_status(), Status::Failure);
/// ```
pub trait Verdict {
    /// The status the condition reports.
    fn into_status(self) -> Status;
}

impl Verdict for bool {
    #[inline(always)]
    fn into_status(self) -> Status {
        if self {
            Status::Success
        } else {
            Status::Failure
        }
    }
}

impl Verdict for Option<bool> {
    #[inline(always)]
    fn into_status(self) -> Status {
        self.map_or(Status::Running, Verdict::into_status)
    }
}

impl Verdict for Status {
    #[inline(always)]
    fn into_status(self) -> Status {
        self
    }
}

/// A condition function: callable as `fn(&Agent) -> impl Verdict` or
/// `fn(&Agent, &Ctx) -> impl Verdict`. Conditions get `&Agent`: they cannot
/// change the world (SPEC P3).
pub trait ConditionFn<A, M> {
    /// Evaluates the condition.
    fn check(&self, agent: &A, ctx: &Ctx) -> Status;
}

impl<A, F, R> ConditionFn<A, fn(&A) -> R> for F
where
    F: Fn(&A) -> R,
    R: Verdict,
{
    #[inline(always)]
    fn check(&self, agent: &A, _ctx: &Ctx) -> Status {
        self(agent).into_status()
    }
}

impl<A, F, R> ConditionFn<A, fn(&A, &Ctx) -> R> for F
where
    F: Fn(&A, &Ctx) -> R,
    R: Verdict,
{
    #[inline(always)]
    fn check(&self, agent: &A, ctx: &Ctx) -> Status {
        self(agent, ctx).into_status()
    }
}
