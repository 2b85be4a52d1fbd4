//! The plugin's three systems: [`post`] (the frame's [`Post`] messages
//! into the brains' inboxes), [`tick`] (every due brain steps, in parallel
//! on the compute task pool, its outputs, deferred requests, errors and
//! panics gathered per thread and sorted by entity) and [`apply`] (the
//! outputs become commands, in entity order).

use core::marker::PhantomData;
use core::ops::DerefMut;

use bevy_app::App;
use bevy_ecs::prelude::*;
use bevy_ecs::query::QueryItem;
use bevy_ecs::schedule::InternedScheduleLabel;
use bevy_ecs::system::{StaticSystemParam, SystemParamItem};
use bevy_ecs::world::CommandQueue;
use bevy_tasks::ComputeTaskPool;
use bevy_time::Time;
use deciders::brain::Receives;
use deciders::deferred::{Requests, Ticket};
use deciders::{Flags, Frame, NoTrace, Trace, Tree};

use crate::brain::Op;
use crate::deferred::collect;
use crate::dormant::{rouse, Awake, Clock, Dormancy};
use crate::messages::{panic_text, Refusal};
use crate::world::{Deferral, Held, Reads};
use crate::{
    Agent, Brain, BrainTree, DecidersSystems, DeferredActions, Env, EventRefused, Output,
    OutputsDropped, Post, TreeErrors, TreePanicked, Watch,
};
use bevy_ecs::entity::Entities;
use std::sync::{Mutex, MutexGuard, PoisonError, TryLockError};

/// The outputs of one tree's brains this frame, tagged with their entity
/// and their place in the order they were gathered. An entity is ticked by
/// one thread, so its outputs are one run in that order: sorting by
/// (entity, place) keeps each run as it was, without the allocation of a
/// stable sort.
#[derive(Resource)]
struct Outbox<T, O> {
    out: Vec<(Entity, u32, O)>,
    /// The frame's errors, sorted by entity before they are written.
    errors: Vec<TreeErrors>,
    /// The frame's caught panics, likewise.
    panics: Vec<TreePanicked>,
    /// The tick system's runs so far: the frames of a watched brain's
    /// replay.
    steps: u64,
    /// This step's entities (by index) with a deferred action completed,
    /// sorted: kept for its allocation.
    completed: Vec<u32>,
    /// This step's brains gone dormant, with their deadlines on the
    /// plugin's clock: kept for its allocation.
    dormant: Vec<(Entity, Option<u64>)>,
    /// This step's entities whose step panicked in the plain loop, with
    /// the errors their frame reported: kept for its allocation.
    panicked: Vec<(Entity, u32)>,
    /// The markers to give back (`true`: brains woken, or watched while
    /// dormant) or to take (`false`: brains gone dormant) when the
    /// outputs are applied: kept for its allocation.
    marks: Vec<(Entity, bool)>,
    /// The fewest awake brains the tick hands to the compute pool
    /// ([`DecidersPlugin::parallel_from`](crate::DecidersPlugin::parallel_from)).
    parallel_from: usize,
    _tree: PhantomData<fn() -> T>,
}

impl<T, O> Default for Outbox<T, O> {
    fn default() -> Self {
        Outbox {
            out: Vec::new(),
            errors: Vec::new(),
            panics: Vec::new(),
            steps: 0,
            completed: Vec::new(),
            dormant: Vec::new(),
            panicked: Vec::new(),
            marks: Vec::new(),
            parallel_from: crate::plugin::PARALLEL_FROM,
            _tree: PhantomData,
        }
    }
}

/// Registers the frame's [`Outbox`] and the three systems, each in its
/// set of `schedule`.
pub(crate) fn plug<A, T, R, O, D>(
    app: &mut App,
    schedule: InternedScheduleLabel,
    parallel_from: usize,
) where
    A: Agent,
    T: BrainTree + for<'w> Receives<A::View<'w>, Env<'w, R, O, D>>,
    R: Reads,
    O: Output,
    D: Deferral,
{
    app.init_resource::<Outbox<T, O>>();
    app.world_mut().resource_mut::<Outbox<T, O>>().parallel_from = parallel_from;
    app.add_systems(
        schedule,
        (
            (post::<T>, tick::<A, T, R, O, D>)
                .chain()
                .in_set(DecidersSystems::Tick),
            apply::<T, O>.in_set(DecidersSystems::Apply),
        ),
    );
}

