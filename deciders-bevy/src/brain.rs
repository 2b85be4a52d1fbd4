//! The components on an agent's entity: its [`Brain`] (the core
//! `deciders::brain::Brain` — tree state, lifecycle, stimuli store, events
//! inbox — with the entity's flags, tick rate and pending lifecycle
//! operation) and its [`Seed`]; with the cargo feature `reflect`, their
//! `Reflect` and their registration.

use bevy_app::App;
use bevy_ecs::prelude::*;
#[cfg(feature = "reflect")]
use bevy_reflect::prelude::ReflectDefault;
use deciders::brain::{Brain as Core, Declares, InboxFull};
use deciders::lifecycle::{PlayMode, PlayStatus};
use deciders::{Flags, Stimuli};

use crate::dormant::{in_heap, Clock, Dormant};

#[cfg(doc)]
use crate::TreePanicked;

/// The seed of the entity's tree (D8): put it on the entity beside (or
/// before) its [`Brain`], and the plugin reseeds the tree whenever either is
/// inserted, so an agent's random choices depend on this value, never on
/// the entity's index or on the order entities were spawned in. Without
/// it, a brain keeps the seed its tree was built with
/// (`Tree::with_seed`, 0 for `Tree::new`).
///
/// ```
/// # use bevy_ecs::prelude::*;
/// # use deciders_bevy::Seed;
/// # #[derive(Component)] struct Sheep;
/// # let mut world = World::new();
/// // The same seed in every run of the level, whatever else was spawned first.
/// world.spawn((Sheep, Seed(42)));
/// ```
///
/// With the cargo feature `reflect`, it implements Bevy's `Reflect`, and
/// the plugin registers it.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "reflect", derive(bevy_reflect::Reflect))]
#[cfg_attr(
    feature = "reflect",
    reflect(Component, Debug, Default, PartialEq, Hash, Clone)
)]
// The path of the re-export, not of this module.
#[cfg_attr(feature = "reflect", type_path = "deciders_bevy")]
pub struct Seed(pub u64);

/// A tree a [`Brain`] component can hold: any tree `tree!` declares
/// (every generated tree implements [`Declares`]) whose state, events
/// and stimuli payloads can be shared between threads (`Send + Sync`),
/// as a component's must. Implemented for every such tree; nothing to
/// write.
pub trait BrainTree:
    Declares<Event: Send + Sync, Payload: Send + Sync> + Send + Sync + 'static
where
    Self: Declares<Stimulus: deciders::Stimulus<Slots<<Self as Declares>::Payload>: Send + Sync>>,
{
}

impl<T> BrainTree for T
where
    T: Declares<Event: Send + Sync, Payload: Send + Sync> + Send + Sync + 'static,
    T: Declares<Stimulus: deciders::Stimulus<Slots<<T as Declares>::Payload>: Send + Sync>>,
{
}

