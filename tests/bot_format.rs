//! A game's bot behavior-tree file format ("the bot format" of the
//! reference), written in our syntax and run frame by frame.
//!
//! The format's documentation shows each keyword with a snippet but has no single file
//! using all of them; the tree below is composed from its snippets (the
//! `concurrent` + `decorator return` use case verbatim, the
//! `sequence { condition EXPR; action … }` "check once" idiom, and actions /
//! functions / symbols from its lists such as `roamInRadius( E_H_REACTOR, 500 )`):
//!
//! ```text
//! selector
//! {
//!     // heal when hurt; after a failed heal, do not try again for 5 s
//!     condition percentHealth < 0.3
//!     {
//!         decorator timer( 5000 )
//!         {
//!             action heal
//!         }
//!     }
//!     // an enemy: fight it (backing off alien buildings in range); if the
//!     // fight fails, flee
//!     sequence
//!     {
//!         condition alertedToEnemy
//!         fallback
//!         {
//!             concurrent
//!             {
//!                 action fight
//!                 decorator return( STATUS_SUCCESS )
//!                 {
//!                     condition goalType == ET_BUILDABLE && goalTeam == TEAM_ALIENS && inAttackRange( E_GOAL )
//!                     {
//!                         action moveInDir( MOVE_BACKWARD )
//!                     }
//!                 }
//!             }
//!             action flee
//!         }
//!     }
//!     // no machine gun: buy one
//!     sequence
//!     {
//!         decorator invert
//!         {
//!             condition haveWeapon( WP_MACHINEGUN )
//!         }
//!         action buy( WP_MACHINEGUN )
//!     }
//!     action roamInRadius( E_H_REACTOR, 500 )
//! }
//! ```
//!
//! Mapping, bot-format construct → ours:
//! - `selector { … }` (stateless, restarts from the first child every frame)
//!   → `selector { … }` (SPEC C4);
//! - `sequence { … }` (resumes at the running child) → `sequence` (C1);
//! - `fallback { … }` (resumes at the running child) → `fallback` (C3);
//! - `concurrent { … }` → `concurrent` (C6);
//! - `decorator return( STATUS_SUCCESS ) { N }` → `always(Success) { N }`
//!   (R2: `return` also maps `STATUS_RUNNING`, which is what lets the
//!   concurrent walk go on; `force(Success)` would pass `Running` through);
//! - `decorator invert { N }` → `invert { N }` (R1);
//! - `decorator timer( 5000 ) { N }` (milliseconds) →
//!   `cooldown_on_failure(5.0) { N }` (R3, seconds of tree clock);
//! - `condition EXPR` (no child) → a `condition(F)` leaf (L6);
//! - `condition EXPR { N }` (re-evaluated every frame, aborts the child)
//!   → the slot guard `when(recheck, decide = F) => N` (G3, G4);
//! - `EXPR` (operators over functions and symbols) → a Rust function or
//!   closure over `&Bot` (`Bot::backing_off`, `|b: &Bot| b.have_weapon(…)`);
//! - `action NAME` → a behavior type (`Fight`); `action NAME( params )` → a
//!   behavior built with its parameters, constants of the tree (L4):
//!   `MoveInDir(MOVE_BACKWARD)`, `Buy(WP_MACHINEGUN)`,
//!   `RoamInRadius::new(E_H_REACTOR, 500.0)`;
//! - `behavior NAME` (include) → `subtree Name` (S1; each reference gets its
//!   own state, unlike the bot format's shared includes) — not used here.

use std::collections::{HashMap, HashSet};

use deciders::Status::*;
use deciders::{Behavior, Ctx, Exit, Frame, Status};

/// Entities, moves and weapons: the bot format's pre-defined symbols.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Entity {
    HReactor,
}
#[derive(Clone, Copy, Debug, PartialEq)]
enum Move {
    Backward,
}
#[derive(Clone, Copy, Debug, PartialEq)]
enum Weapon {
    MachineGun,
}

const E_H_REACTOR: Entity = Entity::HReactor;
const MOVE_BACKWARD: Move = Move::Backward;
const WP_MACHINEGUN: Weapon = Weapon::MachineGun;

/// The bot (the tree's agent).
#[derive(Default)]
struct Bot {
    /// `percentHealth`, 0..1.
    health: f32,
    /// `alertedToEnemy`.
    alerted: bool,
    /// `goalType == ET_BUILDABLE && goalTeam == TEAM_ALIENS && inAttackRange( E_GOAL )`.
    alien_building_in_range: bool,
    weapons: Vec<Weapon>,
    /// What each action's tick reports this frame (default `Running`).
    results: HashMap<&'static str, Status>,
    /// Actions whose last tick reported `Running`.
    running: HashSet<String>,
    /// What happened this frame: each action tick (`fight`), each action
    /// halted while running (`abort fight`).
    frame: Vec<String>,
}

