//! The per-agent stimuli store (SPEC V2) and `#[derive(Stimulus)]`, update
//! by update, and guards on the flags it yields (SPEC G1, G3), tick by tick
//! with the exact hook log.
//!
//! The wiring is the one the docs give: before each tick the caller does
//! `frame.set_stimuli(agent.stimuli.update(frame.dt()))`.
//!
//! **Rounding.** Frames are `dt = 0.1` and timeouts `0.3`, as a game writes
//! them. Both are `f32`: `0.1_f32` is 0.10000000149…, `0.3_f32` is
//! 0.30000001192…, and three frames add up (in the store's `f64` clock) to
//! 0.30000000447…, below the timeout as an `f64`. The store compares at
//! `f32` precision, so the timeout is reached on the third update, as the
//! rule says; `v2_a_timeout_is_reached_on_the_update_whose_dt_sum_reaches_it`
//! also uses values exact in binary (0.25, 0.75), where no rounding is
//! involved.

use deciders::StimulusEntry as Entry;
use deciders::{batch, Behavior, Ctx, Exit, Flags, Frame, Status, Stimuli, Stimulus};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Stimulus)]
enum Stim {
    Hit,
    Invited,
    JustAte,
}

const HIT: Flags = Stim::Hit.flag();
const INVITED: Flags = Stim::Invited.flag();
const JUST_ATE: Flags = Stim::JustAte.flag();

/// Who hit me: an attacker's id.
type Store = Stimuli<Stim, u32>;

// ============================================================ the store

#[test]
fn v2_add_get_remove_and_replace() {
    // SPEC V2
    let mut s = Store::new();
    assert_eq!((s.flags(), s.len(), s.is_empty()), (Flags::EMPTY, 0, true));
    assert_eq!(s.add(Stim::Hit, 7, Some(1.0)), None);
    assert_eq!(s.add(Stim::Invited, 3, None), None);
    assert_eq!(s.get(Stim::Hit), Some(&7));
    assert_eq!(s.get(Stim::JustAte), None);
    assert!(s.contains(Stim::Hit) && !s.contains(Stim::JustAte));
    assert_eq!(
        (s.flags(), s.len(), s.is_empty()),
        (HIT | INVITED, 2, false)
    );
    // The same kind again: the payload is replaced and the old one returned.
    assert_eq!(s.add(Stim::Hit, 9, Some(1.0)), Some(7));
    assert_eq!(s.get(Stim::Hit), Some(&9));
    assert_eq!(s.len(), 2);
    *s.get_mut(Stim::Invited).unwrap() += 1;
    assert_eq!(
        s.iter().collect::<Vec<_>>(),
        [(Stim::Hit, &9), (Stim::Invited, &4)]
    );
    assert_eq!(s.remove(Stim::Hit), Some(9));
    assert_eq!(s.remove(Stim::Hit), None);
    assert_eq!(s.get_mut(Stim::Hit), None);
    assert_eq!(s.flags(), INVITED);
    s.clear();
    assert_eq!(s.flags(), Flags::EMPTY);
    assert_eq!(s, Store::new());
    assert_eq!(s.iter().count(), 0);
}

#[test]
fn v2_a_timeout_expires_on_the_update_where_it_is_reached() {
    // SPEC V2: dt = 0.1, timeout 0.3 (see the rounding note at the top).
    let mut s = Store::new();
    s.add(Stim::Hit, 7, Some(0.3));
    s.add(Stim::Invited, 1, None);
    assert_eq!(s.flags(), HIT | INVITED); // added: present before any update
    assert_eq!(s.update(0.1), HIT | INVITED); // 0.1 s since added
    assert_eq!(s.update(0.1), HIT | INVITED); // 0.2 s
    assert_eq!(s.get(Stim::Hit), Some(&7));
    assert_eq!(s.update(0.1), INVITED); // 0.3 s: reached, removed
    assert_eq!(s.get(Stim::Hit), None);
    assert_eq!(s.flags(), INVITED);
    assert_eq!(s.update(0.1), INVITED);
}

