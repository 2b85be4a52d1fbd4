//! Decorators in the model: the table of built-in decorators (what each
//! keyword takes, whether it reads the clock or persists), their arguments
//! as written, and the decorator kinds that are not in the table
//! (`recheck`, `decorate`, `limit`).

use syn::Expr;

use super::Builtin;
use super::Leaf;

/// A built-in decorator keyword (SPEC R1–R7, R13): what the macro needs to
/// parse, check and expand it. Its semantics are the runtime type's.
///
/// Adding a built-in decorator is therefore:
///
/// - its runtime type in `bt-runtime/src/decorator.rs`, implementing
///   `Decorator`, with a `new` taking the argument of its shape
///   ([`DecoArgs`]), named as the keyword in UpperCamelCase
///   (`cooldown_on_failure`: `CooldownOnFailure`, `expand/builtin.rs`);
/// - its entry at the end of [`BUILTIN_DECORATORS`]; parsing, the checks,
///   the expansion and the fuzz test's lexemes follow the table;
/// - its documentation: the re-export and the list in the façade's
///   `deciders::decorator` module (`src/lib.rs`), a section in
///   `src/nodes.rs`, the grammar and its table in `docs/grammar.md`, its
///   rule in `docs/reference.md`, the README's list.
///
/// The differential test's reference model (`reference/`) is a separate
/// implementation on purpose: it learns a new decorator separately.
#[derive(Debug)]
pub struct BuiltinDeco {
    /// The keyword, e.g. `timeout`; also the node's kind in the static shape
    /// (`NodeKind::Decorator("timeout")`).
    pub keyword: &'static str,
    /// What the keyword takes between parentheses.
    pub args: DecoArgs,
    /// Whether the runtime type reads the tree clock: a tree using it then
    /// keeps one.
    pub timed: bool,
    /// Whether its `Decorator::Persist` is not `()` (a cooldown's timer):
    /// the tree's `persistent` then hands it out (I1).
    pub persist: bool,
    /// The SPEC rule defining it (`R5`), cited by messages.
    pub rule: &'static str,
}

/// The shape of a built-in decorator's arguments: how it is parsed, and
/// what its runtime type's `new` takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecoArgs {
    /// No parentheses (`invert`); `new()`.
    None,
    /// A status (`force(Success)`); `new(Status)`. `running`: `Running` is
    /// allowed too (`always(Running)`), not only a completion.
    Status {
        /// Whether `Running` is allowed.
        running: bool,
    },
    /// Optionally a completion status (`run_once`, `run_once(Success)`);
    /// `new(Option<Status>)`.
    OptionalStatus,
    /// A count or `forever` (`repeat(3)`, `repeat(forever)`);
    /// `new(Option<u64>)`, `None` for `forever`. A count is at least 1.
    Count,
    /// A duration in seconds (`timeout(2.5)`, `2500ms`); `new(f64)`. It is
    /// positive and finite.
    Seconds,
}

/// Every built-in decorator keyword (SPEC R1–R7, R13), in the order
/// messages list them (the keyword table, `parse/keywords.rs`): a new one
/// goes at the end.
pub const BUILTIN_DECORATORS: &[BuiltinDeco] = &[
    BuiltinDeco {
        keyword: "invert",
        args: DecoArgs::None,
        persist: false,
        timed: false,
        rule: "R1",
    },
    BuiltinDeco {
        keyword: "force",
        args: DecoArgs::Status { running: false },
        persist: false,
        timed: false,
        rule: "R2",
    },
    BuiltinDeco {
        keyword: "always",
        args: DecoArgs::Status { running: true },
        persist: false,
        timed: false,
        rule: "R2",
    },
    BuiltinDeco {
        keyword: "cooldown_on_failure",
        args: DecoArgs::Seconds,
        persist: true,
        timed: true,
        rule: "R3",
    },
    BuiltinDeco {
        keyword: "cooldown",
        args: DecoArgs::Seconds,
        persist: true,
        timed: true,
        rule: "R4",
    },
    BuiltinDeco {
        keyword: "repeat",
        args: DecoArgs::Count,
        persist: false,
        timed: false,
        rule: "R5",
    },
    BuiltinDeco {
        keyword: "retry",
        args: DecoArgs::Count,
        persist: false,
        timed: false,
        rule: "R5",
    },
    BuiltinDeco {
        keyword: "timeout",
        args: DecoArgs::Seconds,
        persist: false,
        timed: true,
        rule: "R6",
    },
    BuiltinDeco {
        keyword: "delay",
        args: DecoArgs::Seconds,
        persist: false,
        timed: true,
        rule: "R7",
    },
    BuiltinDeco {
        keyword: "run_once",
        args: DecoArgs::OptionalStatus,
        persist: true,
        timed: false,
        rule: "R13",
    },
];