impl Bot {
    fn low_health(&self) -> bool {
        self.health < 0.3
    }
    fn alerted_to_enemy(&self) -> bool {
        self.alerted
    }
    fn backing_off(&self) -> bool {
        self.alien_building_in_range
    }
    fn have_weapon(&self, w: Weapon) -> bool {
        self.weapons.contains(&w)
    }

    /// One action tick: logs it and reports the scripted status.
    fn act(&mut self, key: &'static str, label: String) -> Status {
        let s = self.results.get(key).copied().unwrap_or(Running);
        self.frame.push(label.clone());
        if s == Running {
            self.running.insert(label);
        } else {
            self.running.remove(&label);
        }
        s
    }

    /// Deactivation: logged only when the action is halted while running
    /// (a completed action is deactivated right after its tick, silently).
    fn stop(&mut self, label: String) {
        if self.running.remove(&label) {
            self.frame.push(format!("abort {label}"));
        }
    }
}

/// Implements `Behavior<Bot>` for an action type from its key (for
/// scripting) and its label (as the bot format would write the call).
macro_rules! bot_action {
    ($ty:ty, $key:literal, |$s:ident| $label:expr) => {
        impl Behavior<Bot> for $ty {
            fn tick(&mut self, bot: &mut Bot, _: &mut Ctx) -> Status {
                let $s = &*self;
                bot.act($key, $label)
            }
            fn deactivate(&mut self, bot: &mut Bot, _: &mut Ctx, _exit: Exit) {
                let $s = &*self;
                bot.stop($label);
            }
        }
    };
}

#[derive(Default)]
struct Heal;
bot_action!(Heal, "heal", |_s| "heal".to_string());

#[derive(Default)]
struct Fight;
bot_action!(Fight, "fight", |_s| "fight".to_string());

#[derive(Default)]
struct Flee;
bot_action!(Flee, "flee", |_s| "flee".to_string());

struct MoveInDir(Move);
bot_action!(MoveInDir, "moveInDir", |s| {
    assert_eq!(s.0, Move::Backward);
    "moveInDir(MOVE_BACKWARD)".to_string()
});

struct Buy(Weapon);
impl Behavior<Bot> for Buy {
    fn tick(&mut self, bot: &mut Bot, _: &mut Ctx) -> Status {
        assert_eq!(self.0, Weapon::MachineGun);
        let s = bot.act("buy", "buy(WP_MACHINEGUN)".to_string());
        if s == Success {
            bot.weapons.push(self.0);
        }
        s
    }
    fn deactivate(&mut self, bot: &mut Bot, _: &mut Ctx, _exit: Exit) {
        bot.stop("buy(WP_MACHINEGUN)".to_string());
    }
}

struct RoamInRadius {
    target: Entity,
    radius: f32,
}
impl RoamInRadius {
    fn new(target: Entity, radius: f32) -> Self {
        RoamInRadius { target, radius }
    }
}
bot_action!(RoamInRadius, "roamInRadius", |s| {
    assert_eq!((s.target, s.radius), (Entity::HReactor, 500.0));
    "roamInRadius(E_H_REACTOR, 500)".to_string()
});

deciders::tree! {
    /// The bot tree above, in our syntax.
    tree DefaultBot for Bot {
        selector {
            heal: when(recheck, decide = Bot::low_health) => cooldown_on_failure(5.0) { Heal },
            fight: sequence {
                condition(Bot::alerted_to_enemy),
                fallback {
                    concurrent {
                        Fight,
                        always(Success) {
                            back_off: when(recheck, decide = Bot::backing_off) => MoveInDir(MOVE_BACKWARD),
                        },
                    },
                    Flee,
                },
            },
            arm: sequence {
                invert { condition(|b: &Bot| b.have_weapon(WP_MACHINEGUN)) },
                Buy(WP_MACHINEGUN),
            },
            roam: RoamInRadius::new(E_H_REACTOR, 500.0),
        }
    }
}

/// One frame of one second (so `timer( 5000 )` spans five frames).
fn frame(t: &mut DefaultBot, bot: &mut Bot) -> (Status, Vec<String>) {
    let s = t.tick(bot, &mut Frame::new(1.0));
    (s, std::mem::take(&mut bot.frame))
}

