//! The plugin's two systems: [`tick`] (every due brain steps, in parallel
//! on the compute task pool, its outputs, errors and panics gathered per
//! thread and sorted by entity) and [`apply`] (the outputs become commands,
//! in entity order).

use core::marker::PhantomData;

use bevy_app::App;
use bevy_ecs::prelude::*;
use bevy_ecs::schedule::InternedScheduleLabel;
use bevy_ecs::world::CommandQueue;
use bevy_time::Time;
use bevy_utils::Parallel;
use deciders::{Frame, NoTrace, Trace, Tree};

use crate::brain::Op;
use crate::messages::panic_text;
use crate::{
    Agent, Brain, DecidersSystems, Env, Output, OutputsDropped, TreeErrors, TreePanicked, Watch,
};

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
    _tree: PhantomData<fn() -> T>,
}

impl<T, O> Default for Outbox<T, O> {
    fn default() -> Self {
        Outbox {
            out: Vec::new(),
            errors: Vec::new(),
            panics: Vec::new(),
            steps: 0,
            _tree: PhantomData,
        }
    }
}

/// Registers the frame's [`Outbox`] and the two systems, each in its set
/// of `schedule`.
pub(crate) fn plug<A, T, R, O>(app: &mut App, schedule: InternedScheduleLabel)
where
    A: Agent,
    T: for<'w> Tree<A::View<'w>, Env<'w, R, O>> + Send + Sync + 'static,
    R: Resource,
    O: Output,
{
    app.init_resource::<Outbox<T, O>>();
    app.add_systems(
        schedule,
        (
            tick::<A, T, R, O>.in_set(DecidersSystems::Tick),
            apply::<T, O>.in_set(DecidersSystems::Apply),
        ),
    );
}

/// The tick set: every due brain performs its pending operation and ticks,
/// on the compute task pool; the outputs are gathered per thread, then
/// sorted by entity.
#[allow(clippy::type_complexity)]
fn tick<A, T, R, O>(
    time: Res<Time>,
    read: Res<R>,
    mut agents: Query<(Entity, A::Data, &mut Brain<T>, Option<&mut Watch>)>,
    mut outbox: ResMut<Outbox<T, O>>,
    buffers: Local<Parallel<Buffers<O>>>,
    mut messages: MessageWriter<TreeErrors>,
    mut panicked: MessageWriter<TreePanicked>,
) where
    A: Agent,
    T: for<'w> Tree<A::View<'w>, Env<'w, R, O>> + Send + Sync + 'static,
    R: Resource,
    O: Output,
{
    let dt = time.delta_secs();
    // The plugin's steps number the frames of a watched brain's replay.
    let step = outbox.steps;
    outbox.steps += 1;
    let read: &R = &read;
    agents
        .par_iter_mut()
        // The thread's buffers are looked up once per batch of entities,
        // not once per entity.
        .for_each_init(
            || buffers.borrow_local_mut(),
            |buffer, (entity, mut data, brain, watch)| {
                // One `&mut` of the brain for the whole step (its change
                // tick written once): borrowing it again through the `Mut`
                // cost 5 ns more per entity (valgrind: the same cache
                // misses, more stores in this closure).
                let brain = brain.into_inner();
                if !brain.due(entity, dt) {
                    return;
                }
                // The outputs and errors go to the thread's buffers in
                // place: the output vector is not moved in and out of the
                // tick (returned through memory, then copied back) for
                // every entity.
                let buffer = &mut **buffer;
                match watch {
                    None => A::with_view(&mut data, |agent| {
                        tick_one(brain, agent, read, entity, buffer, &mut NoTrace);
                    }),
                    Some(mut watch) => {
                        let watch = &mut *watch;
                        A::with_view(&mut data, |agent| {
                            watched_tick(brain, agent, read, entity, buffer, watch, step);
                        });
                        watch.look::<A::View<'_>, Env<'_, R, O>, T>(brain);
                    }
                }
            },
        );
    let mut buffers = buffers;
    let Outbox {
        out,
        errors,
        panics,
        ..
    } = &mut *outbox;
    for buffer in buffers.iter_mut() {
        for (entity, output) in buffer.out.drain(..) {
            let place = u32::try_from(out.len()).unwrap_or(u32::MAX);
            out.push((entity, place, output));
        }
        errors.append(&mut buffer.errors);
        panics.append(&mut buffer.panics);
    }
    // Each entity's outputs stay in the order they were made.
    out.sort_unstable_by_key(|&(entity, place, _)| (entity, place));
    // An entity reports at most once a tick.
    errors.sort_unstable_by_key(|e| e.entity);
    messages.write_batch(errors.drain(..));
    // An entity panics at most once a tick.
    panics.sort_unstable_by_key(|p| p.entity);
    panicked.write_batch(panics.drain(..));
}

