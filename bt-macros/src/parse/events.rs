//! The parts of the language over events (SPEC V3, V4): the declarations
//! before the root node, the guard items `var(name)` / `!var(name)`, the
//! leaves `wait_for(PATTERN)` and `wait_until(stamp, more_than = d)`, and
//! the decorator `if_time(stamp, less_than = d | more_than = d)`.
//!
//! ```text
//! decl  := "var" NAME "=" effect ("," effect)* ";"      effect := ("set" | "clear") "(" PATTERN ")"
//!        | "stamp" NAME "=" "on" "(" PATTERN ")" ("," "group" "(" NAME ")")? ";"
//! ```

use proc_macro2::Span;
use quote::quote_spanned;
use syn::ext::IdentExt;
use syn::parse::ParseStream;
use syn::spanned::Spanned;
use syn::{parenthesized, Expr, Ident, Pat, Token};

use super::node::Parser;
use super::number::seconds;
use super::suggest::closest;
use crate::model::{Deco, FlagSource, FlagTest, Kind, Leaf, StampDecl, VarDecl};

/// The most variables a tree declares: one bit each of a `Flags`.
const MAX_VARS: usize = 64;

impl Parser {
    /// The `var` and `stamp` declarations before the root node, if any.
    pub(super) fn declarations(&mut self, input: ParseStream, tree: &Ident) -> syn::Result<()> {
        loop {
            let fork = input.fork();
            let Ok(word) = fork.call(Ident::parse_any) else {
                return Ok(());
            };
            if !(word == "var" || word == "stamp") || !fork.peek(Ident) || fork.peek2(Token![:]) {
                return Ok(());
            }
            input.call(Ident::parse_any)?;
            let name: Ident = input.parse()?;
            if self.events.is_none() {
                self.errors.error(
                    word.span(),
                    format!("`{word} {name}` is set by events: declare their type in the header, `tree {tree} for Agent, events = Event {{ … }}`"),
                );
            }
            let taken = self.vars.iter().map(|v| &v.name);
            if taken
                .chain(self.stamps.iter().map(|s| &s.name))
                .any(|n| *n == name)
            {
                self.errors
                    .error(name.span(), format!("`{name}` is declared twice"));
            }
            input.parse::<Token![=]>()?;
            if word == "var" {
                self.var_decl(name, input)?;
            } else {
                self.stamp_decl(name, input)?;
            }
            input.parse::<Token![;]>().map_err(|e| {
                syn::Error::new(
                    e.span(),
                    "expected `;` after the declaration, then the root node",
                )
            })?;
        }
    }

    fn var_decl(&mut self, name: Ident, input: ParseStream) -> syn::Result<()> {
        let mut var = VarDecl {
            name,
            set: Vec::new(),
            clear: Vec::new(),
        };
        loop {
            let effect: Ident = input.call(Ident::parse_any)?;
            let list = match effect.to_string().as_str() {
                "set" => &mut var.set,
                "clear" => &mut var.clear,
                _ => {
                    return Err(syn::Error::new(
                        effect.span(),
                        "expected `set(Event::…)` or `clear(Event::…)`: `var alarmed = set(Signal::Alarm), clear(Signal::AllClear);`",
                    ))
                }
            };
            list.push(pattern(input)?);
            if !input.peek(Token![,]) {
                break;
            }
            input.parse::<Token![,]>()?;
        }
        if self.vars.len() == MAX_VARS {
            self.errors.error(
                var.name.span(),
                format!("a tree declares at most {MAX_VARS} variables (one bit each)"),
            );
        }
        self.vars.push(var);
        Ok(())
    }

