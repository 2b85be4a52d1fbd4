//! The node keywords, and the hints for a word where a node is expected:
//! which keyword starts a node ([`peek_keyword`]), a misspelt keyword
//! (did you mean), a keyword written in another case, a Rust keyword used
//! as a node name, a guard where none may be, children or `with` given to a
//! node that takes none.

use syn::ext::IdentExt;
use syn::parse::ParseStream;
use syn::{Ident, Path, Token};

use super::node::*;
use super::suggest::*;
use crate::model::{BuiltinDeco, Deco, DecoArgs, Kind, Policy, BUILTIN_DECORATORS};

/// What a node starting with a keyword is.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Keyword {
    Composite(Policy),
    Parallel,
    Control,
    /// A built-in of [`BUILTIN_DECORATORS`], `limit`, `recheck` or
    /// `decorate` (`args.rs`).
    Decorator,
    Condition,
    Subtree,
    /// `succeed`, `fail`, `wait(d)` (`leaf.rs`).
    Leaf(LeafKeyword),
    /// The nodes over events and messages (`events.rs`).
    Event(EventKeyword),
}

/// A built-in leaf's keyword (SPEC L7).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum LeafKeyword {
    Succeed,
    Fail,
    Wait,
}

/// A keyword of `events.rs`: decorators (`log`, `if_time`) and leaves
/// (`wait_for`, `wait_until`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum EventKeyword {
    Log,
    IfTime,
    WaitFor,
    WaitUntil,
}

/// The node keywords besides the composites' ([`Policy::ALL`]) and the
/// built-in decorators' ([`BUILTIN_DECORATORS`]): those before the
/// decorators in [`keywords`], then those after.
const BEFORE_DECORATORS: [(&str, Keyword); 5] = [
    ("parallel", Keyword::Parallel),
    ("concurrent", Keyword::Parallel),
    ("if_then_else", Keyword::Control),
    ("while_do_else", Keyword::Control),
    ("switch", Keyword::Control),
];

/// See [`BEFORE_DECORATORS`].
const AFTER_DECORATORS: [(&str, Keyword); 12] = [
    ("limit", Keyword::Decorator),
    ("recheck", Keyword::Decorator),
    ("decorate", Keyword::Decorator),
    ("if_time", Keyword::Event(EventKeyword::IfTime)),
    ("log", Keyword::Event(EventKeyword::Log)),
    ("condition", Keyword::Condition),
    ("subtree", Keyword::Subtree),
    ("succeed", Keyword::Leaf(LeafKeyword::Succeed)),
    ("fail", Keyword::Leaf(LeafKeyword::Fail)),
    ("wait", Keyword::Leaf(LeafKeyword::Wait)),
    ("wait_for", Keyword::Event(EventKeyword::WaitFor)),
    ("wait_until", Keyword::Event(EventKeyword::WaitUntil)),
];

/// The keyword table: every node keyword and what it starts, in the order
/// messages list them (composites, parallels, control nodes, decorators,
/// `condition`, `subtree`, built-in leaves).
pub(super) fn keywords() -> impl Iterator<Item = (&'static str, Keyword)> {
    let composites = Policy::ALL.iter().map(|&(k, p)| (k, Keyword::Composite(p)));
    let decorators = BUILTIN_DECORATORS
        .iter()
        .map(|d| (d.keyword, Keyword::Decorator));
    composites
        .chain(BEFORE_DECORATORS)
        .chain(decorators)
        .chain(AFTER_DECORATORS)
}

/// The keywords of the nodes `kind` says, in table order.
pub(super) fn keywords_where(kind: impl Fn(Keyword) -> bool) -> Vec<&'static str> {
    keywords()
        .filter(|&(_, k)| kind(k))
        .map(|(w, _)| w)
        .collect()
}

