//! What follows a node keyword before its children: a composite's
//! `scored(rescore = d)` and `with Behavior`, a control node's `switch(…)`,
//! a `parallel`'s thresholds, and a decorator's arguments (a built-in's as
//! its [`BuiltinDeco`](crate::model::BuiltinDeco) entry says, `limit(…)`,
//! `decorate(Type)`). A bad value that leaves the syntax readable is
//! reported to the [`Diagnostics`] and replaced by a valid one.

use proc_macro2::Span;
use syn::ext::IdentExt;
use syn::parse::ParseStream;
use syn::spanned::Spanned;
use syn::{parenthesized, Expr, Ident, Lit, Token};

use super::keywords::{keywords_where, Keyword};
use super::leaf::*;
use super::number::*;
use crate::diag::Diagnostics;
use crate::model::{
    BuiltinDeco, Control, Deco, DecoArg, DecoArgs, Kind, LimitArgs, Policy, StatusName,
};

/// A composite from its keyword: `scored`'s `(rescore = d)` and a group
/// behavior (`with Type`) when written.
pub(super) fn parse_composite(
    policy: Policy,
    input: ParseStream,
    errors: &mut Diagnostics,
) -> syn::Result<Kind> {
    let keyword: Ident = input.call(Ident::parse_any)?;
    let rescore = if policy == Policy::Scored && input.peek(syn::token::Paren) {
        Some(parse_rescore(input, errors)?)
    } else {
        None
    };
    let behavior = if input.peek(Ident) && input.fork().call(Ident::parse_any)? == "with" {
        input.call(Ident::parse_any)?;
        Some(parse_leaf(input, false)?)
    } else {
        None
    };
    Ok(Kind::Composite {
        policy,
        keyword,
        behavior,
        rescore,
    })
}

/// A control node after its keyword (SPEC C8–C10): `switch` takes its
/// value in parentheses; the others take nothing.
pub(super) fn parse_control(keyword: &Ident, input: ParseStream) -> syn::Result<Control> {
    Ok(match keyword.to_string().as_str() {
        "if_then_else" => Control::IfThenElse,
        "while_do_else" => Control::WhileDoElse,
        "switch" => {
            let args;
            parenthesized!(args in input);
            let value: Expr = args.parse()?;
            if !args.is_empty() {
                return Err(args.error(
                    "expected `)`: `switch(Agent::mode) { … }` takes one function of the agent",
                ));
            }
            Control::Switch {
                value: Box::new(value),
                cases: Vec::new(),
            }
        }
        other => {
            return Err(syn::Error::new(
                keyword.span(),
                format!(
                    "`{other}` is no control keyword ({})",
                    keywords_where(|k| k == Keyword::Control).join(", ")
                ),
            ))
        }
    })
}

/// The arguments of a decorator keyword: a built-in's as its table entry
/// says, a user's decorator type for `decorate`. A bad value (a count or
/// duration out of range, a status that does not exist) is pushed to
/// `errors` and replaced by a valid one, so the rest of the tree is still
/// checked.
pub(super) fn parse_deco(
    keyword: &Ident,
    input: ParseStream,
    errors: &mut Diagnostics,
) -> syn::Result<Deco> {
    let k = keyword.to_string();
    let def = BuiltinDeco::named(&k);
    if let Some(def) = def {
        if let Some(arg) = unparenthesized(def.args, input) {
            return Ok(Deco::Builtin { def, arg });
        }
    }
    let args;
    parenthesized!(args in input);
    if def.is_none() && k == "limit" {
        return parse_limit(&args, errors);
    }
    let deco = match def {
        Some(def) => Deco::Builtin {
            def,
            arg: parse_deco_arg(&k, def.args, &args, errors)?,
        },
        None if k == "decorate" => {
            let leaf = parse_leaf(&args, true).map_err(|e| {
                syn::Error::new(
                    e.span(),
                    "expected a decorator type, built like a behavior: `decorate(UntilFailure) { … }`, `decorate(Rationed::new(3)) { … }`",
                )
            })?;
            Deco::Custom(Box::new(leaf))
        }
        // The keyword table lists a decorator this function does not parse:
        // a bug of the macro, reported rather than guessed.
        None => {
            return Err(syn::Error::new(
                keyword.span(),
                format!("internal error of `tree!`: decorator `{k}` has no parser"),
            ))
        }
    };
    if !args.is_empty() {
        return Err(args.error(format!("expected `)`: `{k}` takes one argument")));
    }
    Ok(deco)
}

