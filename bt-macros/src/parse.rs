//! `parse`: the `tree!` input syntax → the model (`model.rs`).
//!
//! ```text
//! input     := tree+
//! tree      := attrs vis `tree` Name `for` AgentType `{` node `}`
//! node      := composite | leaf
//! composite := keyword [`with` leaf] `{` slot (`,` slot)* [`,`] `}`
//! slot      := [name `:`] [`when` `(` item (`,` item)* `)` `=>`] node
//! item      := any(M) | all(M) | none(M) | not_all(M)                (decision flags)
//!            | stimuli_any(M) | stimuli_all(M) | … (stimuli flags)
//!            | every(SECONDS) | decide = F | dblock = F | recheck | redecide
//! leaf      := Type | Type { fields } | Type(args) | Type::ctor(args)
//! ```
//!
//! Malformed syntax stops the parse with an error naming the expected token.
//! Problems that leave the syntax readable (a duplicate guard item, a bad
//! duration) are collected in `Tree::errors` and reported with the checks.

use proc_macro2::Span;
use syn::ext::IdentExt;
use syn::parse::{Parse, ParseStream};
use syn::spanned::Spanned;
use syn::{
    braced, parenthesized, Attribute, Expr, Ident, Lit, Path, Token, Type, UnOp, Visibility,
};

use crate::model::{
    Decide, Deco, Every, FlagSource, FlagTest, Guard, Kind, Leaf, Node, Policy, StatusName, Tree,
};

/// Every tree of one `tree!` invocation.
pub struct Input {
    pub trees: Vec<Tree>,
}

impl Parse for Input {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let mut trees = Vec::new();
        while !input.is_empty() {
            trees.push(parse_tree(input)?);
        }
        if trees.is_empty() {
            return Err(syn::Error::new(
                Span::call_site(),
                "expected a tree: `tree Name for Agent { … }`",
            ));
        }
        Ok(Input { trees })
    }
}

fn parse_tree(input: ParseStream) -> syn::Result<Tree> {
    let attrs = input.call(Attribute::parse_outer)?;
    let vis: Visibility = input.parse()?;
    let kw: Ident = input.call(Ident::parse_any)?;
    if kw != "tree" {
        return Err(syn::Error::new(
            kw.span(),
            format!("expected `tree`, found `{kw}`: a tree is declared as `tree Name for Agent {{ … }}`"),
        ));
    }
    let name: Ident = input.parse()?;
    input.parse::<Token![for]>().map_err(|e| {
        syn::Error::new(
            e.span(),
            "expected `for` and the agent type: `tree Name for Agent { … }`",
        )
    })?;
    let agent: Type = input.parse()?;
    let body;
    braced!(body in input);
    let mut parser = Parser::default();
    // A syntax error inside the body does not end the invocation: the tree
    // keeps its header, so the fallback can still declare its type (the
    // user sees the one real error, not a second "cannot find type"), and
    // the trees after it are still parsed and checked.
    let parsed = if body.is_empty() {
        Err(syn::Error::new(
            name.span(),
            "empty tree: write its root node between the braces, e.g. `priority { … }`",
        ))
    } else {
        // The body is parsed on its own (`Parser::parse2` on its tokens), so
        // that an error in it stays its own and the rest of the
        // invocation goes on.
        let tokens: proc_macro2::TokenStream = body.parse()?;
        let root = |body: ParseStream| {
            parser.node(body, None, 0, None, None)?;
            if body.is_empty() {
                Ok(())
            } else {
                Err(body.error("expected `}`: a tree has exactly one root node; group several nodes in a composite such as `priority { … }`"))
            }
        };
        syn::parse::Parser::parse2(root, tokens)
    };
    if let Err(e) = parsed {
        parser.nodes.clear();
        parser.errors.push(e);
    }
    Ok(Tree {
        attrs,
        vis,
        name,
        agent,
        nodes: parser.nodes,
        errors: parser.errors,
    })
}

#[derive(Default)]
struct Parser {
    nodes: Vec<Node>,
    errors: Vec<syn::Error>,
}

