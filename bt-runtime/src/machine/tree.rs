//! [`Tree`]: what every generated tree state implements, so that code can be
//! generic over trees (batch ticking, tools).
use crate::base::shape::{NodeId, NodeInfo};
use crate::base::status::Status;
use crate::base::wake::Wake;
use crate::ctx::{Frame, Store};
use crate::engine::definition::{Subtree, TreeParts};
use crate::machine::state::MachineState;
use crate::trace_hook::Trace;
use crate::visit::{EachNode, Visitor, VisitorMut};

/// The per-agent state of a tree declared with `tree!` for agent type `A`
/// and world type `W` (see [`Frame`] and [`Ctx`](crate::Ctx)).
///
/// Every tree `tree!` declares implements it, through the one
/// implementation below over the tree's [`Machine`](crate::machine::Machine), and
/// also offers the same methods as inherent methods, so most code never
/// names it.
///
/// A hand-written implementation (a wrapper around a generated tree, a
/// tool's test double) writes every method without a default. Methods
/// added to this trait later get a default when one is right for every
/// tree ([`with_seed`](Tree::with_seed) has one); [`set_seed`](Tree::set_seed)
/// has none, because ignoring a seed would silently break replays (D8).
///
/// # Panics in hooks
///
/// The tree itself never panics (T4), but user code it calls may: a
/// behavior's `activate`, `tick` or `deactivate`, a decide, a condition, a
/// DBlock conversion, a group behavior, a [`Trace`]. **If a hook panics, the
/// state is as if dropped at that point**: the panic unwinds out of `tick`,
/// `tick_traced`, `halt` or `reset`, every memory still active is dropped
/// (its destructor runs, but not `deactivate`), and nothing is left
/// half-updated. So an engine that catches panics per system
/// (`std::panic::catch_unwind` around `tick`) can keep using the state:
/// [`Tree::is_running`] is `false`, no node is deactivated twice or ticked
/// after its deactivation, `halt` deactivates nothing, and the next tick
/// starts from the root. Persistent state (`every` timers, cooldowns) and
/// the clock are kept (`reset` still returns them to their initial values).
/// The guard that does this is forgotten on the normal path: it costs no
/// instruction when nothing panics.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tree for agent `{A}` and world `{W}`",
    label = "not a `Tree<{A}, {W}>`",
    note = "`tree! {{ tree Name for Agent {{ … }} }}` declares a type `Name` implementing `Tree<Agent>`, and `Tree<Agent, World>` with `for Agent, world = World`"
)]
pub trait Tree<A, W = ()>: Default {
    /// The tree's static shape, shared by all agents (P2, I3).
    fn shape() -> &'static [NodeInfo];

    /// One tick of one agent (T2): advances the tree clock by
    /// `frame.dt()` (already sanitized by [`Frame`]: `0` if negative or not
    /// finite, at most [`Frame::MAX_DT`]), lends the frame and the state's
    /// clock to the hooks as a [`Ctx`](crate::Ctx) and walks the active path. If a hook
    /// panics, the state is as if dropped at that point (see above).
    fn tick(&mut self, agent: &mut A, frame: &mut Frame<W>) -> Status;

    /// One tick of one agent, reporting every step to `trace` (I2).
    fn tick_traced<Tr: Trace>(
        &mut self,
        agent: &mut A,
        frame: &mut Frame<W>,
        trace: &mut Tr,
    ) -> Status;

    #[doc(hidden)]
    /// One tick of a batch (F4): [`tick_traced`](Tree::tick_traced), or
    /// `None` when the state did not tick (a paused or stopped
    /// [`Brain`](crate::brain::Brain)), whose report a batch does not
    /// count.
    #[inline(always)]
    fn tick_batched<Tr: Trace>(
        &mut self,
        agent: &mut A,
        frame: &mut Frame<W>,
        trace: &mut Tr,
    ) -> Option<Status> {
        Some(self.tick_traced(agent, frame, trace))
    }

    #[doc(hidden)]
    /// [`tick_traced`](Tree::tick_traced), lending the hooks `store`, a
    /// brain's stimuli store, which [`Ctx::stimulus`](crate::Ctx::stimulus)
    /// reads: what a [`Brain`](crate::brain::Brain) calls. The default
    /// lends nothing (right for a hand-written tree whose hooks read no
    /// stimulus payload); generated trees implement it.
    #[inline]
    fn tick_lending<Tr: Trace>(
        &mut self,
        agent: &mut A,
        frame: &mut Frame<W>,
        trace: &mut Tr,
        store: Store<'_>,
    ) -> Status {
        let _ = store;
        self.tick_traced(agent, frame, trace)
    }

