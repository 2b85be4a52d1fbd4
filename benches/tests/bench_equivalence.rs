//! The benchmarks compare the same work (SPEC F2, the benchmark plan): every
//! implementation of a scenario ends in the same world, and the ones with the
//! same semantics make the same user-hook calls.
//!
//! Sizes are modest because `cargo test` runs this unoptimized.

#[path = "../common/mod.rs"]
mod common;

use common::scenarios::{IMPLS, SCENARIOS};
use common::{Frames, CREATURE};

const AGENTS: usize = 128;
const TICKS: u32 = 1000;

/// Runs `imp` of the creature scenario; `None` if it is not built.
fn creature(imp: &str) -> Option<Box<dyn Frames>> {
    let mut w = common::creature(imp, AGENTS)?;
    w.frames(TICKS);
    Some(w)
}

// SPEC F2
#[test]
fn f2_creature_implementations_end_in_the_same_world() {
    let hand = creature("hand").expect("hand is always built");
    for imp in ["generated", "bonsai", "dyn", "player"] {
        let Some(other) = creature(imp) else {
            continue;
        };
        assert_eq!(
            other.checksum(),
            hand.checksum(),
            "{imp} ended in another world than hand"
        );
    }
    // The baseline runs the same world steps without a tree: a different
    // world, or the tree would be doing nothing.
    assert_ne!(creature("base").unwrap().checksum(), hand.checksum());
}

// SPEC F2
#[test]
fn f2_generated_hand_and_dyn_make_the_same_hook_calls() {
    let hand = creature("hand").unwrap();
    let per_tick = hand.hook_calls() as f64 / (AGENTS as f64 * f64::from(TICKS));
    assert!(per_tick > 4.0, "hook calls per agent-tick: {per_tick}");
    for imp in ["generated", "dyn", "player"] {
        if let Some(other) = creature(imp) {
            assert_eq!(other.hook_calls(), hand.hook_calls(), "{imp}");
        }
    }
    // bonsai restarts groups every tick, so it makes more calls.
    assert!(creature("bonsai").unwrap().hook_calls() > hand.hook_calls());
}

#[test]
fn the_generated_tree_is_benchmarked() {
    assert!(
        CREATURE
            .iter()
            .all(|imp| common::creature(imp, 1).is_some()),
        "an implementation of the creature scenario is missing"
    );
}

// SPEC F2
#[test]
fn f2_scenarios_generated_and_hand_do_the_same_work() {
    for scenario in SCENARIOS {
        let agents = if scenario == "cold" { 16 } else { AGENTS };
        let mut runs = IMPLS.iter().filter_map(|imp| {
            let mut w = common::scenarios::workload(scenario, imp, agents)?;
            w.frames(TICKS);
            Some((imp, w.checksum(), w.hook_calls()))
        });
        let Some(first) = runs.next() else {
            panic!("{scenario}: no implementation");
        };
        for other in runs {
            assert_eq!(
                (other.1, other.2),
                (first.1, first.2),
                "{scenario}: {} and {} differ",
                other.0,
                first.0
            );
        }
    }
}

// SPEC D8
#[test]
fn the_hand_random_machine_seeds_the_random_group_node() {
    use common::scenarios::random;
    let shape = random::generated::Lottery::shape();
    let node = &shape[random::NODE as usize];
    assert_eq!(node.kind, deciders::NodeKind::Random);
    assert_eq!(u64::from(node.id), random::NODE);
}

/// Which chore of a decider-group scenario's hand machine runs after each
/// tick, over `AGENTS` workers × `TICKS`: per chore, the ticks it ran; and
/// the ticks on which another chore took over from one that did not
/// complete.
fn chores<S>(
    mut state: impl FnMut() -> S,
    tick: fn(&mut S, &mut common::scenarios::Worker, &mut deciders::Frame) -> deciders::Status,
    running: fn(&S) -> Option<u32>,
) -> ([u64; 4], u64) {
    let mut ran = [0u64; 4];
    let mut takeovers = 0;
    let mut ctx = deciders::Frame::new(common::world::DT);
    for i in 0..AGENTS {
        let mut w = common::scenarios::Worker::new(i);
        let mut s = state();
        for _ in 0..TICKS {
            let before = running(&s);
            w.step();
            tick(&mut s, &mut w, &mut ctx);
            let after = running(&s);
            if let Some(k) = after {
                ran[k as usize] += 1;
            }
            // A chore completes when its index is in the roll's top bits.
            if let (Some(j), Some(k)) = (before, after) {
                if j != k && w.roll >> 29 != j {
                    takeovers += 1;
                }
            }
        }
    }
    (ran, takeovers)
}

