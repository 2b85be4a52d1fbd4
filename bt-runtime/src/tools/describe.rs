//! A tree state as text (I1): its active path, or its whole tree with the
//! active path marked, one line per node, indented by depth. What a game's
//! debug overlay or a log shows of an agent's state.
//!
//! - [`write_state`]: the active path, root first;
//! - [`write_tree`]: every node of the tree's shape, the active ones marked
//!   `*`;
//! - [`write_state_io`] and [`write_tree_io`]: the same into an
//!   [`io::Write`] (a file, `stdout`; wrap it in a `BufWriter`).
//!
//! Every generated tree also has `state.describe(&mut out)`, which is
//! [`write_state`]. The functions write into any [`fmt::Write`] (a
//! `String` you reuse, a `Formatter`) and allocate nothing themselves: the
//! walk is the state's [`visit_active`](crate::Tree::visit_active), and
//! what nests referenced trees is a fixed array.
//!
//! # What a line shows
//!
//! The first line names the tree and its clock: `Creature at 1.50 s`
//! ([`Tree::now`]; always 0 for a tree with no time-based node, T2),
//! and, when its next tick is one a [`Crowd`](crate::crowd::Crowd) would
//! skip ([`Tree::wake`], Z2), until when: `, could sleep until 3.50 s`
//! (a deadline) or `, could sleep until an input changes`. Then
//! one line per node, two spaces of indentation per level below the root
//! (a referenced tree's nodes are indented below the `subtree` node that
//! stands for its root), with, in this order:
//!
//! - the node's name and `: ` (left out when the name is the kind's
//!   keyword, as for an unnamed `sequence`), the kind's keyword
//!   ([`NodeKind::keyword`]: `priority`, `behavior`, `timeout`, …), the
//!   behavior type unless it is the name (`with Type` for a group
//!   behavior), and the node's [`args`](NodeInfo::args) in parentheses
//!   (`parallel(success >= 2)`, `timeout(1.5s)`, `repeat(3)`; after a
//!   space for `subtree`);
//! - ` = ` and the memory of an active behavior or decorator, through its
//!   `Debug` when its type implements it ([`Visitor::memory`]): what the
//!   behavior keeps, the counters of `repeat` and `retry`, when a `wait`,
//!   a `timeout` or a `delay` started on the tree clock;
//! - `, active for 0.40 s` for a node that knows since when it is active:
//!   the built-in `wait`, `timeout` and `delay`;
//! - `, kept …` for each piece of the node's persistent state
//!   ([`Tree::persistent`]): its `every` timer (`Every { seconds: 3.0,
//!   last: 1.2 }`, `last: never` before it first fired), a cooldown's
//!   timer, `run_once`'s stored status, a `decorate(…)`'s `Persist`. Only
//!   for the nodes of the tree itself: the persistent state of a
//!   referenced tree's nodes is not shown.
//!
//! Memories and persistent state are written whole, with `{:?}`: no
//! precision is applied (one would cut `true` to `tr`, as it cuts any text
//! a `Debug` writes with padding). Floats show all their digits
//! (`since: 0.25`); the header's clock and "active for" have two decimals.
//!
//! **No text is written raw.** In every part of a line — the tree's and
//! the nodes' names, types and arguments, memories, persistent state —
//! each control character is written as `{:?}` writes it in a string
//! (`\n`, `\r`, `\t`, `\0`, else `\u{1b}`), and so are the characters
//! that break, reorder or hide text (U+0085, U+2028, U+2029, the
//! bidirectional marks, embeddings, overrides and isolates, the
//! zero-width characters and U+FEFF): a memory whose `Debug` holds a
//! newline cannot forge a node line, and an ANSI escape sequence never
//! reaches the terminal. Other text, quotes and backslashes included, is
//! written as it is.
//!
//! [`write_state`] writes `(nothing active)` after the first line when no
//! node is active. [`write_tree`] starts the line of every active node
//! with `* ` and of every other node with two spaces; inactive nodes have
//! no memory, only their persistent state.
//!
//! **Timing.** A tree state keeps no per-node activation time (a tree state
//! holds only what its nodes need, F3), so "active for" is shown only
//! where a node's own memory records its start. A behavior of yours can
//! record `ctx.now()` in `activate` and show it in its `Debug`.
//!
//! ```
//! use deciders::{describe, Behavior, Ctx, Frame, Status};
//!
//! struct Guard { alarm: bool }
//!
//! /// Looks around; its memory counts the turns.
//! #[derive(Debug, Default)]
//! struct Look { turns: u32 }
//! impl Behavior<Guard> for Look {
//!     fn tick(&mut self, _: &mut Guard, _: &mut Ctx) -> Status {
//!         self.turns += 1;
//!         Status::Running
//!     }
//! }
//!
//! /// No `Debug`: shown by its name and type only.
//! #[derive(Default)]
//! struct Patrol;
//! impl Behavior<Guard> for Patrol {}
//!
//! deciders::tree! {
//!     tree Post for Guard {
//!         priority {
//!             alarm: when(decide = |g: &Guard| g.alarm) => sequence {
//!                 look: retry(3) { Look },
//!                 wait(2.0),
//!             },
//!             patrol: when(every(5.0)) => Patrol,
//!         }
//!     }
//! }
//!
//! let mut state = Post::new();
//! let mut text = String::new();
//! state.tick(&mut Guard { alarm: true }, &mut Frame::new(0.5));
//! state.describe(&mut text).unwrap();
//! assert_eq!(
//!     text,
//!     "Post at 0.50 s
//! root: priority
//!   alarm: sequence
//!     look: retry(3) = Retry { failed: 0, of: 3 }
//!       Look: behavior = Look { turns: 1 }
//! "
//! );
//!
//! text.clear();
//! describe::write_tree(&state, &mut text).unwrap();
//! assert_eq!(
//!     text,
//!     "Post at 0.50 s
//! * root: priority
//! *   alarm: sequence
//! *     look: retry(3) = Retry { failed: 0, of: 3 }
//! *       Look: behavior = Look { turns: 1 }
//!       Wait: behavior
//!     patrol: behavior Patrol, kept Every { seconds: 5.0, last: never }
//! "
//! );
//! ```