/// An entity's behavior tree: the core [`deciders::brain::Brain`] of the
/// tree `T` (its state, its lifecycle, its stimuli store and its events
/// inbox, B1–B6), with what is Bevy's: the flags its guards test this
/// frame, its tick rate, a lifecycle operation waiting for the next tick
/// and its counts.
///
/// Each tick of the plugin is the core brain's tick: the events posted
/// since the last one ([`post`](Self::post), or a [`Post`](crate::Post)
/// message) are delivered in order, its stimuli store
/// ([`stimuli_mut`](Self::stimuli_mut)) advances by the tick's time,
/// expiring what timed out, and sets the stimuli flags; paused or
/// stopped, nothing of it moves.
///
/// Loading one (cargo feature `serde`) checks what a later step relies
/// on, and refuses a save that breaks it with an error naming the field:
/// `every` must be at least 1, `wait` below `every`, and `pending_dt`
/// finite and not negative.
///
/// With the cargo feature `reflect`, it implements Bevy's `Reflect`, and
/// the plugin registers it (with `ReflectComponent`), for any tree `T`: as
/// a struct whose fields are its counts, `errors`, `panics` and
/// `refused`, and whose reflected `Debug` shows its lifecycle (`Brain {
/// status: Executing, mode: Forever, count: 0, last: Some(Running), every:
/// 1, errors: 0, panics: 0, refused: 0 }`).
///
/// The core brain (tree state, lifecycle, stimuli, inbox), the flags, the
/// last status and the pending operation
/// are not reflected (neither a generated tree nor `deciders`' types
/// implement `Reflect`), nor are the tick rate, the countdown to the next
/// tick and the time accumulated for it, whose invariants (those a load
/// checks) a reflected edit could break: a rate of 0 would divide by zero
/// in the next step. Set the rate with
/// [`set_tick_every`](Self::set_tick_every). Its type path is
/// `deciders_bevy::Brain<…>` with the tree's `core::any::type_name`, since
/// a generated tree does not implement `TypePath`.
#[derive(Component)]
// `Serialize` by hand (below, through `BrainData`): a dormant brain
// writes what it slept up to the plugin's clock.
#[cfg_attr(feature = "serde", derive(serde::Deserialize))]
#[cfg_attr(feature = "reflect", derive(bevy_reflect::Reflect))]
#[cfg_attr(
    feature = "reflect",
    reflect(
        Component,
        Debug(reflect_debug),
        type_path = false,
        from_reflect = false
    )
)]
#[cfg_attr(
    feature = "serde",
    serde(
        try_from = "BrainData<Core<T>>",
        bound(
            deserialize = "T: serde::Deserialize<'de>, T::Event: serde::Deserialize<'de>, T::Payload: serde::Deserialize<'de>"
        )
    )
)]
pub struct Brain<T: BrainTree> {
    #[cfg_attr(feature = "reflect", reflect(ignore))]
    pub(crate) brain: Core<T>,
    #[cfg_attr(feature = "reflect", reflect(ignore))]
    pub(crate) flags: Flags,
    #[cfg_attr(feature = "reflect", reflect(ignore))]
    pub(crate) every: u32,
    /// Steps to let pass before the next tick; `None` until the brain's
    /// first step, which sets it from the entity's index, so that brains
    /// of one rate spread over the steps. Part of the brain (and of its
    /// save), not of the system: a loaded brain keeps its rhythm.
    #[cfg_attr(feature = "reflect", reflect(ignore))]
    pub(crate) wait: Option<u32>,
    #[cfg_attr(feature = "reflect", reflect(ignore))]
    pub(crate) pending_dt: f32,
    #[cfg_attr(feature = "reflect", reflect(ignore))]
    pub(crate) op: Option<Op>,
    pub(crate) errors: u32,
    /// Panics caught in its steps.
    pub(crate) panics: u32,
    /// Events its full inbox refused.
    pub(crate) refused: u32,
    #[cfg_attr(feature = "reflect", reflect(ignore))]
    pub(crate) last: Option<deciders::Status>,
    /// Whether it sleeps (Z2): its last tick said that the next one would
    /// do nothing before `until` or before an input changes.
    #[cfg_attr(feature = "reflect", reflect(ignore))]
    pub(crate) asleep: bool,
    /// The time of the steps it slept through since its last tick, each
    /// step's `dt` on its grid: its clocks catch up by it before its next
    /// tick. Part of the brain (and of its save), as `pending_dt` is.
    #[cfg_attr(feature = "reflect", reflect(ignore))]
    pub(crate) slept: f64,
    /// While it sleeps, the seconds after its last tick at which its tree
    /// next needs a tick; `None` for none (only an input wakes it).
    #[cfg_attr(feature = "reflect", reflect(ignore))]
    pub(crate) until: Option<f64>,
    /// How many ticks in a row it needed the next one (its tree polls).
    /// Not saved: what a tick costs, never what it does.
    #[cfg_attr(feature = "reflect", reflect(ignore))]
    #[cfg_attr(feature = "serde", serde(skip))]
    pub(crate) polled: u8,
    /// Ticks left before the plugin asks it again whether it could sleep:
    /// after [`POLLED`] ticks in a row that needed the next one, a brain
    /// is not asked for [`UNASKED`] ticks (the question costs a walk down
    /// its running path). Not saved either.
    #[cfg_attr(feature = "reflect", reflect(ignore))]
    #[cfg_attr(feature = "serde", serde(skip))]
    pub(crate) unasked: u8,
    /// While it sleeps untouched by the tick (dormant), the plugin's
    /// clock when it went dormant: what it slept since is the clock's
    /// advance. Its save adds that to `slept`.
    #[cfg_attr(feature = "reflect", reflect(ignore))]
    #[cfg_attr(feature = "serde", serde(skip))]
    pub(crate) dormant: Option<Dormant>,
    /// The clock (its bits) of its entry in the plugin's heap of
    /// deadlines, if it has one: a brain that goes dormant again by then
    /// needs no other. Not saved: a fresh app has a fresh heap.
    #[cfg_attr(feature = "reflect", reflect(ignore))]
    #[cfg_attr(feature = "serde", serde(skip))]
    pub(crate) queued: Option<u64>,
}

