//! A colony, played with every piece of a brain at once (B1–B7, V2–V5,
//! R8, O1–O6): workers forage along paths a path system finds (a deferred
//! action), thieves (a tree of their own) rob them (a stimulus carrying
//! the thief, with a timeout), a robbed worker raises the alarm (an event
//! with a variable and a timestamp, posted to every guard and thief), at
//! most three guards chase at
//! once (`limit`), a guard hurt in the chase retreats for a while (a
//! stimulus with a timeout), one guard is paused for a cut-scene, and the
//! whole game is saved mid-run, loaded, and goes on identically.
//!
//! Its glue — every line that is neither the trees, the behaviors, a
//! comment nor blank — is counted by `scripts/glue tests/heavy/colony.rs`.

use deciders::batch;
use deciders::brain::{Brain, Lifecycle};
use deciders::deferred::{Action, Completions, Deferred, Requests, Ticket};
use deciders::{Behavior, Ctx, Exit, Frame, Resource, Status, Stimulus};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Stimulus)]
enum Stim {
    Robbed,
    Hurt,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
enum Call {
    Alarm,
    AllClear,
}

/// An ant: what its behaviors change, saved with the game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct Ant {
    food: u32,
    reported: Vec<u32>,
    chases: u32,
    retreats: u32,
}

/// One frame's world: the shared chase limit and last frame's paths,
/// borrowed; this frame's path requests and alarms, owned.
#[derive(Deferred)]
struct Nest<'w> {
    chasers: &'w Resource,
    found: &'w Completions<u32>,
    paths: Requests<u32>,
    alarms: Vec<u32>,
    /// Who robbed whom this frame: (thief, worker).
    robberies: Vec<(u32, usize)>,
}

/// Walks to a food patch (a path request), then eats what it found.
#[derive(Default, Serialize, Deserialize)]
struct Forage(Action);
impl<'w> Behavior<Ant, Nest<'w>> for Forage {
    fn activate(&mut self, _: &mut Ant, ctx: &mut Ctx<Nest<'w>>) -> Status {
        ctx.launch(&mut self.0, 7)
    }
    fn tick(&mut self, ant: &mut Ant, ctx: &mut Ctx<Nest<'w>>) -> Status {
        let Some(&food) = ctx.poll(&mut self.0) else {
            return Status::Running;
        };
        ant.food += food;
        Status::Success
    }
    fn deactivate(&mut self, _: &mut Ant, ctx: &mut Ctx<Nest<'w>>, _: Exit) {
        ctx.abandon(&mut self.0);
    }
}

/// Reports the thief the stimulus names, once.
#[derive(Default, Serialize, Deserialize)]
struct Report;
impl<'w> Behavior<Ant, Nest<'w>> for Report {
    fn tick(&mut self, ant: &mut Ant, ctx: &mut Ctx<Nest<'w>>) -> Status {
        let thief = ctx
            .stimulus::<Stim, u32>(Stim::Robbed)
            .copied()
            .unwrap_or(0);
        ant.reported.push(thief);
        ctx.world_mut().alarms.push(thief);
        ctx.forget_stimulus(Stim::Robbed);
        Status::Success
    }
}