use crate::base::shape::{NodeId, NodeInfo, NodeKind};
use crate::hooks::behavior::Behavior;
use crate::hooks::decorator::Decorator;
use crate::machine::tree::Tree;
use crate::nodes::builtin::Wait;
use crate::nodes::decorators::{Delay, Timeout};
use crate::visit::Visitor;
use core::any::Any;
use core::fmt::{self, Write};
use std::io;

/// Writes `state`'s active path as indented text, root first, one line per
/// node (see the [module](self) for what a line shows); `(nothing
/// active)` when no node is. Allocates nothing itself.
///
/// `state.describe(&mut out)` on a generated tree is the same.
pub fn write_state<A, W, T, O>(state: &T, out: &mut O) -> fmt::Result
where
    T: Tree<A, W>,
    O: Write + ?Sized,
{
    Describe::new(state, out, false).run()
}

/// Writes `state`'s whole tree as indented text, every node of its shape
/// in order, the active ones marked `*` (see the [module](self)).
/// Allocates nothing itself.
///
/// The nodes of a tree used through `subtree` are written when they are
/// active, below their reference; the others belong to that tree's own
/// shape, which this does not write.
pub fn write_tree<A, W, T, O>(state: &T, out: &mut O) -> fmt::Result
where
    T: Tree<A, W>,
    O: Write + ?Sized,
{
    Describe::new(state, out, true).run()
}

/// [`write_state`] into an [`io::Write`]: its first error, if any. Each
/// piece of text is one `write_all`: wrap an unbuffered writer in a
/// `BufWriter`.
pub fn write_state_io<A, W, T, O>(state: &T, out: &mut O) -> io::Result<()>
where
    T: Tree<A, W>,
    O: io::Write + ?Sized,
{
    let mut io = IoWrite { out, error: None };
    let result = write_state(state, &mut io);
    io.result(result)
}

