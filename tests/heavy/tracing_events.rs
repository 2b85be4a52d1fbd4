//! SPEC I2: `trace::Tracing` (cargo feature `tracing`) sends every event of
//! a tick to the `tracing` crate, inside a span per tick. A subscriber
//! written here records every span, enter, exit, close and event with its
//! level, target and fields, and the test compares them tick by tick.

use std::fmt::{self, Write as _};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use deciders::trace::Tracing;
use deciders::{Behavior, Ctx, Frame, Status};
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::{Event, Metadata, Subscriber};

/// Every field as ` name=value`.
struct Fields(String);

impl Visit for Fields {
    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        let _ = write!(self.0, " {}={value:?}", field.name());
    }
    fn record_str(&mut self, field: &Field, value: &str) {
        let _ = write!(self.0, " {}={value}", field.name());
    }
    fn record_f64(&mut self, field: &Field, value: f64) {
        let _ = write!(self.0, " {}={value}", field.name());
    }
    fn record_u64(&mut self, field: &Field, value: u64) {
        let _ = write!(self.0, " {}={value}", field.name());
    }
}

/// Records what it is told as lines; events say which span they are in.
#[derive(Clone, Default)]
struct Collect {
    lines: Arc<Mutex<Vec<String>>>,
    entered: Arc<Mutex<Vec<u64>>>,
    next: Arc<AtomicU64>,
}

impl Collect {
    fn push(&self, line: String) {
        self.lines.lock().unwrap().push(line);
    }

    fn take(&self) -> Vec<String> {
        std::mem::take(&mut *self.lines.lock().unwrap())
    }
}

impl Subscriber for Collect {
    fn enabled(&self, _: &Metadata<'_>) -> bool {
        true
    }
    fn new_span(&self, span: &Attributes<'_>) -> Id {
        let id = self.next.fetch_add(1, Ordering::Relaxed) + 1;
        let mut fields = Fields(String::new());
        span.record(&mut fields);
        let m = span.metadata();
        self.push(format!(
            "span {id} {} {} {}{}",
            m.level(),
            m.target(),
            m.name(),
            fields.0
        ));
        Id::from_u64(id)
    }
    fn record(&self, span: &Id, values: &Record<'_>) {
        let mut fields = Fields(String::new());
        values.record(&mut fields);
        self.push(format!("record {}{}", span.into_u64(), fields.0));
    }
    fn record_follows_from(&self, _: &Id, _: &Id) {}
    fn event(&self, event: &Event<'_>) {
        let mut fields = Fields(String::new());
        event.record(&mut fields);
        let m = event.metadata();
        let inside = match self.entered.lock().unwrap().last() {
            Some(id) => format!(" (in {id})"),
            None => String::new(),
        };
        self.push(format!("{} {}{}{inside}", m.level(), m.target(), fields.0));
    }
    fn enter(&self, span: &Id) {
        self.entered.lock().unwrap().push(span.into_u64());
        self.push(format!("enter {}", span.into_u64()));
    }
    fn exit(&self, span: &Id) {
        self.entered.lock().unwrap().pop();
        self.push(format!("exit {}", span.into_u64()));
    }
    fn try_close(&self, span: Id) -> bool {
        self.push(format!("close {}", span.into_u64()));
        true
    }
}

#[derive(Default)]
struct Guard {
    alarm: f32,
    step: Option<Status>,
}

#[derive(Default)]
struct Step;
impl Behavior<Guard> for Step {
    fn tick(&mut self, g: &mut Guard, _: &mut Ctx) -> Status {
        g.step.unwrap_or(Status::Running)
    }
}

#[derive(Default)]
struct Look;
impl Behavior<Guard> for Look {}

#[derive(Default)]
struct Shout;
impl Behavior<Guard> for Shout {}

fn alarm(g: &Guard) -> f32 {
    g.alarm
}

deciders::tree! {
    tree Patrol for Guard {
        priority {
            alert: when(decide = alarm) => log(start = "alarm!") { shout: Shout },
            walk: sequence { step: Step, look: Look },
        }
    }
    tree Pick for Guard {
        scored { a: when(decide = |_: &Guard| 0.25) => Look, b: when(decide = |_: &Guard| 0.5) => Look }
    }
}

fn lines(expected: &[&str]) -> Vec<String> {
    expected.iter().map(|s| s.to_string()).collect()
}