/// The frame's [`Post`] messages, in the order written, into their
/// brains' inboxes; those refused come back as [`EventRefused`].
fn post<T: BrainTree>(
    mut posts: ResMut<Messages<Post<T>>>,
    mut brains: Query<&mut Brain<T>>,
    mut refused: MessageWriter<EventRefused<T>>,
) {
    // Drained, not read: the event moves into the inbox, and a post is
    // delivered once even when the schedule runs twice in a frame.
    for Post { entity, event } in posts.drain() {
        let back = match brains.get_mut(entity) {
            Ok(mut brain) => match brain.post(event) {
                Ok(()) => continue,
                Err(full) => (full.0, Refusal::InboxFull),
            },
            Err(_) => (event, Refusal::NoBrain),
        };
        refused.write(EventRefused {
            entity,
            event: back.0,
            why: back.1,
        });
    }
}

/// The tick set: every due brain performs its pending operation and ticks,
/// on the compute task pool (in a plain loop when it has one thread); the
/// outputs are gathered per thread, then
/// sorted by entity.
#[allow(clippy::type_complexity, clippy::too_many_arguments)]
fn tick<A, T, R, O, D>(
    time: Res<Time>,
    read: StaticSystemParam<R::Param>,
    mut agents: Query<(Entity, A::Data, &mut Brain<T>), (With<Awake<T>>, Without<Watch>)>,
    mut dormant: Query<(Entity, A::Data, &mut Brain<T>), (Without<Awake<T>>, Without<Watch>)>,
    mut watched: Query<(Entity, A::Data, &mut Brain<T>, &mut Watch)>,
    entities: &Entities,
    mut outbox: ResMut<Outbox<T, O>>,
    mut deferred: ResMut<DeferredActions<T, D>>,
    mut buffers: Local<Vec<Buffers<O, D>>>,
    mut messages: MessageWriter<TreeErrors>,
    mut panicked: MessageWriter<TreePanicked>,
    mut dormancy: ResMut<Dormancy<T>>,
) where
    A: Agent,
    T: BrainTree + for<'w> Receives<A::View<'w>, Env<'w, R, O, D>>,
    R: Reads,
    O: Output,
    D: Deferral,
{
    let dt = time.delta_secs();
    // The step's time as a tree's clock adds it: what a sleeping brain
    // counts.
    let grid = f64::from(Frame::new(dt).dt());
    // The plugin's steps number the frames of a watched brain's replay.
    let step = outbox.steps;
    outbox.steps += 1;
    let read: &SystemParamItem<R::Param> = &read;
    let DeferredActions {
        launches,
        cancels,
        completions,
        capacity,
        step: ticket_step,
        ..
    } = &mut *deferred;
    let Outbox {
        completed,
        panicked: caught,
        marks,
        parallel_from,
        ..
    } = &mut *outbox;
    let parallel_from = *parallel_from;
    // The entities (by index) whose deferred actions completed: each
    // wakes, if it sleeps.
    completed.clear();
    if !D::NONE {
        completed.extend(completions.tickets().map(|t| t.agent));
        completed.sort_unstable();
        completed.dedup();
    }
    let completed: &[u32] = completed;
    // The dormant brains that wake this step.
    let dormancy = &mut *dormancy;
    rouse::<A, T>(dormancy, grid, completed, entities, &mut dormant);
    let woken: &[Entity] = &dormancy.woken;
    let shared = Shared {
        read,
        completions,
        capacity: *capacity,
        step: *ticket_step,
        dt,
        frame: Frame::new(dt),
    };
    *ticket_step = ticket_step.wrapping_add(1);
    let shared = &shared;
    let at = At {
        grid,
        step,
        completed,
        clock: dormancy.clock(),
        before: dormancy.before,
        now: dormancy.now,
    };
    // The woken brains, and the watched ones, apart, one by one: the
    // parallel loop's items carry no `Option<&mut Watch>`, a smaller
    // fetch for every entity.
    marks.clear();
    let threads = ComputeTaskPool::try_get().map_or(1, |pool| pool.thread_num());
    // One set of buffers per run that may go on at once: the compute
    // threads' and the scope's own thread's (made when the thread count
    // grows, not per frame).
    let runs = if threads <= 1 {
        1
    } else {
        (threads + 1).min(MAX_RUNS)
    };
    if buffers.len() < runs {
        buffers.resize_with(runs, Buffers::default);
    }
    {
        let mut run = Run::new(&mut buffers[0], shared);
        for &entity in woken {
            let Ok((entity, mut data, brain)) = dormant.get_mut(entity) else {
                continue;
            };
            step_one::<A, T, R, O, D, _, true>(
                &mut run, entity, &mut data, brain, None, shared, &at,
            );
        }
        // Those still awake are visited by the main loop from the next
        // step on (one fallen asleep again stays without its marker).
        marks.extend(woken.iter().map(|&entity| (entity, true)));
        for (entity, mut data, brain, watch) in watched.iter_mut() {
            let watch = watch.into_inner();
            // Watched while dormant: visited from now on, its marker
            // back for when it is no longer watched.
            if brain.dormant.is_some() {
                marks.push((entity, true));
            }
            step_one::<A, T, R, O, D, _, true>(
                &mut run,
                entity,
                &mut data,
                brain,
                Some(watch),
                shared,
                &at,
            );
        }
    }
    // Few awake brains take the one-thread loop too: handing them to the
    // pool would cost more than it saves. (The query's upper bound, which
    // it knows from its archetypes' sizes, without a pass over them.)
    let serial = threads <= 1
        || agents
            .iter_mut()
            .size_hint()
            .1
            .is_some_and(|awake| awake < parallel_from);
    if serial {
        // One compute thread (Bevy's default pools on a 2-core machine):
        // a plain loop, whose body the compiler sees whole, where the
        // parallel iteration calls a closure per entity for nothing.
        //
        // A panic is caught around the whole loop, not around each entity
        // (as a guard per entity costs about 34 instructions each,
        // callgrind, `orbit`): the entity whose step panicked is known,
        // its frame's report and requests are dealt with as after any
        // tick, its brain is marked once the loop is over, and the loop
        // goes on from the next entity.
        let mut run = Run::new(&mut buffers[0], shared);
        let mut iter = agents.iter_mut();
        loop {
            let mut current = Entity::PLACEHOLDER;
            let looped = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                for (entity, mut data, brain) in &mut iter {
                    current = entity;
                    step_one::<A, T, R, O, D, _, false>(
                        &mut run, entity, &mut data, brain, None, shared, &at,
                    );
                }
            }));
            match looped {
                Ok(()) => break,
                Err(payload) => {
                    let errors = run.panicked(current, &*payload, shared.step);
                    caught.push((current, errors));
                }
            }
        }
        drop((run, iter));
        for (entity, errors) in caught.drain(..) {
            if let Ok((_, _, mut brain)) = agents.get_mut(entity) {
                brain.panicked(errors);
            }
        }
    } else {
        // The runs are made here, one per set of buffers, and each batch
        // of entities claims one that no other batch holds. A batch's
        // accumulator is the claim (a lock's guard, two words), not the
        // run: Bevy's parallel fold moves its accumulator in and out of
        // the closure at every entity, which cost about 60 instructions
        // each with the run itself (callgrind, `orbit`, two compute
        // threads: 281 per agent-frame then, 219 now). A thread holds one
        // claim at a time (a batch runs to its end), so `runs` claims can
        // be held at once and a batch finds one free.
        let mut sets = buffers.iter_mut();
        let pool: [Option<Mutex<Run<'_, R, O, D, &mut Buffers<O, D>>>>; MAX_RUNS] =
            core::array::from_fn(|_| sets.next().map(|set| Mutex::new(Run::new(set, shared))));
        let pool = &pool[..runs];
        agents.par_iter_mut().for_each_init(
            || claim(pool),
            |run, (entity, mut data, brain)| {
                step_one::<A, T, R, O, D, _, true>(
                    &mut **run, entity, &mut data, brain, None, shared, &at,
                );
            },
        );
    }
    let Outbox {
        out,
        errors,
        panics,
        dormant: asleep,
        marks,
        ..
    } = &mut *outbox;
    let (first_launch, first_cancel) = (launches.len(), cancels.len());
    for buffer in buffers.iter_mut() {
        for (entity, output) in buffer.out.drain(..) {
            let place = u32::try_from(out.len()).unwrap_or(u32::MAX);
            out.push((entity, place, output));
        }
        errors.append(&mut buffer.errors);
        panics.append(&mut buffer.panics);
        launches.append(&mut buffer.launches);
        cancels.append(&mut buffer.cancels);
        asleep.append(&mut buffer.dormant);
    }
    // The step's dormant brains lose their marker when the outputs are
    // applied, in entity order (the archetype's order, which the game's
    // queries see, does not depend on threads), and their deadlines go
    // to the heap. A woken brain fallen asleep again in this step keeps
    // none.
    asleep.sort_unstable_by_key(|&(entity, _)| entity);
    marks.retain(|&(entity, _)| {
        asleep
            .binary_search_by_key(&entity, |&(asleep, _)| asleep)
            .is_err()
    });
    marks.extend(asleep.iter().map(|&(entity, _)| (entity, false)));
    dormancy.extend(
        asleep
            .drain(..)
            .filter_map(|(entity, due)| Some((due?, entity))),
    );
    // This step's requests in entity order, each entity's as made (a
    // stable sort: it allocates only for a step with requests).
    launches[first_launch..].sort_by_key(|&(entity, _, _)| entity);
    cancels[first_cancel..].sort_by_key(|&(entity, _)| entity);
    // Each entity's outputs stay in the order they were made.
    out.sort_unstable_by_key(|&(entity, place, _)| (entity, place));
    // An entity reports at most once a tick.
    errors.sort_unstable_by_key(|e| e.entity);
    messages.write_batch(errors.drain(..));
    // An entity panics at most once a tick.
    panics.sort_unstable_by_key(|p| p.entity);
    panicked.write_batch(panics.drain(..));
}