/// Ticks in a row that needed the next one, after which a brain is not
/// asked for a while, then asked one tick in [`UNASKED`] + 1 until a tick
/// does not need the next one: a tree that polls (a `decide` checked
/// every tick) answers the same every time.
const POLLED: u8 = 8;

/// Ticks a brain is not asked after [`POLLED`] that needed the next one:
/// asking one tick in 64 costs a tree that never sleeps about 1% of its
/// tick; one that could sleep again sleeps at most 63 ticks late.
const UNASKED: u8 = 63;

/// The path of `Brain<T>` for reflection: written by hand, since the tree
/// `T` (a generated type) does not implement `TypePath`; its path is Rust's
/// `type_name`.
#[cfg(feature = "reflect")]
impl<T: BrainTree> bevy_reflect::TypePath for Brain<T> {
    fn type_path() -> &'static str {
        static CELL: bevy_reflect::utility::GenericTypePathCell =
            bevy_reflect::utility::GenericTypePathCell::new();
        CELL.get_or_insert::<Self, _>(|| {
            format!("deciders_bevy::Brain<{}>", core::any::type_name::<T>())
        })
    }

    fn short_type_path() -> &'static str {
        static CELL: bevy_reflect::utility::GenericTypePathCell =
            bevy_reflect::utility::GenericTypePathCell::new();
        CELL.get_or_insert::<Self, _>(|| bevy_utils::prelude::ShortName::of::<Self>().to_string())
    }

    fn type_ident() -> Option<&'static str> {
        Some("Brain")
    }

    fn crate_name() -> Option<&'static str> {
        Some("deciders_bevy")
    }

    fn module_path() -> Option<&'static str> {
        Some("deciders_bevy")
    }
}

/// The reflected `Debug` of a brain: its lifecycle and counts, not its
/// tree (which need not implement `Debug`).
#[cfg(feature = "reflect")]
fn reflect_debug<T: BrainTree>(
    brain: &Brain<T>,
    f: &mut core::fmt::Formatter<'_>,
) -> core::fmt::Result {
    f.debug_struct("Brain")
        .field("status", &brain.brain.status())
        .field("mode", &brain.brain.mode())
        .field("count", &brain.brain.count())
        .field("last", &brain.last)
        .field("every", &brain.every)
        .field("errors", &brain.errors)
        .field("panics", &brain.panics)
        .field("refused", &brain.refused)
        .finish()
}

/// With the cargo feature `reflect`, registers `Brain<T>` and [`Seed`] in
/// the app's type registry (created if the app has none).
#[cfg_attr(not(feature = "reflect"), allow(unused_variables))]
pub(crate) fn plug<T: BrainTree>(app: &mut App) {
    #[cfg(feature = "reflect")]
    {
        let registry = app.world_mut().get_resource_or_init::<AppTypeRegistry>();
        let mut registry = registry.write();
        registry.register::<Brain<T>>();
        registry.register::<Seed>();
    }
}