/// One thread's share of a frame: the outputs, the errors and the caught
/// panics of the brains it ticked.
struct Buffers<O> {
    out: Vec<(Entity, O)>,
    errors: Vec<TreeErrors>,
    panics: Vec<TreePanicked>,
}

impl<O> Default for Buffers<O> {
    fn default() -> Self {
        Buffers {
            out: Vec::new(),
            errors: Vec::new(),
            panics: Vec::new(),
        }
    }
}

/// A watched brain's tick: recorded for the replay, and, with the cargo
/// feature `tracing`, sent to the `tracing` crate inside a span `brain`
/// whose field `entity` names the entity.
///
/// The replay's frames are the plugin's steps in which the brain was due:
/// a step in which its player was paused is a paused frame; the steps a
/// brain of [`Brain::tick_every`] skips are not frames of its replay.
fn watched_tick<'w, A, T, R, O>(
    brain: &mut Brain<T>,
    agent: &mut A,
    read: &'w R,
    entity: Entity,
    buffer: &mut Buffers<O>,
    watch: &mut Watch,
    step: u64,
) where
    T: Tree<A, Env<'w, R, O>> + Send + Sync + 'static,
{
    watch.recorder.frame(step);
    #[cfg(feature = "tracing")]
    {
        let span = tracing::debug_span!(target: "deciders_bevy", "brain", entity = ?entity);
        let _entered = span.enter();
        let mut trace = (&mut watch.recorder, deciders::trace::Tracing::new());
        tick_one(brain, agent, read, entity, buffer, &mut trace);
    }
    #[cfg(not(feature = "tracing"))]
    tick_one(brain, agent, read, entity, buffer, &mut watch.recorder);
}

/// One brain's step: its pending operation, then a tick with the time
/// accumulated since its last one, in the world of `entity` over the
/// snapshot `read`; its outputs and errors go to the thread's `buffer`.
///
/// A panic in the step is caught here, around this entity alone, as
/// `deciders::batch::par_tick_all` catches one per agent: the frame (whose
/// world holds the thread's outputs so far, this entity's included) is
/// kept, the tree is as if dropped (T4), and the panic goes to the
/// buffer's panics and the brain's count.
fn tick_one<'w, A, T, R, O, Tr: Trace>(
    brain: &mut Brain<T>,
    agent: &mut A,
    read: &'w R,
    entity: Entity,
    buffer: &mut Buffers<O>,
    trace: &mut Tr,
) where
    T: Tree<A, Env<'w, R, O>> + Send + Sync + 'static,
{
    let dt = core::mem::take(&mut brain.pending_dt);
    let env = Env {
        read,
        entity,
        out: core::mem::take(&mut buffer.out),
    };
    let mut frame = Frame::new(dt).with_world(env).with_flags(brain.flags);
    frame.set_stimuli(brain.stimuli);
    let player = &mut brain.player;
    let op = brain.op.take();
    // Unwind safety: a tree whose hook panicked is as if dropped (T4); the
    // player, the agent and the frame hold what the hooks left in them,
    // which the `TreePanicked` message tells the game about.
    let stepped = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        match op {
            None => {}
            Some(Op::Play(mode)) => player.play(mode, agent, &mut frame),
            Some(Op::Pause) => player.pause(agent, &mut frame),
            Some(Op::Resume) => player.resume(agent, &mut frame),
            Some(Op::Stop) => player.stop(agent, &mut frame),
            Some(Op::Reset) => player.reset(agent, &mut frame),
        }
        player.tick_traced(agent, &mut frame, trace)
    }));
    match stepped {
        Ok(last) => brain.last = last,
        Err(payload) => {
            brain.last = None;
            brain.panics = brain.panics.saturating_add(1);
            buffer.panics.push(TreePanicked {
                entity,
                message: panic_text(&*payload),
            });
        }
    }
    let report = frame.report();
    if let Some(&first) = report.first() {
        let count = report.count();
        brain.errors = brain.errors.saturating_add(count);
        buffer.errors.push(TreeErrors {
            entity,
            first,
            count,
        });
    }
    buffer.out = frame.into_world().out;
}

/// The apply set: every output of the frame, in entity order. Each
/// entity's outputs become commands that are applied to the world before
/// the next entity's turn, so that an entity despawned by an earlier
/// output is seen gone: its outputs are dropped and reported
/// ([`OutputsDropped`]) instead of reaching Bevy's command handler, which
/// panics on an insert into a missing entity.
fn apply<T: Send + Sync + 'static, O: Output>(world: &mut World, mut queue: Local<CommandQueue>) {
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
