//! What can wake each configuration of a tree (Z1), as the macro works it
//! out at compile time: the state type's `SLEEP` report, line by line.

use deciders::{Behavior, Ctx, Flags, Status, Stimulus};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Stimulus)]
enum Stim {
    Hurt,
}

#[derive(Clone, Copy, Debug, PartialEq)]
#[allow(dead_code)]
enum Call {
    Alarm,
    AllClear,
}

#[derive(Default)]
struct Npc {
    hp: f32,
    mode: u8,
}

impl Npc {
    fn hungry(&self) -> f32 {
        1.0 - self.hp
    }
    fn weak(&self) -> bool {
        self.hp < 0.5
    }
    fn mode(&self) -> u8 {
        self.mode
    }
}

const NIGHT: Flags = Flags::bit(0);

/// Runs for ever.
#[derive(Default)]
struct Act;
impl Behavior<Npc> for Act {
    fn tick(&mut self, _: &mut Npc, _: &mut Ctx) -> Status {
        Status::Running
    }
}

deciders::tree! {
    /// Guards over flags, stimuli and a variable, and timers: every
    /// configuration can sleep.
    tree Guard for Npc, events = Call, stimuli = Stim {
        var alarmed = set(Call::Alarm), clear(Call::AllClear);
        stamp raised = on(Call::Alarm);
        priority {
            retreat: when(stimuli_any(Stim::Hurt.flag())) => Act,
            alert: when(var(alarmed)) => fallback {
                chase: timeout(5.0) { Act },
                watch: wait(1.0),
            },
            sleep_in: when(any(NIGHT)) => wait_until(raised, more_than = 3.0),
            eat: when(every(2.0), decide = Npc::hungry) => Act,
            patrol: wait_for(Call::Alarm),
        }
    }
}

deciders::tree! {
    /// What the tree cannot see: a decide checked every tick, a reactive
    /// sequence, a switch, a `recheck` guard with a decide.
    tree Busy for Npc {
        priority {
            eat: when(decide = Npc::hungry) => Act,
            guard: reactive_sequence { condition(Npc::weak), Act },
            modes: switch(Npc::mode) {
                0 => delay(1.0) { Act },
                _ => recheck(decide = Npc::hungry) { wait(3.0) },
            },
        }
    }
}

#[test]
fn z1_guards_over_flags_stimuli_and_variables_and_timers_can_sleep() {
    assert_eq!(
        Guard::SLEEP,
        "\
root > retreat: sleeps when `retreat` waits; wakes on what it waits for
root > alert > chase > Act: sleeps when `Act` waits; wakes on what it waits for, the deadline of `timeout(5s)`, stimuli
root > alert > watch: sleeps; wakes on the deadline of `wait(1s)`, stimuli
root > sleep_in: sleeps; wakes on events, the deadline of `wait_until(raised, …)`, stimuli, var `alarmed`
root > eat: sleeps when `eat` waits; wakes on what it waits for, stimuli, var `alarmed`, decision flags
root > patrol: sleeps; wakes on events, stimuli, var `alarmed`, decision flags, the deadline of `every(2s)` on `eat`
"
    );
}

#[test]
fn z1_what_the_tree_cannot_see_never_sleeps_and_says_why() {
    assert_eq!(
        Busy::SLEEP,
        "\
root > eat: sleeps when `eat` waits; wakes on what it waits for
root > guard > Act: never sleeps: `guard` (reactive_sequence) ticks `condition` again every tick; the guard of `eat` calls `Npc::hungry` every tick
root > modes > delay: never sleeps: `modes` (switch) reads `Npc::mode` every tick; the guard of `eat` calls `Npc::hungry` every tick
root > modes > delay > Act: never sleeps: `modes` (switch) reads `Npc::mode` every tick; the guard of `eat` calls `Npc::hungry` every tick
root > modes > recheck > Wait: never sleeps: the guard of `Wait` calls `Npc::hungry` every tick; `modes` (switch) reads `Npc::mode` every tick; the guard of `eat` calls `Npc::hungry` every tick
"
    );
}

/// Ticks `state` `n` times: after each tick, its clock and when it next
/// needs a tick.
fn wakes<T: deciders::Tree<Npc>>(
    state: &mut T,
    npc: &mut Npc,
    frame: &mut deciders::Frame,
    n: usize,
) -> Vec<(f64, deciders::Wake)> {
    (0..n)
        .map(|_| {
            state.tick(npc, frame);
            (state.now(), state.wake())
        })
        .collect()
}