impl Parser {
    /// Parses one node and its subtree; returns its id.
    fn node(
        &mut self,
        input: ParseStream,
        parent: Option<usize>,
        depth: usize,
        name_ident: Option<Ident>,
        guard: Option<Guard>,
    ) -> syn::Result<usize> {
        let id = self.nodes.len();
        let span = input.span();
        let keyword = peek_keyword(input)?;
        let kind = match keyword {
            Some(Keyword::Composite(policy)) => {
                let keyword: Ident = input.call(Ident::parse_any)?;
                let behavior =
                    if input.peek(Ident) && input.fork().call(Ident::parse_any)? == "with" {
                        input.call(Ident::parse_any)?;
                        Some(parse_leaf(input, false)?)
                    } else {
                        None
                    };
                Kind::Composite {
                    policy,
                    keyword,
                    behavior,
                }
            }
            Some(Keyword::Decorator) => {
                let keyword: Ident = input.call(Ident::parse_any)?;
                let deco = parse_deco(&keyword, input)?;
                Kind::Decorator { deco, keyword }
            }
            Some(Keyword::Parallel) => {
                let keyword: Ident = input.call(Ident::parse_any)?;
                let concurrent = keyword == "concurrent";
                let (success, failure) = if concurrent {
                    (None, None)
                } else {
                    parse_thresholds(&keyword, input)?
                };
                Kind::Parallel {
                    keyword,
                    concurrent,
                    success,
                    failure,
                }
            }
            Some(Keyword::Condition) => {
                let keyword: Ident = input.call(Ident::parse_any)?;
                let args;
                parenthesized!(args in input);
                let func: Expr = args.parse()?;
                if !args.is_empty() {
                    return Err(args
                        .error("expected `)`: `condition(Agent::is_hungry)` takes one function"));
                }
                let _ = keyword;
                Kind::Condition { func }
            }
            Some(Keyword::Builtin) => Kind::Behavior(parse_builtin(input)?),
            Some(Keyword::Subtree) => {
                input.call(Ident::parse_any)?;
                let name: Ident = input.parse().map_err(|e| {
                    syn::Error::new(
                        e.span(),
                        "expected the name of a tree declared in this `tree!`: `subtree Patrol`",
                    )
                })?;
                Kind::Subtree { name }
            }
            None => Kind::Behavior(parse_leaf(input, true)?),
        };
        let has_children = !matches!(
            kind,
            Kind::Behavior(_) | Kind::Condition { .. } | Kind::Subtree { .. }
        );
        let name = match (&name_ident, parent) {
            (Some(n), _) => n.to_string(),
            (None, None) => "root".to_string(),
            (None, Some(_)) => default_name(&kind),
        };
        let span = match &kind {
            Kind::Composite { keyword, .. }
            | Kind::Decorator { keyword, .. }
            | Kind::Parallel { keyword, .. } => keyword.span(),
            _ => span,
        };
        self.nodes.push(Node {
            id,
            parent,
            depth,
            name,
            name_ident,
            span,
            kind,
            guard,
            children: Vec::new(),
        });
        if has_children {
            let content;
            braced!(content in input);
            let mut children = Vec::new();
            while !content.is_empty() {
                children.push(self.slot(&content, id, depth + 1)?);
                if content.is_empty() {
                    break;
                }
                content.parse::<Token![,]>().map_err(|e| {
                    syn::Error::new(e.span(), "expected `,` between the children of a composite")
                })?;
            }
            self.disambiguate(&children);
            self.nodes[id].children = children;
        }
        Ok(id)
    }

    /// Unnamed siblings whose derived names collide (`sequence { Step,
    /// Step }`) get their child index appended (`Step_1`), so every path is
    /// distinct. Written names are never changed: a duplicate written name is
    /// an error (`check`).
    fn disambiguate(&mut self, children: &[usize]) {
        let colliding: Vec<bool> = children
            .iter()
            .map(|&c| {
                self.nodes[c].name_ident.is_none()
                    && children
                        .iter()
                        .any(|&o| o != c && self.nodes[o].name == self.nodes[c].name)
            })
            .collect();
        for (i, (&c, collides)) in children.iter().zip(colliding).enumerate() {
            if collides {
                self.nodes[c].name = format!("{}_{i}", self.nodes[c].name);
            }
        }
    }

