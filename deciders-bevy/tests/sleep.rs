//! Brains that sleep through the plugin (Z2), in a real headless Bevy app:
//! a brain whose last tick said it waits — for an input, for its deferred
//! action, until a deadline — is not ticked, and wakes when its flags
//! change, an event is posted to it, a stimulus is added or expires, its
//! deferred action completes, it is paused or resumed, or its deadline
//! comes. Tick for tick, what its hooks see (the clock included) is what
//! they see in plain `deciders::brain::Brain`s ticked every frame by
//! `batch::tick_all`, with the same behaviors.

mod common;

use std::time::Duration;

use bevy_app::{App, FixedUpdate, TaskPoolPlugin};
use bevy_ecs::prelude::*;
use bevy_time::{Fixed, Time, TimePlugin, TimeUpdateStrategy};
use common::{Never, Nothing};
use deciders::brain::Brain as Core;
use deciders::deferred::{Action, Completions, Deferred, Requests, Ticket};
use deciders::{batch, Behavior, Ctx, Exit, Flags, Frame, Status, Stimulus, Wake};
use deciders_bevy::{
    Brain, DecidersPlugin, DecidersSystems, DeferredActions, Deferring, Env, Post,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Stimulus)]
enum Stim {
    Hit,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Signal {
    Alarm,
    AllClear,
}

const HUNGRY: Flags = Flags::bit(0);
const DT: Duration = Duration::from_millis(20);
const MOBS: usize = 4;
const STEPS: u32 = 24;

/// The agent: what its hooks did, with the tree clock they saw.
#[derive(Component, Clone, Debug, Default, PartialEq)]
struct Mob {
    log: Vec<String>,
}

/// Runs with nothing to do per tick: it waits for an input (`NEVER`),
/// and logs when it starts and stops. Any world.
struct Note(&'static str);

impl<W> Behavior<Mob, W> for Note {
    fn activate(&mut self, m: &mut Mob, ctx: &mut Ctx<W>) -> Status {
        m.log.push(format!("+{} at {:.2}", self.0, ctx.now()));
        Status::Running
    }
    fn deactivate(&mut self, m: &mut Mob, ctx: &mut Ctx<W>, exit: Exit) {
        m.log
            .push(format!("-{} {exit:?} at {:.2}", self.0, ctx.now()));
    }
    fn wake(&self) -> Wake {
        Wake::NEVER
    }
}

/// Orders food (a deferred action) and waits for it: nothing to do per
/// tick until the game completes it, which wakes the agent. Any world
/// with deferred actions of `&str` completed with `bool`.
#[derive(Default)]
struct Fetch(Action);

impl<W: Deferred<Launch = &'static str, Done = bool>> Behavior<Mob, W> for Fetch {
    fn activate(&mut self, m: &mut Mob, ctx: &mut Ctx<W>) -> Status {
        let status = ctx.launch(&mut self.0, "food");
        m.log.push(format!("order {status:?} at {:.2}", ctx.now()));
        status
    }
    fn tick(&mut self, m: &mut Mob, ctx: &mut Ctx<W>) -> Status {
        match ctx.poll(&mut self.0) {
            None => Status::Running,
            Some(&ok) => {
                m.log.push(format!("served {ok} at {:.2}", ctx.now()));
                Status::Success
            }
        }
    }
    fn deactivate(&mut self, m: &mut Mob, ctx: &mut Ctx<W>, _: Exit) {
        if ctx.abandon(&mut self.0).is_some() {
            m.log.push(format!("cancel at {:.2}", ctx.now()));
        }
    }
    fn wake(&self) -> Wake {
        Wake::NEVER
    }
}

type D = Deferring<&'static str, bool>;

deciders::tree! {
    /// In Bevy: alarmed (an event), hurt (a stimulus), hungry (a flag:
    /// order, wait for it, eat for 0.1 s, then rest), else idle.
    tree Camp for Mob, world<'w> = Env<'w, Nothing, Never, D>, events = Signal, stimuli = Stim {
        var alarmed = set(Signal::Alarm), clear(Signal::AllClear);
        priority {
            alarm: when(var(alarmed), recheck) => Note("alarm"),
            hurt: when(stimuli_any(Stim::Hit.flag()), recheck) => Note("hurt"),
            eat: when(any(HUNGRY), recheck) => sequence { Fetch, wait(0.1), Note("fed") },
            idle: Note("idle"),
        }
    }
}

/// The world of the plain brains: the frame's orders and the completions
/// the game reported.
#[derive(deciders::deferred::Deferred)]
struct Shop {
    orders: Requests<&'static str>,
    done: Completions<bool>,
}

deciders::tree! {
    /// The same tree with no Bevy world: the same behaviors.
    tree Plain for Mob, world = Shop, events = Signal, stimuli = Stim {
        var alarmed = set(Signal::Alarm), clear(Signal::AllClear);
        priority {
            alarm: when(var(alarmed), recheck) => Note("alarm"),
            hurt: when(stimuli_any(Stim::Hit.flag()), recheck) => Note("hurt"),
            eat: when(any(HUNGRY), recheck) => sequence { Fetch, wait(0.1), Note("fed") },
            idle: Note("idle"),
        }
    }
}

/// What the game does to a mob before a step.
#[derive(Clone, Copy, Debug)]
enum Act {
    Flags(Flags),
    Post(Signal),
    Hit(f32),
    Pause,
    Resume,
}

/// What happens before step `k`: (mob, act), in order.
fn script(k: u32) -> Vec<(usize, Act)> {
    use Act::*;
    match k {
        2 => vec![
            (0, Flags(HUNGRY)),
            (1, Post(Signal::Alarm)),
            (2, Hit(0.06)),
            // The flags it has: no change, no wake.
            (3, Flags(deciders::Flags::EMPTY)),
        ],
        5 => vec![(1, Post(Signal::AllClear)), (3, Flags(HUNGRY))],
        7 => vec![(2, Pause)],
        9 => vec![(2, Hit(0.5))],
        11 => vec![(2, Resume), (1, Flags(HUNGRY))],
        // Leaves before its order is served: abandoned.
        12 => vec![(1, Post(Signal::Alarm))],
        16 => vec![(0, Flags(deciders::Flags::EMPTY))],
        _ => vec![],
    }
}

/// The game's kitchen: serves every order three steps after it came.
#[derive(Default)]
struct Kitchen {
    step: u32,
    cooking: Vec<(u32, Ticket)>,
}

impl Kitchen {
    /// One step: takes the new orders and the cancels, and says what is
    /// served.
    fn step(
        &mut self,
        orders: impl Iterator<Item = Ticket>,
        cancels: impl Iterator<Item = Ticket>,
    ) -> Vec<Ticket> {
        let step = self.step;
        self.step += 1;
        self.cooking.extend(orders.map(|t| (step, t)));
        for cancel in cancels {
            self.cooking.retain(|&(_, t)| t != cancel);
        }
        let (served, cooking) = self.cooking.iter().partition(|&&(at, _)| step >= at + 3);
        self.cooking = cooking;
        served.into_iter().map(|(_, t)| t).collect()
    }
}

/// The plugin's side of the game.
#[derive(Resource, Default)]
struct Game {
    step: u32,
    kitchen: Kitchen,
    mobs: Vec<Entity>,
}

/// Before the tick: the script's acts, through the brains' methods and
/// `Post` messages.
fn prepare(
    game: Res<Game>,
    mut brains: Query<&mut Brain<Camp>>,
    mut posts: MessageWriter<Post<Camp>>,
) {
    for (i, act) in script(game.step) {
        let entity = game.mobs[i];
        let mut brain = brains.get_mut(entity).unwrap();
        match act {
            Act::Flags(flags) => brain.set_flags(flags),
            Act::Post(signal) => {
                posts.write(Post::new(entity, signal));
            }
            Act::Hit(timeout) => {
                brain.stimuli_mut().add(Stim::Hit, (), Some(timeout));
            }
            Act::Pause => brain.pause(),
            Act::Resume => brain.resume(),
        }
    }
}

/// After the tick: the kitchen takes the orders and serves.
fn kitchen(mut deferred: ResMut<DeferredActions<Camp, D>>, mut game: ResMut<Game>) {
    let deferred = &mut *deferred;
    // Last step's completions were seen by this step's ticks.
    deferred.clear_completions();
    let orders: Vec<Ticket> = deferred.drain_launches().map(|(_, t, _)| t).collect();
    let cancels: Vec<Ticket> = deferred.drain_cancels().map(|(_, t)| t).collect();
    for ticket in game.kitchen.step(orders.into_iter(), cancels.into_iter()) {
        deferred.complete(ticket, true);
    }
    game.step += 1;
}

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((
        TaskPoolPlugin::default(),
        TimePlugin,
        DecidersPlugin::<Mob, Camp, Nothing, Never, D>::new(),
    ));
    app.insert_resource(Time::<Fixed>::from_duration(DT));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(DT));
    app.init_resource::<Nothing>();
    app.init_resource::<Game>();
    app.add_systems(FixedUpdate, prepare.in_set(DecidersSystems::Prepare));
    app.add_systems(FixedUpdate, kitchen.after(DecidersSystems::Apply));
    app
}

