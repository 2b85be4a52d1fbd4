//! The creature of Figure 1 of Spore's behavior-tree documentation (its
//! section S01): the agent, its behaviors and its tree, shared by the
//! examples `creature` and `inspect` (`#[path = "shared/critter.rs"] mod
//! critter;`).

use deciders::{Behavior, Ctx, Flags, Status};

/// Decision flag: it is night (V1).
pub const NIGHT: Flags = Flags::bit(0);

/// The agent: a small world of needs that the behaviors act on.
pub struct Critter {
    pub hunger: f32,
    pub food_in_mouth: u32,
    pub intruder: bool,
    /// How far the predator is, if there is one.
    pub predator: Option<f32>,
    pub meals: u32,
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
#[derive(Debug)]
pub struct Timed {
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