#[test]
fn v2_a_timeout_is_reached_on_the_update_whose_dt_sum_reaches_it() {
    // SPEC V2: values exact in binary; frames of different lengths; a
    // timeout between two frames goes with the frame that passes it.
    let mut s = Store::new();
    s.add(Stim::Hit, 1, Some(0.75));
    s.add(Stim::Invited, 2, Some(0.35));
    assert_eq!(s.update(0.25), HIT | INVITED); // 0.25
    assert_eq!(s.update(0.0), HIT | INVITED); // a frame of 0 moves nothing
    assert_eq!(s.update(0.25), HIT); // 0.5 passes 0.35
    assert_eq!(s.update(0.125), HIT); // 0.625
    assert_eq!(s.update(0.125), Flags::EMPTY); // 0.75: reached exactly

    // A timeout longer than the frames so far, added late.
    s.add(Stim::JustAte, 3, Some(0.3));
    assert_eq!(s.update(0.2), JUST_ATE);
    assert_eq!(s.update(0.2), Flags::EMPTY); // 0.4 passes 0.3
}

#[test]
fn v2_replacing_restarts_the_timeout() {
    // SPEC V2
    let mut s = Store::new();
    s.add(Stim::Hit, 7, Some(0.3));
    assert_eq!(s.update(0.1), HIT);
    assert_eq!(s.update(0.1), HIT); // 0.2 s since the first hit
    assert_eq!(s.add(Stim::Hit, 8, Some(0.3)), Some(7)); // hit again
    assert_eq!(s.update(0.1), HIT); // 0.3 s since the first, 0.1 since the second
    assert_eq!(s.update(0.1), HIT);
    assert_eq!(s.update(0.1), Flags::EMPTY); // 0.3 s since the second
                                             // A timeout replaced by none, and none by a timeout.
    s.add(Stim::Hit, 1, Some(0.1));
    s.add(Stim::Hit, 2, None);
    assert_eq!(s.update(10.0), HIT);
    s.add(Stim::Hit, 3, Some(0.1));
    assert_eq!(s.update(0.1), Flags::EMPTY);
}

#[test]
fn v2_a_stimulus_without_timeout_never_expires() {
    // SPEC V2: `None`, and `+∞`, which is the same.
    let mut s = Store::new();
    s.add(Stim::Hit, 7, None);
    s.add(Stim::Invited, 3, Some(f32::INFINITY));
    for _ in 0..1000 {
        assert_eq!(s.update(Frame::MAX_DT), HIT | INVITED);
    }
    assert_eq!(s.remove(Stim::Hit), Some(7));
    assert_eq!(s.update(0.1), INVITED);
}

#[test]
fn v2_bad_dt_counts_as_zero_and_a_huge_one_as_an_hour() {
    // SPEC V2, T2: `update` sanitizes `dt` as `Frame::new` does.
    let mut s = Store::new();
    s.add(Stim::Hit, 7, Some(0.3));
    for dt in [f32::NAN, -1.0, f32::INFINITY, f32::NEG_INFINITY, -0.0] {
        assert_eq!(s.update(dt), HIT, "dt {dt}");
    }
    assert_eq!(s.update(0.1), HIT);
    assert_eq!(s.update(0.2), Flags::EMPTY);

    s.add(Stim::Invited, 3, Some(7000.0)); // just under two hours
    assert_eq!(s.update(1e30), INVITED); // one hour
    assert_eq!(s.update(f32::MAX), Flags::EMPTY); // two hours
}

#[test]
fn v2_zero_negative_and_nan_timeouts_expire_at_the_next_update() {
    // SPEC V2: present in `flags()` until the next update, whatever its
    // `dt`, and in no update's result. Nothing panics.
    for timeout in [0.0, -0.0, -1.0, f32::NEG_INFINITY, f32::NAN] {
        let mut s = Store::new();
        assert_eq!(s.add(Stim::Hit, 7, Some(timeout)), None);
        assert_eq!(s.flags(), HIT, "timeout {timeout}");
        assert_eq!(s.get(Stim::Hit), Some(&7));
        assert_eq!(s.update(0.0), Flags::EMPTY, "timeout {timeout}");
        assert_eq!(s.get(Stim::Hit), None);
    }
}

