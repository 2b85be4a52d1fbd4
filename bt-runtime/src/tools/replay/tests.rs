//! The replay's unit tests: the recorder's frames and the page's escapes.

// SPEC I6: the recorder fed by hand — paused and fresh recorders
// allocate nothing, events of any shape in any order never panic —
// and the escapes of the page. Real trees are recorded by the
// repository's `tests/replay.rs`, and the page is opened in Chromium by
// `tests/heavy/browser_replay.rs`.
use super::html::*;
use super::*;
use crate::base::shape::shape_node;
use crate::base::status::Exit;
use crate::trace_hook::Reject;
use core::fmt::{self, Write};

/// A tree `T` (a sequence over a leaf, a condition and a reference to
/// `S`) and a tree `S` (a sequence over two leaves).
static SHAPES: [NodeInfo; 7] = [
    shape_node(0, "root", "T", NodeKind::Sequence, 0, 0, "", 1, ""),
    shape_node(1, "a", "T", NodeKind::Behavior, 0, 1, "A", 2, ""),
    shape_node(2, "ok", "T", NodeKind::Condition, 0, 1, "", 3, ""),
    shape_node(3, "sub", "T", NodeKind::Subtree, 0, 1, "", 4, ""),
    shape_node(0, "root", "S", NodeKind::Sequence, 0, 0, "", 1, ""),
    shape_node(1, "x", "S", NodeKind::Behavior, 0, 1, "X", 2, ""),
    shape_node(2, "y", "S", NodeKind::Behavior, 0, 1, "Y", 3, ""),
];

fn t() -> &'static [NodeInfo] {
    &SHAPES[..4]
}

fn n(i: usize) -> &'static NodeInfo {
    &SHAPES[i]
}

fn feed(rec: &mut Recorder, events: &[TraceEvent]) {
    for &e in events {
        rec.event(e);
    }
}

fn names(rec: &Recorder) -> Vec<String> {
    let path = rec.last().map(Tick::path).unwrap_or_default();
    path.iter()
        .map(|n| format!("{}.{}", n.tree, n.name))
        .collect()
}

fn tick(events: &[TraceEvent]) -> Vec<TraceEvent> {
    let mut all = vec![TraceEvent::TickStart { now: 0.5 }];
    all.extend_from_slice(events);
    all.push(TraceEvent::TickEnd {
        status: Status::Running,
    });
    all
}

// SPEC I6
#[test]
fn i6_fresh_and_paused_recorders_allocate_nothing() {
    let fresh = Recorder::new();
    assert_eq!((fresh.ticks.capacity(), fresh.live.capacity()), (0, 0));
    let mut off = Recorder::paused();
    let events = tick(&[TraceEvent::Activated { node: n(0) }]);
    for _ in 0..10 {
        feed(&mut off, &events);
    }
    assert_eq!((off.ticks.capacity(), off.live.capacity()), (0, 0));
    assert!(off.is_empty());
    let mut paused = Recorder::with_limit(4);
    paused.pause();
    feed(&mut paused, &events);
    assert_eq!((paused.ticks.capacity(), paused.live.capacity()), (0, 0));
}

// SPEC I6
#[test]
fn i6_a_full_ring_reuses_the_vectors_of_the_oldest_tick() {
    let mut rec = Recorder::with_limit(2);
    let busy = tick(&[
        TraceEvent::Activated { node: n(0) },
        TraceEvent::Activated { node: n(1) },
    ]);
    for _ in 0..3 {
        feed(&mut rec, &busy);
    }
    let capacity = rec.ticks.capacity();
    let events = rec.ticks.iter().map(|t| t.events.capacity()).max();
    for _ in 0..100 {
        feed(&mut rec, &busy);
    }
    assert_eq!(rec.ticks.capacity(), capacity);
    assert_eq!(rec.ticks.iter().map(|t| t.events.capacity()).max(), events);
    assert_eq!(
        rec.ticks().map(Tick::number).collect::<Vec<_>>(),
        [101, 102]
    );
}

// SPEC I6, S1, L6
#[test]
fn i6_follows_a_subtree_and_a_running_condition() {
    let mut rec = Recorder::new();
    feed(
        &mut rec,
        &tick(&[
            TraceEvent::Activated { node: n(0) },
            TraceEvent::Ticked {
                node: n(2),
                status: Status::Running,
            },
        ]),
    );
    assert_eq!(names(&rec), ["T.root", "T.ok"]);
    feed(
        &mut rec,
        &tick(&[
            TraceEvent::Ticked {
                node: n(2),
                status: Status::Success,
            },
            TraceEvent::Activated { node: n(3) },
            TraceEvent::Activated { node: n(5) },
        ]),
    );
    assert_eq!(names(&rec), ["T.root", "T.sub", "S.x"]);
    // `sub` leaves: so does what is under it, unseen.
    let exit = Exit::Halted;
    feed(
        &mut rec,
        &tick(&[TraceEvent::Deactivated { node: n(3), exit }]),
    );
    assert_eq!(names(&rec), ["T.root"]);
    let html = to_html(t(), &rec, "t");
    assert!(html.contains(r#""path":[0,3,["S","x"]]"#), "{html}");
}

/// A deterministic generator.
struct Lcg(u64);
impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1);
        (self.0 >> 33) as usize % n
    }
}