/// What every entity's step shares besides [`Shared`] (which has the
/// step's `dt` as `Time` gives it): the step's time on the grid, its
/// number, and the entities (by index, sorted) whose deferred actions
/// completed.
struct At<'a> {
    grid: f64,
    step: u64,
    completed: &'a [u32],
    /// The plugin's clock, before and after this step: a brain that goes
    /// dormant remembers `now`.
    clock: &'a Clock,
    before: f64,
    now: f64,
}

/// The most runs (sets of buffers) of the parallel tick: with more
/// threads than that, a batch may wait for another's run.
const MAX_RUNS: usize = 32;

/// A run of `pool` that no other batch holds (there are as many as the
/// batches that can go on at once), or the first one, waited for.
fn claim<T>(pool: &[Option<Mutex<T>>]) -> MutexGuard<'_, T> {
    let mut first = None;
    for run in pool.iter().flatten() {
        match run.try_lock() {
            Ok(guard) => return guard,
            // A step's panic is caught inside it: a run is poisoned only
            // by a panic outside any step, and holds nothing half done.
            Err(TryLockError::Poisoned(poisoned)) => return poisoned.into_inner(),
            Err(TryLockError::WouldBlock) => first = first.or(Some(run)),
        }
    }
    let Some(run) = first else {
        unreachable!("the pool has at least one run");
    };
    run.lock().unwrap_or_else(PoisonError::into_inner)
}