// The decider-group scenarios exercise their decisions: every chore runs,
// and (for `scored`) rescoring hands over from a chore still running.
#[test]
fn scored_and_random_choices_change() {
    use common::scenarios::{random, scored};
    let (ran, takeovers) = chores(
        scored::hand::State::default,
        scored::hand::tick,
        |s| match s.active {
            scored::hand::Active::Fresh => None,
            scored::hand::Active::Dig(_) => Some(0),
            scored::hand::Active::Haul(_) => Some(1),
            scored::hand::Active::Build(_) => Some(2),
            scored::hand::Active::Rest(_) => Some(3),
        },
    );
    let total: u64 = ran.iter().sum();
    assert!(ran.iter().all(|&n| n * 8 > total), "scored: {ran:?}");
    assert!(takeovers * 50 > total, "scored: {takeovers} takeovers");

    let (ran, takeovers) = chores(
        random::seeded(random::hand::State::seeded),
        random::hand::tick,
        |s| match s.active {
            random::hand::Active::Fresh => None,
            random::hand::Active::Dig(_) => Some(0),
            random::hand::Active::Haul(_) => Some(1),
            random::hand::Active::Build(_) => Some(2),
            random::hand::Active::Rest(_) => Some(3),
        },
    );
    let total: u64 = ran.iter().sum();
    assert!(ran.iter().all(|&n| n * 8 > total), "random: {ran:?}");
    // `random` is not interrupted: a chore only ends by completing.
    assert_eq!(takeovers, 0, "random");
}

/// An agent of the scenarios compared by [`lockstep`]: how it is built
/// and stepped, and what the hook calls of a tick leave on it.
trait Marked {
    fn make(index: usize) -> Self;
    fn step(&mut self);
    /// Every counter, the work, and what the scenario adds.
    fn marks(&self) -> [u64; 6];
}

impl Marked for common::scenarios::Worker {
    fn make(index: usize) -> Self {
        Self::new(index)
    }
    fn step(&mut self) {
        common::scenarios::Worker::step(self);
    }
    fn marks(&self) -> [u64; 6] {
        [
            self.decides.get(),
            self.ticks,
            self.activations,
            self.deactivations,
            self.work,
            0,
        ]
    }
}

impl Marked for common::scenarios::stimuli::Wary {
    fn make(index: usize) -> Self {
        Self::new(index)
    }
    fn step(&mut self) {
        self.w.step();
    }
    fn marks(&self) -> [u64; 6] {
        let mut m = self.w.marks();
        m[5] = self.stimuli.flags().bits();
        m
    }
}

impl Marked for common::scenarios::events::Alert {
    fn make(index: usize) -> Self {
        Self::new(index)
    }
    fn step(&mut self) {
        self.w.step();
    }
    fn marks(&self) -> [u64; 6] {
        let mut m = self.w.marks();
        m[5] = self.events;
        m
    }
}

/// One implementation of a scenario for [`lockstep`]: the states, and
/// what runs after the world step of one agent-tick.
type Side<S, A, W> = (
    Vec<S>,
    fn(&mut S, &mut A, &mut deciders::Frame<W>) -> deciders::Status,
);

/// Runs the generated and the hand-written implementation of a scenario
/// side by side over `AGENTS` agents each for `TICKS` frames, each with
/// its own frame, and asserts after every agent-tick that both returned
/// the same status and left the same marks on their agent (the per-tick
/// log of hook calls, in counts). `look` sees each hand state after its
/// tick, `frame_end` both frames after each frame (and may play a game
/// system on them). Returns the hand side's
/// agents.
fn lockstep<A: Marked, W, G, H>(
    scenario: &str,
    frames: [&mut deciders::Frame<W>; 2],
    (mut gs, tick_g): Side<G, A, W>,
    (mut hs, tick_h): Side<H, A, W>,
    mut look: impl FnMut(&H, &A),
    mut frame_end: impl FnMut(&mut deciders::Frame<W>, &mut deciders::Frame<W>),
) -> Vec<A> {
    let [fg, fh] = frames;
    let mut ag: Vec<A> = (0..AGENTS).map(A::make).collect();
    let mut ah: Vec<A> = (0..AGENTS).map(A::make).collect();
    for t in 0..TICKS {
        for i in 0..AGENTS {
            ag[i].step();
            ah[i].step();
            let sg = tick_g(&mut gs[i], &mut ag[i], fg);
            let sh = tick_h(&mut hs[i], &mut ah[i], fh);
            assert_eq!(
                (sg, ag[i].marks()),
                (sh, ah[i].marks()),
                "{scenario}: generated and hand differ at tick {t} of agent {i}"
            );
            look(&hs[i], &ah[i]);
        }
        frame_end(fg, fh);
    }
    ah
}

