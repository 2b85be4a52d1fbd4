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

/// Bevy's task pools with `threads` threads in all (0: Bevy's default):
/// the compute pool gets what the I/O and async pools leave, at least 1
/// (1 of 1 or 2, 2 of 4).
pub fn pools(threads: usize) -> bevy_app::TaskPoolPlugin {
    let mut task_pool_options = bevy_app::TaskPoolOptions::default();
    if threads > 0 {
        task_pool_options = bevy_app::TaskPoolOptions::with_num_threads(threads);
    }
    bevy_app::TaskPoolPlugin { task_pool_options }
}

/// The fewest awake brains the test apps hand to the compute pool: 0
/// (whatever their number, so that a test of several threads runs the
/// parallel tick), or `PARALLEL_FROM` in the environment (set by
/// [`digest_with_parallel_from`]).
pub fn parallel_from() -> usize {
    std::env::var("PARALLEL_FROM").map_or(0, |n| n.parse().expect("a number"))
}

/// Runs this test binary's ignored test `name` alone, in a process with
/// `THREADS=threads` (the pools are global: one size per process), and
/// returns what it printed, once it passed.
pub fn run_alone(name: &str, threads: usize) -> String {
    run_alone_with(name, threads, None)
}

/// [`run_alone`], with `PARALLEL_FROM=n` in the process's environment if
/// `parallel_from` is `Some(n)`.
fn run_alone_with(name: &str, threads: usize, parallel_from: Option<usize>) -> String {
    let mut command = std::process::Command::new(std::env::current_exe().unwrap());
    if let Some(n) = parallel_from {
        command.env("PARALLEL_FROM", n.to_string());
    }
    let out = command
        .args([
            name,
            "--exact",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("THREADS", threads.to_string())
        .output()
        .expect("the test binary runs");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let errors = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "{name}, THREADS={threads}: {text}\n{errors}"
    );
    text
}

/// [`run_alone`] for the test `one_run`, which prints its run's digest
/// after `digest `: that digest.
pub fn digest_in_a_process(threads: usize) -> String {
    digest_of(run_alone("one_run", threads))
}

/// [`digest_in_a_process`] with the plugin's
/// [`parallel_from`](deciders_bevy::DecidersPlugin::parallel_from) `n`:
/// with more brains than the run has, it takes the one-thread loop on a
/// pool of several threads.
pub fn digest_with_parallel_from(threads: usize, n: usize) -> String {
    digest_of(run_alone_with("one_run", threads, Some(n)))
}

fn digest_of(printed: String) -> String {
    printed
        .lines()
        .find_map(|l| Some(l.split_once("digest ")?.1))
        .expect("one_run prints its digest")
        .to_string()
}
