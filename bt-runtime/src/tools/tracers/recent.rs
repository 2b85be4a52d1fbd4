//! [`RootReport`]: when the root completes, the nodes visited recently,
//! innermost first, with their source lines (I5).

use core::fmt;

use crate::base::shape::{NodeInfo, NodeKind};
use crate::base::status::{Exit, Status};
use crate::trace_hook::{Trace, TraceEvent};

/// What a node did last, as a [`RootReport`] remembers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// Activated, or ticked and still running.
    Entered,
    /// Completed (a `Deactivated` with a status, a done leaf result, a
    /// failed `activate`, a failing group behavior).
    Completed,
    /// Halted while running.
    Halted,
}

/// One entry of the ring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Visit {
    node: &'static NodeInfo,
    step: Step,
}

/// A [`Trace`] that, each time the root completes, makes a report of the
/// nodes visited recently, innermost first, each with its source line
/// (I5): the node whose completion ended the run first, then each node
/// it completed, up to the root, then the other recent nodes, most recent
/// first, each once.
///
/// It keeps the last `N` nodes visited (activated, ticked, deactivated)
/// in a ring of `N` entries, a node visited several times in a row taking
/// one; when a tick ends with the root done (`TickEnd` with `Success` or
/// `Failure`), it freezes the report, at most `N` nodes, and empties the
/// ring, so that each report covers one run of the root (T3). The report
/// stays until the next completion: [`last_report`](Self::last_report)
/// reads it, and `Display` writes it, one line per node: `name (kind) at
/// line L`, the line of the node in its `tree!` invocation.
///
/// # What it costs
///
/// No allocation: the ring and the report are arrays (`24 * N + 16`
/// bytes on 64-bit targets, 400 bytes for the default `N = 16`). Per
/// event about a node, a comparison with the last entry and a store; per
/// completion of the root, one pass over the ring and at most `N * N / 2`
/// pointer comparisons (to list each node once). Use it for the agents
/// you watch, like any tracer.
///
/// # Innermost first
///
/// In `sequence { a, b }` whose `b` fails, the report reads `b`, then
/// the sequence, then `a`: `b`'s failure ended the run, the sequence
/// completed because of it, and `a` ran before. The chain from the root
/// down follows each completed node to the child that completed last
/// before it (through a `subtree` reference to the referenced tree's
/// nodes); nodes halted by a completion (the running children of a
/// `parallel` that reached its threshold) are skipped in the chain and
/// listed with the other recent nodes. A `subtree` reference stands for
/// the root of the tree it references (I1).
///
/// ```
/// use deciders::trace::RootReport;
/// use deciders::{Behavior, Ctx, Frame, Status};
///
/// struct Guard;
/// #[derive(Default)]
/// struct Step;
/// impl Behavior<Guard> for Step {
///     fn tick(&mut self, _: &mut Guard, _: &mut Ctx) -> Status { Status::Success }
/// }
/// #[derive(Default)]
/// struct Unlock;
/// impl Behavior<Guard> for Unlock {
///     fn tick(&mut self, _: &mut Guard, _: &mut Ctx) -> Status { Status::Failure }
/// }
/// deciders::tree! {
///     tree Door for Guard {
///         sequence {
///             walk: Step,
///             unlock: Unlock,
///         }
///     }
/// }
///
/// let mut report = RootReport::new();
/// Door::new().tick_traced(&mut Guard, &mut Frame::new(0.1), &mut report);
/// assert_eq!(report.last_status(), Some(Status::Failure));
/// let names: Vec<&str> = report.last_report().map(|node| node.name).collect();
/// assert_eq!(names, ["unlock", "root", "walk"]);
/// let line = Door::shape()[2].line; // `unlock`'s line
/// assert!(report.to_string().starts_with(&format!("unlock (behavior) at line {line}\n")));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootReport<const N: usize = 16> {
    ring: [Option<Visit>; N],
    next: usize,
    report: [Option<&'static NodeInfo>; N],
    status: Option<Status>,
}

impl RootReport {
    /// An empty report of the last 16 nodes; `RootReport::<N>::default()`
    /// for another size.
    pub const fn new() -> Self {
        Self::empty()
    }
}

impl<const N: usize> Default for RootReport<N> {
    fn default() -> Self {
        Self::empty()
    }
}

impl<const N: usize> RootReport<N> {
    const fn empty() -> Self {
        RootReport {
            ring: [None; N],
            next: 0,
            report: [None; N],
            status: None,
        }
    }