/// The plain brains' side: the same script and kitchen, every brain
/// ticked every frame.
struct Plainly {
    brains: Vec<Core<Plain>>,
    mobs: Vec<Mob>,
    flags: Vec<Flags>,
    frame: Frame<Shop>,
    kitchen: Kitchen,
}

impl Plainly {
    fn new() -> Self {
        let shop = Shop {
            orders: Requests::with_capacity(4, 0),
            done: Completions::new(),
        };
        Plainly {
            brains: (0..MOBS).map(|_| Core::new(Plain::new())).collect(),
            mobs: vec![Mob::default(); MOBS],
            flags: vec![Flags::EMPTY; MOBS],
            frame: Frame::new(DT.as_secs_f32()).with_world(shop),
            kitchen: Kitchen::default(),
        }
    }

    fn step(&mut self, k: u32) {
        for (i, act) in script(k) {
            let (brain, mob) = (&mut self.brains[i], &mut self.mobs[i]);
            match act {
                Act::Flags(flags) => self.flags[i] = flags,
                Act::Post(signal) => brain.post(signal).unwrap(),
                Act::Hit(timeout) => {
                    brain.stimuli_mut().add(Stim::Hit, (), Some(timeout));
                }
                // As the plugin does: at the start of the step.
                Act::Pause => brain.pause(mob, &mut self.frame),
                Act::Resume => brain.resume(mob, &mut self.frame),
            }
        }
        self.frame.world_mut().orders.next_frame(k);
        let flags = &self.flags;
        batch::tick_all(
            &mut self.brains,
            &mut self.mobs,
            &mut self.frame,
            |i, _, _, frame| {
                frame.set_flags(flags[i]);
            },
        );
        let shop = self.frame.world_mut();
        shop.done.clear();
        let orders: Vec<Ticket> = shop.orders.drain_launches().map(|(t, _)| t).collect();
        let cancels: Vec<Ticket> = shop.orders.cancels().to_vec();
        for ticket in self.kitchen.step(orders.into_iter(), cancels.into_iter()) {
            shop.done.complete(ticket, true);
        }
    }
}

