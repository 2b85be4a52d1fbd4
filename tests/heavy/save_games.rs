//! SPEC O6: a tree state whose tree derives `Serialize` and `Deserialize`
//! (feature `serde`) saves in the middle of a run and loads into a state
//! that continues tick for tick as the saved one: the same hook log
//! (activate, tick, deactivate, with statuses), the same root statuses,
//! active paths and tree clock. Timers (`every`, `cooldown`, `timeout`,
//! `wait`, `delay`), shuffle rounds, generators, variables, timestamps,
//! subtrees and behaviors' memories (through their own `Serialize`) are
//! all in the save.

use deciders::lifecycle::{PlayMode, PlayStatus, Player};
use deciders::{Behavior, Ctx, Decorator, Exit, Flags, Frame, Status, Stimuli, Stimulus};
use serde::{Deserialize, Serialize};

/// An agent whose inputs drift deterministically with `step`, and which
/// logs every hook call of its behaviors.
#[derive(Clone, Default, Debug, PartialEq, Serialize, Deserialize)]
struct Npc {
    step: u32,
    hunger: f32,
    log: Vec<String>,
    /// Saved with the agent: payloads and time left (SPEC V2).
    stimuli: Stimuli<Stim, u32>,
}

#[derive(Clone, Copy, Debug, PartialEq, Stimulus)]
enum Stim {
    Noise,
    Hit,
}

impl Npc {
    fn danger(&self) -> f32 {
        if self.step % 97 < 5 {
            1.0
        } else {
            0.0
        }
    }
    fn guard(&self) -> bool {
        self.step % 41 < 10
    }
    fn fight(&self) -> f32 {
        (self.step % 13) as f32 - 11.0
    }
    fn hungry(&self) -> bool {
        self.hunger > 0.6
    }
    fn sleepy(&self) -> bool {
        self.hunger < 0.9
    }
    fn satisfied(&self) -> Option<bool> {
        (!self.step.is_multiple_of(7)).then_some(self.hunger < 0.2)
    }
    fn food_near(&self) -> bool {
        self.step.is_multiple_of(3)
    }
    fn curious(&self) -> f32 {
        (self.step % 11) as f32 - 6.0
    }
    fn calm(&self) -> f32 {
        5.0 - (self.step % 11) as f32
    }
    fn mood(&self) -> u32 {
        self.step % 3
    }
    /// The next frame's inputs.
    fn advance(&mut self, tick: u32) {
        self.step = self.step.wrapping_mul(7).wrapping_add(tick + 1) % 1000;
    }
}

/// A behavior with a memory: counts its ticks, completes every `every`
/// ticks, and logs each hook with its id, its count and its status.
#[derive(Clone, Default, Debug, PartialEq, Serialize, Deserialize)]
struct Step {
    id: u8,
    every: u32,
    ticks: u32,
}

impl Step {
    fn new(id: u8, every: u32) -> Self {
        Step {
            id,
            every,
            ticks: 0,
        }
    }
}

impl<W> Behavior<Npc, W> for Step {
    fn activate(&mut self, n: &mut Npc, ctx: &mut Ctx<W>) -> Status {
        n.log
            .push(format!("{} activate at {:.3}", self.id, ctx.now()));
        Status::Running
    }
    fn tick(&mut self, n: &mut Npc, ctx: &mut Ctx<W>) -> Status {
        // Wrapping: the property test below loads edited counts.
        self.ticks = self.ticks.wrapping_add(1);
        n.hunger = (n.hunger + 0.01).min(1.0);
        let s = if !self.ticks.is_multiple_of(self.every.max(1)) {
            Status::Running
        } else if n.step.is_multiple_of(5) {
            Status::Failure
        } else {
            Status::Success
        };
        n.log.push(format!(
            "{} tick {} at {:.3}: {s:?}",
            self.id,
            self.ticks,
            ctx.now()
        ));
        s
    }
    fn deactivate(&mut self, n: &mut Npc, _: &mut Ctx<W>, exit: Exit) {
        n.log.push(format!(
            "{} deactivate after {}: {exit:?}",
            self.id, self.ticks
        ));
    }
    fn pause(&mut self, n: &mut Npc, _: &mut Ctx<W>) {
        n.log.push(format!("{} pause", self.id));
    }
    fn resume(&mut self, n: &mut Npc, _: &mut Ctx<W>) {
        n.log.push(format!("{} resume", self.id));
    }
}

#[derive(Clone, Default, Debug, PartialEq, Serialize, Deserialize)]
struct Eat;

impl Behavior<Npc> for Eat {
    fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status {
        n.hunger = 0.0;
        n.log.push("eat".into());
        Status::Success
    }
}

/// A decorator of the test's own (SPEC R11) with persistent state: counts
/// its child's completions, saved with the tree.
#[derive(Clone, Default, Debug, PartialEq, Serialize, Deserialize)]
struct Counted;

impl Decorator<Npc> for Counted {
    type Persist = u32;
    fn after(&mut self, done: &mut u32, n: &Npc, _: &Ctx, child: Status) -> Status {
        if child.is_done() {
            *done = done.saturating_add(1);
        }
        let _ = n;
        child
    }
}

const NIGHT: Flags = Flags::bit(0);

deciders::tree! {
    /// Timers, random choices and running memories: what a save must keep.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    tree Timed for Npc {
        priority {
            flee: when(decide = Npc::danger) => timeout(1.0) { Step::new(1, 40) },
            patrol: when(every(0.5), decide = Npc::guard) => cooldown(0.7) { Step::new(2, 5) },
            explore: when(decide = Npc::curious) => random {
                one: Step::new(3, 3),
                mixed: shuffle { Step::new(4, 2), Step::new(5, 1), wait(0.3) },
                late: sequence { wait(0.2), delay(0.1) { Step::new(6, 4) } },
            },
            idle: Step::new(7, 9),
        }
    }
}

