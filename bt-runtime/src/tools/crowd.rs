//! [`Crowd`]: many agents' [`Brain`]s, of which only those that need a
//! tick are ticked (Z2). A frame's work grows with what changed, not with
//! how many agents there are.
//!
//! After each tick a brain says when it next needs one ([`Tree::wake`]):
//! every tick, not before a time, or only when an input changes. A crowd
//! ticks the brains that poll, the ones whose time came (a timer heap),
//! and the ones something woke — and nothing else, not even to look at
//! them. What wakes a brain, and nothing else does:
//!
//! - its decision flags changing ([`Crowd::set_flags`]);
//! - anything done to it through [`Crowd::brain_mut`]: adding or removing
//!   a stimulus, posting an event, a lifecycle operation;
//! - [`Crowd::wake`]: anything the game knows and the tree cannot see;
//!   [`Crowd::wake_completed`] for every deferred action its systems
//!   completed;
//! - its deadline arriving: a `wait`, `timeout` or `delay` running out, a
//!   stimulus expiring, a time a behavior asked for.
//!
//! Time keeps running for a sleeping brain: when it wakes, its tree clock
//! and its stimuli clock are caught up in one addition, which equals the
//! frames' own sum exactly (frames are on a 2⁻³⁰ s grid, T2), so its
//! timers and timestamps are what they would be had it been ticked every
//! frame.
//!
//! ```
//! use deciders::crowd::Crowd;
//! use deciders::brain::Brain;
//! use deciders::{Flags, Frame};
//!
//! const ALARM: Flags = Flags::bit(0);
//! #[derive(Default)]
//! struct Guard { shouts: u32 }
//!
//! #[derive(Default)]
//! struct Shout;
//! impl deciders::Behavior<Guard> for Shout {
//!     fn tick(&mut self, g: &mut Guard, _: &mut deciders::Ctx) -> deciders::Status {
//!         g.shouts += 1;
//!         deciders::Status::Success
//!     }
//! }
//!
//! deciders::tree! {
//!     tree Post for Guard {
//!         priority { shout: when(any(ALARM)) => Shout, idle: wait(10.0) }
//!     }
//! }
//!
//! let mut crowd: Crowd<Post> = (0..1000).map(|_| Brain::new(Post::new())).collect();
//! let mut guards: Vec<Guard> = (0..1000).map(|_| Guard::default()).collect();
//! let frame = &mut Frame::new(0.1);
//! // The first frame ticks everyone, and so does the next (a tick that
//! // entered nodes is followed by another); then all wait 10 s, asleep.
//! crowd.tick_all(&mut guards, frame, |_, _, _, _| {});
//! assert_eq!(crowd.ticked(), 1000);
//! crowd.tick_all(&mut guards, frame, |_, _, _, _| {});
//! assert_eq!(crowd.ticked(), 1000);
//! crowd.tick_all(&mut guards, frame, |_, _, _, _| {});
//! assert_eq!((crowd.ticked(), crowd.asleep()), (0, 1000));
//! // An alarm for guard 7: only guard 7 ticks.
//! crowd.set_flags(7, ALARM);
//! crowd.tick_all(&mut guards, frame, |_, _, _, _| {});
//! assert_eq!((crowd.ticked(), guards[7].shouts), (1, 1));
//! // Its clock caught up: 0.4 s, as if ticked every frame.
//! assert_eq!(crowd.brain(7).map(|b| b.tree().now()), Some(0.4000000059604645));
//! ```
//!
//! # What it costs
//!
//! A frame costs the brains it ticks, each plus asking it when it next
//! needs a tick (a walk down its running path), and a heap operation per
//! brain that falls asleep until a time: nothing per sleeping brain.
//! When 8 frames in a row find that half of the brains or more needed a
//! tick (a crowd whose trees poll, or that the game wakes every frame),
//! the crowd ticks every brain for the next 63 frames as a batch does,
//! without asking — the question would cost more than it saves — then
//! asks again. The first asking frame after such a stretch ticks every
//! brain; if most of them still need a tick after it, or the next frame
//! ticks most of them again, the crowd goes back to not asking, for
//! twice as long as the last stretch (up to 255 frames); if not, it
//! keeps asking, and the brains that can sleep sleep.
//! The decision flags are kept in an array of their own, so that setting
//! them every frame costs what it costs in the game's own array.
//! `scripts/bench-report` measures it (the `sleep-P` rows): 10,000
//! agents all woken every frame cost 1.00× the instructions of a batch
//! ticking them, 1% woken 0.04×. In time, a woken brain costs more than
//! its instructions say (its flags, slot, brain and agent are read out
//! of order, a few cache misses where a batch streams through memory):
//! 1.08–1.10× and 0.12–0.13× on the machine of those figures.
//!
//! With the cargo feature `rayon`, `Crowd::par_tick_all` ticks them on
//! `rayon`'s thread pool in chunks, as `batch::par_tick_all` ticks a
//! batch, with the same results whatever the number of threads.
//!
//! Its length: about 900 lines, a third of them documentation; one concern,
//! ticking the brains that need it.

