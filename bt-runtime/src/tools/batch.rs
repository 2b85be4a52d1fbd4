#![doc = crate::__doc_batch!()]
//!
//! Its length: about 650 lines, most of them documentation with runnable
//! examples (the tracer choices, `par_tick_all`'s measurements); one
//! concern, ticking a slice of agents.

use crate::ctx::Frame;
use crate::machine::tree::Tree;
use crate::tools::brain::{Brain, Declares};
use crate::trace_hook::NoTrace;
use crate::trace_hook::Trace;
use core::fmt::Debug;
use std::any::Any;
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::hash::BuildHasher;

/// The documentation of this module, which the façade `deciders` shows for
/// its own `batch` module too (it declares one so that `par_tick_all` is
/// documented without the `rayon` feature).
#[doc(hidden)]
#[macro_export]
macro_rules! __doc_batch {
    () => {
        r##"Ticking many agents (F4): a tight serial loop ([`tick_all`]), the
same loop with some agents traced ([`tick_all_traced`]), and the loop split
over `rayon`'s thread pool ([`par_tick_all`], available with the cargo
feature `rayon`).

Each takes a per-agent **preparation step**, `prep(index, state, agent,
frame)`, called right before that agent's tick: it sets what only the game
knows per agent (decision flags, fields of the agent computed from other
data), may read or write the world through `frame`, and gets the agent's
tree state too (`&mut T`: to read it, seed it, halt it, or hand it what the
tick should see). `index` is the agent's index in the whole slice, which
the batch has already set as the frame's agent (`Frame::set_agent`: what
deferred launches' tickets and errors name).

The states may be tree states or [`Brain`](crate::brain::Brain)s. A brain
holds what a bare state needs fed each frame — its stimuli, its events,
its lifecycle — so with brains `prep` is often empty; after the batch,
each brain's last status and report say how its tick went, with no
tracer.

# When a hook panics

The tree itself never panics (T4), but your code may: a behavior, a
decide, a condition, a trace, `prep`. The serial loops do not catch
anything: the panic unwinds out of [`tick_all`] (or [`tick_all_traced`]),
the agents after the one that panicked are not ticked this frame, and
the context, with its world, is the caller's to keep or drop. The
parallel loop catches a panic per agent, ticks the rest of the chunk, and
gives every world back with the panics reported as values
([`Chunk::panics`]); see [`par_tick_all`]. In both cases the state of the
agent that panicked is left as if dropped (T4): nothing is active, and
its next tick starts from the root.
"##
    };
}

