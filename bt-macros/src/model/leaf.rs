//! Leaves in the model: a behavior type of the user's and how its memory
//! is built, or a built-in (`succeed`, `wait(d)`, `wait_for`, and `if_time`
//! and `log`, built like a user's decorator) with its checked arguments.
//! No runtime type is named here: `expand/builtin.rs` does.

use proc_macro2::Span;
use syn::{Expr, Path, Type};

/// A behavior occurrence: its type and how its memory is built on
/// activation.
#[derive(Clone)]
pub struct Leaf {
    /// A behavior type of the user's, or a built-in.
    pub behavior: Behavior,
    /// The whole leaf as written (a built-in's keyword).
    pub span: Span,
}

/// What a leaf runs.
#[derive(Clone)]
pub enum Behavior {
    /// A type of the user's, and how its memory is built.
    Written {
        /// The behavior type, e.g. `Patrol`.
        ty: Path,
        /// The constructor expression written in the tree, e.g.
        /// `Patrol::new(500.0)`; `None` means `Default::default()`.
        ctor: Option<Box<Expr>>,
    },
    /// A built-in leaf, or a built-in decorator written as a user's
    /// (`if_time`, `log`): the runtime's type, which `expand` names.
    Builtin(Builtin),
}

/// A built-in leaf (SPEC L7), or a decorator over events or messages
/// (`if_time`, SPEC R10; `log`, SPEC R9) built like a user's decorator,
/// with its arguments as checked.
#[derive(Clone)]
pub enum Builtin {
    /// `succeed`.
    Succeed,
    /// `fail`.
    Fail,
    /// `wait(d)`: the duration in seconds, positive.
    Wait(f64),
    /// `wait_for(PATTERN)` (SPEC V4): the header's events type (`()` when
    /// it has none, an error already) and the pattern.
    WaitFor(Box<WaitFor>),
    /// `wait_until(stamp, more_than = d)` (SPEC V3).
    WaitUntil(TimeTest),
    /// `if_time(stamp, less_than = d | more_than = d)` (SPEC R10).
    IfTime(TimeTest),
    /// `log(start = "…", success = "…", failure = "…")` (SPEC R9): the
    /// three messages, each optional.
    Log(Box<[Option<syn::LitStr>; 3]>),
}

/// The arguments of `wait_for(PATTERN)`.
#[derive(Clone)]
pub struct WaitFor {
    /// The events' type.
    pub events: Type,
    /// The pattern an event matches.
    pub pat: syn::Pat,
}

/// The test of `wait_until` and `if_time`: the time since a timestamp
/// compared with a duration.
#[derive(Clone)]
pub struct TimeTest {
    /// The timestamp's index in `Tree::stamps`.
    pub stamp: usize,
    /// `less_than` rather than `more_than`.
    pub less_than: bool,
    /// Where the comparison was written.
    pub cmp: Span,
    /// The duration in seconds.
    pub seconds: f64,
    /// `or_never_set`: a timestamp never set passes.
    pub or_never_set: bool,
}

impl Builtin {
    /// The keyword that writes it.
    pub fn keyword(&self) -> &'static str {
        match self {
            Builtin::Succeed => "succeed",
            Builtin::Fail => "fail",
            Builtin::Wait(_) => "wait",
            Builtin::WaitFor(_) => "wait_for",
            Builtin::WaitUntil(_) => "wait_until",
            Builtin::IfTime(_) => "if_time",
            Builtin::Log(_) => "log",
        }
    }

    /// The name of a node that is this built-in and was not given one, and
    /// the behavior's name in the static shape: the keyword in
    /// UpperCamelCase (`wait_for`: `WaitFor`).
    pub fn name(&self) -> String {
        upper_camel(self.keyword())
    }

    /// Whether it measures time, so that the tree keeps a clock.
    pub fn timed(&self) -> bool {
        match self {
            Builtin::Wait(_) | Builtin::WaitUntil(_) | Builtin::IfTime(_) => true,
            Builtin::Succeed | Builtin::Fail | Builtin::WaitFor(_) | Builtin::Log(_) => false,
        }
    }
}

/// `snake_case` → `UpperCamelCase`.
pub fn upper_camel(snake: &str) -> String {
    snake
        .split('_')
        .map(|part| {
            let mut chars = part.chars();
            chars.next().map_or_else(String::new, |c| {
                c.to_ascii_uppercase().to_string() + chars.as_str()
            })
        })
        .collect()
}

impl Leaf {
    /// The built-in, if the leaf is one.
    pub fn builtin(&self) -> Option<&Builtin> {
        match &self.behavior {
            Behavior::Builtin(b) => Some(b),
            Behavior::Written { .. } => None,
        }
    }

    /// Whether its memory is built by an expression (a constructor written
    /// in the tree, or a built-in's arguments), not `Default::default()`.
    pub fn has_ctor(&self) -> bool {
        match &self.behavior {
            Behavior::Written { ctor, .. } => ctor.is_some(),
            Behavior::Builtin(b) => !matches!(b, Builtin::Succeed | Builtin::Fail),
        }
    }

    /// Whether it measures time (a timed built-in).
    pub fn timed(&self) -> bool {
        self.builtin().is_some_and(Builtin::timed)
    }

    /// The name the static shape and messages give its type: as written
    /// (last segment), or the built-in's name.
    pub fn type_name(&self) -> String {
        match &self.behavior {
            Behavior::Written { ty, .. } => ty
                .segments
                .last()
                .map_or_else(String::new, |s| s.ident.to_string()),
            Behavior::Builtin(b) => b.name(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn upper_camel_joins_the_words() {
        assert_eq!(upper_camel("cooldown_on_failure"), "CooldownOnFailure");
        assert_eq!(upper_camel("wait"), "Wait");
    }
}
