//! A world that borrows (T2, F4): `tree Name for Agent, world<'w> =
//! Scene<'w>`. One state type serves every frame's borrow: each frame's
//! world borrows that frame's read-only snapshot (on the caller's stack)
//! and owns its output buffer, with no `Arc` and no `'static`.

use deciders::{batch, Behavior, Ctx, Decorator, Frame, Status};

/// What a frame lends the agents: a snapshot it owns elsewhere, and where
/// the agents' requests go.
pub struct Scene<'w> {
    /// The danger at each agent's position, read-only.
    danger: &'w [f32],
    /// The agents that shouted this frame.
    shouts: Vec<usize>,
}

/// An agent: its index in the snapshot and what it did.
#[derive(Default)]
pub struct Sheep {
    id: usize,
    fled: u32,
    grazed: u32,
}

impl Sheep {
    /// Reads the world: the danger where this sheep stands.
    fn scared(&self, ctx: &Ctx<Scene<'_>>) -> f32 {
        ctx.world().danger[self.id]
    }
}

/// Runs away and shouts into the frame's buffer.
#[derive(Default)]
struct Flee;
impl<'w> Behavior<Sheep, Scene<'w>> for Flee {
    fn tick(&mut self, s: &mut Sheep, ctx: &mut Ctx<Scene<'w>>) -> Status {
        s.fled += 1;
        let id = s.id;
        ctx.world_mut().shouts.push(id);
        Status::Success
    }
}

/// Eats; any world.
#[derive(Default)]
struct Graze;
impl<W> Behavior<Sheep, W> for Graze {
    fn tick(&mut self, s: &mut Sheep, _: &mut Ctx<W>) -> Status {
        s.grazed += 1;
        Status::Running
    }
}

/// A decorator of the user's over the borrowing world: passes its child
/// through unless the snapshot says the whole field is calm.
#[derive(Default)]
struct UnlessCalm;
impl<'w> Decorator<Sheep, Scene<'w>> for UnlessCalm {
    type Persist = ();
    fn after(&mut self, _: &mut (), _: &Sheep, ctx: &Ctx<Scene<'w>>, s: Status) -> Status {
        if ctx.world().danger.iter().all(|&d| d <= 0.0) {
            Status::Failure
        } else {
            s
        }
    }
}

mod herd {
    use super::{Graze, Scene, Sheep};

    deciders::tree! {
        /// Grazes: a subtree over the same borrowing world.
        pub tree Idle for Sheep, world<'w> = Scene<'w> {
            cooldown(0.5) { Graze }
        }
    }
}

deciders::tree! {
    /// Flees when the snapshot says so, else grazes.
    pub tree Field for Sheep, world<'w> = Scene<'w> {
        selector {
            flee: when(decide = Sheep::scared) => decorate(UnlessCalm) { Flee },
            idle: subtree herd::Idle,
        }
    }
}

/// The frame's snapshot: agent `i` is in danger on frame `f` when
/// `(i + f) % 3 == 0`.
fn snapshot(agents: usize, frame: usize) -> Vec<f32> {
    (0..agents)
        .map(|i| {
            if (i + frame).is_multiple_of(3) {
                1.0
            } else {
                -1.0
            }
        })
        .collect()
}

// SPEC T2, F4
#[test]
fn f4_a_world_that_borrows_a_frame_snapshot_under_tick_all() {
    let n = 12;
    let mut sheep: Vec<Sheep> = (0..n)
        .map(|id| Sheep {
            id,
            ..Sheep::default()
        })
        .collect();
    let mut states: Vec<Field> = (0..n).map(|_| Field::new()).collect();
    for frame in 0..3 {
        // The snapshot lives on this stack frame only.
        let danger = snapshot(n, frame);
        let mut ctx = Frame::new(0.1).with_world(Scene {
            danger: &danger,
            shouts: Vec::new(),
        });
        let errors = batch::tick_all(&mut states, &mut sheep, &mut ctx, |_, _, _, _| {});
        assert_eq!(errors, 0);
        let expected: Vec<usize> = (0..n).filter(|i| (i + frame).is_multiple_of(3)).collect();
        assert_eq!(ctx.into_world().shouts, expected, "frame {frame}");
    }
    // Each sheep was in danger on exactly one of the three frames.
    assert!(
        sheep.iter().all(|s| s.fled == 1),
        "{:?}",
        sheep.iter().map(|s| s.fled).collect::<Vec<_>>()
    );
    // Agent 0 is safe on the last frame: it grazes, in the subtree (whose
    // root, the cooldown, is reported as the reference `idle`, I1).
    let mut path = Vec::new();
    states[0].active_path(|n| path.push(n.name));
    assert_eq!(path, ["root", "idle", "Graze"]);
}

