//! The core brain through the plugin, in a real headless Bevy app: events
//! posted between frames (a `Post` message or `Brain::post`) delivered in
//! order at the next tick, stimuli with a payload added from a system and
//! expired by the brain's ticks, nothing moving while paused — tick for
//! tick as plain `deciders::brain::Brain`s ticked by `batch::tick_all`
//! with the same behaviors, written once for both worlds (B1–B5, V2, V4);
//! a full inbox and a missing brain hand the event back.

mod common;

use std::any::Any;
use std::time::Duration;

use bevy_app::{App, FixedUpdate, TaskPoolPlugin};
use bevy_ecs::prelude::*;
use bevy_time::{Fixed, Time, TimePlugin, TimeUpdateStrategy};
use common::{Never, Nothing};
use deciders::brain::Brain as Core;
use deciders::lifecycle::PlayStatus;
use deciders::{batch, Behavior, Ctx, Exit, Frame, Status, Stimulus};
use deciders_bevy::{Brain, DecidersPlugin, DecidersSystems, Env, EventRefused, Post, Refusal};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Stimulus)]
enum Stim {
    Hit,
    Heard,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Signal {
    Alarm,
    AllClear,
    Seen,
}

/// The agent: a log of what its hooks did.
#[derive(Component, Clone, Debug, Default, PartialEq)]
struct Mob {
    log: Vec<String>,
}

/// Logs its hooks under a name, and every event it is handed. Written
/// once, for any world: the plugin's `Env` and the plain `()`.
struct Hook(&'static str);

impl<W> Behavior<Mob, W> for Hook {
    fn activate(&mut self, m: &mut Mob, _: &mut Ctx<W>) -> Status {
        m.log.push(format!("+{}", self.0));
        Status::Running
    }
    fn tick(&mut self, m: &mut Mob, ctx: &mut Ctx<W>) -> Status {
        m.log.push(format!("{} at {:.2}", self.0, ctx.now()));
        Status::Running
    }
    fn deactivate(&mut self, m: &mut Mob, _: &mut Ctx<W>, exit: Exit) {
        m.log.push(format!("-{} {exit:?}", self.0));
    }
    fn event(&mut self, m: &mut Mob, _: &mut Ctx<W>, event: &dyn Any) {
        if let Some(e) = event.downcast_ref::<Signal>() {
            m.log.push(format!("{} got {e:?}", self.0));
        }
    }
}

/// Strikes back at the attacker the `Hit` stimulus carries (its payload,
/// from the brain's store), then forgets the hit. Any world too.
#[derive(Default)]
struct Retaliate;

impl<W> Behavior<Mob, W> for Retaliate {
    fn tick(&mut self, m: &mut Mob, ctx: &mut Ctx<W>) -> Status {
        let attacker = ctx.stimulus::<Stim, u32>(Stim::Hit).copied();
        ctx.forget_stimulus(Stim::Hit);
        m.log.push(format!("strike {attacker:?}"));
        Status::Success
    }
}

/// Listens to what it hears (the payload: how loud) while it lasts.
#[derive(Default)]
struct Listen;

impl<W> Behavior<Mob, W> for Listen {
    fn tick(&mut self, m: &mut Mob, ctx: &mut Ctx<W>) -> Status {
        match ctx.stimulus::<Stim, u32>(Stim::Heard).copied() {
            Some(loud) => {
                m.log.push(format!("listen {loud}"));
                Status::Running
            }
            None => {
                m.log.push("quiet".into());
                Status::Success
            }
        }
    }
}

deciders::tree! {
    /// In Bevy: chase when alarmed, strike back when hit, listen when
    /// something is heard, else watch.
    tree Guard for Mob, world<'w> = Env<'w, Nothing, Never>, events = Signal, stimuli = Stim(u32) {
        var alarmed = set(Signal::Alarm), clear(Signal::AllClear);
        stamp seen = on(Signal::Seen);
        priority {
            chase: when(var(alarmed)) => Hook("chase"),
            strike: when(stimuli_any(Stim::Hit.flag())) => Retaliate,
            listen: when(stimuli_any(Stim::Heard.flag())) => Listen,
            watch: Hook("watch"),
        }
    }
}

deciders::tree! {
    /// The same tree with no Bevy world: the same behaviors.
    tree Plain for Mob, events = Signal, stimuli = Stim(u32) {
        var alarmed = set(Signal::Alarm), clear(Signal::AllClear);
        stamp seen = on(Signal::Seen);
        priority {
            chase: when(var(alarmed)) => Hook("chase"),
            strike: when(stimuli_any(Stim::Hit.flag())) => Retaliate,
            listen: when(stimuli_any(Stim::Heard.flag())) => Listen,
            watch: Hook("watch"),
        }
    }
}

const DT: Duration = Duration::from_millis(20);
const MOBS: usize = 3;

/// What the game does to a mob before a step.
#[derive(Clone, Copy, Debug)]
enum Act {
    /// `Brain::post`, from a system's query.
    Direct(Signal),
    /// A `Post` message.
    Message(Signal),
    /// `brain.stimuli_mut().add(kind, payload, timeout)`.
    Stimulus(Stim, u32, Option<f32>),
    Pause,
    Resume,
}

/// What happens before step `k`: (mob, act), in order. A mob's direct
/// posts come before its messages (which the plugin reads at the start of
/// its tick set).
fn script(k: u32) -> Vec<(usize, Act)> {
    use Act::*;
    match k {
        1 => vec![
            (0, Message(Signal::Alarm)),
            (0, Message(Signal::AllClear)),
            (0, Message(Signal::Alarm)),
            (1, Direct(Signal::Seen)),
            (2, Stimulus(Stim::Hit, 7, None)),
        ],
        2 => vec![
            (1, Stimulus(Stim::Heard, 3, Some(0.05))),
            (0, Message(Signal::AllClear)),
        ],
        4 => vec![(2, Pause), (2, Stimulus(Stim::Heard, 9, Some(0.03)))],
        5 => vec![(2, Direct(Signal::Alarm)), (2, Message(Signal::AllClear))],
        8 => vec![(2, Resume), (1, Direct(Signal::Alarm))],
        _ => vec![],
    }
}

/// The step number, for the prepare system.
#[derive(Resource, Default)]
struct Step(u32);

/// The prepare system: the script's acts through a query and messages.
fn prepare(
    step: Res<Step>,
    mobs: Res<Mobs>,
    mut brains: Query<&mut Brain<Guard>>,
    mut posts: MessageWriter<Post<Guard>>,
) {
    for (i, act) in script(step.0) {
        let entity = mobs.0[i];
        let mut brain = brains.get_mut(entity).unwrap();
        match act {
            Act::Direct(signal) => brain.post(signal).unwrap(),
            Act::Message(signal) => {
                posts.write(Post::new(entity, signal));
            }
            Act::Stimulus(kind, payload, timeout) => {
                brain.stimuli_mut().add(kind, payload, timeout);
            }
            Act::Pause => brain.pause(),
            Act::Resume => brain.resume(),
        }
    }
}

/// The mobs' entities, in spawn order.
#[derive(Resource)]
struct Mobs(Vec<Entity>);

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((
        TaskPoolPlugin::default(),
        TimePlugin,
        DecidersPlugin::<Mob, Guard, Nothing, Never>::new(),
    ));
    app.insert_resource(Time::<Fixed>::from_duration(DT));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(DT));
    app.init_resource::<Nothing>();
    app.init_resource::<Step>();
    app.add_systems(FixedUpdate, prepare.in_set(DecidersSystems::Prepare));
    app.add_systems(
        FixedUpdate,
        (|mut s: ResMut<Step>| s.0 += 1).after(DecidersSystems::Apply),
    );
    app
}