/// Ticks `states[i]` with `agents[i]` for every `i`, one frame, with the
/// context `frame` (its `dt` and world), calling `prep(i, &mut states[i], &mut
/// agents[i], frame)` before each tick.
///
/// Before `prep`, the frame's agent index is set to `i`
/// ([`Frame::set_agent`]): the tickets of the agent's deferred launches
/// ([`Ctx::launch`](crate::Ctx::launch)) and its errors name it, with no
/// `set_agent` in `prep`. The states may be [`Brain`]s (B1–B7): a brain
/// feeds its own tree its stimuli and events, a paused or stopped one
/// does not tick (and is not counted below), and each keeps its last
/// status and report ([`Brain::last_status`], [`Brain::report`]) for the
/// caller to read after the batch.
///
/// Extra states or agents (if the slices differ in length) are left alone.
/// Returns how many ticks reported an error of any kind
/// ([`TickError`](crate::TickError)): a broken subset rule (D9), a refused
/// deferred launch or cancel (V5). A tick with several errors counts once;
/// the last agent's report is still in `frame.report()`, and the kinds are
/// counted per tick by [`Report`](crate::Report) (`launches_refused`,
/// `cancels_refused`). A batch whose requests buffer is too small for a
/// frame's launches counts every agent refused: read the buffer's own
/// counts ([`Requests::launches_refused`](crate::deferred::Requests::launches_refused),
/// [`Requests::cancels_refused`](crate::deferred::Requests::cancels_refused))
/// for the frame's totals.
///
/// A panic in `prep` or in a hook unwinds out of `tick_all`: the agents
/// after it are not ticked this frame (see the [module docs](self)).
///
/// ```
/// use deciders::{batch, Behavior, Ctx, Flags, Frame, Status};
///
/// const ALARM: Flags = Flags::bit(0);
/// struct Guard { id: usize, shouts: u32 }
///
/// /// Shouts into the frame's world: the ids of the guards that shouted.
/// #[derive(Default)]
/// struct Shout;
/// impl Behavior<Guard, Vec<usize>> for Shout {
///     fn tick(&mut self, g: &mut Guard, ctx: &mut Ctx<Vec<usize>>) -> Status {
///         g.shouts += 1;
///         ctx.world_mut().push(g.id);
///         Status::Success
///     }
/// }
///
/// deciders::tree! {
///     tree Post for Guard, world = Vec<usize> {
///         priority { shout: when(any(ALARM)) => Shout, idle: wait(1.0) }
///     }
/// }
///
/// let mut agents: Vec<Guard> = (0..4).map(|id| Guard { id, shouts: 0 }).collect();
/// let mut states: Vec<Post> = (0..4).map(|_| Post::new()).collect();
/// // One context for the frame; its world collects what the agents emit.
/// let mut frame = Frame::new(0.1).with_world(Vec::new());
/// let errors = batch::tick_all(&mut states, &mut agents, &mut frame, |i, _, _guard, frame| {
///     // Per-agent input, set right before that agent's tick.
///     frame.set_flags(if i % 2 == 0 { ALARM } else { Flags::EMPTY });
/// });
/// assert_eq!(errors, 0);
/// assert_eq!(frame.world(), &[0, 2]);
/// assert_eq!(agents[1].shouts, 0);
/// ```
pub fn tick_all<A, W, T: Tree<A, W>>(
    states: &mut [T],
    agents: &mut [A],
    frame: &mut Frame<W>,
    mut prep: impl FnMut(usize, &mut T, &mut A, &mut Frame<W>),
) -> usize {
    let mut errors = 0;
    for (i, (state, agent)) in states.iter_mut().zip(agents.iter_mut()).enumerate() {
        frame.set_agent(agent_index(i));
        prep(i, state, agent, frame);
        if state.tick_batched(agent, frame, &mut NoTrace).is_some() {
            errors += usize::from(!frame.report().is_ok());
        }
    }
    errors
}

/// An agent's index as a ticket and an error name it: saturated at
/// `u32::MAX` (no batch holds four billion agents).
#[inline(always)]
fn agent_index(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(u32::MAX)
}

/// Posts `event` to every brain of `brains` (B2): each delivers it at the
/// start of its next tick. Returns how many inboxes were full and refused
/// it (0 when every brain took it).
///
/// ```
/// use deciders::{batch, brain::Brain, Frame};
/// #[derive(Clone, Copy)]
/// enum Signal { Alarm }
/// struct Mob;
/// deciders::tree! {
///     tree Guard for Mob, events = Signal { var alarmed = set(Signal::Alarm); wait(1.0) }
/// }
/// let mut brains: Vec<Brain<Guard>> = (0..3).map(|_| Brain::default()).collect();
/// assert_eq!(batch::post_all(&mut brains, Signal::Alarm), 0);
/// let mut mobs = [Mob, Mob, Mob];
/// batch::tick_all(&mut brains, &mut mobs, &mut Frame::new(0.1), |_, _, _, _| {});
/// assert!(brains.iter().all(|b| b.var(Guard::ALARMED)));
/// ```
pub fn post_all<T: Declares>(brains: &mut [Brain<T>], event: T::Event) -> usize
where
    T::Event: Clone,
{
    let refused = brains.iter_mut().map(|b| b.post(event.clone()).is_err());
    refused.filter(|&r| r).count()
}

