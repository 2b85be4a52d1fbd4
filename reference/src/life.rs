//! The lifecycle (O1–O5) over the model: a tree status, a play mode and
//! its count around a [`Model`], written from the rules, not from
//! `deciders::lifecycle`.

use crate::model::Model;
use crate::script::{Counts, Inputs, Mode};
use crate::tree::Status;

/// O4: where the tree is in its lifecycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Reset,
    Executing,
    Paused,
    Stopped,
}

/// O1: what a new or reset tree plays as.
pub const FOREVER: Mode = Mode {
    counts: Counts::Nothing,
    target: 0,
};

/// The lifecycle of one tree.
#[derive(Clone, Debug)]
pub struct Life {
    pub phase: Phase,
    pub mode: Mode,
    pub count: u32,
}

impl Default for Life {
    fn default() -> Self {
        Life {
            phase: Phase::Reset,
            mode: FOREVER,
            count: 0,
        }
    }
}

impl Life {
    /// O4: the status's name (as `PlayStatus`'s `Debug` writes it) and the
    /// count (O5).
    pub fn record(&self) -> (&'static str, u32) {
        let name = match self.phase {
            Phase::Reset => "Reset",
            Phase::Executing => "Executing",
            Phase::Paused => "Paused",
            Phase::Stopped => "Stopped",
        };
        (name, self.count)
    }

    /// O2, O3: ticks tick the tree unless it is paused or stopped.
    pub fn playing(&self) -> bool {
        self.phase == Phase::Reset || self.phase == Phase::Executing
    }

    /// O5: counts one event; reaching the target stops the tree.
    /// Counts one; at the target, stops: what that halt reported (V5).
    fn count_one(&mut self, model: &mut Model, io: &mut Inputs) -> Vec<String> {
        self.count += 1;
        if self.count >= self.mode.target {
            model.hit("O5 target reached");
            self.phase = Phase::Stopped;
            return model.halt_reporting(io);
        }
        Vec::new()
    }

    /// O5: a pause, stop or reset while nodes run is an interruption.
    fn interrupted(&mut self, model: &mut Model, io: &mut Inputs) {
        if model.is_running() && self.mode.counts == Counts::Interruptions {
            model.hit("O5 interruption counted");
            // Between ticks: a report no tick shows.
            let _ = self.count_one(model, io);
        }
    }

    /// A tick (T2): `None` if it did nothing (O2, O3); else the root's
    /// status and the tick's errors. O1: a reset tree plays forever.
    pub fn tick(
        &mut self,
        model: &mut Model,
        io: &mut Inputs,
        dt: f32,
        flags: u64,
        stimuli: u64,
    ) -> Option<(Status, Vec<String>)> {
        if !self.playing() {
            model.hit("O2 tick ignored");
            return None;
        }
        self.phase = Phase::Executing;
        let (status, mut errors) = model.tick(io, dt, flags, stimuli);
        let counted = match self.mode.counts {
            Counts::Nothing | Counts::Interruptions => false,
            Counts::Ticks => true,
            Counts::Completions => status != Status::Running,
            Counts::Successes => status == Status::Success,
            Counts::Failures => status == Status::Failure,
            Counts::RunningTicks => status == Status::Running,
        };
        if counted {
            // The stop at the target is part of the tick: what its halt
            // reports is in the tick's report.
            errors.extend(self.count_one(model, io));
        }
        Some((status, errors))
    }

    /// O1, O5: a new run from the root: what runs is halted, the count is
    /// 0; a target of 0 is reached at once.
    pub fn play(&mut self, model: &mut Model, io: &mut Inputs, mode: Mode) {
        model.hit("O1 play");
        model.halt(io);
        self.mode = mode;
        self.count = 0;
        self.phase = if mode.counts != Counts::Nothing && mode.target == 0 {
            Phase::Stopped
        } else {
            Phase::Executing
        };
    }

    /// O2: the running behaviors' `pause` hooks, root first; then paused.
    /// A pause that reaches the target stops the tree (O5).
    pub fn pause(&mut self, model: &mut Model, io: &mut Inputs) {
        if !self.playing() {
            return;
        }
        model.hit("O2 pause");
        for b in model.running_behaviors() {
            io.pause(&b);
        }
        self.phase = Phase::Paused;
        self.interrupted(model, io);
    }

    /// O2: the running behaviors' `resume` hooks, root first; plays on.
    pub fn resume(&mut self, model: &mut Model, io: &mut Inputs) {
        if self.phase != Phase::Paused {
            return;
        }
        model.hit("O2 resume");
        for b in model.running_behaviors() {
            io.resume(&b);
        }
        self.phase = Phase::Executing;
    }

    /// O3: halts what runs, keeps the count; ticks do nothing until
    /// `play`. A paused tree's interruption was its pause.
    pub fn stop(&mut self, model: &mut Model, io: &mut Inputs) {
        if self.phase == Phase::Stopped {
            return;
        }
        model.hit("O3 stop");
        if self.playing() {
            self.interrupted(model, io);
        }
        if self.phase != Phase::Stopped {
            self.phase = Phase::Stopped;
            model.halt(io);
        }
    }

    /// O3: halts, then everything initial: the model, the mode, the count.
    pub fn reset(&mut self, model: &mut Model, io: &mut Inputs) {
        *self = Life::default();
        model.reset(io);
    }
}
