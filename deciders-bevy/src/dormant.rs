//! Sleeping brains left untouched: a brain that sleeps past its step is
//! *dormant*. It loses the sparse-set marker [`Awake`], so the tick's
//! query (`With<Awake<T>>`) does not fetch it at all. At the start of
//! the tick of the step it wakes in, [`rouse`] lists it, the tick ticks
//! it apart, and it gets the marker back (if it is still awake) when
//! the step's outputs are applied. It wakes when
//!
//! - a method woke it (`Brain::wake`, which every method that wakes a
//!   brain calls): it rings the plugin's [`Clock`], which lists it;
//! - a deferred action of its entity completed;
//! - its deadline comes (a heap of deadlines on the plugin's clock).
//!
//! Those are the wakes of a brain visited every step (`Brain::
//! sleeps_through`), at the same steps. What a dormant brain slept is
//! kept as the plugin's clock when it went dormant ([`Dormant`]): the
//! difference of two sums of the same steps' times, exact as long as the
//! sums are (a step's time is an `f32` on the grid, summed in an `f64`:
//! exact for months of play), so its clocks catch up bit for bit as if it
//! had added each step. Its save reads the plugin's clock through a
//! shared handle ([`Clock`]) and writes what it slept up to now.
//!
//! Nothing is read of a dormant brain at a step, its change tick
//! included: the wakes come to the plugin (a list, the completions, a
//! heap), it does not look for them.

use core::cmp::Reverse;
use core::marker::PhantomData;
use std::collections::BinaryHeap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use bevy_app::App;
use bevy_ecs::entity::{Entities, EntityIndex};
use bevy_ecs::prelude::*;

use crate::{Agent, Brain, BrainTree, Watch};

/// On the entity of every brain that is not dormant: what the tick's
/// query asks for. Sparse-set storage: a brain going dormant or waking
/// moves its entity to another archetype, not its data to another table.
#[derive(Component)]
#[component(storage = "SparseSet")]
pub(crate) struct Awake<T: Send + Sync + 'static>(PhantomData<fn() -> T>);

impl<T: Send + Sync + 'static> Default for Awake<T> {
    fn default() -> Self {
        Awake(PhantomData)
    }
}

/// The plugin's clock, shared with the dormant brains: the sum of its
/// steps' times on the grid (an `f64`, stored as its bits), which their
/// saves read, and the dormant brains woken since the last step, which
/// their wakes list.
#[derive(Clone, Default)]
pub(crate) struct Clock(Arc<Shared>);

#[derive(Default)]
struct Shared {
    now: AtomicU64,
    woken: Mutex<Vec<Entity>>,
}

impl Clock {
    pub(crate) fn now(&self) -> f64 {
        f64::from_bits(self.0.now.load(Ordering::Relaxed))
    }

    fn set(&self, now: f64) {
        self.0.now.store(now.to_bits(), Ordering::Relaxed);
    }

    /// Lists `entity`'s dormant brain as woken. A panic while the list
    /// was held left it whole (a push or a drain), so a poisoned lock is
    /// taken as it is.
    fn ring(&self, entity: Entity) {
        let mut woken = self.0.woken.lock().unwrap_or_else(PoisonError::into_inner);
        woken.push(entity);
    }

    /// The brains woken since the last step, moved into `into`.
    fn take_woken(&self, into: &mut Vec<Entity>) {
        let mut woken = self.0.woken.lock().unwrap_or_else(PoisonError::into_inner);
        into.append(&mut woken);
    }
}

/// A dormant brain's memory of when it went dormant: its entity, the
/// plugin's clock after that step, and the clock itself.
///
/// Dropped while the brain sleeps (the brain is replaced in place, or
/// despawned), it rings the clock: the entity's new brain, which has
/// no [`Awake`] to be ticked by, gets it back.
pub(crate) struct Dormant {
    entity: Entity,
    pub(crate) since: f64,
    pub(crate) clock: Clock,
    /// Whether it rings when dropped: not once its brain woke.
    ringing: bool,
}

impl Dormant {
    pub(crate) fn new(entity: Entity, since: f64, clock: &Clock) -> Self {
        Dormant {
            entity,
            since,
            clock: clock.clone(),
            ringing: true,
        }
    }

    /// What it slept since it went dormant, up to the plugin's clock `at`.
    pub(crate) fn slept_until(&self, at: f64) -> f64 {
        at - self.since
    }

