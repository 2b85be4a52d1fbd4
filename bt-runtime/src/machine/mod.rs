//! [`Machine`]: the per-agent state of every tree, and its lifecycle,
//! written once (T2, T3, T4, D8, L2, C7, I1).
//!
//! A tree declared with `tree!` is a thin named type around a
//! `Machine<ItsName>`: the macro generates the tree's *definition* (its
//! shape, its persistent fields, how its root enters, ticks, halts and is
//! visited: [`TreeParts`] and [`Subtree`]) and forwards the state's
//! methods here. Ticking with and without a tracer and the unwind guard,
//! `halt`, `reset`, seeding, the clock and the walks over the active path
//! are this module's ordinary code, the same for every tree.
//!
//! # Why each tree is a type of its own, and `Machine` is not public
//!
//! statig's model would make `Machine<D>` the documented type and each tree
//! `pub type Creature = Machine<CreatureDef>`. We keep the per-tree newtype
//! `tree!` declares, and `Machine` internal (`__private`), for what users
//! read:
//!
//! - **`cargo doc`**: the newtype's page takes the user's doc comment, and
//!   the macro adds the tree's outline (its nodes, one per line) and its
//!   methods with concrete types (`fn tick(&mut self, agent: &mut Creature,
//!   frame: &mut Frame) -> Status`). An alias's page is the generic
//!   `Machine<D>` page, the same for every tree, with `D: TreeParts`
//!   bounds on every method and no word on the tree itself.
//! - **`cargo expand`**: the forwarding methods cost a few lines per tree
//!   (`scripts/codesize` counts them), and each reads as the call it
//!   forwards to; an alias would save them but leave the reader with a
//!   definition type whose name nobody writes.
//! - **errors and coherence**: a user can implement their own traits for
//!   the newtype (an alias of a foreign generic type could not take a
//!   foreign trait), and rustc's messages name `Creature`, not
//!   `Machine<__CreatureDef>`.
//!
//! Its length: about 440 lines of code, then its unit tests, with a stub tree
//! of their own.

use crate::base::flags::Flags;
use crate::base::shape::{NodeId, NodeInfo};
use crate::base::stamp::{StampSlots, Timestamp, Var, VarSlot};
use crate::base::status::Status;
use crate::base::wake::Wake;
use crate::ctx::{ctx_begin, ctx_lend, Frame, Lent, Store};
use crate::engine::definition::{ClockSlot, SeedSlot, Subtree, TreeParts};
use crate::engine::protocol::Entered;
use crate::machine::events::{Deliver, Events, Posted};
use crate::machine::state::ClearOnUnwind;
use crate::trace_hook::{NoTrace, Trace, TraceEvent};
use crate::visit::{EachNode, Visitor, VisitorMut};
use core::fmt;

pub mod events;
#[cfg(feature = "serde")]
pub mod save;
pub mod state;
pub mod tree;

/// The per-agent state of the tree `D`: what is active (the root's active
/// state, `None` when no node is), the persistent state (timers,
/// cooldowns, counters, shuffle rounds, generators, the subtrees'), the
/// tree clock and the seed — the last two zero-sized when no node of the
/// tree, or of a tree it references, measures time or draws numbers (F3).
///
/// Generated tree types wrap one and forward their methods to it, so most
/// code never names it; see the methods below for what each does.
pub struct Machine<D: TreeParts> {
    pub(crate) vars: D::Vars,
    pub(crate) stamps: D::Stamps,
    pub(crate) active: Option<D::Root>,
    pub(crate) persist: D::Persist,
    pub(crate) clock: D::Clock,
    pub(crate) seed: D::Seed,
}

impl<D: TreeParts> Machine<D> {
    /// A fresh state: nothing active, every timer due, seeded with `seed`
    /// (D8): the same seed and the same inputs give the same decisions. A
    /// tree with no `random` or `shuffle` group ignores the seed and does
    /// not store it.
    #[inline]
    pub fn with_seed(seed: u64) -> Self {
        let mut m = Machine {
            active: None,
            persist: D::Persist::default(),
            clock: D::Clock::default(),
            seed: D::Seed::default(),
            vars: D::Vars::default(),
            stamps: D::Stamps::fresh(),
        };
        m.set_seed(seed);
        m
    }