#[test]
fn v2_the_store_is_a_value() {
    // SPEC V2: `Copy` with a `Copy` payload, `Clone`, `Debug`, `PartialEq`;
    // sized to the kinds.
    let mut a = Store::new();
    a.add(Stim::Hit, 7, Some(0.3));
    let b = a; // a copy
    a.update(0.1);
    assert_ne!(a, b); // less time left
    let mut c = b;
    c.update(0.1);
    assert_eq!(a, c);
    let shown = format!("{a:?}");
    assert!(shown.contains("Hit: Entry { payload: 7"), "{shown}");

    let mut names: Stimuli<Stim, String> = Stimuli::default();
    names.add(Stim::Invited, "tag".to_owned(), None);
    let copy = names.clone();
    assert_eq!(copy.get(Stim::Invited).map(String::as_str), Some("tag"));
    assert_eq!(copy, names);

    // Sized to the kinds: three slots, the kinds present, the clock.
    use std::mem::size_of;
    assert_eq!(
        size_of::<Stimuli<Stim, u32>>(),
        size_of::<[Option<Entry<u32>>; 3]>() + size_of::<Flags>() + size_of::<f64>()
    );
}

// ============================================================ the derive

#[derive(Clone, Copy, Debug, PartialEq, Stimulus)]
#[repr(u8)]
enum Ordered {
    Late = 200,
    Early = 3,
    Plain,
}

macro_rules! wide {
    ($($kind:ident)*) => {
        #[derive(Clone, Copy, Debug, PartialEq, Stimulus)]
        enum Wide { $($kind),* }
    };
}

wide!(
    K0 K1 K2 K3 K4 K5 K6 K7 K8 K9 K10 K11 K12 K13 K14 K15 K16 K17 K18 K19 K20 K21 K22 K23
    K24 K25 K26 K27 K28 K29 K30 K31 K32 K33 K34 K35 K36 K37 K38 K39 K40 K41 K42 K43 K44 K45
    K46 K47 K48 K49 K50 K51 K52 K53 K54 K55 K56 K57 K58 K59 K60 K61 K62 K63
);

/// The flags of `kinds`, through the trait (as code generic over sets).
fn flags_of<K: Stimulus>(kinds: &[K]) -> Flags {
    kinds.iter().fold(Flags::EMPTY, |all, k| all | k.flag())
}

#[test]
fn v2_the_derive_numbers_kinds_in_the_order_written() {
    // SPEC V2: by position, whatever the discriminants.
    assert_eq!(Ordered::COUNT, 3);
    assert_eq!(
        Ordered::ALL,
        [Ordered::Late, Ordered::Early, Ordered::Plain]
    );
    let indices: Vec<usize> = Ordered::ALL.iter().map(|k| k.index()).collect();
    assert_eq!(indices, [0, 1, 2]);
    assert_eq!(Ordered::Plain as u8, 4);
    const PLAIN: Flags = Ordered::Plain.flag();
    assert_eq!(PLAIN, Flags::bit(2));
    // The trait's `flag` is the inherent `const fn`'s.
    for k in Ordered::ALL {
        assert_eq!(Stimulus::flag(*k), k.flag());
    }
    assert_eq!(flags_of(Ordered::ALL), Flags(0b111));
    assert_eq!(
        (Stim::COUNT, flags_of(Stim::ALL)),
        (3, HIT | INVITED | JUST_ATE)
    );
}

#[test]
fn v2_a_set_holds_up_to_64_kinds() {
    // SPEC V2: the 64th kind is the last bit of the flags.
    assert_eq!(Wide::COUNT, 64);
    const LAST: Flags = Wide::K63.flag();
    assert_eq!(LAST, Flags::bit(63));
    assert_eq!(flags_of(Wide::ALL), Flags(u64::MAX));
    let mut s: Stimuli<Wide> = Stimuli::new();
    for (i, &k) in Wide::ALL.iter().enumerate() {
        s.add(k, (), Some(if i % 2 == 0 { 0.1 } else { 0.2 }));
    }
    assert_eq!(s.flags(), Flags(u64::MAX));
    assert_eq!(s.update(0.1), Flags(0xAAAA_AAAA_AAAA_AAAA));
    assert_eq!(s.iter().next().map(|(k, _)| k), Some(Wide::K1));
    assert_eq!(s.update(0.1), Flags::EMPTY);
}

// ============================================================ guards (G1)

/// An agent with its stimuli store and a hook log.
#[derive(Default)]
struct Agent {
    stimuli: Store,
    log: Vec<String>,
}

