//! Conditions (L6): leaves that evaluate a function of `&Agent` and the
//! tick context.
use crate::base::status::Status;
use crate::ctx::Ctx;

/// What a condition may return: `bool` (`true` → `Success`, `false` →
/// `Failure`), `Option<bool>` (`None`: not known yet → `Running`, as Unity's
/// condition returning Executing), or a [`Status`].
#[diagnostic::on_unimplemented(
    message = "a condition returns `bool`, `Option<bool>` (`None`: not known yet) or `Status`, not `{Self}`",
    label = "not a condition's result"
)]
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
/// `fn(&Agent, &Ctx<World>) -> impl Verdict`. Conditions get `&Agent`: they cannot
/// change the world (P3).
#[diagnostic::on_unimplemented(
    message = "a condition is `fn(&{A}) -> bool`, `fn(&{A}) -> Option<bool>` (`None`: not known yet, `Running`) or `fn(&{A}) -> Status`; each may take `&Ctx<{W}>` as a second argument",
    label = "not a condition for agent `{A}`",
    note = "a condition gets `&{A}`, never `&mut {A}`: it cannot change the agent (a behavior does)",
    note = "another argument or return type can be adapted with a closure, e.g. `condition(|a: &{A}| a.level() > 0.5)`"
)]
pub trait ConditionFn<A, W, M> {
    /// Evaluates the condition.
    fn check(&self, agent: &A, ctx: &Ctx<W>) -> Status;
}

impl<A, W, F, R> ConditionFn<A, W, fn(&A) -> R> for F
where
    F: Fn(&A) -> R,
    R: Verdict,
{
    #[inline(always)]
    fn check(&self, agent: &A, _ctx: &Ctx<W>) -> Status {
        self(agent).into_status()
    }
}

impl<A, W, F, R> ConditionFn<A, W, fn(&A, &Ctx<W>) -> R> for F
where
    F: Fn(&A, &Ctx<W>) -> R,
    R: Verdict,
{
    #[inline(always)]
    fn check(&self, agent: &A, ctx: &Ctx<W>) -> Status {
        self(agent, ctx).into_status()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn l6_verdicts_map_to_statuses() {
        assert_eq!(true.into_status(), Status::Success);
        assert_eq!(false.into_status(), Status::Failure);
        assert_eq!(None::<bool>.into_status(), Status::Running);
        assert_eq!(Some(true).into_status(), Status::Success);
        assert_eq!(Status::Failure.into_status(), Status::Failure);
    }
}