    /// `[name :] [when(…) =>] node`
    fn slot(&mut self, input: ParseStream, parent: usize, depth: usize) -> syn::Result<usize> {
        let name = if input.peek(Ident) && input.peek2(Token![:]) && !input.peek2(Token![::]) {
            let name = input.call(Ident::parse_any)?;
            input.parse::<Token![:]>()?;
            Some(name)
        } else {
            None
        };
        let guard = if input.peek(Ident) && input.fork().call(Ident::parse_any)? == "when" {
            let when = input.call(Ident::parse_any)?;
            let items;
            parenthesized!(items in input);
            let guard = self.guard(when, &items)?;
            input.parse::<Token![=>]>().map_err(|e| {
                syn::Error::new(e.span(), "expected `=>` after the guard: `when(…) => Node`")
            })?;
            Some(guard)
        } else {
            None
        };
        self.node(input, Some(parent), depth, name, guard)
    }

    /// The items inside `when( … )`.
    fn guard(&mut self, when: Ident, input: ParseStream) -> syn::Result<Guard> {
        let mut guard = Guard {
            when,
            flags: Vec::new(),
            every: None,
            decide: None,
            recheck: None,
            redecide: None,
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

    fn guard_item(&mut self, guard: &mut Guard, input: ParseStream) -> syn::Result<()> {
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
                    mask,
                });
            }
            "every" => {
                let args;
                parenthesized!(args in input);
                let expr: Expr = args.parse()?;
                let every = match number(&expr) {
                    Some(seconds) => Every {
                        seconds,
                        span: expr.span(),
                    },
                    None => return Err(syn::Error::new(
                        expr.span(),
                        "expected a duration in seconds as a number literal, e.g. `every(30.0)`",
                    )),
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
                    self.errors.push(syn::Error::new(
                        key.span(),
                        "a guard has at most one decide (`decide = …` or `dblock = …`)",
                    ));
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

const EXPECTED_GUARD_ITEM: &str =
    "expected a guard item: `any(MASK)`, `all(MASK)`, `none(MASK)`, `not_all(MASK)`, \
     `stimuli_any(MASK)` (and `stimuli_all`, `stimuli_none`, `stimuli_not_all`), `every(SECONDS)`, \
     `decide = FUNCTION`, `dblock = FUNCTION`, `recheck` or `redecide`";

fn duplicate(key: &Ident) -> syn::Error {
    syn::Error::new(key.span(), format!("`{key}` is given twice in this guard"))
}

/// What a node starting with a keyword is.
enum Keyword {
    Composite(Policy),
    Decorator,
    Parallel,
    Condition,
    Builtin,
    Subtree,
}

const BUILTINS: [&str; 3] = ["succeed", "fail", "wait"];

/// If the input starts with a node keyword, which kind. A lowercase
/// identifier that is no keyword, where a node is expected, is an error:
/// behavior types are types (`Flee`, `path::Flee`), so it is most likely a
/// misspelt keyword.
fn peek_keyword(input: ParseStream) -> syn::Result<Option<Keyword>> {
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
        w if Deco::KEYWORDS.contains(&w) => Some(Keyword::Decorator),
        "parallel" | "concurrent" => Some(Keyword::Parallel),
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
        kinds.extend(Deco::KEYWORDS);
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

/// The name of a node that was not given one.
fn default_name(kind: &Kind) -> String {
    match kind {
        Kind::Behavior(leaf) => leaf
            .ty
            .segments
            .last()
            .map_or_else(|| "behavior".to_string(), |s| s.ident.to_string()),
        Kind::Composite { policy, .. } => policy.keyword().to_string(),
        Kind::Decorator { keyword, .. } | Kind::Parallel { keyword, .. } => keyword.to_string(),
        Kind::Condition { .. } => "condition".to_string(),
        Kind::Subtree { name } => name.to_string(),
    }
}

/// The arguments of a decorator keyword.
fn parse_deco(keyword: &Ident, input: ParseStream) -> syn::Result<Deco> {
    let k = keyword.to_string();
    if k == "invert" {
        return Ok(Deco::Invert);
    }
    let args;
    parenthesized!(args in input);
    let deco = match k.as_str() {
        "force" | "always" => {
            let status: Ident = args.parse()?;
            let name = match status.to_string().as_str() {
                "Success" => StatusName::Success,
                "Failure" => StatusName::Failure,
                "Running" if k == "always" => StatusName::Running,
                _ => {
                    let allowed = if k == "force" {
                        "`Success` or `Failure`"
                    } else {
                        "`Success`, `Failure` or `Running`"
                    };
                    return Err(syn::Error::new(
                        status.span(),
                        format!("expected {allowed}: `{k}(Success) {{ … }}`"),
                    ));
                }
            };
            if k == "force" {
                Deco::Force(name)
            } else {
                Deco::Always(name)
            }
        }
        "repeat" if args.peek(Ident) => {
            let forever: Ident = args.parse()?;
            if forever != "forever" {
                return Err(syn::Error::new(
                    forever.span(),
                    "expected a count or `forever`: `repeat(3) { … }`, `repeat(forever) { … }`",
                ));
            }
            Deco::Repeat(None)
        }
        "repeat" | "retry" => {
            let n: syn::LitInt = args.parse().map_err(|e| {
                syn::Error::new(e.span(), format!("expected a count: `{k}(3) {{ … }}`"))
            })?;
            let n = n.base10_parse::<u64>()?;
            if k == "repeat" {
                Deco::Repeat(Some(n))
            } else {
                Deco::Retry(n)
            }
        }
        _ => {
            let expr: Expr = args.parse()?;
            let seconds = number(&expr).ok_or_else(|| {
                syn::Error::new(
                    expr.span(),
                    format!("expected a duration in seconds as a number literal, e.g. `{k}(2.5)`"),
                )
            })?;
            match k.as_str() {
                "cooldown_on_failure" => Deco::CooldownOnFailure(seconds),
                "cooldown" => Deco::Cooldown(seconds),
                "timeout" => Deco::Timeout(seconds),
                _ => Deco::Delay(seconds),
            }
        }
    };
    if !args.is_empty() {
        return Err(args.error(format!("expected `)`: `{k}` takes one argument")));
    }
    Ok(deco)
}

type Threshold = Option<(usize, Span)>;

/// `parallel(all)`, `parallel(any)`, `parallel(success >= n, failure >= m)`.
fn parse_thresholds(keyword: &Ident, input: ParseStream) -> syn::Result<(Threshold, Threshold)> {
    const EXPECTED: &str = "expected a parallel policy: `parallel(all)`, `parallel(any)` or thresholds `parallel(success >= 2, failure >= 1)`";
    if !input.peek(syn::token::Paren) {
        return Err(syn::Error::new(keyword.span(), EXPECTED));
    }
    let args;
    parenthesized!(args in input);
    let first: Ident = args
        .call(Ident::parse_any)
        .map_err(|e| syn::Error::new(e.span(), EXPECTED))?;
    match first.to_string().as_str() {
        "all" => return Ok((None, Some((1, first.span())))),
        "any" => return Ok((Some((1, first.span())), None)),
        _ => {}
    }
    let mut success = None;
    let mut failure = None;
    let mut key = first;
    loop {
        args.parse::<Token![>=]>()
            .map_err(|e| syn::Error::new(e.span(), "expected `>=`: `success >= 2`"))?;
        let n: syn::LitInt = args.parse()?;
        let value = (n.base10_parse::<usize>()?, n.span());
        match key.to_string().as_str() {
            "success" => success = Some(value),
            "failure" => failure = Some(value),
            _ => return Err(syn::Error::new(key.span(), EXPECTED)),
        }
        if args.is_empty() {
            break;
        }
        args.parse::<Token![,]>()?;
        key = args.call(Ident::parse_any)?;
    }
    Ok((success, failure))
}

/// `succeed`, `fail`, `wait(d)` (SPEC L7).
fn parse_builtin(input: ParseStream) -> syn::Result<Leaf> {
    let keyword: Ident = input.call(Ident::parse_any)?;
    let span = keyword.span();
    let (ty, ctor, timed): (Path, Option<Expr>, bool) = match keyword.to_string().as_str() {
        "succeed" => (
            syn::parse_quote_spanned!(span=> ::deciders::__private::builtin::Succeed),
            None,
            false,
        ),
        "fail" => (
            syn::parse_quote_spanned!(span=> ::deciders::__private::builtin::Fail),
            None,
            false,
        ),
        _ => {
            let args;
            parenthesized!(args in input);
            let expr: Expr = args.parse()?;
            let seconds = number(&expr).filter(|s| s.is_finite() && *s > 0.0).ok_or_else(|| {
                syn::Error::new(expr.span(), "expected a positive duration in seconds as a number literal, e.g. `wait(2.5)`")
            })?;
            (
                syn::parse_quote_spanned!(span=> ::deciders::__private::builtin::Wait),
                Some(
                    syn::parse_quote_spanned!(span=> ::deciders::__private::builtin::Wait::new(#seconds)),
                ),
                true,
            )
        }
    };
    Ok(Leaf {
        ty,
        ctor,
        span,
        timed,
    })
}

/// A leaf: the behavior type and the expression that builds its memory.
fn parse_leaf(input: ParseStream, allow_brace: bool) -> syn::Result<Leaf> {
    let expr: Expr = if allow_brace {
        input.parse()
    } else {
        Expr::parse_without_eager_brace(input)
    }
    .map_err(|e| syn::Error::new(e.span(), "expected a node: a composite such as `priority { … }` or a behavior such as `Flee`, `Patrol::new(5.0)` or `Patrol { radius: 5.0 }`"))?;
    let span = expr.span();
    let (ty, ctor) = match &expr {
        Expr::Path(p) if p.qself.is_none() => (p.path.clone(), None),
        Expr::Struct(s) if s.qself.is_none() => (s.path.clone(), Some(expr.clone())),
        Expr::Call(call) => match &*call.func {
            Expr::Path(p) if p.qself.is_none() => {
                let mut ty: Path = p.path.clone();
                if ty.segments.len() > 1 {
                    // `Type::ctor(args)`: the type is the path without the
                    // constructor's name.
                    ty.segments.pop();
                    let last = ty.segments.pop().map(|pair| pair.into_value());
                    if let Some(last) = last {
                        ty.segments.push(last);
                    }
                }
                (ty, Some(expr.clone()))
            }
            _ => return Err(not_a_behavior(span)),
        },
        _ => return Err(not_a_behavior(span)),
    };
    Ok(Leaf {
        ty,
        ctor,
        span,
        timed: false,
    })
}

fn not_a_behavior(span: Span) -> syn::Error {
    syn::Error::new(
        span,
        "expected a behavior: a type (`Flee`), a struct literal (`Patrol { radius: 5.0 }`), \
         a tuple struct (`Say(\"hi\")`) or a constructor call (`Patrol::new(5.0)`)",
    )
}

/// A number literal, possibly negated.
fn number(expr: &Expr) -> Option<f64> {
    match expr {
        Expr::Lit(l) => match &l.lit {
            Lit::Float(f) => f.base10_parse::<f64>().ok(),
            Lit::Int(i) => i.base10_parse::<f64>().ok(),
            _ => None,
        },
        Expr::Unary(u) if matches!(u.op, UnOp::Neg(_)) => number(&u.expr).map(|v| -v),
        Expr::Paren(p) => number(&p.expr),
        _ => None,
    }
}

/// The candidate closest to `word` by edit distance, if close enough.
pub fn closest<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    candidates
        .iter()
        .map(|c| (edit_distance(word, c), *c))
        .filter(|(d, c)| *d <= 2.max(c.len() / 3))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != *cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}