/// A [`Brain`] as saved: its core brain `C` (borrowed when it saves,
/// owned when it loads, before its fields are checked) and its fields,
/// in their order.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(rename = "Brain")]
struct BrainData<C> {
    brain: C,
    flags: Flags,
    every: u32,
    wait: Option<u32>,
    pending_dt: f32,
    op: Option<Op>,
    errors: u32,
    /// Absent from saves made before brains counted panics.
    #[serde(default)]
    panics: u32,
    /// Absent from saves made before brains had an inbox.
    #[serde(default)]
    refused: u32,
    last: Option<deciders::Status>,
    /// Absent from saves made before brains slept: awake.
    #[serde(default)]
    asleep: bool,
    /// What it slept since its last tick; a dormant brain saves what it
    /// slept up to the plugin's clock.
    #[serde(default)]
    slept: f64,
    #[serde(default)]
    until: Option<f64>,
}

#[cfg(feature = "serde")]
impl<T> serde::Serialize for Brain<T>
where
    T: BrainTree + serde::Serialize,
    T::Event: serde::Serialize,
    T::Payload: serde::Serialize,
{
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        BrainData {
            brain: &self.brain,
            flags: self.flags,
            every: self.every,
            wait: self.wait,
            pending_dt: self.pending_dt,
            op: self.op,
            errors: self.errors,
            panics: self.panics,
            refused: self.refused,
            last: self.last,
            asleep: self.asleep,
            slept: self.slept_now(),
            until: self.until,
        }
        .serialize(serializer)
    }
}

/// Why a saved [`Brain`] was refused: the field and what is wrong with it.
#[cfg(feature = "serde")]
#[derive(Debug)]
struct BadBrain {
    field: &'static str,
    problem: String,
}

#[cfg(feature = "serde")]
impl core::fmt::Display for BadBrain {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "invalid Brain field `{}`: {}", self.field, self.problem)
    }
}

#[cfg(feature = "serde")]
impl<T: BrainTree> TryFrom<BrainData<Core<T>>> for Brain<T> {
    type Error = BadBrain;

    fn try_from(data: BrainData<Core<T>>) -> Result<Self, BadBrain> {
        let bad = |field, problem: String| Err(BadBrain { field, problem });
        if data.every == 0 {
            return bad(
                "every",
                "0, and a brain ticks every n-th step with n at least 1".into(),
            );
        }
        if let Some(wait) = data.wait.filter(|&wait| wait >= data.every) {
            return bad(
                "wait",
                format!("{wait} steps, not below `every` ({})", data.every),
            );
        }
        if !(data.pending_dt.is_finite() && data.pending_dt >= 0.0) {
            return bad(
                "pending_dt",
                format!("{}, not a finite time of 0 or more", data.pending_dt),
            );
        }
        if !(data.slept.is_finite() && data.slept >= 0.0) {
            return bad(
                "slept",
                format!("{}, not a finite time of 0 or more", data.slept),
            );
        }
        if let Some(until) = data.until.filter(|u| !u.is_finite()) {
            return bad("until", format!("{until}, not a finite time"));
        }
        Ok(Brain {
            brain: data.brain,
            flags: data.flags,
            every: data.every,
            wait: data.wait,
            pending_dt: data.pending_dt,
            op: data.op,
            errors: data.errors,
            panics: data.panics,
            refused: data.refused,
            last: data.last,
            asleep: data.asleep,
            slept: data.slept,
            until: data.until,
            polled: 0,
            unasked: 0,
            dormant: None,
            queued: None,
        })
    }
}

/// A lifecycle operation asked for outside the tick, performed by the tick
/// system (which has the agent and the world the hooks need).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) enum Op {
    Play(PlayMode),
    Pause,
    Resume,
    Stop,
    Reset,
}

impl<T: BrainTree> Brain<T> {
    /// A brain ticking `tree` every step, with an inbox of
    /// [`deciders::brain::Brain::INBOX`] events.
    pub fn new(tree: T) -> Self {
        Self::from_core(Core::new(tree))
    }

