//! Leaves: a behavior as written (a type, a struct literal, a tuple struct
//! or a constructor call) and the built-in leaves `succeed`, `fail`,
//! `wait(d)`.

use proc_macro2::Span;
use syn::ext::IdentExt;
use syn::parse::ParseStream;
use syn::spanned::Spanned;
use syn::{parenthesized, Expr, Ident, Path};

use super::keywords::*;
use super::number::*;
use crate::diag::Diagnostics;
use crate::model::{Behavior, Builtin, Leaf};

/// `succeed`, `fail`, `wait(d)` (SPEC L7).
pub(super) fn parse_builtin(
    which: LeafKeyword,
    input: ParseStream,
    errors: &mut Diagnostics,
) -> syn::Result<Leaf> {
    let keyword: Ident = input.call(Ident::parse_any)?;
    let span = keyword.span();
    let builtin = match which {
        LeafKeyword::Succeed => Builtin::Succeed,
        LeafKeyword::Fail => Builtin::Fail,
        LeafKeyword::Wait => {
            let args;
            parenthesized!(args in input);
            let expr: Expr = args.parse()?;
            let example = format!("{keyword}(2.5)");
            let mut seconds = seconds(&expr, &example, errors);
            if seconds <= 0.0 {
                errors.error(
                    expr.span(),
                    format!(
                        "`{keyword}({seconds})`: the duration must be a positive number of seconds, e.g. `{example}`"
                    ),
                );
                seconds = 1.0;
            }
            Builtin::Wait(seconds)
        }
    };
    Ok(Leaf {
        behavior: Behavior::Builtin(builtin),
        span,
    })
}

/// A leaf: the behavior type and the expression that builds its memory.
pub(super) fn parse_leaf(input: ParseStream, allow_brace: bool) -> syn::Result<Leaf> {
    let expr: Expr = if allow_brace {
        input.parse()
    } else {
        Expr::parse_without_eager_brace(input)
    }
    .map_err(|e| syn::Error::new(e.span(), "expected a node: a composite such as `priority { … }` or a behavior such as `Flee`, `Patrol::new(5.0)` or `Patrol { radius: 5.0 }`"))?;
    let span = expr.span();
    let (ty, ctor) = match &expr {
        Expr::Path(p) if p.qself.is_none() => (p.path.clone(), None),
        Expr::Struct(s) if s.qself.is_none() => {
            (constructed_type(&s.path), Some(Box::new(expr.clone())))
        }
        Expr::Call(call) => match &*call.func {
            Expr::Path(p) if p.qself.is_none() => {
                (constructed_type(&p.path), Some(Box::new(expr.clone())))
            }
            _ => return Err(not_a_behavior(span)),
        },
        _ => return Err(not_a_behavior(span)),
    };
    Ok(Leaf {
        behavior: Behavior::Written { ty, ctor },
        span,
    })
}

/// The type a constructor path builds: the path itself for a struct
/// (`Say`, `crate::lines::Say`), the path without its last segment when
/// that segment follows a type (`Patrol::new`, `Mode::Attack`): types are
/// written in `UpperCamelCase`, modules in `snake_case`.
pub(super) fn constructed_type(path: &Path) -> Path {
    let n = path.segments.len();
    let follows_type = n > 1
        && path.segments[n - 2]
            .ident
            .unraw()
            .to_string()
            .starts_with(|c: char| c.is_ascii_uppercase());
    let mut ty = path.clone();
    if follows_type {
        ty.segments.pop();
        let last = ty.segments.pop().map(|pair| pair.into_value());
        if let Some(last) = last {
            ty.segments.push(last);
        }
    }
    ty
}

pub(super) fn not_a_behavior(span: Span) -> syn::Error {
    syn::Error::new(
        span,
        "expected a behavior: a type (`Flee`), a struct literal (`Patrol { radius: 5.0 }`), \
         a tuple struct (`Say(\"hi\")`) or a constructor call (`Patrol::new(5.0)`)",
    )
}
