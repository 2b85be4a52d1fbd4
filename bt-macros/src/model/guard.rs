//! Guards in the model (SPEC G1–G6): flag preconditions, `every`, the
//! decide, and the keywords `recheck`, `redecide`, `delegate`.

use proc_macro2::Span;
use syn::{Expr, Ident};

/// A guard: preconditions, then an optional decide (SPEC G1–G5).
pub struct Guard {
    /// The `when` keyword.
    pub when: Ident,
    /// Decision- and stimuli-flag preconditions, in the order written.
    pub flags: Vec<FlagTest>,
    /// The `every(d)` timer precondition.
    pub every: Option<Every>,
    /// The decide, if any.
    pub decide: Option<Decide>,
    /// `recheck` (SPEC G3): evaluated every tick while the child runs.
    pub recheck: Option<Ident>,
    /// `redecide` (SPEC G5): re-run when the group redecides.
    pub redecide: Option<Ident>,
    /// `delegate` (SPEC G6): the group's children decide in its place.
    pub delegate: Option<Ident>,
}

impl Guard {
    /// Whether the guard checks anything at all.
    pub fn has_checks(&self) -> bool {
        !self.flags.is_empty()
            || self.every.is_some()
            || self.decide.is_some()
            || self.delegate.is_some()
    }
}

/// Which flags a precondition reads.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum FlagSource {
    /// The per-tick decision flags (SPEC V1).
    Decision,
    /// The agent's stimuli flags (SPEC V2).
    Stimuli,
    /// The tree's variables (`var(name)`, `!var(name)`, SPEC V4).
    Vars,
}

/// One flag precondition, e.g. `any(DANGER | HURT)`.
pub struct FlagTest {
    /// Decision or stimuli flags.
    pub source: FlagSource,
    /// `any`, `all`, `none` or `not_all`: the `Flags` method it becomes.
    pub op: Ident,
    /// The mask.
    pub mask: Mask,
}

/// The mask of a flag test.
pub enum Mask {
    /// An expression of the user's, a `Flags` value.
    Written(Box<Expr>),
    /// The bit of variable `bit` of the tree (`var(name)`), and where its
    /// name was written.
    Var {
        /// The variable's index in `Tree::vars`.
        bit: u32,
        /// Where the name was written.
        span: Span,
    },
}

/// An `every(d)` timer precondition.
pub struct Every {
    /// The interval in seconds.
    pub seconds: f64,
    /// The literal as written.
    pub span: Span,
}

/// The decide of a guard (SPEC G2).
pub struct Decide {
    /// The function: a path or closure callable as `(&Agent)` or
    /// `(&Agent, &Ctx)`.
    pub func: Expr,
    /// `dblock = f`: the decide returns a DBlock that builds the memory of
    /// the behavior it activates (Spore S22).
    pub dblock: bool,
    /// The key as written (`decide` or `dblock`).
    pub key: Ident,
}