    /// Its brain woke (`Brain::wake`): the plugin gives it back its
    /// marker at the next step. Returns what it slept since it went
    /// dormant: up to the clock now, which is the clock before the
    /// next step (the clock moves at the start of a step, before any
    /// brain can be touched).
    pub(crate) fn woken(mut self) -> f64 {
        self.ring();
        self.slept_until(self.clock.now())
    }

    fn ring(&mut self) {
        if core::mem::take(&mut self.ringing) {
            self.clock.ring(self.entity);
        }
    }

    /// Its brain wakes with the plugin's marker given back: nothing to
    /// ring.
    pub(crate) fn end(mut self) -> f64 {
        self.ringing = false;
        self.since
    }
}

impl Drop for Dormant {
    fn drop(&mut self) {
        self.ring();
    }
}

/// The plugin's clock and the deadlines of its dormant brains, for the
/// tree `T`.
#[derive(Resource)]
pub(crate) struct Dormancy<T> {
    clock: Clock,
    /// The clock before this step's time was added, and after: a brain
    /// woken this step slept up to `before`; one going dormant this step
    /// slept up to `now`.
    pub(crate) before: f64,
    pub(crate) now: f64,
    /// Deadlines, as the clock (its bits: the order of non-negative
    /// `f64`s) at which each dormant brain with one wakes. A brain has
    /// one live entry at most (`Brain::queued`); an entry it replaced
    /// with a sooner one is dropped when popped, and a live one popped
    /// before the brain's deadline (the brain slept again with a later
    /// one) is pushed again at that deadline.
    deadlines: BinaryHeap<Reverse<(u64, Entity)>>,
    /// This step's woken brains, and the entries to try again next step:
    /// kept for their allocations.
    pub(crate) woken: Vec<Entity>,
    retry: Vec<(u64, Entity)>,
    _tree: PhantomData<fn() -> T>,
}

impl<T> Default for Dormancy<T> {
    fn default() -> Self {
        Dormancy {
            clock: Clock::default(),
            before: 0.0,
            now: 0.0,
            deadlines: BinaryHeap::new(),
            woken: Vec::new(),
            retry: Vec::new(),
            _tree: PhantomData,
        }
    }
}

impl<T> Dormancy<T> {
    /// A handle on the clock, for a brain going dormant.
    pub(crate) fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The deadlines of this step's dormant brains, as the clock's bits
    /// at which each wakes.
    pub(crate) fn extend(&mut self, deadlines: impl IntoIterator<Item = (u64, Entity)>) {
        self.deadlines.extend(deadlines.into_iter().map(Reverse));
    }
}

/// How early before its deadline's clock an entry is popped: the clock's
/// sums round, and a brain checked too early stays dormant.
fn early(now: f64) -> f64 {
    1e-6 * (1.0 + now)
}

/// Registers the clock, and the marker as required by every brain.
pub(crate) fn plug<T: BrainTree>(app: &mut App) {
    app.init_resource::<Dormancy<T>>();
    app.register_required_components::<Brain<T>, Awake<T>>();
}