// SPEC F4
#[cfg(feature = "rayon")]
#[test]
fn f4_par_tick_all_chunk_worlds_borrow_one_snapshot_and_own_their_buffers() {
    let n = 10_000;
    let run = |parallel: bool| {
        let mut sheep: Vec<Sheep> = (0..n)
            .map(|id| Sheep {
                id,
                ..Sheep::default()
            })
            .collect();
        let mut states: Vec<Field> = (0..n).map(|_| Field::new()).collect();
        let mut all_shouts = Vec::new();
        for frame in 0..4 {
            let danger = snapshot(n, frame);
            let shouts: Vec<usize> = if parallel {
                let chunks = batch::par_tick_all(
                    &mut states,
                    &mut sheep,
                    0.1,
                    512,
                    || Scene {
                        danger: &danger,
                        shouts: Vec::new(),
                    },
                    |_, _, _, _| {},
                );
                assert!(chunks.iter().all(|c| c.errors == 0 && c.panics.is_empty()));
                chunks.into_iter().flat_map(|c| c.world.shouts).collect()
            } else {
                let mut ctx = Frame::new(0.1).with_world(Scene {
                    danger: &danger,
                    shouts: Vec::new(),
                });
                batch::tick_all(&mut states, &mut sheep, &mut ctx, |_, _, _, _| {});
                ctx.into_world().shouts
            };
            all_shouts.push(shouts);
        }
        let counts: Vec<(u32, u32)> = sheep.iter().map(|s| (s.fled, s.grazed)).collect();
        (all_shouts, counts)
    };
    let (serial, parallel) = (run(false), run(true));
    assert_eq!(serial, parallel);
    // Scene 0: every third agent, from 0.
    assert_eq!(serial.0[0].len(), n.div_ceil(3));
    assert_eq!(&serial.0[0][..3], &[0, 3, 6]);
}

// SPEC F4
#[test]
fn f4_prep_gets_each_agents_own_tree_state() {
    let n = 4;
    let mut sheep: Vec<Sheep> = (0..n)
        .map(|id| Sheep {
            id,
            ..Sheep::default()
        })
        .collect();
    let mut states: Vec<Field> = (0..n).map(|_| Field::new()).collect();
    let danger = vec![-1.0; n];
    let mut seen = Vec::new();
    for _ in 0..2 {
        let mut ctx = Frame::new(0.1).with_world(Scene {
            danger: &danger,
            shouts: Vec::new(),
        });
        batch::tick_all(&mut states, &mut sheep, &mut ctx, |i, state, s, ctx| {
            // The state of agent `i` as the last frame left it; agent 3's
            // is then halted here, right before its tick.
            seen.push((i, s.id, state.is_running()));
            if i == 3 {
                state.halt(s, ctx);
            }
        });
    }
    assert_eq!(
        seen,
        [
            (0, 0, false),
            (1, 1, false),
            (2, 2, false),
            (3, 3, false),
            (0, 0, true),
            (1, 1, true),
            (2, 2, true),
            (3, 3, true),
        ]
    );
    // Agent 3's tree restarted from the root each frame, and grazed once
    // per frame as the others did.
    assert!(sheep.iter().all(|s| s.grazed == 2));
    assert!(states[3].is_running());
}