    /// Reseeds every generator of the state (D8); what is active, shuffle
    /// rounds and timers are kept. `reset` returns to this seed.
    #[inline]
    pub fn set_seed(&mut self, seed: u64) {
        self.seed.set(seed);
        D::seed(&mut self.persist, seed);
    }

    /// The seed `reset` returns to; 0 for a tree with no `random` or
    /// `shuffle` group.
    #[inline]
    pub fn seed(&self) -> u64 {
        self.seed.get()
    }

    /// Whether some node is active: the last tick ended `Running`.
    #[inline]
    pub fn is_running(&self) -> bool {
        self.active.is_some()
    }

    /// The tree clock in seconds (T2); always 0 for a tree with no
    /// time-based node, which carries no clock.
    #[inline]
    pub fn now(&self) -> f64 {
        self.clock.now()
    }

    /// One tick of one agent (T2), reporting every step to `tr` (I2):
    /// advances the tree clock by `frame.dt()` (already sanitized by
    /// `Frame`), lends the frame and the clock to the hooks as a [`Ctx`],
    /// walks the active path and returns the root's status. When the root
    /// completes, the next tick starts again from the root (T3). Errors of
    /// the tick are in `frame.report()`.
    ///
    /// If a hook panics, the state is as if dropped at that point (T4):
    /// every active node's memory is dropped without `deactivate`,
    /// `is_running()` is `false` and the next tick starts from the root;
    /// persistent state and the clock are kept. The guard that does this
    /// is forgotten on the normal path: it costs nothing when nothing
    /// panics.
    #[inline(always)]
    pub fn tick_traced<A, W, Tr: Trace>(
        &mut self,
        agent: &mut A,
        frame: &mut Frame<W>,
        tr: &mut Tr,
    ) -> Status
    where
        D: Subtree<A, W>,
    {
        self.tick_with(agent, frame, tr, None)
    }

    /// [`tick_traced`](Self::tick_traced), lending the hooks a brain's
    /// stimuli store too (`Ctx::stimulus` reads it).
    #[inline(always)]
    pub fn tick_lending<A, W, Tr: Trace>(
        &mut self,
        agent: &mut A,
        frame: &mut Frame<W>,
        tr: &mut Tr,
        store: Store<'_>,
    ) -> Status
    where
        D: Subtree<A, W>,
    {
        self.tick_with(agent, frame, tr, Some(&store))
    }

    /// The tick of [`tick_traced`](Self::tick_traced) (no store lent: the
    /// `Ctx`'s `store` is `None`) and of
    /// [`tick_lending`](Self::tick_lending).
    #[inline(always)]
    fn tick_with<A, W, Tr: Trace>(
        &mut self,
        agent: &mut A,
        frame: &mut Frame<W>,
        tr: &mut Tr,
        store: Option<&Store<'_>>,
    ) -> Status
    where
        D: Subtree<A, W>,
    {
        let now = self.clock.advance(frame.dt());
        let lent = lend::<D>(&self.clock, &self.vars, &self.stamps).with_store(store);
        let ctx = &mut ctx_begin(frame, lent);
        // Clears the active state if a panic unwinds through the tick.
        let active = ClearOnUnwind(&mut self.active);
        tr.event(TraceEvent::TickStart { now });
        let ps = &mut self.persist;
        // Layout only (`Subtree::settled`), the same tick in every arm:
        // the settled state is tested first and the other states are
        // marked unlikely. Without it LLVM tested for `None` first, then
        // for each other state on the way to the settled one (`timers`, a
        // selector sitting at its fallback: 29.30 -> 26.55 instructions
        // per agent-tick, the hand-written machine 24.33). Both the guarded
        // arm and the `unlikely` call are needed, and the test as `bool`s:
        // comparing the `Option<bool>` with `==` lost the effect.
        let (hinted, settled) = match D::settled(active.0) {
            Some(settled) => (true, settled),
            None => (false, false),
        };
        if hinted && !settled {
            unlikely();
        }
        let status = match &mut *active.0 {
            Some(root) if settled => D::tick(root, ps, agent, ctx, tr),
            Some(root) => D::tick(root, ps, agent, ctx, tr),
            None => match D::enter(ps, agent, ctx, tr) {
                Entered::Running(root) => {
                    *active.0 = Some(root);
                    Status::Running
                }
                Entered::Done(status) => status,
            },
        };
        if status.is_done() {
            *active.0 = None;
        }
        if Tr::ENABLED {
            let report = ctx.report();
            let (launches, cancels) = (report.launches_refused(), report.cancels_refused());
            if launches > 0 {
                tr.event(TraceEvent::LaunchRefused { count: launches });
            }
            if cancels > 0 {
                tr.event(TraceEvent::CancelRefused { count: cancels });
            }
        }
        tr.event(TraceEvent::TickEnd { status });
        core::mem::forget(active);
        status
    }

