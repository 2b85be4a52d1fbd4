//! The invocation and each tree's header: the optional `#![crate = …]`,
//! `attrs vis tree Name for Agent`, the options after the agent type
//! (`world`, `rng`, `events`), and the body handed to the node parser
//! (`node.rs`) on its own, so that a syntax error in one tree leaves the
//! others parsed.

use proc_macro2::{Span, TokenStream};
use syn::ext::IdentExt;
use syn::parse::ParseStream;

use crate::diag::Diagnostics;
use syn::{braced, Attribute, Ident, Token, Type, Visibility};

use super::node::*;
use super::world;
use crate::model::Tree;

/// Every tree of one `tree!` invocation.
pub struct Input {
    /// The path of the façade crate, `$crate` as the `deciders::tree!`
    /// wrapper passes it (`#![crate = $crate]`), so that a tree works through
    /// a renamed dependency or a crate re-exporting `tree!`; `::deciders`
    /// when the proc macro is invoked without it.
    pub krate: TokenStream,
    pub trees: Vec<Tree>,
    /// Whether some node was reported for being nested deeper than
    /// [`MAX_DEPTH`].
    pub too_deep: bool,
}

impl Input {
    /// `#krate::__private`: the one path generated code names the runtime by.
    pub fn rt(&self) -> TokenStream {
        let krate = &self.krate;
        quote::quote!(#krate::__private)
    }
}

/// The optional `#![crate = PATH]` header the `deciders::tree!` wrapper
/// puts before the trees; `::deciders` without it.
pub(super) fn parse_krate(input: ParseStream) -> syn::Result<TokenStream> {
    if !(input.peek(Token![#]) && input.peek2(Token![!])) {
        return Ok(quote::quote!(::deciders));
    }
    input.parse::<Token![#]>()?;
    input.parse::<Token![!]>()?;
    let header;
    syn::bracketed!(header in input);
    let expected = "expected `#![crate = path::to::deciders]`: the only inner attribute of `tree!` names the `deciders` crate";
    if !header.peek(Token![crate]) {
        return Err(header.error(expected));
    }
    header.parse::<Token![crate]>()?;
    header
        .parse::<Token![=]>()
        .map_err(|e| syn::Error::new(e.span(), expected))?;
    let krate: TokenStream = header.parse()?;
    if krate.is_empty() {
        return Err(header.error(expected));
    }
    Ok(krate)
}

/// Every tree of the invocation, each one's errors that leave the syntax
/// readable pushed to `diagnostics` (one [`Diagnostics`] per tree, in the
/// order of the trees); a syntax error outside the trees' bodies is the
/// `Err`.
pub fn input(input: ParseStream, diagnostics: &mut Vec<Diagnostics>) -> syn::Result<Input> {
    {
        let krate = parse_krate(input)?;
        let mut trees = Vec::new();
        let mut too_deep = false;
        while !input.is_empty() {
            let mut errors = Diagnostics::default();
            let (tree, deep) = parse_tree(input, &mut errors)?;
            diagnostics.push(errors);
            trees.push(tree);
            too_deep |= deep;
        }
        if trees.is_empty() {
            return Err(syn::Error::new(
                Span::call_site(),
                "expected a tree: `tree Name for Agent { … }`",
            ));
        }
        Ok(Input {
            krate,
            trees,
            too_deep,
        })
    }
}

/// The lifetimes of a world that borrows (`world<'w> = Frame<'w>`): the
/// state type serves every frame's borrow, so the world's lifetimes are
/// parameters of every generated `impl`, and nothing else may be.
pub(super) fn world_lifetimes(input: ParseStream) -> syn::Result<syn::Generics> {
    let generics: syn::Generics = input.parse()?;
    for param in &generics.params {
        if !matches!(param, syn::GenericParam::Lifetime(_)) {
            return Err(syn::Error::new_spanned(
                param,
                "a world's parameters are lifetimes only: `world<'w> = Frame<'w>`",
            ));
        }
    }
    if generics.params.is_empty() {
        return Err(syn::Error::new_spanned(
            &generics,
            "expected a lifetime: `world<'w> = Frame<'w>`",
        ));
    }
    Ok(generics)
}

/// What the header says after the agent type.
pub(super) struct Options {
    world: Option<Type>,
    world_generics: syn::Generics,
    rng: Option<Type>,
    events: Option<Type>,
    stimuli: Option<(Type, Option<Type>)>,
}

/// The header after the agent type: `, world = W` (or `world<'w> =
/// W<'w>`), `, rng = R`, `, events = E`, in any order, each at most once.
pub(super) fn options(input: ParseStream) -> syn::Result<Options> {
    let mut world: Option<Type> = None;
    let mut world_generics = syn::Generics::default();
    let mut rng: Option<Type> = None;
    let mut events: Option<Type> = None;
    let mut stimuli: Option<(Type, Option<Type>)> = None;
    while input.peek(Token![,]) {
        input.parse::<Token![,]>()?;
        let key: Ident = input.call(Ident::parse_any)?;
        if key == "stimuli" {
            if stimuli.is_some() {
                return Err(syn::Error::new(
                    key.span(),
                    format!("`{key}` is given twice"),
                ));
            }
            input.parse::<Token![=]>()?;
            stimuli = Some(stimuli_decl(input)?);
            continue;
        }
        let slot = match key.to_string().as_str() {
            "world" => &mut world,
            "rng" => &mut rng,
            "events" => &mut events,
            _ => {
                return Err(syn::Error::new(
                    key.span(),
                    format!("expected `world = Type`, `events = Type`, `stimuli = Kinds(Payload)` or `rng = Type` after the agent type, found `{key}`: `tree Name for Agent, world = World {{ … }}`"),
                ))
            }
        };
        if slot.is_some() {
            return Err(syn::Error::new(
                key.span(),
                format!("`{key}` is given twice"),
            ));
        }
        if key == "world" && input.peek(Token![<]) {
            world_generics = world_lifetimes(input)?;
        }
        input.parse::<Token![=]>()?;
        *slot = Some(input.parse()?);
    }
    Ok(Options {
        world,
        world_generics,
        rng,
        events,
        stimuli,
    })
}

/// After `stimuli =`: the stimulus set, and its payload in parentheses
/// (`Stim(u32)`; `()` when not written).
fn stimuli_decl(input: ParseStream) -> syn::Result<(Type, Option<Type>)> {
    let kinds: Type = input.parse()?;
    if !input.peek(syn::token::Paren) {
        return Ok((kinds, None));
    }
    let inner;
    let parens = syn::parenthesized!(inner in input);
    let payload: Type = inner.parse()?;
    if !inner.is_empty() {
        return Err(syn::Error::new(
            parens.span.join(),
            "expected one payload type in the parentheses: `stimuli = Stim(u32)`; several values go in a tuple or a struct, `Stim((u32, f32))`",
        ));
    }
    Ok((kinds, Some(payload)))
}

/// One tree, and whether a node of it was nested too deeply; the errors
/// that leave its syntax readable go to `errors`.
pub(super) fn parse_tree(
    input: ParseStream,
    errors: &mut Diagnostics,
) -> syn::Result<(Tree, bool)> {
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
    let Options {
        world,
        world_generics,
        rng,
        events,
        stimuli,
    } = options(input)?;
    let world = world.unwrap_or_else(|| syn::parse_quote!(()));
    let body;
    braced!(body in input);
    // Reported with the body's errors; the tree keeps the world as meant.
    let (world, world_generics) = world::declare(world, world_generics, errors);
    let mut parser = Parser::new(events.clone(), errors);
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
            parser.declarations(body, &name)?;
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
    let too_deep = parser.too_deep.is_some();
    let (vars, stamps) = (parser.vars, parser.stamps);
    let tree = Tree {
        attrs,
        vis,
        name,
        agent,
        world,
        world_generics,
        rng,
        events,
        stimuli,
        vars,
        stamps,
        nodes: parser.nodes,
    };
    Ok((tree, too_deep))
}