deciders::tree! {
    /// Built-in nodes that only pass their child through, around a wait.
    tree Passing for Npc, events = Call {
        stamp raised = on(Call::Alarm);
        sequence {
            if_time(raised, less_than = 10.0, or_never_set) { invert { invert { wait(2.0) } } },
            timeout(1.5) { wait_for(Call::AllClear) },
            Act,
        }
    }
}

/// Z2 at run time: after each tick, the tree says when it next needs one.
/// `if_time` (checked on entry only) and `invert` pass their child's
/// answer through; `timeout` adds its deadline to `wait_for`'s "never";
/// a behavior that says nothing polls.
#[test]
fn z2_built_in_nodes_say_when_the_tree_next_needs_a_tick() {
    use deciders::{Frame, Tree, Wake};
    let mut state = Passing::new();
    let mut npc = Npc::default();
    let frame = &mut Frame::new(0.5);
    // A frame's clock moves before its tick: the first tick is at 0.5.
    assert_eq!(
        wakes(&mut state, &mut npc, frame, 6),
        [
            (0.5, Wake::at(2.5)),
            (1.0, Wake::at(2.5)),
            (1.5, Wake::at(2.5)),
            (2.0, Wake::at(2.5)),
            // The wait is over at 2.5: `timeout(1.5)` starts.
            (2.5, Wake::at(4.0)),
            (3.0, Wake::at(4.0)),
        ]
    );
    let later = wakes(&mut state, &mut npc, frame, 3);
    // Timed out at 4.0: the tree completed, and the next tick starts it
    // again (a tree that is not running polls).
    assert_eq!(
        later,
        [
            (3.5, Wake::at(4.0)),
            (4.0, Wake::POLL),
            (4.5, Wake::at(6.5))
        ]
    );
    // The event `wait_for` waits for comes: `Act` runs, and polls.
    let mut brain = deciders::brain::Brain::new(Passing::new());
    for _ in 0..5 {
        brain.tick(&mut npc, frame);
    }
    assert_eq!(Tree::<Npc>::wake(&brain), Wake::at(4.0));
    let _ = brain.post(Call::AllClear);
    brain.tick(&mut npc, frame);
    assert_eq!(Tree::<Npc>::wake(&brain), Wake::POLL);
}

deciders::tree! {
    /// Waits for the alarm, then until 2 s after it.
    tree Later for Npc, events = Call {
        stamp raised = on(Call::Alarm);
        sequence {
            wait_for(Call::Alarm),
            wait_until(raised, more_than = 2.0),
            Act,
        }
    }
}

/// Z2: `wait_until` says when its test will hold: 2 s after the
/// timestamp; before it is set, never (only an event can set it).
#[test]
fn z2_wait_until_says_when_its_test_will_hold() {
    use deciders::{Frame, Tree, Wake};
    let mut brain = deciders::brain::Brain::new(Later::new());
    let mut npc = Npc::default();
    let frame = &mut Frame::new(0.25);
    brain.tick(&mut npc, frame);
    brain.tick(&mut npc, frame);
    assert_eq!(Tree::<Npc>::wake(&brain), Wake::NEVER);
    let _ = brain.post(Call::Alarm);
    // The tick at 0.75 s delivers the alarm, stamped at the clock it was
    // delivered at (0.5 s, before the tick's advance, B3): `wait_for`
    // succeeds, and `wait_until` waits until 2.5 s.
    brain.tick(&mut npc, frame);
    assert_eq!(
        (brain.tree().now(), brain.since(Later::RAISED)),
        (0.75, Some(0.25))
    );
    assert_eq!(Tree::<Npc>::wake(&brain), Wake::at(2.5));
    for _ in 0..7 {
        brain.tick(&mut npc, frame);
    }
    // 2.5 s: the test (strictly more than 2 s) does not hold yet.
    assert_eq!(brain.tree().now(), 2.5);
    assert_eq!(Tree::<Npc>::wake(&brain), Wake::at(2.5));
    brain.tick(&mut npc, frame);
    // 2.75 s: it held; `Act` runs and polls.
    assert_eq!(Tree::<Npc>::wake(&brain), Wake::POLL);
}

