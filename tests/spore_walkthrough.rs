//! The walkthrough of Figure 1 of Spore's behavior-tree documentation (its
//! section S01), step by step.
//! SPEC D1, D2, G3, D7, L2, C7.

mod common;
use common::*;
use deciders::Status::*;

/// Brings the tree to ROOT → EAT → EAT_FOOD, the starred path of Figure 1.
fn eating() -> (Figure1, World) {
    let mut w = World::new();
    w.set("eat", 1.0).set("eat_food", 1.0);
    let mut t = Figure1::new();
    assert_eq!(tick(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "decide flee",
            "decide guard",
            "decide fight",
            "decide eat",
            "activate eat",
            "tick eat -> Running",
            "decide find_food",
            "decide eat_food",
            "activate eat_food",
            "tick eat_food -> Running",
        ])
    );
    (t, w)
}

fn active(t: &Figure1) -> Vec<&'static str> {
    let mut path = Vec::new();
    t.active_path(|n| path.push(n.name));
    path
}

#[test]
fn s01_walkthrough_hysteresis_interrupt_and_masked_redecide() {
    let (mut t, mut w) = eating();
    assert_eq!(active(&t), ["root", "eat", "eat_food"]);

    // SPEC G3, D1: while EAT → EAT_FOOD is active, only FLEE, GUARD and FIGHT
    // are decided at the ROOT (higher priority than EAT); EAT's own decide is
    // not called (hysteresis). Inside EAT, FIND_FOOD is decided, then the
    // active EAT_FOOD is ticked without being decided.
    assert_eq!(tick(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "decide flee",
            "decide guard",
            "decide fight",
            "tick eat -> Running",
            "decide find_food",
            "tick eat_food -> Running",
        ])
    );

    // Hysteresis holds even when EAT's own decide would now reject.
    w.set("eat", 0.0).set("eat_food", 0.0);
    assert_eq!(tick(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "decide flee",
            "decide guard",
            "decide fight",
            "tick eat -> Running",
            "decide find_food",
            "tick eat_food -> Running",
        ])
    );

    // SPEC D1, C7: GUARD accepts → the EAT → EAT_FOOD path is deactivated
    // deepest first, then GUARD is activated and recursed into.
    w.set("guard", 1.0).set("patrol", 1.0);
    assert_eq!(tick(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "decide flee",
            "decide guard",
            "deactivate eat_food",
            "deactivate eat",
            "activate guard",
            "tick guard -> Running",
            "decide yell_for_help",
            "decide guard_fight",
            "decide patrol",
            "activate patrol",
            "tick patrol -> Running",
        ])
    );
    assert_eq!(active(&t), ["root", "guard", "patrol"]);

    // Next tick only FLEE is decided at the ROOT.
    assert_eq!(tick(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "decide flee",
            "tick guard -> Running",
            "decide yell_for_help",
            "decide guard_fight",
            "tick patrol -> Running",
        ])
    );
}

#[test]
fn s01_eat_food_fails_masked_redecide_climbs_to_root_and_idle_activates() {
    let (mut t, mut w) = eating();
    // SPEC D2: EAT_FOOD fails → masked redecide in EAT (EAT_FOOD masked):
    // FIND_FOOD rejects → EAT exits with EAT_FOOD's status → masked redecide
    // at the ROOT with EAT masked for this tick → IDLE activates.
    w.result("eat_food", Failure);
    assert_eq!(tick(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "decide flee",
            "decide guard",
            "decide fight",
            "tick eat -> Running",
            "decide find_food",
            "tick eat_food -> Failure",
            "deactivate eat_food",
            // EAT redecides, EAT_FOOD masked
            "decide find_food",
            "deactivate eat",
            // ROOT redecides, EAT masked: FLEE, GUARD, FIGHT decided again
            "decide flee",
            "decide guard",
            "decide fight",
            "activate idle",
            "tick idle -> Running",
            "decide play",
            "activate rest",
            "tick rest -> Running",
        ])
    );
    assert_eq!(active(&t), ["root", "idle", "rest"]);

    // The mask lasted one tick only: next tick EAT is decided again (it is
    // higher priority than the active IDLE) and interrupts it.
    w.result("eat_food", Running);
    assert_eq!(tick(&mut t, &mut w), Running);
    assert_eq!(
        w.take(),
        log(&[
            "decide flee",
            "decide guard",
            "decide fight",
            "decide eat",
            "deactivate rest",
            "deactivate idle",
            "activate eat",
            "tick eat -> Running",
            "decide find_food",
            "decide eat_food",
            "activate eat_food",
            "tick eat_food -> Running",
        ])
    );
}

#[test]
fn f3_figure1_state_is_small() {
    // SPEC F3: the active path is a nest of enum discriminants; each active
    // behavior's memory (here `Act`, a `&'static str`, 16 bytes) sits in its
    // variant. The deepest path, ROOT → IDLE → PLAY → FLIP, holds three
    // memories at once (IDLE's and PLAY's group behaviors and FLIP); the
    // discriminants of the four levels must fit in one more word.
    let size = std::mem::size_of::<Figure1>();
    println!("size_of::<Figure1>() = {size}");
    assert!(size <= 3 * std::mem::size_of::<Act>() + 8, "{size}");
}