/// [`write_tree`] into an [`io::Write`], as [`write_state_io`].
pub fn write_tree_io<A, W, T, O>(state: &T, out: &mut O) -> io::Result<()>
where
    T: Tree<A, W>,
    O: io::Write + ?Sized,
{
    let mut io = IoWrite { out, error: None };
    let result = write_tree(state, &mut io);
    io.result(result)
}

/// A [`fmt::Write`] over an [`io::Write`], keeping the first I/O error.
struct IoWrite<'a, O: ?Sized> {
    out: &'a mut O,
    error: Option<io::Error>,
}

impl<O: io::Write + ?Sized> Write for IoWrite<'_, O> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.out.write_all(s.as_bytes()).map_err(|e| {
            self.error = Some(e);
            fmt::Error
        })
    }
}

impl<O: ?Sized> IoWrite<'_, O> {
    /// The I/O error behind a formatting error, or one saying that a
    /// `Debug` implementation failed.
    fn result(self, result: fmt::Result) -> io::Result<()> {
        match (result, self.error) {
            (Ok(()), _) => Ok(()),
            (Err(_), Some(e)) => Err(e),
            (Err(_), None) => Err(io::Error::other("a Debug implementation failed")),
        }
    }
}

/// How many referenced trees can nest on one path: more than a tree can
/// (S3).
const MAX_NEST: usize = 64;

/// The address of the shape `node` is an entry of: what tells a tree's
/// nodes from those of the trees it references (two trees may have the
/// same name, never the same shape).
fn shape_of(node: &NodeInfo) -> usize {
    (node as *const NodeInfo as usize)
        .wrapping_sub(usize::from(node.id) * core::mem::size_of::<NodeInfo>())
}

/// [`Tree::persistent`] of a tree type.
type Persistent<T> = fn(&T, NodeId, &mut dyn FnMut(&dyn fmt::Debug));

/// The node whose line is written and may still get its memory.
#[derive(Clone, Copy)]
struct Open {
    node: &'static NodeInfo,
    /// A node of the described tree's own shape (its persistent state is
    /// reachable).
    own: bool,
    /// The tree clock when it was activated, if it knows.
    since: Option<f64>,
}

/// The visitor writing a state: the lines of the nodes it reaches, and in
/// the whole-tree view the inactive nodes between them.
struct Describe<'s, 'o, T, O: ?Sized> {
    state: &'s T,
    /// The state's [`Tree::persistent`].
    persistent: Persistent<T>,
    out: &'o mut O,
    /// The first error; nothing is written after it.
    result: fmt::Result,
    now: f64,
    /// The described tree's shape.
    shape: &'static [NodeInfo],
    /// Writing the whole tree, not only the active path.
    whole: bool,
    /// The next node of `shape` the whole-tree view writes.
    next: usize,
    open: Option<Open>,
    /// The referenced trees the path is in, outermost first: their shape
    /// and the depth of the node that stands for their root.
    nest: [(usize, u16); MAX_NEST],
    nested: usize,
    /// The last node reached and its depth in the whole path.
    last: Option<(&'static NodeInfo, u16)>,
}

impl<'s, 'o, T, O: Write + ?Sized> Describe<'s, 'o, T, O> {
    fn new<A, W>(state: &'s T, out: &'o mut O, whole: bool) -> Self
    where
        T: Tree<A, W>,
    {
        Describe {
            state,
            persistent: T::persistent,
            out,
            result: Ok(()),
            now: state.now(),
            shape: T::shape(),
            whole,
            next: 0,
            open: None,
            nest: [(0, 0); MAX_NEST],
            nested: 0,
            last: None,
        }
    }