use crate::base::flags::Flags;
use crate::ctx::Frame;
use crate::machine::state::MachineState;
use crate::machine::tree::Tree;
use crate::services::deferred::Completions;
use crate::tools::batch::Tracers;
#[cfg(feature = "rayon")]
use crate::tools::batch::{Chunk, Panicked};
use crate::tools::brain::{Brain, Declares, Receives};
use crate::tools::lifecycle::PlayStatus;
use crate::trace_hook::{NoTrace, Trace, TraceEvent};
use core::cmp::Reverse;
use std::collections::BinaryHeap;
#[cfg(feature = "rayon")]
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Brains that sleep until something wakes them (Z2): a batch that ticks
/// only the brains that need it. See the [module docs](self).
pub struct Crowd<T: Declares> {
    brains: Vec<Brain<T>>,
    slots: Vec<Slot>,
    /// Each brain's decision flags, apart from its slot: a game sets them
    /// every frame, and in an array of their own a store costs what it
    /// costs in the game's own array.
    flags: Vec<Flags>,
    /// The brains to tick next frame, each once: those awake.
    queue: Vec<u32>,
    /// The queue being ticked, kept for its allocation.
    ticking: Vec<u32>,
    /// Whether `queue` is in increasing order (pushed by the frame's
    /// ticks, in order, and by wakes, in any order).
    sorted: bool,
    /// Deadlines, earliest first: (crowd time as bits, index). An entry
    /// whose time is not its brain's `Slot::timer` any more is stale,
    /// dropped when it comes up (or when stale entries outnumber the
    /// others: `compact`).
    timers: BinaryHeap<Reverse<(u64, u32)>>,
    /// How many brains have a deadline in `timers`.
    live: usize,
    /// The crowd's clock: the sum of its frames' `dt`.
    clock: f64,
    ticked: usize,
    /// Frames left to tick every brain without asking when it next needs
    /// a tick (see "What it costs" in the module docs); 0: asking.
    plain: u32,
    /// How many asking frames in a row ticked half of the brains or more.
    busy: u32,
    /// How long the last stretch of the plain mode was (0: none since
    /// the crowd was last found calm): doubled, up to [`PLAIN_MAX`], when
    /// the asking frames after it find the crowd as busy.
    stretch: u32,
    /// Whether the next asking frame is the first after a stretch.
    fresh: bool,
}

/// What a crowd keeps per brain.
#[derive(Clone, Copy, Debug)]
struct Slot {
    /// The crowd clock at the end of its last tick, if it sleeps with its
    /// clocks running; NaN when they stand still (paused, stopped).
    since: f64,
    /// The crowd time (as bits) of its entry in the timers, `NO_TIMER`
    /// for none.
    timer: u64,
    /// Whether it sleeps; a brain awake is in the queue, once.
    asleep: bool,
}

impl Slot {
    const NEW: Slot = Slot {
        since: f64::NAN,
        timer: NO_TIMER,
        asleep: false,
    };
}

/// The tracer of one brain, if it is traced: what a crowd ticks it with.
/// With [`Untraced`], every event is dead code.
struct Maybe<'a, Tr>(Option<&'a mut Tr>);

impl<Tr: Trace> Trace for Maybe<'_, Tr> {
    const ENABLED: bool = Tr::ENABLED;
    #[inline(always)]
    fn event(&mut self, event: TraceEvent) {
        if Tr::ENABLED {
            if let Some(tr) = &mut self.0 {
                tr.event(event);
            }
        }
    }
}

/// No brain traced: what [`Crowd::tick_all`] and the parallel crowd tick
/// with.
struct Untraced;

impl Tracers for Untraced {
    type Trace = NoTrace;
    #[inline(always)]
    fn trace_for(&mut self, _: usize) -> Option<&mut NoTrace> {
        None
    }
}

/// `Slot::timer` of a brain with no deadline in the heap.
const NO_TIMER: u64 = u64::MAX;

/// How much earlier than its deadline a sleeper wakes: a tick too early
/// does nothing (it sleeps again), one too late would be wrong, and the
/// deadline's arithmetic rounds (a node tests `now - start >= d`, the
/// crowd `clock >= since + (start + d - now)`).
fn early(seconds: f64, clock: f64) -> f64 {
    1e-9 + (seconds.abs() + clock.abs()) * f64::EPSILON * 4.0
}

impl<T: Declares + MachineState> Default for Crowd<T> {
    fn default() -> Self {
        Crowd::new()
    }
}

impl<T: Declares + MachineState> FromIterator<Brain<T>> for Crowd<T> {
    fn from_iter<I: IntoIterator<Item = Brain<T>>>(brains: I) -> Self {
        let mut crowd = Crowd::new();
        for brain in brains {
            crowd.push(brain);
        }
        crowd
    }
}

