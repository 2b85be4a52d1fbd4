//! [`NodeStatuses`]: the status of every node of one agent's tree, kept
//! from its trace (I3).

use core::fmt;

use crate::base::shape::{NodeId, NodeInfo, NodeKind};
use crate::base::status::{Exit, Status};
use crate::machine::tree::Tree;
use crate::trace_hook::{Trace, TraceEvent};

/// What [`NodeStatuses`] knows of one node (I3): whether it is on the
/// active path, else how it last left it. One byte.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum NodeStatus {
    /// Not run since the statuses were made or reset.
    #[default]
    Idle,
    /// On the active path.
    Running,
    /// Last completed with `Success`.
    Success,
    /// Last completed with `Failure` (or its `activate` failed, L2).
    Failure,
    /// Last removed while running (L9): interrupted, re-checked away, its
    /// parent left, or the tree was halted.
    Halted,
}

impl From<Status> for NodeStatus {
    fn from(status: Status) -> Self {
        match status {
            Status::Running => NodeStatus::Running,
            Status::Success => NodeStatus::Success,
            Status::Failure => NodeStatus::Failure,
        }
    }
}

impl fmt::Display for NodeStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NodeStatus::Idle => "idle",
            NodeStatus::Running => "running",
            NodeStatus::Success => "success",
            NodeStatus::Failure => "failure",
            NodeStatus::Halted => "halted",
        })
    }
}

/// The status of every node of one agent's tree (I3): running for the
/// nodes on the active path, else the last way each node left it
/// (`Success`, `Failure`, `Halted`), or idle if it never ran. A [`Trace`]:
/// tick the agent with `tick_traced(agent, frame, &mut statuses)` (or
/// through [`batch::tick_all_traced`](crate::batch::tick_all_traced), a
/// `Vec<Option<NodeStatuses>>` giving one to each agent that wants one).
///
/// # What it costs
///
/// Nothing for an agent that has none: keeping statuses is a tracer, so
/// trees and their states do not change. For an agent that has one: one
/// byte per node of the shape, allocated once by [`new`](Self::new), plus
/// the shape's reference, the box and a counter (40 bytes on 64-bit
/// targets). Per tick, for each activation, deactivation and behavior or
/// condition result, a pointer comparison, a bounds check and a one-byte
/// store (guard decisions and the tick's start and end are ignored); more
/// only while a condition leaf runs (below). Measured on the benchmarks'
/// creature (16 nodes): 215 instructions per agent-tick against 81 for
/// the untraced tick, most of it the trace events a traced tick builds.
///
/// # How statuses follow the events
///
/// - `Activated`: running. `ActivateFailed`: failure.
/// - `Deactivated`: the completion status, or halted.
/// - `Ticked`: for a behavior or a condition leaf, its result (a
///   condition leaf has no activation events: its result is all there
///   is); for a composite's group behavior (D7), only `Failure`, which
///   fails the group; its other results say nothing about the group.
/// - A running condition leaf (one returning `Option<bool>`'s `None`) is
///   dropped by its parent without an event; while one runs, the events
///   show it: it is halted when its parent leaves the active path, or
///   when a sibling starts or runs under a parent that runs one child at
///   a time (not a `parallel` or a `concurrent`). This costs a walk over
///   the parent's nodes in the shape, and only while a condition runs.
///
/// [`Tree::halt`], [`Tree::reset`] and a panicking hook (T4) are not
/// traced: after them, call [`sync`](Self::sync) with the tree state,
/// which marks running exactly the nodes on the active path, and halted
/// the nodes it had as running that are not on it any more. Otherwise
/// the running nodes are exactly those of the active path (tests check it
/// tick by tick).
///
/// # Subtrees
///
/// Only the nodes of the shape given to [`new`](Self::new) are kept. A
/// `subtree` reference is one of them (it stands for the referenced
/// tree's root, I1); the other nodes of a referenced tree belong to that
/// tree's shape, and their events are ignored: to follow them, keep a
/// `NodeStatuses` of that shape too and hand the events to both (a pair
/// of tracers is a tracer); there the referenced tree's root stays idle,
/// since its events are the reference's. A node
/// belongs to the shape when it *is* the shape's entry at its id (the same
/// static), so another tree's node never mis-indexes, whatever its id.
///
/// ```
/// use deciders::trace::{NodeStatus, NodeStatuses};
/// use deciders::{Behavior, Ctx, Frame, Status};
///
/// struct Guard;
/// #[derive(Default)]
/// struct Step;
/// impl Behavior<Guard> for Step {
///     fn tick(&mut self, _: &mut Guard, _: &mut Ctx) -> Status { Status::Success }
/// }
/// #[derive(Default)]
/// struct Look;
/// impl Behavior<Guard> for Look {}
/// deciders::tree! {
///     tree Patrol for Guard {
///         sequence { step: Step, look: Look, rest: wait(1.0) }
///     }
/// }
///
/// let mut state = Patrol::new();
/// let mut statuses = NodeStatuses::new(Patrol::shape());
/// state.tick_traced(&mut Guard, &mut Frame::new(0.1), &mut statuses);
/// let text: Vec<String> = statuses.iter().map(|(node, s)| format!("{} {s}", node.name)).collect();
/// assert_eq!(text, ["root running", "step success", "look running", "rest idle"]);
///
/// // `halt` is not traced: `sync` with the state catches up.
/// state.halt(&mut Guard, &mut Frame::new(0.0));
/// statuses.sync(&state);
/// assert_eq!(statuses.get(0), Some(NodeStatus::Halted));
/// assert_eq!(statuses.get(2), Some(NodeStatus::Halted));
/// assert_eq!(statuses.get(1), Some(NodeStatus::Success));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeStatuses {
    shape: &'static [NodeInfo],
    statuses: Box<[NodeStatus]>,
    /// How many condition leaves are running: while some are, a parent
    /// may drop one without an event, which the events it does send
    /// show (see `drop_conditions`).
    running_conditions: usize,
}

