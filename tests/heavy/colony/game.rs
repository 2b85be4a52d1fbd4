//! A colony game, played with every piece of a brain at once (B1–B7,
//! V2–V5, R8, O1–O6): workers forage along paths a path system finds (a
//! deferred action), thieves (a tree of their own) rob them (a stimulus
//! carrying the thief, with a timeout), a robbed worker raises the alarm
//! (an event with a variable and a timestamp, posted to every guard and
//! thief), at most three guards chase at once (`limit`), a guard hurt in
//! the chase retreats for a while (a stimulus with a timeout), one guard
//! is paused for a cut-scene, and the whole game saves and loads. The
//! world the agents see (`Nest`) is the game's, saved with it and lent to
//! each frame by `&mut`.
//!
//! This file is what the game writes; `../colony.rs` plays it and checks
//! it. Its glue — every line that is neither the trees, the behaviors, a
//! comment nor blank — is counted by `scripts/glue
//! tests/heavy/colony/game.rs` (CI checks it against the trees' lines).

use deciders::batch;
use deciders::brain::{Brain, Lifecycle};
use deciders::deferred::{Action, Completions, Deferred, InFlight, Requests};
use deciders::{Behavior, Ctx, Exit, Frame, Resource, Status, Stimulus};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Stimulus)]
pub enum Stim {
    Robbed,
    Hurt,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Call {
    Alarm,
    AllClear,
}

/// An ant: what its behaviors change, saved with the game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Ant {
    pub food: u32,
    pub reported: Vec<u32>,
    pub chases: u32,
    pub retreats: u32,
}

/// The world the agents see, kept by the game and lent to every frame:
/// the chase limit (the game's, not saved: a loaded chaser takes its
/// place again at its first tick), the path requests and the paths
/// found, and this frame's news.
#[derive(Deferred, Serialize, Deserialize)]
pub struct Nest {
    #[serde(skip)]
    pub chasers: Resource,
    paths: Requests<u32>,
    found: Completions<u32>,
    /// Whether a robbery was reported this frame.
    alarm: bool,
    /// Who robbed whom this frame: (thief, worker).
    robberies: Vec<(u32, usize)>,
}

/// Walks to a food patch (a path request, two to four frames away),
/// then eats what it found.
#[derive(Default, Serialize, Deserialize)]
struct Forage(Action);
impl<'w> Behavior<Ant, &'w mut Nest> for Forage {
    fn activate(&mut self, _: &mut Ant, ctx: &mut Ctx<&'w mut Nest>) -> Status {
        ctx.launch(&mut self.0, 2 + ctx.agent() % 3)
    }
    fn tick(&mut self, ant: &mut Ant, ctx: &mut Ctx<&'w mut Nest>) -> Status {
        let Some(&food) = ctx.poll(&mut self.0) else {
            return Status::Running;
        };
        ant.food += food;
        Status::Success
    }
    fn deactivate(&mut self, _: &mut Ant, ctx: &mut Ctx<&'w mut Nest>, _: Exit) {
        ctx.abandon(&mut self.0);
    }
}

/// Reports the thief the stimulus names, once.
#[derive(Default, Serialize, Deserialize)]
struct Report;
impl<'w> Behavior<Ant, &'w mut Nest> for Report {
    fn tick(&mut self, ant: &mut Ant, ctx: &mut Ctx<&'w mut Nest>) -> Status {
        let thief = ctx
            .stimulus::<Stim, u32>(Stim::Robbed)
            .copied()
            .unwrap_or(0);
        ant.reported.push(thief);
        ctx.world_mut().alarm = true;
        ctx.forget_stimulus(Stim::Robbed);
        Status::Success
    }
}

/// Robs a worker: the one it sneaked up to this time.
#[derive(Default, Serialize, Deserialize)]
struct Rob;
impl<'w> Behavior<Ant, &'w mut Nest> for Rob {
    fn tick(&mut self, ant: &mut Ant, ctx: &mut Ctx<&'w mut Nest>) -> Status {
        ant.food += 1;
        let (me, victim) = (
            ctx.agent(),
            (ctx.agent() as usize * 5 + ant.food as usize * 7) % 20,
        );
        ctx.world_mut().robberies.push((100 + me, victim));
        Status::Success
    }
}

/// Chases while the alarm is recent.
#[derive(Default, Serialize, Deserialize)]
struct Chase;
impl<'w> Behavior<Ant, &'w mut Nest> for Chase {
    fn tick(&mut self, ant: &mut Ant, _: &mut Ctx<&'w mut Nest>) -> Status {
        ant.chases += 1;
        Status::Running
    }
}

/// Backs off while hurt (the stimulus times out).
#[derive(Default, Serialize, Deserialize)]
struct Retreat;
impl<'w> Behavior<Ant, &'w mut Nest> for Retreat {
    fn tick(&mut self, ant: &mut Ant, ctx: &mut Ctx<&'w mut Nest>) -> Status {
        ant.retreats += 1;
        match ctx.stimuli().any(Stim::Hurt.flag()) {
            true => Status::Running,
            false => Status::Success,
        }
    }
}

