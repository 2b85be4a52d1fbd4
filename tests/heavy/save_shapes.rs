//! SPEC O6, R8, R9, V4: the nodes whose state is partly the program's
//! (`limit`, `wait_for`, `log`) save their run state only and continue
//! after a load; and a save carries its tree's shape fingerprint, so that
//! a save of a tree that changed since is refused (or, through
//! `save::Lenient`, loaded with what can be trusted and the rest
//! restarted).

use deciders::save::Lenient;
use deciders::{Behavior, Ctx, Exit, Frame, Resource, Status, Trace, TraceEvent};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// An agent that logs every hook call of its behaviors.
#[derive(Clone, Default, Debug, PartialEq, Serialize, Deserialize)]
struct Guest {
    log: Vec<String>,
}

/// Counts its ticks, succeeds every `every` ticks, logs each hook.
#[derive(Clone, Default, Debug, PartialEq, Serialize, Deserialize)]
struct Walk {
    id: u8,
    every: u32,
    ticks: u32,
}

impl Walk {
    fn new(id: u8, every: u32) -> Walk {
        Walk {
            id,
            every,
            ticks: 0,
        }
    }
}

impl<W> Behavior<Guest, W> for Walk {
    fn activate(&mut self, g: &mut Guest, _: &mut Ctx<W>) -> Status {
        g.log.push(format!("{} activate", self.id));
        Status::Running
    }
    fn tick(&mut self, g: &mut Guest, _: &mut Ctx<W>) -> Status {
        self.ticks += 1;
        let s = if self.ticks.is_multiple_of(self.every) {
            Status::Success
        } else {
            Status::Running
        };
        g.log
            .push(format!("{} tick {}: {s:?}", self.id, self.ticks));
        s
    }
    fn deactivate(&mut self, g: &mut Guest, _: &mut Ctx<W>, exit: Exit) {
        g.log.push(format!(
            "{} deactivate after {}: {exit:?}",
            self.id, self.ticks
        ));
    }
}

/// The game's world: one door, the resource of the `limit`.
struct Level {
    door: Resource,
}

