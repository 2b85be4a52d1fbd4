//! Replays (SPEC I6): what a `replay::Recorder` keeps of each tick of a
//! real tree — its clock, events, status and active path — checked tick by
//! tick; the active path it follows from the events checked against
//! `active_path` over many scripted ticks of trees of every kind, through
//! `subtree` references, halts and recorders made late; the limit ring; a
//! paused recorder; and the structure of the HTML page.

mod common;
use common::*;
use deciders::replay::{self, Recorder, Tick};
use deciders::Status::*;
use deciders::{Exit, Frame, NodeInfo, Status, TraceEvent, Tree};

deciders::tree! {
    /// Walks, and shouts when alerted.
    tree Guard for World {
        priority {
            alert: when(decide = d("alert")) => log(start = "</script><b>", success = "quiet \"again\"") {
                shout: Act("shout")
            },
            walk: sequence { step: Act("step"), look: Act("look") },
        }
    }
}

/// An event as text: `+ node`, `- node Success`, `- node halted`,
/// `accept node 1`, `reject node`, `tick node Running`, `log node: text`.
fn text(e: &TraceEvent) -> String {
    match *e {
        TraceEvent::Accepted { node, score, .. } => format!("accept {} {score}", node.name),
        TraceEvent::Rejected { node, .. } => format!("reject {}", node.name),
        TraceEvent::Chose { node, index, .. } => format!("{} chose #{index}", node.name),
        TraceEvent::Activated { node, .. } => format!("+ {}", node.name),
        TraceEvent::ActivateFailed { node, .. } => format!("! {}", node.name),
        TraceEvent::Ticked { node, status, .. } => format!("tick {} {status:?}", node.name),
        TraceEvent::Deactivated { node, exit, .. } => match exit {
            Exit::Completed(s) => format!("- {} {s:?}", node.name),
            Exit::Halted => format!("- {} halted", node.name),
            other => format!("- {} {other:?}", node.name),
        },
        TraceEvent::Log { node, message, .. } => format!("log {}: {message}", node.name),
        other => format!("{other:?}"),
    }
}

fn events(tick: &Tick) -> Vec<String> {
    tick.events().iter().map(text).collect()
}

fn names(tick: &Tick) -> Vec<&'static str> {
    tick.path().iter().map(|n| n.name).collect()
}

/// The active path of `state` as (tree, id) pairs.
fn path_of<T: Tree<World>>(state: &T) -> Vec<(&'static str, u16)> {
    let mut path = Vec::new();
    state.active_path(|n| path.push((n.tree, n.id)));
    path
}