// SPEC F2, V2, G1, D1, D2
#[test]
fn f2_stimuli_generated_and_hand_make_the_same_calls_every_tick() {
    use common::scenarios::stimuli::{generated, hand};
    let (mut flinching, mut interrupts, mut was_idle) = (0u64, 0u64, vec![false; AGENTS]);
    let mut agent = 0;
    let workers = lockstep(
        "stimuli",
        [
            &mut deciders::Frame::new(common::world::DT),
            &mut deciders::Frame::new(common::world::DT),
        ],
        (
            std::iter::repeat_with(generated::Startle::new)
                .take(AGENTS)
                .collect(),
            generated::agent_tick,
        ),
        (vec![hand::State::Fresh; AGENTS], hand::agent_tick),
        |s, _| {
            if let hand::State::Flinch(m) = s {
                flinching += 1;
                interrupts += u64::from(was_idle[agent] && m.since == 1);
            }
            was_idle[agent] = matches!(s, hand::State::Idle(_));
            agent = (agent + 1) % AGENTS;
        },
        |_, _| {},
    );
    let total = (AGENTS as u64) * u64::from(TICKS);
    // The hits interrupt the idle child and the flinch runs for a while.
    assert!(
        flinching * 20 > total && flinching * 2 < total,
        "{flinching}"
    );
    assert!(interrupts * 100 > total, "{interrupts} interrupts");
    let activations: u64 = workers.iter().map(|a| a.w.activations).sum();
    assert!(activations * 20 > total, "{activations}");
}

// SPEC F2, V4, G1, C4
#[test]
fn f2_events_generated_and_hand_make_the_same_calls_every_tick() {
    use common::scenarios::events::{generated, hand};
    let (mut chasing, mut alarmed) = (0u64, 0u64);
    let workers = lockstep(
        "events",
        [
            &mut deciders::Frame::new(common::world::DT),
            &mut deciders::Frame::new(common::world::DT),
        ],
        (
            std::iter::repeat_with(generated::Watch::new)
                .take(AGENTS)
                .collect(),
            generated::agent_tick,
        ),
        (vec![hand::State::default(); AGENTS], hand::agent_tick),
        |s, _| {
            chasing += u64::from(matches!(s.child, hand::Child::Chase(_)));
            alarmed += u64::from(s.alarmed);
        },
        |_, _| {},
    );
    let total = (AGENTS as u64) * u64::from(TICKS);
    // Both children run, and the events reach running behaviors.
    assert!(chasing * 5 > total && chasing * 5 < total * 4, "{chasing}");
    assert!(alarmed * 3 > total && alarmed * 3 < total * 2, "{alarmed}");
    let events: u64 = workers.iter().map(|w| w.events).sum();
    assert!(events * 20 > total, "{events} events delivered");
}

// SPEC F2, R8, C3
#[test]
fn f2_limit_generated_and_hand_make_the_same_calls_every_tick() {
    use common::scenarios::limit::{generated, hand, Door, MAX};
    let frame = || deciders::Frame::new(common::world::DT).with_world(Door::default());
    let (mut inside, mut outside, mut full) = (0u64, 0u64, 0u32);
    lockstep(
        "limit",
        [&mut frame(), &mut frame()],
        (
            std::iter::repeat_with(generated::Gate::new)
                .take(AGENTS)
                .collect(),
            |s, w, f| s.tick(w, f),
        ),
        (
            std::iter::repeat_with(hand::State::default)
                .take(AGENTS)
                .collect(),
            hand::tick,
        ),
        |s, _| match s {
            hand::State::Inside(..) => inside += 1,
            hand::State::Outside(_) => outside += 1,
            hand::State::Fresh => {}
        },
        |g, h| {
            // The same agents hold the same number of slots.
            let (g, h) = (g.world().door.in_use(), h.world().door.in_use());
            assert_eq!(g, h);
            assert!(h <= MAX);
            full += u32::from(h == MAX);
        },
    );
    // The door fills up, and the agents kept out haul.
    assert!(full * 2 > TICKS, "full on {full} frames");
    assert!(
        inside > 0 && outside > inside,
        "{inside} inside, {outside} outside"
    );
}