    /// The header, the walk, then what follows the last active node.
    fn run<A, W>(mut self) -> fmt::Result
    where
        T: Tree<A, W>,
    {
        let tree = self.shape.first().map_or("tree", |n| n.tree);
        Escape(&mut *self.out).write_str(tree)?;
        write!(self.out, " at {:.2} s", self.now)?;
        // Z2: whether a crowd would skip its next tick, and until when.
        let wake = self.state.wake();
        match wake.deadline() {
            _ if wake.polls() => {}
            Some(t) => write!(self.out, ", could sleep until {t:.2} s")?,
            None => self.out.write_str(", could sleep until an input changes")?,
        }
        self.out.write_char('\n')?;
        let state = self.state;
        state.visit_active(&mut self);
        self.result?;
        self.close()?;
        if self.whole {
            self.quiet_until(self.shape.len())
        } else if self.last.is_none() {
            self.out.write_str("(nothing active)\n")
        } else {
            Ok(())
        }
    }

    /// Whether `node` is an entry of the described tree's shape.
    fn is_own(&self, node: &NodeInfo) -> bool {
        self.shape
            .get(usize::from(node.id))
            .is_some_and(|n| core::ptr::eq(n, node))
    }

    /// The depth of `node` in the whole path: its own depth, plus that of
    /// the `subtree` node standing for its tree's root.
    fn depth_of(&mut self, node: &'static NodeInfo) -> u16 {
        if self.is_own(node) {
            self.nested = 0;
            return node.depth;
        }
        let shape = shape_of(node);
        // The first node below a `subtree` node, in the tree it references
        // (whose root was reported as the reference).
        if let Some((last, depth)) = self.last {
            if last.kind == NodeKind::Subtree && shape_of(last) != shape {
                if self.nested < MAX_NEST {
                    self.nest[self.nested] = (shape, depth);
                    self.nested += 1;
                }
                return depth.saturating_add(node.depth);
            }
        }
        while self.nested > 0 {
            let (tree, depth) = self.nest[self.nested - 1];
            if tree == shape {
                return depth.saturating_add(node.depth);
            }
            self.nested -= 1;
        }
        node.depth
    }

    /// A node on the path: its line, after the inactive nodes before it in
    /// the whole-tree view.
    fn reach(&mut self, node: &'static NodeInfo, since: Option<f64>) {
        if self.result.is_ok() {
            self.result = self.open_line(node, since);
        }
    }

    fn open_line(&mut self, node: &'static NodeInfo, since: Option<f64>) -> fmt::Result {
        self.close()?;
        let own = self.is_own(node);
        if own && self.whole {
            self.quiet_until(usize::from(node.id))?;
            self.next = usize::from(node.id) + 1;
        }
        let depth = self.depth_of(node);
        self.last = Some((node, depth));
        if self.whole {
            self.out.write_str("* ")?;
        }
        indent(self.out, depth)?;
        label(self.out, node)?;
        self.open = Some(Open { node, own, since });
        Ok(())
    }

    /// Ends the open line: how long the node is active, its persistent
    /// state.
    fn close(&mut self) -> fmt::Result {
        let Some(open) = self.open.take() else {
            return Ok(());
        };
        if let Some(since) = open.since {
            write!(self.out, ", active for {:.2} s", self.now - since)?;
        }
        if open.own {
            self.kept(open.node.id)?;
        }
        self.out.write_char('\n')
    }

    /// The whole-tree view's lines of the inactive nodes from `next` up
    /// to `end`, excluded.
    fn quiet_until(&mut self, end: usize) -> fmt::Result {
        let shape = self.shape;
        for node in shape.get(self.next..end).unwrap_or_default() {
            self.out.write_str("  ")?;
            indent(self.out, node.depth)?;
            label(self.out, node)?;
            self.kept(node.id)?;
            self.out.write_char('\n')?;
        }
        self.next = self.next.max(end);
        Ok(())
    }

    /// `, kept …` for each piece of node `id`'s persistent state.
    fn kept(&mut self, id: NodeId) -> fmt::Result {
        let (out, mut result) = (&mut *self.out, Ok(()));
        (self.persistent)(self.state, id, &mut |kept| {
            if result.is_ok() {
                result = out
                    .write_str(", kept ")
                    .and_then(|()| write!(Escape(&mut *out), "{kept:?}"));
            }
        });
        result
    }
}

impl<A, W, T, O: Write + ?Sized> Visitor<A, W> for Describe<'_, '_, T, O> {
    fn node(&mut self, node: &'static NodeInfo) {
        self.reach(node, None);
    }