// SPEC Z2
#[test]
fn z2_sleeping_brains_through_the_plugin_tick_for_tick_as_plain_brains_ticked_every_frame() {
    let mut app = app();
    let mobs: Vec<Entity> = (0..MOBS)
        .map(|_| {
            app.world_mut()
                .spawn((Mob::default(), Brain::new(Camp::new())))
                .id()
        })
        .collect();
    app.world_mut().resource_mut::<Game>().mobs = mobs.clone();
    // The first update only starts the clocks.
    app.update();
    app.world_mut().resource_mut::<Game>().step = 0;
    let mut plain = Plainly::new();
    let mut asleep = Vec::new();
    for k in 0..STEPS {
        plain.step(k);
        app.update();
        assert_eq!(app.world().resource::<Game>().step, k + 1, "one step");
        let world = app.world();
        let mut sleeping = String::new();
        for (i, &e) in mobs.iter().enumerate() {
            let (mob, brain) = (
                world.get::<Mob>(e).unwrap(),
                world.get::<Brain<Camp>>(e).unwrap(),
            );
            assert_eq!(mob.log, plain.mobs[i].log, "mob {i}, step {k}");
            assert_eq!(
                brain.brain().var(Camp::ALARMED),
                plain.brains[i].var(Plain::ALARMED),
                "mob {i}, step {k}"
            );
            assert_eq!(
                brain.status(),
                plain.brains[i].status(),
                "mob {i}, step {k}"
            );
            sleeping.push(if brain.is_asleep() { 'z' } else { '.' });
            // Asleep after a step: dormant, out of the tick's query.
            assert_eq!(
                awake_marker::<Camp>(world, e),
                !brain.is_asleep(),
                "mob {i}, step {k}"
            );
        }
        asleep.push(sleeping);
    }
    // Each brain's hooks saw what they would have ticked every frame;
    // and most steps, most brains slept.
    let expected = [
        // 0: everyone enters `idle`; 1: nothing moved: asleep.
        "....", "zzzz",
        // 2: mob 0 orders, 1 is alarmed (an event), 2 hurt (a stimulus
        // for 0.06 s); mob 3's flags are set to what they were: it
        // sleeps on. 3: all wait.
        "...z", "zzzz",
        // 4: the hit expires (a deadline): mob 2 back to idle. 5: mob 1
        // all clear, mob 3 orders.
        "zz.z", "z.z.",
        // 6: mob 0's order, served after step 5, wakes it: it eats (a
        // wait of 0.1 s: asleep until its end). 7: mob 2 paused.
        ".zzz", "zzzz",
        // 9: mob 3 served; mob 2 hit while paused: woken, and asleep
        // again (paused, its clocks still).
        "zzzz", "zzz.", "zzzz",
        // 11: mob 2 resumed (hurt: the hit waited), mob 1 orders. 12:
        // mob 0's wait ends (five steps of 0.02 s on the clock's grid
        // are a hair under 0.1 s: the sixth), mob 1 alarmed again,
        // its order abandoned.
        "z..z", "..zz", "zzzz", "zzzz",
        // 15: mob 3's wait ends. 16: mob 0 no longer hungry. Then all
        // wait: mob 2's hit (0.5 s) outlasts the test.
        "zzz.", ".zzz", "zzzz", "zzzz", "zzzz", "zzzz", "zzzz", "zzzz", "zzzz",
    ];
    assert_eq!(asleep, expected);
}

