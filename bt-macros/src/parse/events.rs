//! The parts of the language over events (SPEC V3, V4): the declarations
//! before the root node, the guard items `var(name)` / `!var(name)`, the
//! leaves `wait_for(PATTERN)` and `wait_until(stamp, more_than = d)`, and
//! the decorator `if_time(stamp, less_than = d | more_than = d)`.
//!
//! ```text
//! decl  := "var" NAME "=" effect ("," effect)* ";"      effect := ("set" | "clear") "(" PATTERN ")"
//!        | "stamp" NAME "=" "on" "(" PATTERN ")" ("," "group" "(" NAME ")")? ";"
//! ```

use syn::ext::IdentExt;
use syn::parse::ParseStream;
use syn::spanned::Spanned;
use syn::{parenthesized, Expr, Ident, Pat, Token};

use super::keywords::EventKeyword;
use super::node::Parser;
use super::number::seconds;
use super::suggest::closest;
use crate::model::{
    Behavior, Builtin, Deco, FlagSource, FlagTest, Kind, Leaf, Mask, StampDecl, TimeTest, VarDecl,
    WaitFor,
};

/// The most variables a tree declares: one bit each of a `Flags`.
const MAX_VARS: usize = 64;

impl Parser<'_> {
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
            // Each declaration gets a key constant named in upper case
            // (`Guard::ALARMED`): names equal in upper case would clash, and
            // `OUTLINE` is the tree's text, `SLEEP` its sleep report.
            let key = name.to_string().to_uppercase();
            let taken = self.vars.iter().map(|v| &v.name);
            if let Some(other) = taken
                .chain(self.stamps.iter().map(|s| &s.name))
                .find(|n| n.to_string().to_uppercase() == key)
            {
                let message = if *other == name {
                    format!("`{name}` is declared twice")
                } else {
                    format!(
                        "`{name}` and `{other}` would both be read as `{tree}::{key}`: rename one"
                    )
                };
                self.errors.error(name.span(), message);
            } else if let Some(what) = match key.as_str() {
                "OUTLINE" => Some("the tree's text"),
                "SLEEP" => Some("the tree's sleep report"),
                _ => None,
            } {
                self.errors.error(
                    name.span(),
                    format!("`{name}` cannot name a {word}: its key would be `{tree}::{key}`, {what}; rename it"),
                );
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
        let op = if negated { "none" } else { "all" };
        Ok(FlagTest {
            source: FlagSource::Vars,
            op: Ident::new(op, key.span()),
            mask: Mask::Var {
                bit,
                span: name.span(),
            },
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
    fn wait_for(&mut self, keyword: &Ident, input: ParseStream) -> syn::Result<Builtin> {
        let pat = pattern(input)?;
        let events = match &self.events {
            Some(events) => events.clone(),
            None => {
                self.errors.error(
                    keyword.span(),
                    "`wait_for` waits for an event: declare the events' type in the header, `tree Name for Agent, events = Event { … }`",
                );
                syn::parse_quote!(())
            }
        };
        Ok(Builtin::WaitFor(Box::new(WaitFor { events, pat })))
    }

    /// `(stamp, more_than = d [, or_never_set])` after `wait_until` (SPEC
    /// L7, V3), or with `less_than` when `less` is allowed, after `if_time`
    /// (SPEC R10).
    fn time_test(
        &mut self,
        keyword: &Ident,
        input: ParseStream,
        less: bool,
    ) -> syn::Result<TimeTest> {
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
        let less_than = match cmp.to_string().as_str() {
            "more_than" => false,
            "less_than" if less => true,
            _ => {
                return Err(syn::Error::new(
                    cmp.span(),
                    format!("`{keyword}` compares the time since the timestamp: {example}"),
                ))
            }
        };
        args.parse::<Token![=]>()?;
        let expr: Expr = args.parse()?;
        let d = seconds(&expr, "5.0", self.errors);
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
        Ok(TimeTest {
            stamp: index,
            less_than,
            cmp: cmp.span(),
            seconds: d,
            or_never_set,
        })
    }
}

impl Parser<'_> {
    /// The node `event` starts: `log(…)` and `if_time(…)` (decorators),
    /// `wait_for(…)` and `wait_until(…)` (leaves).
    pub(super) fn event_node(
        &mut self,
        event: EventKeyword,
        input: ParseStream,
    ) -> syn::Result<Kind> {
        let keyword: Ident = input.call(Ident::parse_any)?;
        let builtin = match event {
            EventKeyword::Log => self.log(&keyword, input)?,
            EventKeyword::IfTime => Builtin::IfTime(self.time_test(&keyword, input, true)?),
            EventKeyword::WaitFor => self.wait_for(&keyword, input)?,
            EventKeyword::WaitUntil => Builtin::WaitUntil(self.time_test(&keyword, input, false)?),
        };
        let leaf = Leaf {
            behavior: Behavior::Builtin(builtin),
            span: keyword.span(),
        };
        Ok(match event {
            EventKeyword::Log | EventKeyword::IfTime => Kind::Decorator {
                deco: Deco::Custom(Box::new(leaf)),
                keyword,
            },
            EventKeyword::WaitFor | EventKeyword::WaitUntil => Kind::Behavior(leaf),
        })
    }

    /// `log(start = "…", success = "…", failure = "…")` (SPEC R9), after
    /// the keyword: each message a string literal, at least one, each at
    /// most once.
    fn log(&mut self, keyword: &Ident, input: ParseStream) -> syn::Result<Builtin> {
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
        Ok(Builtin::Log(Box::new(messages)))
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