impl<T: Declares + MachineState> Crowd<T> {
    /// No brain.
    pub fn new() -> Crowd<T> {
        Crowd {
            brains: Vec::new(),
            slots: Vec::new(),
            flags: Vec::new(),
            queue: Vec::new(),
            ticking: Vec::new(),
            sorted: true,
            timers: BinaryHeap::new(),
            live: 0,
            clock: 0.0,
            ticked: 0,
            plain: 0,
            busy: 0,
            stretch: 0,
            fresh: false,
        }
    }

    /// Adds a brain, awake, with no decision flags; its index.
    pub fn push(&mut self, brain: Brain<T>) -> usize {
        let i = self.brains.len();
        self.brains.push(brain);
        self.slots.push(Slot::NEW);
        self.flags.push(Flags::EMPTY);
        self.enqueue(i as u32);
        i
    }

    /// How many brains it holds.
    pub fn len(&self) -> usize {
        self.brains.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.brains.is_empty()
    }

    /// Brain `i`, to read. A sleeping brain's clocks are those of its last
    /// tick: [`catch_up`](Self::catch_up) first to read its time.
    pub fn brain(&self, i: usize) -> Option<&Brain<T>> {
        self.brains.get(i)
    }

    /// Brain `i`, to change: it wakes (its clocks caught up now), and is
    /// ticked next frame.
    pub fn brain_mut(&mut self, i: usize) -> Option<&mut Brain<T>> {
        self.wake(i);
        self.brains.get_mut(i)
    }

    /// Wakes brain `i`: it is ticked next frame, its clocks caught up now.
    /// What the game calls when something the tree cannot see changed for
    /// it: its deferred action completed, a value its behavior waits on.
    pub fn wake(&mut self, i: usize) {
        let Some(slot) = self.slots.get_mut(i) else {
            return;
        };
        if slot.asleep {
            slot.asleep = false;
            if !slot.since.is_nan() {
                self.brains[i].skip_clocks(self.clock - slot.since);
            }
            slot.since = f64::NAN;
            self.enqueue(i as u32);
        }
    }

    /// Queues brain `i` for the next frame.
    fn enqueue(&mut self, i: u32) {
        self.sorted &= self.queue.last().is_none_or(|&last| last < i);
        self.queue.push(i);
    }

    /// Wakes the brain of every ticket in `done` ([`Ticket::agent`], the
    /// brain's index, which the crowd sets on the frame before its tick):
    /// what a game calls once its systems have reported the deferred
    /// actions they completed (V5), so that the behaviors waiting for them
    /// with [`Wake::NEVER`](crate::Wake::NEVER) see the results on the
    /// next frame. A ticket of no brain of the crowd is left alone.
    ///
    /// [`Ticket::agent`]: crate::deferred::Ticket::agent
    pub fn wake_completed<R>(&mut self, done: &Completions<R>) {
        for ticket in done.tickets() {
            self.wake(ticket.agent as usize);
        }
    }

    /// Brain `i`'s decision flags (V1), which each of its ticks sees.
    #[inline]
    pub fn flags(&self, i: usize) -> Flags {
        self.flags.get(i).copied().unwrap_or(Flags::EMPTY)
    }

    /// Sets brain `i`'s decision flags; a change wakes it.
    #[inline]
    pub fn set_flags(&mut self, i: usize, flags: Flags) {
        let Some(old) = self.flags.get_mut(i) else {
            return;
        };
        // Every brain is awake (and queued) in the plain mode: the store
        // alone. Else a brain awake is queued already.
        let changed = *old != flags;
        *old = flags;
        if changed && self.plain == 0 && self.slots.get(i).is_some_and(|s| s.asleep) {
            self.wake(i);
        }
    }

    /// Whether brain `i` sleeps: the next frame skips it unless something
    /// wakes it or its deadline comes.
    pub fn is_asleep(&self, i: usize) -> bool {
        self.slots.get(i).is_some_and(|s| s.asleep)
    }

    /// How many brains sleep.
    pub fn asleep(&self) -> usize {
        self.slots.iter().filter(|s| s.asleep).count()
    }

    /// How many brains the last [`tick_all`](Self::tick_all) ticked.
    pub fn ticked(&self) -> usize {
        self.ticked
    }

    /// The crowd's clock: the sum of its frames' `dt`.
    pub fn now(&self) -> f64 {
        self.clock
    }

    /// Brings every sleeping brain's clocks to the present, leaving it
    /// asleep: before reading their time, describing or saving them.
    /// Visits every brain.
    pub fn catch_up(&mut self) {
        for (slot, brain) in self.slots.iter_mut().zip(&mut self.brains) {
            if slot.asleep && !slot.since.is_nan() {
                brain.skip_clocks(self.clock - slot.since);
                slot.since = self.clock;
            }
        }
    }

    /// The brains, in order, to read (a sleeping brain's clocks are those
    /// of its last tick, see [`catch_up`](Self::catch_up)).
    pub fn brains(&self) -> &[Brain<T>] {
        &self.brains
    }