deciders::tree! {
    /// Every node kind but `limit`, `wait_for` and `log` (those are in
    /// save_shapes.rs), with a subtree declared elsewhere.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    tree Creature for Npc {
        priority {
            flee: when(decide = Npc::danger) => Step::new(1, 3),
            guard: when(every(2.0), decide = Npc::guard) => priority with Step::new(2, 50) {
                yell_for_help: when(any(NIGHT), decide = Npc::guard) => Step::new(3, 2),
                fight: when(decide = Npc::fight) => timeout(1.0) { Step::new(4, 40) },
                patrol: when(recheck, decide = Npc::guard) => subtree far::Patrol,
                rest: Step::new(5, 3),
            },
            fight: when(decide = Npc::fight) => parallel(success >= 2) {
                Step::new(6, 5),
                retry(3) { Step::new(7, 2) },
                invert { condition(Npc::satisfied) },
            },
            eat: when(decide = Npc::hungry) => priority {
                find_food: when(decide = Npc::food_near) => reactive_sequence {
                    condition(Npc::hungry),
                    Step::new(8, 2),
                    Eat,
                },
                eat_food: cooldown(0.5) { Eat },
            },
            explore: when(decide = Npc::curious) => random {
                wander: Step::new(9, 2),
                shuffled: shuffle { Step::new(10, 1), recheck(decide = Npc::guard) { Step::new(11, 3) } },
                utility: scored(rescore = 0.2) {
                    a: when(decide = Npc::curious) => retry(forever) { Step::new(12, 2) },
                    b: when(decide = Npc::calm) => run_once { Step::new(13, 1) },
                },
                branch: if_then_else { condition(Npc::hungry), Eat, Step::new(14, 2) },
                loop_: while_do_else {
                    condition(Npc::satisfied),
                    switch(Npc::mood) {
                        0 => decorate(Counted) { Step::new(15, 2) },
                        _ => Step::new(16, 3),
                    },
                    parallel(all_complete) { Step::new(17, 1), Step::new(18, 2) },
                },
            },
            idle: when(delegate) => priority {
                play: when(any(NIGHT)) => sequential {
                    flip: Step::new(19, 1),
                    roll: repeat(2) { Step::new(20, 2) },
                    dance: concurrent { Step::new(21, 3), always(Success) { fail } },
                },
                rest: selector {
                    nap: when(none(NIGHT), decide = Npc::sleepy) => delay(0.2) { Step::new(22, 7) },
                    fallback { cooldown_on_failure(1.0) { fail }, force(Success) { wait(0.3) } },
                },
            },
        }
    }
}

/// A subtree declared in another module, saved inside the state of the
/// tree that references it.
mod far {
    use super::{Npc, Step};
    use serde::{Deserialize, Serialize};

    deciders::tree! {
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        pub tree Patrol for Npc {
            sequence { succeed, Step::new(30, 2), repeat(forever) { Step::new(31, 4) } }
        }
    }
}

/// What one tick shows: the root's status, the active path, the clock and
/// the hook log of the tick.
type Seen = (Status, Vec<&'static str>, f64, Vec<String>);

/// Ticks `state` once, with the frame of tick number `tick`.
fn tick<T: deciders::Tree<Npc>>(state: &mut T, npc: &mut Npc, tick: u32) -> Seen {
    npc.advance(tick);
    let flags = if tick % 200 < 100 {
        NIGHT
    } else {
        Flags::EMPTY
    };
    let mut frame = Frame::new(1.0 / 30.0).with_flags(flags);
    let status = state.tick(npc, &mut frame);
    let mut path = Vec::new();
    state.active_path(|n| path.push(n.name));
    (status, path, state.now(), std::mem::take(&mut npc.log))
}

/// Saves `state` as JSON and loads it back.
fn round_trip<T: Serialize + for<'de> Deserialize<'de>>(state: &T) -> T {
    let json = serde_json::to_string(state).expect("the state saves");
    serde_json::from_str(&json).expect("the save loads")
}

/// Runs `before` ticks, saves in the middle of a run (the first tick from
/// `before` on after which the state is running with `running` on its
/// active path), then ticks the original and the loaded copy in lockstep,
/// each with its own copy of the agent, for `after` ticks, asserting that
/// both see the same tick by tick. Returns the tick of the save and how
/// many hook calls the lockstep compared.
fn saved_mid_run_continues_identically<T>(
    seed: u64,
    before: u32,
    running: &str,
    after: u32,
) -> (u32, usize)
where
    T: deciders::Tree<Npc> + Serialize + for<'de> Deserialize<'de> + PartialEq + std::fmt::Debug,
{
    let mut npc = Npc::default();
    let mut state = T::with_seed(seed);
    let mut t = 0;
    loop {
        let (_, path, _, _) = tick(&mut state, &mut npc, t);
        t += 1;
        if t >= before && path.contains(&running) {
            break;
        }
        assert!(t < before + 10_000, "`{running}` never ran");
    }
    assert!(state.is_running());
    let mut loaded = round_trip(&state);
    assert_eq!(loaded, state, "the loaded state equals the saved one");
    let mut npc2 = npc.clone();
    let mut hooks = 0;
    for k in t..t + after {
        let a = tick(&mut state, &mut npc, k);
        let b = tick(&mut loaded, &mut npc2, k);
        assert_eq!(a, b, "tick {k} after a save at tick {t}");
        hooks += a.3.len();
    }
    assert_eq!(npc, npc2);
    assert_eq!(loaded, state);
    (t, hooks)
}

#[test]
fn o6_timers_shuffles_and_random_choices_continue_after_a_load() {
    // Saved while a shuffle runs its round, while a `delay` waits, while
    // the cooldown's child runs inside its timer, and while a `timeout`
    // runs: each continues as if never saved.
    for (seed, running) in [
        (1, "mixed"),
        (2, "late"),
        (3, "patrol"),
        (4, "flee"),
        (5, "one"),
        (6, "idle"),
    ] {
        let (at, hooks) = saved_mid_run_continues_identically::<Timed>(seed, 30, running, 600);
        assert!(at >= 30);
        assert!(hooks > 300, "{running}: {hooks} hook calls");
    }
}

#[test]
fn o6_every_node_kind_continues_after_a_load() {
    for (seed, running) in [
        (1, "shuffled"),
        (2, "utility"),
        (3, "patrol"),
        (4, "loop_"),
        (5, "dance"),
        (6, "nap"),
        (7, "fight"),
    ] {
        let (_, hooks) = saved_mid_run_continues_identically::<Creature>(seed, 50, running, 1_000);
        assert!(hooks > 500, "{running}: {hooks} hook calls");
    }
}

#[test]
fn o6_a_state_saves_as_plain_data() {
    // A fresh state: nothing active, every timer due (`null`: never).
    let json = serde_json::to_value(Timed::with_seed(9)).unwrap();
    assert_eq!(json["machine"]["active"], serde_json::Value::Null);
    assert_eq!(json["machine"]["seed"], 9);
    assert_eq!(json["machine"]["clock"], 0.0);
    // A save whose clock was changed loads with that clock.
    let mut edited = json.clone();
    edited["machine"]["clock"] = 2.5.into();
    let loaded: Timed = serde_json::from_value(edited).unwrap();
    assert_eq!(loaded.now(), 2.5);
    assert_eq!(loaded.seed(), 9);
    // A save of another tree does not load.
    let other = serde_json::to_value(far::Patrol::new()).unwrap();
    assert!(serde_json::from_value::<Timed>(other).is_err());
}

#[test]
fn o6_a_paused_player_saves_and_resumes_where_it_was() {
    // SPEC O2 across a save: a player paused in the middle of a run loads
    // paused, ticks nothing while paused, and resumes without activating
    // anything again.
    let mut npc = Npc::default();
    let mut player = Player::new(Timed::with_seed(3));
    player.play(PlayMode::Ticks(300), &mut npc, &mut Frame::new(0.0));
    for t in 0..45 {
        npc.advance(t);
        player.tick(&mut npc, &mut Frame::new(1.0 / 30.0));
    }
    npc.log.clear();
    player.pause(&mut npc, &mut Frame::new(0.0));
    assert_eq!(player.status(), PlayStatus::Paused);
    assert!(!npc.log.is_empty() && npc.log.iter().all(|l| l.ends_with("pause")));
    npc.log.clear();
    let json = serde_json::to_string(&player).unwrap();
    let mut loaded: Player<Timed> = serde_json::from_str(&json).unwrap();
    assert_eq!(loaded, player);
    assert_eq!(loaded.status(), PlayStatus::Paused);
    assert_eq!(loaded.mode(), PlayMode::Ticks(300));
    assert_eq!(loaded.count(), player.count());
    let mut npc2 = npc.clone();
    for (p, n) in [(&mut player, &mut npc), (&mut loaded, &mut npc2)] {
        let now = p.tree().now();
        assert_eq!(p.tick(n, &mut Frame::new(1.0 / 30.0)), None);
        assert_eq!(p.tree().now(), now, "paused: the clock stands still");
        p.resume(n, &mut Frame::new(0.0));
    }
    assert_eq!(npc.log, npc2.log);
    assert!(!npc.log.is_empty() && npc.log.iter().all(|l| l.ends_with("resume")));
    for t in 45..400 {
        npc.advance(t);
        npc2.advance(t);
        let a = player.tick(&mut npc, &mut Frame::new(1.0 / 30.0));
        let b = loaded.tick(&mut npc2, &mut Frame::new(1.0 / 30.0));
        assert_eq!(a, b, "tick {t}");
        assert_eq!(npc.log, npc2.log, "tick {t}");
        assert_eq!(
            (player.status(), player.count()),
            (loaded.status(), loaded.count())
        );
    }
    assert_eq!(
        player.status(),
        PlayStatus::Stopped,
        "the mode's target was reached"
    );
}

/// The events of the services tree.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Signal {
    Alarm,
    AllClear,
    Hit,
}