/// Which agents of a batch are traced, and into which [`Trace`]: what
/// [`tick_all_traced`] asks before each agent's tick.
///
/// Ready-made choices:
///
/// - [`TraceOne`]: one agent, by index;
/// - [`TraceSome`]: the agents a function of the index chooses, into one
///   tracer;
/// - a slice or `Vec` of `Option<Tr>`, one entry per agent (`None`: not
///   traced; agents past its end are not traced);
/// - a [`BTreeMap`] or [`HashMap`] from agent index to tracer, for a few
///   agents each with its own tracer;
/// - `&mut` any of these, to keep the tracers after the batch.
///
/// Implement it for a choice of your own (an agent selected in an editor,
/// every tenth agent). It hands out a `&mut` borrowed from `self`, which is
/// why it is a trait and not a closure: a closure cannot lend out what it
/// holds.
pub trait Tracers {
    /// The tracer type.
    type Trace: Trace;

    /// The tracer of agent `index` (its index in the batch's slices), or
    /// `None` to tick it untraced.
    fn trace_for(&mut self, index: usize) -> Option<&mut Self::Trace>;
}

/// Traces one agent of a batch, the one at `index`, into `trace` (a
/// [`Tracers`] choice).
///
/// `trace` may be a `&mut` to a tracer the caller keeps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TraceOne<Tr> {
    /// The traced agent's index in the batch's slices.
    pub index: usize,
    /// Its tracer.
    pub trace: Tr,
}

impl<Tr: Trace> TraceOne<Tr> {
    /// Traces agent `index` into `trace`.
    pub fn new(index: usize, trace: Tr) -> Self {
        TraceOne { index, trace }
    }
}

impl<Tr: Trace> Tracers for TraceOne<Tr> {
    type Trace = Tr;
    #[inline]
    fn trace_for(&mut self, index: usize) -> Option<&mut Tr> {
        (index == self.index).then_some(&mut self.trace)
    }
}

/// Traces the agents of a batch whose index `choose` accepts, all into the
/// one `trace` (a [`Tracers`] choice): every tenth agent
/// (`|i| i % 10 == 0`), a small set (`|i| [3, 7].contains(&i)`), the agents
/// a game's editor selected. Each chosen agent's tick is traced whole
/// (from `TickStart` to `TickEnd`) before the next agent's; a tracer that
/// must tell the agents apart is one per agent: a `Vec<Option<Tr>>` or a
/// map.
///
/// ```
/// use deciders::batch::{self, TraceSome};
/// use deciders::{Behavior, Frame, Trace, TraceEvent};
///
/// struct Ant;
/// #[derive(Default)]
/// struct Forage;
/// impl Behavior<Ant> for Forage {}
/// deciders::tree! { tree Colony for Ant { Forage } }
///
/// /// Counts the ticks it sees.
/// #[derive(Default)]
/// struct Ticks(usize);
/// impl Trace for Ticks {
///     fn event(&mut self, e: TraceEvent) {
///         if let TraceEvent::TickStart { .. } = e {
///             self.0 += 1;
///         }
///     }
/// }
///
/// let mut ants: Vec<Ant> = (0..25).map(|_| Ant).collect();
/// let mut states: Vec<Colony> = (0..25).map(|_| Colony::new()).collect();
/// let mut ticks = Ticks::default();
/// let every_tenth = TraceSome::new(|i| i % 10 == 0, &mut ticks);
/// batch::tick_all_traced(&mut states, &mut ants, &mut Frame::new(0.1), |_, _, _, _| {}, every_tenth);
/// assert_eq!(ticks.0, 3); // agents 0, 10 and 20
/// ```
#[derive(Clone, Copy, Default)]
pub struct TraceSome<F, Tr> {
    /// Whether agent `index` is traced.
    pub choose: F,
    /// The tracer of every chosen agent.
    pub trace: Tr,
}