/// At the start of the tick: the clock advances by the step's time
/// (`grid`), and the dormant brains that wake this step (woken by a
/// system, a deferred action of theirs completed — `completed`, entity
/// indices —, a deadline come) catch up what they slept. They are left
/// in [`Dormancy::woken`], in entity order: the tick ticks them from
/// `dormant`, and gives their marker back to those still awake after it.
#[allow(clippy::type_complexity)]
pub(crate) fn rouse<A: Agent, T: BrainTree>(
    dormancy: &mut Dormancy<T>,
    grid: f64,
    completed: &[u32],
    entities: &Entities,
    dormant: &mut Query<(Entity, A::Data, &mut Brain<T>), (Without<Awake<T>>, Without<Watch>)>,
) {
    dormancy.before = dormancy.now;
    dormancy.now += grid;
    dormancy.clock.set(dormancy.now);
    let (before, now) = (dormancy.before, dormancy.now);
    let woken = &mut dormancy.woken;
    woken.clear();
    // Woken by a system (`Brain::wake`, which caught it up), or
    // replaced: if the entity has a dormant brain still.
    dormancy.clock.take_woken(woken);
    woken.retain(|&entity| dormant.contains(entity));
    // Woken by a completion.
    for index in completed
        .iter()
        .filter_map(|&i| EntityIndex::from_raw_u32(i))
    {
        let entity = entities.resolve_from_index(index);
        if let Ok((_, _, mut brain)) = dormant.get_mut(entity) {
            let brain = brain.bypass_change_detection();
            if brain.asleep {
                brain.asleep = false;
                brain.rouse(before);
                woken.push(entity);
            }
        }
    }
    // Woken by a deadline.
    let early = early(now);
    while let Some(&Reverse((at, entity))) = dormancy.deadlines.peek() {
        if f64::from_bits(at) > now + early {
            break;
        }
        dormancy.deadlines.pop();
        let Ok((_, _, mut brain)) = dormant.get_mut(entity) else {
            // Awake, watched or gone: the entry is spent.
            continue;
        };
        let brain = brain.bypass_change_detection();
        if brain.queued != Some(at) {
            // Replaced by a sooner entry of the brain's.
            continue;
        }
        brain.queued = None;
        let Some(d) = brain.dormant.as_ref().filter(|_| brain.asleep) else {
            continue;
        };
        if brain.deadline_comes(brain.slept + d.slept_until(now)) {
            brain.asleep = false;
            brain.rouse(before);
            woken.push(entity);
        } else if let Some(due) = brain.deadline() {
            // Its deadline is later than the entry (it slept again since,
            // with a later one), or a hair ahead of the clock's sum.
            let due = due.max(0.0).to_bits().max(at);
            brain.queued = Some(due);
            dormancy.retry.push((due, entity));
        }
    }
    let retry = dormancy.retry.drain(..).map(Reverse);
    dormancy.deadlines.extend(retry);
    // In entity order: the order they are ticked in, and the archetype's
    // order of entities, which the game's queries see, do not depend on
    // threads.
    let woken = &mut dormancy.woken;
    woken.sort_unstable();
    woken.dedup();
}

/// Whether the deadline entry of the clock's bits `queued` is still in
/// the heap at the plugin's clock `now` (during the tick): this step's
/// [`rouse`] popped every entry that came by `now` and `early`.
pub(crate) fn in_heap(queued: u64, now: f64) -> bool {
    f64::from_bits(queued) > now + early(now)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use bevy_app::TaskPoolPlugin;
    use bevy_time::{Fixed, Time, TimePlugin, TimeUpdateStrategy};
    use deciders::Flags;

    use super::*;
    use crate::{DecidersPlugin, Env, Output};

    #[derive(Component)]
    struct Guard;

    #[derive(Resource, Default)]
    struct Nothing;

    enum Never {}

    impl Output for Never {
        fn apply(self, _: Entity, _: &mut Commands) {
            match self {}
        }
    }

    deciders::tree! {
        tree Post for Guard, world<'w> = Env<'w, Nothing, Never> { wait(10.0) }
    }

    // SPEC Z2
    /// Three guards in a wait of 10 s whose flags change every step for
    /// 100 steps (each step wakes them, ticks them and they go dormant
    /// again with the same deadline), beside three left alone: the heap
    /// holds one entry per guard all along, and the wait ends at the
    /// same step for all six.
    #[test]
    fn z2_a_brain_woken_again_and_again_keeps_one_deadline_in_the_heap() {
        let mut app = App::new();
        app.add_plugins((
            TaskPoolPlugin::default(),
            TimePlugin,
            DecidersPlugin::<Guard, Post, Nothing, Never>::new(),
        ));
        app.insert_resource(Time::<Fixed>::from_duration(Duration::from_millis(20)));
        app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            20,
        )));
        app.init_resource::<Nothing>();
        let guards: Vec<Entity> = (0..6)
            .map(|_| app.world_mut().spawn((Guard, Brain::new(Post::new()))).id())
            .collect();
        app.update();
        let mut ended = [None; 6];
        for k in 0..600 {
            if k < 100 {
                for &e in &guards[..3] {
                    let mut brain = app.world_mut().get_mut::<Brain<Post>>(e).unwrap();
                    brain.set_flags(Flags::bit(k % 2));
                }
            }
            app.update();
            let entries = app.world().resource::<Dormancy<Post>>().deadlines.len();
            assert!(entries <= 6, "step {k}: {entries} entries");
            for (i, &e) in guards.iter().enumerate() {
                let brain = app.world().get::<Brain<Post>>(e).unwrap();
                if brain.last_status() == Some(deciders::Status::Success) {
                    ended[i].get_or_insert(k);
                }
            }
        }
        assert!(
            ended[0].is_some_and(|k| (499..=501).contains(&k)),
            "{ended:?}"
        );
        assert_eq!(ended, [ended[0]; 6]);
    }
}
