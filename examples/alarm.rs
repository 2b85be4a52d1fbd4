//! Lumberyard's alarm: a few hundred monsters ticked in parallel. When one
//! sees the player, one monster at a time sounds the alarm (`limit`); the
//! `Alarm` event posted to the others sets a variable their guards read,
//! and they chase. Being hit is a stimulus carrying the attacker, with a
//! timeout. Shouting and striking are deferred actions: a toy animation
//! system takes every chunk's launches in bulk and completes them a few
//! frames later, or drops them when they are cancelled.
//!
//! Each frame it counts the brains that could sleep through the next one
//! (Z2: in a `Crowd` they would not be ticked): idling (a wait of an
//! hour) and chasing (a behavior that waits for nothing) need no tick; a
//! strike or a shout polls its animation.
//!
//! ```text
//! cargo run --release --example alarm --features rayon
//! ```

use deciders::batch;
use deciders::brain::Brain;
use deciders::deferred::{Action, Completions, Deferred, Requests, Ticket};
use deciders::{Behavior, Ctx, Exit, Flags, Resource, Status, Stimulus, Tree, Wake};

/// The decision flag a monster's frame carries when it sees the player.
const SEES: Flags = Flags::bit(0);

const MONSTERS: usize = 400;
const CHUNK: usize = 64;
const FRAMES: u32 = 24;
const DT: f32 = 0.25;

/// What can happen to a monster (V2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Stimulus)]
enum Stim {
    /// The player hit it; the payload is the attacker.
    Hit,
}

/// What the game posts to every monster (V4).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Signal {
    /// Someone sounded the alarm.
    Alarm,
}

/// An animation a monster asks the animation system to play (V5).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Anim {
    Shout,
    Strike,
}

/// One monster.
#[derive(Default)]
struct Mob {
    /// Whether it sees the player this frame.
    sees_player: bool,
    /// Whom it struck back at, last.
    struck: Option<u32>,
}

/// A chunk's world: the shared alarm and last frame's completions,
/// borrowed; this chunk's animation requests and alarm reports, owned.
/// Behaviors' deferred actions go to its requests (`ctx.launch`,
/// `ctx.poll`, `ctx.abandon`).
#[derive(Deferred)]
struct Scene<'w> {
    alarm: &'w Resource,
    done: &'w Completions<()>,
    anims: Requests<Anim>,
    sounded: Vec<u32>,
}

/// Shouts the alarm; reports it when the shout is over.
#[derive(Default)]
struct SoundAlarm(Action);

impl<'w> Behavior<Mob, Scene<'w>> for SoundAlarm {
    fn activate(&mut self, _: &mut Mob, ctx: &mut Ctx<Scene<'w>>) -> Status {
        ctx.launch(&mut self.0, Anim::Shout)
    }
    fn tick(&mut self, _: &mut Mob, ctx: &mut Ctx<Scene<'w>>) -> Status {
        if ctx.poll(&mut self.0).is_none() {
            return Status::Running;
        }
        let me = ctx.agent(); // its index in the batch
        ctx.world_mut().sounded.push(me);
        Status::Success
    }
    fn deactivate(&mut self, _: &mut Mob, ctx: &mut Ctx<Scene<'w>>, _: Exit) {
        ctx.abandon(&mut self.0);
    }
}

/// Strikes back at whoever hit it, then forgets the hit.
#[derive(Default)]
struct Retaliate(Action);

impl<'w> Behavior<Mob, Scene<'w>> for Retaliate {
    fn activate(&mut self, m: &mut Mob, ctx: &mut Ctx<Scene<'w>>) -> Status {
        m.struck = ctx.stimulus::<Stim, u32>(Stim::Hit).copied();
        ctx.launch(&mut self.0, Anim::Strike)
    }
    fn tick(&mut self, _: &mut Mob, ctx: &mut Ctx<Scene<'w>>) -> Status {
        if ctx.poll(&mut self.0).is_none() {
            return Status::Running;
        }
        ctx.forget_stimulus(Stim::Hit);
        Status::Success
    }
    fn deactivate(&mut self, _: &mut Mob, ctx: &mut Ctx<Scene<'w>>, _: Exit) {
        ctx.abandon(&mut self.0);
    }
}

/// Runs after the player (never completes), with nothing to do per tick.
#[derive(Default)]
struct Chase;
impl<'w> Behavior<Mob, Scene<'w>> for Chase {
    fn wake(&self) -> Wake {
        Wake::NEVER
    }
}

