//! Lumberyard's alarm: a few hundred monsters ticked in parallel. When one
//! sees the player, one monster at a time sounds the alarm (`limit`); the
//! `Alarm` event posted to the others sets a variable their guards read,
//! and they chase. Being hit is a stimulus carrying the attacker, with a
//! timeout. Shouting and striking are deferred actions: a toy animation
//! system takes every chunk's launches in bulk and completes them a few
//! frames later, or drops them when they are cancelled.
//!
//! ```text
//! cargo run --release --example alarm --features rayon
//! ```

use deciders::batch;
use deciders::deferred::{Action, Completions, Requests, Ticket};
use deciders::{Behavior, Ctx, Exit, Frame, Resource, Status, Stimuli, Stimulus};

const MONSTERS: usize = 400;
const CHUNK: usize = 64;
const FRAMES: u32 = 24;
const DT: f32 = 0.25;

/// What can happen to a monster (SPEC V2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Stimulus)]
enum Stim {
    /// The player hit it; the payload is the attacker.
    Hit,
}

/// What the game posts to every monster (SPEC V4).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Signal {
    /// Someone sounded the alarm.
    Alarm,
}

/// An animation a monster asks the animation system to play (SPEC V5).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Anim {
    Shout,
    Strike,
}

/// One monster.
struct Mob {
    id: usize,
    /// Whether it sees the player this frame.
    sees_player: bool,
    /// What happened to it: hits, with the attacker, for two seconds.
    stimuli: Stimuli<Stim, u32>,
    /// Whom it struck back at, last.
    struck: Option<u32>,
}

impl Mob {
    fn sees(&self) -> bool {
        self.sees_player
    }
}

/// A chunk's world: the shared alarm and last frame's completions,
/// borrowed; this chunk's animation requests and alarm reports, owned.
struct Scene<'w> {
    alarm: &'w Resource,
    done: &'w Completions<()>,
    anims: Requests<Anim>,
    sounded: Vec<usize>,
}

/// Plays one animation to its end (a deferred action).
struct Animate(Anim, Action);

impl Animate {
    fn start<'w>(&mut self, ctx: &mut Ctx<Scene<'w>>) -> Status {
        self.1.launch(&mut ctx.world_mut().anims, self.0)
    }
    fn poll<'w>(&mut self, ctx: &mut Ctx<Scene<'w>>) -> Status {
        match self.1.poll(ctx.world().done) {
            Some(()) => Status::Success,
            None => Status::Running,
        }
    }
    fn stop<'w>(&mut self, ctx: &mut Ctx<Scene<'w>>) {
        self.1.abandon(&mut ctx.world_mut().anims);
    }
}

/// Shouts the alarm; reports it when the shout is over.
struct SoundAlarm(Animate);

impl Default for SoundAlarm {
    fn default() -> Self {
        SoundAlarm(Animate(Anim::Shout, Action::default()))
    }
}

impl<'w> Behavior<Mob, Scene<'w>> for SoundAlarm {
    fn activate(&mut self, _: &mut Mob, ctx: &mut Ctx<Scene<'w>>) -> Status {
        self.0.start(ctx)
    }
    fn tick(&mut self, m: &mut Mob, ctx: &mut Ctx<Scene<'w>>) -> Status {
        let status = self.0.poll(ctx);
        if status == Status::Success {
            ctx.world_mut().sounded.push(m.id);
        }
        status
    }
    fn deactivate(&mut self, _: &mut Mob, ctx: &mut Ctx<Scene<'w>>, _: Exit) {
        self.0.stop(ctx);
    }
}

/// Strikes back at whoever hit it, then forgets the hit.
struct Retaliate(Animate);

impl Default for Retaliate {
    fn default() -> Self {
        Retaliate(Animate(Anim::Strike, Action::default()))
    }
}

impl<'w> Behavior<Mob, Scene<'w>> for Retaliate {
    fn activate(&mut self, m: &mut Mob, ctx: &mut Ctx<Scene<'w>>) -> Status {
        m.struck = m.stimuli.get(Stim::Hit).copied();
        self.0.start(ctx)
    }
    fn tick(&mut self, m: &mut Mob, ctx: &mut Ctx<Scene<'w>>) -> Status {
        let status = self.0.poll(ctx);
        if status == Status::Success {
            m.stimuli.remove(Stim::Hit);
        }
        status
    }
    fn deactivate(&mut self, _: &mut Mob, ctx: &mut Ctx<Scene<'w>>, _: Exit) {
        self.0.stop(ctx);
    }
}

/// Runs after the player (never completes).
#[derive(Default)]
struct Chase;
impl<'w> Behavior<Mob, Scene<'w>> for Chase {}

/// Stands around.
#[derive(Default)]
struct Idle;
impl<'w> Behavior<Mob, Scene<'w>> for Idle {}

fn alarm<'a>(s: &'a Scene<'_>) -> &'a Resource {
    s.alarm
}