    /// Deactivates the active path, deepest first (L2, C7), keeping
    /// persistent state (timers). The next tick starts again at the root.
    /// The hooks see the tree clock in `ctx.now()` (the state lends it). If a `deactivate` panics, the state is as if
    /// dropped at that point: the nodes not deactivated yet are dropped.
    fn halt(&mut self, agent: &mut A, frame: &mut Frame<W>);

    /// Halts (the hooks see the clock from before the reset), then returns
    /// every piece of state to its initial value. If a `deactivate` panics,
    /// the nodes not deactivated yet are dropped and the state is still
    /// reset.
    fn reset(&mut self, agent: &mut A, frame: &mut Frame<W>);

    /// Whether some node is active (the last tick ended `Running`).
    fn is_running(&self) -> bool;

    /// The tree clock in seconds (T2); `0.0` for trees with no
    /// time-based node, which carry no clock.
    fn now(&self) -> f64;

    /// Walks the active path, root first, handing each node and its data
    /// (behavior and decorator memories) to `v` (I1, I3). Nothing is
    /// visited when no node is active.
    fn visit_active<V: Visitor<A, W>>(&self, v: &mut V);

    /// Walks the active path, root first, handing each node, the agent and
    /// the context to `v`, with behavior and decorator memories by `&mut`
    /// (I1). The hooks see the tree clock in `ctx.now()`. Nothing is
    /// visited when no node is active.
    fn visit_active_mut<V: VisitorMut<A, W>>(
        &mut self,
        agent: &mut A,
        frame: &mut Frame<W>,
        v: &mut V,
    );

    /// Hands `f` the persistent state of node `node` of
    /// [`shape`](Tree::shape) (I1): its `every` timer, then its
    /// decorator's persistent state (a cooldown's timer, `run_once`'s
    /// stored status, a `decorate(…)`'s `Persist`), each that implements
    /// `Debug` and is not zero-sized; nothing for a node with none, or
    /// past the end of the shape. What [`describe`](crate::describe) shows
    /// next to each node.
    ///
    /// The default hands nothing: right for a tree with no persistent
    /// state. Generated trees implement it.
    #[inline]
    fn persistent(&self, node: NodeId, f: &mut dyn FnMut(&dyn core::fmt::Debug)) {
        let _ = (node, f);
    }

    /// Calls `f` on every node of the active path, root first (I1).
    /// Nothing is called when no node is active.
    #[inline]
    fn active_path<F: FnMut(&'static NodeInfo)>(&self, f: F) {
        self.visit_active(&mut EachNode(f));
    }

    /// Whether the active path goes through a node named `name` (I1): the
    /// quick question of a game or a test, "is this agent chasing?".
    ///
    /// ```
    /// use deciders::{Frame, Tree};
    /// struct Npc;
    /// deciders::tree! { tree Idle for Npc { sequence { nap: wait(1.0), stretch: wait(1.0) } } }
    /// let mut idle = Idle::new();
    /// idle.tick(&mut Npc, &mut Frame::new(0.5));
    /// assert!(idle.is_active("nap") && !idle.is_active("stretch"));
    /// ```
    #[inline]
    fn is_active(&self, name: &str) -> bool {
        let mut on = false;
        self.active_path(|n| on |= n.name == name);
        on
    }

    /// A fresh state whose `random` and `shuffle` groups draw from `seed`
    /// (D8): the same seed and the same inputs give the same decisions.
    /// `Default` (and a generated tree's `new()`) is seed 0. A tree with no
    /// such group ignores the seed.
    ///
    /// The default builds `Self::default()` and calls
    /// [`set_seed`](Tree::set_seed), which is what a generated tree's
    /// `with_seed` does.
    ///
    /// ```
    /// use deciders::{Frame, Tree};
    ///
    /// struct Npc;
    /// deciders::tree! {
    ///     tree Idle for Npc {
    ///         random { sit: wait(1.0), stand: wait(1.0), pace: wait(1.0) }
    ///     }
    /// }
    ///
    /// /// One state per agent, agent `i` seeded with `i`: every agent makes
    /// /// its own choices, and a replay makes the same ones.
    /// fn states<T: Tree<Npc>>(n: u64) -> Vec<T> {
    ///     (0..n).map(T::with_seed).collect()
    /// }
    ///
    /// let choices = |states: &mut Vec<Idle>| -> Vec<&'static str> {
    ///     states
    ///         .iter_mut()
    ///         .map(|s| {
    ///             s.tick(&mut Npc, &mut Frame::new(0.1));
    ///             let mut leaf = "";
    ///             s.active_path(|n| leaf = n.name);
    ///             leaf
    ///         })
    ///         .collect()
    /// };
    /// let first = choices(&mut states::<Idle>(16));
    /// assert_eq!(first, choices(&mut states::<Idle>(16)));
    /// assert!(first.iter().any(|c| *c != first[0]), "seeds differ, so do choices");
    /// ```
    #[inline]
    fn with_seed(seed: u64) -> Self {
        let mut state = Self::default();
        state.set_seed(seed);
        state
    }

