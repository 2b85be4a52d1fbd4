//! The runtime's names for what the language builds in: the type and the
//! constructor of each built-in leaf (`succeed`, `wait(d)`, `wait_for`, …)
//! and of the built-ins written as a user's decorator (`if_time`, `log`),
//! the type of each built-in decorator, the `NodeKind` of each composite
//! policy, the mask of a `var(name)` test. `parse` and `check` know the
//! language only; this is where it meets the runtime's types.
//!
//! Every path is spanned as the parser once built it (at the keyword, the
//! runtime's alias at the call site), so that what rustc reports about them
//! points where it always did.

use proc_macro2::Span;
use quote::quote_spanned;
use syn::spanned::Spanned;
use syn::{Expr, Ident, Path};

use crate::model::{upper_camel, Behavior, Builtin, BuiltinDeco, Leaf, Policy, TimeTest};

/// The behavior type of `leaf`: as written, or the runtime's type of a
/// built-in (`__deciders::builtin::Succeed`, as a user reads it in `cargo
/// expand`: built-ins are named only inside the invocation's `const _`
/// block, by the runtime's alias there).
pub fn leaf_path(leaf: &Leaf) -> Path {
    let b = match &leaf.behavior {
        Behavior::Written { ty, .. } => return ty.clone(),
        Behavior::Builtin(b) => b,
    };
    let rt = crate::runtime_alias();
    let span = leaf.span;
    match b {
        Builtin::Succeed | Builtin::Fail | Builtin::Wait(_) => {
            let name = Ident::new(&b.name(), span);
            syn::parse_quote_spanned!(span=> #rt::builtin::#name)
        }
        Builtin::WaitFor(_) => syn::parse_quote_spanned!(span=> #rt::builtin::WaitFor),
        Builtin::WaitUntil(_) => syn::parse_quote_spanned!(span=> #rt::builtin::WaitUntil),
        Builtin::IfTime(_) => syn::parse_quote_spanned!(span=> #rt::events::IfTime),
        Builtin::Log(_) => syn::parse_quote_spanned!(span=> #rt::decorator::Log),
    }
}

/// The expression that builds `leaf`'s memory, if it has one: the
/// constructor written in the tree, or a built-in's (`Wait::new(2.5)`);
/// `None` means `Default::default()`.
pub fn leaf_ctor(leaf: &Leaf) -> Option<Expr> {
    let b = match &leaf.behavior {
        Behavior::Written { ctor, .. } => return ctor.as_deref().cloned(),
        Behavior::Builtin(b) => b,
    };
    let rt = crate::runtime_alias();
    let span = leaf.span;
    let ty = leaf_path(leaf);
    Some(match b {
        Builtin::Succeed | Builtin::Fail => return None,
        Builtin::Wait(seconds) => {
            let name = Ident::new(&b.name(), span);
            syn::parse_quote_spanned!(span=> #rt::builtin::#name::new(#seconds))
        }
        Builtin::WaitFor(wait) => {
            let (events, pat) = (&wait.events, &wait.pat);
            let matches = quote_spanned! {pat.span()=>
                |__e: &dyn ::core::any::Any| ::core::matches!(
                    __e.downcast_ref::<#events>(),
                    ::core::option::Option::Some(#pat)
                )
            };
            syn::parse_quote_spanned!(span=> #ty::new(#matches))
        }
        Builtin::WaitUntil(test) => {
            let test = time_test(test);
            syn::parse_quote_spanned!(span=> #ty::new(#test))
        }
        Builtin::IfTime(test) => {
            let test = time_test(test);
            syn::parse_quote_spanned!(span=> #ty(#test))
        }
        Builtin::Log(messages) => {
            let [start, success, failure] = (**messages).clone().map(|m| match m {
                Some(m) => quote::quote!(::core::option::Option::Some(#m)),
                None => quote::quote!(::core::option::Option::None),
            });
            syn::parse_quote_spanned!(span=> #ty(#rt::decorator::LogMessages {
                start: #start,
                success: #success,
                failure: #failure,
            }))
        }
    })
}

/// The runtime's `TimeTest` of `wait_until` and `if_time`.
fn time_test(test: &TimeTest) -> Expr {
    let rt = crate::runtime_alias();
    let span = Span::call_site();
    let since = if test.less_than {
        "LessThan"
    } else {
        "MoreThan"
    };
    let since = Ident::new(since, test.cmp);
    let (index, d, or_never_set) = (test.stamp, test.seconds, test.or_never_set);
    syn::parse_quote_spanned!(span=> #rt::events::TimeTest {
        stamp: #index,
        since: #rt::events::Since::#since(#d),
        or_never_set: #or_never_set,
    })
}

/// The runtime type of a built-in decorator, under `decorator::`: its
/// keyword in UpperCamelCase (`cooldown_on_failure`: `CooldownOnFailure`).
pub fn decorator_type(def: &BuiltinDeco) -> Ident {
    Ident::new(&upper_camel(def.keyword), Span::call_site())
}

/// The name of the runtime's `NodeKind` variant of a composite policy.
pub fn node_kind(policy: Policy) -> &'static str {
    match policy {
        Policy::Priority => "Priority",
        Policy::Sequential => "Sequential",
        Policy::Sequence => "Sequence",
        Policy::ReactiveSequence => "ReactiveSequence",
        Policy::Fallback => "Fallback",
        Policy::Selector => "Selector",
        Policy::Random => "Random",
        Policy::Shuffle => "Shuffle",
        Policy::Scored => "Scored",
    }
}

/// The mask of a `var(name)` test: the variable's bit, `Flags::bit(i)`,
/// spanned at the name.
pub fn var_mask(bit: u32, span: Span) -> Expr {
    let rt = crate::runtime_alias();
    syn::parse_quote_spanned!(span=> #rt::Flags::bit(#bit))
}

#[cfg(test)]
mod tests {
    use crate::model::BUILTIN_DECORATORS;

    /// The runtime types of the built-in decorators, as
    /// `bt-runtime/src/decorator.rs` names them.
    #[test]
    fn decorator_types() {
        let types: Vec<String> = BUILTIN_DECORATORS
            .iter()
            .map(|d| super::decorator_type(d).to_string())
            .collect();
        assert_eq!(
            types,
            [
                "Invert",
                "Force",
                "Always",
                "CooldownOnFailure",
                "Cooldown",
                "Repeat",
                "Retry",
                "Timeout",
                "Delay",
                "RunOnce"
            ]
        );
    }
}