/// One entity's step: a sleeping brain sleeps on through it (or wakes),
/// a due one ticks with the thread's `run`; a watched one is recorded.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn step_one<'w, A, T, R, O, D, B, const GUARD: bool>(
    run: &mut Run<'w, R, O, D, B>,
    entity: Entity,
    data: &mut QueryItem<'_, '_, A::Data>,
    mut brain: Mut<'_, Brain<T>>,
    mut watch: Option<&mut Watch>,
    shared: &Shared<'w, '_, '_, R, D>,
    at: &At<'_>,
) where
    A: Agent,
    T: BrainTree + for<'v> Receives<A::View<'v>, Env<'v, R, O, D>>,
    R: Reads,
    O: Output,
    D: Deferral,
    B: DerefMut<Target = Buffers<O, D>>,
{
    let At {
        grid,
        step,
        completed,
        ..
    } = *at;
    if brain.asleep {
        if brain.dormant.is_some() {
            // A dormant brain moved to this entity (`take`n from another),
            // or watched: what it slept is caught up.
            brain.bypass_change_detection().rouse(at.before);
        }
        // Its change tick left alone while it sleeps on.
        let completed =
            !completed.is_empty() && completed.binary_search(&entity.index().index()).is_ok();
        let brain = brain.bypass_change_detection();
        if brain.sleeps_through(grid, completed) {
            match &mut watch {
                // A watched brain's replay shows the step.
                Some(watch) => watch.recorder.frame(step),
                // No longer visited until it wakes.
                None => {
                    let due = brain.go_dormant(entity, at.clock, at.now);
                    run.buffer.dormant.push((entity, due));
                }
            }
            return;
        }
    }
    // One `&mut` of the brain for the whole step (its change
    // tick written once): borrowing it again through the `Mut`
    // cost 5 ns more per entity (valgrind: the same cache
    // misses, more stores in this closure).
    let brain = brain.into_inner();
    let Some(dt) = brain.due(entity, shared.dt) else {
        return;
    };
    match watch {
        None => {
            tick_agent::<A, T, R, O, D, B, _, GUARD>(
                run,
                data,
                brain,
                entity,
                dt,
                shared,
                &mut NoTrace,
            );
            if brain.asleep {
                // Fallen asleep: no longer visited until it wakes.
                let due = brain.go_dormant(entity, at.clock, at.now);
                run.buffer.dormant.push((entity, due));
            }
        }
        Some(watch) => {
            watched_tick::<A, T, R, O, D, B>(run, data, brain, entity, dt, shared, watch, step);
            watch.look::<A::View<'_>, Env<'_, R, O, D>, T>(brain);
        }
    }
}