deciders::tree! {
    /// Variables, timestamps, `wait_until`, `if_time` and stimuli guards
    /// (SPEC V2–V4, L7, R10): the save keeps the variables and stamps.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    tree Alert for Npc, events = Signal {
        var alarmed = set(Signal::Alarm), clear(Signal::AllClear);
        stamp hit = on(Signal::Hit), group(g);
        stamp calm = on(Signal::AllClear), group(g);
        selector {
            noise: when(stimuli_any(Stim::Noise.flag())) => Step::new(40, 4),
            alarm: when(var(alarmed)) => Step::new(41, 6),
            hurt: if_time(hit, less_than = 1.0) { wait_until(hit, more_than = 0.5) },
            idle: sequence { wait(0.3), Step::new(42, 2) },
        }
    }
}

/// One frame of the services test: the stimuli the game adds, their
/// update into the frame, the tick, then the event the game posts.
fn alert_frame(state: &mut Alert, npc: &mut Npc, t: u32) -> Seen {
    if t.is_multiple_of(23) {
        npc.stimuli.add(Stim::Noise, t, Some(0.25));
    }
    if t.is_multiple_of(31) {
        npc.stimuli.add(Stim::Hit, t, None);
    }
    let mut frame = Frame::new(1.0 / 30.0);
    frame.set_stimuli(npc.stimuli.update(frame.dt()));
    let status = state.tick(npc, &mut frame);
    let signal = [Signal::Alarm, Signal::Hit, Signal::AllClear][(t as usize / 17) % 3];
    if t.is_multiple_of(13) {
        state.post(&signal, npc, &mut frame);
    }
    let mut path = Vec::new();
    state.active_path(|n| path.push(n.name));
    (status, path, state.now(), std::mem::take(&mut npc.log))
}

#[test]
fn o6_variables_timestamps_and_stimuli_continue_after_a_load() {
    for running in ["alarm", "hurt", "noise", "idle"] {
        let mut npc = Npc::default();
        let mut state = Alert::new();
        let mut t = 0;
        loop {
            let (_, path, _, _) = alert_frame(&mut state, &mut npc, t);
            t += 1;
            if t > 40 && path.contains(&running) && state.vars().bits() != 0 {
                break;
            }
            assert!(t < 10_000, "`{running}` never ran");
        }
        assert!(
            state
                .since(Alert::HIT)
                .or(state.since(Alert::CALM))
                .is_some(),
            "a timestamp is set"
        );
        let mut loaded = round_trip(&state);
        let mut npc2: Npc = round_trip(&npc);
        assert_eq!((&loaded, &npc2), (&state, &npc));
        let mut hooks = 0;
        for k in t..t + 500 {
            let a = alert_frame(&mut state, &mut npc, k);
            let b = alert_frame(&mut loaded, &mut npc2, k);
            assert_eq!(a, b, "{running}: tick {k} after a save at tick {t}");
            let services = |s: &Alert| (s.vars(), s.since(Alert::HIT), s.since(Alert::CALM));
            assert_eq!(services(&loaded), services(&state));
            hooks += a.3.len();
        }
        assert!(hooks > 200, "{running}: {hooks}");
    }
}

#[test]
fn o6_a_deferred_action_saves_its_ticket() {
    // V5: the ticket is the launch's identity in the game's system; a game
    // that saves its pending launches with it finds them again.
    let mut requests = deciders::deferred::Requests::<u8>::with_capacity(4, 7);
    let mut action = deciders::deferred::Action::default();
    assert_eq!(action.launch(&mut requests, 1), Status::Running);
    let (ticket, _) = requests.launches()[0];
    let mut loaded: deciders::deferred::Action = round_trip(&action);
    assert_eq!(loaded, action);
    let mut done = deciders::deferred::Completions::new();
    done.complete(ticket, "landed");
    assert_eq!(loaded.poll(&done), Some(&"landed"));
}

