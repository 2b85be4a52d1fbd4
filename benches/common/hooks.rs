//! The user hooks of the creature tree: four decides and
//! ten behaviors, the same code for every implementation.
//!
//! ```text
//! flee  [threat > 0.5]                  -> Flee
//! guard [intruder_dist < 50]            -> sequence(Approach, Posture, ChaseOff)
//! fight [enemy_hp > 0 && health > 0.3]  -> Fight (may fail)
//! eat   [hunger > 0.6 || at food]       -> sequence(Forage, MoveToFood, Consume, Digest)
//! idle  [always]                        -> Idle (always Running)
//! ```
//!
//! Every behavior is **restart-tolerant**: it checks its goal (a marker in
//! the agent) before acting, and reports `Success` at once when the goal is
//! already met. bonsai-bt forgets group progress every tick and restarts the
//! group from its first step; with these behaviors it
//! still ends in the same world, at the cost of extra hook calls. Markers are
//! changed only by behaviors, never by the world step, and cleared by the
//! last step of their group.

use super::world::{Agent, NEAR, NO_INTRUDER};
use deciders::{Behavior, Ctx, Status};

impl Agent {
    /// Decide of `flee`.
    #[inline]
    pub fn threatened(&self) -> bool {
        self.count_decide();
        self.threat > 0.5
    }

    /// Decide of `guard`.
    #[inline]
    pub fn intruder_near(&self) -> bool {
        self.count_decide();
        self.intruder_dist < NEAR
    }

    /// Decide of `fight`.
    #[inline]
    pub fn can_fight(&self) -> bool {
        self.count_decide();
        self.enemy_hp > 0.0 && self.health > 0.3
    }

    /// Decide of `eat`.
    #[inline]
    pub fn wants_food(&self) -> bool {
        self.count_decide();
        self.hunger > 0.6 || self.at_food
    }
}

/// Runs away: lowers the threat until it is below 0.5.
#[inline]
pub fn flee(a: &mut Agent) -> Status {
    a.leaf_ticks += 1;
    a.threat *= 0.92;
    if a.threat <= 0.5 {
        Status::Success
    } else {
        Status::Running
    }
}

/// Walks to the intruder.
#[inline]
pub fn approach(a: &mut Agent) -> Status {
    a.leaf_ticks += 1;
    if a.approached {
        return Status::Success;
    }
    a.intruder_dist -= 4.0;
    if a.intruder_dist <= 10.0 {
        a.approached = true;
        Status::Success
    } else {
        Status::Running
    }
}

/// Threatens the intruder for three ticks; fails when too weak.
#[inline]
pub fn posture(a: &mut Agent) -> Status {
    a.leaf_ticks += 1;
    if a.posture >= 3 {
        return Status::Success;
    }
    if a.health < 0.4 {
        return Status::Failure;
    }
    a.posture += 1;
    Status::Running
}

/// Chases the intruder away; clears the guard markers when it is gone.
#[inline]
pub fn chase_off(a: &mut Agent) -> Status {
    a.leaf_ticks += 1;
    a.intruder_dist += 8.0;
    if a.intruder_dist >= NEAR {
        a.intruder_dist = NO_INTRUDER;
        a.approached = false;
        a.posture = 0;
        Status::Success
    } else {
        Status::Running
    }
}

/// Fights the enemy: succeeds when it is beaten, fails when health runs low.
#[inline]
pub fn fight(a: &mut Agent) -> Status {
    a.leaf_ticks += 1;
    a.enemy_hp -= 0.2;
    a.health -= 0.05;
    if a.enemy_hp <= 0.0 {
        a.enemy_hp = 0.0;
        Status::Success
    } else if a.health < 0.35 {
        Status::Failure
    } else {
        Status::Running
    }
}

/// Searches for food for three ticks.
#[inline]
pub fn forage(a: &mut Agent) -> Status {
    a.leaf_ticks += 1;
    if a.food_found {
        return Status::Success;
    }
    a.search += 1;
    if a.search >= 3 {
        a.food_found = true;
        a.food_dist = 6.0 + (a.rng & 15) as f32;
        Status::Success
    } else {
        Status::Running
    }
}

/// Walks to the food found.
#[inline]
pub fn move_to_food(a: &mut Agent) -> Status {
    a.leaf_ticks += 1;
    if a.at_food {
        return Status::Success;
    }
    a.food_dist -= 5.0;
    if a.food_dist <= 0.0 {
        a.at_food = true;
        Status::Success
    } else {
        Status::Running
    }
}

/// Takes three bites.
#[inline]
pub fn consume(a: &mut Agent) -> Status {
    a.leaf_ticks += 1;
    if a.bites >= 3 {
        return Status::Success;
    }
    a.bites += 1;
    a.hunger = (a.hunger - 0.3).max(0.0);
    Status::Running
}

/// Rests for three ticks; clears the eat markers when done.
#[inline]
pub fn digest(a: &mut Agent) -> Status {
    a.leaf_ticks += 1;
    a.digest += 1;
    if a.digest >= 3 {
        a.search = 0;
        a.food_found = false;
        a.at_food = false;
        a.bites = 0;
        a.digest = 0;
        Status::Success
    } else {
        Status::Running
    }
}

/// Idles (and heals a little); never completes.
#[inline]
pub fn idle(a: &mut Agent) -> Status {
    a.leaf_ticks += 1;
    a.health = (a.health + 0.001).min(1.0);
    Status::Running
}

/// Declares unit behavior types whose `tick` calls the hook function of the
/// same role, for the implementations that use [`deciders::Behavior`].
macro_rules! behaviors {
    ($($(#[$doc:meta])* $name:ident => $hook:ident;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $name;

        impl Behavior<Agent> for $name {
            #[inline]
            fn tick(&mut self, a: &mut Agent, _ctx: &mut Ctx) -> Status {
                $hook(a)
            }
        }
    )*};
}

behaviors! {
    /// [`flee`] as a behavior.
    Flee => flee;
    /// [`approach`] as a behavior.
    Approach => approach;
    /// [`posture`] as a behavior.
    Posture => posture;
    /// [`chase_off`] as a behavior.
    ChaseOff => chase_off;
    /// [`fight`] as a behavior.
    Fight => fight;
    /// [`forage`] as a behavior.
    Forage => forage;
    /// [`move_to_food`] as a behavior.
    MoveToFood => move_to_food;
    /// [`consume`] as a behavior.
    Consume => consume;
    /// [`digest`] as a behavior.
    Digest => digest;
    /// [`idle`] as a behavior.
    Idle => idle;
}