/// A due brain's tick with its agent: a component agent in place, with
/// the thread's frame; a view built by [`Agent::with_view`], with a frame
/// of its own that lends the thread's outputs and requests.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn tick_agent<'w, A, T, R, O, D, B, Tr: Trace, const GUARD: bool>(
    run: &mut Run<'w, R, O, D, B>,
    data: &mut QueryItem<'_, '_, A::Data>,
    brain: &mut Brain<T>,
    entity: Entity,
    dt: f32,
    shared: &Shared<'w, '_, '_, R, D>,
    trace: &mut Tr,
) where
    A: Agent,
    T: BrainTree + for<'v> Receives<A::View<'v>, Env<'v, R, O, D>>,
    R: Reads,
    D: Deferral,
    B: DerefMut<Target = Buffers<O, D>>,
{
    let Run {
        buffer,
        frame,
        dt: frame_dt,
    } = run;
    let in_place: Option<&mut A::View<'w>> = A::in_place(data);
    if let Some(agent) = in_place {
        tick_one::<_, _, _, _, _, _, GUARD>(
            brain,
            agent,
            frame,
            frame_dt,
            dt,
            buffer,
            shared.step,
            entity,
            trace,
        );
    } else {
        A::with_view(data, |agent| {
            let world = frame.world_mut();
            let env = Env {
                read: R::view(shared.read),
                entity,
                out: Held::Lent(world.out.get()),
                requests: Held::Lent(world.requests.get()),
                completions: shared.completions,
            };
            let mut own = shared.frame.clone().with_world(env);
            let mut own_dt = shared.dt;
            tick_one::<_, _, _, _, _, _, GUARD>(
                brain,
                agent,
                &mut own,
                &mut own_dt,
                dt,
                buffer,
                shared.step,
                entity,
                trace,
            );
        });
    }
}

/// What every tick of a step shares: the snapshot, the completions
/// reported, the capacity of an entity's deferred requests and the frame
/// number of their tickets.
struct Shared<'w, 'p, 's, R: Reads, D: Deferral> {
    read: &'w SystemParamItem<'p, 's, R::Param>,
    completions: &'w deciders::deferred::Completions<D::Done>,
    capacity: usize,
    step: u32,
    /// The step's `dt` as `Time` gives it, and its frame (the `dt`
    /// sanitized once): a brain ticked every step, whose pending time is
    /// that `dt`, starts from this frame.
    dt: f32,
    frame: Frame,
}