/// Whether the entity has the plugin's marker of the brains its tick
/// visits: a dormant brain has none. The marker is the plugin's own: it
/// is the component that is neither the mob, its brain nor a `Watch`.
fn awake_marker<T: deciders_bevy::BrainTree>(world: &World, e: Entity) -> bool {
    use std::any::TypeId;
    let known = [
        TypeId::of::<Mob>(),
        TypeId::of::<Brain<T>>(),
        TypeId::of::<deciders_bevy::Watch>(),
    ];
    let others = world
        .inspect_entity(e)
        .unwrap()
        .filter(|(_, c)| !c.type_id().is_some_and(|t| known.contains(&t)))
        .count();
    assert!(others <= 1, "one marker at most: {others}");
    others == 1
}

deciders::tree! {
    /// Naps 0.3 s (15 steps), then notes it is up and waits for an input.
    tree Nap for Mob, world<'w> = Env<'w, Nothing, Never> {
        sequence { wait(0.3), Note("up") }
    }
}

/// Mob 0 is left alone; mob 1 is watched from step 5 to step 9, while
/// dormant; mob 2's brain is replaced in place at step 5, while dormant;
/// mob 3 is woken at step 5 with nothing changed. Returns each step's
/// logs and markers.
fn naps() -> Vec<(Vec<Vec<String>>, Vec<bool>)> {
    let mut app = App::new();
    app.add_plugins((
        TaskPoolPlugin::default(),
        TimePlugin,
        DecidersPlugin::<Mob, Nap, Nothing, Never>::new(),
    ));
    app.insert_resource(Time::<Fixed>::from_duration(DT));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(DT));
    app.init_resource::<Nothing>();
    let mobs: Vec<Entity> = (0..4)
        .map(|_| {
            app.world_mut()
                .spawn((Mob::default(), Brain::new(Nap::new())))
                .id()
        })
        .collect();
    app.update();
    let mut steps = Vec::new();
    for k in 0..30 {
        let world = app.world_mut();
        if k == 5 {
            world
                .entity_mut(mobs[1])
                .insert(deciders_bevy::Watch::new());
            *world.get_mut::<Brain<Nap>>(mobs[2]).unwrap() = Brain::new(Nap::new());
            world.get_mut::<Brain<Nap>>(mobs[3]).unwrap().wake();
        }
        if k == 9 {
            world.entity_mut(mobs[1]).remove::<deciders_bevy::Watch>();
        }
        app.update();
        let world = app.world();
        steps.push((
            mobs.iter()
                .map(|&e| world.get::<Mob>(e).unwrap().log.clone())
                .collect(),
            mobs.iter()
                .map(|&e| awake_marker::<Nap>(world, e))
                .collect(),
        ));
    }
    steps
}

