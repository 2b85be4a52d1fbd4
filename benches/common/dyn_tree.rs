//! (d) The creature tree as a naive `Box<dyn Node>` tree with halting
//! (one heap-allocated tree instance per agent), the
//! BehaviorTree.CPP model.
//!
//! Same semantics as [`super::hand`]: the root is a selector (SPEC C4) that
//! halts the previously running child when another child runs or succeeds.

use super::hooks::{
    Approach, ChaseOff, Consume, Digest, Fight, Flee, Forage, Idle, MoveToFood, Posture,
};
use super::world::{world_step, Agent, DT};
use deciders::{Behavior, Ctx, Exit, Frame, Status};

/// A node of the tree.
pub trait Node {
    /// Ticks the node (starting it if it is not running).
    fn tick(&mut self, a: &mut Agent, ctx: &mut Ctx) -> Status;
    /// Halts the node if it is running (deactivates everything active in it).
    fn halt(&mut self, a: &mut Agent, ctx: &mut Ctx);
}

/// A decide, boxed.
pub type Guard = Box<dyn Fn(&Agent) -> bool>;

/// The root selector: guarded children, re-decided from the first every
/// tick.
pub struct Selector {
    /// The guarded children, in priority order.
    pub children: Vec<(Guard, Box<dyn Node>)>,
    /// The running child.
    pub current: Option<usize>,
}

impl Node for Selector {
    fn tick(&mut self, a: &mut Agent, ctx: &mut Ctx) -> Status {
        for i in 0..self.children.len() {
            let (guard, child) = &mut self.children[i];
            if !guard(a) {
                if self.current == Some(i) {
                    child.halt(a, ctx);
                    self.current = None;
                }
                continue;
            }
            let status = child.tick(a, ctx);
            if status == Status::Failure {
                if self.current == Some(i) {
                    self.current = None;
                }
                continue;
            }
            if let Some(old) = self.current {
                if old != i {
                    self.children[old].1.halt(a, ctx);
                }
            }
            self.current = (status == Status::Running).then_some(i);
            return status;
        }
        Status::Failure
    }

    fn halt(&mut self, a: &mut Agent, ctx: &mut Ctx) {
        if let Some(i) = self.current.take() {
            self.children[i].1.halt(a, ctx);
        }
    }
}

/// A sequence: resumes at the running child, fails on the first failure,
/// succeeds after the last child.
pub struct Sequence {
    /// The steps.
    pub children: Vec<Box<dyn Node>>,
    /// The running step.
    pub idx: usize,
}

impl Node for Sequence {
    fn tick(&mut self, a: &mut Agent, ctx: &mut Ctx) -> Status {
        while self.idx < self.children.len() {
            match self.children[self.idx].tick(a, ctx) {
                Status::Running => return Status::Running,
                Status::Failure => {
                    self.idx = 0;
                    return Status::Failure;
                }
                Status::Success => self.idx += 1,
            }
        }
        self.idx = 0;
        Status::Success
    }

    fn halt(&mut self, a: &mut Agent, ctx: &mut Ctx) {
        if let Some(child) = self.children.get_mut(self.idx) {
            child.halt(a, ctx);
        }
        self.idx = 0;
    }
}

/// A behavior leaf: activates, ticks and deactivates its behavior, whose
/// value (memory) is rebuilt from `Default` on every activation.
#[derive(Default)]
pub struct Leaf<B> {
    /// The behavior's memory.
    pub b: B,
    /// Whether it is active.
    pub active: bool,
}

impl<B: Behavior<Agent> + Default> Node for Leaf<B> {
    fn tick(&mut self, a: &mut Agent, ctx: &mut Ctx) -> Status {
        if !self.active {
            self.b = B::default();
            if self.b.activate(a, ctx) == Status::Failure {
                return Status::Failure;
            }
            self.active = true;
        }
        let status = self.b.tick(a, ctx);
        if status != Status::Running {
            self.b.deactivate(a, ctx, Exit::Completed(status));
            self.active = false;
        }
        status
    }

    fn halt(&mut self, a: &mut Agent, ctx: &mut Ctx) {
        if self.active {
            self.b.deactivate(a, ctx, Exit::Halted);
            self.active = false;
        }
    }
}

fn leaf<B: Behavior<Agent> + Default + 'static>() -> Box<dyn Node> {
    Box::new(Leaf::<B>::default())
}

fn sequence(children: Vec<Box<dyn Node>>) -> Box<dyn Node> {
    Box::new(Sequence { children, idx: 0 })
}

/// The per-agent state: one whole tree.
pub type State = Box<dyn Node>;

/// Builds one agent's tree.
pub fn new_state() -> State {
    let children: Vec<(Guard, Box<dyn Node>)> = vec![
        (Box::new(Agent::threatened), leaf::<Flee>()),
        (
            Box::new(Agent::intruder_near),
            sequence(vec![
                leaf::<Approach>(),
                leaf::<Posture>(),
                leaf::<ChaseOff>(),
            ]),
        ),
        (Box::new(Agent::can_fight), leaf::<Fight>()),
        (
            Box::new(Agent::wants_food),
            sequence(vec![
                leaf::<Forage>(),
                leaf::<MoveToFood>(),
                leaf::<Consume>(),
                leaf::<Digest>(),
            ]),
        ),
        (Box::new(|_: &Agent| true), leaf::<Idle>()),
    ];
    Box::new(Selector {
        children,
        current: None,
    })
}

/// Runs `ticks` frames: every agent's world step, then its tick.
#[inline(never)]
pub fn run(agents: &mut [Agent], states: &mut [State], ticks: u32) {
    let mut ctx = Frame::new(DT);
    for _ in 0..ticks {
        for (a, s) in agents.iter_mut().zip(states.iter_mut()) {
            world_step(a);
            s.tick(a, &mut ctx.ctx());
        }
    }
}
