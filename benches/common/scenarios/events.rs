//! Events and variables (SPEC V4, G1, C4): a `selector` whose first child
//! is guarded by `var(alarmed)`, over a fallback child. The caller posts an
//! event before one agent-tick in eight, chosen by the roll
//! ([`Alert::signal`]): `Alarm` (sets `alarmed`) or `AllClear` (clears
//! it), at even odds. Posting hands the event to the active behavior
//! ([`Behavior::event`]), which restarts its count on an alarm. Both
//! children run until they complete, one tick in eight each.
//!
//! The selector walks from the first child every tick: with `alarmed`
//! set, the chase runs, interrupting the idle child (entered first, then
//! the idle child halted); cleared, a running chase is halted before the
//! idle child is entered.
//!
//! The agent, [`Alert`], is a [`Worker`] with a count of `event` calls,
//! kept out of `Worker` as the `stimuli` scenario's store is (a larger
//! `Worker` changes the other scenarios' loops).

use super::{Tracked, Worker};
use core::any::Any;
use deciders::{Behavior, Ctx, Exit, Status};

/// The events posted to the scenario's tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signal {
    /// Sets `alarmed`.
    Alarm,
    /// Clears `alarmed`.
    AllClear,
}

/// The scenario's agent: a worker and a count of `event` hook calls.
#[derive(Clone, Debug)]
pub struct Alert {
    /// The worker: its roll and the other hook counters.
    pub w: Worker,
    /// Behavior `event` calls.
    pub events: u64,
}

impl Alert {
    /// Agent number `index`.
    pub fn new(index: usize) -> Alert {
        Alert {
            w: Worker::new(index),
            events: 0,
        }
    }

    /// The event the caller posts before this tick, if any: bits 4..8 of
    /// the roll, 0 an alarm and 1 an all-clear (one tick in eight posts).
    #[inline(always)]
    pub fn signal(&self) -> Option<Signal> {
        match (self.w.roll >> 4) & 0xf {
            0 => Some(Signal::Alarm),
            1 => Some(Signal::AllClear),
            _ => None,
        }
    }
}

impl AsMut<Worker> for Alert {
    fn as_mut(&mut self) -> &mut Worker {
        &mut self.w
    }
}

impl Tracked for Alert {
    fn checksum(&self) -> u64 {
        self.w.checksum()
    }
    fn hook_calls(&self) -> u64 {
        self.w.hook_calls() + self.events
    }
}

/// A running behavior with all four hooks: counts its ticks since
/// activation (or since the last alarm it heard) and completes when the
/// roll's top three bits are `K` (one tick in eight).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Heed<const K: u32> {
    /// Ticks since activation or since the last alarm.
    pub since: u32,
}

impl<const K: u32> Behavior<Alert> for Heed<K> {
    #[inline]
    fn activate(&mut self, a: &mut Alert, _ctx: &mut Ctx) -> Status {
        a.w.activations += 1;
        Status::Running
    }
    #[inline]
    fn tick(&mut self, a: &mut Alert, _ctx: &mut Ctx) -> Status {
        let w = &mut a.w;
        w.ticks += 1;
        self.since += 1;
        w.work = w.work.wrapping_add(u64::from(self.since) << K);
        if w.roll >> 29 == K {
            Status::Success
        } else {
            Status::Running
        }
    }
    #[inline]
    fn deactivate(&mut self, a: &mut Alert, _ctx: &mut Ctx, _exit: Exit) {
        let w = &mut a.w;
        w.deactivations += 1;
        w.work = w
            .work
            .wrapping_mul(3)
            .wrapping_add(u64::from(self.since + K));
    }
    #[inline]
    fn event(&mut self, a: &mut Alert, _ctx: &mut Ctx, event: &dyn Any) {
        a.events += 1;
        if event.downcast_ref::<Signal>() == Some(&Signal::Alarm) {
            self.since = 0;
        }
    }
}

/// The guarded child.
pub type Chase = Heed<0>;
/// The fallback child.
pub type Idle = Heed<1>;

/// (b) Hand-written: the variable as a `bool` next to the running child.
pub mod hand {
    use super::{Alert, Chase, Idle, Signal};
    use deciders::__private::Lent;
    use deciders::{Behavior, Ctx, Exit, Frame, Status};