    /// [`new`](Self::new) with an inbox of `capacity` events.
    pub fn with_inbox(tree: T, capacity: usize) -> Self {
        Self::from_core(Core::with_inbox(tree, capacity))
    }

    /// A brain around a core brain built (or loaded) outside Bevy, with
    /// its lifecycle, stimuli and inbox as they are.
    pub fn from_core(brain: Core<T>) -> Self {
        Brain {
            brain,
            flags: Flags::EMPTY,
            every: 1,
            wait: None,
            pending_dt: 0.0,
            op: None,
            errors: 0,
            panics: 0,
            refused: 0,
            last: None,
            asleep: false,
            slept: 0.0,
            until: None,
            polled: 0,
            unasked: 0,
            dormant: None,
            queued: None,
        }
    }

    /// Level of detail: ticks every `n`-th step of the schedule (`n = 0`
    /// counts as 1), with the time of the `n` steps. Brains of the same
    /// rate are staggered by entity index, so a thousand far-away agents
    /// ticked every fourth step cost a quarter of the work every step.
    pub fn tick_every(mut self, n: u32) -> Self {
        self.set_tick_every(n);
        self
    }

    /// Sets the rate of [`tick_every`](Self::tick_every) on a live brain.
    pub fn set_tick_every(&mut self, n: u32) {
        self.every = n.max(1);
        self.wait = None;
        self.wake();
    }

    /// The decision flags the next tick's guards test (G1). A change
    /// wakes the brain; setting the flags it has does not.
    pub fn set_flags(&mut self, flags: Flags) {
        if self.flags != flags {
            self.flags = flags;
            self.wake();
        }
    }

    /// The decision flags the next tick's guards test.
    pub fn flags(&self) -> Flags {
        self.flags
    }

    /// Wakes the brain (Z2): it is ticked at the next step that is its
    /// turn, its clocks caught up with the steps it slept through. What a
    /// system calls when something the tree cannot see changed for it (a
    /// value its behavior waits on); changing its flags, posting an
    /// event, touching its stimuli or its core brain, asking for a
    /// lifecycle operation and completing one of its deferred actions
    /// wake it already.
    pub fn wake(&mut self) {
        if self.asleep {
            self.asleep = false;
            if let Some(dormant) = self.dormant.take() {
                self.slept += dormant.woken();
            }
        }
    }

    /// Whether it sleeps: its last tick said the next one would do
    /// nothing until a deadline or until an input changes, and nothing
    /// woke it since. A sleeping brain costs the tick system nothing: it
    /// leaves the tick's query until it wakes (see the crate's docs).
    pub fn is_asleep(&self) -> bool {
        self.asleep
    }

    /// Queues `event` for the brain's next tick (B1, B2): delivered, in
    /// the order posted, at its start. An inbox holding its capacity
    /// refuses it and hands it back, counted in [`refused`](Self::refused).
    /// Systems posting to many entities may write [`Post`](crate::Post)
    /// messages instead.
    pub fn post(&mut self, event: T::Event) -> Result<(), InboxFull<T::Event>> {
        self.wake();
        let posted = self.brain.post(event);
        if posted.is_err() {
            self.refused = self.refused.saturating_add(1);
        }
        posted
    }