/// One thread's share of a frame: the outputs, the deferred requests, the
/// errors and the caught panics of the brains it ticked.
struct Buffers<O, D: Deferral> {
    out: Vec<(Entity, O)>,
    /// The requests each entity's tick launches into, emptied after it;
    /// built again when the capacity changed.
    requests: Requests<D::Launch>,
    requests_capacity: usize,
    launches: Vec<(Entity, Ticket, D::Launch)>,
    cancels: Vec<(Entity, Ticket)>,
    errors: Vec<TreeErrors>,
    panics: Vec<TreePanicked>,
    /// Its brains gone dormant, with their deadlines.
    dormant: Vec<(Entity, Option<u64>)>,
}

impl<O, D: Deferral> Default for Buffers<O, D> {
    fn default() -> Self {
        Buffers {
            out: Vec::new(),
            requests: Requests::with_capacity(0, 0),
            requests_capacity: 0,
            launches: Vec::new(),
            cancels: Vec::new(),
            errors: Vec::new(),
            panics: Vec::new(),
            dormant: Vec::new(),
        }
    }
}

/// One thread's run of a step (or of a batch of entities): the frame
/// its brains are ticked with, reused from one to the next (building a
/// frame per entity cost about 20 instructions each, callgrind,
/// `orbit`), whose world holds the thread's outputs and deferred
/// requests while it runs, and the thread's other buffers. Dropped, it
/// gives the outputs and requests back to the buffers.
struct Run<'w, R: Reads, O, D: Deferral, B: DerefMut<Target = Buffers<O, D>>> {
    buffer: B,
    frame: Frame<Env<'w, R, O, D>>,
    /// The `dt` last given to the frame, before it was sanitized: a
    /// brain with that pending time leaves the frame's as it is.
    dt: f32,
}

impl<'w, R: Reads, O, D: Deferral, B: DerefMut<Target = Buffers<O, D>>> Run<'w, R, O, D, B> {
    fn new(mut buffer: B, shared: &Shared<'w, '_, '_, R, D>) -> Self {
        buffer.fit(shared);
        let out = core::mem::take(&mut buffer.out);
        let requests = core::mem::replace(&mut buffer.requests, Requests::with_capacity(0, 0));
        let env = Env {
            read: R::view(shared.read),
            entity: Entity::PLACEHOLDER,
            out: Held::Own(out),
            requests: Held::Own(requests),
            completions: shared.completions,
        };
        Run {
            buffer,
            frame: shared.frame.clone().with_world(env),
            dt: shared.dt,
        }
    }
}

impl<R: Reads, O, D: Deferral, B: DerefMut<Target = Buffers<O, D>>> Run<'_, R, O, D, B> {
    /// The step of `entity` panicked, caught around the loop: the panic
    /// goes to the buffer's panics, the frame's report and requests are
    /// dealt with as after a tick. Returns the count of errors reported,
    /// for its brain ([`Brain::panicked`]).
    #[cold]
    fn panicked(
        &mut self,
        entity: Entity,
        payload: &(dyn core::any::Any + Send),
        step: u32,
    ) -> u32 {
        self.buffer.panics.push(TreePanicked {
            entity,
            message: panic_text(payload),
        });
        finish(&mut self.frame, &mut self.buffer, entity, step)
    }
}

impl<R: Reads, O, D: Deferral, B: DerefMut<Target = Buffers<O, D>>> Drop for Run<'_, R, O, D, B> {
    fn drop(&mut self) {
        let env = self.frame.world_mut();
        self.buffer.out = core::mem::take(env.out.get());
        self.buffer.requests =
            core::mem::replace(env.requests.get(), Requests::with_capacity(0, 0));
    }
}

impl<O, D: Deferral> Buffers<O, D> {
    /// The requests of the capacity of this step's deferred actions.
    #[inline]
    fn fit<R: Reads>(&mut self, shared: &Shared<'_, '_, '_, R, D>) {
        if !D::NONE && self.requests_capacity != shared.capacity {
            self.requests_capacity = shared.capacity;
            self.requests = Requests::with_capacity(shared.capacity, shared.step);
        }
    }
}