    fn behavior<B: Behavior<A, W> + 'static>(&mut self, node: &'static NodeInfo, memory: &B) {
        self.reach(node, since(memory));
    }

    fn decorator<D: Decorator<A, W> + 'static>(&mut self, node: &'static NodeInfo, memory: &D) {
        self.reach(node, since(memory));
    }

    fn memory(&mut self, node: &'static NodeInfo, memory: &dyn fmt::Debug) {
        let open = self.open.is_some_and(|o| core::ptr::eq(o.node, node));
        if open && self.result.is_ok() {
            self.result = self
                .out
                .write_str(" = ")
                .and_then(|()| write!(Escape(&mut *self.out), "{memory:?}"));
        }
    }
}

/// The tree clock when a built-in that records it (`wait`, `timeout`,
/// `delay`) was activated.
fn since(memory: &dyn Any) -> Option<f64> {
    if let Some(w) = memory.downcast_ref::<Wait>() {
        Some(w.since())
    } else if let Some(t) = memory.downcast_ref::<Timeout>() {
        Some(t.since())
    } else {
        memory.downcast_ref::<Delay>().map(Delay::since)
    }
}

/// Two spaces per level.
fn indent<O: Write + ?Sized>(out: &mut O, depth: u16) -> fmt::Result {
    for _ in 0..depth {
        out.write_str("  ")?;
    }
    Ok(())
}

/// `name: keyword Type(args)`, each part left out where it says nothing,
/// every part [escaped](Escape).
fn label<O: Write + ?Sized>(out: &mut O, node: &NodeInfo) -> fmt::Result {
    let keyword = node.kind.keyword();
    if node.name != keyword {
        Escape(&mut *out).write_str(node.name)?;
        out.write_str(": ")?;
    }
    Escape(&mut *out).write_str(keyword)?;
    if let Some(ty) = node.behavior.filter(|&ty| ty != node.name) {
        let with = if node.kind == NodeKind::Behavior {
            " "
        } else {
            " with "
        };
        out.write_str(with)?;
        Escape(&mut *out).write_str(ty)?;
    }
    let (open, close) = match node.args {
        "" => return Ok(()),
        _ if node.kind == NodeKind::Subtree => (" ", ""),
        _ => ("(", ")"),
    };
    out.write_str(open)?;
    Escape(&mut *out).write_str(node.args)?;
    out.write_str(close)
}

/// Whether `c` is written escaped: a control character (C0, DEL, C1), or
/// one that breaks, reorders or hides text: the line and paragraph
/// separators, the bidirectional marks, embeddings, overrides and
/// isolates, the zero-width characters, the word joiner, U+FEFF.
pub(crate) fn hostile(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{61c}'
                | '\u{200b}'..='\u{200f}'
                | '\u{2028}'..='\u{202e}'
                | '\u{2060}'
                | '\u{2066}'..='\u{2069}'
                | '\u{feff}'
        )
}

/// A [`Write`] that writes every [`hostile`] character as `{:?}` writes it
/// in a string (`\n`, `\t`, `\u{1b}`), and the rest as it is.
struct Escape<'a, O: ?Sized>(&'a mut O);

impl<O: Write + ?Sized> Write for Escape<'_, O> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        let mut rest = text;
        while let Some(at) = rest.find(hostile) {
            self.0.write_str(&rest[..at])?;
            let c = rest[at..].chars().next().unwrap_or_default();
            match c {
                '\n' | '\r' | '\t' | '\0' => write!(self.0, "{}", c.escape_debug())?,
                c => write!(self.0, "{}", c.escape_unicode())?,
            }
            rest = &rest[at + c.len_utf8()..];
        }
        self.0.write_str(rest)
    }
}