// SPEC B1, B2, B5, V2, V4
#[test]
fn b1_events_and_stimuli_through_the_plugin_tick_for_tick_as_plain_brains_in_a_batch() {
    let mut app = app();
    let entities: Vec<Entity> = (0..MOBS)
        .map(|_| {
            app.world_mut()
                .spawn((Mob::default(), Brain::new(Guard::new())))
                .id()
        })
        .collect();
    app.insert_resource(Mobs(entities.clone()));
    // The first update only starts the clocks.
    app.update();
    assert_eq!(app.world().resource::<Step>().0, 0);

    // The same agents as plain brains, ticked by a batch with the same
    // behaviors.
    let mut plain: Vec<Core<Plain>> = (0..MOBS).map(|_| Core::new(Plain::new())).collect();
    let mut mobs: Vec<Mob> = vec![Mob::default(); MOBS];
    let mut frame = Frame::new(DT.as_secs_f32());

    let mut paused_inbox = 0;
    for k in 0..12u32 {
        for (i, act) in script(k) {
            let (brain, mob) = (&mut plain[i], &mut mobs[i]);
            match act {
                Act::Direct(s) | Act::Message(s) => brain.post(s).unwrap(),
                Act::Stimulus(kind, payload, timeout) => {
                    brain.stimuli_mut().add(kind, payload, timeout);
                }
                // As the plugin does: at the start of the step.
                Act::Pause => brain.pause(mob, &mut frame),
                Act::Resume => brain.resume(mob, &mut frame),
            }
        }
        batch::tick_all(&mut plain, &mut mobs, &mut frame, |_, _, _, _| {});
        app.update();
        assert_eq!(app.world().resource::<Step>().0, k + 1, "one step");

        for (i, &e) in entities.iter().enumerate() {
            let world = app.world();
            let (mob, brain) = (
                world.get::<Mob>(e).unwrap(),
                world.get::<Brain<Guard>>(e).unwrap(),
            );
            assert_eq!(mob, &mobs[i], "mob {i} after step {k}");
            let core = brain.brain();
            assert_eq!(
                (core.var(Guard::ALARMED), core.since(Guard::SEEN)),
                (plain[i].var(Plain::ALARMED), plain[i].since(Plain::SEEN)),
                "mob {i} after step {k}"
            );
            assert_eq!(brain.status(), plain[i].status(), "mob {i} after step {k}");
            assert_eq!(brain.inbox().len(), plain[i].inbox().len());
            assert_eq!(brain.stimuli().flags(), plain[i].stimuli().flags());
            assert_eq!(brain.last_status(), plain[i].last_status());
        }
        if k == 6 {
            // Paused since step 4: its events wait, its stimulus did not
            // expire (its store's clock stood still).
            let brain = app.world().get::<Brain<Guard>>(entities[2]).unwrap();
            assert_eq!(brain.status(), PlayStatus::Paused);
            paused_inbox = brain.inbox().len();
            assert!(brain.stimuli().flags().any(Stim::Heard.flag()));
            assert_eq!(brain.last_status(), None);
        }
    }
    assert_eq!(paused_inbox, 2, "the events posted while paused wait");

    let log = |i: usize| app.world().get::<Mob>(entities[i]).unwrap().log.clone();
    // Mob 0: three events in order (the last, Alarm, wins), then AllClear.
    let zero = log(0);
    let at = zero.iter().position(|l| l == "watch got Alarm").unwrap();
    assert_eq!(
        zero[at..at + 6],
        [
            "watch got Alarm",
            "watch got AllClear",
            "watch got Alarm",
            "-watch Halted",
            "+chase",
            "chase at 0.04",
        ]
    );
    assert!(zero.contains(&"chase got AllClear".to_string()));
    // Mob 1: stamped when seen, listened to a noise of 3 while it lasted
    // (two ticks of 0.02 s: the third finds it expired), then was alarmed.
    let one = log(1);
    let heard = one.iter().position(|l| l == "listen 3").unwrap();
    assert_eq!(
        one[heard..heard + 4],
        ["listen 3", "listen 3", "quiet", "+watch"],
        "{one:?}"
    );
    assert!(one.contains(&"+chase".to_string()));
    // Mob 2: struck back at 7 at once; while paused nothing; resumed, got
    // its two events in order and heard the noise of 9 it kept.
    let two = log(2);
    assert_eq!(
        two[..5],
        [
            "+watch",
            "watch at 0.02",
            "-watch Halted",
            "strike Some(7)",
            "+watch"
        ]
    );
    let resumed = two.iter().position(|l| l.contains("got Alarm")).unwrap();
    assert_eq!(two[resumed + 1], "watch got AllClear");
    assert!(two.contains(&"listen 9".to_string()), "{two:?}");
}