#[test]
fn o6_requests_and_actions_in_flight_save_and_go_on() {
    use deciders::deferred::{Completions, InFlight, Requests};
    // A game that keeps its buffer and its system's work saved mid-frame:
    // a launch not yet taken, a cancel refused for a full frame, one
    // action under way. Loaded, the buffer numbers on, delivers the
    // pending cancel, and keeps its capacity.
    let (mut requests, mut system) = (Requests::<u8>::with_capacity(1, 0), InFlight::new());
    let first = requests.launch(1).unwrap();
    system.take(&mut requests);
    requests.next_frame(1);
    let second = requests.launch(2).unwrap();
    assert_eq!(
        requests.cancel(first),
        deciders::deferred::Cancel::Requested
    );
    assert_eq!(requests.cancel(second), deciders::deferred::Cancel::Removed);
    let third = requests.launch(3).unwrap();
    let refused = deciders::deferred::Ticket {
        frame: 0,
        agent: 0,
        n: 40,
    };
    assert_eq!(
        requests.cancel(refused),
        deciders::deferred::Cancel::Refused
    );
    let save = serde_json::to_string(&(&requests, &system)).unwrap();
    let (mut requests2, mut system2): (Requests<u8>, InFlight<u8>) =
        serde_json::from_str(&save).unwrap();
    assert_eq!(requests2.launches(), requests.launches());
    assert_eq!(requests2.cancels(), [first]);
    assert_eq!(requests2.pending_cancels(), [refused]);
    assert_eq!(requests2.next_number(), requests.next_number());
    assert_eq!(requests2.launches_refused(), requests.launches_refused());
    assert_eq!(requests2.cancels_refused(), 1);
    assert_eq!(requests2.launch(9), None, "still a capacity of 1");
    for (r, s) in [(&mut requests, &mut system), (&mut requests2, &mut system2)] {
        s.take(r);
        r.next_frame(2);
        assert_eq!(r.cancels(), [refused]);
        assert_eq!(r.launch(4).map(|t| t.n), Some(3));
        let mut done = Completions::new();
        assert_eq!(s.work(&mut done, |t, _| Some(t.n)), 1);
        assert_eq!(done.get(third), Some(&third.n));
    }
    // A save whose buffer holds more than its capacity is refused.
    let mut v = serde_json::to_value(&requests).unwrap();
    v["capacity"] = 0.into();
    let e = serde_json::from_value::<Requests<u8>>(v).err().unwrap();
    assert_eq!(
        e.to_string(),
        "requests of capacity 0 holding 1: the save is damaged"
    );
}

mod guide {
    //! The example of the guide's "Save games" (docs/guide.md), which the
    //! façade cannot compile: it has no serde dependency.
    use deciders::{Behavior, Ctx, Frame, Status};
    use serde::{Deserialize, Serialize};

    #[derive(Default, Serialize, Deserialize)]
    struct Miner {
        ore: u32,
    }

    /// Digs for three ticks: its memory counts them.
    #[derive(Default, Serialize, Deserialize)]
    struct Dig {
        swings: u32,
    }
    impl Behavior<Miner> for Dig {
        fn tick(&mut self, m: &mut Miner, _: &mut Ctx) -> Status {
            self.swings += 1;
            m.ore += 1;
            if self.swings == 3 {
                Status::Success
            } else {
                Status::Running
            }
        }
    }

    deciders::tree! {
        #[derive(Serialize, Deserialize)]
        tree Work for Miner {
            sequence { Dig, wait(0.5), Dig }
        }
    }

    // SPEC O6
    #[test]
    fn o6_the_guide_example() -> Result<(), serde_json::Error> {
        let (mut miner, mut state) = (Miner::default(), Work::new());
        let frame = &mut Frame::new(0.25);
        state.tick(&mut miner, frame);
        state.tick(&mut miner, frame); // DIG has swung twice

        // Save the agent and its state together…
        let save = serde_json::to_string(&(&miner, &state))?;
        // …and load them, in this run or the next.
        let (mut miner, mut state): (Miner, Work) = serde_json::from_str(&save)?;
        state.tick(&mut miner, frame); // DIG's third swing: on to the wait
        assert_eq!(miner.ore, 3);
        let mut path = Vec::new();
        state.active_path(|n| path.push(n.name));
        assert_eq!(path, ["root", "Wait"]);
        Ok(())
    }
}

// A save is trusted value by value (O6): what a load refuses, what it
// checks, and what it never reads. Each test edits a real save as a
// hostile or careless player would, then loads it.

use serde_json::{json, Value};

/// Every object of `v`, at any depth, that has `key`: `f` edits its value.
fn edit_key(v: &mut Value, key: &str, f: &mut impl FnMut(&mut Value)) -> usize {
    let mut n = 0;
    match v {
        Value::Object(map) => {
            if let Some(x) = map.get_mut(key) {
                f(x);
                n += 1;
            }
            for (k, x) in map.iter_mut() {
                if k != key {
                    n += edit_key(x, key, f);
                }
            }
        }
        Value::Array(items) => {
            for x in items {
                n += edit_key(x, key, f);
            }
        }
        _ => {}
    }
    n
}

/// `save` with every `key` set to `value` (at least one must be there).
fn with(save: &Value, key: &str, value: Value) -> Value {
    let mut edited = save.clone();
    let n = edit_key(&mut edited, key, &mut |x| *x = value.clone());
    assert!(n > 0, "no `{key}` in {save}");
    edited
}

/// The message of a load that must fail.
fn refused<T: for<'de> Deserialize<'de> + std::fmt::Debug>(save: Value) -> String {
    serde_json::from_value::<T>(save)
        .expect_err("the save is refused")
        .to_string()
}

/// Ticks `state` `n` times with 1/30 s frames and a fresh agent; the root
/// statuses.
fn ticks<T: deciders::Tree<Npc>>(state: &mut T, n: usize) -> Vec<Status> {
    let mut npc = Npc::default();
    (0..n)
        .map(|_| state.tick(&mut npc, &mut Frame::new(1.0 / 30.0)))
        .collect()
}

/// A behavior that succeeds on every tick, logging it.
#[derive(Clone, Default, Debug, PartialEq, Serialize, Deserialize)]
struct Ok1;

impl Behavior<Npc> for Ok1 {
    fn tick(&mut self, n: &mut Npc, _: &mut Ctx) -> Status {
        n.log.push("ok".into());
        Status::Success
    }
}

deciders::tree! {
    /// A repeat over a child that always succeeds: running between its
    /// successes, with its count in the save.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    tree Thrice for Npc {
        repeat(3) { Ok1 }
    }
}

deciders::tree! {
    /// A retry over a child that always fails.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    tree Stubborn for Npc {
        retry(3) { fail }
    }
}

