//! The agent, behaviors and flags every tree of the suite shares, and the
//! script that ticks a tree and records what it did.

use bt::{Behavior, Ctx, Exit, Flags, Frame, Status, Tree};

/// A decision flag, set on some frames ([`run`]).
pub const NIGHT: Flags = Flags::bit(0);
/// A stimulus flag, set on some frames ([`run`]).
pub const NOISE: Flags = Flags::bit(1);

/// The agent: which frame it is, and the log of every hook call.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Bot {
    /// The frame number, which drives every decide and condition.
    pub frame: u32,
    /// `name+` on activate, `name` on tick, `name-` on a deactivation after
    /// completion, `name!` on a halt.
    pub log: Vec<String>,
}

impl Bot {
    /// A decide with a score: danger on two frames out of eleven.
    #[must_use]
    pub fn danger(&self) -> f32 {
        if self.frame % 11 < 2 {
            1.0
        } else {
            -1.0
        }
    }

    /// A decide with a verdict: hungry on three frames out of four.
    #[must_use]
    pub fn hungry(&self) -> bool {
        self.frame % 4 != 3
    }

    /// A decide with a `DBlock`: on one frame out of three, an offer of
    /// `frame % 5` boosts.
    #[must_use]
    pub fn offer(&self) -> Option<(f32, u32)> {
        self.frame
            .is_multiple_of(3)
            .then_some((1.0, self.frame % 5))
    }

    /// A condition: calm on even frames.
    #[must_use]
    pub fn calm(&self) -> bool {
        self.frame.is_multiple_of(2)
    }
}

/// A behavior that runs for `len` ticks, then succeeds (or fails, if
/// `failing`); `len == 0` runs forever. Logs every hook call.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Step {
    name: &'static str,
    len: u32,
    failing: bool,
    ticks: u32,
}

impl Step {
    /// Succeeds after `len` ticks.
    #[must_use]
    pub fn new(name: &'static str, len: u32) -> Self {
        Step {
            name,
            len,
            failing: false,
            ticks: 0,
        }
    }

    /// Fails after `len` ticks.
    #[must_use]
    pub fn failing(name: &'static str, len: u32) -> Self {
        Step {
            failing: true,
            ..Step::new(name, len)
        }
    }
}

impl<W> Behavior<Bot, W> for Step {
    fn activate(&mut self, bot: &mut Bot, _: &mut Ctx<W>) -> Status {
        bot.log.push(format!("{}+", self.name));
        Status::Running
    }

    fn tick(&mut self, bot: &mut Bot, _: &mut Ctx<W>) -> Status {
        bot.log.push(self.name.to_string());
        self.ticks += 1;
        if self.len == 0 || self.ticks < self.len {
            Status::Running
        } else if self.failing {
            Status::Failure
        } else {
            Status::Success
        }
    }

    fn deactivate(&mut self, bot: &mut Bot, _: &mut Ctx<W>, exit: Exit) {
        let mark = if exit.is_completion() { '-' } else { '!' };
        bot.log.push(format!("{}{mark}", self.name));
    }
}

/// A tuple-struct behavior: succeeds on its `.0`-th tick, logging `t{n}`
/// on every tick.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Ticks(pub u32);

impl<W> Behavior<Bot, W> for Ticks {
    fn tick(&mut self, bot: &mut Bot, _: &mut Ctx<W>) -> Status {
        bot.log.push(format!("t{}", self.0));
        self.0 = self.0.saturating_sub(1);
        if self.0 == 0 {
            Status::Success
        } else {
            Status::Running
        }
    }
}

/// The behavior a `DBlock` builds (`From<u32>`): succeeds on its first tick,
/// logging the offer.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Boost(pub u32);

impl From<u32> for Boost {
    fn from(n: u32) -> Self {
        Boost(n)
    }
}

impl<W> Behavior<Bot, W> for Boost {
    fn tick(&mut self, bot: &mut Bot, _: &mut Ctx<W>) -> Status {
        bot.log.push(format!("boost{}", self.0));
        Status::Success
    }
}

/// What ticking a tree did: per frame, the status and the active path; then
/// the agent's log, halting included.
#[derive(Debug, PartialEq)]
pub struct Run {
    /// The status of every tick.
    pub statuses: Vec<Status>,
    /// The active path after every tick, names joined with `/`.
    pub paths: Vec<String>,
    /// The agent's log.
    pub log: Vec<String>,
}

/// Ticks a fresh `T` for `frames` frames (see [`tick_frames`]), then halts
/// it.
#[must_use]
pub fn run<T: Tree<Bot>>(frames: u32) -> Run {
    let (mut tree, mut bot, mut ctx) = (T::default(), Bot::default(), Frame::new(0.25));
    let (statuses, paths) = tick_frames(&mut tree, &mut bot, &mut ctx, 0..frames);
    tree.halt(&mut bot, &mut ctx);
    Run {
        statuses,
        paths,
        log: bot.log,
    }
}

/// Ticks `tree` once per frame of `frames`, with [`NIGHT`] and [`NOISE`]
/// set on a fixed pattern of frames; returns the status and the active path
/// (names joined with `/`) after every tick.
pub fn tick_frames<T: Tree<Bot>>(
    tree: &mut T,
    bot: &mut Bot,
    ctx: &mut Frame,
    frames: std::ops::Range<u32>,
) -> (Vec<Status>, Vec<String>) {
    let mut statuses = Vec::new();
    let mut paths = Vec::new();
    for frame in frames {
        bot.frame = frame;
        ctx.set_flags(if frame % 6 < 3 {
            NIGHT
        } else {
            Flags::default()
        });
        ctx.set_stimuli(if frame % 4 < 2 {
            NOISE
        } else {
            Flags::default()
        });
        statuses.push(tree.tick(bot, ctx));
        let mut path = Vec::new();
        tree.active_path(|node| path.push(node.name));
        paths.push(path.join("/"));
    }
    (statuses, paths)
}