/// Any event over any node, some with odd numbers.
fn any_event(rng: &mut Lcg, odd: &'static NodeInfo) -> TraceEvent {
    let node = if rng.below(8) == 0 {
        odd
    } else {
        &SHAPES[rng.below(SHAPES.len())]
    };
    let status = [Status::Running, Status::Success, Status::Failure][rng.below(3)];
    let score = [0.5, f32::NAN, f32::INFINITY, -0.0, 1e-30][rng.below(5)];
    match rng.below(12) {
        0 => TraceEvent::TickStart {
            now: [0.0, f64::NAN, 1e300][rng.below(3)],
        },
        1 => TraceEvent::TickEnd { status },
        2 => TraceEvent::Accepted { node, score },
        3 => TraceEvent::Rejected {
            node,
            reason: Reject::Decide(score),
        },
        4 => TraceEvent::Chose {
            node,
            index: usize::MAX,
            score,
        },
        5 | 6 => TraceEvent::Activated { node },
        7 => TraceEvent::Ticked { node, status },
        8 | 9 => TraceEvent::Deactivated {
            node,
            exit: [Exit::Halted, Exit::Completed(status)][rng.below(2)],
        },
        10 => TraceEvent::SubsetViolation { node },
        _ => TraceEvent::Log {
            node,
            message: "</script>\u{2028}\"\\\u{0}é🦀",
        },
    }
}

// SPEC I6
#[test]
fn i6_no_sequence_of_events_panics() {
    // A node whose numbers fit no shape: a parent after itself, a
    // depth beyond the path.
    static ODD: NodeInfo = shape_node(9, "odd", "T", NodeKind::Subtree, 7, 60000, "", 0, "");
    for seed in 0..200 {
        let mut rng = Lcg(seed);
        let mut rec = Recorder::with_limit(1 + rng.below(5));
        for _ in 0..300 {
            match rng.below(40) {
                0 => rec.pause(),
                1 => rec.resume(),
                2 => rec.clear(),
                3..=5 => rec.frame([0, 1, 2, 5, u64::MAX][rng.below(5)]),
                _ => rec.event(any_event(&mut rng, &ODD)),
            }
            let depths = rec.live.windows(2).all(|w| w[1].depth <= w[0].depth + 1);
            assert!(depths || rec.live.iter().any(|l| same(l.node, &ODD)));
        }
        for shape in [t(), &SHAPES[4..], &[][..], &SHAPES[..]] {
            let html = to_html(shape, &rec, "any");
            let data = html.split("id=\"replay-data\">").nth(1).unwrap();
            let data = &data[..data.find("</script>").unwrap()];
            json::check(data).unwrap_or_else(|at| panic!("bad JSON at {at}: {data}"));
        }
    }
}