deciders::tree! {
    /// Chase once alarmed (a strike under way is cancelled); strike back
    /// when hit; on seeing the player, sound the alarm if nobody is, else
    /// chase; else idle.
    tree Monster for Mob, world<'w> = Scene<'w>, events = Signal {
        var alarmed = set(Signal::Alarm);
        priority {
            chase: when(var(alarmed)) => Chase,
            retaliate: when(stimuli_any(Stim::Hit.flag())) => Retaliate,
            alert: when(decide = Mob::sees) => fallback {
                sound: limit(alarm, 1) { SoundAlarm },
                hunt: Chase,
            },
            idle: Idle,
        }
    }
}

/// The toy animation system: every launch takes three frames; a cancel
/// drops it.
#[derive(Default)]
struct Animations {
    playing: Vec<(Ticket, u32)>,
}

impl Animations {
    /// Takes a chunk's requests in bulk.
    fn take(&mut self, anims: &mut Requests<Anim>) {
        for ticket in anims.cancels() {
            self.playing.retain(|(t, _)| t != ticket);
        }
        self.playing
            .extend(anims.drain_launches().map(|(t, _)| (t, 3)));
    }

    /// One frame: what finished.
    fn step(&mut self, done: &mut Completions<()>) {
        done.clear();
        for (ticket, left) in &mut self.playing {
            *left -= 1;
            if *left == 0 {
                done.complete(*ticket, ());
            }
        }
        self.playing.retain(|(_, left)| *left > 0);
    }
}

/// The monsters whose active path goes through the node `name`.
fn running(states: &[Monster], name: &str) -> Vec<usize> {
    let mut ids = Vec::new();
    for (id, state) in states.iter().enumerate() {
        let mut on = false;
        state.active_path(|n| on |= n.name == name);
        if on {
            ids.push(id);
        }
    }
    ids
}

fn main() {
    let mut mobs: Vec<Mob> = (0..MONSTERS)
        .map(|id| Mob {
            id,
            sees_player: false,
            stimuli: Stimuli::new(),
            struck: None,
        })
        .collect();
    let mut states: Vec<Monster> = (0..MONSTERS).map(|_| Monster::new()).collect();
    let alarm_slot = Resource::new();
    let mut done = Completions::new();
    let mut animations = Animations::default();
    let (mut total_cancels, mut alarms) = (0, 0);
    let mut roll = 0x2545_f491_u32;
    let mut next = move |n: u32| {
        roll ^= roll << 13;
        roll ^= roll >> 17;
        roll ^= roll << 5;
        roll % n
    };
    println!("frame  chasing  striking  alarm slot held by  launches  cancels");
    for frame in 0..FRAMES {
        // The player shows up near monster 7 on frame 2, and hits a few
        // monsters every frame.
        mobs[7].sees_player = frame >= 2;
        for _ in 0..3 {
            let victim = next(MONSTERS as u32) as usize;
            mobs[victim]
                .stimuli
                .add(Stim::Hit, 1000 + next(4), Some(2.0));
        }
        let chunks = batch::par_tick_all(
            &mut states,
            &mut mobs,
            DT,
            CHUNK,
            || Scene {
                alarm: &alarm_slot,
                done: &done,
                anims: Requests::with_capacity(CHUNK, frame),
                sounded: Vec::new(),
            },
            |i, _, mob, f| {
                f.world_mut().anims.set_agent(i);
                f.set_stimuli(mob.stimuli.update(f.dt()));
            },
        );
        let holders = running(&states, "sound");
        let (mut launches, mut cancels, mut sounded) = (0, 0, Vec::new());
        for mut chunk in chunks {
            launches += chunk.world.anims.launches().len();
            cancels += chunk.world.anims.cancels().len();
            sounded.append(&mut chunk.world.sounded);
            animations.take(&mut chunk.world.anims);
        }
        animations.step(&mut done);
        total_cancels += cancels;
        alarms += sounded.len();
        if !sounded.is_empty() {
            // The alarm is heard: every monster's tree gets the event.
            let mut f = Frame::new(0.0).with_world(Scene {
                alarm: &alarm_slot,
                done: &done,
                anims: Requests::with_capacity(MONSTERS, frame),
                sounded: Vec::new(),
            });
            for (state, mob) in states.iter_mut().zip(&mut mobs) {
                state.post(&Signal::Alarm, mob, &mut f);
            }
        }
        let chasing = running(&states, "chase").len() + running(&states, "hunt").len();
        let striking = running(&states, "retaliate").len();
        println!(
            "{frame:>5}  {chasing:>7}  {striking:>8}  {:>18}  {launches:>8}  {cancels:>7}",
            format!("{holders:?}")
        );
        if !sounded.is_empty() {
            println!("       monster {sounded:?} sounded the alarm: every monster hears it");
        }
    }
    let struck = mobs.iter().filter(|m| m.struck.is_some()).count();
    // What the scenario must show (run in CI): one alarm, everybody
    // chasing, strikes under way cancelled, the slot given back.
    assert_eq!(alarms, 1, "one monster at a time sounds the alarm");
    assert_eq!(running(&states, "chase").len(), MONSTERS);
    assert!(total_cancels > 0 && struck > 0 && alarm_slot.in_use() == 0);
    println!(
        "{struck} monsters struck back at an attacker; the alarm slot is {} now.",
        if alarm_slot.in_use() > 0 {
            "held"
        } else {
            "free"
        }
    );
}