/// Every decorator keyword, in table order (for the fuzz test's lexemes).
#[cfg(test)]
pub fn decorator_keywords() -> Vec<&'static str> {
    keywords_where(|k| {
        matches!(
            k,
            Keyword::Decorator | Keyword::Event(EventKeyword::IfTime | EventKeyword::Log)
        )
    })
}

/// The keywords a word in another case is taken for (`Sequence`): every
/// one but the control nodes'.
fn node_keywords() -> Vec<&'static str> {
    keywords_where(|k| k != Keyword::Control)
}

/// A node name written as a Rust keyword (`loop: X`, `fn: X`): names are
/// identifiers. A raw identifier (`r#loop: X`) is the name `loop`.
pub(super) fn keyword_as_name(name: &Ident) -> Option<syn::Error> {
    let word = name.to_string();
    if syn::parse_str::<Ident>(&word).is_ok() {
        return None;
    }
    let fix = if matches!(word.as_str(), "self" | "Self" | "super" | "crate") {
        format!("choose another name, e.g. `{word}_`")
    } else {
        format!("write it as a raw identifier, `r#{word}: …` (the node is then named `{word}`), or choose another name, e.g. `{word}_`")
    };
    Some(syn::Error::new(
        name.span(),
        format!("`{word}` is a Rust keyword and cannot name a node: a node name is an identifier; {fix}"),
    ))
}

/// `when(…) =>` where a node is expected: on the root, which has no slot
/// to carry a guard, or after another guard.
pub(super) fn misplaced_guard(input: ParseStream, parent: Option<usize>) -> syn::Result<()> {
    if !(input.peek(Ident) && input.peek2(syn::token::Paren)) {
        return Ok(());
    }
    let when = input.fork().call(Ident::parse_any)?;
    if when != "when" {
        return Ok(());
    }
    let message = match parent {
        None => "the root has no guard: a guard `when(…) => Node` belongs to a child slot of a \
                 composite, e.g. `priority { flee: when(decide = Agent::scared) => Flee, idle: Idle }`; \
                 put the guarded node in a composite",
        Some(_) => "a node has at most one guard: write every item in one `when(…)`, \
                    e.g. `when(any(DANGER), decide = Agent::scared) => Flee`",
    };
    Err(syn::Error::new(when.span(), message))
}

/// `Sequence`, `ReactiveSequence`, `Repeat`: a node keyword written in
/// another case, which reads as a behavior type. The error, if `ident` is
/// one.
pub(super) fn miscased_keyword(ident: &Ident) -> Option<syn::Error> {
    let word = ident.to_string();
    let mut snake = String::new();
    for (i, c) in word.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 && !snake.ends_with('_') {
            snake.push('_');
        }
        snake.push(c.to_ascii_lowercase());
    }
    let keyword = node_keywords().into_iter().find(|k| *k == snake)?;
    (word != keyword).then(|| {
        syn::Error::new(
            ident.span(),
            format!(
                "`{word}` reads as a behavior type, but what follows it is no behavior: \
                 node keywords are lowercase (did you mean `{keyword}`?)"
            ),
        )
    })
}

/// A leaf followed by braces: it takes no children.
pub(super) fn no_children(
    input: ParseStream,
    kind: &Kind,
    first: Option<&Ident>,
) -> syn::Result<()> {
    if !input.peek(syn::token::Brace) {
        return Ok(());
    }
    let span = input.span();
    let message = match kind {
        Kind::Condition { func } => {
            let f = quote::ToTokens::to_token_stream(func).to_string();
            format!(
                "`condition({f})` is a leaf and takes no child; to guard a node with a condition \
                 checked before it starts and every tick while it runs (the bot format's \
                 `condition EXPR {{ NODE }}`), write a `recheck` guard on the node's slot in a \
                 composite, `when(recheck, decide = {f}) => Node`, or put both in \
                 `reactive_sequence {{ condition({f}), Node }}`"
            )
        }
        Kind::Subtree { name, .. } => {
            format!("`subtree {name}` takes no children: its nodes are those of tree `{name}`")
        }
        _ => match first.and_then(miscased_keyword) {
            Some(e) => return Err(e),
            None => {
                let name = match kind {
                    // `succeed`, not the runtime type `Succeed`.
                    Kind::Behavior(leaf) if leaf.builtin().is_some() => {
                        default_name(kind).to_lowercase()
                    }
                    _ => default_name(kind),
                };
                format!(
                    "`{name}` is a leaf and takes no children; a node with children is a composite \
                     (`sequence {{ … }}`), a decorator (`invert {{ … }}`) or a parallel"
                )
            }
        },
    };
    Err(syn::Error::new(span, message))
}