fn door(l: &Level) -> &Resource {
    &l.door
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Sig {
    Open,
    Knock,
}

deciders::tree! {
    /// `limit`, `wait_for` and `log`: what could not be saved before.
    /// (`wait_for`'s pattern is a function: no `PartialEq`.)
    #[derive(Clone, Debug, Serialize, Deserialize)]
    tree Gate for Guest, world = Level, events = Sig {
        fallback {
            pass: log(start = "queue", success = "passed", failure = "turned away") {
                limit(door, 1) {
                    inside: sequence { wait_for(Sig::Open), Walk::new(1, 4) }
                }
            },
            idle: sequence { wait_for(Sig::Knock), Walk::new(2, 3) },
        }
    }
}

/// The trace events a test compares: deactivations and `log` messages.
#[derive(Default)]
struct Seen(Vec<String>);

impl Trace for Seen {
    fn event(&mut self, event: TraceEvent) {
        match event {
            TraceEvent::Deactivated { node, exit, .. } => {
                self.0.push(format!("{} {exit:?}", node.name));
            }
            TraceEvent::Log { node, message, .. } => {
                self.0.push(format!("{}: {message}", node.name));
            }
            TraceEvent::EntryRefused { node, .. } => {
                self.0.push(format!("{} refused", node.name));
            }
            _ => {}
        }
    }
}

/// What one frame shows: the status, the active path, the agent's hook
/// log, the trace, and how many are inside the door.
type Frame1 = (Status, Vec<&'static str>, Vec<String>, Vec<String>, u32);

/// Frame `t`: maybe an event before the tick, the tick, maybe one after.
fn frame(state: &mut Gate, guest: &mut Guest, door: &Resource, t: u32) -> Frame1 {
    let mut frame = Frame::new(1.0 / 30.0).with_world(Level { door: door.clone() });
    if t.is_multiple_of(5) {
        state.post(&Sig::Open, guest, &mut frame);
    }
    let mut seen = Seen::default();
    let status = state.tick_traced(guest, &mut frame, &mut seen);
    if t.is_multiple_of(7) {
        state.post(&Sig::Knock, guest, &mut frame);
        state.post(&Sig::Open, guest, &mut frame);
    }
    let mut path = Vec::new();
    state.active_path(|n| path.push(n.name));
    let log = std::mem::take(&mut guest.log);
    (status, path, log, seen.0, door.in_use())
}

// SPEC O6, R8, R9, V4
#[test]
fn o6_limit_wait_for_and_log_continue_after_a_load() {
    // Saved after every frame of a run: the `limit` holding its slot, a
    // `wait_for` waiting or having seen its event (posted after the tick),
    // a `log` running. Each load continues tick for tick as the saved
    // state, in a world of its own (the door is the game's: the loaded
    // state takes its slot again in its own door).
    let (mut held, mut seen_saved) = (0, 0);
    for save_at in 0..60 {
        let (door, mut guest, mut state) = (Resource::new(), Guest::default(), Gate::new());
        for t in 0..=save_at {
            frame(&mut state, &mut guest, &door, t);
        }
        let text = serde_json::to_string(&state).unwrap();
        held += usize::from(text.contains(r#"{"inside":true}"#));
        seen_saved += usize::from(text.contains(r#"{"seen":true}"#));
        // Only the run's state: no selector, no pattern, no message.
        assert!(
            !text.contains("turned away") && !text.contains("door"),
            "{text}"
        );
        let mut loaded: Gate = serde_json::from_str(&text).unwrap();
        let (door2, mut guest2) = (Resource::new(), guest.clone());
        for t in save_at + 1..save_at + 120 {
            let a = frame(&mut state, &mut guest, &door, t);
            let b = frame(&mut loaded, &mut guest2, &door2, t);
            assert_eq!(a, b, "frame {t} after a save at frame {save_at}");
        }
        let json = |s: &Gate| serde_json::to_string(s).unwrap();
        assert_eq!(json(&loaded), json(&state));
    }
    assert!(held > 10 && seen_saved > 0, "{held} {seen_saved}");
}

/// A `Gate` running inside the door, saved as JSON text, and its door.
fn saved_inside() -> (String, Guest) {
    let (door, mut guest, mut state) = (Resource::new(), Guest::default(), Gate::new());
    frame(&mut state, &mut guest, &door, 0); // Open, then `wait_for` sees it
    let f = frame(&mut state, &mut guest, &door, 1);
    assert_eq!(f.1, ["root", "pass", "limit", "inside", "Walk"]);
    assert_eq!(door.in_use(), 1);
    (serde_json::to_string(&state).unwrap(), guest)
}

// SPEC O6, R8: a loaded `limit` whose door has room takes its slot again
// at its first tick and goes on.
#[test]
fn o6_a_loaded_limit_takes_its_slot_again() {
    let (text, mut guest) = saved_inside();
    let mut loaded: Gate = serde_json::from_str(&text).unwrap();
    let door = Resource::new();
    assert_eq!(door.in_use(), 0, "a loaded state holds no slot");
    let f = frame(&mut loaded, &mut guest, &door, 2);
    assert_eq!(f.0, Status::Running);
    assert_eq!(f.1, ["root", "pass", "limit", "inside", "Walk"]);
    assert_eq!(f.2, ["1 tick 2: Running"]);
    assert_eq!(door.in_use(), 1);
    drop(loaded);
    assert_eq!(door.in_use(), 0, "and gives it back");
}

// SPEC O6, R8, R9: a loaded `limit` whose door is full at its first tick
// fails as if refused: its running child is halted first (deactivated,
// deepest first), then it completes with `Failure`, and the `log` above it
// says its failure message, taken from the tree.
#[test]
fn o6_a_loaded_limit_facing_a_full_door_fails() {
    let (text, mut guest) = saved_inside();
    let mut loaded: Gate = serde_json::from_str(&text).unwrap();
    let door = Resource::new();
    let other = door.try_acquire(1).expect("another agent gets in");
    let f = frame(&mut loaded, &mut guest, &door, 2);
    assert_eq!(f.0, Status::Running, "the fallback moves on");
    assert_eq!(f.1, ["root", "idle", "WaitFor"]);
    assert_eq!(f.2, ["1 deactivate after 1: Halted"]);
    assert_eq!(
        f.3,
        [
            "Walk Halted",
            "inside Halted",
            "limit Completed(Failure)",
            "pass: turned away",
            "pass Completed(Failure)",
        ]
    );
    assert_eq!(door.in_use(), 1, "the other agent's slot alone");
    drop(other);
}

mod v1 {
    use super::{Guest, Walk};
    use serde::{Deserialize, Serialize};

    #[derive(Clone, Copy, Debug, PartialEq)]
    pub enum Bell {
        Ring,
        Quiet,
    }

    deciders::tree! {
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        pub tree Guard for Guest, events = Bell {
            var ringing = set(Bell::Ring), clear(Bell::Quiet);
            stamp rung = on(Bell::Ring);
            sequence { Walk::new(1, 3), Walk::new(2, 2) }
        }
    }
}

mod v2 {
    use super::v1::Bell;
    use super::{Guest, Walk};
    use serde::{Deserialize, Serialize};

    deciders::tree! {
        /// `v1::Guard` with a `wait` added: its state now keeps a clock.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        pub tree Guard for Guest, events = Bell {
            var ringing = set(Bell::Ring), clear(Bell::Quiet);
            stamp rung = on(Bell::Ring);
            sequence { wait(1.0), Walk::new(1, 3), Walk::new(2, 2) }
        }
    }
}

mod v3 {
    use super::v1::Bell;
    use super::{Guest, Walk};
    use serde::{Deserialize, Serialize};

    deciders::tree! {
        /// `v1::Guard` with a second timestamp.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        pub tree Guard for Guest, events = Bell {
            var ringing = set(Bell::Ring), clear(Bell::Quiet);
            stamp rung = on(Bell::Ring);
            stamp hushed = on(Bell::Quiet);
            sequence { Walk::new(1, 3), Walk::new(2, 2) }
        }
    }
}

/// A `v1::Guard` in the middle of a run, its bell rung: saved as JSON text.
fn v1_save() -> String {
    let (mut guest, mut state) = (Guest::default(), v1::Guard::new());
    let mut frame = Frame::new(0.25);
    state.tick(&mut guest, &mut frame);
    state.post(&v1::Bell::Ring, &mut guest, &mut frame);
    state.tick(&mut guest, &mut frame);
    assert!(state.is_running());
    serde_json::to_string(&state).unwrap()
}

/// The fingerprint a save carries.
fn fingerprint(text: &str) -> u64 {
    let v: Value = serde_json::from_str(text).unwrap();
    v["machine"]["fingerprint"].as_u64().expect("a fingerprint")
}

// SPEC O6: a save begins with its tree's shape fingerprint and name.
#[test]
fn o6_a_save_begins_with_its_fingerprint_and_tree() {
    let text = v1_save();
    let head = format!(
        r#"{{"machine":{{"fingerprint":{},"tree":"Guard","#,
        fingerprint(&text)
    );
    assert!(text.starts_with(&head), "{text}");
    // The same tree, the same fingerprint; another shape, another one.
    let again = serde_json::to_string(&v1::Guard::new()).unwrap();
    let v2 = serde_json::to_string(&v2::Guard::new()).unwrap();
    let v3 = serde_json::to_string(&v3::Guard::new()).unwrap();
    assert_eq!(fingerprint(&again), fingerprint(&text));
    assert_ne!(fingerprint(&v2), fingerprint(&text));
    assert_ne!(fingerprint(&v3), fingerprint(&text));
    assert_ne!(fingerprint(&v3), fingerprint(&v2));
}

// SPEC O6: a save of another shape is refused, naming the tree and both
// fingerprints, before anything else of it is read: not the `invalid type`
// of the clock that `v2` keeps and `v1` did not.
#[test]
fn o6_a_save_of_another_shape_is_refused_first() {
    let text = v1_save();
    let (saved, ours) = (
        fingerprint(&text),
        fingerprint(&serde_json::to_string(&v2::Guard::new()).unwrap()),
    );
    let err = serde_json::from_str::<v2::Guard>(&text).unwrap_err();
    let column = text.find(r#","tree""#).unwrap();
    assert_eq!(
        err.to_string(),
        format!(
            "save of tree `Guard` has shape fingerprint {saved:#018x}, this program's `Guard` has {ours:#018x}: the tree changed since the save at line 1 column {column}"
        )
    );
    // Past the fingerprint, the save would have failed on what it holds,
    // as an error that does not say why.
    let forged = text.replacen(&saved.to_string(), &ours.to_string(), 1);
    let err = serde_json::from_str::<v2::Guard>(&forged).unwrap_err();
    assert!(
        err.to_string().starts_with("unknown variant `Walk0`"),
        "{err}"
    );
}

// SPEC O6: a save without a fingerprint is refused.
#[test]
fn o6_a_save_without_a_fingerprint_is_refused() {
    let text = v1_save();
    let bare = text.replacen(&format!(r#""fingerprint":{},"#, fingerprint(&text)), "", 1);
    assert!(!bare.contains("fingerprint"));
    let err = serde_json::from_str::<v1::Guard>(&bare).unwrap_err();
    assert!(
        err.to_string().starts_with("missing field `fingerprint`"),
        "{err}"
    );
    let quiet = v1::Bell::Quiet; // the other event of the header
    assert_ne!(quiet, v1::Bell::Ring);
    // Nor anywhere in a map whose keys were reordered.
    let mut sorted: Value = serde_json::from_str(&text).unwrap();
    sorted["machine"]
        .as_object_mut()
        .unwrap()
        .remove("fingerprint");
    let err = serde_json::from_value::<v1::Guard>(sorted).unwrap_err();
    assert_eq!(err.to_string(), "missing field `fingerprint`");
    // A reordered save of this shape loads.
    let sorted: Value = serde_json::from_str(&text).unwrap();
    let strict: v1::Guard = serde_json::from_str(&text).unwrap();
    assert_eq!(serde_json::from_value::<v1::Guard>(sorted).unwrap(), strict);
}

// SPEC O6: the lenient load keeps the clock, the variables, the seed and
// the timestamps (as many as the tree declares) of a save of another
// shape, restarts the active path and the persistent state, and says so.
#[test]
fn o6_a_lenient_load_restarts_what_it_cannot_trust() {
    let text = v1_save();
    let strict: v1::Guard = serde_json::from_str(&text).unwrap();
    // The same shape: the strict load, nothing restarted.
    let same: Lenient<v1::Guard> = serde_json::from_str(&text).unwrap();
    assert_eq!((&same.state, same.restarted.len()), (&strict, 0));

    // A `wait` added: kept the clock, the variables and the timestamp.
    let patched: Lenient<v2::Guard> = serde_json::from_str(&text).unwrap();
    assert_eq!(patched.restarted, ["active", "persist"]);
    let state = patched.state;
    assert!(!state.is_running());
    assert_eq!(state.vars(), strict.vars());
    assert_eq!(state.vars().bits(), 1);
    assert_eq!((state.now(), strict.now()), (0.5, 0.5));
    assert_eq!(state.since(v2::Guard::RUNG), Some(0.25));
    // It runs from the root, as a fresh state.
    let (mut g1, mut g2) = (Guest::default(), Guest::default());
    let mut fresh = v2::Guard::new();
    let mut state = state;
    for _ in 0..20 {
        let mut f = Frame::new(0.25);
        assert_eq!(state.tick(&mut g1, &mut f), fresh.tick(&mut g2, &mut f));
    }
    assert_eq!(g1, g2);

    // A timestamp added: the save's one no longer fits, and restarts.
    let patched: Lenient<v3::Guard> = serde_json::from_str(&text).unwrap();
    assert_eq!(patched.restarted, ["active", "persist", "stamps"]);
    assert_eq!(patched.state.since(v3::Guard::RUNG), None);
    assert_eq!(patched.state.vars(), strict.vars());

    // What no run writes is still refused.
    let bad = text.replace(r#""stamps":[0.25]"#, r#""stamps":[-1.0]"#);
    assert_ne!(bad, text);
    assert!(serde_json::from_str::<Lenient<v2::Guard>>(&bad).is_err());
}