/// A watched brain's tick: recorded for the replay, and, with the cargo
/// feature `tracing`, sent to the `tracing` crate inside a span `brain`
/// whose field `entity` names the entity.
///
/// The replay's frames are the plugin's steps in which the brain was due:
/// a step in which it was paused is a paused frame; the steps a
/// brain of [`Brain::tick_every`] skips are not frames of its replay.
#[allow(clippy::too_many_arguments)]
fn watched_tick<'w, A, T, R, O, D, B>(
    run: &mut Run<'w, R, O, D, B>,
    data: &mut QueryItem<'_, '_, A::Data>,
    brain: &mut Brain<T>,
    entity: Entity,
    dt: f32,
    shared: &Shared<'w, '_, '_, R, D>,
    watch: &mut Watch,
    step: u64,
) where
    A: Agent,
    T: BrainTree + for<'v> Receives<A::View<'v>, Env<'v, R, O, D>>,
    R: Reads,
    D: Deferral,
    B: DerefMut<Target = Buffers<O, D>>,
{
    watch.recorder.frame(step);
    #[cfg(feature = "tracing")]
    {
        let span = tracing::debug_span!(target: "deciders_bevy", "brain", entity = ?entity);
        let _entered = span.enter();
        let mut trace = (&mut watch.recorder, deciders::trace::Tracing::new());
        tick_agent::<A, T, R, O, D, B, _, true>(run, data, brain, entity, dt, shared, &mut trace);
    }
    #[cfg(not(feature = "tracing"))]
    tick_agent::<A, T, R, O, D, B, _, true>(
        run,
        data,
        brain,
        entity,
        dt,
        shared,
        &mut watch.recorder,
    );
}

