//! Number literals: durations in seconds (with `s` or `ms`) and counts,
//! each bad one reported to the [`Diagnostics`] with its literal as
//! written and replaced by a valid value.

use syn::{Expr, Lit, UnOp};

use crate::diag::Diagnostics;

/// Why an expression gives no usable number.
pub(super) enum BadNumber {
    /// Not a number literal.
    NotALiteral,
    /// Beyond what the type holds (`1e400` for an `f64`).
    TooLarge,
    /// A non-zero literal that rounds to 0 (`1e-400` for an `f64`).
    TooSmall,
}

/// A number literal, possibly negated or parenthesized, as an `f64`.
pub(super) fn number(expr: &Expr) -> Result<f64, BadNumber> {
    match expr {
        Expr::Lit(l) => {
            let digits = match &l.lit {
                Lit::Float(f) => f.base10_digits(),
                Lit::Int(i) => i.base10_digits(),
                _ => return Err(BadNumber::NotALiteral),
            };
            let value = digits.parse::<f64>().map_err(|_| BadNumber::NotALiteral)?;
            let mantissa = digits.split(['e', 'E']).next().unwrap_or(digits);
            if value.is_infinite() {
                Err(BadNumber::TooLarge)
            } else if value == 0.0 && mantissa.chars().any(|c| ('1'..='9').contains(&c)) {
                Err(BadNumber::TooSmall)
            } else {
                Ok(value)
            }
        }
        Expr::Unary(u) if matches!(u.op, UnOp::Neg(_)) => number(&u.expr).map(|v| -v),
        Expr::Paren(p) => number(&p.expr),
        _ => Err(BadNumber::NotALiteral),
    }
}

/// The suffix of a number literal (possibly negated or parenthesized): `ms`
/// in `1500ms`, empty when there is none or `expr` is no literal.
pub(super) fn suffix(expr: &Expr) -> &str {
    match expr {
        Expr::Lit(l) => match &l.lit {
            Lit::Float(f) => f.suffix(),
            Lit::Int(i) => i.suffix(),
            _ => "",
        },
        Expr::Unary(u) => suffix(&u.expr),
        Expr::Paren(p) => suffix(&p.expr),
        _ => "",
    }
}

/// The literal as written, for messages.
pub(super) fn written(expr: &Expr) -> String {
    quote::ToTokens::to_token_stream(expr)
        .to_string()
        .replace("- ", "-")
}

/// A duration in seconds (`example` shows the syntax). A literal that is no
/// finite `f64` (or not a literal) is an error pushed to `errors`, and the
/// duration becomes 1 s so that the tree is still checked. Zero and negative
/// durations are returned: whether they make sense is for `check`.
///
/// A bare number is seconds; the unit may be written: `s` (seconds) or `ms`
/// (milliseconds, as the bot format and BehaviorTree.CPP count). Any other
/// suffix (`1min`, `2h`, `5f32`) is an error, never silently seconds.
pub(super) fn seconds(expr: &Expr, example: &str, errors: &mut Diagnostics) -> f64 {
    let scale = match suffix(expr) {
        "" | "s" => 1.0,
        "ms" => 1e-3,
        unit => {
            errors.push(syn::Error::new_spanned(
                expr,
                format!(
                    "unknown duration unit `{unit}` in `{}`: write seconds (`2.5` or `2.5s`) \
                     or milliseconds (`2500ms`)",
                    written(expr)
                ),
            ));
            return 1.0;
        }
    };
    let message = match number(expr).map(|v| v * scale) {
        Ok(v) if v == 0.0 && scale != 1.0 && number(expr).is_ok_and(|v| v != 0.0) => format!(
            "`{}` is 0 as an `f64` in seconds: write a positive duration, e.g. `{example}`",
            written(expr)
        ),
        Ok(v) => return v,
        Err(BadNumber::TooLarge) => format!(
            "`{}` does not fit in an `f64` (the largest is about 1.8e308): write a duration in seconds \
             that does, e.g. `{example}`",
            written(expr)
        ),
        Err(BadNumber::TooSmall) => format!(
            "`{}` is 0 as an `f64` (the smallest positive one is about 4.9e-324): write a positive \
             duration in seconds that an `f64` holds, e.g. `{example}`",
            written(expr)
        ),
        Err(_) => format!(
            "expected a duration in seconds as a number literal, e.g. `{example}`"
        ),
    };
    errors.push(syn::Error::new_spanned(expr, message));
    1.0
}

/// A count (`example` shows the syntax, in backquotes): a non-negative
/// integer literal that fits in `T`. Anything else is an error pushed to
/// `errors`, and `None`. Zero is returned: whether it makes sense is for
/// `check`.
pub(super) fn count<T>(expr: &Expr, example: &str, errors: &mut Diagnostics) -> Option<T>
where
    T: std::str::FromStr + std::fmt::Display + num_max::Max,
{
    let message = match expr {
        // A literal token may carry its sign (`-1` built by another macro
        // with `Literal::i64_unsuffixed(-1)`).
        Expr::Lit(syn::ExprLit {
            lit: Lit::Int(i), ..
        }) if !i.base10_digits().starts_with('-') => match i.base10_digits().parse::<T>() {
            Ok(n) => return Some(n),
            Err(_) => format!(
                "`{}` is too large for a count: the largest is {} (`{}`)",
                i.base10_digits(),
                T::MAX,
                std::any::type_name::<T>()
            ),
        },
        _ => match number(expr) {
            Ok(_) | Err(BadNumber::TooLarge | BadNumber::TooSmall) => format!(
                "`{}`: a count is a positive whole number, e.g. {example}",
                written(expr)
            ),
            Err(BadNumber::NotALiteral) => {
                format!("expected a count, a positive whole number, e.g. {example}")
            }
        },
    };
    errors.push(syn::Error::new_spanned(expr, message));
    None
}

/// The largest value of a count type, for messages.
pub(super) mod num_max {
    pub trait Max {
        const MAX: Self;
    }
    impl Max for u64 {
        const MAX: Self = u64::MAX;
    }
    impl Max for usize {
        const MAX: Self = usize::MAX;
    }
}