fn pairs(path: &[&'static NodeInfo]) -> Vec<(&'static str, u16)> {
    path.iter().map(|n| (n.tree, n.id)).collect()
}

fn traced<T: Tree<World>>(state: &mut T, w: &mut World, rec: &mut Recorder) -> Status {
    let status = state.tick_traced(w, &mut Frame::new(0.1), rec);
    w.take();
    status
}

// SPEC I6, I2, L9
#[test]
fn i6_records_each_tick_its_clock_events_status_and_path() {
    let (mut w, mut state, mut rec) = (World::new(), Guard::new(), Recorder::new());
    // Tick 0: `alert` rejected, `walk` and `step` start.
    assert_eq!(traced(&mut state, &mut w, &mut rec), Running);
    // Tick 1: `step` completes, `look` starts.
    w.result("step", Success);
    traced(&mut state, &mut w, &mut rec);
    // Tick 2: the alert interrupts `walk` (halted), `alert` logs and starts.
    w.set("alert", 1.0);
    traced(&mut state, &mut w, &mut rec);
    // Tick 3: `shout` succeeds, so does `alert`; masked, it leaves the
    // priority to `walk` (D2).
    w.result("shout", Success);
    assert_eq!(traced(&mut state, &mut w, &mut rec), Running);
    // Tick 4: `look` succeeds, so does `walk`, and nothing else accepts:
    // the root completes.
    w.set("alert", -1.0).result("look", Success);
    assert_eq!(traced(&mut state, &mut w, &mut rec), Success);

    let ticks: Vec<&Tick> = rec.ticks().collect();
    assert_eq!(ticks.len(), 5);
    let numbers: Vec<u64> = ticks.iter().map(|t| t.number()).collect();
    assert_eq!(numbers, [0, 1, 2, 3, 4]);
    let clocks: Vec<f64> = ticks.iter().map(|t| t.now()).collect();
    assert_eq!(clocks, [0.0; 5], "Guard keeps no clock");
    let statuses: Vec<_> = ticks.iter().map(|t| t.status()).collect();
    assert_eq!(
        statuses,
        [
            Some(Running),
            Some(Running),
            Some(Running),
            Some(Running),
            Some(Success)
        ]
    );

    assert_eq!(
        events(ticks[0]),
        [
            "+ root",
            "reject alert",
            "+ walk",
            "+ step",
            "tick step Running"
        ]
    );
    assert_eq!(names(ticks[0]), ["root", "walk", "step"]);
    assert_eq!(
        events(ticks[1]),
        [
            "reject alert",
            "tick step Success",
            "- step Success",
            "+ look",
            "tick look Running"
        ]
    );
    assert_eq!(names(ticks[1]), ["root", "walk", "look"]);
    assert_eq!(
        events(ticks[2]),
        [
            "accept alert 1",
            "- look halted",
            "- walk halted",
            "+ alert",
            "log alert: </script><b>",
            "+ shout",
            "tick shout Running"
        ]
    );
    assert_eq!(names(ticks[2]), ["root", "alert", "shout"]);
    assert_eq!(
        events(ticks[3]),
        [
            "tick shout Success",
            "- shout Success",
            "log alert: quiet \"again\"",
            "- alert Success",
            "+ walk",
            "+ step",
            "tick step Success",
            "- step Success",
            "+ look",
            "tick look Running"
        ]
    );
    assert_eq!(names(ticks[3]), ["root", "walk", "look"]);
    assert_eq!(
        events(ticks[4]),
        [
            "reject alert",
            "tick look Success",
            "- look Success",
            "- walk Success",
            "reject alert",
            "- root Success"
        ]
    );
    assert!(ticks[4].path().is_empty(), "the root completed");
    let ids: Vec<u16> = ticks[2].path_in(Guard::shape()).collect();
    assert_eq!(ids, [0, 1, 2]);
}

// SPEC I6, T2
#[test]
fn i6_records_the_tree_clock() {
    deciders::tree! {
        tree Waits for World { sequence { wait(0.25), Act("after") } }
    }
    let (mut w, mut state, mut rec) = (World::new(), Waits::new(), Recorder::new());
    for _ in 0..5 {
        traced(&mut state, &mut w, &mut rec);
    }
    let clocks: Vec<f64> = rec.ticks().map(|t| t.now()).collect();
    assert_eq!(clocks.len(), 5);
    for (i, now) in clocks.iter().enumerate() {
        assert!((now - 0.1 * (i + 1) as f64).abs() < 1e-6, "{clocks:?}");
    }
    // `wait(0.25)` entered at 0.1 is done at 0.4 (the fourth tick).
    let paths: Vec<Vec<&str>> = rec.ticks().map(names).collect();
    assert_eq!(paths[2], ["root", "Wait"]);
    assert_eq!(paths[3], ["root", "Act"]);
}

// ================================================= the path, followed

/// Trees of every kind, some through `subtree` references (one of them
/// twice), for the path the recorder follows.
mod zoo {
    use crate::common::*;
    deciders::tree! {
        pub tree Patrol for World {
            sequence { walk: Act("walk"), look: Act("look") }
        }
        pub tree Dice for World {
            random {
                a: when(decide = d("a")) => Act("a"),
                b: when(decide = d("b")) => Act("b"),
                c: Act("c"),
            }
        }
        pub tree Everything for World {
            priority {
                flee: when(decide = d("flee")) => reactive_sequence {
                    condition(maybe("far")), run: Act("run"),
                },
                both: when(decide = d("both")) => parallel(all) {
                    left: subtree Patrol,
                    mid: Act("mid"),
                    right: subtree Patrol,
                },
                pick: when(decide = d("pick")) => sequence {
                    roll: subtree Dice,
                    ite: if_then_else { condition(is("ok")), yes: Act("yes"), no: Act("no") },
                },
                again_: when(decide = d("loop")) => while_do_else {
                    condition(is("more")), again: Act("again"), done: Act("done"),
                },
                timed: when(decide = d("timed")) => timeout(0.35) {
                    repeat(3) { fallback { Act("try"), invert { Act("other") } } }
                },
                swap: when(decide = d("swap")) => concurrent {
                    one: Act("one"), two: sequential { s1: Act("s1"), s2: Act("s2") },
                },
                idle: scored {
                    sit: when(decide = d("sit")) => Act("sit"),
                    nap: Act("nap"),
                },
            }
        }
    }
}

/// A small deterministic generator.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn pick<T: Copy>(&mut self, of: &[T]) -> T {
        of[(self.next() % of.len() as u64) as usize]
    }
}