impl<F: FnMut(usize) -> bool, Tr: Trace> TraceSome<F, Tr> {
    /// Traces the agents whose index `choose` accepts into `trace`.
    pub fn new(choose: F, trace: Tr) -> Self {
        TraceSome { choose, trace }
    }
}

impl<F: FnMut(usize) -> bool, Tr: Trace> Tracers for TraceSome<F, Tr> {
    type Trace = Tr;
    #[inline]
    fn trace_for(&mut self, index: usize) -> Option<&mut Tr> {
        (self.choose)(index).then_some(&mut self.trace)
    }
}

impl<F, Tr: fmt::Debug> fmt::Debug for TraceSome<F, Tr> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TraceSome")
            .field("choose", &format_args!("<function>"))
            .field("trace", &self.trace)
            .finish()
    }
}

impl<Tr: Trace> Tracers for [Option<Tr>] {
    type Trace = Tr;
    #[inline]
    fn trace_for(&mut self, index: usize) -> Option<&mut Tr> {
        self.get_mut(index).and_then(Option::as_mut)
    }
}

impl<Tr: Trace> Tracers for Vec<Option<Tr>> {
    type Trace = Tr;
    #[inline]
    fn trace_for(&mut self, index: usize) -> Option<&mut Tr> {
        self.as_mut_slice().trace_for(index)
    }
}

impl<Tr: Trace> Tracers for BTreeMap<usize, Tr> {
    type Trace = Tr;
    #[inline]
    fn trace_for(&mut self, index: usize) -> Option<&mut Tr> {
        self.get_mut(&index)
    }
}

impl<Tr: Trace, S: BuildHasher> Tracers for HashMap<usize, Tr, S> {
    type Trace = Tr;
    #[inline]
    fn trace_for(&mut self, index: usize) -> Option<&mut Tr> {
        self.get_mut(&index)
    }
}

impl<T: Tracers + ?Sized> Tracers for &mut T {
    type Trace = T::Trace;
    #[inline]
    fn trace_for(&mut self, index: usize) -> Option<&mut T::Trace> {
        (**self).trace_for(index)
    }
}

/// [`tick_all`], with the agents that `tracers` chooses ticked through
/// [`Tree::tick_traced`] (I2). The others go through [`Tree::tick`], as in
/// `tick_all`: tracing one agent costs the rest one
/// [`trace_for`](Tracers::trace_for) call each (an index comparison for
/// [`TraceOne`]).
///
/// `tracers.trace_for(i)` is asked right after `prep` for agent `i`, before
/// its tick. Returns how many ticks reported an error of any kind (subset
/// rule, refused launch or cancel), like
/// `tick_all`; a panic unwinds out of it the same way.
///
/// ```
/// use deciders::batch::{self, TraceOne};
/// use deciders::{Behavior, Ctx, Frame, Status, Trace, TraceEvent};
///
/// struct Rat { hungry: bool }
/// #[derive(Default)]
/// struct Eat;
/// impl Behavior<Rat> for Eat {
///     fn tick(&mut self, r: &mut Rat, _: &mut Ctx) -> Status {
///         r.hungry = false;
///         Status::Success
///     }
/// }
///
/// deciders::tree! {
///     tree Nest for Rat {
///         priority { eat: when(decide = |r: &Rat| r.hungry) => Eat, sleep: wait(5.0) }
///     }
/// }
///
/// /// Keeps the transitions as text.
/// #[derive(Default)]
/// struct Transitions(Vec<String>);
/// impl Trace for Transitions {
///     fn event(&mut self, e: TraceEvent) {
///         match e {
///             TraceEvent::Activated { node, .. } => self.0.push(format!("+{}", node.name)),
///             TraceEvent::Deactivated { node, .. } => self.0.push(format!("-{}", node.name)),
///             _ => {}
///         }
///     }
/// }
///
/// let mut rats: Vec<Rat> = (0..5).map(|i| Rat { hungry: i % 2 == 1 }).collect();
/// let mut nests: Vec<Nest> = (0..5).map(|_| Nest::new()).collect();
/// let mut log = Transitions::default();
/// let mut frame = Frame::new(0.1);
/// // Trace rat 3 only; the other four go through the plain `tick`.
/// batch::tick_all_traced(&mut nests, &mut rats, &mut frame, |_, _, _, _| {},
///     TraceOne::new(3, &mut log));
/// assert_eq!(log.0, ["+root", "+eat", "-eat", "+sleep"]);
/// ```
pub fn tick_all_traced<A, W, T: Tree<A, W>>(
    states: &mut [T],
    agents: &mut [A],
    frame: &mut Frame<W>,
    mut prep: impl FnMut(usize, &mut T, &mut A, &mut Frame<W>),
    mut tracers: impl Tracers,
) -> usize {
    let mut errors = 0;
    for (i, (state, agent)) in states.iter_mut().zip(agents.iter_mut()).enumerate() {
        frame.set_agent(agent_index(i));
        prep(i, state, agent, frame);
        let ticked = match tracers.trace_for(i) {
            Some(trace) => state.tick_batched(agent, frame, trace),
            None => state.tick_batched(agent, frame, &mut NoTrace),
        };
        if ticked.is_some() {
            errors += usize::from(!frame.report().is_ok());
        }
    }
    errors
}

