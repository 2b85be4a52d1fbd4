//! The services a tree reaches besides its agent, as the model keeps them:
//! the resources `limit` counts in (R8), the stimuli store (V2), and the
//! deferred actions' requests and completions, with the game system that
//! serves them between frames (V5). Written from the rules
//! (`docs/reference.md`), not from `deciders`.
//!
//! They belong to the world, not to the tree state: a `reset` of the tree
//! leaves them as they are (what it halts gives its slots back and
//! abandons its actions).

use std::collections::BTreeMap;

use crate::model::sanitize;
use crate::script::{WorldRecord, STIMULUS_KINDS, STIMULUS_TIMEOUTS};
use crate::tree::RESOURCES;

/// A launch's ticket (V5): the frame it was launched in, and its number
/// among that frame's launches.
pub type Ticket = (u32, u32);

/// V2: timeouts are compared at `f32` precision, one part in 2²², so that
/// a whole number of frames expires on that frame.
const PRECISION: f64 = 1.0 / 4_194_304.0;

/// A stimulus in the store (V2).
#[derive(Clone, Debug)]
struct Present {
    payload: u8,
    timeout: Option<f32>,
    /// The `dt`s of the updates since it was added, summed.
    elapsed: f64,
}

/// The world of one agent.
#[derive(Clone, Debug, Default)]
pub struct Services {
    /// R8: the slots others hold, per resource (the script sets them).
    others: [u32; RESOURCES.len()],
    /// R8: the slots the tree's active `limit` nodes hold, per resource.
    held: [u32; RESOURCES.len()],
    /// V5: the frame number: ticks so far (the buffer's frame).
    frame: u32,
    /// V5: this frame's buffer: its capacity (for launches, and for
    /// cancels), the next launch's number, the requests, the refusals.
    capacity: usize,
    next: u32,
    launches: Vec<(String, Ticket)>,
    cancels: Vec<Ticket>,
    refused: u32,
    /// V5: the launches the game system took and has neither completed
    /// nor seen cancelled, oldest first.
    pending: Vec<Ticket>,
    /// V5: the completions reported so far.
    done: BTreeMap<Ticket, bool>,
    /// V2: the store, one slot per kind.
    stimuli: [Option<Present>; STIMULUS_KINDS],
    /// V5: the launches refused during the current tick.
    pub tick_refusals: u32,
    /// V5: the cancels refused during the current tick.
    pub tick_cancel_refusals: u32,
}

type Coverage = BTreeMap<&'static str, u64>;

fn hit(coverage: &mut Coverage, branch: &'static str) {
    debug_assert!(crate::model::COVERAGE.contains(&branch), "{branch}");
    *coverage.entry(branch).or_default() += 1;
}

impl Services {
    /// V5: between two frames the game system takes the frame's launches
    /// (they become pending), drops the cancelled ones, and completes the
    /// pending launches the script names; then (R8) the others' slots are
    /// set, and a new frame's buffer starts, with its own capacity.
    pub fn begin_frame(
        &mut self,
        capacity: usize,
        completes: &[(usize, bool)],
        holders: &[(usize, u32)],
        coverage: &mut Coverage,
    ) {
        self.pending
            .extend(self.launches.drain(..).map(|(_, ticket)| ticket));
        let cancels = std::mem::take(&mut self.cancels);
        self.pending.retain(|t| !cancels.contains(t));
        for &(k, success) in completes {
            if self.pending.is_empty() {
                break;
            }
            let ticket = self.pending.remove(k % self.pending.len());
            self.done.insert(ticket, success);
            hit(coverage, "V5 completion reported");
        }
        for &(r, n) in holders {
            self.others[r] = n;
        }
        self.frame += 1;
        self.capacity = capacity;
        self.next = 0;
        self.refused = 0;
    }