    /// When the tree next needs a tick (Z2): [`Wake::POLL`] when it does
    /// not run (its next tick starts from the root), else what its running
    /// nodes say, each unless the path above it polls (Z1).
    #[inline]
    pub fn wake<A, W>(&self) -> Wake
    where
        D: Subtree<A, W>,
    {
        match &self.active {
            Some(root) if D::EVERY => {
                D::wake(root).min(D::every_wake(&self.persist, self.clock.now()))
            }
            Some(root) => D::wake(root),
            None => Wake::POLL,
        }
    }

    /// Moves the tree clock `seconds` on without a tick: the frames a
    /// sleeping tree skipped (Z2), added at once.
    #[inline]
    pub fn skip(&mut self, seconds: f64) {
        self.clock.skip(seconds);
    }

    /// [`tick_traced`](Self::tick_traced) with no tracer.
    #[inline(always)]
    pub fn tick<A, W>(&mut self, agent: &mut A, frame: &mut Frame<W>) -> Status
    where
        D: Subtree<A, W>,
    {
        self.tick_traced(agent, frame, &mut NoTrace)
    }

    /// Deactivates every active node, deepest first, each exactly once
    /// (L2, C7). Persistent state is kept; the next tick starts again at
    /// the root. The hooks see the tree clock in `ctx.now()`, lent by the
    /// state; the frame's report is left alone.
    ///
    /// If a `deactivate` panics, the state is as if dropped at that point:
    /// the nodes not deactivated yet are dropped without `deactivate`, none
    /// is deactivated twice, and `is_running()` is `false`. Dropping a
    /// running state cannot call `deactivate` (there is no agent to pass):
    /// call `halt` first when behaviors must clean up.
    #[inline]
    pub fn halt<A, W>(&mut self, agent: &mut A, frame: &mut Frame<W>)
    where
        D: Subtree<A, W>,
    {
        let ctx = &mut ctx_lend(frame, lend::<D>(&self.clock, &self.vars, &self.stamps));
        // Taken out first: a panicking hook unwinds through `root`, which
        // drops what is still active.
        if let Some(mut root) = self.active.take() {
            D::halt(&mut root, &mut self.persist, agent, ctx, &mut NoTrace);
        }
    }

    /// Halts (the hooks see the clock from before the reset), then returns
    /// every piece of state (timers, clock, generators, shuffle rounds) to
    /// its initial value, keeping the seed. If a `deactivate` panics, the
    /// nodes not deactivated yet are dropped and the state is still reset.
    #[inline]
    pub fn reset<A, W>(&mut self, agent: &mut A, frame: &mut Frame<W>)
    where
        D: Subtree<A, W>,
    {
        // Reset first, then halt the old state: a panicking hook unwinds
        // through the old state, which drops what is still active.
        let mut old = core::mem::replace(self, Self::with_seed(self.seed()));
        old.halt(agent, frame);
    }

