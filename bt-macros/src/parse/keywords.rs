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
use crate::model::{BuiltinDeco, Control, Deco, DecoArgs, Kind, Policy};

/// What a node starting with a keyword is.
pub(super) enum Keyword {
    Composite(Policy),
    Decorator,
    Parallel,
    Control,
    Condition,
    Builtin,
    Subtree,
}

/// A built-in leaf (SPEC L7): its keyword, its type in the runtime's
/// `builtin` module, and whether it takes a duration (`wait(2.5)`, built
/// with `Type::new(seconds)`, on the tree clock).
pub(super) struct Builtin {
    pub(super) keyword: &'static str,
    pub(super) ty: &'static str,
    pub(super) timed: bool,
}

/// The built-in leaves, one entry each: a new one is a line here and a
/// type in the runtime.
pub(super) const BUILTIN_LEAVES: [Builtin; 3] = [
    Builtin {
        keyword: "succeed",
        ty: "Succeed",
        timed: false,
    },
    Builtin {
        keyword: "fail",
        ty: "Fail",
        timed: false,
    },
    Builtin {
        keyword: "wait",
        ty: "Wait",
        timed: true,
    },
];

pub(super) const BUILTINS: [&str; 5] = [
    BUILTIN_LEAVES[0].keyword,
    BUILTIN_LEAVES[1].keyword,
    BUILTIN_LEAVES[2].keyword,
    "wait_for",
    "wait_until",
];

/// Every node keyword (as `peek_keyword` lists them), for messages.
pub(super) fn node_keywords() -> Vec<&'static str> {
    let mut kinds: Vec<&str> = Policy::ALL.iter().map(|(k, _)| *k).collect();
    kinds.extend(["parallel", "concurrent"]);
    kinds.extend(Deco::keywords());
    kinds.extend(["condition", "subtree"]);
    kinds.extend(BUILTINS);
    kinds
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
                    Kind::Behavior(leaf) if leaf.builtin => default_name(kind).to_lowercase(),
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
    if let Some(policy) = Policy::from_keyword(&word) {
        return Ok(Some(Keyword::Composite(policy)));
    }
    let keyword = match word.as_str() {
        w if Deco::is_keyword(w) => Some(Keyword::Decorator),
        "parallel" | "concurrent" => Some(Keyword::Parallel),
        w if Control::KEYWORDS.contains(&w) => Some(Keyword::Control),
        "condition" => Some(Keyword::Condition),
        w if BUILTINS.contains(&w) => Some(Keyword::Builtin),
        "subtree" => Some(Keyword::Subtree),
        _ => None,
    };
    if keyword.is_some() {
        return Ok(keyword);
    }
    let first = word.trim_start_matches("r#").chars().next();
    if first.is_some_and(|c| c.is_ascii_lowercase()) {
        let mut kinds: Vec<&str> = Policy::ALL.iter().map(|(k, _)| *k).collect();
        kinds.extend(["parallel", "concurrent"]);
        kinds.extend(Control::KEYWORDS);
        kinds.extend(Deco::keywords());
        kinds.extend(["condition", "subtree"]);
        kinds.extend(BUILTINS);
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