/// Robs a worker: the one it sneaked up to this time.
#[derive(Default, Serialize, Deserialize)]
struct Rob;
impl<'w> Behavior<Ant, Nest<'w>> for Rob {
    fn tick(&mut self, ant: &mut Ant, ctx: &mut Ctx<Nest<'w>>) -> Status {
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
impl<'w> Behavior<Ant, Nest<'w>> for Chase {
    fn tick(&mut self, ant: &mut Ant, _: &mut Ctx<Nest<'w>>) -> Status {
        ant.chases += 1;
        Status::Running
    }
}

/// Backs off while hurt (the stimulus times out).
#[derive(Default, Serialize, Deserialize)]
struct Retreat;
impl<'w> Behavior<Ant, Nest<'w>> for Retreat {
    fn tick(&mut self, ant: &mut Ant, ctx: &mut Ctx<Nest<'w>>) -> Status {
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
    tree Worker for Ant, world<'w> = Nest<'w>, events = Call, stimuli = Stim(u32) {
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
    tree Guard for Ant, world<'w> = Nest<'w>, events = Call, stimuli = Stim(u32) {
        var alarmed = set(Call::Alarm), clear(Call::AllClear);
        stamp raised = on(Call::Alarm);
        priority {
            retreat: when(stimuli_any(Stim::Hurt.flag())) => Retreat,
            alert: when(var(alarmed)) => fallback {
                chase: if_time(raised, less_than = 5.0) { limit(|n: &Nest| n.chasers, 3) { Chase } },
                watch: wait(1.0),
            },
            patrol: wait(2.0),
        }
    }
}

deciders::tree! {
    /// Hide while hunted; else sneak up on a worker and rob it.
    #[derive(Serialize, Deserialize)]
    tree Thief for Ant, world<'w> = Nest<'w>, events = Call {
        var hunted = set(Call::Alarm), clear(Call::AllClear);
        priority {
            hide: when(var(hunted)) => wait(1.0),
            rob: sequence { wait(1.25), Rob },
        }
    }
}

/// The whole game: what a save holds.
#[derive(Default, Serialize, Deserialize)]
struct Game {
    workers: Vec<Brain<Worker>>,
    guards: Vec<Brain<Guard>>,
    thieves: Vec<Brain<Thief>>,
    ants: [Vec<Ant>; 3],
    /// The path system's work: each request and the frames it still needs.
    pending: Vec<(Ticket, u32)>,
    next_ticket: u32,
    frame: u32,
}

impl Game {
    /// A colony of 20 workers, 8 guards and 3 thieves.
    fn new() -> Game {
        let mut game = Game::default();
        game.workers.resize_with(20, Brain::default);
        game.guards.resize_with(8, Brain::default);
        game.thieves.resize_with(3, Brain::default);
        game.ants = [20, 8, 3].map(|n| vec![Ant::default(); n]);
        game
    }

    /// One frame, with the resource and completions of this copy of the
    /// game (a resource is the game's, not saved).
    fn play(&mut self, chasers: &Resource, found: &mut Completions<u32>) {
        let (f, [workers, guards, thieves]) = (self.frame, &mut self.ants);
        // Every third frame, a guard is hurt, for a second.
        if f % 3 == 0 {
            self.guards[f as usize % 8]
                .stimuli_mut()
                .add(Stim::Hurt, 0, Some(1.0));
        }
        let paths = Requests::with_capacity(64, f).numbered_from(self.next_ticket);
        let nest = Nest {
            chasers,
            found,
            paths,
            alarms: vec![],
            robberies: vec![],
        };
        let mut frame = Frame::new(0.25).with_world(nest);
        batch::tick_all(&mut self.workers, workers, &mut frame, |_, _, _, _| {});
        batch::tick_all(&mut self.guards, guards, &mut frame, |_, _, _, _| {});
        batch::tick_all(&mut self.thieves, thieves, &mut frame, |_, _, _, _| {});
        let Nest {
            mut paths,
            alarms,
            robberies,
            ..
        } = frame.into_world();
        // The robbed remember the thief for two seconds.
        for (thief, worker) in robberies {
            self.workers[worker]
                .stimuli_mut()
                .add(Stim::Robbed, thief, Some(2.0));
        }
        // The path system: a path takes two to four frames.
        self.pending.retain(|(t, _)| !paths.cancels().contains(t));
        let launched = paths.drain_launches().map(|(t, _)| (t, 2 + t.agent % 3));
        self.pending.extend(launched);
        (self.next_ticket, self.frame) = (paths.next_number(), f + 1);
        found.clear();
        self.pending.iter_mut().for_each(|(_, left)| *left -= 1);
        let done = self.pending.iter().filter(|(_, left)| *left == 0);
        done.for_each(|(t, _)| found.complete(*t, 1));
        self.pending.retain(|(_, left)| *left > 0);
        // A robbery reported raises the alarm for the guards and the
        // thieves; all clear every twelfth frame.
        let all_clear = (f % 12 == 11).then_some(Call::AllClear);
        if let Some(call) = if alarms.is_empty() {
            all_clear
        } else {
            Some(Call::Alarm)
        } {
            let refused =
                batch::post_all(&mut self.guards, call) + batch::post_all(&mut self.thieves, call);
            assert_eq!(refused, 0, "the inboxes have room");
        }
    }
}

#[test]
fn a_colony_with_every_piece_saves_mid_run_and_goes_on_identically() {
    let (mut game, chasers, mut found) = (Game::new(), Resource::new(), Completions::new());
    let (mut most_chasing, mut paused_ticks) = (0, 0);
    for f in 0..30 {
        // A cut-scene pauses guard 0 from frame 4 to 16: no frame, no world.
        match f {
            4 => game.guards[0].queue(Lifecycle::Pause),
            16 => game.guards[0].queue(Lifecycle::Resume),
            _ => {}
        }
        game.play(&chasers, &mut found);
        paused_ticks += usize::from(game.guards[0].last_status().is_none());
        most_chasing = most_chasing.max(chasers.in_use());
    }
    // Everything happened: paths found and eaten, robberies reported with
    // the thief, guards chasing (three at most, more in turns) and
    // retreating, a pause.
    let [workers, guards, thieves] = &game.ants;
    assert!(workers.iter().map(|a| a.food).sum::<u32>() > 20);
    eprintln!(
        "{:?} {:?}",
        workers.iter().map(|w| &w.reported).collect::<Vec<_>>(),
        thieves
    );
    assert_eq!(most_chasing, 3);
    assert_eq!(guards.iter().filter(|g| g.chases > 0).count(), 5);
    assert!(guards.iter().all(|g| g.retreats > 0));
    assert_eq!(paused_ticks, 12);
    assert!(game.guards[1].since(Guard::RAISED).is_some());

    // Saved mid-run (a chase under way, paths pending), loaded into a game
    // with its own resource and completions: both go on identically, the
    // whole game equal frame after frame.
    assert!(chasers.in_use() > 0 && !game.pending.is_empty());
    let save = |g: &Game, found: &Completions<u32>| serde_json::to_string(&(g, found)).unwrap();
    let (mut loaded, mut found2): (Game, _) = serde_json::from_str(&save(&game, &found)).unwrap();
    let chasers2 = Resource::new();
    for _ in 0..40 {
        game.play(&chasers, &mut found);
        loaded.play(&chasers2, &mut found2);
        assert_eq!(save(&loaded, &found2), save(&game, &found));
        assert_eq!(chasers2.in_use(), chasers.in_use());
    }
}