    fn stamp_decl(&mut self, name: Ident, input: ParseStream) -> syn::Result<()> {
        let on: Ident = input.call(Ident::parse_any)?;
        if on != "on" {
            return Err(syn::Error::new(
                on.span(),
                "expected `on(Event::…)`: `stamp hit = on(Signal::Hit), group(contact);`",
            ));
        }
        let on = vec![pattern(input)?];
        let mut group = None;
        if input.peek(Token![,]) {
            input.parse::<Token![,]>()?;
            let key: Ident = input.call(Ident::parse_any)?;
            if key != "group" {
                return Err(syn::Error::new(
                    key.span(),
                    "expected `group(name)`: the timestamps of a group clear each other",
                ));
            }
            let args;
            parenthesized!(args in input);
            group = Some(args.parse()?);
        }
        self.stamps.push(StampDecl { name, on, group });
        Ok(())
    }

    /// The guard item `var(name)` or `!var(name)`, if the input starts
    /// with one.
    pub(super) fn var_item(&mut self, input: ParseStream) -> syn::Result<Option<FlagTest>> {
        let negated = input.peek(Token![!]);
        if negated {
            input.parse::<Token![!]>()?;
        } else if !(input.peek(Ident) && input.fork().parse::<Ident>()? == "var") {
            return Ok(None);
        }
        let key: Ident = input.call(Ident::parse_any)?;
        if key != "var" {
            return Err(syn::Error::new(
                key.span(),
                "expected `var(name)` after `!`: `!var(alarmed)` tests that a variable is false",
            ));
        }
        self.var_test(&key, negated, input).map(Some)
    }