/// Every `EventRefused` the plugin wrote.
#[derive(Resource, Default)]
struct Refused(Vec<(Entity, Signal, Refusal)>);

fn read_refused(mut refused: MessageReader<EventRefused<Guard>>, mut seen: ResMut<Refused>) {
    seen.0
        .extend(refused.read().map(|r| (r.entity, r.event, r.why)));
}

// SPEC B2
#[test]
fn b2_a_full_inbox_and_a_missing_brain_hand_the_posted_event_back() {
    let mut app = app();
    app.insert_resource(Mobs(Vec::new()));
    app.init_resource::<Refused>();
    app.add_systems(FixedUpdate, read_refused.after(DecidersSystems::Tick));
    let small = app
        .world_mut()
        .spawn((Mob::default(), Brain::with_inbox(Guard::new(), 2)))
        .id();
    let nobody = app.world_mut().spawn(Mob::default()).id();
    app.update();
    for signal in [Signal::Seen, Signal::Alarm, Signal::AllClear] {
        app.world_mut()
            .write_message(Post::<Guard>::new(small, signal));
    }
    app.world_mut()
        .write_message(Post::<Guard>::new(nobody, Signal::Alarm));
    app.update();
    assert_eq!(
        app.world().resource::<Refused>().0,
        [
            (small, Signal::AllClear, Refusal::InboxFull),
            (nobody, Signal::Alarm, Refusal::NoBrain),
        ]
    );
    let brain = app.world().get::<Brain<Guard>>(small).unwrap();
    assert_eq!(brain.refused(), 1);
    // The two it took were delivered, in order.
    assert!(brain.brain().var(Guard::ALARMED));
    assert!(brain.brain().since(Guard::SEEN).is_some());
    // Posted directly, a full inbox hands the event back too.
    let mut brain = app.world_mut().get_mut::<Brain<Guard>>(small).unwrap();
    brain.post(Signal::Seen).unwrap();
    brain.post(Signal::Seen).unwrap();
    assert_eq!(
        brain.post(Signal::AllClear).map_err(|e| e.0),
        Err(Signal::AllClear)
    );
    assert_eq!(brain.refused(), 2);
}
