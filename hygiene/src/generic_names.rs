//! User types named like the generic parameters of the generated code: the
//! agent is `Tr`, the world `V`, the events `E`, and `F` and `O` are
//! declared beside them. Every generic parameter the expansion declares
//! (the trace, the visitors, a slot operation, `active_path`'s closure, the
//! event of a tree without events) sits in a signature that also names the
//! agent or the world, so a parameter named `Tr` or `V` would shadow the
//! user's type there: they are `__`-prefixed, in the stand-in generated
//! for a tree with errors too (`tests/ui/hygiene_fallback.rs`). A constant
//! `stamp`, named like the parameter of `since`, is in scope as well.
#![allow(non_upper_case_globals)]

use bt::{Behavior, Ctx, Status};

/// The agent, named like the generated trace parameter: what it did.
#[derive(Debug, Default)]
pub struct Tr {
    /// One entry per tick of a behavior, its name.
    pub log: Vec<&'static str>,
}

/// The world, named like the generated visitor parameter.
#[derive(Debug, Default)]
pub struct V {
    /// Behavior ticks this frame's world has seen.
    pub ticks: u32,
}

/// The events, named like the generated event parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum E {
    /// Sets `alarmed` and stamps `raised`.
    Alarm,
    /// Clears `alarmed`.
    Calm,
}

/// Named like `active_path`'s generic closure.
#[derive(Debug)]
pub struct F;

/// Named like the composites' generic slot operation.
#[derive(Debug)]
pub struct O;

/// The timestamp `raised`, named like the parameter of the state type's
/// `since`.
pub const stamp: bt::events::Timestamp<Sentry> = Sentry::RAISED;

/// Logs its name, counts the tick in the world, succeeds.
#[derive(Debug)]
pub struct Say(pub &'static str);

impl Default for Say {
    fn default() -> Self {
        Say("say")
    }
}

impl Behavior<Tr, V> for Say {
    fn tick(&mut self, tr: &mut Tr, ctx: &mut Ctx<V>) -> Status {
        tr.log.push(self.0);
        ctx.world_mut().ticks += 1;
        Status::Success
    }
}

bt::tree! {
    /// Waits for the alarm, then calls out; remembers whether the alarm
    /// is up and when it was raised.
    pub tree Sentry for Tr, world = V, events = E {
        var alarmed = set(E::Alarm), clear(E::Calm);
        stamp raised = on(E::Alarm);
        sequence { wait_for(E::Alarm), Say("alarm") }
    }

    /// No events: its `post` is the stub that only reports an error.
    pub tree Quiet for Tr, world = V {
        sequence { Say("one"), subtree Echo, Say("two") }
    }

    /// Referenced by `Quiet`.
    pub tree Echo for Tr, world = V {
        force(Success) { Say("echo") }
    }
}
