//! Every declaration of the tree behaves as the reference does, and the
//! reference exercises every node.

use bt::{Frame, Status, Tree};

use crate::common::{run, tick_frames, Bot, Run};
use crate::{
    control, derives, engine_reexport, locals_consts, locals_fns, no_prelude, shadow_items,
    shadow_primitives, visibility,
};

/// Frames each tree is ticked for: enough for every node to run.
const FRAMES: u32 = 120;

fn names<T: Tree<Bot>>() -> Vec<&'static str> {
    T::shape().iter().map(|node| node.name).collect()
}

/// `T` runs exactly as the reference does, with the same shape.
fn same_as_control<T: Tree<Bot>>() {
    assert_eq!(run::<T>(FRAMES), run::<control::Every>(FRAMES));
    assert_eq!(names::<T>(), names::<control::Every>());
}

#[test]
fn the_reference_runs_every_node() {
    let Run {
        statuses,
        paths,
        log,
    } = run::<control::Every>(FRAMES);
    assert!(statuses.contains(&Status::Running));
    // Every behavior was activated at least once, the `DBlock` one built
    // from every offer, and the root's group behavior halted at the end.
    for name in [
        "root", "run", "hide", "meal", "chew", "swallow", "chase", "nap", "dig", "haul", "rest",
        "walk", "look",
    ] {
        assert!(log.contains(&format!("{name}+")), "{name} never ran");
    }
    for n in 0..5 {
        assert!(log.contains(&format!("boost{n}")), "no boost{n}");
    }
    assert_eq!(log.last().map(String::as_str), Some("root!"));
    // Every branch of the root was active at some point, the subtree too.
    for path in [
        "root/flee/Step_0",
        "root/feed/reactive_sequence/Step",
        "root/play/timeout/Step",
        "root/work/retry/repeat/delay",
        "root/idle/Patrol/repeat/Step/force/Wait",
    ] {
        assert!(paths.iter().any(|p| p == path), "{path} never active");
    }
    assert_eq!(names::<control::Every>().len(), 35);
}

#[test]
fn generated_locals_capture_no_user_function() {
    same_as_control::<locals_fns::Every>();
}

#[test]
fn the_reported_case() {
    // Frame 0: hungry, `x` succeeds at once; masked redecide: `y` starts.
    // Frame 3: not hungry, `y` goes on and ends. Frame 4: both again.
    let (mut tree, mut bot, mut ctx) = (locals_fns::Issue::new(), Bot::default(), Frame::new(0.1));
    let statuses: Vec<Status> = [0, 3, 4]
        .into_iter()
        .map(|frame| {
            bot.frame = frame;
            tree.tick(&mut bot, &mut ctx)
        })
        .collect();
    assert_eq!(
        statuses,
        [Status::Running, Status::Success, Status::Running]
    );
    assert_eq!(bot.log, ["t1", "t2", "t1", "t1", "t2"]);
}

#[test]
fn generated_locals_capture_no_user_constant() {
    same_as_control::<locals_consts::Every>();
}

#[test]
fn user_items_named_like_runtime_and_prelude_items() {
    same_as_control::<shadow_items::Every>();
}

#[test]
fn user_types_named_like_primitives() {
    same_as_control::<shadow_primitives::Every>();
}

#[test]
fn no_implicit_prelude() {
    same_as_control::<no_prelude::Every>();
    let state = no_prelude::Every::new();
    assert!(format!("{:?}", state.clone()).starts_with("Every"));
}

#[test]
fn through_a_reexporting_crate() {
    same_as_control::<engine_reexport::Every>();
}

#[test]
fn a_tree_with_a_world() {
    let mut tree = shadow_items::Worldly::new();
    let mut bot = Bot::default();
    let mut ctx = Frame::new(0.25).with_world(shadow_items::Map {
        exit_in: 3,
        ..shadow_items::Map::default()
    });
    let statuses: Vec<Status> = (0..5)
        .map(|frame| {
            bot.frame = frame;
            tree.tick(&mut bot, &mut ctx)
        })
        .collect();
    assert_eq!(
        statuses,
        [
            Status::Failure,
            Status::Failure,
            Status::Failure,
            Status::Running,
            Status::Success
        ]
    );
    // Frame 2: `look`, then the condition fails; 3: `look` again, then
    // `leave` starts; 4: the earlier children again, then `leave` ends.
    assert_eq!(
        bot.log,
        [
            "look+", "look", "look-", "look+", "look", "look-", "leave+", "leave", "look+", "look",
            "look-", "leave", "leave-"
        ]
    );
}

#[test]
fn derived_debug_and_clone_reach_every_generated_type() {
    same_as_control::<derives::Every>();
    let straight = run::<control::Every>(40);

    let (mut first, mut bot, mut ctx) = (derives::Every::new(), Bot::default(), Frame::new(0.25));
    let (mut statuses, mut paths) = tick_frames(&mut first, &mut bot, &mut ctx, 0..7);
    assert!(first.is_running());
    let debug = format!("{first:?}");
    assert!(debug.starts_with("Every"), "{debug}");
    assert!(debug.contains("\"root\""), "{debug}");

    // The clone is a value of its own: ticking the original leaves it where
    // it was, and it then goes through the same frames the same way.
    let mut second = first.clone();
    let (mut bot2, mut ctx2) = (bot.clone(), Frame::new(0.25));
    let mut path_at_clone = Vec::new();
    second.active_path(|node| path_at_clone.push(node.name));
    let one = tick_frames(&mut first, &mut bot, &mut ctx, 7..40);
    let mut path_after = Vec::new();
    second.active_path(|node| path_after.push(node.name));
    assert_eq!(path_after, path_at_clone);
    let two = tick_frames(&mut second, &mut bot2, &mut ctx2, 7..40);
    assert_eq!(one, two);
    assert_eq!(bot.log, bot2.log);
    assert!((first.now() - second.now()).abs() < 1e-9);

    statuses.extend(one.0);
    paths.extend(one.1);
    assert_eq!((statuses, paths), (straight.statuses, straight.paths));
}

