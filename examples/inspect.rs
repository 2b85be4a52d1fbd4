//! Seeing inside an agent: the creature of `examples/creature.rs` paused
//! and resumed, stopped by a play mode, its state described every tick
//! (the active path with each node's memory, timers and counters), the
//! status of every node printed,
//! its tree exported as DOT and Mermaid, and a replay of its ticks written
//! to an HTML file to open in a browser.
//!
//! Run it with `cargo run --example inspect`; it prints where it wrote the
//! files (the system's temporary directory, or the directory given as its
//! first argument).

use std::path::PathBuf;

use deciders::lifecycle::{PlayMode, PlayStatus, Player};
use deciders::pictures::{id_in, to_dot, to_mermaid};
use deciders::replay::{to_html, Recorder};
use deciders::trace::{NodeStatus, NodeStatuses};
use deciders::{describe, Flags, Frame, NodeId};

#[path = "shared/critter.rs"]
mod critter;
use critter::{Creature, Critter, NIGHT};

fn main() -> std::io::Result<()> {
    let dir = std::env::args_os()
        .nth(1)
        .map_or_else(std::env::temp_dir, PathBuf::from);
    let mut critter = Critter {
        hunger: 0.9,
        food_in_mouth: 0,
        intruder: false,
        predator: None,
        meals: 0,
    };
    let shape = Creature::shape();

    // The tracers kept beside the agent: a recording for the replay, and
    // the status of every node.
    let mut recorder = Recorder::new();
    let mut statuses = NodeStatuses::new(shape);

    // Stop by itself after 24 ticks. (The creature's root is a `priority`
    // whose last child always accepts: it never completes, so a mode
    // counting completions would never stop it.)
    let mut player = Player::new(Creature::new());
    let frame = &mut Frame::new(0.5);
    player.play(PlayMode::Ticks(24), &mut critter, frame);

    for tick in 1..=40u32 {
        if tick == 4 {
            critter.predator = Some(4.0);
            println!("tick {tick:2}: a predator appears");
        }
        if tick == 6 {
            // A cut-scene: the tree is frozen, its clock too.
            player.pause(&mut critter, frame);
            println!("tick {tick:2}: paused ({:?})", player.status());
        }
        if tick == 8 {
            player.resume(&mut critter, frame);
            println!("tick {tick:2}: resumed, nothing activated again");
        }
        frame.set_flags(if tick > 20 { NIGHT } else { Flags::EMPTY });
        // The replay's timeline is in game frames: the frames of the
        // cut-scene show there as paused.
        recorder.frame(u64::from(tick));
        let mut tracers = (&mut recorder, &mut statuses);
        let status = player.tick_traced(&mut critter, frame, &mut tracers);
        match status {
            Some(s) => println!("tick {tick:2}: {s:?}"),
            None => println!("tick {tick:2}: nothing ({:?})", player.status()),
        }
        // What a debug overlay would show: the active path, each node with
        // its memory, timers and counters, indented.
        let mut text = String::new();
        describe::write_state(player.tree(), &mut text).expect("a String takes any text");
        for line in text.lines() {
            println!("    {line}");
        }
        if player.status() == PlayStatus::Stopped {
            println!("stopped by the play mode after {} ticks", player.count());
            break;
        }
    }
    // The stop halted what ran: the statuses learn it from the state.
    statuses.sync(player.tree());

    println!("\nnode statuses:");
    for (node, status) in statuses.iter() {
        if status != NodeStatus::Idle {
            println!("  {:<14} {status:?}", node.name);
        }
    }

    // Pictures of the tree, with the path of the last recorded tick that
    // had one highlighted.
    let active: Vec<NodeId> = recorder
        .ticks()
        .rev()
        .find(|t| !t.path().is_empty())
        .map(|t| t.path().iter().filter_map(|n| id_in(shape, n)).collect())
        .unwrap_or_default();
    let dot = dir.join("creature.dot");
    let mermaid = dir.join("creature.mmd");
    let replay = dir.join("creature-replay.html");
    std::fs::write(&dot, to_dot(shape, &active))?;
    std::fs::write(&mermaid, to_mermaid(shape, &active))?;
    std::fs::write(
        &replay,
        to_html(shape, &recorder, "The creature, inspected"),
    )?;
    println!("\nwrote {}", dot.display());
    println!("wrote {}", mermaid.display());
    println!(
        "wrote {} ({} ticks): open it in a browser, scrub with the arrow keys",
        replay.display(),
        recorder.len()
    );
    assert_eq!(player.status(), PlayStatus::Stopped);
    Ok(())
}
