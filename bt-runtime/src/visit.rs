//! [`Visitor`]: what a walk over the active path hands to the caller (I1,
//! I3).
//!
//! A generated tree walks its active path root first and calls one method
//! per node, with the node's static info and, where the node has any, its
//! data: a behavior's memory (leaf or group behavior) or a decorator's
//! memory. Tools written once over this trait — the active path
//! ([`Tree::active_path`](crate::Tree::active_path)), a state dump, per-node
//! status — work for every tree, whatever its node kinds.

use crate::behavior::Behavior;
use crate::ctx::Ctx;
use crate::decorator::Decorator;
use crate::shape::NodeInfo;

/// A visitor of a tree's active path, root first, depth first. Every method
/// has a default that does nothing, so a visitor writes only what it needs.
///
/// Memories are `'static` (a tree's state owns them), so a visitor that
/// knows some of the types can read them through [`core::any::Any`].
///
/// ```
/// use deciders::{Behavior, NodeInfo, Visitor};
/// /// Counts the behaviors on the path.
/// struct Count(usize);
/// impl<A, W> Visitor<A, W> for Count {
///     fn behavior<B: Behavior<A, W> + 'static>(&mut self, _node: &'static NodeInfo, _memory: &B) {
///         self.0 += 1;
///     }
/// }
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a visitor for agent `{A}` and world `{W}`: it needs `impl Visitor<{A}, {W}> for {Self}`",
    label = "not a `Visitor<{A}, {W}>`",
    note = "every hook of `Visitor` has a default: implement those you need (`node`, `behavior`, `decorator`)"
)]
pub trait Visitor<A, W = ()> {
    /// A node that holds no data of its own: a composite without a group
    /// behavior, a `parallel`, a condition, a `subtree` reference.
    #[inline(always)]
    fn node(&mut self, node: &'static NodeInfo) {
        let _ = node;
    }

    /// A behavior on the path, with its memory: a leaf, or the group
    /// behavior of a composite (then `node` is the composite).
    #[inline(always)]
    fn behavior<B: Behavior<A, W> + 'static>(&mut self, node: &'static NodeInfo, memory: &B) {
        let _ = (node, memory);
    }

    /// A decorator on the path, with its memory.
    #[inline(always)]
    fn decorator<D: Decorator<A, W> + 'static>(&mut self, node: &'static NodeInfo, memory: &D) {
        let _ = (node, memory);
    }
}

/// Calls a function on every node of the path: what `active_path` is.
#[derive(Debug)]
pub struct EachNode<F>(pub F);

impl<A, W, F: FnMut(&'static NodeInfo)> Visitor<A, W> for EachNode<F> {
    #[inline(always)]
    fn node(&mut self, node: &'static NodeInfo) {
        (self.0)(node);
    }
    #[inline(always)]
    fn behavior<B: Behavior<A, W> + 'static>(&mut self, node: &'static NodeInfo, _memory: &B) {
        (self.0)(node);
    }
    #[inline(always)]
    fn decorator<D: Decorator<A, W> + 'static>(&mut self, node: &'static NodeInfo, _memory: &D) {
        (self.0)(node);
    }
}

/// A walk over the active path that may change what it reaches (I1, O2):
/// root first, depth first, each node with the agent and the context, and
/// a behavior's or a decorator's memory by `&mut`. What the lifecycle's
/// `pause` and `resume`, a debugger poking at an agent, or a save game
/// restoring a behavior's fields need. Every method has a default that does
/// nothing.
///
/// ```
/// use deciders::{Behavior, Ctx, NodeInfo, VisitorMut};
/// struct Guard { log: Vec<&'static str> }
/// /// Logs into the agent every node it reaches.
/// struct Roll;
/// impl<W> VisitorMut<Guard, W> for Roll {
///     fn node(&mut self, node: &'static NodeInfo, g: &mut Guard, _: &mut Ctx<W>) {
///         g.log.push(node.name);
///     }
///     fn behavior<B: Behavior<Guard, W> + 'static>(
///         &mut self, node: &'static NodeInfo, _memory: &mut B, g: &mut Guard, _: &mut Ctx<W>,
///     ) {
///         g.log.push(node.name);
///     }
/// }
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a mutable visitor for agent `{A}` and world `{W}`: it needs `impl VisitorMut<{A}, {W}> for {Self}`",
    label = "not a `VisitorMut<{A}, {W}>`",
    note = "every hook of `VisitorMut` has a default: implement those you need (`node`, `behavior`, `decorator`)"
)]
pub trait VisitorMut<A, W = ()> {
    /// A node that holds no data of its own: a composite without a group
    /// behavior, a `parallel`, a condition, a `subtree` reference.
    #[inline(always)]
    fn node(&mut self, node: &'static NodeInfo, agent: &mut A, ctx: &mut Ctx<W>) {
        let _ = (node, agent, ctx);
    }

    /// A behavior on the path, with its memory: a leaf, or the group
    /// behavior of a composite (then `node` is the composite).
    #[inline(always)]
    fn behavior<B: Behavior<A, W> + 'static>(
        &mut self,
        node: &'static NodeInfo,
        memory: &mut B,
        agent: &mut A,
        ctx: &mut Ctx<W>,
    ) {
        let _ = (node, memory, agent, ctx);
    }

    /// A decorator on the path, with its memory.
    #[inline(always)]
    fn decorator<D: Decorator<A, W> + 'static>(
        &mut self,
        node: &'static NodeInfo,
        memory: &mut D,
        agent: &mut A,
        ctx: &mut Ctx<W>,
    ) {
        let _ = (node, memory, agent, ctx);
    }
}