// SPEC Z2: a dormant brain watched, replaced or woken for nothing
#[test]
fn z2_a_dormant_brain_watched_replaced_or_woken_keeps_its_time() {
    let steps = naps();
    let up = |k: usize, i: usize| steps[k].0[i].clone();
    let markers = |k: usize| steps[k].1.clone();
    // Step 0: all start their nap, asleep from step 1 on: dormant, no
    // marker.
    assert_eq!(markers(0), [true; 4]);
    assert_eq!(markers(1), [false; 4]);
    // Step 5: mob 1 watched (visited, its marker back for later); mob
    // 2's new brain starts its nap (dormant from step 6); mob 3, woken
    // for nothing, ticked and dormant again.
    assert_eq!(markers(5), [false, true, true, false]);
    assert_eq!(markers(6), [false, true, false, false]);
    // Step 9: mob 1 no longer watched: visited once, dormant again.
    assert_eq!(markers(9), [false; 4]);
    // Mobs 0, 1 and 3 wake up at the same step with the same clock (16
    // steps of 0.02 s on the clock's grid: 15 are a hair under 0.3 s);
    // mob 2's nap, started 5 steps later, ends 5 steps later.
    for k in 0..30 {
        assert_eq!(up(k, 1), up(k, 0), "step {k}");
        assert_eq!(up(k, 3), up(k, 0), "step {k}");
    }
    let first_up = |i: usize| (0..30).find(|&k| !up(k, i).is_empty());
    assert_eq!(first_up(0), Some(16));
    assert_eq!(first_up(2), Some(21));
    assert_eq!(up(29, 0), ["+up at 0.34"]);
    assert_eq!(up(29, 2), ["+up at 0.34"]);
    assert_eq!(markers(16), [true, true, false, true]);
    // Up, waiting for an input with no deadline: dormant again.
    assert_eq!(markers(29), [false; 4]);
}

const BUSY: Flags = Flags::bit(1);

/// Ticks every step while its agent's flags say `BUSY`; otherwise waits
/// for an input.
#[derive(Default)]
struct Churn {
    busy: bool,
}

impl<W> Behavior<Mob, W> for Churn {
    fn tick(&mut self, _: &mut Mob, ctx: &mut Ctx<W>) -> Status {
        self.busy = ctx.flags().any(BUSY);
        Status::Running
    }
    fn wake(&self) -> Wake {
        if self.busy {
            Wake::POLL
        } else {
            Wake::NEVER
        }
    }
}

deciders::tree! {
    tree Mill for Mob, world<'w> = Env<'w, Nothing, Never> { Churn }
}

/// The first step after which a brain kept busy (polling) until step
/// `calm` sleeps.
fn first_sleep(calm: u32) -> u32 {
    let mut app = App::new();
    app.add_plugins((
        TaskPoolPlugin::default(),
        TimePlugin,
        DecidersPlugin::<Mob, Mill, Nothing, Never>::new(),
    ));
    app.insert_resource(Time::<Fixed>::from_duration(DT));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(DT));
    app.init_resource::<Nothing>();
    let e = app
        .world_mut()
        .spawn((Mob::default(), Brain::new(Mill::new())))
        .id();
    // The first update only starts the clocks.
    app.update();
    for step in 0..200 {
        let flags = if step < calm { BUSY } else { Flags::EMPTY };
        app.world_mut()
            .get_mut::<Brain<Mill>>(e)
            .unwrap()
            .set_flags(flags);
        app.update();
        if app.world().get::<Brain<Mill>>(e).unwrap().is_asleep() {
            return step;
        }
    }
    panic!("never slept");
}

// SPEC Z2
/// A brain that needed every tick 8 ticks in a row is not asked again for
/// 63 ticks (what it does is the same: it is ticked every step), then is
/// asked one tick in 64 while it still needs every tick; calmed, it
/// sleeps at the next tick it is asked.
#[test]
fn z2_a_brain_that_keeps_polling_is_asked_one_tick_in_64() {
    // Busy on steps 0..calm: asked on steps 0 to 7, then 71, 135, 199…
    assert_eq!(first_sleep(3), 3);
    assert_eq!(first_sleep(7), 7);
    assert_eq!(first_sleep(8), 71);
    assert_eq!(first_sleep(70), 71);
    assert_eq!(first_sleep(71), 71);
    assert_eq!(first_sleep(72), 135);
    assert_eq!(first_sleep(135), 135);
    assert_eq!(first_sleep(136), 199);
}
