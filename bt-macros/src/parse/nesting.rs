//! The cut before the parse: token groups nested deeper than
//! [`MAX_TOKEN_NESTING`](super::MAX_TOKEN_NESTING) lose their contents,
//! without recursion, so that nothing after it can overflow the stack.

use proc_macro2::{Delimiter, Group, Span, TokenStream, TokenTree};

use super::MAX_TOKEN_NESTING;

/// `input` with the contents of every token group nested deeper than
/// [`MAX_TOKEN_NESTING`] removed, and the span of the first such group; or
/// `input` unchanged (the usual case) if there is none. Iterative: it runs
/// before anything that recurses over the tokens.
pub fn limit_nesting(input: TokenStream) -> (TokenStream, Option<Span>) {
    if !nested_deeper_than(&input, MAX_TOKEN_NESTING) {
        return (input, None);
    }
    // Rebuilt only when needed: a rebuilt group keeps its span but loses
    // the separate spans of its delimiters.
    struct Frame {
        tokens: proc_macro2::token_stream::IntoIter,
        out: Vec<TokenTree>,
        group: Option<(Delimiter, Span)>,
    }
    let mut cut = None;
    let mut stack = vec![Frame {
        tokens: input.into_iter(),
        out: Vec::new(),
        group: None,
    }];
    loop {
        let depth = stack.len();
        let Some(top) = stack.last_mut() else {
            return (TokenStream::new(), cut);
        };
        match top.tokens.next() {
            Some(TokenTree::Group(g)) if depth > MAX_TOKEN_NESTING => {
                cut.get_or_insert(g.span());
                let mut empty = Group::new(g.delimiter(), TokenStream::new());
                empty.set_span(g.span());
                top.out.push(TokenTree::Group(empty));
            }
            Some(TokenTree::Group(g)) => stack.push(Frame {
                tokens: g.stream().into_iter(),
                out: Vec::new(),
                group: Some((g.delimiter(), g.span())),
            }),
            Some(tt) => top.out.push(tt),
            None => {
                let Some(done) = stack.pop() else { continue };
                let stream: TokenStream = done.out.into_iter().collect();
                match (done.group, stack.last_mut()) {
                    (Some((delimiter, span)), Some(parent)) => {
                        let mut g = Group::new(delimiter, stream);
                        g.set_span(span);
                        parent.out.push(TokenTree::Group(g));
                    }
                    _ => return (stream, cut),
                }
            }
        }
    }
}

/// Whether some token group of `input` is nested more than `limit` deep.
pub(super) fn nested_deeper_than(input: &TokenStream, limit: usize) -> bool {
    let mut stack = vec![input.clone().into_iter()];
    while let Some(top) = stack.last_mut() {
        match top.next() {
            Some(TokenTree::Group(g)) => {
                if stack.len() > limit {
                    return true;
                }
                stack.push(g.stream().into_iter());
            }
            Some(_) => {}
            None => {
                stack.pop();
            }
        }
    }
    false
}