/// `limit(resource, max)` (SPEC R8), between the parentheses: the
/// selector of the resource, any expression (its type is checked by rustc,
/// at the expression), and `max`, an integer literal at least 1. A bad
/// `max` is pushed to `errors` and replaced by 1.
pub(super) fn parse_limit(args: ParseStream, errors: &mut Diagnostics) -> syn::Result<Deco> {
    const EXAMPLE: &str = "`limit(|w: &World| &w.alarm, 2) { … }`";
    let expected = |what: &str| format!("expected {what}: {EXAMPLE}");
    if args.is_empty() {
        return Err(args.error(expected(
            "the resource and the most agents inside at once, `limit(resource, max)`",
        )));
    }
    let resource: Expr = args.parse().map_err(|e| {
        syn::Error::new(
            e.span(),
            expected("the resource, a function or closure from `&World` to `&Resource`"),
        )
    })?;
    if !args.peek(Token![,]) {
        return Err(args.error(expected(
            "`,` and the most agents inside at once, `limit(resource, max)`",
        )));
    }
    args.parse::<Token![,]>()?;
    let max: Expr = args.parse().map_err(|e| {
        syn::Error::new(
            e.span(),
            expected("the most agents inside at once, an integer literal at least 1"),
        )
    })?;
    let _ = args.parse::<Option<Token![,]>>()?;
    if !args.is_empty() {
        return Err(args.error("expected `)`: `limit` takes two arguments, `limit(resource, max)`"));
    }
    let max = limit_max(&max, errors);
    Ok(Deco::Limit(Box::new(LimitArgs { resource, max })))
}

/// The `max` of `limit(resource, max)` (SPEC R8): an integer literal from 1
/// to `u32::MAX`. Anything else is pushed to `errors`, at the argument, and
/// read as 1.
pub(super) fn limit_max(max: &Expr, errors: &mut Diagnostics) -> u32 {
    const EXAMPLE: &str = "`limit(|w: &World| &w.alarm, 2)`";
    let message = match max {
        Expr::Lit(syn::ExprLit {
            lit: Lit::Int(i), ..
        }) if !i.base10_digits().starts_with('-') => match i.base10_digits().parse::<u32>() {
            Ok(0) => "`limit(…, 0)` would never let an agent in: the most agents inside at \
                      once is at least 1 (rule R8)"
                .to_string(),
            Ok(n) => return n,
            Err(_) => format!(
                "`{}` is too large for the most agents inside a `limit`: the largest is {} (`u32`)",
                i.base10_digits(),
                u32::MAX
            ),
        },
        Expr::Lit(_) | Expr::Unary(_) => format!(
            "`{}`: the most agents inside a `limit` at once is a whole number, at least 1, e.g. {EXAMPLE}",
            written(max)
        ),
        _ => format!(
            "expected the most agents inside at once as an integer literal, at least 1, \
             e.g. {EXAMPLE}: the macro checks it, so it cannot be a constant or an expression"
        ),
    };
    errors.push(syn::Error::new_spanned(max, message));
    1
}

/// The argument of a built-in written without parentheses, if its shape
/// allows that: `invert`, and `run_once` without a status.
pub(super) fn unparenthesized(shape: DecoArgs, input: ParseStream) -> Option<DecoArg> {
    match shape {
        DecoArgs::None => Some(DecoArg::None),
        DecoArgs::OptionalStatus => {
            (!input.peek(syn::token::Paren)).then_some(DecoArg::OptionalStatus(None))
        }
        DecoArgs::Status { .. } | DecoArgs::Count | DecoArgs::Seconds => None,
    }
}

/// The argument between the parentheses of built-in `k`, of shape `shape`.
pub(super) fn parse_deco_arg(
    k: &str,
    shape: DecoArgs,
    args: ParseStream,
    errors: &mut Diagnostics,
) -> syn::Result<DecoArg> {
    Ok(match shape {
        // Taken without parentheses (`unparenthesized`).
        DecoArgs::None => DecoArg::None,
        DecoArgs::Status { running } => DecoArg::Status(parse_status(k, running, args, errors)?),
        DecoArgs::OptionalStatus => {
            DecoArg::OptionalStatus(Some(parse_status(k, false, args, errors)?))
        }
        DecoArgs::Count => DecoArg::Count(parse_count(k, args, errors)?),
        DecoArgs::Seconds => {
            let expr: Expr = args.parse()?;
            DecoArg::Seconds(seconds(&expr, &format!("{k}(2.5)"), errors))
        }
    })
}

/// A status argument of built-in `k`: `Success` or `Failure`, and
/// `Running` if `running` allows it.
pub(super) fn parse_status(
    k: &str,
    running: bool,
    args: ParseStream,
    errors: &mut Diagnostics,
) -> syn::Result<StatusName> {
    let status: Ident = args.parse()?;
    Ok(match status.to_string().as_str() {
        "Success" => StatusName::Success,
        "Failure" => StatusName::Failure,
        "Running" if running => StatusName::Running,
        _ => {
            let allowed = if running {
                "`Success`, `Failure` or `Running`"
            } else {
                "`Success` or `Failure`"
            };
            errors.error(
                status.span(),
                format!("expected {allowed}: `{k}(Success) {{ … }}`"),
            );
            StatusName::Success
        }
    })
}