    /// Reseeds every generator of the state (D8); what is active and the
    /// timers are kept, and `reset` returns to this seed. A tree with no
    /// `random` or `shuffle` group ignores the seed.
    ///
    /// No default: a tree that draws random numbers and ignored the seed
    /// would break replays silently. Generated trees implement it; a
    /// hand-written tree (a wrapper, a test double) forwards it to what it
    /// holds, or does nothing if it draws no random numbers.
    fn set_seed(&mut self, seed: u64);

    /// When the running tree next needs a tick (Z2): what its running
    /// nodes say ([`Behavior::wake`](crate::Behavior::wake)), each unless
    /// the path above it polls (its `SLEEP` says which). Default, for a
    /// hand-written tree: every tick.
    fn wake(&self) -> Wake {
        Wake::POLL
    }

    /// Moves the tree clock `seconds` on without a tick: the frames a
    /// sleeping tree skipped, added at once (Z2). Default: nothing (a tree
    /// whose [`wake`](Tree::wake) always polls never sleeps).
    fn skip(&mut self, seconds: f64) {
        let _ = seconds;
    }
}

/// Every tree `tree!` declares: its state type is a thin type around a
/// [`Machine`](crate::machine::Machine), which does the work, for the agent and
/// world of the tree's definition ([`Subtree`]). Written once here rather
/// than generated for each tree.
impl<A, W, T> Tree<A, W> for T
where
    T: MachineState + Subtree<A, W> + Default,
{
    #[inline]
    fn shape() -> &'static [NodeInfo] {
        <T as TreeParts>::shape()
    }
    #[inline]
    fn with_seed(seed: u64) -> Self {
        T::from_machine(crate::machine::Machine::with_seed(seed))
    }
    #[inline]
    fn set_seed(&mut self, seed: u64) {
        self.machine_mut().set_seed(seed);
    }
    #[inline]
    fn tick(&mut self, agent: &mut A, frame: &mut Frame<W>) -> Status {
        self.machine_mut().tick(agent, frame)
    }
    // Always: since the lifecycle's tick takes the tree's tick as a
    // closure (`Player::tick_by`, shared with brains), LLVM stopped
    // inlining this one into a `Player`'s tick (`player`: 85.05 -> 95.26
    // instructions per agent-tick).
    #[inline(always)]
    fn tick_traced<Tr: Trace>(
        &mut self,
        agent: &mut A,
        frame: &mut Frame<W>,
        trace: &mut Tr,
    ) -> Status {
        self.machine_mut().tick_traced(agent, frame, trace)
    }
    // Always: a brain ticks its tree from two places (its common case and
    // the others), and LLVM stopped inlining it into either.
    #[inline(always)]
    fn tick_lending<Tr: Trace>(
        &mut self,
        agent: &mut A,
        frame: &mut Frame<W>,
        trace: &mut Tr,
        store: Store<'_>,
    ) -> Status {
        self.machine_mut().tick_lending(agent, frame, trace, store)
    }
    fn halt(&mut self, agent: &mut A, frame: &mut Frame<W>) {
        self.machine_mut().halt(agent, frame);
    }
    fn reset(&mut self, agent: &mut A, frame: &mut Frame<W>) {
        self.machine_mut().reset(agent, frame);
    }
    fn is_running(&self) -> bool {
        self.machine().is_running()
    }
    fn now(&self) -> f64 {
        self.machine().now()
    }
    fn visit_active<V: Visitor<A, W>>(&self, v: &mut V) {
        self.machine().visit_active::<A, W, V>(v);
    }
    fn visit_active_mut<V: VisitorMut<A, W>>(
        &mut self,
        agent: &mut A,
        frame: &mut Frame<W>,
        v: &mut V,
    ) {
        self.machine_mut().visit_active_mut(agent, frame, v);
    }
    fn persistent(&self, node: NodeId, f: &mut dyn FnMut(&dyn core::fmt::Debug)) {
        self.machine().persistent(node, f);
    }
    #[inline]
    fn wake(&self) -> Wake {
        self.machine().wake::<A, W>()
    }
    #[inline]
    fn skip(&mut self, seconds: f64) {
        self.machine_mut().skip(seconds);
    }
}
