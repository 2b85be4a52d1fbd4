//! Brains that sleep (Z2): a population of agents whose trees wait, of
//! which a fraction `p` is woken each frame, ticked two ways.
//!
//! The tree is a `priority`: `flee`, guarded by a flag that stays clear,
//! then `watch`, which runs for ever, counting the flips of the flag `GO`
//! it sees, and says it waits for nothing but an input (`Wake::NEVER`).
//! Each frame the caller flips `GO` for one agent in `1/p` (a stride that
//! moves every frame, so that every agent is woken in turn): each of those
//! needs one tick (the guard checked again, the flip counted), and sleeps
//! again.
//!
//! - **awake**: the brains in a `Vec`, ticked every frame by
//!   `batch::tick_all`, the flags set in `prep`: what a game does without
//!   sleeping, and the reference of the ratio.
//! - **sleeping**: the same brains in a [`Crowd`], the flips through
//!   `Crowd::set_flags`, ticked by `Crowd::tick_all`.
//!
//! Both count activations in the agents: equal checksums say they did the
//! same work.

use super::{Frames, Tracked};
use deciders::brain::Brain;
use deciders::crowd::Crowd;
use deciders::{batch, Behavior, Ctx, Flags, Frame, Status, Wake};

/// The flag the caller flips for the agents it wakes.
pub const GO: Flags = Flags::bit(0);
/// A flag the caller never sets: the `flee` child's guard, checked again
/// on every tick of `watch` (a priority's earlier sibling, D1).
pub const ALARM: Flags = Flags::bit(1);

/// An agent: how many flips it saw, and how often it started watching.
#[derive(Clone, Debug, Default)]
pub struct Guy {
    flips: u64,
    watches: u64,
}

impl Tracked for Guy {
    fn checksum(&self) -> u64 {
        self.flips.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ self.watches
    }
    fn hook_calls(&self) -> u64 {
        self.flips + self.watches
    }
}

/// Never runs (its guard is never true).
#[derive(Default)]
pub struct Flee;
impl Behavior<Guy> for Flee {}

/// Watches: counts the flips of `GO` it sees, and waits for nothing but
/// an input (a change of flags wakes the agent).
#[derive(Default)]
pub struct Watch {
    seen: bool,
}
impl Behavior<Guy> for Watch {
    fn activate(&mut self, g: &mut Guy, ctx: &mut Ctx) -> Status {
        g.watches += 1;
        self.seen = ctx.flags().any(GO);
        Status::Running
    }
    fn tick(&mut self, g: &mut Guy, ctx: &mut Ctx) -> Status {
        let go = ctx.flags().any(GO);
        if go != self.seen {
            self.seen = go;
            g.flips += 1;
        }
        Status::Running
    }
    fn wake(&self) -> Wake {
        Wake::NEVER
    }
}

deciders::tree! {
    /// A guard over a flag, checked again every tick, and a behavior that
    /// waits for its input.
    pub tree Nap for Guy {
        priority {
            flee: when(any(ALARM)) => Flee,
            watch: Watch,
        }
    }
}

/// The fractions woken per frame, as the report names them, with one
/// agent in how many woken.
pub const FRACTIONS: [(&str, usize); 4] = [("100", 1), ("10", 10), ("1", 100), ("0.1", 1000)];

/// The workload `sleep<P>/<awake|sleeping>` over `agents` agents.
pub fn workload(scenario: &str, imp: &str, agents: usize) -> Option<Box<dyn Frames>> {
    let p = scenario.strip_prefix("sleep")?;
    let &(_, every) = FRACTIONS.iter().find(|(name, _)| *name == p)?;
    let brains = || (0..agents).map(|_| Brain::new(Nap::new()));
    let states = match imp {
        "awake" => States::Awake(brains().collect()),
        "sleeping" => States::Sleeping(brains().collect()),
        _ => return None,
    };
    Some(Box::new(Population {
        name: if imp == "awake" { "awake" } else { "sleeping" },
        every,
        frame: 0,
        guys: vec![Guy::default(); agents],
        flags: vec![Flags::EMPTY; agents],
        states,
    }))
}

enum States {
    Awake(Vec<Brain<Nap>>),
    Sleeping(Crowd<Nap>),
}

/// Agents, their flags (for the batch; a crowd keeps its own), and their
/// brains one way or the other.
struct Population {
    name: &'static str,
    /// One agent in `every` is woken per frame.
    every: usize,
    frame: usize,
    guys: Vec<Guy>,
    flags: Vec<Flags>,
    states: States,
}

impl Population {
    /// One frame: the flips, then the ticks.
    #[inline(never)]
    fn frame(&mut self) {
        let frame = &mut Frame::new(1.0 / 60.0);
        let start = self.frame % self.every;
        self.frame += 1;
        match &mut self.states {
            States::Awake(brains) => {
                for i in (start..self.guys.len()).step_by(self.every) {
                    self.flags[i] = Flags(self.flags[i].0 ^ GO.0);
                }
                let flags = &self.flags;
                batch::tick_all(brains, &mut self.guys, frame, |i, _, _, frame| {
                    frame.set_flags(flags[i]);
                });
            }
            States::Sleeping(crowd) => {
                // The flags live in the crowd (one place, as a game keeps
                // them): flipped there.
                for i in (start..self.guys.len()).step_by(self.every) {
                    crowd.set_flags(i, Flags(crowd.flags(i).0 ^ GO.0));
                }
                crowd.tick_all(&mut self.guys, frame, |_, _, _, _| {});
            }
        }
    }
}

impl Frames for Population {
    fn name(&self) -> &'static str {
        self.name
    }
    fn agents(&self) -> usize {
        self.guys.len()
    }
    fn frames(&mut self, n: u32) {
        for _ in 0..n {
            self.frame();
        }
    }
    fn checksum(&self) -> u64 {
        self.guys.iter().fold(0u64, |h, g| {
            (h ^ g.checksum())
                .rotate_left(5)
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        })
    }
    fn hook_calls(&self) -> u64 {
        self.guys.iter().map(Tracked::hook_calls).sum()
    }
}
