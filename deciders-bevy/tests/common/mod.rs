//! Fixtures shared by the plugin's test files.

// Each test file uses some of them.
#![allow(dead_code)]

use bevy_ecs::prelude::*;
use deciders_bevy::Output;

/// A snapshot with nothing to read, for trees that read nothing.
#[derive(Resource, Default)]
pub struct Nothing;

/// No outputs, for trees that emit none.
pub enum Never {}

impl Output for Never {
    fn apply(self, _: Entity, _: &mut Commands) {
        match self {}
    }
}