deciders::tree! {
    /// An `every` guard: `ping` passes once a second, `idle` runs between.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    tree Ping for Npc {
        selector {
            ping: when(every(1.0)) => Eat,
            idle: Step::new(70, 1000),
        }
    }
}

deciders::tree! {
    /// A timeout around a child that never completes by itself.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    tree Limited for Npc {
        timeout(0.5) { Step::new(71, 1_000_000) }
    }
}

/// A `Thrice` saved after its first success: running, one success done.
fn thrice_after_one() -> Value {
    let mut state = Thrice::new();
    assert_eq!(ticks(&mut state, 1), [Status::Running]);
    let save = serde_json::to_value(&state).unwrap();
    assert_eq!(
        save["machine"]["active"]["deco"],
        json!({"max": 3, "done": 1})
    );
    save
}

#[test]
fn o6_a_repeat_count_at_its_limit_saturates() {
    // `done = u64::MAX`: one more success must not overflow (a panic in
    // debug builds); the count is past 3, so the repeat succeeds.
    let save = with(&thrice_after_one(), "done", json!(u64::MAX));
    let mut loaded: Thrice = serde_json::from_value(save).unwrap();
    assert_eq!(ticks(&mut loaded, 1), [Status::Success]);
}

#[test]
fn o6_a_retry_count_at_its_limit_saturates() {
    let mut state = Stubborn::new();
    assert_eq!(ticks(&mut state, 1), [Status::Running]);
    let save = serde_json::to_value(&state).unwrap();
    assert_eq!(
        save["machine"]["active"]["deco"],
        json!({"max": 3, "failed": 1})
    );
    let save = with(&save, "failed", json!(u64::MAX));
    let mut loaded: Stubborn = serde_json::from_value(save).unwrap();
    assert_eq!(ticks(&mut loaded, 1), [Status::Failure]);
}

#[test]
fn o6_a_repeat_runs_with_the_programs_count_not_the_saves() {
    // `"max": null` would be `repeat(forever)`, `"max": 1` done at once:
    // the tree says `repeat(3)`, so two more successes finish it.
    for max in [json!(null), json!(1), json!(1_000_000)] {
        let save = with(&thrice_after_one(), "max", max.clone());
        let mut loaded: Thrice = serde_json::from_value(save).unwrap();
        assert_eq!(
            ticks(&mut loaded, 3),
            [Status::Running, Status::Success, Status::Running],
            "saved max {max}"
        );
    }
}

#[test]
fn o6_a_timeout_runs_with_the_programs_seconds_and_no_start_after_the_clock() {
    // Entered at 1/30 s and saved at 2/30 s: `timeout(0.5)` fails on the
    // tick where 0.5 s have passed since entering, the 14th after the
    // save (index 13). An edited limit (a longer one, or a patched
    // program's never reaching the agent) does not change that. A start
    // after the clock is taken as the clock of the first tick after the
    // load (3/30 s): it fails 0.5 s after that, two ticks later.
    let mut state = Limited::new();
    assert_eq!(ticks(&mut state, 2), [Status::Running; 2]);
    let save = serde_json::to_value(&state).unwrap();
    assert_eq!(save["machine"]["active"]["deco"]["seconds"], json!(0.5));
    let fails_at = |save: Value| {
        let mut loaded: Limited = serde_json::from_value(save).unwrap();
        ticks(&mut loaded, 40)
            .iter()
            .position(|s| *s == Status::Failure)
    };
    assert_eq!(fails_at(save.clone()), Some(13));
    assert_eq!(fails_at(with(&save, "seconds", json!(1e9))), Some(13));
    assert_eq!(fails_at(with(&save, "seconds", json!(0.0))), Some(13));
    assert_eq!(fails_at(with(&save, "start", json!(1e6))), Some(15));
}

deciders::tree! {
    /// A `wait` before a behavior, and a `wait_until` on a timestamp.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    tree Patient for Npc, events = Signal {
        stamp hit = on(Signal::Hit);
        sequence { wait(0.5), Eat, wait_until(hit, more_than = 0.1), Eat }
    }
}

deciders::tree! {
    /// A `wait` at the root: ticked by the tree itself, not by a parent.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    tree Nap for Npc {
        wait(0.25)
    }
}

#[test]
fn o6_a_wait_at_the_root_runs_with_the_programs_seconds() {
    // Entered at 1/30 s, saved at 2/30 s: done when 0.25 s have passed,
    // the 7th tick after the save (index 6), whatever the saved seconds.
    let mut state = Nap::new();
    ticks(&mut state, 2);
    let save = serde_json::to_value(&state).unwrap();
    for seconds in [json!(0.25), json!(1e9), json!(0.0)] {
        let mut loaded: Nap = serde_json::from_value(with(&save, "seconds", seconds)).unwrap();
        let done = ticks(&mut loaded, 20)
            .iter()
            .position(|s| *s == Status::Success);
        assert_eq!(done, Some(6));
    }
}

#[test]
fn o6_a_wait_runs_with_the_programs_seconds() {
    // Entered at 1/30 s and saved at 2/30 s: `wait(0.5)` completes on the
    // tick where 0.5 s have passed, the 14th after the save (index 13),
    // then `Eat` runs. Edited seconds change nothing; a start after the
    // clock is the clock of the first tick after the load.
    let mut state = Patient::new();
    ticks(&mut state, 2);
    let save = serde_json::to_value(&state).unwrap();
    let eats_at = |save: Value| {
        let mut loaded: Patient = serde_json::from_value(save).unwrap();
        let mut npc = Npc::default();
        (0..40).position(|_| {
            loaded.tick(&mut npc, &mut Frame::new(1.0 / 30.0));
            std::mem::take(&mut npc.log) == ["eat"]
        })
    };
    assert_eq!(eats_at(save.clone()), Some(13));
    assert_eq!(eats_at(with(&save, "seconds", json!(1e9))), Some(13));
    assert_eq!(eats_at(with(&save, "seconds", json!(0.0))), Some(13));
    assert_eq!(eats_at(with(&save, "start", json!(1e6))), Some(15));
}

#[test]
fn o6_a_wait_until_runs_with_the_programs_test() {
    // Waiting on `hit` (set when the event is posted): an edited test (a
    // timestamp the tree does not have, or `or_never_set`) is not the
    // tree's: it still waits for the event, then 0.1 s.
    let mut state = Patient::new();
    let mut npc = Npc::default();
    while npc.log.is_empty() {
        state.tick(&mut npc, &mut Frame::new(1.0 / 30.0));
    }
    let save = serde_json::to_value(&state).unwrap();
    for (key, value) in [("stamp", json!(7)), ("or_never_set", json!(true))] {
        let mut loaded: Patient = serde_json::from_value(with(&save, key, value)).unwrap();
        let mut npc = Npc::default();
        assert_eq!(ticks(&mut loaded, 10), [Status::Running; 10], "{key}");
        loaded.post(&Signal::Hit, &mut npc, &mut Frame::new(0.0));
        let after: Vec<Status> = ticks(&mut loaded, 5);
        assert_eq!(after[..2], [Status::Running; 2], "{key}");
        assert!(after.contains(&Status::Success), "{key}: {after:?}");
    }
}