    /// Walks the active path, root first, handing each node and its data
    /// (behavior and decorator memories) to `v` (I1, I3). Nothing is
    /// visited when no node is active.
    #[inline]
    pub fn visit_active<A, W, V: Visitor<A, W>>(&self, v: &mut V)
    where
        D: Subtree<A, W>,
    {
        if let Some(root) = &self.active {
            D::visit(root, v);
        }
    }

    /// Walks the active path, root first, handing each node, the agent and
    /// the context to `v`, and each behavior's and decorator's memory by
    /// `&mut` (I1): the walk that can change what it reaches. The hooks
    /// see the tree clock in `ctx.now()`, as in `halt`. Nothing is visited
    /// when no node is active.
    #[inline]
    pub fn visit_active_mut<A, W, V: VisitorMut<A, W>>(
        &mut self,
        agent: &mut A,
        frame: &mut Frame<W>,
        v: &mut V,
    ) where
        D: Subtree<A, W>,
    {
        let ctx = &mut ctx_lend(frame, lend::<D>(&self.clock, &self.vars, &self.stamps));
        if let Some(root) = &mut self.active {
            D::visit_mut(root, v, agent, ctx);
        }
    }

    /// Posts `event` to the agent's tree (V4), between ticks; it takes
    /// effect at once: the variables bound to it are set or cleared, the
    /// timestamps bound to it are stamped at the tree clock (clearing the
    /// others of their group, V3), and every behavior on the active path
    /// gets it through [`Behavior::event`](crate::Behavior::event), root
    /// first (an active `wait_for` completes on its next tick). Nothing is
    /// kept for nodes entered later. Returns what it changed.
    #[inline]
    pub fn post<A, W, E: 'static>(
        &mut self,
        event: &E,
        agent: &mut A,
        frame: &mut Frame<W>,
    ) -> Posted
    where
        D: Subtree<A, W> + Events<E>,
    {
        let (vars, stamps) = (*self.vars.flags(), self.stamps);
        D::apply(event, &mut self.vars, &mut self.stamps, self.clock.now());
        let mut deliver = Deliver::new(event);
        let ctx = &mut ctx_lend(frame, lend::<D>(&self.clock, &self.vars, &self.stamps));
        if let Some(root) = &mut self.active {
            D::visit_mut(root, &mut deliver, agent, ctx);
        }
        let mut stamped = 0u64;
        for (i, (old, new)) in stamps.as_ref().iter().zip(self.stamps.as_ref()).enumerate() {
            if old != new {
                stamped |= 1 << i.min(63);
            }
        }
        Posted {
            bound: D::binds(event),
            vars: (*self.vars.flags() | vars) & !(*self.vars.flags() & vars),
            stamps: stamped,
            reached: deliver.reached(),
        }
    }

    /// The tree's variables (V4), one bit per `var`, in declaration order.
    #[inline]
    pub fn vars(&self) -> Flags {
        *self.vars.flags()
    }

    /// Whether variable `var` is set (V4).
    #[inline]
    pub fn var(&self, var: Var<D>) -> bool {
        self.vars.flags().any(Flags::bit(var.index() as u32))
    }

    /// Seconds of tree clock since timestamp `stamp` was set (V3), `None`
    /// if never.
    #[inline]
    pub fn since(&self, stamp: Timestamp<D>) -> Option<f64> {
        self.stamps
            .as_ref()
            .get(stamp.index())?
            .since(self.clock.now())
    }

    /// Hands `f` the persistent state of node `node` of this tree's shape
    /// (I1): its `every` timer, then its decorator's persistent state (a
    /// cooldown's timer, `run_once`'s stored status, a `decorate(…)`'s
    /// `Persist`), each that implements `Debug` and is not zero-sized, in
    /// that order; nothing for a node with none. The nodes of a tree
    /// used through `subtree` are not reached: `node` numbers this tree's
    /// own shape.
    #[inline]
    pub fn persistent(&self, node: NodeId, f: &mut dyn FnMut(&dyn fmt::Debug)) {
        D::persistent(&self.persist, node, f);
    }

    /// Calls `f` on every node of the active path, root first (I1).
    #[inline]
    pub fn active_path<A, W, F: FnMut(&'static NodeInfo)>(&self, f: F)
    where
        D: Subtree<A, W>,
    {
        self.visit_active::<A, W, _>(&mut EachNode(f));
    }

    /// Whether the active path goes through a node named `name` (I1).
    pub fn is_active<A, W>(&self, name: &str) -> bool
    where
        D: Subtree<A, W>,
    {
        let mut on = false;
        self.active_path::<A, W, _>(|n| on |= n.name == name);
        on
    }
}