    /// One frame: ticks the brains that need it, in index order, each with
    /// `agents[i]`, its flags set on `frame` and then
    /// `prep(i, brain, agent, frame)` called right before its tick (as
    /// [`batch::tick_all`](crate::batch::tick_all) does; `prep` is not
    /// called for the brains that sleep, so what it sets must not change
    /// what a sleeping tree would do: set decision flags with
    /// [`set_flags`](Self::set_flags)). Brains with no agent (the slice is
    /// shorter) are left for a later frame. Returns how many ticks
    /// reported an error; [`ticked`](Self::ticked) says how many ticked.
    pub fn tick_all<A, W>(
        &mut self,
        agents: &mut [A],
        frame: &mut Frame<W>,
        prep: impl FnMut(usize, &mut Brain<T>, &mut A, &mut Frame<W>),
    ) -> usize
    where
        T: Receives<A, W>,
    {
        self.tick_all_traced(agents, frame, prep, Untraced)
    }

    /// [`tick_all`](Self::tick_all), with the brains that `tracers`
    /// chooses ticked through their traced tick, as
    /// [`batch::tick_all_traced`](crate::batch::tick_all_traced) does (a
    /// [`TraceOne`](crate::batch::TraceOne), a map from index to tracer,
    /// …). A traced brain that falls asleep after its tick says so with
    /// [`TraceEvent::Sleeps`], after its `TickEnd`: a
    /// [`replay::Recorder`](crate::replay::Recorder) shows the frames it
    /// then sleeps through as asleep, if the game announces its frames.
    ///
    /// ```
    /// use deciders::batch::TraceOne;
    /// use deciders::brain::Brain;
    /// use deciders::crowd::Crowd;
    /// use deciders::{replay, Frame, TraceEvent};
    ///
    /// struct Owl;
    /// deciders::tree! { tree Roost for Owl { sequence { wait(0.3), succeed } } }
    ///
    /// let mut crowd: Crowd<Roost> = (0..3).map(|_| Brain::new(Roost::new())).collect();
    /// let mut owls = [Owl, Owl, Owl];
    /// let mut recorder = replay::Recorder::new();
    /// for number in 0..6 {
    ///     recorder.frame(number);
    ///     let frame = &mut Frame::new(0.1);
    ///     crowd.tick_all_traced(&mut owls, frame, |_, _, _, _| {}, TraceOne::new(1, &mut recorder));
    /// }
    /// // Owl 1 entered its wait on frame 0, slept through frame 2 until
    /// // its end, started again on frame 4 and fell asleep on frame 5.
    /// let ticks: Vec<u64> = recorder.ticks().map(|t| t.frame()).collect();
    /// assert_eq!(ticks, [0, 1, 3, 4, 5]);
    /// let slept = recorder.ticks().nth(1).and_then(|t| t.events().last().copied());
    /// let Some(TraceEvent::Sleeps { until, .. }) = slept else { panic!("{slept:?}") };
    /// // Until the wait's end: 0.3 s after frame 0's clock (0.1 s, on the
    /// // 2⁻³⁰ s grid).
    /// assert!((until.deadline().unwrap() - 0.4).abs() < 1e-8);
    /// let asleep: Vec<_> = recorder.pauses().map(|p| (p.frames(), p.asleep())).collect();
    /// assert_eq!(asleep, [(2..=2, true)]);
    /// ```
    pub fn tick_all_traced<A, W, Tr: Tracers>(
        &mut self,
        agents: &mut [A],
        frame: &mut Frame<W>,
        mut prep: impl FnMut(usize, &mut Brain<T>, &mut A, &mut Frame<W>),
        mut tracers: Tr,
    ) -> usize
    where
        T: Receives<A, W>,
    {
        let before = self.clock;
        self.clock += f64::from(frame.dt());
        if self.plain > 0 {
            return self.tick_plain(agents, frame, &mut tracers, prep);
        }
        let (mut ticking, sorted) = self.take_due();
        let mut step = Step {
            frame,
            tracers: &mut tracers,
            before,
            clock: self.clock,
            books: InPlace {
                timers: &mut self.timers,
                live: &mut self.live,
                queue: &mut self.queue,
            },
            errors: 0,
            ticked: 0,
        };
        if ticking.len() * DENSE >= self.brains.len() {
            // Many to tick: one pass over every brain in order, skipping
            // those asleep, is cheaper than sorting the queue.
            let brains = self.slots.iter_mut().zip(&self.flags).zip(&mut self.brains);
            for (k, (((slot, &flags), brain), agent)) in brains.zip(agents.iter_mut()).enumerate() {
                if !slot.asleep {
                    step.tick(k, slot, flags, brain, agent, &mut prep);
                }
            }
            // Brains with no agent this frame stay queued.
            for (k, slot) in self.slots.iter().enumerate().skip(agents.len()) {
                if !slot.asleep {
                    step.books.queue.push(k as u32);
                }
            }
        } else {
            // Index order, as a batch ticks: what agents emit into the
            // world comes in the same order.
            if !sorted {
                ticking.sort_unstable();
            }
            for &i in &ticking {
                let k = i as usize;
                match (
                    self.slots.get_mut(k),
                    self.brains.get_mut(k),
                    agents.get_mut(k),
                ) {
                    (Some(slot), Some(brain), Some(agent)) => {
                        step.tick(k, slot, self.flags[k], brain, agent, &mut prep);
                    }
                    // No agent this frame: still queued.
                    _ => step.books.queue.push(i),
                }
            }
        }
        let (errors, ticked) = (step.errors, step.ticked);
        self.end_frame(ticking, ticked);
        errors
    }