#[test]
fn o6_a_timer_stamped_after_the_clock_is_due() {
    // A fresh `Ping` eats on its first tick (its timer starts due), then
    // idles for a second. A save whose timer was stamped in the future
    // (1e6 s, with the clock at 0) eats on its first tick too, rather
    // than idling until the clock reaches it.
    let fresh = serde_json::to_value(Ping::new()).unwrap();
    let persist = fresh["machine"]["persist"].as_object().unwrap();
    let (timer, _) = persist.iter().find(|(k, _)| k.starts_with('t')).unwrap();
    for stamp in [json!(null), json!(1e6), json!(0.0)] {
        let mut save = fresh.clone();
        save["machine"]["persist"][timer] = stamp.clone();
        let mut loaded: Ping = serde_json::from_value(save).unwrap();
        let mut npc = Npc::default();
        loaded.tick(&mut npc, &mut Frame::new(1.0 / 30.0));
        let first = std::mem::take(&mut npc.log);
        let expected: &[&str] = if stamp == json!(0.0) {
            &["70 activate at 0.033", "70 tick 1 at 0.033: Running"]
        } else {
            &["eat"]
        };
        assert_eq!(first, expected, "timer stamped at {stamp}");
    }
    // A stamp no clock reaches is refused, naming the timer.
    let mut save = fresh.clone();
    save["machine"]["persist"][timer] = json!(1e16);
    assert!(refused::<Ping>(save).contains("timer: 10000000000000000 is not a time"));
}

#[test]
fn o6_a_clock_that_could_freeze_is_refused() {
    // At 1e16 s a 1/30 s frame no longer moves an f64: the load fails,
    // naming the clock. The bound, 2^42 s, loads and still advances by
    // the frame's dt to the millisecond.
    let save = serde_json::to_value(Timed::with_seed(1)).unwrap();
    for bad in [
        json!(1e16),
        json!(-1.0),
        json!(4_398_046_511_105.0),
        json!(f64::MAX),
    ] {
        let msg = refused::<Timed>(with(&save, "clock", bad.clone()));
        assert!(msg.starts_with("clock: "), "{bad}: {msg}");
        assert!(msg.contains("is not a time of a save"), "{bad}: {msg}");
    }
    let max = 4_398_046_511_104.0;
    let mut loaded: Timed = serde_json::from_value(with(&save, "clock", json!(max))).unwrap();
    ticks(&mut loaded, 3);
    assert!((loaded.now() - max - 0.1).abs() < 1e-3, "{}", loaded.now());
    // A store's clock is checked the same way.
    let store = serde_json::to_value(Stimuli::<Stim, u32>::new()).unwrap();
    let msg = refused::<Stimuli<Stim, u32>>(with(&store, "clock", json!(1e300)));
    assert!(msg.starts_with("clock: "), "{msg}");
}

#[test]
fn o6_a_save_without_active_is_refused() {
    // Loaded as "nothing running", the running behaviors would never get
    // their `deactivate`.
    let mut save = serde_json::to_value(Thrice::new()).unwrap();
    save["machine"].as_object_mut().unwrap().remove("active");
    assert!(refused::<Thrice>(save).contains("missing field `active`"));
    // `null` is a state that runs nothing, and loads.
    let save = with(&thrice_after_one(), "active", json!(null));
    let loaded: Thrice = serde_json::from_value(save).unwrap();
    assert!(!loaded.is_running());
}

#[test]
fn o6_a_timestamp_never_set_loads_as_never_set() {
    // A fresh `Alert` has both stamps unset: `null` in the save.
    let save = serde_json::to_value(Alert::new()).unwrap();
    assert_eq!(save["machine"]["stamps"], json!([null, null]));
    let loaded: Alert = serde_json::from_value(save.clone()).unwrap();
    assert_eq!(
        (loaded.since(Alert::HIT), loaded.since(Alert::CALM)),
        (None, None)
    );
    assert_eq!(loaded, Alert::new());
    // One set at 0 is set: 0 s ago.
    let mut set = save.clone();
    set["machine"]["stamps"][1] = json!(0.0);
    let loaded: Alert = serde_json::from_value(set).unwrap();
    assert_eq!(
        (loaded.since(Alert::HIT), loaded.since(Alert::CALM)),
        (None, Some(0.0))
    );
    // A stamp after the clock, or out of range, is refused, named.
    let mut late = save.clone();
    late["machine"]["stamps"][0] = json!(3.0);
    let msg = refused::<Alert>(late);
    assert!(
        msg.contains("stamps: timestamp 0 is set after the clock"),
        "{msg}"
    );
    let mut nan = save;
    nan["machine"]["stamps"][0] = json!(-5.0);
    assert!(refused::<Alert>(nan).starts_with("stamps: -5 is not a time"));
}

#[test]
fn o6_a_sequence_of_another_length_is_refused() {
    // The timestamps are as many as the tree declares, the store's slots
    // as the kind set has: an extra or a missing entry is an error naming
    // the length, not an entry dropped or left as it was.
    let save = serde_json::to_value(Alert::new()).unwrap();
    for stamps in [json!([null, null, null]), json!([null]), json!([])] {
        let mut edited = save.clone();
        edited["machine"]["stamps"] = stamps.clone();
        let msg = refused::<Alert>(edited);
        assert!(
            msg.contains("expected a sequence of 2 elements"),
            "{stamps}: {msg}"
        );
    }
    let mut store = Stimuli::<Stim, u32>::new();
    store.add(Stim::Hit, 4, None);
    let save = serde_json::to_value(store).unwrap();
    assert_eq!(
        save["slots"],
        json!([null, {"payload": 4, "deadline": null}])
    );
    for slots in [
        json!([null, {"payload": 4, "deadline": null}, null]),
        json!([null, {"payload": 4, "deadline": null}, {"payload": 5, "deadline": null}]),
        json!([{"payload": 4, "deadline": null}]),
    ] {
        let mut edited = save.clone();
        edited["slots"] = slots.clone();
        let msg = refused::<Stimuli<Stim, u32>>(edited);
        assert!(
            msg.contains("expected a sequence of 2 elements"),
            "{slots}: {msg}"
        );
    }
    // The same through the text: the error is the length's.
    let text = serde_json::to_string(&Alert::new())
        .unwrap()
        .replace("[null,null]", "[null,null,null]");
    let msg = serde_json::from_str::<Alert>(&text)
        .unwrap_err()
        .to_string();
    assert!(msg.contains("expected a sequence of 2 elements"), "{msg}");
}