    /// `var(name)` (negated: `!var(name)`), after the `var` keyword: a
    /// test of the variable's bit.
    fn var_test(
        &mut self,
        key: &Ident,
        negated: bool,
        input: ParseStream,
    ) -> syn::Result<FlagTest> {
        let args;
        parenthesized!(args in input);
        let name: Ident = args.parse()?;
        let bit = self.var_index(&name);
        let rt = &self.rt;
        let mask: Expr = syn::parse_quote_spanned!(name.span()=> #rt::Flags::bit(#bit));
        let op = if negated { "none" } else { "all" };
        Ok(FlagTest {
            source: FlagSource::Vars,
            op: Ident::new(op, key.span()),
            mask,
        })
    }

    /// The bit of variable `name`; an error with a suggestion if there is
    /// no such variable.
    fn var_index(&mut self, name: &Ident) -> u32 {
        let names: Vec<String> = self.vars.iter().map(|v| v.name.to_string()).collect();
        match names.iter().position(|n| name == n) {
            Some(i) => i as u32,
            None => {
                self.unknown(name, "variable", "var", &names);
                0
            }
        }
    }

    /// The index of timestamp `name`; an error with a suggestion if there
    /// is no such timestamp.
    fn stamp_index(&mut self, name: &Ident) -> usize {
        let names: Vec<String> = self.stamps.iter().map(|s| s.name.to_string()).collect();
        names.iter().position(|n| name == n).unwrap_or_else(|| {
            self.unknown(name, "timestamp", "stamp", &names);
            0
        })
    }

    fn unknown(&mut self, name: &Ident, what: &str, keyword: &str, names: &[String]) {
        let candidates: Vec<&str> = names.iter().map(String::as_str).collect();
        let hint = match closest(&name.to_string(), &candidates) {
            Some(c) => format!(" (did you mean `{c}`?)"),
            None if names.is_empty() => format!(
                ": the tree declares none; declare it before the root node, `{keyword} {name} = …;`"
            ),
            None => format!(": the tree declares {}", names.join(", ")),
        };
        self.errors
            .error(name.span(), format!("unknown {what} `{name}`{hint}"));
    }

    /// `wait_for(PATTERN)` (SPEC L7, V4), after the keyword.
    pub(super) fn wait_for(&mut self, keyword: &Ident, input: ParseStream) -> syn::Result<Leaf> {
        let pat = pattern(input)?;
        let span = keyword.span();
        let rt = &self.rt;
        let events = match &self.events {
            Some(events) => events.clone(),
            None => {
                self.errors.error(
                    span,
                    "`wait_for` waits for an event: declare the events' type in the header, `tree Name for Agent, events = Event { … }`",
                );
                syn::parse_quote!(())
            }
        };
        let ty: syn::Path = syn::parse_quote_spanned!(span=> #rt::builtin::WaitFor);
        let matches = quote_spanned! {pat.span()=>
            |__e: &dyn ::core::any::Any| ::core::matches!(
                __e.downcast_ref::<#events>(),
                ::core::option::Option::Some(#pat)
            )
        };
        Ok(Leaf {
            ctor: Some(syn::parse_quote_spanned!(span=> #ty::new(#matches))),
            ty,
            span,
            timed: false,
            builtin: true,
        })
    }

    /// `wait_until(stamp, more_than = d [, or_never_set])` (SPEC L7, V3),
    /// after the keyword.
    pub(super) fn wait_until(&mut self, keyword: &Ident, input: ParseStream) -> syn::Result<Leaf> {
        let span = keyword.span();
        let test = self.time_test(keyword, input, false)?;
        let rt = &self.rt;
        let ty: syn::Path = syn::parse_quote_spanned!(span=> #rt::builtin::WaitUntil);
        Ok(Leaf {
            ctor: Some(syn::parse_quote_spanned!(span=> #ty(#test))),
            ty,
            span,
            timed: true,
            builtin: true,
        })
    }

    /// `if_time(stamp, less_than = d | more_than = d [, or_never_set])`
    /// (SPEC R10), after the keyword: a decorator checked on entry.
    pub(super) fn if_time(&mut self, keyword: &Ident, input: ParseStream) -> syn::Result<Deco> {
        let span = keyword.span();
        let test = self.time_test(keyword, input, true)?;
        let rt = &self.rt;
        let ty: syn::Path = syn::parse_quote_spanned!(span=> #rt::events::IfTime);
        Ok(Deco::Custom(Box::new(Leaf {
            ctor: Some(syn::parse_quote_spanned!(span=> #ty(#test))),
            ty,
            span,
            timed: true,
            builtin: true,
        })))
    }

    /// `(stamp, more_than = d [, or_never_set])`, or with `less_than` when
    /// `less` is allowed: a `TimeTest` expression.
    fn time_test(&mut self, keyword: &Ident, input: ParseStream, less: bool) -> syn::Result<Expr> {
        let args;
        parenthesized!(args in input);
        let stamp: Ident = args.parse()?;
        let index = self.stamp_index(&stamp);
        args.parse::<Token![,]>()?;
        let cmp: Ident = args.call(Ident::parse_any)?;
        let example = if less {
            "`if_time(hit, less_than = 5.0) { … }` or `more_than = 5.0`"
        } else {
            "`wait_until(hit, more_than = 5.0)`"
        };
        let since = match cmp.to_string().as_str() {
            "more_than" => Ident::new("MoreThan", cmp.span()),
            "less_than" if less => Ident::new("LessThan", cmp.span()),
            _ => {
                return Err(syn::Error::new(
                    cmp.span(),
                    format!("`{keyword}` compares the time since the timestamp: {example}"),
                ))
            }
        };
        args.parse::<Token![=]>()?;
        let expr: Expr = args.parse()?;
        let d = seconds(&expr, "5.0", &mut self.errors);
        if d < 0.0 {
            self.errors.error(
                expr.span(),
                format!("`{cmp} = {d}`: the duration must not be negative"),
            );
        }
        let mut or_never_set = false;
        if args.peek(Token![,]) {
            args.parse::<Token![,]>()?;
            let flag: Ident = args.call(Ident::parse_any)?;
            if flag != "or_never_set" {
                return Err(syn::Error::new(
                    flag.span(),
                    "expected `or_never_set`: a timestamp never set then passes the test",
                ));
            }
            or_never_set = true;
        }
        if !args.is_empty() {
            return Err(args.error("expected `)`"));
        }
        let rt = &self.rt;
        let span = Span::call_site();
        Ok(syn::parse_quote_spanned!(span=> #rt::events::TimeTest {
            stamp: #index,
            since: #rt::events::Since::#since(#d),
            or_never_set: #or_never_set,
        }))
    }
}

impl Parser {
    /// The node kinds of this module, if the input starts with one:
    /// `log(…)` and `if_time(…)` (decorators), `wait_for(…)` and
    /// `wait_until(…)` (leaves).
    pub(super) fn event_kind(&mut self, input: ParseStream) -> syn::Result<Option<Kind>> {
        let fork = input.fork();
        let Ok(word) = fork.call(Ident::parse_any) else {
            return Ok(None);
        };
        // `log::Logger`: a path to a behavior type, not the keyword.
        if fork.peek(Token![::]) {
            return Ok(None);
        }
        let kind = match word.to_string().as_str() {
            "log" | "if_time" => {
                let keyword: Ident = input.call(Ident::parse_any)?;
                let deco = if keyword == "log" {
                    self.log(&keyword, input)?
                } else {
                    self.if_time(&keyword, input)?
                };
                Kind::Decorator { deco, keyword }
            }
            "wait_for" => {
                let keyword: Ident = input.call(Ident::parse_any)?;
                Kind::Behavior(self.wait_for(&keyword, input)?)
            }
            "wait_until" => {
                let keyword: Ident = input.call(Ident::parse_any)?;
                Kind::Behavior(self.wait_until(&keyword, input)?)
            }
            _ => return Ok(None),
        };
        Ok(Some(kind))
    }

    /// `log(start = "…", success = "…", failure = "…")` (SPEC R9), after
    /// the keyword: each message a string literal, at least one, each at
    /// most once.
    pub(super) fn log(&mut self, keyword: &Ident, input: ParseStream) -> syn::Result<Deco> {
        let args;
        parenthesized!(args in input);
        let mut messages: [Option<syn::LitStr>; 3] = [None, None, None];
        while !args.is_empty() {
            let key: Ident = args.call(Ident::parse_any)?;
            let slot = match key.to_string().as_str() {
                "start" => 0,
                "success" => 1,
                "failure" => 2,
                _ => {
                    return Err(syn::Error::new(
                        key.span(),
                        "expected `start`, `success` or `failure`: `log(start = \"…\", success = \"…\", failure = \"…\")`",
                    ))
                }
            };
            args.parse::<Token![=]>()?;
            let text: syn::LitStr = args.parse().map_err(|e| {
                syn::Error::new(
                    e.span(),
                    "a log message is a string literal: `start = \"on guard\"`",
                )
            })?;
            if messages[slot].replace(text).is_some() {
                self.errors
                    .error(key.span(), format!("`{key}` is given twice"));
            }
            if !args.is_empty() {
                args.parse::<Token![,]>()?;
            }
        }
        if messages.iter().all(Option::is_none) {
            self.errors.error(
                keyword.span(),
                "`log` needs a message: `log(start = \"…\", success = \"…\", failure = \"…\")`, any of the three",
            );
        }
        let [start, success, failure] = messages.map(|m| match m {
            Some(m) => quote::quote!(::core::option::Option::Some(#m)),
            None => quote::quote!(::core::option::Option::None),
        });
        let rt = &self.rt;
        let span = keyword.span();
        let ty: syn::Path = syn::parse_quote_spanned!(span=> #rt::decorator::Log);
        Ok(Deco::Custom(Box::new(Leaf {
            ctor: Some(
                syn::parse_quote_spanned!(span=> #ty(#rt::decorator::LogMessages {
                    start: #start,
                    success: #success,
                    failure: #failure,
                })),
            ),
            ty,
            span,
            timed: false,
            builtin: true,
        })))
    }
}

/// `(PATTERN)`: an event pattern, alternatives allowed (`A | B`).
fn pattern(input: ParseStream) -> syn::Result<Pat> {
    let args;
    parenthesized!(args in input);
    let pat = Pat::parse_multi_with_leading_vert(&args)?;
    if !args.is_empty() {
        return Err(args.error("expected `)` after the event pattern"));
    }
    Ok(pat)
}