#[test]
fn derived_default_and_partial_eq() {
    assert_eq!(derives::Plain::default(), derives::Plain::new());
    let (mut plain, mut bot, mut ctx) =
        (derives::Plain::default(), Bot::default(), Frame::new(0.25));
    tick_frames(&mut plain, &mut bot, &mut ctx, 0..3);
    assert!(plain.is_running());
    assert_ne!(plain, derives::Plain::new());
    let copy = plain.clone();
    assert_eq!(copy, plain);
    tick_frames(&mut plain, &mut bot, &mut ctx, 3..4);
    assert_ne!(copy, plain);
}

#[test]
fn trees_that_are_not_pub() {
    // `in`, then the subtree: `hide` fails, `seek` runs two ticks; twice.
    // Then `Hidden` alone, one tick.
    assert_eq!(
        visibility::statuses(4),
        [
            Status::Running,
            Status::Success,
            Status::Running,
            Status::Success,
            Status::Running
        ]
    );
}

#[test]
fn a_tree_declared_in_a_function_body() {
    bt::tree! {
        #[derive(Debug, Clone)]
        tree Local for Bot {
            sequence { crate::common::Step::new("here", 1), repeat(2) { succeed } }
        }
    }
    let (mut local, mut bot, mut ctx) = (Local::new(), Bot::default(), Frame::new(0.1));
    // `repeat(2)` restarts its child on the next tick.
    assert_eq!(local.tick(&mut bot, &mut ctx), Status::Running);
    assert!(local.clone().is_running());
    assert_eq!(local.tick(&mut bot, &mut ctx), Status::Success);
    assert_eq!(bot.log, ["here+", "here", "here-"]);
}

// SPEC R8
#[test]
fn a_limit_among_shadowing_items() {
    let mut ctx = Frame::new(0.25).with_world(shadow_items::Map::default());
    let (mut first, mut second) = (Bot::default(), Bot::default());
    let (mut a, mut b) = (shadow_items::Gated::new(), shadow_items::Gated::new());
    assert_eq!(a.tick(&mut first, &mut ctx), Status::Running);
    assert_eq!(b.tick(&mut second, &mut ctx), Status::Success);
    assert_eq!(
        (first.log[0].as_str(), second.log[0].as_str()),
        ("pass+", "wait+")
    );
    assert_eq!(ctx.world().door.in_use(), 1);
    assert_eq!(a.tick(&mut first, &mut ctx), Status::Success);
    assert_eq!(ctx.world().door.in_use(), 0);
}

#[test]
fn a_derived_stimulus_set_feeds_guards_without_the_prelude() {
    use crate::stimuli::{Startle, Stim, HIT};
    use bt::{Stimuli, Stimulus};

    assert_eq!(HIT, bt::Flags::bit(0));
    assert_eq!((Stim::COUNT, Stim::Invited.index()), (2, 1));
    let mut store: Stimuli<Stim, u32> = Stimuli::new();
    store.add(Stim::Hit, 7, Some(0.2));
    let (mut tree, mut bot, mut frame) = (Startle::new(), Bot::default(), Frame::new(0.1));
    for _ in 0..3 {
        frame.set_stimuli(store.update(frame.dt()));
        tree.tick(&mut bot, &mut frame);
    }
    assert_eq!(
        bot.log,
        ["flinch+", "flinch", "flinch!", "idle+", "idle", "idle"]
    );
}

#[test]
fn an_agent_named_tr_a_world_named_v_events_named_e_and_a_const_stamp() {
    use crate::generic_names::{stamp, Quiet, Sentry, Tr, E, V};

    let (mut tree, mut tr) = (Sentry::new(), Tr::default());
    let mut frame = Frame::new(0.5).with_world(V::default());
    assert_eq!(tree.tick(&mut tr, &mut frame), Status::Running);
    assert_eq!((tree.vars(), tree.since(stamp)), (bt::Flags::EMPTY, None));
    tree.post(&E::Alarm, &mut tr, &mut frame);
    assert_eq!(
        (tree.vars(), tree.since(stamp)),
        (bt::Flags::bit(0), Some(0.0))
    );
    assert_eq!(tree.tick(&mut tr, &mut frame), Status::Success);
    assert_eq!(tree.since(stamp), Some(0.5));
    tree.post(&E::Calm, &mut tr, &mut frame);
    assert_eq!(tree.vars(), bt::Flags::EMPTY);
    assert_eq!(tr.log, ["alarm"]);

    let mut quiet = Quiet::new();
    assert_eq!(quiet.tick(&mut tr, &mut frame), Status::Success);
    assert_eq!(tr.log, ["alarm", "one", "echo", "two"]);
    assert_eq!(frame.world().ticks, 4);
    let mut path = Vec::new();
    quiet.active_path(|node| path.push(node.name));
    assert!(path.is_empty());
}