#[test]
fn o6_stimuli_whose_present_bits_disagree_with_their_slots_are_refused() {
    let mut store = Stimuli::<Stim, u32>::new();
    store.add(Stim::Hit, 4, Some(0.5));
    let save = serde_json::to_value(store).unwrap();
    assert_eq!(save["present"], json!(2));
    // A bit without its slot (a phantom stimulus), a slot without its bit
    // (a payload that never expires), a bit past the kinds.
    for present in [3, 0, 2 | 1u64 << 40] {
        let msg = refused::<Stimuli<Stim, u32>>(with(&save, "present", json!(present)));
        assert!(msg.starts_with("present: "), "{present}: {msg}");
    }
    // The saved store expires its stimulus on time.
    let mut loaded: Stimuli<Stim, u32> = serde_json::from_value(save).unwrap();
    assert_eq!(loaded.update(0.25), Stim::Hit.flag());
    assert_eq!(loaded.update(0.25), Flags::EMPTY);
    assert!(loaded.is_empty());
}

#[test]
fn o6_a_player_whose_status_byte_disagrees_with_its_mode_is_refused() {
    // Playing `Ticks(3)`: it counts every tick, and that is in its status
    // byte; a byte without the mask would count nothing and play forever.
    let mut npc = Npc::default();
    let mut player = Player::new(Thrice::new());
    player.play(PlayMode::Ticks(3), &mut npc, &mut Frame::new(0.0));
    player.tick(&mut npc, &mut Frame::new(0.1));
    let save = serde_json::to_value(&player).unwrap();
    let good = save["bits"].clone();
    assert_ne!(good, json!(PlayStatus::Executing as u8));
    for bits in [json!(PlayStatus::Executing as u8), json!(255), json!(4 | 1)] {
        let msg = refused::<Player<Thrice>>(with(&save, "bits", bits.clone()));
        assert!(msg.starts_with("bits: "), "{bits}: {msg}");
    }
    // The good byte with another mode is refused too.
    let mut other = save.clone();
    other["mode"] = json!("Forever");
    assert!(refused::<Player<Thrice>>(other).starts_with("bits: "));
    // The save as written stops after its third tick.
    let mut loaded: Player<Thrice> = serde_json::from_value(save).unwrap();
    loaded.tick(&mut npc, &mut Frame::new(0.1));
    assert_eq!(loaded.status(), PlayStatus::Executing);
    loaded.tick(&mut npc, &mut Frame::new(0.1));
    assert_eq!(loaded.status(), PlayStatus::Stopped);
}

/// The property test over hostile saves: real saves of several trees, a
/// player and a stimuli store, edited at random (numbers to extremes,
/// negatives and huge values, nulls, other types, removed keys, extra
/// array entries), then loaded. A load is an error, or a state that ticks
/// like some valid state: no panic, and a tree clock that advances.
mod hostile {
    use super::*;
    use proptest::prelude::*;
    use std::sync::OnceLock;

    /// What a save is of, to load it as.
    #[derive(Clone, Copy, Debug)]
    enum Of {
        Creature,
        Timed,
        Alert,
        Thrice,
        Ping,
        Limited,
        Patient,
        Player,
        Store,
    }