deciders::tree! {
    /// Report a robbery, else forage.
    #[derive(Serialize, Deserialize)]
    pub tree Worker for Ant, world<'w> = &'w mut Nest, events = Call, stimuli = Stim(u32) {
        priority {
            report: when(stimuli_any(Stim::Robbed.flag())) => Report,
            forage: sequence { Forage, wait(0.5) },
        }
    }
}

deciders::tree! {
    /// Retreat while hurt; while alarmed, chase (three at most) for five
    /// seconds after the alarm, else watch; else patrol.
    #[derive(Serialize, Deserialize)]
    pub tree Guard for Ant, world<'w> = &'w mut Nest, events = Call, stimuli = Stim(u32) {
        var alarmed = set(Call::Alarm), clear(Call::AllClear);
        stamp raised = on(Call::Alarm);
        priority {
            retreat: when(stimuli_any(Stim::Hurt.flag())) => Retreat,
            alert: when(var(alarmed)) => fallback {
                chase: if_time(raised, less_than = 5.0) { limit(|n: &&mut Nest| &n.chasers, 3) { Chase } },
                watch: wait(1.0),
            },
            patrol: wait(2.0),
        }
    }
}

deciders::tree! {
    /// Hide while hunted; else sneak up on a worker and rob it.
    #[derive(Serialize, Deserialize)]
    pub tree Thief for Ant, world<'w> = &'w mut Nest, events = Call {
        var hunted = set(Call::Alarm), clear(Call::AllClear);
        priority {
            hide: when(var(hunted)) => wait(1.0),
            rob: sequence { wait(1.25), Rob },
        }
    }
}

/// The whole game: what a save holds.
#[derive(Serialize, Deserialize)]
pub struct Game {
    pub workers: Vec<Brain<Worker>>,
    pub guards: Vec<Brain<Guard>>,
    pub thieves: Vec<Brain<Thief>>,
    pub ants: [Vec<Ant>; 3],
    pub nest: Nest,
    /// The path system's work under way: each request with the frames it
    /// still needs.
    pub searches: InFlight<u32>,
    frame: u32,
}

impl Game {
    /// A colony of 20 workers, 8 guards and 3 thieves.
    pub fn new() -> Game {
        Game {
            workers: (0..20).map(|_| Brain::default()).collect(),
            guards: (0..8).map(|_| Brain::default()).collect(),
            thieves: (0..3).map(|_| Brain::default()).collect(),
            ants: [20, 8, 3].map(|n| vec![Ant::default(); n]),
            nest: Nest {
                chasers: Resource::new(),
                paths: Requests::with_capacity(64, 0),
                found: Completions::new(),
                alarm: false,
                robberies: vec![],
            },
            searches: InFlight::new(),
            frame: 0,
        }
    }

    /// One frame.
    pub fn play(&mut self) {
        let (f, [workers, guards, thieves]) = (self.frame, &mut self.ants);
        // Every third frame, a guard is hurt, for a second. A cut-scene
        // pauses guard 0 from frame 4 to 16: no frame, no world.
        if f % 3 == 0 {
            self.guards[f as usize % 8]
                .stimuli_mut()
                .add(Stim::Hurt, 0, Some(1.0));
        }
        match f {
            4 => self.guards[0].queue(Lifecycle::Pause),
            16 => self.guards[0].queue(Lifecycle::Resume),
            _ => {}
        }
        let mut frame = Frame::new(0.25).with_world(&mut self.nest);
        batch::tick_all(&mut self.workers, workers, &mut frame, |_, _, _, _| {});
        batch::tick_all(&mut self.guards, guards, &mut frame, |_, _, _, _| {});
        batch::tick_all(&mut self.thieves, thieves, &mut frame, |_, _, _, _| {});
        let nest = &mut self.nest;
        // The robbed remember the thief for two seconds.
        for (thief, worker) in nest.robberies.drain(..) {
            let robbed = self.workers[worker].stimuli_mut();
            robbed.add(Stim::Robbed, thief, Some(2.0));
        }
        // The path system: a path takes the frames its request says.
        self.searches.take(&mut nest.paths);
        nest.paths.next_frame(f + 1);
        nest.found.clear();
        self.searches.work(&mut nest.found, |_, left| {
            *left -= 1;
            (*left == 0).then_some(1)
        });
        // A robbery reported raises the alarm for the guards and the
        // thieves; all clear every twelfth frame.
        self.frame = f + 1;
        let call = match (std::mem::take(&mut nest.alarm), f % 12) {
            (true, _) => Call::Alarm,
            (false, 11) => Call::AllClear,
            _ => return,
        };
        let refused =
            batch::post_all(&mut self.guards, call) + batch::post_all(&mut self.thieves, call);
        assert_eq!(refused, 0, "the inboxes have room");
    }

    /// The game as a save.
    pub fn save(&self) -> String {
        serde_json::to_string(self).expect("a game saves")
    }

    /// A game loaded from a save.
    pub fn load(save: &str) -> serde_json::Result<Game> {
        serde_json::from_str(save)
    }
}