impl BuiltinDeco {
    /// The built-in decorator named `keyword`, if any.
    pub fn named(keyword: &str) -> Option<&'static BuiltinDeco> {
        BUILTIN_DECORATORS.iter().find(|d| d.keyword == keyword)
    }
}

/// The argument of a built-in decorator as written, of the shape its
/// [`DecoArgs`] says. Durations are in seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum DecoArg {
    /// [`DecoArgs::None`].
    None,
    /// [`DecoArgs::Status`].
    Status(StatusName),
    /// [`DecoArgs::OptionalStatus`].
    OptionalStatus(Option<StatusName>),
    /// [`DecoArgs::Count`]: `None` for `forever`.
    Count(Option<u64>),
    /// [`DecoArgs::Seconds`].
    Seconds(f64),
}

impl DecoArg {
    /// The duration, if the argument is one.
    pub fn seconds(self) -> Option<f64> {
        match self {
            DecoArg::Seconds(d) => Some(d),
            DecoArg::None | DecoArg::Status(_) | DecoArg::OptionalStatus(_) | DecoArg::Count(_) => {
                None
            }
        }
    }
}

/// What a decorator does (SPEC R1–R8, R11–R13).
#[derive(Clone)]
pub enum Deco {
    /// A keyword of [`BUILTIN_DECORATORS`] and its argument.
    Builtin {
        /// Which one.
        def: &'static BuiltinDeco,
        /// Its argument as written.
        arg: DecoArg,
    },
    /// `recheck(…) { child }` (R12): passes its child's status through; the
    /// items between the parentheses are the child's guard, marked
    /// `recheck` (so it is parsed with guards, not from the table).
    Recheck,
    /// `decorate(Type)` / `decorate(Type::new(…))` (R11): a user type
    /// implementing the runtime's `Decorator` trait, built like a
    /// behavior's memory.
    Custom(Box<Leaf>),
    /// `limit(resource, max) { child }` (R8): the runtime's `Limit`, whose
    /// selector is an expression (so it is parsed apart from the table).
    Limit(Box<LimitArgs>),
}

/// The arguments of `limit(resource, max)` (SPEC R8).
#[derive(Clone)]
pub struct LimitArgs {
    /// The selector as written: a function or closure `fn(&World) ->
    /// &Resource`, coerced to that function pointer type.
    pub resource: Expr,
    /// The most agents inside at once, at least 1.
    pub max: u32,
}

impl Deco {
    /// The duration argument, if the decorator has one.
    pub fn seconds(&self) -> Option<f64> {
        match self {
            Deco::Builtin { arg, .. } => arg.seconds(),
            Deco::Recheck | Deco::Custom(_) | Deco::Limit(_) => None,
        }
    }

    /// Whether the decorator may read the tree clock: a timed built-in, and
    /// a user's decorator (which may measure time through `ctx.now()`).
    pub fn uses_time(&self) -> bool {
        match self {
            Deco::Builtin { def, .. } => def.timed,
            Deco::Recheck | Deco::Limit(_) => false,
            // A built-in written as a custom decorator (`if_time`, `log`)
            // says whether it reads the clock; a user's may.
            Deco::Custom(leaf) => leaf.builtin().is_none_or(Builtin::timed),
        }
    }
}

/// A status written in a tree.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum StatusName {
    Running,
    Success,
    Failure,
}

#[cfg(test)]
mod tests {
    use super::*;
    use syn::Ident;

    /// The parser finds a built-in decorator by its keyword, and the
    /// expansion makes an identifier of it.
    #[test]
    fn builtin_decorators_are_identifiers_named_once() {
        let mut seen = Vec::new();
        for d in BUILTIN_DECORATORS {
            assert!(
                syn::parse_str::<Ident>(d.keyword).is_ok(),
                "`{}`",
                d.keyword
            );
            assert!(!seen.contains(&d.keyword), "`{}` twice", d.keyword);
            seen.push(d.keyword);
        }
    }
}