const DECIDES: [&str; 12] = [
    "flee", "both", "pick", "loop", "timed", "swap", "sit", "a", "b", "far", "ok", "more",
];
const ACTS: [&str; 18] = [
    "run", "walk", "look", "mid", "a", "b", "c", "yes", "no", "again", "done", "try", "other",
    "one", "s1", "s2", "sit", "nap",
];

/// Changes a few scores and results at random.
fn stir(w: &mut World, rng: &mut Lcg) {
    for _ in 0..rng.next() % 4 {
        w.set(rng.pick(&DECIDES), rng.pick(&[-1.0, 0.0, 0.5, 1.0, 2.0]));
        w.result(
            rng.pick(&ACTS),
            rng.pick(&[Running, Running, Success, Failure]),
        );
    }
}

/// Ticks `T` for `ticks` ticks with a scripted world stirred at random,
/// now and then halting it without a trace, and checks after each tick
/// that the path the recorder followed is the state's.
fn follow<T: Tree<World>>(seed: u64, ticks: usize) -> usize {
    let (mut w, mut rng) = (World::new(), Lcg(seed));
    let mut state = T::with_seed(seed);
    let mut rec = Recorder::new();
    let mut longest = 0;
    for i in 0..ticks {
        stir(&mut w, &mut rng);
        if rng.next() % 29 == 0 {
            state.halt(&mut w, &mut Frame::new(0.1));
        }
        traced(&mut state, &mut w, &mut rec);
        let tick = rec.last().unwrap();
        assert_eq!(tick.number(), i as u64);
        assert_eq!(
            pairs(tick.path()),
            path_of(&state),
            "seed {seed}, tick {i}: {:?}",
            events(tick)
        );
        longest = longest.max(tick.path().len());
    }
    longest
}

// SPEC I6, I1, S1
#[test]
fn i6_the_path_followed_from_the_events_is_the_active_path() {
    let mut longest = 0;
    for seed in 0..40 {
        longest = longest.max(follow::<zoo::Everything>(seed, 150));
        follow::<Guard>(seed, 60);
        follow::<Figure1>(seed, 60);
    }
    assert!(longest >= 5, "the trees went deep: {longest}");
}

// SPEC I6, I1, S1
#[test]
fn i6_a_subtree_used_twice_in_parallel_keeps_both_paths() {
    let (mut w, mut rec) = (World::new(), Recorder::new());
    let mut state = zoo::Everything::new();
    w.set("both", 1.0);
    traced(&mut state, &mut w, &mut rec);
    let path: Vec<String> = rec
        .last()
        .unwrap()
        .path()
        .iter()
        .map(|n| format!("{}::{}", n.tree, n.name))
        .collect();
    assert_eq!(
        path,
        [
            "Everything::root",
            "Everything::both",
            "Everything::left",
            "Patrol::walk",
            "Everything::mid",
            "Everything::right",
            "Patrol::walk"
        ]
    );
    assert_eq!(pairs(rec.last().unwrap().path()), path_of(&state));
    // `walk` completes in both: each reference goes on to its own `look`.
    w.result("walk", Success);
    traced(&mut state, &mut w, &mut rec);
    assert_eq!(pairs(rec.last().unwrap().path()), path_of(&state));
    let ids: Vec<u16> = rec
        .last()
        .unwrap()
        .path_in(zoo::Everything::shape())
        .collect();
    assert_eq!(ids.len(), 5, "the nodes of `Patrol` are not `Everything`'s");
}

