//! [`Decision`] and [`DecideFn`]: what a guard's decide may be and return
//! (G2).
use crate::ctx::Ctx;

/// What a decide returns: a score, an accept/reject, or a score with a
/// **DBlock** for the behavior it activates (Spore S22).
///
/// A score accepts when it is finite and `> 0` (G2).
///
/// | return type | accepts when | DBlock |
/// |---|---|---|
/// | `f32` | finite and `> 0` | `()` |
/// | `bool` | `true` (score 1.0) | `()` |
/// | `Option<(f32, D)>` | `Some` with a finite score `> 0` | `D` |
///
/// ```
/// use deciders::Decision;
/// assert_eq!(0.5f32.into_decision(), Some((0.5, ())));
/// assert_eq!(0.0f32.into_decision(), None);
/// assert_eq!(f32::NAN.into_decision(), None);
/// assert_eq!(true.into_decision(), Some((1.0, ())));
/// assert_eq!(Some((2.0, "threat")).into_decision(), Some((2.0, "threat")));
/// ```
#[diagnostic::on_unimplemented(
    message = "a decide returns `bool`, `f32` (a score: accepts when > 0) or `Option<(f32, DBlock)>`, not `{Self}`",
    label = "not a decide's result"
)]
pub trait Decision {
    /// The DBlock handed to the activated behavior.
    type Block;
    /// `Some((score, block))` if the decide accepts.
    fn into_decision(self) -> Option<(f32, Self::Block)>;
    /// The score to report to a trace when rejected.
    fn rejected_score(&self) -> f32;
}

/// A score accepts when it is finite and `> 0` (G2). Written on the bits:
/// the positive finite non-zero `f32`s are exactly the patterns `1 ..=
/// 0x7f7f_ffff` (`f32::MAX`), so one subtraction and one comparison decide
/// it. `score.is_finite() && score > 0.0` compiled to 13 instructions on
/// x86-64 against 4 (`scripts/bench-report`, `scored` scenario: 86.55
/// instructions per agent-tick before, see benches/NOTES.md).
#[inline(always)]
fn accepts(score: f32) -> bool {
    score.to_bits().wrapping_sub(1) < f32::MAX.to_bits()
}

impl Decision for f32 {
    type Block = ();
    #[inline(always)]
    fn into_decision(self) -> Option<(f32, ())> {
        if accepts(self) {
            Some((self, ()))
        } else {
            None
        }
    }
    fn rejected_score(&self) -> f32 {
        *self
    }
}

impl Decision for bool {
    type Block = ();
    #[inline(always)]
    fn into_decision(self) -> Option<(f32, ())> {
        if self {
            Some((1.0, ()))
        } else {
            None
        }
    }
    fn rejected_score(&self) -> f32 {
        0.0
    }
}

impl<D> Decision for Option<(f32, D)> {
    type Block = D;
    #[inline(always)]
    fn into_decision(self) -> Option<(f32, D)> {
        match self {
            Some((score, block)) if accepts(score) => Some((score, block)),
            _ => None,
        }
    }
    fn rejected_score(&self) -> f32 {
        match self {
            Some((score, _)) => *score,
            None => 0.0,
        }
    }
}

/// A decide function: anything callable as `fn(&Agent) -> impl Decision` or
/// `fn(&Agent, &Ctx<World>) -> impl Decision`.
///
/// Deciding code gets `&Agent`, never `&mut Agent`: a decide cannot change
/// the world (P3, Spore S04). The marker `M` only tells the two shapes
/// apart; it is inferred.
///
/// ```
/// use deciders::{Ctx, DecideFn, Frame};
/// struct Critter { fear: f32 }
/// fn afraid(c: &Critter) -> f32 { c.fear }
/// fn afraid_at_night(c: &Critter, ctx: &Ctx) -> bool { c.fear > 0.0 && ctx.dt() > 0.0 }
///
/// fn call<M, F: DecideFn<Critter, (), M>>(f: F, c: &Critter, ctx: &Ctx) -> F::Output { f.call(c, ctx) }
/// let c = Critter { fear: 0.7 };
/// let mut frame = Frame::new(0.1);
/// let ctx = frame.ctx();
/// assert_eq!(call(afraid, &c, &ctx), 0.7);
/// assert!(call(afraid_at_night, &c, &ctx));
/// ```
#[diagnostic::on_unimplemented(
    message = "a decide is `fn(&{A}) -> bool`, `fn(&{A}) -> f32` (a score: accepts when > 0) or, under `dblock =`, `fn(&{A}) -> Option<(f32, DBlock)>`; each may take `&Ctx<{W}>` as a second argument",
    label = "not a decide for agent `{A}`",
    note = "a decide gets `&{A}`, never `&mut {A}`: deciding code cannot change the agent (a behavior does)",
    note = "another argument or return type can be adapted with a closure, e.g. `decide = |a: &{A}| a.level() as f32`"
)]
pub trait DecideFn<A, W, M> {
    /// What the decide returns.
    type Output: Decision;
    /// Calls the decide.
    fn call(&self, agent: &A, ctx: &Ctx<W>) -> Self::Output;
}

impl<A, W, F, R> DecideFn<A, W, fn(&A) -> R> for F
where
    F: Fn(&A) -> R,
    R: Decision,
{
    type Output = R;
    #[inline(always)]
    fn call(&self, agent: &A, _ctx: &Ctx<W>) -> R {
        self(agent)
    }
}

impl<A, W, F, R> DecideFn<A, W, fn(&A, &Ctx<W>) -> R> for F
where
    F: Fn(&A, &Ctx<W>) -> R,
    R: Decision,
{
    type Output = R;
    #[inline(always)]
    fn call(&self, agent: &A, ctx: &Ctx<W>) -> R {
        self(agent, ctx)
    }
}

#[cfg(test)]
mod tests {
    use super::accepts;

    #[test]
    fn g2_accepts_exactly_the_finite_positive_scores() {
        let check = |x: f32| {
            assert_eq!(
                accepts(x),
                x.is_finite() && x > 0.0,
                "{x:?} ({:#x})",
                x.to_bits()
            )
        };
        for x in [
            0.0,
            -0.0,
            f32::MIN_POSITIVE,
            f32::from_bits(1),
            -f32::from_bits(1),
            f32::MAX,
            f32::MIN,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
            -f32::NAN,
            1.0,
            -1.0,
        ] {
            check(x);
        }
        // A stride through every bit pattern (all of them take seconds in
        // an optimized build, too long for a debug test run).
        let mut bits: u32 = 0;
        loop {
            check(f32::from_bits(bits));
            check(f32::from_bits(bits.wrapping_add(1)));
            check(f32::from_bits(bits.wrapping_sub(1)));
            bits = match bits.checked_add(65_521) {
                Some(b) => b,
                None => break,
            };
        }
    }
}