// SPEC I6
#[test]
fn i6_escapes_text_for_json_and_html() {
    let mut out = String::new();
    json_str(&mut out, "a\"b\\c</script>&\n\t\u{1}\u{7f}\u{2028}é🦀").unwrap();
    assert_eq!(
        out,
        r#""a\"b\\c\u003c/script\u003e\u0026\n\t\u0001\u007f\u2028é🦀""#
    );
    let mut out = String::new();
    escape_html(&mut out, "<a href='x'>&\"</a>").unwrap();
    assert_eq!(out, "&lt;a href=&#39;x&#39;&gt;&amp;&quot;&lt;/a&gt;");
    let mut out = String::new();
    for x in [1.5, f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -0.0] {
        json_num(&mut out, x).unwrap();
        out.push(' ');
    }
    assert_eq!(out, r#"1.5 "NaN" "inf" "-inf" -0 "#);
    let mut out = String::new();
    json_score(&mut out, 0.1).unwrap();
    assert_eq!(out, "0.1", "an f32's own digits");
}

// SPEC I6, I2
#[test]
fn i6_writes_every_kind_of_event() {
    let cases: [(TraceEvent, &str); 12] = [
        (
            TraceEvent::Accepted {
                node: n(1),
                score: 2.0,
            },
            r#"{"k":"accepted","n":1,"score":2}"#,
        ),
        (
            TraceEvent::Rejected {
                node: n(1),
                reason: Reject::DecisionFlags,
            },
            r#"{"k":"rejected","n":1,"reason":"decision flags"}"#,
        ),
        (
            TraceEvent::Rejected {
                node: n(1),
                reason: Reject::StimuliFlags,
            },
            r#"{"k":"rejected","n":1,"reason":"stimuli flags"}"#,
        ),
        (
            TraceEvent::Rejected {
                node: n(1),
                reason: Reject::Vars,
            },
            r#"{"k":"rejected","n":1,"reason":"variables"}"#,
        ),
        (
            TraceEvent::Rejected {
                node: n(1),
                reason: Reject::Timer,
            },
            r#"{"k":"rejected","n":1,"reason":"timer not due"}"#,
        ),
        (
            TraceEvent::Rejected {
                node: n(0),
                reason: Reject::Delegate,
            },
            r#"{"k":"rejected","n":0,"reason":"no child accepted"}"#,
        ),
        (
            TraceEvent::Chose {
                node: n(0),
                index: 2,
                score: 0.25,
            },
            r#"{"k":"chose","n":0,"index":2,"score":0.25}"#,
        ),
        (
            TraceEvent::ActivateFailed { node: n(5) },
            r#"{"k":"activate_failed","o":["S","x"]}"#,
        ),
        (
            TraceEvent::Deactivated {
                node: n(1),
                exit: Exit::Completed(Status::Failure),
            },
            r#"{"k":"deactivated","n":1,"exit":"Failure"}"#,
        ),
        (
            TraceEvent::SubsetViolation { node: n(0) },
            r#"{"k":"subset_violation","n":0}"#,
        ),
        (
            TraceEvent::Log {
                node: n(3),
                message: "hi",
            },
            r#"{"k":"log","n":3,"message":"hi"}"#,
        ),
        (
            TraceEvent::TickStart { now: 1.0 },
            r#"{"k":"other","text":"TickStart { now: 1.0 }"}"#,
        ),
    ];
    for (event, expected) in cases {
        let mut out = String::new();
        write_event(&mut out, t(), &event).unwrap();
        assert_eq!(out, expected);
    }
}

// SPEC I6
#[test]
fn i6_a_failing_writer_stops_the_page() {
    struct Full;
    impl Write for Full {
        fn write_str(&mut self, _: &str) -> fmt::Result {
            Err(fmt::Error)
        }
    }
    assert!(write_html(&mut Full, t(), &Recorder::new(), "x").is_err());
}

/// A JSON syntax checker: enough to tell that the page's data parses.
mod json {
    /// `Ok` if `text` is one JSON value, else the byte where it breaks.
    pub fn check(text: &str) -> Result<(), usize> {
        let b = text.as_bytes();
        let at = value(b, space(b, 0))?;
        if space(b, at) == b.len() {
            Ok(())
        } else {
            Err(at)
        }
    }

    fn space(b: &[u8], mut at: usize) -> usize {
        while b.get(at).is_some_and(|c| c.is_ascii_whitespace()) {
            at += 1;
        }
        at
    }

    fn value(b: &[u8], at: usize) -> Result<usize, usize> {
        match b.get(at) {
            Some(b'{') => seq(b, at + 1, b'}', true),
            Some(b'[') => seq(b, at + 1, b']', false),
            Some(b'"') => string(b, at + 1),
            Some(b't') if b[at..].starts_with(b"true") => Ok(at + 4),
            Some(b'f') if b[at..].starts_with(b"false") => Ok(at + 5),
            Some(b'n') if b[at..].starts_with(b"null") => Ok(at + 4),
            Some(c) if *c == b'-' || c.is_ascii_digit() => {
                let end = at
                    + b[at..]
                        .iter()
                        .take_while(|c| matches!(c, b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9'))
                        .count();
                let number = std::str::from_utf8(&b[at..end]).map_err(|_| at)?;
                number.parse::<f64>().map(|_| end).map_err(|_| at)
            }
            _ => Err(at),
        }
    }

    fn string(b: &[u8], mut at: usize) -> Result<usize, usize> {
        loop {
            match b.get(at) {
                Some(b'"') => return Ok(at + 1),
                Some(b'\\') => {
                    at += match b.get(at + 1) {
                        Some(b'u') => 6,
                        Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => 2,
                        _ => return Err(at),
                    }
                }
                Some(c) if *c < 0x20 || *c == b'<' => return Err(at),
                Some(_) => at += 1,
                None => return Err(at),
            }
        }
    }

    fn seq(b: &[u8], at: usize, close: u8, keys: bool) -> Result<usize, usize> {
        let mut at = space(b, at);
        if b.get(at) == Some(&close) {
            return Ok(at + 1);
        }
        loop {
            if keys {
                if b.get(at) != Some(&b'"') {
                    return Err(at);
                }
                at = string(b, at + 1)?;
                at = space(b, at);
                if b.get(at) != Some(&b':') {
                    return Err(at);
                }
                at = space(b, at + 1);
            }
            at = space(b, value(b, at)?);
            match b.get(at) {
                Some(b',') => at = space(b, at + 1),
                Some(c) if *c == close => return Ok(at + 1),
                _ => return Err(at),
            }
        }
    }
}