// SPEC R8: the hand machine's `MAX` is the tree's literal.
#[test]
fn the_limit_scenarios_max_is_the_trees() {
    use common::scenarios::limit::{generated, Door, MAX};
    let mut frame = deciders::Frame::new(common::world::DT).with_world(Door::default());
    let mut workers = common::scenarios::make_workers(2 * MAX as usize);
    let mut states: Vec<generated::Gate> = workers.iter().map(|_| generated::Gate::new()).collect();
    for (w, s) in workers.iter_mut().zip(&mut states) {
        w.roll = 1 << 29; // the dig does not complete
        s.tick(w, &mut frame);
    }
    assert_eq!(frame.world().door.in_use(), MAX);
}

// SPEC F2, V5, D1, D2
#[test]
fn f2_deferred_generated_and_hand_make_the_same_calls_every_tick() {
    use common::scenarios::deferred::{generated, hand, Animator, Stage};
    let frame = || deciders::Frame::new(common::world::DT).with_world(Stage::new(AGENTS));
    let (mut sys_g, mut sys_h) = (Animator::new(AGENTS), Animator::new(AGENTS));
    let (mut animating, mut flinching, mut refused) = (0u64, 0u64, 0u32);
    let workers = lockstep(
        "deferred",
        [&mut frame(), &mut frame()],
        (
            std::iter::repeat_with(generated::Play::new)
                .take(AGENTS)
                .collect(),
            |s, w, f| s.tick(w, f),
        ),
        (vec![hand::State::default(); AGENTS], hand::tick),
        |s, _| match s {
            hand::State::Anim(_) => animating += 1,
            hand::State::Flinch(_) => flinching += 1,
            hand::State::Fresh => {}
        },
        |g, h| {
            // The same launches and cancels, then the same game system.
            let (wg, wh) = (g.world_mut(), h.world_mut());
            assert_eq!(wg.anims.launches(), wh.anims.launches());
            assert_eq!(wg.anims.cancels(), wh.anims.cancels());
            refused += wh.anims.refused();
            sys_g.end_frame(wg);
            sys_h.end_frame(wh);
            assert_eq!(wg.done.len(), wh.done.len());
        },
    );
    assert_eq!(sys_g.checksum(), sys_h.checksum());
    let total = (AGENTS as u64) * u64::from(TICKS);
    // Animations play most of the time, flinches interrupt them (cancel
    // requests), some animations fail, nothing is refused.
    assert_eq!(refused, 0);
    assert!(animating * 10 > total * 7, "{animating} animating");
    assert!(flinching * 100 > total * 3, "{flinching} flinching");
    assert!(sys_h.cancelled * 200 > total, "{} cancels", sys_h.cancelled);
    assert!(
        sys_h.failed * 20 > sys_h.launched,
        "{} failed",
        sys_h.failed
    );
    assert!(sys_h.launched * 10 > total, "{} launches", sys_h.launched);
    let deactivations: u64 = workers.iter().map(|w| w.deactivations).sum();
    assert!(deactivations * 10 > total, "{deactivations}");
}

// SPEC F2, B1, V2, V4, G1, D1
#[test]
fn f2_brain_generated_and_hand_make_the_same_calls_every_tick() {
    use common::scenarios::brain::{generated, hand, Sentry};
    let (mut flinching, mut chasing, mut alarmed) = (0u64, 0u64, 0u64);
    let workers = lockstep(
        "brain",
        [
            &mut deciders::Frame::new(common::world::DT),
            &mut deciders::Frame::new(common::world::DT),
        ],
        (
            std::iter::repeat_with(generated::new_state)
                .take(AGENTS)
                .collect(),
            generated::agent_tick,
        ),
        (
            std::iter::repeat_with(hand::State::default)
                .take(AGENTS)
                .collect(),
            hand::agent_tick,
        ),
        |s, _| {
            let tree = s.player.tree();
            flinching += u64::from(tree.is_active("flinch"));
            chasing += u64::from(tree.is_active("chase"));
            alarmed += u64::from(tree.var(Sentry::ALARMED));
        },
        |_, _| {},
    );
    let total = (AGENTS as u64) * u64::from(TICKS);
    // The three children run, and the events set and clear the variable.
    assert!(
        flinching * 50 > total && flinching * 2 < total,
        "{flinching}"
    );
    assert!(chasing * 10 > total && chasing * 2 < total, "{chasing}");
    assert!(alarmed * 3 > total && alarmed * 3 < total * 2, "{alarmed}");
    let events: u64 = workers.iter().map(|w| w.events).sum();
    assert!(events * 20 > total, "{events} events delivered");
}