    /// The start of an asking frame: wakes the brains whose deadline came
    /// and hands over the queue (the brains to tick now) and whether it
    /// is in index order, leaving an empty one for the next frame.
    fn take_due(&mut self) -> (Vec<u32>, bool) {
        while let Some(&Reverse((at, i))) = self.timers.peek() {
            if f64::from_bits(at) > self.clock {
                break;
            }
            self.timers.pop();
            let slot = &mut self.slots[i as usize];
            if slot.timer != at {
                continue; // stale
            }
            slot.timer = NO_TIMER;
            self.live -= 1;
            if slot.asleep {
                // Caught up when ticked, to the frame before this one.
                slot.asleep = false;
                self.enqueue(i);
            }
        }
        let ticking = core::mem::replace(&mut self.queue, core::mem::take(&mut self.ticking));
        (ticking, core::mem::replace(&mut self.sorted, true))
    }

    /// The end of an asking frame that ticked `ticked` brains: the
    /// queue's allocation kept, the timers compacted, and the plain mode
    /// entered when the crowd has been busy for long enough.
    fn end_frame(&mut self, mut ticking: Vec<u32>, ticked: usize) {
        self.compact();
        ticking.clear();
        self.ticking = ticking;
        self.ticked = ticked;
        let half = |n: usize| n > 0 && n * 2 >= self.brains.len();
        if core::mem::take(&mut self.fresh) {
            // The first asking frame after a stretch ticks every brain,
            // whatever they need: what tells is how many are still
            // awake after it (their trees poll). If few are, the next
            // frame tells (an input may wake them all again).
            if half(self.queue.len()) {
                self.busy = BUSY_FRAMES;
            }
        } else if half(ticked) {
            self.busy = self.busy.saturating_add(1);
        } else {
            self.busy = 0;
            self.stretch = 0;
        }
        if self.busy >= BUSY_FRAMES {
            // Most brains needed their tick, frame after frame: for a
            // while, tick them all without asking; for twice as long as
            // the last stretch if the crowd is as busy after it.
            self.stretch = if self.stretch == 0 {
                PLAIN_FRAMES
            } else {
                (self.stretch * 2 + 1).min(PLAIN_MAX)
            };
            self.wake_all();
            self.plain = self.stretch;
            self.busy = BUSY_FRAMES - 1;
            self.fresh = true;
        }
    }