/// Marks the path that calls it as the unlikely one, for the code layout
/// (`#[cold]`); does nothing.
#[cold]
#[inline]
fn unlikely() {}

/// What a state lends to the hooks: its clock, variables and timestamps.
#[inline(always)]
fn lend<'t, D: TreeParts>(
    clock: &'t D::Clock,
    vars: &'t D::Vars,
    stamps: &'t D::Stamps,
) -> Lent<'t> {
    Lent::services(clock.now_ref(), vars.flags(), stamps.as_ref())
}

impl<D: TreeParts> Default for Machine<D> {
    /// [`Machine::with_seed`]`(0)`.
    fn default() -> Self {
        Self::with_seed(0)
    }
}

// What a user may derive on a tree (`#[derive(Debug, Clone, PartialEq)]`
// before `tree`): `tree!` forwards the derives to the types of the
// definition, and the machine has them when those do.

impl<D: TreeParts> Clone for Machine<D>
where
    D::Root: Clone,
    D::Persist: Clone,
    D::Clock: Clone,
    D::Seed: Clone,
{
    fn clone(&self) -> Self {
        Machine {
            active: self.active.clone(),
            persist: self.persist.clone(),
            clock: self.clock.clone(),
            seed: self.seed.clone(),
            vars: self.vars,
            stamps: self.stamps,
        }
    }
}

impl<D: TreeParts> Copy for Machine<D>
where
    D::Root: Copy,
    D::Persist: Copy,
    D::Clock: Copy,
    D::Seed: Copy,
{
}

impl<D: TreeParts> fmt::Debug for Machine<D>
where
    D::Root: fmt::Debug,
    D::Persist: fmt::Debug,
    D::Clock: fmt::Debug,
    D::Seed: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Machine")
            .field("active", &self.active)
            .field("persist", &self.persist)
            .field("clock", &self.clock)
            .field("seed", &self.seed)
            .field("vars", &self.vars)
            .field("stamps", &self.stamps)
            .finish()
    }
}

impl<D: TreeParts> PartialEq for Machine<D>
where
    D::Root: PartialEq,
    D::Persist: PartialEq,
    D::Clock: PartialEq,
    D::Seed: PartialEq,
{
    fn eq(&self, other: &Self) -> bool {
        self.active == other.active
            && self.persist == other.persist
            && self.clock == other.clock
            && self.seed == other.seed
            && self.vars == other.vars
            && self.stamps == other.stamps
    }
}

impl<D: TreeParts> Eq for Machine<D>
where
    D::Root: Eq,
    D::Persist: Eq,
    D::Clock: Eq,
    D::Seed: Eq,
{
}

impl<D: TreeParts> core::hash::Hash for Machine<D>
where
    D::Root: core::hash::Hash,
    D::Persist: core::hash::Hash,
    D::Clock: core::hash::Hash,
    D::Seed: core::hash::Hash,
{
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.active.hash(state);
        self.persist.hash(state);
        self.clock.hash(state);
        self.seed.hash(state);
        self.vars.hash(state);
        self.stamps.hash(state);
    }
}

#[cfg(test)]
mod tests {
    //! The lifecycle over a hand-written definition: a root that runs for
    //! two ticks, then succeeds, logging every call into the agent.
    use super::*;
    use crate::base::shape::shape_node;
    use crate::base::shape::NodeKind;
    use crate::ctx::Ctx;
    use std::string::String;
    use std::vec::Vec;