deciders::tree! {
    /// Rests; checks whether it is hungry once a second.
    tree Peckish for Npc {
        priority {
            eat: when(every(1.0), decide = Npc::hungry) => Act,
            rest: wait(10.0),
        }
    }
}

/// Z2: a guard checked again with `every(d)` wakes the tree when it is
/// next due, not every tick: its decide reads the agent, which the tree
/// cannot see, but it is called only then.
#[test]
fn z2_an_every_guard_checked_again_is_a_deadline() {
    use deciders::{Frame, Wake};
    let mut state = Peckish::new();
    let mut npc = Npc { hp: 1.0, mode: 0 };
    let frame = &mut Frame::new(0.25);
    // `eat` rejected at 0.25 s (its timer stamped): `rest` waits until
    // 10.25 s, and `eat`'s guard is due again at 1.25 s, then 2.25 s.
    assert_eq!(
        wakes(&mut state, &mut npc, frame, 6),
        [
            (0.25, Wake::at(1.25)),
            (0.5, Wake::at(1.25)),
            (0.75, Wake::at(1.25)),
            (1.0, Wake::at(1.25)),
            (1.25, Wake::at(2.25)),
            (1.5, Wake::at(2.25)),
        ]
    );
    let described = {
        let mut out = String::new();
        state.describe(&mut out).unwrap();
        out
    };
    assert!(
        described.contains("could sleep until 2.25 s"),
        "{described}"
    );
}

/// Waits for nothing but an input.
#[derive(Default)]
struct Still;
impl Behavior<Npc> for Still {
    fn wake(&self) -> deciders::Wake {
        deciders::Wake::NEVER
    }
}

deciders::tree! {
    /// Rescores its children every 0.5 s.
    tree Chooser for Npc {
        scored(rescore = 0.5) {
            eat: when(decide = Npc::hungry) => Still,
            nap: when(decide = |_: &Npc| 0.5) => Still,
        }
    }
}

/// Z2: a `scored` group with `rescore = d` wakes its tree when it next
/// rescores: its children's decides read the agent, and are called then.
#[test]
fn z2_a_scored_group_wakes_its_tree_when_it_rescores() {
    use deciders::{Frame, Tree, Wake};
    let mut state = Chooser::new();
    let mut npc = Npc { hp: 0.0, mode: 0 };
    let frame = &mut Frame::new(0.25);
    let mut seen = Vec::new();
    for k in 0..5 {
        // Hungry at first, then not: the rescoring at 0.75 s sees it.
        npc.hp = if k < 2 { 0.0 } else { 1.0 };
        state.tick(&mut npc, frame);
        let mut path = Vec::new();
        state.active_path(|n| path.push(n.name));
        seen.push((state.now(), path[1], Tree::<Npc>::wake(&state)));
    }
    assert_eq!(
        seen,
        [
            (0.25, "eat", Wake::at(0.75)),
            (0.5, "eat", Wake::at(0.75)),
            (0.75, "nap", Wake::at(1.25)),
            (1.0, "nap", Wake::at(1.25)),
            (1.25, "nap", Wake::at(1.75)),
        ]
    );
    // No configuration of it polls.
    assert!(Chooser::shape().iter().all(|n| !n.polls()));
}

deciders::tree! {
    /// `Peckish` inside another tree.
    tree Host for Npc {
        sequence { inner: subtree Peckish, Act }
    }
}

/// Z2: a tree used through `subtree` whose guards have `every(d)` keeps
/// the referencing tree awake: its timers, in its own persistent state,
/// are not at hand to the referencing tree's wake. On its own, it sleeps
/// until its deadlines (above).
#[test]
fn z2_a_subtree_with_every_guards_polls_inside_another_tree() {
    use deciders::{Frame, Tree, Wake};
    let mut state = Host::new();
    let mut npc = Npc { hp: 1.0, mode: 0 };
    let frame = &mut Frame::new(0.25);
    state.tick(&mut npc, frame);
    state.tick(&mut npc, frame);
    let mut path = Vec::new();
    state.active_path(|n| path.push(n.name));
    assert_eq!(path, ["root", "inner", "rest"]);
    assert_eq!(Tree::<Npc>::wake(&state), Wake::POLL);
}
