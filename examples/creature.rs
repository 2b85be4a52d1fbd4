//! The creature of Figure 1 of Spore's behavior-tree documentation (its
//! section S01), living through a short scripted story: it plays (wanders),
//! eats when hungry, chases off an intruder at night, flees a predator until
//! the predator is far behind, eats again, and goes back to idling. The run
//! ends with the story.
//!
//! Prints, tick by tick, what happens in the story, the transitions
//! (activate `+` / deactivate `-`) and the active path, so you can watch the
//! deciders at work; and whether the creature could sleep through the
//! next tick (Z2: in a `Crowd`, a brain that needs no tick is skipped),
//! with the count at the end. This creature never can: its guards call
//! decide functions that read the agent, which the tree cannot see change
//! (`Creature::SLEEP` says which).
//!
//! Run it with `cargo run --example creature`.

use deciders::{Flags, Frame, Trace, TraceEvent, Tree};

#[path = "shared/critter.rs"]
mod critter;
use critter::{Creature, Critter, NIGHT};

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
    // Ticks after which the creature could have slept (Z2).
    let mut could_sleep = 0;
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
        // What the next tick needs (a crowd would skip it unless it polls).
        let wake = Tree::<Critter>::wake(&tree);
        if !wake.polls() {
            could_sleep += 1;
        }
        if let Some(e) = ctx.report().first() {
            println!("    error: {e}");
        }
        // The story ends once the creature, safe again, has eaten since the
        // predator came and is back to idling.
        let fed_since = meals_before_predator.is_some_and(|m| critter.meals > m);
        if fed_since && critter.predator.is_none() && path.contains(&"idle") {
            println!("\nSafe, fed and idle again after {frame} ticks: the end.");
            println!(
                "It could have slept after {could_sleep} of them (its guards read the agent \
                 every tick: see `Creature::SLEEP`)."
            );
            return;
        }
    }
    println!("\nThe story did not end within 60 ticks.");
}