/// What one chunk of [`par_tick_all`] (cargo feature `rayon`) gives back.
///
/// Not `Clone` or `PartialEq`: a panic's payload is neither.
#[derive(Debug)]
#[non_exhaustive]
pub struct Chunk<W> {
    /// The index of the chunk's first agent.
    pub start: usize,
    /// The chunk's world, with what its behaviors emitted (including what
    /// the hooks of an agent that panicked emitted before the panic).
    pub world: W,
    /// How many of the chunk's ticks reported an error of any kind (a
    /// broken subset rule, D9; a refused deferred launch or cancel, V5). A
    /// tick that
    /// panicked is not counted here: it is in `panics`.
    pub errors: usize,
    /// The agents of the chunk whose `prep` or tick panicked, in index
    /// order; empty when none did (an empty `Vec` does not allocate).
    pub panics: Vec<Panicked>,
}

/// A panic caught while ticking one agent in [`par_tick_all`]: which agent,
/// and what it panicked with.
#[non_exhaustive]
pub struct Panicked {
    /// The agent's index in the whole slice.
    pub index: usize,
    /// The panic's payload, as `std::panic::catch_unwind` returns it: a
    /// `&'static str` or a `String` for `panic!` with a message.
    pub payload: Box<dyn Any + Send + 'static>,
}

impl Panicked {
    /// The panic's message, when the payload is one (`panic!("…")` gives a
    /// `&'static str` or a `String`).
    pub fn message(&self) -> Option<&str> {
        if let Some(s) = self.payload.downcast_ref::<&'static str>() {
            Some(s)
        } else {
            self.payload.downcast_ref::<String>().map(String::as_str)
        }
    }

    /// Goes on unwinding with this panic's payload
    /// (`std::panic::resume_unwind`), for a caller that wants the panic
    /// back once it has taken what it needs from the worlds.
    pub fn resume(self) -> ! {
        std::panic::resume_unwind(self.payload)
    }
}

impl fmt::Debug for Panicked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("Panicked");
        d.field("index", &self.index);
        match self.message() {
            Some(message) => d.field("message", &message),
            None => d.field("payload", &"<not a message>"),
        };
        d.finish()
    }
}