    /// V2: `add` (replacing a stimulus of the same kind, its timeout
    /// started again) or `remove`, between ticks.
    pub fn stimulate(&mut self, kind: usize, add: Option<(u8, usize)>, coverage: &mut Coverage) {
        let slot = &mut self.stimuli[kind];
        match add {
            Some((payload, t)) => {
                hit(
                    coverage,
                    if slot.is_some() {
                        "V2 stimulus replaced"
                    } else {
                        "V2 stimulus added"
                    },
                );
                *slot = Some(Present {
                    payload,
                    timeout: STIMULUS_TIMEOUTS[t],
                    elapsed: 0.0,
                });
            }
            None => {
                if slot.take().is_some() {
                    hit(coverage, "V2 stimulus removed");
                }
            }
        }
    }

    /// V2: `update(dt)`: a stimulus stays until the `dt`s since it was
    /// added (cleaned as in T2) reach its timeout, at `f32` precision; the
    /// update that reaches it removes it. No timeout (or `+∞`) never
    /// expires; zero, negative or NaN expires at the next update. Returns
    /// the flags of what remains: kind `k` is bit `k`.
    pub fn update_stimuli(&mut self, dt: f32, coverage: &mut Coverage) -> u64 {
        let mut flags = 0;
        for (k, slot) in self.stimuli.iter_mut().enumerate() {
            let Some(s) = slot else { continue };
            s.elapsed += f64::from(sanitize(dt));
            let expired = match s.timeout {
                None => false,
                Some(t) if t.is_nan() || t <= 0.0 => {
                    hit(coverage, "V2 stimulus expires at once");
                    true
                }
                Some(t) => s.elapsed >= f64::from(t) * (1.0 - PRECISION),
            };
            if expired {
                hit(coverage, "V2 stimulus expires");
                *slot = None;
            } else {
                flags |= 1 << k;
            }
        }
        flags
    }

    /// V2: the store emptied; whether it held a stimulus.
    pub fn clear_stimuli(&mut self) -> bool {
        let held = self.stimuli.iter().any(Option::is_some);
        self.stimuli = Default::default();
        held
    }

    /// R8: whether a slot of resource `r` is free (fewer than `max` held,
    /// the tree's own and the others' together).
    pub fn slot_free(&self, r: usize, max: u32) -> bool {
        self.held[r] + self.others[r] < max
    }

    /// R8: the tree takes a slot of resource `r`.
    pub fn acquire(&mut self, r: usize) {
        self.held[r] += 1;
    }

    /// R8: the tree gives one back.
    pub fn release(&mut self, r: usize) {
        self.held[r] -= 1;
    }

    /// V5: a launch request named `name`: its ticket, or `None` when the
    /// buffer is full (refused, counted).
    pub fn launch(&mut self, name: &str) -> Option<Ticket> {
        if self.launches.len() >= self.capacity {
            self.refused += 1;
            self.tick_refusals += 1;
            return None;
        }
        let ticket = (self.frame, self.next);
        self.next += 1;
        self.launches.push((name.to_string(), ticket));
        Some(ticket)
    }

    /// V5: the completion reported for `ticket`, if any (`true`: success).
    pub fn completion(&self, ticket: Ticket) -> Option<bool> {
        self.done.get(&ticket).copied()
    }

    /// V5: an abandoned action's cancel: a launch of this frame still in
    /// the buffer is removed (the game system never sees it); otherwise a
    /// cancel request, refused when the cancels fill the buffer's capacity.
    pub fn cancel(&mut self, ticket: Ticket) -> &'static str {
        if let Some(i) = self.launches.iter().position(|(_, t)| *t == ticket) {
            self.launches.remove(i);
            return "Removed";
        }
        if self.cancels.len() >= self.capacity {
            self.refused += 1;
            self.tick_cancel_refusals += 1;
            return "Refused";
        }
        self.cancels.push(ticket);
        "Requested"
    }

    /// What a frame's record shows of the services.
    pub fn record(&self) -> WorldRecord {
        WorldRecord {
            held: self.held.to_vec(),
            launches: self
                .launches
                .iter()
                .map(|(n, (f, k))| (n.clone(), *f, *k))
                .collect(),
            cancels: self.cancels.clone(),
            refused: self.refused,
            stimuli: self
                .stimuli
                .iter()
                .enumerate()
                .filter_map(|(k, s)| Some((k, s.as_ref()?.payload)))
                .collect(),
        }
    }
}
