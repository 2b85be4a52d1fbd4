//! The colony game of `colony/game.rs`, played and checked: every piece
//! of a brain at once (B1–B7, V2–V5, R8, O1–O6), a mid-run save loaded
//! into a game that goes on identically, frame after frame.

#[path = "colony/game.rs"]
mod game;

use game::{Game, Guard};

#[test]
fn a_colony_with_every_piece_saves_mid_run_and_goes_on_identically() {
    let mut game = Game::new();
    let (mut most_chasing, mut paused_ticks) = (0, 0);
    for _ in 0..30 {
        game.play();
        paused_ticks += usize::from(game.guards[0].last_status().is_none());
        most_chasing = most_chasing.max(game.nest.chasers.in_use());
    }
    // Everything happened: paths found and eaten, robberies reported with
    // the thief, guards chasing (three at most, more in turns) and
    // retreating, guard 0 paused from frame 4 to 16.
    let [workers, guards, _] = &game.ants;
    assert!(workers.iter().map(|a| a.food).sum::<u32>() > 20);
    let reported: Vec<u32> = workers.iter().flat_map(|w| w.reported.clone()).collect();
    assert!(!reported.is_empty() && reported.iter().all(|t| (100..103).contains(t)));
    assert_eq!(most_chasing, 3);
    assert_eq!(guards.iter().filter(|g| g.chases > 0).count(), 5);
    assert!(guards.iter().all(|g| g.retreats > 0));
    assert_eq!(paused_ticks, 12);
    assert!(game.guards[1].since(Guard::RAISED).is_some());

    // Saved mid-run (a chase under way, paths pending), loaded with a
    // resource of its own: both go on identically, the whole game equal
    // frame after frame.
    assert!(game.nest.chasers.in_use() > 0 && !game.searches.is_empty());
    let mut loaded = Game::load(&game.save()).expect("the save loads");
    for _ in 0..40 {
        game.play();
        loaded.play();
        assert_eq!(loaded.save(), game.save());
        assert_eq!(loaded.nest.chasers.in_use(), game.nest.chasers.in_use());
    }
}