/// Ticks the agents of one chunk, catching a panic per agent.
#[cfg(feature = "rayon")]
fn tick_chunk<A, W, T: Tree<A, W>>(
    states: &mut [T],
    agents: &mut [A],
    start: usize,
    frame: &mut Frame<W>,
    prep: &impl Fn(usize, &mut T, &mut A, &mut Frame<W>),
) -> (usize, Vec<Panicked>) {
    use std::panic::{catch_unwind, AssertUnwindSafe};
    let mut errors = 0;
    let mut panics = Vec::new();
    for (i, (state, agent)) in states.iter_mut().zip(agents.iter_mut()).enumerate() {
        let index = start + i;
        // Unwind safety: a state whose hook panicked is as if dropped
        // (T4), and the agent and the world hold what the caller's code
        // left in them, which `Chunk::panics` tells the caller about.
        let ticked = catch_unwind(AssertUnwindSafe(|| {
            frame.set_agent(agent_index(index));
            prep(index, state, agent, frame);
            state.tick_batched(agent, frame, &mut NoTrace)
        }));
        match ticked {
            Ok(Some(_)) => errors += usize::from(!frame.report().is_ok()),
            Ok(None) => {}
            Err(payload) => panics.push(Panicked { index, payload }),
        }
    }
    (errors, panics)
}

