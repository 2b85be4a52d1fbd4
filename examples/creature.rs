//! The creature of Figure 1 of Spore's behavior-tree documentation (its
//! section S01), living through a short scripted story: it plays (wanders),
//! eats when hungry, chases off an intruder at night, flees a predator until
//! the predator is far behind, eats again, and goes back to idling. The run
//! ends with the story.
//!
//! Prints, tick by tick, what happens in the story, the transitions
//! (activate `+` / deactivate `-`) and the active path, so you can watch the
//! deciders at work.
//!
//! Run it with `cargo run --example creature`.

use deciders::{Behavior, Ctx, Flags, Frame, Status, Trace, TraceEvent};

/// Decision flag: it is night (V1).
const NIGHT: Flags = Flags::bit(0);

/// The agent: a small world of needs that the behaviors act on.
struct Critter {
    hunger: f32,
    food_in_mouth: u32,
    intruder: bool,
    /// How far the predator is, if there is one.
    predator: Option<f32>,
    meals: u32,
}

impl Critter {
    fn fear(&self) -> f32 {
        if self.predator.is_some() {
            1.0
        } else {
            0.0
        }
    }
    fn intruder_near(&self) -> bool {
        self.intruder
    }
    fn hungry(&self) -> f32 {
        self.hunger - 0.5
    }
    fn sees_food(&self) -> bool {
        self.food_in_mouth == 0 && self.hunger > 0.5
    }
    fn has_food(&self) -> bool {
        self.food_in_mouth > 0
    }
}

/// A behavior that works for `frames` frames then succeeds; its memory is
/// the frame count (L3), its parameter is written in the tree (L4).
struct Timed {
    frames: u32,
    done: u32,
}

impl Timed {
    fn new(frames: u32) -> Self {
        Timed { frames, done: 0 }
    }
}

impl Behavior<Critter> for Timed {
    fn tick(&mut self, _c: &mut Critter, _ctx: &mut Ctx) -> Status {
        self.done += 1;
        if self.done >= self.frames {
            Status::Success
        } else {
            Status::Running
        }
    }
}

/// Runs from the predator until it is far behind.
#[derive(Default)]
struct Flee;

impl Behavior<Critter> for Flee {
    fn tick(&mut self, c: &mut Critter, _ctx: &mut Ctx) -> Status {
        let Some(distance) = c.predator.as_mut() else {
            return Status::Success;
        };
        *distance += 2.0;
        if *distance >= 10.0 {
            c.predator = None; // out of sight: safe again
            Status::Success
        } else {
            Status::Running
        }
    }
}

/// Chases the intruder off.
#[derive(Default)]
struct Fight;

impl Behavior<Critter> for Fight {
    fn tick(&mut self, c: &mut Critter, _ctx: &mut Ctx) -> Status {
        c.intruder = false;
        Status::Success
    }
}

#[derive(Default)]
struct FindFood;

impl Behavior<Critter> for FindFood {
    fn tick(&mut self, c: &mut Critter, _ctx: &mut Ctx) -> Status {
        c.food_in_mouth = 3;
        Status::Success
    }
}

/// One bite a tick; succeeds when the mouth is empty.
#[derive(Default)]
struct EatFood;

impl Behavior<Critter> for EatFood {
    fn tick(&mut self, c: &mut Critter, _ctx: &mut Ctx) -> Status {
        c.food_in_mouth = c.food_in_mouth.saturating_sub(1);
        c.hunger = (c.hunger - 0.2).max(0.0);
        if c.food_in_mouth == 0 {
            c.meals += 1;
            Status::Success
        } else {
            Status::Running
        }
    }
}

/// Stays active until something more important comes up (L1).
#[derive(Default)]
struct Rest;

impl Behavior<Critter> for Rest {}

deciders::tree! {
    /// Spore's Figure 1: flee, guard, fight, eat, idle.
    pub tree Creature for Critter {
        priority {
            flee:  when(decide = Critter::fear) => Flee,
            guard: when(every(3.0), decide = Critter::intruder_near) => priority {
                yell_for_help: when(any(NIGHT), decide = Critter::intruder_near) => Timed::new(2),
                fight: when(decide = Critter::intruder_near) => Fight,
                catch_breath: Timed::new(2),
            },
            fight: when(decide = Critter::intruder_near) => Fight,
            eat:   when(decide = Critter::hungry) => priority {
                find_food: when(decide = Critter::sees_food) => FindFood,
                eat_food:  when(decide = Critter::has_food) => EatFood,
            },
            idle:  priority {
                play: when(none(NIGHT)) => sequential { flip: Timed::new(1), roll: Timed::new(2), dance: Timed::new(3) },
                rest: Rest,
            },
        }
    }
}

/// Prints transitions (Spore debug output level 1, I2).
struct Transitions;

impl Trace for Transitions {
    fn event(&mut self, e: TraceEvent) {
        match e {
            TraceEvent::Activated { node, .. } => println!("    + {}", node.name),
            TraceEvent::Deactivated { node, .. } => println!("    - {}", node.name),
            TraceEvent::ActivateFailed { node, .. } => {
                println!("    ! {} refused to activate", node.name)
            }
            TraceEvent::SubsetViolation { node, .. } => {
                println!("    ! subset rule broken in {}", node.name)
            }
            _ => {}
        }
    }
}

/// Night falls at this frame, and the day comes back at `DAWN`.
const DUSK: u32 = 16;
const DAWN: u32 = 30;
/// An intruder comes at this frame, a predator at `PREDATOR`.
const INTRUDER: u32 = 19;
const PREDATOR: u32 = 24;

fn main() {
    let mut critter = Critter {
        hunger: 0.3,
        food_in_mouth: 0,
        intruder: false,
        predator: None,
        meals: 0,
    };
    let mut tree = Creature::new();
    println!(
        "Creature: {} nodes, {} bytes of state per agent\n",
        Creature::shape().len(),
        std::mem::size_of::<Creature>()
    );
    let mut meals_before_predator = None;
    for frame in 1..=60u32 {
        critter.hunger += 0.05;
        let night = (DUSK..DAWN).contains(&frame);
        let mut story = Vec::new();
        if frame == DUSK {
            story.push("night falls");
        }
        if frame == DAWN {
            story.push("the sun rises");
        }
        if frame == INTRUDER {
            critter.intruder = true;
            story.push("an intruder comes near");
        }
        if frame == PREDATOR {
            critter.predator = Some(2.0);
            meals_before_predator = Some(critter.meals);
            story.push("a predator appears");
        }
        let mut ctx = Frame::new(0.5).with_flags(if night { NIGHT } else { Flags::EMPTY });
        println!(
            "tick {frame:2} (t = {:4.1}s{}){}",
            tree.now() + 0.5,
            if night { ", night" } else { "" },
            if story.is_empty() {
                String::new()
            } else {
                format!(": {}", story.join(", "))
            }
        );
        let status = tree.tick_traced(&mut critter, &mut ctx, &mut Transitions);
        let mut path = Vec::new();
        tree.active_path(|n| path.push(n.name));
        println!("    {status:?}: {}", path.join(" > "));
        if let Some(e) = ctx.report().first() {
            println!("    error: {e}");
        }
        // The story ends once the creature, safe again, has eaten since the
        // predator came and is back to idling.
        let fed_since = meals_before_predator.is_some_and(|m| critter.meals > m);
        if fed_since && critter.predator.is_none() && path.contains(&"idle") {
            println!("\nSafe, fed and idle again after {frame} ticks: the end.");
            return;
        }
    }
    println!("\nThe story did not end within 60 ticks.");
}