/// A behavior that logs its hooks and runs until halted.
struct Act(&'static str);

impl Behavior<Agent> for Act {
    fn activate(&mut self, a: &mut Agent, _: &mut Ctx) -> Status {
        a.log.push(format!("activate {}", self.0));
        Status::Running
    }
    fn tick(&mut self, a: &mut Agent, _: &mut Ctx) -> Status {
        a.log.push(format!("tick {}", self.0));
        Status::Running
    }
    fn deactivate(&mut self, a: &mut Agent, _: &mut Ctx, exit: Exit) {
        a.log.push(format!("deactivate {} ({exit:?})", self.0));
    }
}

/// Reads who hit the agent, hits back, and removes the stimulus it handled.
#[derive(Default)]
struct Retaliate;

impl Behavior<Agent> for Retaliate {
    fn tick(&mut self, a: &mut Agent, _: &mut Ctx) -> Status {
        match a.stimuli.remove(Stim::Hit) {
            Some(attacker) => a.log.push(format!("retaliate against {attacker}")),
            None => a.log.push("retaliate against nobody".to_owned()),
        }
        Status::Running
    }
    fn deactivate(&mut self, a: &mut Agent, _: &mut Ctx, exit: Exit) {
        a.log.push(format!("deactivate retaliate ({exit:?})"));
    }
}

/// Eats once, then does not eat again for 0.3 s: "I just did it".
#[derive(Default)]
struct Eat;

impl Behavior<Agent> for Eat {
    fn tick(&mut self, a: &mut Agent, _: &mut Ctx) -> Status {
        a.log.push("eat".to_owned());
        a.stimuli.add(Stim::JustAte, 0, Some(0.3));
        Status::Success
    }
}

/// One frame of 0.1 s for one agent: the store's update feeds the frame's
/// stimuli flags, then the tick. Returns the hook log of the tick.
fn step<T: deciders::Tree<Agent>>(tree: &mut T, agent: &mut Agent) -> Vec<String> {
    let mut frame = Frame::new(0.1);
    frame.set_stimuli(agent.stimuli.update(frame.dt()));
    tree.tick(agent, &mut frame);
    std::mem::take(&mut agent.log)
}

fn log(entries: &[&str]) -> Vec<String> {
    entries.iter().map(|e| e.to_string()).collect()
}

deciders::tree! {
    tree Startle for Agent {
        priority {
            flinch: when(stimuli_any(Stim::Hit.flag()), recheck) => Act("flinch"),
            idle: Act("idle"),
        }
    }
}

#[test]
fn v2_g1_a_guarded_child_runs_while_its_stimulus_lasts() {
    // SPEC V2, G1, G3: the hit interrupts IDLE; FLINCH runs while the
    // stimulus is present; its `recheck` stops it on the update that
    // expires the stimulus (0.3 s after the hit), and IDLE is chosen again.
    let (mut t, mut a) = (Startle::new(), Agent::default());
    assert_eq!(step(&mut t, &mut a), log(&["activate idle", "tick idle"]));
    a.stimuli.add(Stim::Hit, 7, Some(0.3)); // the game: a hit, between frames
    assert_eq!(
        step(&mut t, &mut a), // 0.1 s since the hit
        log(&["deactivate idle (Halted)", "activate flinch", "tick flinch"])
    );
    assert_eq!(step(&mut t, &mut a), log(&["tick flinch"])); // 0.2 s
    assert_eq!(
        step(&mut t, &mut a), // 0.3 s: expired before the tick
        log(&["deactivate flinch (Halted)", "activate idle", "tick idle"])
    );
    assert!(!a.stimuli.contains(Stim::Hit));
    assert_eq!(step(&mut t, &mut a), log(&["tick idle"]));
}

deciders::tree! {
    tree Stubborn for Agent {
        priority {
            flinch: when(stimuli_any(HIT)) => Act("flinch"),
            idle: Act("idle"),
        }
    }
}

#[test]
fn v2_g3_without_recheck_the_child_outlives_its_stimulus() {
    // SPEC V2, G3: hysteresis. The guard let FLINCH start; nothing checks
    // it again, so FLINCH runs on after the stimulus expired.
    let (mut t, mut a) = (Stubborn::new(), Agent::default());
    a.stimuli.add(Stim::Hit, 7, Some(0.1));
    assert_eq!(step(&mut t, &mut a), log(&["activate idle", "tick idle"])); // 0.1: gone
    a.stimuli.add(Stim::Hit, 7, Some(0.2));
    assert_eq!(
        step(&mut t, &mut a),
        log(&["deactivate idle (Halted)", "activate flinch", "tick flinch"])
    );
    assert_eq!(step(&mut t, &mut a), log(&["tick flinch"])); // expired
    assert_eq!(step(&mut t, &mut a), log(&["tick flinch"]));
}

deciders::tree! {
    tree Grudge for Agent {
        priority {
            retaliate: when(stimuli_any(Stim::Hit.flag()), recheck) => Retaliate,
            idle: Act("idle"),
        }
    }
}

#[test]
fn v2_g1_a_behavior_reads_the_payload_and_removes_the_stimulus_it_handled() {
    // SPEC V2, G1, G3: RETALIATE reads who hit the agent through the agent
    // and removes the stimulus. The frame of that tick still holds the
    // flags of its update; the next update has no HIT, so the guard no
    // longer passes and the recheck halts RETALIATE.
    let (mut t, mut a) = (Grudge::new(), Agent::default());
    assert_eq!(step(&mut t, &mut a), log(&["activate idle", "tick idle"]));
    a.stimuli.add(Stim::Hit, 42, Some(5.0));
    assert_eq!(
        step(&mut t, &mut a),
        log(&["deactivate idle (Halted)", "retaliate against 42"])
    );
    assert_eq!(a.stimuli.get(Stim::Hit), None);
    assert_eq!(
        step(&mut t, &mut a),
        log(&[
            "deactivate retaliate (Halted)",
            "activate idle",
            "tick idle"
        ])
    );
    assert_eq!(step(&mut t, &mut a), log(&["tick idle"]));
    // Hit again, by someone else.
    a.stimuli.add(Stim::Hit, 9, None);
    assert_eq!(
        step(&mut t, &mut a),
        log(&["deactivate idle (Halted)", "retaliate against 9"])
    );
}

deciders::tree! {
    tree Meals for Agent {
        priority {
            eat: when(stimuli_none(Stim::JustAte.flag())) => Eat,
            idle: Act("idle"),
        }
    }
}

#[test]
fn v2_g1_i_just_did_it_do_not_repeat_it() {
    // SPEC V2, G1, D2: EAT adds JUST_ATE for 0.3 s during its tick; the
    // masked redecide (D2) picks IDLE in that tick; the guard
    // `stimuli_none(JUST_ATE)` keeps EAT out until the update that expires
    // it, three frames after the meal, when EAT interrupts IDLE.
    let (mut t, mut a) = (Meals::new(), Agent::default());
    assert_eq!(
        step(&mut t, &mut a),
        log(&["eat", "activate idle", "tick idle"])
    );
    assert_eq!(step(&mut t, &mut a), log(&["tick idle"])); // 0.1 s since the meal
    assert_eq!(step(&mut t, &mut a), log(&["tick idle"])); // 0.2 s
    assert_eq!(
        step(&mut t, &mut a), // 0.3 s: expired
        log(&[
            "deactivate idle (Halted)",
            "eat",
            "activate idle",
            "tick idle"
        ])
    );
}

#[test]
fn v2_the_batch_wiring_is_one_line() {
    // SPEC V2, F4: the store in the agent, updated in the preparation step.
    let mut agents: Vec<Agent> = (0..3).map(|_| Agent::default()).collect();
    let mut states: Vec<Startle> = (0..3).map(|_| Startle::new()).collect();
    agents[1].stimuli.add(Stim::Hit, 7, Some(0.2));
    let mut frame = Frame::new(0.1);
    let mut logs = Vec::new();
    for _ in 0..3 {
        batch::tick_all(
            &mut states,
            &mut agents,
            &mut frame,
            |_, _, agent, frame| {
                frame.set_stimuli(agent.stimuli.update(frame.dt()));
            },
        );
        logs.push(std::mem::take(&mut agents[1].log));
    }
    assert_eq!(
        logs,
        [
            log(&["activate flinch", "tick flinch"]),
            log(&["deactivate flinch (Halted)", "activate idle", "tick idle"]),
            log(&["tick idle"]),
        ]
    );
    assert_eq!(agents[0].log, agents[2].log);
}