    /// [`tick_all`](Self::tick_all) split over `rayon`'s thread pool, as
    /// [`batch::par_tick_all`](crate::batch::par_tick_all) splits a
    /// batch: chunks of `chunk` brains by index (at least 1), each ticking
    /// its brains that need it, in order, with its own context whose world
    /// is `world()`; the chunks come back in order, each with its world,
    /// its error count and the panics caught in it (an agent whose tick
    /// panicked stays awake, as if dropped, T4). The chunks are cut the
    /// same way whatever the number of threads, so the result does not
    /// depend on it; [`ticked`](Self::ticked) says how many ticked.
    /// **Available with the cargo feature `rayon`.**
    ///
    /// Every chunk is handed to the pool, even one with no brain to tick:
    /// with few woken brains, a serial [`tick_all`](Self::tick_all) costs
    /// less than waking the pool's threads.
    ///
    /// ```
    /// use deciders::brain::Brain;
    /// use deciders::crowd::Crowd;
    /// use deciders::{Behavior, Ctx, Flags, Status, Wake};
    ///
    /// const FED: Flags = Flags::bit(0);
    /// struct Cow { id: u32 }
    /// #[derive(Default)]
    /// struct Graze;
    /// impl Behavior<Cow, Vec<u32>> for Graze {
    ///     fn tick(&mut self, cow: &mut Cow, ctx: &mut Ctx<Vec<u32>>) -> Status {
    ///         if ctx.flags().any(FED) {
    ///             ctx.world_mut().push(cow.id); // this chunk's buffer
    ///         }
    ///         Status::Running
    ///     }
    ///     fn wake(&self) -> Wake {
    ///         Wake::NEVER // nothing to do until the flags change
    ///     }
    /// }
    /// deciders::tree! { tree Field for Cow, world = Vec<u32> { Graze } }
    ///
    /// let mut crowd: Crowd<Field> = (0..100).map(|_| Brain::new(Field::new())).collect();
    /// let mut cows: Vec<Cow> = (0..100).map(|id| Cow { id }).collect();
    /// for _ in 0..3 {
    ///     crowd.par_tick_all(&mut cows, 0.1, 32, Vec::new, |_, _, _, _| {});
    /// }
    /// assert_eq!(crowd.asleep(), 100);
    /// crowd.set_flags(5, FED);
    /// crowd.set_flags(70, FED);
    /// let chunks = crowd.par_tick_all(&mut cows, 0.1, 32, Vec::new, |_, _, _, _| {});
    /// let worlds: Vec<&[u32]> = chunks.iter().map(|c| c.world.as_slice()).collect();
    /// assert_eq!(worlds, [&[5][..], &[], &[70], &[]]);
    /// assert_eq!(crowd.ticked(), 2);
    /// ```
    #[cfg(feature = "rayon")]
    #[cfg_attr(docsrs, doc(cfg(feature = "rayon")))]
    pub fn par_tick_all<A, W>(
        &mut self,
        agents: &mut [A],
        dt: f32,
        chunk: usize,
        world: impl Fn() -> W + Sync,
        prep: impl Fn(usize, &mut Brain<T>, &mut A, &mut Frame<W>) + Sync,
    ) -> Vec<Chunk<W>>
    where
        A: Send,
        W: Send,
        T: Receives<A, W>,
        Brain<T>: Send,
    {
        use rayon::prelude::*;
        let chunk = chunk.max(1);
        let before = self.clock;
        // The frame's `dt` as every chunk's frame has it (on the grid).
        self.clock += f64::from(Frame::new(dt).dt());
        let clock = self.clock;
        let n = self.brains.len().min(agents.len());
        let asking = self.plain == 0;
        let ticking = if asking {
            let (mut ticking, sorted) = self.take_due();
            if !sorted {
                ticking.sort_unstable();
            }
            ticking
        } else {
            self.plain -= 1;
            Vec::new()
        };
        // Each chunk's share of the brains to tick.
        let shares: Vec<&[u32]> = (0..n.div_ceil(chunk))
            .map(|c| {
                let (lo, hi) = ((c * chunk) as u32, ((c + 1) * chunk).min(n) as u32);
                let from = ticking.partition_point(|&i| i < lo);
                let to = ticking.partition_point(|&i| i < hi);
                &ticking[from..to]
            })
            .collect();
        let done: Vec<(Chunk<W>, ChunkBooks, usize)> = self.slots[..n]
            .par_chunks_mut(chunk)
            .zip(self.flags[..n].par_chunks(chunk))
            .zip(self.brains[..n].par_chunks_mut(chunk))
            .zip(agents[..n].par_chunks_mut(chunk))
            .map(|(((slots, flags), brains), agents)| (slots, flags, brains, agents))
            .zip(shares)
            .enumerate()
            .map(|(c, (part, share))| {
                let frame = Frame::new(dt).with_world(world());
                let times = (before, clock);
                tick_chunk(
                    part,
                    c * chunk,
                    share,
                    asking.then_some(times),
                    frame,
                    &prep,
                )
            })
            .collect();
        let mut ticked = 0;
        let mut chunks = Vec::with_capacity(done.len());
        for (done, books, n) in done {
            ticked += n;
            if asking {
                self.queue.extend_from_slice(&books.queue);
                self.timers
                    .extend(books.timers.iter().map(|&(at, k)| Reverse((at, k))));
                self.live = self.live + books.more - books.fewer;
            }
            chunks.push(done);
        }
        if asking {
            // Brains with no agent this frame stay queued.
            let waiting = ticking.partition_point(|&i| (i as usize) < n);
            self.queue.extend_from_slice(&ticking[waiting..]);
            self.end_frame(ticking, ticked);
        } else {
            self.ticked = ticked;
        }
        chunks
    }

    /// A frame of the plain mode: every brain ticked, in order, as a
    /// batch ticks it, and nothing asked; every brain stays awake and
    /// queued. The last such frame hands over to the asking mode.
    fn tick_plain<A, W, Tr: Tracers>(
        &mut self,
        agents: &mut [A],
        frame: &mut Frame<W>,
        tracers: &mut Tr,
        mut prep: impl FnMut(usize, &mut Brain<T>, &mut A, &mut Frame<W>),
    ) -> usize
    where
        T: Receives<A, W>,
    {
        self.plain -= 1;
        let mut errors = 0;
        let brains = self.flags.iter().zip(&mut self.brains);
        let ticked = brains.len().min(agents.len());
        for (k, ((&flags, brain), agent)) in brains.zip(agents.iter_mut()).enumerate() {
            frame.set_agent(k as u32);
            frame.set_flags(flags);
            prep(k, brain, agent, frame);
            if brain
                .tick_traced(agent, frame, &mut Maybe(tracers.trace_for(k)))
                .is_some()
            {
                errors += usize::from(!frame.report().is_ok());
            }
        }
        self.ticked = ticked;
        errors
    }

    /// Drops the stale timers once they outnumber the live ones: a crowd
    /// whose brains are woken early, again and again, keeps a heap of the
    /// size of its deadlines, not of its wakes. In place: no allocation.
    fn compact(&mut self) {
        if self.timers.len() > 2 * self.live + 64 {
            let slots = &self.slots;
            self.timers
                .retain(|Reverse((at, i))| slots[*i as usize].timer == *at);
        }
    }