/// Defines `par_tick_all` with its documentation and signature around the
/// body given: `bt-runtime` gives the real one (with the `rayon` feature,
/// or to document it), and the façade `deciders` a stub that exists only
/// while its documentation is built without the feature, so that
/// `deciders::batch::par_tick_all` is documented on every build.
#[doc(hidden)]
#[macro_export]
macro_rules! __par_tick_all {
    (|$states:ident, $agents:ident, $dt:ident, $chunk:ident, $world:ident, $prep:ident| $body:block) => {
        /// [`tick_all`] split over `rayon`'s thread pool in chunks of
        /// `chunk` agents (at least 1). **Available with the cargo feature
        /// `rayon`.**
        ///
        /// Each chunk ticks with its own context, whose world is `world()`
        /// (for instance the shared services by reference and empty output
        /// buffers), so chunks never share a buffer (F4); the chunks come
        /// back in order, each with its world, its error count and the
        /// panics caught in it. `prep` gets each agent's index in the whole
        /// slice. The chunks are cut the same way whatever the number of
        /// threads, and each chunk ticks its agents in order, so the result
        /// does not depend on the thread count.
        ///
        /// # Panics in hooks
        ///
        /// A panic in `prep` or in one of an agent's hooks does not leave
        /// `par_tick_all`: it is caught (`std::panic::catch_unwind`) around
        /// that agent alone, the chunk goes on with its next agent, and the
        /// panic is reported in [`Chunk::panics`] with the agent's index and
        /// the payload. Every chunk's world comes back, with everything
        /// emitted into it, including what the panicking agent's hooks
        /// emitted before the panic. The agent's state is left as if
        /// dropped (T4): nothing active, the next tick starts from the root.
        /// To fail the frame anyway, [`Panicked::resume`] the first panic
        /// after taking what you need from the worlds. (Panics in `world()`
        /// itself are not caught; with `panic = "abort"` nothing is.)
        ///
        /// # When it pays
        ///
        /// Only with enough work per frame. Handing a frame's chunks to
        /// other threads costs a fixed time per frame (waking a sleeping
        /// worker: tens of microseconds on the machine below), which the
        /// parallel ticks must win back. Measured in one run on a 2-vCPU
        /// virtual machine (Intel Xeon, KVM), with the benchmarks' creature tree (about
        /// 9.5 ns per agent-tick serially), as `tick_all`'s time divided by
        /// `par_tick_all`'s (above 1: the parallel loop is faster):
        ///
        /// | agents | chunk 64 | chunk 512 | chunk 4,096 |
        /// |---|---|---|---|
        /// | 500 | 0.22 | 0.98 (one chunk) | 0.98 (one chunk) |
        /// | 1,000 | 0.31 | 0.35 | 0.99 (one chunk) |
        /// | 10,000 | 0.90 | 0.79 | 0.74 |
        /// | 30,000 | 0.86 | 0.89 | 1.30 |
        /// | 100,000 | 1.62 | 1.71 | 1.62 |
        ///
        /// So it does not pay with few agents or cheap trees (here, below
        /// tens of thousands of agents: a serial frame well under a
        /// millisecond), nor with chunks so small that a frame is many
        /// tiny tasks; a single chunk (`chunk` at least the number of
        /// agents) runs on one thread and costs 1–2 % more than
        /// `tick_all`. Measure with your own trees and agent counts
        /// (`benches/` in the repository: `cargo bench -p
        /// deciders-benches --bench ratios --features rayon -- --only
        /// batch --batch-agents … --chunks …`).
        ///
        /// # Example
        ///
        // Run as a doctest only where the function exists.
        #[cfg_attr(feature = "rayon", doc = "```")]
        #[cfg_attr(not(feature = "rayon"), doc = "```ignore")]
        /// use deciders::{batch, Behavior, Ctx, Frame, Status};
        ///
        /// struct Ant { id: usize, crumbs: u32 }
        /// #[derive(Default)]
        /// struct Forage;
        /// impl Behavior<Ant, Vec<usize>> for Forage {
        ///     fn tick(&mut self, ant: &mut Ant, ctx: &mut Ctx<Vec<usize>>) -> Status {
        ///         if ant.id == 4 {
        ///             panic!("ant 4 is lost");
        ///         }
        ///         ant.crumbs += 1;
        ///         ctx.world_mut().push(ant.id); // this chunk's output buffer
        ///         Status::Running
        ///     }
        /// }
        /// deciders::tree! {
        ///     tree Colony for Ant, world = Vec<usize> { Forage }
        /// }
        ///
        /// let mut ants: Vec<Ant> = (0..7).map(|id| Ant { id, crumbs: 0 }).collect();
        /// let mut states: Vec<Colony> = (0..7).map(|_| Colony::new()).collect();
        /// let chunks = batch::par_tick_all(&mut states, &mut ants, 0.1, 3, Vec::new, |_, _, _, _| {});
        /// let worlds: Vec<&[usize]> = chunks.iter().map(|c| c.world.as_slice()).collect();
        /// assert_eq!(worlds, [&[0, 1, 2][..], &[3, 5], &[6]]);
        /// // Ant 4 panicked: the rest of its chunk was ticked all the same.
        /// let panic = &chunks[1].panics[0];
        /// assert_eq!((panic.index, panic.message()), (4, Some("ant 4 is lost")));
        /// assert_eq!(ants.iter().filter(|a| a.crumbs == 1).count(), 6);
        /// ```
        #[cfg_attr(docsrs, doc(cfg(feature = "rayon")))]
        pub fn par_tick_all<A, W, T>(
            $states: &mut [T],
            $agents: &mut [A],
            $dt: f32,
            $chunk: usize,
            $world: impl Fn() -> W + Sync,
            $prep: impl Fn(usize, &mut T, &mut A, &mut $crate::Frame<W>) + Sync,
        ) -> ::std::vec::Vec<$crate::batch::Chunk<W>>
        where
            A: Send,
            W: Send,
            T: $crate::Tree<A, W> + Send,
        $body
    };
}

#[cfg(any(feature = "rayon", doc))]
crate::__par_tick_all! { |states, agents, dt, chunk, world, prep| {
    #[cfg(feature = "rayon")]
    {
        use rayon::prelude::*;
        let chunk = chunk.max(1);
        states
            .par_chunks_mut(chunk)
            .zip(agents.par_chunks_mut(chunk))
            .enumerate()
            .map(|(k, (s, a))| {
                let start = k * chunk;
                let mut frame = Frame::new(dt).with_world(world());
                let (errors, panics) = tick_chunk(s, a, start, &mut frame, &prep);
                Chunk {
                    start,
                    world: frame.into_world(),
                    errors,
                    panics,
                }
            })
            .collect()
    }
    // Only `rustdoc` builds this, to document the function.
    #[cfg(not(feature = "rayon"))]
    {
        let _ = (states, agents, dt, chunk, world, prep);
        ::std::vec::Vec::new()
    }
}}