    static SHAPE: [NodeInfo; 1] = [shape_node(
        0,
        "root",
        "Steps",
        NodeKind::Behavior,
        0,
        0,
        "",
        1,
        "",
    )];

    /// The agent: the log, and whether the next tick panics.
    #[derive(Default)]
    struct Log {
        lines: Vec<String>,
        panic: bool,
    }

    struct Steps;

    /// The persistent state: a count the hooks and seeding write.
    #[derive(Default, Debug, PartialEq)]
    struct Ps(u64);

    impl crate::engine::protocol::Shaped for Ps {
        fn shape() -> &'static [NodeInfo] {
            &SHAPE
        }
    }

    impl TreeParts for Steps {
        const NAME: &'static str = "Steps";
        const FINGERPRINT: u64 = 0x5735;
        const DEPTH: usize = 0;
        const CLOCK: bool = true;
        const RNG: bool = true;
        type Root = u32;
        type Persist = Ps;
        type Clock = f64;
        type Seed = u64;
        const SERVICES: bool = false;
        type Vars = ();
        type Stamps = crate::base::stamp::NoStamps;
        fn seed(ps: &mut Ps, seed: u64) {
            ps.0 = seed * 10;
        }
    }

    impl Subtree<Log, ()> for Steps {
        type Tree = Self;
        fn enter<Tr: Trace>(
            ps: &mut Ps,
            agent: &mut Log,
            ctx: &mut Ctx,
            tr: &mut Tr,
        ) -> Entered<u32> {
            ps.0 += 1;
            agent.lines.push(format!("enter at {}", ctx.now()));
            tr.event(TraceEvent::Activated { node: &SHAPE[0] });
            Entered::Running(0)
        }
        fn tick<Tr: Trace>(
            root: &mut u32,
            _ps: &mut Ps,
            agent: &mut Log,
            _ctx: &mut Ctx,
            _tr: &mut Tr,
        ) -> Status {
            assert!(!agent.panic, "a hook panics");
            *root += 1;
            agent.lines.push(format!("tick {root}"));
            if *root == 2 {
                Status::Success
            } else {
                Status::Running
            }
        }
        fn halt<Tr: Trace>(
            root: &mut u32,
            _ps: &mut Ps,
            agent: &mut Log,
            ctx: &mut Ctx,
            _tr: &mut Tr,
        ) {
            agent.lines.push(format!("halt {root} at {}", ctx.now()));
        }
        fn visit<V: Visitor<Log, ()>>(_root: &u32, v: &mut V) {
            v.node(&SHAPE[0]);
        }
        fn visit_mut<V: VisitorMut<Log, ()>>(
            _root: &mut u32,
            v: &mut V,
            agent: &mut Log,
            ctx: &mut Ctx,
        ) {
            v.node(&SHAPE[0], agent, ctx);
        }
    }

    fn take(log: &mut Log) -> Vec<String> {
        core::mem::take(&mut log.lines)
    }

    fn path(m: &Machine<Steps>) -> Vec<&'static str> {
        let mut path = Vec::new();
        m.active_path::<Log, (), _>(|n| path.push(n.name));
        path
    }

    // SPEC T2, T3
    #[test]
    fn t3_ticks_enter_then_tick_and_restart_from_the_root_after_completion() {
        let (mut m, mut log) = (Machine::<Steps>::default(), Log::default());
        let mut ctx = Frame::new(0.5);
        assert!(!m.is_running());
        assert_eq!(m.tick(&mut log, &mut ctx), Status::Running);
        assert_eq!(take(&mut log), ["enter at 0.5"]);
        assert!(m.is_running());
        assert_eq!(m.tick(&mut log, &mut ctx), Status::Running);
        assert_eq!(take(&mut log), ["tick 1"]);
        assert_eq!(m.tick(&mut log, &mut ctx), Status::Success);
        assert_eq!(take(&mut log), ["tick 2"]);
        assert!(!m.is_running());
        // T3: the next tick starts again from the root.
        assert_eq!(m.tick(&mut log, &mut ctx), Status::Running);
        assert_eq!(take(&mut log), ["enter at 2"]);
        assert_eq!(m.now(), 2.0);
    }

    // SPEC T2
    #[test]
    fn t2_the_clock_advances_by_the_sanitized_dt() {
        let (mut m, mut log) = (Machine::<Steps>::default(), Log::default());
        m.tick(&mut log, &mut Frame::new(0.25));
        m.tick(&mut log, &mut Frame::new(-3.0));
        m.tick(&mut log, &mut Frame::new(f32::NAN));
        assert_eq!(m.now(), 0.25);
    }

    // SPEC L2, C7
    #[test]
    fn c7_halt_halts_the_running_root_once_with_the_tree_clock() {
        let (mut m, mut log) = (Machine::<Steps>::default(), Log::default());
        m.tick(&mut log, &mut Frame::new(0.5));
        m.tick(&mut log, &mut Frame::new(0.5));
        take(&mut log);
        // The hooks see the tree clock, whatever the context held.
        m.halt(&mut log, &mut Frame::new(7.0));
        assert_eq!(take(&mut log), ["halt 1 at 1"]);
        assert!(!m.is_running());
        // Nothing is active: nothing to halt.
        m.halt(&mut log, &mut Frame::new(0.0));
        assert!(take(&mut log).is_empty());
        assert_eq!(m.tick(&mut log, &mut Frame::new(0.5)), Status::Running);
        assert_eq!(take(&mut log), ["enter at 1.5"]);
    }

    // SPEC D8, O3
    #[test]
    fn d8_seeds_and_reset_returns_to_the_seed_and_the_initial_state() {
        let (mut m, mut log) = (Machine::<Steps>::with_seed(3), Log::default());
        assert_eq!((m.seed(), m.persist.0), (3, 30));
        m.set_seed(4);
        assert_eq!((m.seed(), m.persist.0), (4, 40));
        m.tick(&mut log, &mut Frame::new(0.5));
        assert_eq!(m.persist.0, 41);
        take(&mut log);
        m.reset(&mut log, &mut Frame::new(0.0));
        // Halted with the clock from before the reset, then initial again.
        assert_eq!(take(&mut log), ["halt 0 at 0.5"]);
        assert_eq!((m.seed(), m.persist.0, m.now()), (4, 40, 0.0));
        assert!(!m.is_running());
    }

    // SPEC T4
    #[test]
    fn t4_a_panicking_hook_leaves_the_state_as_if_dropped() {
        let (mut m, mut log) = (Machine::<Steps>::default(), Log::default());
        m.tick(&mut log, &mut Frame::new(0.5));
        log.panic = true;
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            m.tick(&mut log, &mut Frame::new(0.5));
        }));
        assert!(caught.is_err());
        assert!(!m.is_running());
        // The clock and the persistent state are kept.
        assert_eq!((m.now(), m.persist.0), (1.0, 1));
        log.panic = false;
        take(&mut log);
        assert_eq!(m.tick(&mut log, &mut Frame::new(0.5)), Status::Running);
        assert_eq!(take(&mut log), ["enter at 1.5"]);
    }

    // SPEC I1, I2
    #[test]
    fn i1_walks_and_traces_the_active_path() {
        #[derive(Default)]
        struct Events(Vec<String>);
        impl Trace for Events {
            fn event(&mut self, e: TraceEvent) {
                self.0.push(match e {
                    TraceEvent::TickStart { now, .. } => format!("start {now}"),
                    TraceEvent::TickEnd { status, .. } => format!("end {status:?}"),
                    TraceEvent::Activated { node, .. } => format!("+ {}", node.name),
                    other => format!("{other:?}"),
                });
            }
        }
        let (mut m, mut log) = (Machine::<Steps>::default(), Log::default());
        assert!(path(&m).is_empty());
        let mut tr = Events::default();
        m.tick_traced(&mut log, &mut Frame::new(0.5), &mut tr);
        assert_eq!(tr.0, ["start 0.5", "+ root", "end Running"]);
        assert_eq!(path(&m), ["root"]);
        assert_eq!(Steps::shape()[0].tree, "Steps");
    }
}
