//! A brain (B1, B2, B5) over the model: its lifecycle ([`Life`], O1–O5),
//! a bounded inbox of posted events, and the stimuli store (the model's,
//! V2), written from the rules of `deciders::brain`, not from its code.
//!
//! What changes against a tree driven by hand (the model with a [`Life`]
//! and the caller's own store): a post between ticks is not delivered at
//! once but queued, and delivered at the start of the next tick that
//! plays; the stimuli store advances only on the ticks that play; a reset
//! empties both.

use crate::life::Life;
use crate::model::Model;
use crate::script::Inputs;
use crate::tree::Status;

/// B2: the inbox's capacity unless told otherwise.
pub const DEFAULT_INBOX: usize = 8;

/// One agent's brain, around its [`Model`].
#[derive(Clone, Debug)]
pub struct Brain {
    /// O1–O5: the lifecycle.
    pub life: Life,
    /// B2: the events posted and not delivered yet, oldest first (indexes
    /// into [`crate::tree::EVENTS`]).
    pub inbox: Vec<usize>,
    /// B2: how many events the inbox holds at most.
    pub capacity: usize,
}

impl Brain {
    /// A new brain: status `Reset` (O1), an empty inbox of `capacity`
    /// events.
    pub fn new(capacity: usize) -> Brain {
        Brain {
            life: Life::default(),
            inbox: Vec::new(),
            capacity,
        }
    }

    /// B2: event `k` is queued for the next tick; an inbox holding its
    /// capacity refuses it, and the caller, handed it back, logs it.
    /// Nothing reaches the tree now, whatever its status.
    pub fn post(&mut self, model: &mut Model, io: &mut Inputs, k: usize) {
        if self.inbox.len() >= self.capacity {
            model.hit("B2 inbox full");
            io.inbox_full(k);
            return;
        }
        self.inbox.push(k);
    }

    /// B1: one tick of `dt` with decision flags `flags`.
    ///
    /// Paused or stopped (O2, O3), nothing at all: no event is delivered,
    /// the stimuli store does not advance (nothing expires), the tree clock
    /// stands still; `None`. Playing: first every queued event, in the
    /// order posted, each delivered as a post between ticks delivers it
    /// (V4), at the tree clock before this tick advances it; then the
    /// store's `update(dt)` (V2), whose flags are the tick's stimuli; then
    /// the tick itself (T2, O5).
    pub fn tick(
        &mut self,
        model: &mut Model,
        io: &mut Inputs,
        dt: f32,
        flags: u64,
    ) -> Option<(Status, Vec<String>)> {
        if !self.life.playing() {
            // B1: nothing moves.
            if !self.inbox.is_empty() {
                model.hit("B1 inbox kept while not playing");
            }
            if !model.world().stimuli.is_empty() {
                model.hit("B1 stimuli frozen while not playing");
            }
            return self.life.tick(model, io, dt, flags, 0);
        }
        // B1: the inbox first, oldest first, before the clock advances.
        if !self.inbox.is_empty() {
            model.hit("B1 events delivered at the tick");
        }
        for k in std::mem::take(&mut self.inbox) {
            model.post(io, k);
        }
        // B1, V2: then the store advances by the tick's `dt`.
        let stimuli = model.update_stimuli(dt);
        self.life.tick(model, io, dt, flags, stimuli)
    }

    /// O1, O5: a new run from the root; the inbox and the store are kept.
    pub fn play(&mut self, model: &mut Model, io: &mut Inputs, mode: crate::script::Mode) {
        self.life.play(model, io, mode);
    }

    /// O2: paused; the inbox and the store are kept, and frozen (B1).
    pub fn pause(&mut self, model: &mut Model, io: &mut Inputs) {
        self.life.pause(model, io);
    }

    /// O2: plays on.
    pub fn resume(&mut self, model: &mut Model, io: &mut Inputs) {
        self.life.resume(model, io);
    }

    /// O3, B5: stopped; the inbox and the store are kept (a later `play`
    /// goes on with them).
    pub fn stop(&mut self, model: &mut Model, io: &mut Inputs) {
        self.life.stop(model, io);
    }

    /// B5: everything initial: the inbox emptied, the stimuli store
    /// emptied, then the lifecycle and the tree reset (O3: halted first).
    pub fn reset(&mut self, model: &mut Model, io: &mut Inputs) {
        if !self.inbox.is_empty() {
            model.hit("B5 reset empties the inbox");
        }
        self.inbox.clear();
        if model.clear_stimuli() {
            model.hit("B5 reset empties the stimuli store");
        }
        self.life.reset(model, io);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::{Counts, Mode};
    use crate::tree::{Decls, Forest, Kind, Node, TreeDef};

    fn forest() -> Forest {
        Forest {
            trees: vec![TreeDef {
                name: "T".into(),
                root: Node {
                    name: "root".into(),
                    guard: None,
                    kind: Kind::Act("a".into()),
                    children: vec![],
                },
            }],
            decls: Decls::default(),
        }
    }

    #[test]
    fn posts_wait_for_a_tick_that_plays_and_a_full_inbox_refuses() {
        let forest = forest();
        let mut m = Model::new(&forest);
        let mut io = Inputs::default();
        let mut b = Brain::new(2);
        b.pause(&mut m, &mut io);
        for k in [0, 1, 2] {
            b.post(&mut m, &mut io, k);
        }
        assert_eq!(b.inbox, [0, 1]);
        assert_eq!(io.take(), ["inbox full, refused Ev::Seen"]);
        m.stimulate(0, Some((1, 0)));
        // Paused: nothing moves.
        assert!(b.tick(&mut m, &mut io, 1.0, 0).is_none());
        assert_eq!((b.inbox.len(), m.world().stimuli.len()), (2, 1));
        b.resume(&mut m, &mut io);
        assert!(b.tick(&mut m, &mut io, 1.0, 0).is_some());
        assert!(b.inbox.is_empty());
        assert!(m.world().stimuli.is_empty(), "0.1 s timeout, 1 s tick");
        // B5: stop keeps, reset empties.
        b.post(&mut m, &mut io, 0);
        m.stimulate(1, Some((2, 7)));
        b.stop(&mut m, &mut io);
        assert_eq!((b.inbox.len(), m.world().stimuli.len()), (1, 1));
        b.play(
            &mut m,
            &mut io,
            Mode {
                counts: Counts::Nothing,
                target: 0,
            },
        );
        b.reset(&mut m, &mut io);
        assert_eq!((b.inbox.len(), m.world().stimuli.len()), (0, 0));
    }
}