fn frame_log(entries: &[&str]) -> Vec<String> {
    entries.iter().map(|s| s.to_string()).collect()
}

#[test]
fn bot_tree_frame_by_frame() {
    let mut bot = Bot {
        health: 1.0,
        ..Bot::default()
    };
    bot.results.insert("moveInDir", Success); // a one-shot step back
    let mut t = DefaultBot::new();
    let roam = "roamInRadius(E_H_REACTOR, 500)";

    // 1. Healthy, no enemy, unarmed: `invert { haveWeapon }` succeeds, buy.
    assert_eq!(
        frame(&mut t, &mut bot),
        (Running, frame_log(&["buy(WP_MACHINEGUN)"]))
    );
    // 2. Buying completes; the selector reports the sequence's Success.
    bot.results.insert("buy", Success);
    assert_eq!(
        frame(&mut t, &mut bot),
        (Success, frame_log(&["buy(WP_MACHINEGUN)"]))
    );
    // 3. Armed now: `invert` fails the buy branch; roam.
    assert_eq!(frame(&mut t, &mut bot), (Running, frame_log(&[roam])));
    // 4. An enemy: the fight branch (before roam) runs, so the selector
    //    halts roam after ticking the new branch (SPEC C4). The back-off
    //    condition is false: its slot fails, `return( STATUS_SUCCESS )`
    //    turns that into Success, the concurrent keeps running.
    bot.alerted = true;
    assert_eq!(
        frame(&mut t, &mut bot),
        (Running, frame_log(&["fight", &format!("abort {roam}")]))
    );
    // 5. An alien building in range: every frame the concurrent ticks fight
    //    and re-enters the one-shot step back.
    bot.alien_building_in_range = true;
    assert_eq!(
        frame(&mut t, &mut bot),
        (Running, frame_log(&["fight", "moveInDir(MOVE_BACKWARD)"]))
    );
    // 6. The enemy is out of sight, but `sequence { condition …; action … }`
    //    checked it once: the sequence resumes at the fight.
    bot.alerted = false;
    assert_eq!(
        frame(&mut t, &mut bot),
        (Running, frame_log(&["fight", "moveInDir(MOVE_BACKWARD)"]))
    );
    // 7. The fight fails: the concurrent stops its walk and fails (the step
    //    back is not ticked), the fallback flees.
    bot.results.insert("fight", Failure);
    assert_eq!(
        frame(&mut t, &mut bot),
        (Running, frame_log(&["fight", "flee"]))
    );
    // 8. Fleeing.
    assert_eq!(frame(&mut t, &mut bot), (Running, frame_log(&["flee"])));
    // 9. Hurt: the heal branch comes first and runs; flee is halted.
    bot.health = 0.2;
    assert_eq!(
        frame(&mut t, &mut bot),
        (Running, frame_log(&["heal", "abort flee"]))
    );
    // 10. Healing fails (no medkit): the timer starts; the fight branch
    //     restarts and its condition fails; armed; roam. (Clock: 10 s.)
    bot.results.insert("heal", Failure);
    assert_eq!(
        frame(&mut t, &mut bot),
        (Running, frame_log(&["heal", roam]))
    );
    // 11–14. Still hurt, but `timer( 5000 )` fails at once without running
    //        heal: the bot keeps roaming.
    bot.results.insert("heal", Running);
    for _ in 11..=14 {
        assert_eq!(frame(&mut t, &mut bot), (Running, frame_log(&[roam])));
    }
    // 15. Five seconds after the failure: heal is tried again.
    assert_eq!(
        frame(&mut t, &mut bot),
        (Running, frame_log(&["heal", &format!("abort {roam}")]))
    );
    // 16. Healed by someone else: `condition percentHealth < 0.3 { … }` is
    //     re-evaluated every frame; it is false now, so heal is aborted and
    //     the selector moves on to roam in the same frame.
    bot.health = 0.9;
    assert_eq!(
        frame(&mut t, &mut bot),
        (Running, frame_log(&["abort heal", roam]))
    );
    // 17. An enemy again, while roaming: fight (the fight action now
    //     succeeds, the step back too) — the concurrent succeeds in one
    //     frame, and so does the tree; roam is halted.
    bot.alerted = true;
    bot.results.insert("fight", Success);
    assert_eq!(
        frame(&mut t, &mut bot),
        (
            Success,
            frame_log(&[
                "fight",
                "moveInDir(MOVE_BACKWARD)",
                &format!("abort {roam}")
            ])
        )
    );
    assert!(!t.is_running());
}