    /// Wakes every sleeping brain (its clocks caught up) and queues every
    /// brain: before the plain mode.
    fn wake_all(&mut self) {
        self.queue.clear();
        self.sorted = true;
        for (k, (slot, brain)) in self.slots.iter_mut().zip(&mut self.brains).enumerate() {
            if slot.asleep {
                slot.asleep = false;
                if !slot.since.is_nan() {
                    brain.skip_clocks(self.clock - slot.since);
                }
            }
            slot.since = f64::NAN;
            self.queue.push(k as u32);
        }
    }
}

/// How many frames a crowd ticks every brain without asking, once
/// [`BUSY_FRAMES`] asking frames in a row found that half of them or more
/// needed a tick: 63, so that the asking frame between two such stretches
/// costs a crowd that never sleeps a few percent more than a batch
/// (`scripts/bench-report`'s `sleep-100%` row).
const PLAIN_FRAMES: u32 = 63;

/// The longest stretch of the plain mode: 255 frames (about 4 s at
/// 60 Hz), after stretches of 63 and 127, each followed by asking frames
/// that found the crowd as busy. A crowd that calms down is ticked every
/// frame for at most that long before its brains sleep; a crowd that
/// never sleeps pays one or two asking frames (each about three plain
/// ones) in 257.
const PLAIN_MAX: u32 = 255;

/// How many asking frames in a row must tick half of the brains or more
/// before a crowd stops asking for a while: a crowd's first frame ticks
/// every brain, and a burst of wakes passes.
const BUSY_FRAMES: u32 = 8;

/// The queue's share of the brains from which a frame visits every brain
/// instead of sorting the queue: one in `DENSE`.
const DENSE: usize = 8;

/// Where a tick's outcome goes: the next frame's queue and the timers.
/// The serial crowd writes them in place; a chunk of the parallel one
/// keeps its own, merged in order after the frame.
trait Books {
    /// Brain `k` needs its next tick: queued (in index order).
    fn poll(&mut self, k: u32);
    /// Brain `k` sleeps until crowd time `at` (as bits): a timer.
    fn timer(&mut self, at: u64, k: u32);
    /// Brains with a deadline in the timers: `more` more, `fewer` fewer.
    fn live(&mut self, more: bool, fewer: bool);
}

/// The serial crowd's books: its own queue, heap and count.
struct InPlace<'a> {
    timers: &'a mut BinaryHeap<Reverse<(u64, u32)>>,
    live: &'a mut usize,
    queue: &'a mut Vec<u32>,
}

impl Books for InPlace<'_> {
    #[inline(always)]
    fn poll(&mut self, k: u32) {
        self.queue.push(k);
    }
    #[inline(always)]
    fn timer(&mut self, at: u64, k: u32) {
        self.timers.push(Reverse((at, k)));
    }
    #[inline(always)]
    fn live(&mut self, more: bool, fewer: bool) {
        *self.live = *self.live + usize::from(more) - usize::from(fewer);
    }
}

/// A chunk of a parallel crowd: its brains' slots, flags, brains and
/// agents.
#[cfg(feature = "rayon")]
type Part<'a, T, A> = (&'a mut [Slot], &'a [Flags], &'a mut [Brain<T>], &'a mut [A]);

/// One chunk of [`Crowd::par_tick_all`]: its slots, flags, brains and agents,
/// the index of its first, the brains of it to tick, and the clock
/// before and after the frame when asking (`None`: the plain mode, every
/// brain ticked and nothing asked). Catches a panic per brain.
#[cfg(feature = "rayon")]
fn tick_chunk<A, W, T: Receives<A, W> + MachineState>(
    (slots, flags, brains, agents): Part<'_, T, A>,
    start: usize,
    share: &[u32],
    asking: Option<(f64, f64)>,
    mut frame: Frame<W>,
    prep: &impl Fn(usize, &mut Brain<T>, &mut A, &mut Frame<W>),
) -> (Chunk<W>, ChunkBooks, usize) {
    let (before, clock) = asking.unwrap_or((f64::NAN, f64::NAN));
    let mut step = Step {
        frame: &mut frame,
        tracers: Untraced,
        before,
        clock,
        books: ChunkBooks::default(),
        errors: 0,
        ticked: 0,
    };
    let mut panics = Vec::new();
    let end = start + slots.len();
    let mut one = |k: usize, step: &mut Step<'_, W, Untraced, ChunkBooks>| {
        let (slot, flags, brain, agent) = (
            &mut slots[k - start],
            flags[k - start],
            &mut brains[k - start],
            &mut agents[k - start],
        );
        // Unwind safety as in `batch::par_tick_all`: a brain whose hook
        // panicked is as if dropped (T4); it stays awake, to start again
        // next frame.
        let ticked = catch_unwind(AssertUnwindSafe(|| {
            if asking.is_some() {
                step.tick(k, slot, flags, brain, agent, &mut &prep);
            } else {
                step.tick_plain(k, flags, brain, agent, &mut &prep);
            }
        }));
        if let Err(payload) = ticked {
            slot.asleep = false;
            if asking.is_some() {
                step.books.poll(k as u32);
            }
            panics.push(Panicked { index: k, payload });
        }
    };
    if asking.is_some() {
        for &i in share {
            one(i as usize, &mut step);
        }
    } else {
        for k in start..end {
            one(k, &mut step);
        }
    }
    let (errors, ticked, books) = (step.errors, step.ticked, step.books);
    let done = Chunk {
        start,
        world: frame.into_world(),
        errors,
        panics,
    };
    (done, books, ticked)
}