    /// Real saves, each in the middle of a run (and a few fresh).
    fn saves() -> &'static [(Of, Value)] {
        static SAVES: OnceLock<Vec<(Of, Value)>> = OnceLock::new();
        SAVES.get_or_init(|| {
            fn run<T: deciders::Tree<Npc> + Serialize>(mut state: T, n: u32) -> Value {
                let mut npc = Npc::default();
                for t in 0..n {
                    tick(&mut state, &mut npc, t);
                }
                serde_json::to_value(&state).unwrap()
            }
            let mut saves = Vec::new();
            for (seed, n) in [(1, 0), (2, 37), (3, 150), (4, 411)] {
                saves.push((Of::Creature, run(Creature::with_seed(seed), n)));
                saves.push((Of::Timed, run(Timed::with_seed(seed), n)));
            }
            for n in [1, 2, 40] {
                saves.push((Of::Thrice, run(Thrice::new(), n)));
                saves.push((Of::Ping, run(Ping::new(), n)));
                saves.push((Of::Limited, run(Limited::new(), n)));
                saves.push((Of::Patient, run(Patient::new(), n)));
            }
            for n in [0, 60, 200] {
                let (mut state, mut npc) = (Alert::new(), Npc::default());
                for t in 0..n {
                    alert_frame(&mut state, &mut npc, t);
                }
                saves.push((Of::Alert, serde_json::to_value(&state).unwrap()));
                saves.push((Of::Store, serde_json::to_value(npc.stimuli).unwrap()));
            }
            let mut npc = Npc::default();
            let mut player = Player::new(Timed::with_seed(5));
            player.play(PlayMode::Successes(4), &mut npc, &mut Frame::new(0.0));
            for t in 0..30 {
                npc.advance(t);
                player.tick(&mut npc, &mut Frame::new(1.0 / 30.0));
            }
            saves.push((Of::Player, serde_json::to_value(&player).unwrap()));
            player.pause(&mut npc, &mut Frame::new(0.0));
            saves.push((Of::Player, serde_json::to_value(&player).unwrap()));
            saves
        })
    }

    /// Every place in `v`: the path of keys and indices to it.
    fn places(v: &Value, at: &mut Vec<Vec<Step>>, path: &mut Vec<Step>) {
        at.push(path.clone());
        match v {
            Value::Object(map) => {
                for (k, x) in map {
                    path.push(Step::Key(k.clone()));
                    places(x, at, path);
                    path.pop();
                }
            }
            Value::Array(items) => {
                for (i, x) in items.iter().enumerate() {
                    path.push(Step::Index(i));
                    places(x, at, path);
                    path.pop();
                }
            }
            _ => {}
        }
    }

    #[derive(Clone, Debug)]
    enum Step {
        Key(String),
        Index(usize),
    }

    fn at<'v>(v: &'v mut Value, path: &[Step]) -> &'v mut Value {
        path.iter().fold(v, |v, s| match s {
            Step::Key(k) => &mut v[k.as_str()],
            Step::Index(i) => &mut v[*i],
        })
    }

    /// The values an edit writes: extremes of every numeric type a save
    /// holds, negatives, a time past the bound, other types.
    fn hostile_values() -> Vec<Value> {
        vec![
            json!(u64::MAX),
            json!(u64::MAX - 1),
            json!(u32::MAX),
            json!(i64::MIN),
            json!(-1),
            json!(0),
            json!(1),
            json!(3),
            json!(64),
            json!(255),
            json!(-0.5),
            json!(0.5),
            json!(1e6),
            json!(1e16),
            json!(4_398_046_511_104.0),
            json!(1e300),
            json!(-1e300),
            json!(f64::MAX),
            json!(f64::MIN_POSITIVE),
            json!(null),
            json!(true),
            json!("Running"),
            json!("Idle"),
            json!([]),
            json!({}),
        ]
    }

    /// One edit: at a place (an index into the save's places, modulo their
    /// count), write a value, remove the key, or add an entry to an array.
    /// `Number` writes a number where the save has a number or a `null`
    /// (most of what it edits then loads); `Write` writes any value
    /// anywhere.
    #[derive(Clone, Debug)]
    enum Edit {
        Number(usize, usize),
        Write(usize, usize),
        Remove(usize),
        Extra(usize),
    }

    fn edit() -> impl Strategy<Value = Edit> {
        let numbers = hostile_values().iter().filter(|v| v.is_number()).count();
        prop_oneof![
            6 => (any::<usize>(), 0..numbers).prop_map(|(p, v)| Edit::Number(p, v)),
            2 => (any::<usize>(), 0..hostile_values().len()).prop_map(|(p, v)| Edit::Write(p, v)),
            1 => any::<usize>().prop_map(Edit::Remove),
            1 => any::<usize>().prop_map(Edit::Extra),
        ]
    }

    fn apply(save: &mut Value, e: &Edit) {
        let mut all = Vec::new();
        places(save, &mut all, &mut Vec::new());
        let pick = |p: usize| all[p % all.len()].clone();
        match *e {
            Edit::Number(p, v) => {
                let mut numeric: Vec<_> = all.clone();
                numeric.retain(|path| {
                    let x = at(&mut save.clone(), path).clone();
                    x.is_number() || x.is_null()
                });
                if let Some(path) = numeric.get(p % numeric.len().max(1)) {
                    let numbers: Vec<Value> = hostile_values()
                        .into_iter()
                        .filter(Value::is_number)
                        .collect();
                    *at(save, path) = numbers[v].clone();
                }
            }
            Edit::Write(p, v) => *at(save, &pick(p)) = hostile_values()[v].clone(),
            Edit::Remove(p) => {
                let path = pick(p);
                if let Some((Step::Key(k), parent)) = path.split_last() {
                    if let Value::Object(map) = at(save, parent) {
                        map.remove(k);
                    }
                }
            }
            Edit::Extra(p) => {
                let path = pick(p);
                if let Value::Array(items) = at(save, &path) {
                    let extra = items.last().cloned().unwrap_or(Value::Null);
                    items.push(extra);
                }
            }
        }
    }

    /// Loads `save` as `T`; if it loads, ticks it 30 times with 1/30 s
    /// frames: the clock (of a tree that has one) advances every tick.
    fn load_and_tick<T: deciders::Tree<Npc> + for<'de> Deserialize<'de>>(
        save: Value,
    ) -> Result<(), TestCaseError> {
        let Ok(mut state) = serde_json::from_value::<T>(save) else {
            return Ok(());
        };
        let timed = {
            let mut fresh = T::with_seed(0);
            ticks(&mut fresh, 1);
            fresh.now() > 0.0
        };
        let mut npc = Npc::default();
        for t in 0..30 {
            let before = state.now();
            tick(&mut state, &mut npc, t);
            if timed {
                prop_assert!(state.now() > before, "the clock froze at {before}");
            }
        }
        Ok(())
    }

    fn check(of: Of, save: Value) -> Result<(), TestCaseError> {
        match of {
            Of::Creature => load_and_tick::<Creature>(save),
            Of::Timed => load_and_tick::<Timed>(save),
            Of::Alert => load_and_tick::<Alert>(save),
            Of::Thrice => load_and_tick::<Thrice>(save),
            Of::Ping => load_and_tick::<Ping>(save),
            Of::Limited => load_and_tick::<Limited>(save),
            Of::Patient => load_and_tick::<Patient>(save),
            Of::Player => {
                let Ok(mut player) = serde_json::from_value::<Player<Timed>>(save) else {
                    return Ok(());
                };
                let mut npc = Npc::default();
                for t in 0..30 {
                    let (before, plays) = (
                        player.tree().now(),
                        matches!(player.status(), PlayStatus::Reset | PlayStatus::Executing),
                    );
                    npc.advance(t);
                    let ticked = player.tick(&mut npc, &mut Frame::new(1.0 / 30.0));
                    prop_assert_eq!(ticked.is_some(), plays);
                    if plays {
                        prop_assert!(
                            player.tree().now() > before,
                            "the clock froze at {}",
                            before
                        );
                    }
                }
                Ok(())
            }
            Of::Store => {
                let Ok(mut store) = serde_json::from_value::<Stimuli<Stim, u32>>(save) else {
                    return Ok(());
                };
                for _ in 0..30 {
                    let flags = store.update(1.0 / 30.0);
                    // Every flag has its payload, every payload its flag.
                    let kinds: Vec<Stim> = store.iter().map(|(k, _)| k).collect();
                    prop_assert_eq!(store.len(), kinds.len());
                    let from_payloads = kinds.iter().fold(Flags::EMPTY, |f, k| f | k.flag());
                    prop_assert_eq!(flags, from_payloads);
                }
                Ok(())
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig {
            cases: if std::env::var_os("PROPTEST_CASES").is_some() {
                ProptestConfig::default().cases
            } else {
                1024
            },
            ..ProptestConfig::default()
        })]

        #[test]
        fn o6_an_edited_save_is_refused_or_ticks_like_a_valid_state(
            which in any::<usize>(),
            edits in proptest::collection::vec(edit(), 1..4),
        ) {
            let (of, save) = &saves()[which % saves().len()];
            let mut save = save.clone();
            for e in &edits {
                apply(&mut save, e);
            }
            check(*of, save)?;
        }
    }

    #[test]
    fn the_property_can_fail() {
        // The unedited saves load and tick; a save at the clock bound
        // still advances; one past it is refused (a frozen clock would
        // fail the property).
        for (of, save) in saves() {
            check(*of, save.clone()).unwrap();
        }
        let (_, timed) = saves()
            .iter()
            .find(|(of, _)| matches!(of, Of::Timed))
            .unwrap();
        assert!(serde_json::from_value::<Timed>(with(timed, "clock", json!(1e16))).is_err());
    }
}