    /// The running child and its memory.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub enum Child {
        /// Nothing runs.
        #[default]
        Fresh,
        /// The chase runs.
        Chase(Chase),
        /// The idle child runs.
        Idle(Idle),
    }

    /// One agent's tree state.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct State {
        /// The variable `alarmed` (SPEC V4).
        pub alarmed: bool,
        /// The running child.
        pub child: Child,
    }

    /// Posts `event` (SPEC V4): the variable first, then the event to the
    /// running behavior, the only behavior on the active path.
    #[inline]
    pub fn post(s: &mut State, event: &Signal, w: &mut Alert, frame: &mut Frame) {
        match event {
            Signal::Alarm => s.alarmed = true,
            Signal::AllClear => s.alarmed = false,
        }
        let ctx = &mut deciders::__private::ctx_lend(frame, Lent::NONE);
        match &mut s.child {
            Child::Fresh => {}
            Child::Chase(m) => m.event(w, ctx, event),
            Child::Idle(m) => m.event(w, ctx, event),
        }
    }

    /// Halts the idle child if it runs: the chase, before it, ran or
    /// succeeded (SPEC C4).
    #[inline(always)]
    fn halt_idle(s: &mut State, w: &mut Alert, ctx: &mut Ctx) {
        if let Child::Idle(m) = &mut s.child {
            m.deactivate(w, ctx, Exit::Halted);
        }
        s.child = Child::Fresh;
    }

    /// The chase's turn, its guard having accepted: `Some(status)` if it
    /// runs or succeeded (the selector is done), `None` if it failed and
    /// the walk goes on (SPEC C4).
    #[inline(always)]
    fn chase(s: &mut State, w: &mut Alert, ctx: &mut Ctx) -> Option<Status> {
        if let Child::Chase(m) = &mut s.child {
            let status = m.tick(w, ctx);
            if status == Status::Running {
                return Some(status);
            }
            m.deactivate(w, ctx, Exit::Completed(status));
            s.child = Child::Fresh;
            return (status != Status::Failure).then_some(status);
        }
        let mut m = Chase::default();
        if m.activate(w, ctx) == Status::Failure {
            return None;
        }
        let status = m.tick(w, ctx);
        if status != Status::Running {
            m.deactivate(w, ctx, Exit::Completed(status));
        }
        if status == Status::Failure {
            return None;
        }
        // SPEC C4: entered and ticked first, then the idle child halted.
        halt_idle(s, w, ctx);
        if status == Status::Running {
            s.child = Child::Chase(m);
        }
        Some(status)
    }

    /// The idle child's turn, the last child: its status is the
    /// selector's.
    #[inline(always)]
    fn idle(s: &mut State, w: &mut Alert, ctx: &mut Ctx) -> Status {
        if let Child::Idle(m) = &mut s.child {
            let status = m.tick(w, ctx);
            if status != Status::Running {
                m.deactivate(w, ctx, Exit::Completed(status));
                s.child = Child::Fresh;
            }
            return status;
        }
        let mut m = Idle::default();
        if m.activate(w, ctx) == Status::Failure {
            return Status::Failure;
        }
        let status = m.tick(w, ctx);
        if status == Status::Running {
            s.child = Child::Idle(m);
        } else {
            m.deactivate(w, ctx, Exit::Completed(status));
        }
        status
    }

    /// One tick of one agent (SPEC C4, G1): the running memory is ticked
    /// in place.
    #[inline]
    pub fn tick(s: &mut State, w: &mut Alert, frame: &mut Frame) -> Status {
        let ctx = &mut deciders::__private::ctx_lend(frame, Lent::NONE);
        if s.alarmed {
            if let Some(status) = chase(s, w, ctx) {
                return status;
            }
        } else if let Child::Chase(m) = &mut s.child {
            // SPEC G1: its guard rejects: halted before the idle child runs.
            m.deactivate(w, ctx, Exit::Halted);
            s.child = Child::Fresh;
        }
        idle(s, w, ctx)
    }

    /// One agent-tick after the world step: the caller's event, then the
    /// tree.
    #[inline(always)]
    pub fn agent_tick(s: &mut State, w: &mut Alert, frame: &mut Frame) -> Status {
        if let Some(event) = w.signal() {
            post(s, &event, w, frame);
        }
        tick(s, w, frame)
    }

    /// Runs `ticks` frames.
    #[inline(never)]
    pub fn run(agents: &mut [Alert], states: &mut [State], ticks: u32) {
        super::super::frames_of(agents, states, ticks, agent_tick);
    }
}

/// (a) Generated.
pub mod generated {
    use super::{Alert, Chase, Idle, Signal};
    use deciders::{Frame, Status};

    deciders::tree! {
        /// A chase guarded by a variable that events set and clear, over a
        /// running idle child.
        pub tree Watch for Alert, events = Signal {
            var alarmed = set(Signal::Alarm), clear(Signal::AllClear);
            selector {
                chase: when(var(alarmed)) => Chase,
                idle: Idle,
            }
        }
    }

    /// One agent-tick after the world step: the caller's event, then the
    /// tree.
    #[inline(always)]
    pub fn agent_tick(s: &mut Watch, w: &mut Alert, frame: &mut Frame) -> Status {
        if let Some(event) = w.signal() {
            s.post(&event, w, frame);
        }
        s.tick(w, frame)
    }

    /// Runs `ticks` frames.
    #[inline(never)]
    pub fn run(agents: &mut [Alert], states: &mut [Watch], ticks: u32) {
        super::super::frames_of(agents, states, ticks, agent_tick);
    }
}