/// One brain's step: its pending operation, then the core brain's tick
/// (its inbox delivered, its stimuli store advanced) with `dt`, the time
/// since its last one ([`Brain::due`]), with `frame` made the entity's; its
/// outputs and deferred requests go to the frame's world, its errors to
/// the thread's `buffer`.
///
/// A panic in the step is caught for this entity alone, as
/// `deciders::batch::par_tick_all` catches one per agent: here with
/// `GUARD`, else by the caller around its loop (which then finishes the
/// step with [`Run::panicked`] and [`Brain::panicked`]). The frame (whose
/// world holds the thread's outputs so far, this entity's included) is
/// kept, the tree is as if dropped (T4), and the panic goes to the
/// buffer's panics and the brain's count.
// Inlined into the loop: its call, and the world's parts passed to it,
// cost 15 instructions per entity (callgrind, `orbit`).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn tick_one<'x, A, T, R, O, D, Tr: Trace, const GUARD: bool>(
    brain: &mut Brain<T>,
    agent: &mut A,
    frame: &mut Frame<Env<'x, R, O, D>>,
    frame_dt: &mut f32,
    dt: f32,
    buffer: &mut Buffers<O, D>,
    step: u32,
    entity: Entity,
    trace: &mut Tr,
) where
    R: Reads,
    T: BrainTree + Receives<A, Env<'x, R, O, D>>,
    D: Deferral,
{
    // The frame made this entity's: its time (sanitized again only when
    // it changed), its flags, its index, its entity, and no stimuli yet
    // (its tree's tick sets them; a lifecycle operation before it sees
    // none, as in a frame of its own).
    if dt.to_bits() != frame_dt.to_bits() {
        frame.set_dt(dt);
        *frame_dt = dt;
    }
    frame.set_flags(brain.flags);
    frame.set_stimuli(Flags::EMPTY);
    frame.set_agent(entity.index().index());
    let env = frame.world_mut();
    env.entity = entity;
    if !D::NONE {
        // This step's number on the tickets; empty, numbering from 0.
        env.requests.get().next_frame(step);
    }
    let asks = brain.asks();
    let core = &mut brain.brain;
    // Tested once, and written only when there is something to take: a
    // brain that ticks every step stores neither.
    let (slept, op) = (&mut brain.slept, &mut brain.op);
    // Unwind safety: a tree whose hook panicked is as if dropped (T4); the
    // brain, the agent and the frame hold what the hooks left in them,
    // which the `TreePanicked` message tells the game about.
    let mut step_it = || {
        // The steps it slept through, before any operation: a brain
        // paused now slept executing.
        if *slept > 0.0 {
            Tree::<A, Env<'x, R, O, D>>::skip(core, core::mem::take(slept));
        }
        if op.is_some() {
            match op.take() {
                None => {}
                Some(Op::Play(mode)) => core.play(mode, agent, frame),
                Some(Op::Pause) => core.pause(agent, frame),
                Some(Op::Resume) => core.resume(agent, frame),
                Some(Op::Stop) => core.stop(agent, frame),
                Some(Op::Reset) => core.reset(agent, frame),
            }
        }
        if asks {
            let (last, wake) = core.tick_and_wake(agent, frame, trace);
            (last, Some((wake, Tree::<A, Env<'x, R, O, D>>::now(core))))
        } else {
            (core.tick_traced(agent, frame, trace), None)
        }
    };
    // Without a guard here, the caller's catches a panic (around its
    // loop) and finishes the step with `Run::panicked`.
    let stepped = if GUARD {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(step_it))
    } else {
        Ok(step_it())
    };
    match stepped {
        Ok((last, asked)) => {
            brain.last = last;
            if let Some((wake, now)) = asked {
                brain.sleep_after(wake, now);
            }
        }
        Err(payload) => {
            buffer.panics.push(TreePanicked {
                entity,
                message: panic_text(&*payload),
            });
            brain.panicked(0);
        }
    }
    let errors = finish(frame, buffer, entity, step);
    if errors > 0 {
        brain.errors = brain.errors.saturating_add(errors);
    }
}

/// After an entity's step, panicked or not: the errors of its frame's
/// report go to the thread's buffer (their count is returned), and its
/// deferred requests to the thread's launches and cancels.
#[inline(always)]
fn finish<R: Reads, O, D: Deferral>(
    frame: &mut Frame<Env<'_, R, O, D>>,
    buffer: &mut Buffers<O, D>,
    entity: Entity,
    step: u32,
) -> u32 {
    let report = frame.report();
    let mut count = 0;
    if let Some(&first) = report.first() {
        count = report.count();
        buffer.errors.push(TreeErrors {
            entity,
            first,
            count,
        });
        // Not the next entity's, whose step may not tick its tree.
        frame.clear_report();
    }
    if !D::NONE {
        let requests = frame.world_mut().requests.get();
        let taken = core::mem::replace(requests, Requests::with_capacity(0, 0));
        *requests = collect(
            entity,
            taken,
            step,
            &mut buffer.launches,
            &mut buffer.cancels,
        );
    }
    count
}

/// The apply set: every output of the frame, in entity order. Each
/// entity's outputs become commands that are applied to the world before
/// the next entity's turn, so that an entity despawned by an earlier
/// output is seen gone: its outputs are dropped and reported
/// ([`OutputsDropped`]) instead of reaching Bevy's command handler, which
/// panics on an insert into a missing entity.
fn apply<T: Send + Sync + 'static, O: Output>(world: &mut World, mut queue: Local<CommandQueue>) {
    // The tick's markers first, while every entity it ticked is there.
    let mut marks = core::mem::take(&mut world.resource_mut::<Outbox<T, O>>().marks);
    for (entity, awake) in marks.drain(..) {
        if let Ok(mut entity) = world.get_entity_mut(entity) {
            if awake {
                entity.insert(Awake::<T>::default());
            } else {
                entity.remove::<Awake<T>>();
            }
        }
    }
    world.resource_mut::<Outbox<T, O>>().marks = marks;
    let mut out = core::mem::take(&mut world.resource_mut::<Outbox<T, O>>().out);
    // Allocates only in a frame that drops outputs.
    let mut dropped = Vec::new();
    let mut outputs = out.drain(..).peekable();
    while let Some((entity, _, first)) = outputs.next() {
        let rest = core::iter::from_fn(|| {
            outputs
                .next_if(|&(next, _, _)| next == entity)
                .map(|(_, _, output)| output)
        });
        if world.get_entity(entity).is_err() {
            let count = u32::try_from(1 + rest.count()).unwrap_or(u32::MAX);
            dropped.push(OutputsDropped { entity, count });
            continue;
        }
        let mut commands = Commands::new(&mut queue, world);
        first.apply(entity, &mut commands);
        for output in rest {
            output.apply(entity, &mut commands);
        }
        queue.apply(world);
    }
    drop(outputs);
    // The emptied buffer goes back, with its capacity, for the next frame.
    world.resource_mut::<Outbox<T, O>>().out = out;
    if !dropped.is_empty() {
        world.write_message_batch(dropped);
    }
}