// SPEC I2, L9, D1, R9
#[test]
fn i2_tracing_events_and_spans_tick_by_tick() {
    let collect = Collect::default();
    let seen = collect.clone();
    tracing::subscriber::with_default(collect, || {
        let (mut guard, mut state) = (
            Guard {
                alarm: -1.0,
                step: None,
            },
            Patrol::new(),
        );
        let mut tracing = Tracing::new();
        let mut tick = |guard: &mut Guard| {
            state.tick_traced(guard, &mut Frame::new(0.1), &mut tracing);
            seen.take()
        };
        let tr = "TRACE deciders::tick";
        let dbg = "DEBUG deciders::transition";
        let patrol = "tree=Patrol";
        assert_eq!(
            tick(&mut guard),
            lines(&[
                "span 1 TRACE deciders::tick tick now=0",
                "enter 1",
                &format!("{tr} event=tick_start now=0 (in 1)"),
                &format!("{dbg} event=activated node=root {patrol} kind=priority (in 1)"),
                &format!("TRACE deciders::decision event=rejected node=alert {patrol} kind=log reason=decide score=-1 (in 1)"),
                &format!("{dbg} event=activated node=walk {patrol} kind=sequence (in 1)"),
                &format!("{dbg} event=activated node=step {patrol} kind=behavior (in 1)"),
                &format!("{tr} event=ticked node=step {patrol} kind=behavior status=Running (in 1)"),
                &format!("{tr} event=tick_end status=Running (in 1)"),
                "record 1 status=Running",
                "exit 1",
                "close 1",
            ])
        );
        guard.step = Some(Status::Success);
        assert_eq!(
            tick(&mut guard),
            lines(&[
                "span 2 TRACE deciders::tick tick now=0",
                "enter 2",
                &format!("{tr} event=tick_start now=0 (in 2)"),
                &format!("TRACE deciders::decision event=rejected node=alert {patrol} kind=log reason=decide score=-1 (in 2)"),
                &format!("{tr} event=ticked node=step {patrol} kind=behavior status=Success (in 2)"),
                &format!("{dbg} event=deactivated node=step {patrol} kind=behavior exit=Success (in 2)"),
                &format!("{dbg} event=activated node=look {patrol} kind=behavior (in 2)"),
                &format!("{tr} event=ticked node=look {patrol} kind=behavior status=Running (in 2)"),
                &format!("{tr} event=tick_end status=Running (in 2)"),
                "record 2 status=Running",
                "exit 2",
                "close 2",
            ])
        );
        // The alarm preempts the walk (D1): halted, deepest first (L9).
        guard.alarm = 0.5;
        assert_eq!(
            tick(&mut guard),
            lines(&[
                "span 3 TRACE deciders::tick tick now=0",
                "enter 3",
                &format!("{tr} event=tick_start now=0 (in 3)"),
                &format!("TRACE deciders::decision event=accepted node=alert {patrol} kind=log score=0.5 (in 3)"),
                &format!("{dbg} event=deactivated node=look {patrol} kind=behavior exit=Halted (in 3)"),
                &format!("{dbg} event=deactivated node=walk {patrol} kind=sequence exit=Halted (in 3)"),
                &format!("{dbg} event=activated node=alert {patrol} kind=log (in 3)"),
                &format!("INFO deciders::transition event=log node=alert {patrol} kind=log message=alarm! (in 3)"),
                &format!("{dbg} event=activated node=shout {patrol} kind=behavior (in 3)"),
                &format!("{tr} event=ticked node=shout {patrol} kind=behavior status=Running (in 3)"),
                &format!("{tr} event=tick_end status=Running (in 3)"),
                "record 3 status=Running",
                "exit 3",
                "close 3",
            ])
        );
    });
}

// SPEC I2
#[test]
fn i2_tracing_can_be_kept_with_an_agent_on_any_thread() {
    fn send_sync<T: Send + Sync + Default>() -> T {
        T::default()
    }
    drop(send_sync::<Tracing>());
}

// SPEC I2, D6
#[test]
fn i2_tracing_reports_a_choice_with_its_index_and_score() {
    let collect = Collect::default();
    let seen = collect.clone();
    tracing::subscriber::with_default(collect, || {
        let mut tracing = Tracing::new();
        Pick::new().tick_traced(&mut Guard::default(), &mut Frame::new(0.1), &mut tracing);
        let decisions: Vec<String> = seen
            .take()
            .into_iter()
            .filter(|l| l.contains("deciders::decision"))
            .collect();
        let pick = "tree=Pick kind=behavior";
        assert_eq!(
            decisions,
            lines(&[
                &format!("TRACE deciders::decision event=accepted node=a {pick} score=0.25 (in 1)"),
                &format!("TRACE deciders::decision event=accepted node=b {pick} score=0.5 (in 1)"),
                "TRACE deciders::decision event=chose node=root tree=Pick kind=scored index=1 score=0.5 (in 1)",
            ])
        );
    });
}

// SPEC I2, T4
#[test]
fn i2_a_tick_that_panicked_leaves_no_span_entered() {
    #[derive(Default)]
    struct Boom;
    impl Behavior<Guard> for Boom {
        fn tick(&mut self, g: &mut Guard, _: &mut Ctx) -> Status {
            assert!(g.alarm <= 0.0, "boom");
            Status::Running
        }
    }
    deciders::tree! {
        tree Fragile for Guard { sequence { boom: Boom } }
    }
    let collect = Collect::default();
    let seen = collect.clone();
    tracing::subscriber::with_default(collect, || {
        let (mut state, mut tracing) = (Fragile::new(), Tracing::new());
        let mut guard = Guard {
            alarm: 1.0,
            step: None,
        };
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            state.tick_traced(&mut guard, &mut Frame::new(0.1), &mut tracing);
        }));
        assert!(caught.is_err());
        assert_eq!(seen.entered.lock().unwrap().as_slice(), [1]);
        // The next tick exits the span of the tick that panicked first.
        guard.alarm = 0.0;
        state.tick_traced(&mut guard, &mut Frame::new(0.1), &mut tracing);
        let spans: Vec<String> = seen
            .take()
            .into_iter()
            .filter(|l| !l.contains("event="))
            .collect();
        let expected = [
            "span 1", "enter 1", "exit 1", "close 1", "span 2", "enter 2",
        ];
        let expected = expected
            .into_iter()
            .chain(["record 2", "exit 2", "close 2"]);
        let got: Vec<String> = spans
            .iter()
            .map(|l| l.split(' ').take(2).collect::<Vec<_>>().join(" "))
            .collect();
        assert_eq!(got, expected.collect::<Vec<_>>());
        assert!(seen.entered.lock().unwrap().is_empty());
        // Dropping a `Tracing` mid-tick exits its span too.
        guard.alarm = 1.0;
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            state.tick_traced(&mut guard, &mut Frame::new(0.1), &mut tracing);
        }));
        drop(tracing);
        assert!(seen.entered.lock().unwrap().is_empty());
    });
}