deciders::tree! {
    /// Chase once alarmed (a strike under way is cancelled); strike back
    /// when hit; on seeing the player, sound the alarm if nobody is, else
    /// chase; else idle.
    tree Monster for Mob, world<'w> = Scene<'w>, events = Signal, stimuli = Stim(u32) {
        var alarmed = set(Signal::Alarm);
        priority {
            chase: when(var(alarmed)) => Chase,
            retaliate: when(stimuli_any(Stim::Hit.flag())) => Retaliate,
            alert: when(any(SEES)) => fallback {
                sound: limit(|s: &Scene| s.alarm, 1) { SoundAlarm },
                hunt: Chase,
            },
            idle: wait(3600.0),
        }
    }
}

/// The toy animation system: takes every chunk's requests in bulk (each
/// launch plays for three frames, a cancel drops it), reports what
/// finished this frame, and says how many cancels it took.
fn animate(
    playing: &mut Vec<(Ticket, u32)>,
    requests: &mut [Requests<Anim>],
    done: &mut Completions<()>,
) -> usize {
    let cancels = requests.iter().map(|r| r.cancels().len()).sum();
    for anims in requests {
        playing.retain(|(t, _)| !anims.cancels().contains(t));
        playing.extend(anims.drain_launches().map(|(t, _)| (t, 3)));
    }
    done.clear();
    playing.iter_mut().for_each(|(_, left)| *left -= 1);
    let finished = playing.iter().filter(|(_, left)| *left == 0);
    finished.for_each(|(t, _)| done.complete(*t, ()));
    playing.retain(|(_, left)| *left > 0);
    cancels
}

/// How many monsters' active paths go through the node `name`.
fn running(brains: &[Brain<Monster>], name: &str) -> usize {
    brains.iter().filter(|b| b.tree().is_active(name)).count()
}

fn main() {
    let mut mobs: Vec<Mob> = (0..MONSTERS).map(|_| Mob::default()).collect();
    let mut brains: Vec<Brain<Monster>> = (0..MONSTERS).map(|_| Brain::default()).collect();
    let (alarm_slot, mut done, mut playing) = (Resource::new(), Completions::new(), Vec::new());
    let (mut cancels, mut alarms, mut asleep) = (0, 0, Vec::new());
    for frame in 0..FRAMES {
        // The player shows up near monster 7 on frame 2, and three
        // attackers hit a monster each, every frame.
        mobs[7].sees_player = frame >= 2;
        for k in 0..3 {
            let store = brains[(frame as usize * 131 + k * 257) % MONSTERS].stimuli_mut();
            store.add(Stim::Hit, 1000 + k as u32, Some(2.0));
        }
        let scene = || Scene {
            alarm: &alarm_slot,
            done: &done,
            anims: Requests::with_capacity(CHUNK, frame),
            sounded: Vec::new(),
        };
        // Each brain expires its stimuli, takes its events and names itself
        // in its launches' tickets: `prep` sets what the monster sees.
        let chunks = batch::par_tick_all(&mut brains, &mut mobs, DT, CHUNK, scene, |_, _, m, f| {
            f.set_flags(if m.sees_player { SEES } else { Flags::EMPTY })
        });
        let (mut sounded, mut requests) = (Vec::new(), Vec::new());
        for chunk in chunks {
            sounded.extend(chunk.world.sounded);
            requests.push(chunk.world.anims);
        }
        cancels += animate(&mut playing, &mut requests, &mut done);
        let sleeps = |b: &&Brain<Monster>| !Tree::<Mob, Scene>::wake(*b).polls();
        asleep.push(brains.iter().filter(sleeps).count());
        if !sounded.is_empty() {
            // Heard by every monster's brain, at the start of its next tick.
            println!("frame {frame}: monster {sounded:?} sounds the alarm");
            alarms += 1 + batch::post_all(&mut brains, Signal::Alarm);
        }
    }
    // What the scenario must show (run in CI): one alarm, everybody
    // chasing, strikes under way cancelled, the slot given back.
    let struck = mobs.iter().filter(|m| m.struck.is_some()).count();
    assert_eq!((alarms, running(&brains, "chase")), (1, MONSTERS));
    assert!(cancels > 0 && struck > 0 && alarm_slot.in_use() == 0);
    println!(
        "{struck} monsters struck back, {cancels} strikes were cancelled, all {MONSTERS} chase."
    );
    println!("Brains that could sleep, frame by frame (of {MONSTERS}): {asleep:?}");
}