impl NodeStatuses {
    /// Every node of `shape` idle (a tree's `shape()`). Allocates one byte
    /// per node, once.
    pub fn new(shape: &'static [NodeInfo]) -> Self {
        NodeStatuses {
            shape,
            statuses: vec![NodeStatus::Idle; shape.len()].into_boxed_slice(),
            running_conditions: 0,
        }
    }

    /// The shape the statuses are about.
    pub fn shape(&self) -> &'static [NodeInfo] {
        self.shape
    }

    /// The status of node `id` of the shape; `None` past its end.
    pub fn get(&self, id: NodeId) -> Option<NodeStatus> {
        self.statuses.get(usize::from(id)).copied()
    }

    /// The status of `node`; `None` if it is not a node of this shape (a
    /// referenced tree's node, another tree's).
    pub fn status(&self, node: &'static NodeInfo) -> Option<NodeStatus> {
        let i = self.index(node)?;
        self.statuses.get(i).copied()
    }

    /// Every node of the shape with its status, in the shape's order
    /// (pre-order, the root first).
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&'static NodeInfo, NodeStatus)> + '_ {
        self.shape.iter().zip(self.statuses.iter().copied())
    }

    /// Every node idle again, as new.
    pub fn reset(&mut self) {
        self.statuses.fill(NodeStatus::Idle);
        self.running_conditions = 0;
    }

    /// Catches up with `tree`'s active path, for what no event tells
    /// (`halt`, `reset`, a panic): the nodes on the path are running, the
    /// nodes that were running and are not on it are halted, the others
    /// keep their status. One pass over the statuses and one walk over
    /// the active path.
    pub fn sync<A, W, T: Tree<A, W>>(&mut self, tree: &T) {
        for s in self.statuses.iter_mut() {
            if *s == NodeStatus::Running {
                *s = NodeStatus::Halted;
            }
        }
        self.running_conditions = 0;
        tree.active_path(|node| {
            if let Some(i) = self.index(node) {
                self.set(i, NodeStatus::Running);
            }
        });
    }

    /// `node`'s index, if it is this shape's node (the same static entry).
    #[inline]
    fn index(&self, node: &'static NodeInfo) -> Option<usize> {
        let i = usize::from(node.id);
        let entry = self.shape.get(i)?;
        core::ptr::eq(entry, node).then_some(i)
    }

    /// Sets node `i`'s status, counting the running conditions.
    #[inline]
    fn set(&mut self, i: usize, status: NodeStatus) {
        let Some(slot) = self.statuses.get_mut(i) else {
            return;
        };
        let old = core::mem::replace(slot, status);
        if self
            .shape
            .get(i)
            .is_some_and(|n| n.kind == NodeKind::Condition)
        {
            let (was, is) = (old == NodeStatus::Running, status == NodeStatus::Running);
            if is && !was {
                self.running_conditions += 1;
            } else if was && !is {
                self.running_conditions = self.running_conditions.saturating_sub(1);
            }
        }
    }

    /// Halts the running conditions that `event`, about node `i`, shows
    /// were dropped without an event: when `i` leaves the active path,
    /// those below it; when `i` starts or runs under a parent that runs
    /// one child at a time, its siblings. Called only while conditions
    /// run.
    #[cold]
    fn drop_conditions(&mut self, i: usize, event: &TraceEvent) {
        let Some(node) = self.shape.get(i) else {
            return;
        };
        let (within, skip) = match event {
            TraceEvent::Deactivated { .. } => (i, usize::MAX),
            _ => match node.parent.map(usize::from) {
                Some(p) if self.one_at_a_time(p) => (p, i),
                _ => return,
            },
        };
        let Some(top) = self.shape.get(within) else {
            return;
        };
        let below = self.shape.iter().enumerate().skip(within + 1);
        for (j, n) in below.take_while(|(_, n)| n.depth > top.depth) {
            let dropped = j != skip
                && n.kind == NodeKind::Condition
                && self.statuses.get(j) == Some(&NodeStatus::Running);
            if dropped {
                self.set(j, NodeStatus::Halted);
            }
        }
    }

    /// Whether node `p` runs one child at a time (not a `parallel` or a
    /// `concurrent`).
    fn one_at_a_time(&self, p: usize) -> bool {
        self.shape
            .get(p)
            .is_some_and(|n| !matches!(n.kind, NodeKind::Parallel | NodeKind::Concurrent))
    }
}

impl Trace for NodeStatuses {
    #[inline]
    fn event(&mut self, event: TraceEvent) {
        let (node, status) = match event {
            TraceEvent::Activated { node } => (node, NodeStatus::Running),
            TraceEvent::ActivateFailed { node } => (node, NodeStatus::Failure),
            TraceEvent::Deactivated { node, exit } => match exit {
                Exit::Completed(s) => (node, NodeStatus::from(s)),
                Exit::Halted => (node, NodeStatus::Halted),
            },
            TraceEvent::Ticked { node, status } => match (node.kind, status) {
                (NodeKind::Behavior | NodeKind::Condition, s) | (_, s @ Status::Failure) => {
                    (node, NodeStatus::from(s))
                }
                _ => return,
            },
            _ => return,
        };
        let Some(i) = self.index(node) else {
            return;
        };
        if self.running_conditions > 0 {
            self.drop_conditions(i, &event);
        }
        self.set(i, status);
    }
}