    /// The events waiting for the next tick, oldest first.
    pub fn inbox(&self) -> impl ExactSizeIterator<Item = &T::Event> + '_ {
        self.brain.inbox()
    }

    /// How many events the full inbox refused so far (posted with
    /// [`post`](Self::post) or a [`Post`](crate::Post) message).
    pub fn refused(&self) -> u32 {
        self.refused
    }

    /// The stimuli store (V2).
    pub fn stimuli(&self) -> &Stimuli<T::Stimulus, T::Payload> {
        self.brain.stimuli()
    }

    /// The stimuli store, to add stimuli with a payload and a timeout from
    /// a system (`brain.stimuli_mut().add(kind, payload, Some(0.5))`);
    /// the brain's ticks expire them, and its hooks read the payloads
    /// (`ctx.stimulus::<Kind, Payload>(kind)`).
    pub fn stimuli_mut(&mut self) -> &mut Stimuli<T::Stimulus, T::Payload> {
        self.wake();
        self.brain.stimuli_mut()
    }

    /// The core brain: lifecycle (status, mode, count), variables and
    /// timestamps by name (`brain().var(Tree::ALARMED)`), last report.
    pub fn brain(&self) -> &Core<T> {
        &self.brain
    }

    /// The core brain, mutably. Its lifecycle operations need the agent
    /// and a frame: from a system, ask for them with
    /// [`play`](Self::play), [`pause`](Self::pause) and the others, which
    /// the tick performs.
    pub fn brain_mut(&mut self) -> &mut Core<T> {
        self.wake();
        &mut self.brain
    }

    /// The lifecycle status (O4).
    pub fn status(&self) -> PlayStatus {
        self.brain.status()
    }

    /// The tree state.
    pub fn tree(&self) -> &T {
        self.brain.tree()
    }

    /// What the root reported at its last tick; `None` before the first,
    /// or if that tick did nothing (paused, stopped).
    pub fn last_status(&self) -> Option<deciders::Status> {
        self.last
    }

    /// How many errors its ticks have reported so far (D9: a group that
    /// broke the subset rule), from the frames' reports.
    pub fn errors(&self) -> u32 {
        self.errors
    }

    /// How many of its steps panicked so far: a hook (or its pending
    /// operation) panicked, the plugin caught it and wrote a
    /// [`TreePanicked`] message.
    pub fn panics(&self) -> u32 {
        self.panics
    }

    /// Plays the tree with `mode` at the start of the next tick step (O1,
    /// O5). Operations asked for in the same frame replace each other: the
    /// last one is performed.
    pub fn play(&mut self, mode: PlayMode) {
        self.op = Some(Op::Play(mode));
        self.wake();
    }

    /// Pauses at the start of the next tick step (O2).
    pub fn pause(&mut self) {
        self.op = Some(Op::Pause);
        self.wake();
    }

    /// Resumes at the start of the next tick step (O2).
    pub fn resume(&mut self) {
        self.op = Some(Op::Resume);
        self.wake();
    }

    /// Stops at the start of the next tick step (O3).
    pub fn stop(&mut self) {
        self.op = Some(Op::Stop);
        self.wake();
    }

    /// Resets at the start of the next tick step (O3).
    pub fn reset(&mut self) {
        self.op = Some(Op::Reset);
        self.wake();
    }

    /// A step of `grid` seconds (its `dt` on the grid) for a sleeping
    /// brain: whether it sleeps on through it (the step is added to what
    /// it slept), or wakes for it — its deadline comes at this step, or
    /// `completed`: a deferred action of its entity completed.
    pub(crate) fn sleeps_through(&mut self, grid: f64, completed: bool) -> bool {
        let slept = self.slept + grid;
        if completed || self.deadline_comes(slept) {
            self.asleep = false;
            false
        } else {
            self.slept = slept;
            true
        }
    }

    /// Whether its deadline has come once it slept `slept` since its
    /// last tick. Woken a little early rather than late: the deadline's
    /// arithmetic rounds, and a tick too early only sleeps again.
    #[inline]
    pub(crate) fn deadline_comes(&self, slept: f64) -> bool {
        self.until
            .is_some_and(|left| slept >= left - (1e-9 + 4.0 * f64::EPSILON * (left + slept)))
    }

    /// A sleeping brain goes dormant at the plugin's clock `now` (the
    /// clock after this step, which it slept or ticked): the tick no
    /// longer visits it. Returns the entry its deadline needs in the
    /// plugin's heap (the clock's bits at which it comes), if it has a
    /// deadline and no entry that comes by then: a brain woken and
    /// dormant again with the same deadline (a flag toggled under a long
    /// wait) adds nothing to the heap.
    pub(crate) fn go_dormant(&mut self, entity: Entity, clock: &Clock, now: f64) -> Option<u64> {
        self.dormant = Some(Dormant::new(entity, now, clock));
        // Non-negative: the bits order as the times.
        let due = self.deadline()?.max(0.0).to_bits();
        // An entry that came by now was popped at this step's start.
        if self
            .queued
            .is_some_and(|queued| queued <= due && in_heap(queued, now))
        {
            return None;
        }
        self.queued = Some(due);
        Some(due)
    }

    /// A dormant brain's deadline on the plugin's clock.
    pub(crate) fn deadline(&self) -> Option<f64> {
        let since = self.dormant.as_ref()?.since;
        Some(since + (self.until? - self.slept))
    }

    /// A dormant brain wakes at the step after the plugin's clock
    /// `before`: what it slept is caught up to there.
    pub(crate) fn rouse(&mut self, before: f64) {
        if let Some(dormant) = self.dormant.take() {
            self.slept += before - dormant.end();
        }
    }

    /// What it slept since its last tick, up to now: a dormant brain's
    /// `slept` and the plugin's clock's advance since it went dormant.
    #[cfg_attr(not(feature = "serde"), allow(dead_code))]
    fn slept_now(&self) -> f64 {
        match &self.dormant {
            None => self.slept,
            Some(dormant) => self.slept + dormant.slept_until(dormant.clock.now()),
        }
    }

    /// Its step panicked (caught): no status, one panic more, and the
    /// errors its frame had reported.
    #[cold]
    pub(crate) fn panicked(&mut self, errors: u32) {
        self.last = None;
        self.panics = self.panics.saturating_add(1);
        self.errors = self.errors.saturating_add(errors);
    }

    /// Whether its next tick asks when it next needs one (see
    /// [`UNASKED`]); counts the ticks not asked.
    #[inline]
    pub(crate) fn asks(&mut self) -> bool {
        if self.unasked > 0 {
            self.unasked -= 1;
            false
        } else {
            true
        }
    }

    /// After a tick that asked and was told `wake`, the tree clock at
    /// `now`: asleep unless it polls, until its deadline if it has one.
    pub(crate) fn sleep_after(&mut self, wake: deciders::Wake, now: f64) {
        if wake.polls() {
            self.polled += 1;
            if self.polled >= POLLED {
                // Not asked for a while; then asked once: a tick that
                // still polls backs off again at once (one tick in 64
                // asked, where starting the count again asked 8 in 71).
                self.polled = POLLED - 1;
                self.unasked = UNASKED;
            }
        } else {
            self.polled = 0;
            self.asleep = true;
            self.until = wake.deadline().map(|t| t - now);
        }
    }

    /// Whether this brain ticks at this step (every `every`-th step, or
    /// now if an operation waits), and with what time: `dt` and what it
    /// accumulated since its last tick. A brain ticked every step (the
    /// common case) counts nothing down and has nothing pending: it is
    /// found by its rate and its pending time, and nothing is written.
    /// Otherwise the countdown is stored only when it changes.
    #[inline(always)]
    pub(crate) fn due(&mut self, entity: Entity, dt: f32) -> Option<f32> {
        // (Two integer tests, which the compiler may make one: the
        // pending time's bits are 0 for `0.0`.)
        if self.every == 1 && self.pending_dt.to_bits() == 0 {
            // `wait` is `None` or `Some(0)` at a rate of 1: due. (`dt`
            // is what `0.0 + dt` was: `Time` gives no `-0.0`.)
            return Some(dt);
        }
        self.due_counted(entity, dt)
    }

    /// [`due`](Self::due) for a brain of a rate above 1, or with time
    /// left pending by a rate changed since.
    #[inline(never)]
    fn due_counted(&mut self, entity: Entity, dt: f32) -> Option<f32> {
        self.pending_dt += dt;
        let wait = match self.wait {
            Some(wait) => wait,
            None => entity.index().index() % self.every,
        };
        let next = Some(if wait == 0 { self.every - 1 } else { wait - 1 });
        if self.wait != next {
            self.wait = next;
        }
        (wait == 0 || self.op.is_some()).then(|| core::mem::take(&mut self.pending_dt))
    }
}
