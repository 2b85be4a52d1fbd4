//! With the cargo feature `tracing`, a watched brain's ticks go to the
//! `tracing` crate (I2) inside a span `brain` whose field `entity` names the
//! entity; unwatched brains send nothing. The subscriber written here is
//! global (the ticks run on Bevy's task pool threads) and keeps each
//! thread's stack of entered spans, so each event is attributed to the
//! `brain` span it happened in.

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt::{self, Write as _};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bevy_app::{App, TaskPoolOptions, TaskPoolPlugin};
use bevy_ecs::prelude::*;
use bevy_time::{Fixed, Time, TimePlugin, TimeUpdateStrategy};
use deciders::{Behavior, Ctx, Status};
mod common;

use common::{Never, Nothing};
use deciders_bevy::{Brain, DecidersPlugin, Env, Watch};
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
}

thread_local! {
    /// The spans entered on this thread, innermost last.
    static ENTERED: RefCell<Vec<u64>> = const { RefCell::new(Vec::new()) };
}

/// An event: the fields of the innermost `brain` span it happened in, and
/// its own fields.
type Seen = (Option<String>, String);

/// Each span's name and fields, and each event.
#[derive(Clone, Default)]
struct Collect {
    spans: Arc<Mutex<HashMap<u64, (String, String)>>>,
    events: Arc<Mutex<Vec<Seen>>>,
    next: Arc<AtomicU64>,
}

impl Subscriber for Collect {
    fn enabled(&self, _: &Metadata<'_>) -> bool {
        true
    }
    fn new_span(&self, span: &Attributes<'_>) -> Id {
        let id = self.next.fetch_add(1, Ordering::Relaxed) + 1;
        let mut fields = Fields(String::new());
        span.record(&mut fields);
        let name = span.metadata().name().to_string();
        self.spans.lock().unwrap().insert(id, (name, fields.0));
        Id::from_u64(id)
    }
    fn record(&self, _: &Id, _: &Record<'_>) {}
    fn record_follows_from(&self, _: &Id, _: &Id) {}
    fn event(&self, event: &Event<'_>) {
        let mut fields = Fields(String::new());
        event.record(&mut fields);
        let spans = self.spans.lock().unwrap();
        let brain = ENTERED.with(|e| {
            e.borrow()
                .iter()
                .rev()
                .filter_map(|id| spans.get(id))
                .find(|(name, _)| name == "brain")
                .map(|(_, fields)| fields.clone())
        });
        self.events.lock().unwrap().push((brain, fields.0));
    }
    fn enter(&self, span: &Id) {
        ENTERED.with(|e| e.borrow_mut().push(span.into_u64()));
    }
    fn exit(&self, span: &Id) {
        ENTERED.with(|e| {
            let mut e = e.borrow_mut();
            if let Some(i) = e.iter().rposition(|&id| id == span.into_u64()) {
                e.remove(i);
            }
        });
    }
}

#[derive(Component, Default)]
struct Lamp;

#[derive(Default)]
struct Glow;
impl<'w> Behavior<Lamp, Env<'w, Nothing, Never>> for Glow {
    fn tick(&mut self, _: &mut Lamp, _: &mut Ctx<Env<'w, Nothing, Never>>) -> Status {
        Status::Running
    }
}

deciders::tree! {
    tree Light for Lamp, world<'w> = Env<'w, Nothing, Never> {
        sequence { glow: Glow }
    }
}

#[test]
fn i2_a_watched_brain_traces_into_tracing_inside_a_span_naming_its_entity() {
    let collect = Collect::default();
    tracing::subscriber::set_global_default(collect.clone()).expect("the only subscriber");

    let dt = Duration::from_millis(20);
    let mut app = App::new();
    app.add_plugins((
        TaskPoolPlugin {
            task_pool_options: TaskPoolOptions::with_num_threads(2),
        },
        TimePlugin,
        DecidersPlugin::<Lamp, Light, Nothing, Never>::new(),
    ));
    app.insert_resource(Time::<Fixed>::from_duration(dt));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(dt));
    app.init_resource::<Nothing>();
    let watched = app
        .world_mut()
        .spawn((Lamp, Brain::new(Light::new()), Watch::new()))
        .id();
    for _ in 0..20 {
        app.world_mut().spawn((Lamp, Brain::new(Light::new())));
    }
    app.update(); // starts the clocks
    app.update();
    app.update();

    let events = collect.events.lock().unwrap().clone();
    let ours: Vec<&Seen> = events
        .iter()
        .filter(|(_, fields)| fields.contains("event="))
        .collect();
    let inside = format!(" entity={watched:?}");
    // Every event of the trees is inside the watched entity's span: the
    // other twenty brains send nothing.
    assert!(!ours.is_empty());
    for (brain, fields) in &ours {
        assert_eq!(brain.as_deref(), Some(inside.as_str()), "{fields}");
    }
    // Two ticks: the first activates the path, the second ticks it.
    let kinds: Vec<&str> = ours
        .iter()
        .map(|(_, f)| f.split_whitespace().next().unwrap_or(""))
        .collect();
    assert_eq!(
        kinds,
        [
            "event=tick_start",
            "event=activated",
            "event=activated",
            "event=ticked",
            "event=tick_end",
            "event=tick_start",
            "event=ticked",
            "event=tick_end",
        ]
    );
}