/// A chunk's books in [`Crowd::par_tick_all`]: what it queued, the
/// timers it set, and how the count of brains with a deadline changed.
#[cfg(feature = "rayon")]
#[derive(Default)]
struct ChunkBooks {
    queue: Vec<u32>,
    timers: Vec<(u64, u32)>,
    more: usize,
    fewer: usize,
}

#[cfg(feature = "rayon")]
impl Books for ChunkBooks {
    fn poll(&mut self, k: u32) {
        self.queue.push(k);
    }
    fn timer(&mut self, at: u64, k: u32) {
        self.timers.push((at, k));
    }
    fn live(&mut self, more: bool, fewer: bool) {
        self.more += usize::from(more);
        self.fewer += usize::from(fewer);
    }
}

/// What ticking one brain of a frame takes besides the brain.
struct Step<'f, W, Tr, B> {
    frame: &'f mut Frame<W>,
    /// Which brains are traced, and into what.
    tracers: Tr,
    /// The crowd clock before this frame.
    before: f64,
    clock: f64,
    books: B,
    errors: usize,
    ticked: usize,
}

impl<W, Tr: Tracers, B: Books> Step<'_, W, Tr, B> {
    /// Catches brain `k` up, ticks it, and queues it for the next frame or
    /// puts it to sleep, with a timer if it has a deadline. Not inlined
    /// into its callers, so that the brain's tick is inlined into it.
    #[inline(never)]
    fn tick<A, T: Receives<A, W> + MachineState>(
        &mut self,
        k: usize,
        slot: &mut Slot,
        flags: Flags,
        brain: &mut Brain<T>,
        agent: &mut A,
        prep: &mut impl FnMut(usize, &mut Brain<T>, &mut A, &mut Frame<W>),
    ) {
        if !slot.since.is_nan() {
            // The frames it slept through, in one exact addition.
            brain.skip_clocks(self.before - slot.since);
            slot.since = f64::NAN;
        }
        let frame = &mut *self.frame;
        frame.set_agent(k as u32);
        frame.set_flags(flags);
        prep(k, brain, agent, frame);
        // Counted first: a tick that panics was ticked all the same.
        self.ticked += 1;
        let mut tr = Maybe(self.tracers.trace_for(k));
        let (status, wake) = brain.tick_and_wake(agent, frame, &mut tr);
        if status.is_some() {
            self.errors += usize::from(!frame.report().is_ok());
        }
        if wake.polls() {
            // Pushed in index order: the queue stays sorted.
            self.books.poll(k as u32);
            return;
        }
        slot.asleep = true;
        if !matches!(brain.status(), PlayStatus::Paused | PlayStatus::Stopped) {
            slot.since = self.clock;
        }
        let at = match wake.deadline() {
            Some(t) => {
                let seconds = t - Tree::<A, W>::now(brain);
                let at = self.clock + seconds - early(seconds, self.clock);
                at.max(self.clock).max(0.0).to_bits()
            }
            None => NO_TIMER,
        };
        // The same deadline as its entry's (a brain woken by an input
        // that goes back to the same wait): the entry stands.
        if at != slot.timer {
            self.books.live(at != NO_TIMER, slot.timer != NO_TIMER);
            slot.timer = at;
            if at != NO_TIMER {
                self.books.timer(at, k as u32);
            }
        }
    }

    /// Ticks brain `k`, awake, without asking when it next needs a tick:
    /// a frame of the plain mode.
    #[cfg(feature = "rayon")]
    fn tick_plain<A, T: Receives<A, W> + MachineState>(
        &mut self,
        k: usize,
        flags: Flags,
        brain: &mut Brain<T>,
        agent: &mut A,
        prep: &mut impl FnMut(usize, &mut Brain<T>, &mut A, &mut Frame<W>),
    ) {
        let frame = &mut *self.frame;
        frame.set_agent(k as u32);
        frame.set_flags(flags);
        prep(k, brain, agent, frame);
        self.ticked += 1;
        let mut tr = Maybe(self.tracers.trace_for(k));
        if brain.tick_traced(agent, frame, &mut tr).is_some() {
            self.errors += usize::from(!frame.report().is_ok());
        }
    }
}

impl<T: Declares + MachineState> core::fmt::Debug for Crowd<T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Crowd")
            .field("brains", &self.brains.len())
            .field("asleep", &self.asleep())
            .field("queued", &self.queue.len())
            .field("timers", &self.timers.len())
            .field("clock", &self.clock)
            .finish()
    }
}