    /// The last report, innermost first; empty before the root first
    /// completes.
    pub fn last_report(&self) -> impl Iterator<Item = &'static NodeInfo> + '_ {
        self.report.iter().map_while(|node| *node)
    }

    /// The status the root completed with in the last report; `None`
    /// before the root first completes.
    pub fn last_status(&self) -> Option<Status> {
        self.status
    }

    /// Forgets the recent nodes and the last report, as new.
    pub fn reset(&mut self) {
        *self = Self::empty();
    }

    /// Remembers that `node` did `step`; a node visited again right after
    /// itself takes the same entry.
    #[inline(always)]
    fn record(&mut self, node: &'static NodeInfo, step: Step) {
        if N == 0 {
            return;
        }
        let last = (self.next + N - 1) % N;
        if let Some(Some(visit)) = self.ring.get_mut(last) {
            if core::ptr::eq(visit.node, node) {
                visit.step = step;
                return;
            }
        }
        if let Some(slot) = self.ring.get_mut(self.next) {
            *slot = Some(Visit { node, step });
        }
        self.next = (self.next + 1) % N;
    }

    /// The ring's entries, most recent first.
    fn recent(&self) -> impl Iterator<Item = Visit> + '_ {
        let (older, newer) = self.ring.split_at(self.next.min(N));
        newer.iter().chain(older).rev().map_while(|visit| *visit)
    }

    /// Freezes the report of the run that just ended with `status`, and
    /// empties the ring. Out of line: it is the rare, long path of `event`.
    #[inline(never)]
    fn freeze(&mut self, status: Status) {
        let mut report = [None; N];
        let mut len = 0;
        // The chain of completions, from the root down, reversed below.
        let mut tail: Option<&'static NodeInfo> = None;
        for visit in self.recent() {
            match visit.step {
                Step::Halted => continue,
                Step::Entered => break,
                Step::Completed => {}
            }
            if tail.is_some_and(|parent| !is_child(visit.node, parent)) {
                break;
            }
            len = push(&mut report, len, visit.node);
            tail = Some(visit.node);
        }
        if let Some(chain) = report.get_mut(..len) {
            chain.reverse();
        }
        for visit in self.recent() {
            len = push(&mut report, len, visit.node);
        }
        *self = RootReport {
            report,
            status: Some(status),
            ..Self::empty()
        };
    }
}

/// Adds `node` to the first `len` entries of `report` unless it is there
/// or the report is full; the new length.
fn push<const N: usize>(
    report: &mut [Option<&'static NodeInfo>; N],
    len: usize,
    node: &'static NodeInfo,
) -> usize {
    let listed = report.iter().take(len).flatten();
    if listed.into_iter().any(|n| core::ptr::eq(*n, node)) {
        return len;
    }
    match report.get_mut(len) {
        Some(slot) => {
            *slot = Some(node);
            len + 1
        }
        None => len,
    }
}

/// Whether `node` is a child of `parent`: in the same tree, or the child
/// of the root of the tree a `subtree` reference stands for.
fn is_child(node: &NodeInfo, parent: &NodeInfo) -> bool {
    if node.tree == parent.tree {
        node.parent == Some(parent.id)
    } else {
        parent.kind == NodeKind::Subtree && node.parent == Some(0)
    }
}

impl<const N: usize> Trace for RootReport<N> {
    // Always: at each call site the event is known, and what is left of
    // the match is one `record` (an outlined `event` cost 2.5 times more).
    #[inline(always)]
    fn event(&mut self, event: TraceEvent) {
        match event {
            TraceEvent::Activated { node } => self.record(node, Step::Entered),
            TraceEvent::ActivateFailed { node } => self.record(node, Step::Completed),
            TraceEvent::Ticked { node, status } => {
                let done = match node.kind {
                    NodeKind::Behavior | NodeKind::Condition => status.is_done(),
                    // A group behavior's result: only `Failure` ends the group.
                    _ => status == Status::Failure,
                };
                let step = if done { Step::Completed } else { Step::Entered };
                self.record(node, step);
            }
            TraceEvent::Deactivated { node, exit } => match exit {
                Exit::Completed(_) => self.record(node, Step::Completed),
                Exit::Halted => self.record(node, Step::Halted),
            },
            TraceEvent::TickEnd { status } if status.is_done() => self.freeze(status),
            _ => {}
        }
    }
}

/// The last report, one line per node, innermost first: `name (kind) at
/// line L`; nothing before the root first completes.
impl<const N: usize> fmt::Display for RootReport<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for node in self.last_report() {
            let kind = node.kind.keyword();
            writeln!(f, "{} ({kind}) at line {}", node.name, node.line)?;
        }
        Ok(())
    }
}
