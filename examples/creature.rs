//! The creature of Figure 1 of Spore's behavior-tree documentation (its
//! section S01), ticked for 40 frames.
//! Prints, tick by tick, the transitions (activate / deactivate) and the
//! active path, so you can watch the deciders at work.
//!
//! Run it with `cargo run --example creature`.

use deciders::{Behavior, Ctx, Flags, Status, Trace, TraceEvent};

/// Decision flag: it is night (V1).
const NIGHT: Flags = Flags::bit(0);

/// The agent: a small world of needs that the behaviors act on.
struct Critter {
    frame: u32,
    hunger: f32,
    food_in_mouth: u32,
    intruder: bool,
    predator: bool,
}

impl Critter {
    fn fear(&self) -> f32 {
        if self.predator {
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
        self.food_in_mouth == 0
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

/// Runs from the predator; the predator gives up after a while.
#[derive(Default)]
struct Flee;

impl Behavior<Critter> for Flee {
    fn tick(&mut self, c: &mut Critter, _ctx: &mut Ctx) -> Status {
        if c.frame.is_multiple_of(3) {
            c.predator = false;
        }
        Status::Running
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

#[derive(Default)]
struct EatFood;

impl Behavior<Critter> for EatFood {
    fn tick(&mut self, c: &mut Critter, _ctx: &mut Ctx) -> Status {
        c.food_in_mouth = c.food_in_mouth.saturating_sub(1);
        c.hunger = (c.hunger - 0.2).max(0.0);
        if c.food_in_mouth == 0 {
            Status::Failure
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
                yell_for_help: when(any(NIGHT)) => Timed::new(2),
                fight: Fight,
                rest: Rest,
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
            TraceEvent::Activated { node } => println!("    + {}", node.name),
            TraceEvent::Deactivated { node } => println!("    - {}", node.name),
            TraceEvent::ActivateFailed { node } => {
                println!("    ! {} refused to activate", node.name)
            }
            TraceEvent::SubsetViolation { node } => {
                println!("    ! subset rule broken in {}", node.name)
            }
            _ => {}
        }
    }
}

fn main() {
    let mut critter = Critter {
        frame: 0,
        hunger: 0.3,
        food_in_mouth: 0,
        intruder: false,
        predator: false,
    };
    let mut tree = Creature::new();
    println!(
        "Creature: {} nodes, {} bytes of state per agent\n",
        Creature::shape().len(),
        std::mem::size_of::<Creature>()
    );
    for frame in 1..=40u32 {
        critter.frame = frame;
        critter.hunger += 0.05;
        if frame == 12 {
            critter.intruder = true;
        }
        if frame == 25 {
            critter.predator = true;
        }
        let night = (20..32).contains(&frame);
        let mut ctx = Ctx::new(0.5).with_flags(if night { NIGHT } else { Flags::EMPTY });
        println!(
            "tick {frame:2} (t = {:4.1}s{})",
            tree.now() + 0.5,
            if night { ", night" } else { "" }
        );
        let status = tree.tick_traced(&mut critter, &mut ctx, &mut Transitions);
        let mut path = Vec::new();
        tree.active_path(|n| path.push(n.name));
        println!("    {status:?}: {}", path.join(" > "));
        if let Some(e) = ctx.report().first() {
            println!("    error: {e}");
        }
    }
}