/// A count argument of built-in `k`: a positive whole number, or `forever`
/// (`None`); a bad count's message suggests `forever` too (`repeat(-1)`
/// is "without end" in other libraries).
pub(super) fn parse_count(
    k: &str,
    args: ParseStream,
    errors: &mut Diagnostics,
) -> syn::Result<Option<u64>> {
    if args.peek(Ident) {
        let forever: Ident = args.parse()?;
        if forever != "forever" {
            errors.error(
                forever.span(),
                format!("expected a count or `forever`: `{k}(3) {{ … }}`, `{k}(forever) {{ … }}`"),
            );
        }
        return Ok(None);
    }
    let expr: Expr = args
        .parse()
        .map_err(|e| syn::Error::new(e.span(), format!("expected a count: `{k}(3) {{ … }}`")))?;
    let example = format!("`{k}(3)`; to {k} without end, `{k}(forever)`");
    Ok(Some(count::<u64>(&expr, &example, errors).unwrap_or(1)))
}

/// `scored(rescore = d)` (SPEC D6): the re-scoring interval.
pub(super) fn parse_rescore(
    input: ParseStream,
    errors: &mut Diagnostics,
) -> syn::Result<(f64, Span)> {
    const EXPECTED: &str =
        "expected a re-scoring interval: `scored(rescore = 0.5) { … }`, or `scored { … }` for none";
    let args;
    parenthesized!(args in input);
    let key: Ident = args
        .call(Ident::parse_any)
        .map_err(|e| syn::Error::new(e.span(), EXPECTED))?;
    if key != "rescore" {
        return Err(syn::Error::new(key.span(), EXPECTED));
    }
    args.parse::<Token![=]>()
        .map_err(|e| syn::Error::new(e.span(), EXPECTED))?;
    let expr: Expr = args.parse()?;
    let span = expr.span();
    let d = seconds(&expr, "scored(rescore = 0.5)", errors);
    if !args.is_empty() {
        return Err(args.error("expected `)`: `scored(rescore = d)` takes one interval"));
    }
    Ok((d, span))
}

pub(super) type Threshold = Option<(usize, Span)>;

/// `parallel(all)`, `parallel(any)`, `parallel(success >= n, failure >= m)`.
pub(super) fn parse_thresholds(
    keyword: &Ident,
    input: ParseStream,
    errors: &mut Diagnostics,
) -> syn::Result<(Threshold, Threshold, bool)> {
    const EXPECTED: &str = "expected a parallel policy: `parallel(all)`, `parallel(any)`, thresholds `parallel(success >= 2, failure >= 1)` or `parallel(all_complete)`, `parallel(all_complete, failure >= 2)`";
    if !input.peek(syn::token::Paren) {
        return Err(syn::Error::new(keyword.span(), EXPECTED));
    }
    let args;
    parenthesized!(args in input);
    let first: Ident = args
        .call(Ident::parse_any)
        .map_err(|e| syn::Error::new(e.span(), EXPECTED))?;
    match first.to_string().as_str() {
        "all" => return Ok((None, Some((1, first.span())), false)),
        "any" => return Ok((Some((1, first.span())), None, false)),
        _ => {}
    }
    let all_complete = first == "all_complete";
    let mut success = None;
    let mut failure = None;
    let mut key = first;
    if all_complete {
        if args.is_empty() {
            return Ok((None, None, true));
        }
        args.parse::<Token![,]>()?;
        key = args.call(Ident::parse_any)?;
    }
    loop {
        if let Err(e) = args.parse::<Token![>=]>() {
            // `success = 1`, `success > 1`: suggest the value written.
            let rest = args.fork();
            let _ = rest.step(|cursor| {
                let mut rest = *cursor;
                while let Some((p, next)) = rest.punct() {
                    if p.as_char() == ',' {
                        break;
                    }
                    rest = next;
                }
                Ok(((), rest))
            });
            let value = rest
                .parse::<Expr>()
                .map_or_else(|_| "2".to_string(), |v| written(&v));
            return Err(syn::Error::new(
                e.span(),
                format!("expected `>=`: a threshold is written `{key} >= {value}`"),
            ));
        }
        let n: Expr = args.parse()?;
        let value = count::<usize>(&n, &format!("`{key} >= 2`"), errors).map(|v| (v, n.span()));
        match key.to_string().as_str() {
            "success" if !all_complete => success = value,
            "failure" => failure = value,
            "success" => return Err(syn::Error::new(
                key.span(),
                "`parallel(all_complete, …)` waits for every child: only `failure >= m` can follow",
            )),
            _ => return Err(syn::Error::new(key.span(), EXPECTED)),
        }
        if args.is_empty() {
            break;
        }
        args.parse::<Token![,]>()?;
        key = args.call(Ident::parse_any)?;
    }
    Ok((success, failure, all_complete))
}