/// `with Behavior` after a decorator or a parallel node: only composites
/// carry a group behavior.
pub(super) fn no_group_behavior(input: ParseStream, kind: &Kind) -> syn::Result<()> {
    let keyword = match kind {
        Kind::Decorator { keyword, .. } | Kind::Parallel { keyword, .. } => keyword,
        _ => return Ok(()),
    };
    if !(input.peek(Ident) && input.fork().call(Ident::parse_any)? == "with") {
        return Ok(());
    }
    let with: Ident = input.call(Ident::parse_any)?;
    let behavior = input.fork().parse::<Path>().map_or_else(
        |_| "Behavior".to_string(),
        |p| {
            quote::ToTokens::to_token_stream(&p)
                .to_string()
                .replace(' ', "")
        },
    );
    let what = if matches!(kind, Kind::Decorator { .. }) {
        "a decorator"
    } else {
        "a parallel node"
    };
    let no_args = matches!(
        kind,
        Kind::Decorator {
            deco: Deco::Builtin {
                def: BuiltinDeco {
                    args: DecoArgs::None,
                    ..
                },
                ..
            },
            ..
        } | Kind::Parallel {
            concurrent: true,
            ..
        }
    );
    let written = if no_args {
        keyword.to_string()
    } else {
        format!("{keyword}(…)")
    };
    let composites: Vec<String> = Policy::ALL.iter().map(|(k, _)| format!("`{k}`")).collect();
    let outer = format!("`sequence with {behavior} {{ {written} {{ … }} }}`");
    let fix = if matches!(kind, Kind::Decorator { .. }) {
        format!(
            "{outer} (around the decorator), or `{written} {{ sequence with {behavior} {{ … }} }}` \
             (around each run of its child)"
        )
    } else {
        outer
    };
    Err(syn::Error::new(
        with.span(),
        format!(
            "`{keyword}` is {what} and takes no group behavior: `with` goes on a composite ({}); \
             give `{behavior}` to a composite: {fix}",
            composites.join(", ")
        ),
    ))
}

/// If the input starts with a node keyword, which kind. A lowercase
/// identifier that is no keyword, where a node is expected, is an error:
/// behavior types are types (`Flee`, `path::Flee`), so it is most likely a
/// misspelt keyword.
pub(super) fn peek_keyword(input: ParseStream) -> syn::Result<Option<Keyword>> {
    if !input.peek(Ident::peek_any) || input.peek2(Token![::]) {
        return Ok(None);
    }
    let fork = input.fork();
    let ident = fork.call(Ident::parse_any)?;
    let word = ident.to_string();
    if let Some((_, keyword)) = keywords().find(|(k, _)| *k == word) {
        return Ok(Some(keyword));
    }
    let first = word.trim_start_matches("r#").chars().next();
    if first.is_some_and(|c| c.is_ascii_lowercase()) {
        let kinds = keywords_where(|_| true);
        let hint = closest(&word, &kinds)
            .map(|k| format!(" (did you mean `{k}`?)"))
            .unwrap_or_default();
        return Err(syn::Error::new(
            ident.span(),
            format!(
                "unknown node kind `{word}`{hint}: expected a composite, decorator or built-in ({}) or a behavior type such as `Flee`",
                kinds.join(", ")
            ),
        ));
    }
    Ok(None)
}