// SPEC I6, I1
#[test]
fn i6_a_late_recorder_knows_the_path_from_the_state() {
    let (mut w, mut state) = (World::new(), Guard::new());
    traced(&mut state, &mut w, &mut Recorder::paused());
    // Made after the tree started: it has seen no activation.
    let mut rec = Recorder::new();
    traced(&mut state, &mut w, &mut rec);
    assert!(rec.last().unwrap().path().is_empty());
    rec.path_from(&state);
    assert_eq!(names(rec.last().unwrap()), ["root", "walk", "step"]);
    // From then on it follows the events.
    w.result("step", Success);
    traced(&mut state, &mut w, &mut rec);
    assert_eq!(names(rec.last().unwrap()), ["root", "walk", "look"]);
    // Halted without a trace, then started again: the root's activation
    // tells the recorder that nothing was left.
    state.halt(&mut w, &mut Frame::new(0.1));
    w.set("alert", 1.0);
    traced(&mut state, &mut w, &mut rec);
    assert_eq!(names(rec.last().unwrap()), ["root", "alert", "shout"]);
}

// SPEC I6, T4
#[test]
fn i6_a_tick_that_panicked_is_kept_without_a_status() {
    use deciders::{Behavior, Ctx};
    struct Fuse {
        lit: bool,
    }
    #[derive(Default)]
    struct Bomb;
    impl Behavior<Fuse> for Bomb {
        fn tick(&mut self, fuse: &mut Fuse, _: &mut Ctx) -> Status {
            assert!(!fuse.lit, "boom");
            Running
        }
    }
    deciders::tree! {
        tree Mine for Fuse { sequence { bomb: Bomb } }
    }
    fn path_of_mine(state: &Mine) -> Vec<&'static str> {
        let mut path = Vec::new();
        state.active_path(|n| path.push(n.name));
        path
    }
    let (mut fuse, mut state, mut rec) = (Fuse { lit: false }, Mine::new(), Recorder::new());
    let tick = |fuse: &mut Fuse, state: &mut Mine, rec: &mut Recorder| {
        let run =
            std::panic::AssertUnwindSafe(|| state.tick_traced(fuse, &mut Frame::new(0.1), rec));
        std::panic::catch_unwind(run).ok()
    };
    assert_eq!(tick(&mut fuse, &mut state, &mut rec), Some(Running));
    fuse.lit = true;
    assert_eq!(tick(&mut fuse, &mut state, &mut rec), None);
    assert!(
        path_of_mine(&state).is_empty(),
        "a panic drops the state (T4)"
    );
    fuse.lit = false;
    assert_eq!(tick(&mut fuse, &mut state, &mut rec), Some(Running));
    let ticks: Vec<&Tick> = rec.ticks().collect();
    assert_eq!(ticks[1].status(), None, "the tick did not end");
    assert!(
        ticks[1].path().is_empty(),
        "nothing is active after the panic"
    );
    assert_eq!(names(ticks[2]), ["root", "bomb"]);
    assert_eq!(events(ticks[2]), ["+ root", "+ bomb", "tick bomb Running"]);
    let html = replay::to_html(Mine::shape(), &rec, "mine");
    assert!(data(&html).contains(r#"{"n":1,"f":1,"now":0,"status":null,"path":[],"#));
}

// ================================================= limit and pause

// SPEC I6
#[test]
fn i6_a_limit_keeps_the_last_ticks() {
    let (mut w, mut state) = (World::new(), Guard::new());
    let mut rec = Recorder::with_limit(3);
    assert_eq!(rec.limit(), Some(3));
    for i in 0..10 {
        w.result("step", if i == 8 { Success } else { Running });
        traced(&mut state, &mut w, &mut rec);
        assert_eq!(rec.len(), (i + 1).min(3));
    }
    let numbers: Vec<u64> = rec.ticks().map(|t| t.number()).collect();
    assert_eq!(numbers, [7, 8, 9]);
    let kept: Vec<Vec<String>> = rec.ticks().map(events).collect();
    assert_eq!(kept[0], ["reject alert", "tick step Running"]);
    assert_eq!(
        kept[1],
        [
            "reject alert",
            "tick step Success",
            "- step Success",
            "+ look",
            "tick look Running"
        ]
    );
    assert_eq!(kept[2], ["reject alert", "tick look Running"]);
    assert_eq!(names(rec.last().unwrap()), ["root", "walk", "look"]);

    // A limit of 0 keeps nothing, and still follows the path.
    let mut none = Recorder::with_limit(0);
    traced(&mut Guard::new(), &mut w, &mut none);
    assert!(none.is_empty() && none.last().is_none());
}

// SPEC I6
#[test]
fn i6_a_paused_recorder_records_nothing() {
    let (mut w, mut state) = (World::new(), Guard::new());
    let mut rec = Recorder::paused();
    assert!(!rec.is_recording());
    for _ in 0..5 {
        traced(&mut state, &mut w, &mut rec);
    }
    rec.path_from(&state);
    assert!(rec.is_empty());
    // Resumed: numbering starts at the first tick recorded; the path is
    // known once read from the state.
    rec.resume();
    traced(&mut state, &mut w, &mut rec);
    rec.path_from(&state);
    assert_eq!(rec.last().unwrap().number(), 0);
    assert_eq!(names(rec.last().unwrap()), ["root", "walk", "step"]);
    rec.pause();
    traced(&mut state, &mut w, &mut rec);
    assert_eq!(rec.len(), 1);
    rec.clear();
    assert!(rec.is_empty());
    let default = Recorder::default();
    assert!(default.is_recording() && default.limit().is_none());
}

// ================================================= the page

fn guard_replay() -> (Recorder, String) {
    let (mut w, mut state, mut rec) = (World::new(), Guard::new(), Recorder::new());
    traced(&mut state, &mut w, &mut rec);
    w.result("step", Success);
    traced(&mut state, &mut w, &mut rec);
    w.set("alert", 1.0);
    traced(&mut state, &mut w, &mut rec);
    let html = replay::to_html(Guard::shape(), &rec, "Guard <on> \"duty\" & more");
    (rec, html)
}

/// The JSON embedded in the page.
fn data(html: &str) -> &str {
    let start = html
        .find("<script type=\"application/json\" id=\"replay-data\">")
        .unwrap();
    let rest = &html[start..];
    let open = rest.find('>').unwrap() + 1;
    &rest[open..rest.find("</script>").unwrap()]
}

// SPEC I6
#[test]
fn i6_the_page_embeds_every_tick_and_needs_no_network() {
    let (rec, html) = guard_replay();
    assert!(html.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"));
    assert!(html.trim_end().ends_with("</html>"));
    assert!(!html.contains("http://") && !html.contains("https://"));
    assert!(
        !html.contains("src=") && !html.contains("<link"),
        "nothing loaded"
    );
    assert!(html.contains("<title>Guard &lt;on&gt; &quot;duty&quot; &amp; more</title>"));
    let json = data(&html);
    assert!(json.starts_with(
        r#"{"title":"Guard \u003con\u003e \"duty\" \u0026 more","tree":"Guard","nodes":["#
    ));
    assert!(json.contains(
        r#"{"id":2,"name":"shout","kind":"behavior","family":"leaf","parent":1,"depth":2,"behavior":"Act","#
    ));
    for tick in rec.ticks() {
        let n = tick.number();
        assert!(json.contains(&format!("{{\"n\":{n},\"f\":{n},\"now\":0,")));
    }
    assert!(json.contains(r#"{"n":0,"f":0,"now":0,"status":"Running","path":[0,3,4],"events":["#));
    assert!(json.contains(r#"{"n":2,"f":2,"now":0,"status":"Running","path":[0,1,2],"events":["#));
    assert!(json.contains(r#"{"k":"rejected","n":1,"reason":"decide","score":0}"#));
    assert!(json.contains(r#"{"k":"accepted","n":1,"score":1}"#));
    assert!(json.contains(r#"{"k":"deactivated","n":4,"exit":"Success"}"#));
    assert!(json.contains(r#"{"k":"deactivated","n":5,"exit":"Halted"}"#));
    assert!(json.contains(r#"{"k":"ticked","n":5,"status":"Running"}"#));
    // The script reads the ticks and draws them: the active class, the
    // node ids, the address.
    assert!(html.contains("\" active\"") && html.contains("data-node-id"));
    assert!(html.contains("frame=") && html.contains("tick="));
    assert!(
        json.contains("],\n\"paused\":[],\n\"ticks\":["),
        "nothing paused"
    );
}

// SPEC I6
#[test]
fn i6_a_log_message_cannot_end_the_script() {
    let (_, html) = guard_replay();
    // Two scripts, each closed once: the message's `</script>` is escaped.
    assert_eq!(html.matches("<script").count(), 2);
    assert_eq!(html.matches("</script>").count(), 2);
    assert!(
        data(&html).contains(r#"{"k":"log","n":1,"message":"\u003c/script\u003e\u003cb\u003e"}"#)
    );
    assert!(!html.contains("<b>"));
}

// SPEC I6
#[test]
fn i6_an_empty_recording_says_so() {
    let html = replay::to_html(Guard::shape(), &Recorder::new(), "empty");
    assert!(html.contains("No ticks were recorded."));
    assert!(data(&html).ends_with(r#""ticks":[]}"#));
    let bare = replay::to_html(&[], &Recorder::new(), "");
    assert!(bare.contains(r#"{"title":"","tree":"","nodes":[],"#));
    let mut out = String::new();
    replay::write_html(&mut out, &[], &Recorder::new(), "").unwrap();
    assert_eq!(out, bare);
}

// SPEC I6, S1
#[test]
fn i6_nodes_of_other_trees_are_listed_not_drawn() {
    let (mut w, mut rec) = (World::new(), Recorder::new());
    let mut state = zoo::Everything::new();
    w.set("both", 1.0);
    traced(&mut state, &mut w, &mut rec);
    let html = replay::to_html(zoo::Everything::shape(), &rec, "both");
    let json = data(&html);
    assert!(
        json.contains(r#""path":[0,4,5,["Patrol","walk"],6,7,["Patrol","walk"]]"#),
        "{json}"
    );
    assert!(json.contains(r#"{"k":"activated","o":["Patrol","walk"]}"#));
    // Drawn over a shape it was not recorded with, every node is another
    // tree's: nothing is drawn, nothing breaks.
    let other = replay::to_html(Guard::shape(), &rec, "wrong shape");
    assert!(data(&other).contains(r#"["Everything","root"]"#));
    assert!(!data(&other).contains(r#""n":0}"#));
}

// ================================================= game frames

/// The runs of paused frames of `rec`, as (first, last, before tick).
fn pauses(rec: &Recorder) -> Vec<(u64, u64, u64)> {
    rec.pauses()
        .map(|p| (*p.frames().start(), *p.frames().end(), p.before_tick()))
        .collect()
}

fn frames(rec: &Recorder) -> Vec<u64> {
    rec.ticks().map(Tick::frame).collect()
}

// SPEC I6, O2, O3
#[test]
fn i6_frames_a_paused_player_did_not_tick_are_recorded_as_paused() {
    use deciders::lifecycle::Player;
    let (mut w, mut rec) = (World::new(), Recorder::new());
    let mut player = Player::new(Guard::new());
    let frame = &mut Frame::new(0.1);
    let mut ticked = Vec::new();
    for number in 100..112 {
        rec.frame(number);
        match number {
            103 => player.pause(&mut w, frame),
            107 => player.resume(&mut w, frame),
            109 => player.stop(&mut w, frame),
            _ => {}
        }
        // Paused or stopped, the player ticks nothing: no event at all.
        if player.tick_traced(&mut w, frame, &mut rec).is_some() {
            ticked.push(number);
        }
        w.take();
    }
    assert_eq!(ticked, [100, 101, 102, 107, 108]);
    assert_eq!(frames(&rec), ticked);
    let numbers: Vec<u64> = rec.ticks().map(Tick::number).collect();
    assert_eq!(numbers, [0, 1, 2, 3, 4]);
    // 103–106 paused, between ticks 2 and 3; 109–110 stopped, after the
    // last tick; 111, the frame under way, is not known to be paused yet.
    assert_eq!(pauses(&rec), [(103, 106, 3), (109, 110, 5)]);
    assert_eq!(rec.pauses().map(|p| p.len()).collect::<Vec<_>>(), [4, 2]);
    // The path did not change while paused: tick 3 goes on where 2 was.
    let ticks: Vec<&Tick> = rec.ticks().collect();
    assert_eq!(names(ticks[2]), ["root", "walk", "step"]);
    assert_eq!(events(ticks[3]), ["reject alert", "tick step Running"]);

    let html = replay::to_html(Guard::shape(), &rec, "paused");
    let json = data(&html);
    assert!(
        json.contains(
            r#""paused":[{"before":3,"first":103,"last":106},{"before":5,"first":109,"last":110}],"#
        ),
        "{json}"
    );
    assert!(json.contains(r#"{"n":2,"f":102,"#) && json.contains(r#"{"n":3,"f":107,"#));
    assert!(html.contains("tree Guard · 5 ticks · 6 paused frames</div>"));
    // One more frame without a tick: 111 is paused now, joining 109–110.
    rec.frame(112);
    assert_eq!(pauses(&rec), [(103, 106, 3), (109, 111, 5)]);
}

// SPEC I6
#[test]
fn i6_frames_without_announcements_repeats_gaps_and_two_ticks_in_one_frame() {
    let (mut w, mut state, mut rec) = (World::new(), Guard::new(), Recorder::new());
    // Not told about frames: each tick is a frame, from 0; none is paused.
    for _ in 0..3 {
        traced(&mut state, &mut w, &mut rec);
    }
    assert_eq!(frames(&rec), [0, 1, 2]);
    // Announced: the same frame again changes nothing; two ticks in one
    // frame share it.
    rec.frame(10);
    rec.frame(10);
    traced(&mut state, &mut w, &mut rec);
    rec.frame(10);
    traced(&mut state, &mut w, &mut rec);
    rec.frame(11);
    rec.frame(11);
    rec.frame(12);
    traced(&mut state, &mut w, &mut rec);
    assert_eq!(frames(&rec), [0, 1, 2, 10, 10, 12]);
    // Frames 3–9 were not announced: not recorded, not paused.
    assert_eq!(pauses(&rec), [(11, 11, 5)]);
    // While the recorder is paused, frames are not its to know.
    rec.frame(13);
    rec.pause();
    rec.frame(14);
    traced(&mut state, &mut w, &mut rec);
    rec.frame(15);
    rec.resume();
    rec.frame(16);
    rec.frame(17);
    traced(&mut state, &mut w, &mut rec);
    assert_eq!(frames(&rec), [0, 1, 2, 10, 10, 12, 17]);
    // (The tick while the recorder was paused has no number.)
    assert_eq!(pauses(&rec), [(11, 11, 5), (16, 16, 6)]);
    rec.clear();
    assert!(rec.is_empty() && rec.pauses().next().is_none());
    // The numbering goes on after `clear`.
    rec.frame(18);
    traced(&mut state, &mut w, &mut rec);
    assert_eq!((frames(&rec), rec.last().unwrap().number()), (vec![18], 7));
}

// SPEC I6
#[test]
fn i6_a_limit_drops_the_pauses_with_their_ticks() {
    let (mut w, mut state) = (World::new(), Guard::new());
    let mut rec = Recorder::with_limit(2);
    // Ticks on even frames, odd frames paused.
    for number in 0..10 {
        rec.frame(number);
        if number % 2 == 0 {
            traced(&mut state, &mut w, &mut rec);
        }
        if number == 8 {
            // Ticks 3 and 4 kept: the pause before tick 2 went with it.
            assert_eq!(pauses(&rec), [(5, 5, 3), (7, 7, 4)]);
        }
    }
    rec.frame(10);
    assert_eq!(frames(&rec), [6, 8]);
    // The pauses before the kept ticks 3 (frame 6) and 4 (frame 8) are
    // kept, and the one after the last tick; those before the dropped
    // ticks went with them.
    assert_eq!(pauses(&rec), [(5, 5, 3), (7, 7, 4), (9, 9, 5)]);
    // Without ticks, at most one run more than the limit.
    for number in (12..30).step_by(2) {
        rec.frame(number);
    }
    assert_eq!(rec.pauses().count(), 3);
    assert_eq!(pauses(&rec).last(), Some(&(26, 26, 5)));
    let mut none = Recorder::with_limit(0);
    none.frame(1);
    none.frame(2);
    assert!(none.pauses().next().is_none());
}
