//! A slot's guard, the items inside `when( … )` (SPEC G1–G6): flag tests,
//! `every(d)`, the decide, `recheck`, `redecide`, `delegate`; the event
//! tests `var(name)` are `events.rs`'.

use syn::ext::IdentExt;
use syn::parse::ParseStream;
use syn::spanned::Spanned;
use syn::{parenthesized, Expr, Ident, Token};

use super::node::*;
use super::number::*;
use crate::model::{Decide, Every, FlagSource, FlagTest, Guard, Mask};

impl Parser<'_> {
    /// The items inside `when( … )`.
    pub(super) fn guard(&mut self, when: Ident, input: ParseStream) -> syn::Result<Guard> {
        let mut guard = Guard {
            when,
            flags: Vec::new(),
            every: None,
            decide: None,
            recheck: None,
            redecide: None,
            delegate: None,
        };
        while !input.is_empty() {
            self.guard_item(&mut guard, input)?;
            if input.is_empty() {
                break;
            }
            input.parse::<Token![,]>().map_err(|e| {
                syn::Error::new(e.span(), "expected `,` between the items of a guard")
            })?;
        }
        Ok(guard)
    }

    pub(super) fn guard_item(&mut self, guard: &mut Guard, input: ParseStream) -> syn::Result<()> {
        if let Some(test) = self.var_item(input)? {
            guard.flags.push(test);
            return Ok(());
        }
        let key: Ident = input
            .call(Ident::parse_any)
            .map_err(|e| syn::Error::new(e.span(), EXPECTED_GUARD_ITEM))?;
        let k = key.to_string();
        match k.as_str() {
            "any" | "all" | "none" | "not_all" | "stimuli_any" | "stimuli_all" | "stimuli_none"
            | "stimuli_not_all" => {
                let (source, op) = match k.strip_prefix("stimuli_") {
                    Some(op) => (FlagSource::Stimuli, op),
                    None => (FlagSource::Decision, k.as_str()),
                };
                let args;
                parenthesized!(args in input);
                let mask: Expr = args.parse()?;
                if !args.is_empty() {
                    return Err(args.error(
                        "expected `)`: a flag test takes one mask, e.g. `any(DANGER | HURT)`",
                    ));
                }
                guard.flags.push(FlagTest {
                    source,
                    op: Ident::new(op, key.span()),
                    mask: Mask::Written(Box::new(mask)),
                });
            }
            "every" => {
                let args;
                parenthesized!(args in input);
                let expr: Expr = args.parse()?;
                let every = Every {
                    seconds: seconds(&expr, "every(30.0)", self.errors),
                    span: expr.span(),
                };
                if guard.every.is_some() {
                    self.errors.push(duplicate(&key));
                }
                guard.every = Some(every);
            }
            "decide" | "dblock" => {
                input.parse::<Token![=]>().map_err(|e| {
                    syn::Error::new(
                        e.span(),
                        format!("expected `=` after `{k}`: `{k} = Agent::function`"),
                    )
                })?;
                let func: Expr = input.parse()?;
                if guard.decide.is_some() {
                    self.errors.error(
                        key.span(),
                        "a guard has at most one decide (`decide = …` or `dblock = …`)",
                    );
                }
                guard.decide = Some(Decide {
                    func,
                    dblock: k == "dblock",
                    key,
                });
            }
            "recheck" => {
                if guard.recheck.is_some() {
                    self.errors.push(duplicate(&key));
                }
                guard.recheck = Some(key);
            }
            "redecide" => {
                if guard.redecide.is_some() {
                    self.errors.push(duplicate(&key));
                }
                guard.redecide = Some(key);
            }
            "delegate" => {
                if guard.delegate.is_some() {
                    self.errors.push(duplicate(&key));
                }
                guard.delegate = Some(key);
            }
            _ => {
                return Err(syn::Error::new(
                    key.span(),
                    format!("unknown guard item `{k}`: {EXPECTED_GUARD_ITEM}"),
                ))
            }
        }
        Ok(())
    }
}

pub(super) const EXPECTED_GUARD_ITEM: &str =
    "expected a guard item: `any(MASK)`, `all(MASK)`, `none(MASK)`, `not_all(MASK)`, \
     `stimuli_any(MASK)` (and `stimuli_all`, `stimuli_none`, `stimuli_not_all`), `every(SECONDS)`, \
     `decide = FUNCTION`, `dblock = FUNCTION`, `delegate`, `recheck` or `redecide`";

pub(super) fn duplicate(key: &Ident) -> syn::Error {
    syn::Error::new(key.span(), format!("`{key}` is given twice in this guard"))
}
