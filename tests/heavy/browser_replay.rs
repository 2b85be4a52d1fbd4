//! SPEC I6, O2: a replay opened in a real browser. A creature's tree is
//! ticked through hunger, a threat and rest in a `lifecycle::Player` while
//! a `replay::Recorder` records it, told each game frame; the player is
//! paused for five frames in the middle. The page is written under the
//! target directory and opened in headless Chromium at two ticks whose
//! active paths differ (`#tick=N`) and at a paused frame (`#frame=N`).
//! The DOM after the page's script ran must draw every node of the tree and
//! give the `active` class to exactly the nodes of that tick's active path,
//! as `active_path` gave it in Rust (at the paused frame: the path the tick
//! before left), and the timeline must have one mark per tick and one,
//! five frames wide and marked paused, for the pause, and a break where
//! the recorder itself was paused for two frames. A probe script
//! appended to a copy of the page presses keys (End, Home, ←, →,
//! PageDown), clicks marks of the timeline (a tick, the pause) and moves
//! its slider, and the selected frame and the address must follow. A page
//! with no tick must say so. Then screenshots of the page, at a tick and
//! at the paused frames, are saved (their paths are printed) for a person
//! to look at.
//!
//! Chromium is `/usr/bin/chromium` or `chromium` on `PATH`; when there is
//! none, the test installs it with `apt-get` (CI runs as root on Debian)
//! and fails, saying why, if it cannot.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use deciders::lifecycle::Player;
use deciders::{pictures, replay, Behavior, Ctx, Frame, NodeId, Status};

// ================================================================ the tree

/// A creature: hungry over time, frightened by a threat, fed by chewing.
#[derive(Default)]
struct Critter {
    hunger: f32,
    food_seen: bool,
    threat: bool,
}

impl Critter {
    fn afraid(&self) -> f32 {
        if self.threat {
            2.0
        } else {
            0.0
        }
    }
    fn hungry(&self) -> f32 {
        self.hunger - 0.5
    }
    fn sees_food(&self) -> bool {
        self.food_seen
    }
}

/// Looks around for one tick.
#[derive(Default)]
struct Look;
impl Behavior<Critter> for Look {
    fn tick(&mut self, _: &mut Critter, _: &mut Ctx) -> Status {
        Status::Success
    }
}

/// Runs while the threat lasts.
#[derive(Default)]
struct Run;
impl Behavior<Critter> for Run {
    fn tick(&mut self, c: &mut Critter, _: &mut Ctx) -> Status {
        if c.threat {
            Status::Running
        } else {
            Status::Success
        }
    }
}

/// Searches until food is in sight.
#[derive(Default)]
struct Search;
impl Behavior<Critter> for Search {
    fn tick(&mut self, c: &mut Critter, _: &mut Ctx) -> Status {
        if c.food_seen {
            Status::Success
        } else {
            Status::Running
        }
    }
}

/// Chews until no longer hungry.
#[derive(Default)]
struct Chew;
impl Behavior<Critter> for Chew {
    fn tick(&mut self, c: &mut Critter, _: &mut Ctx) -> Status {
        c.hunger -= 0.15;
        if c.hunger < 0.2 {
            Status::Success
        } else {
            Status::Running
        }
    }
}

/// Naps or wanders: runs until something else is chosen.
#[derive(Default)]
struct Loaf;
impl Behavior<Critter> for Loaf {}

deciders::tree! {
    /// Flee a threat, eat when hungry, else nap or wander.
    tree Creature for Critter {
        priority {
            flee: when(decide = Critter::afraid) => log(start = "danger! <run>", success = "safe again") {
                sequence { look: Look, run: Run }
            },
            eat: when(decide = Critter::hungry) => sequence {
                search: Search,
                condition(Critter::sees_food),
                chew: timeout(3.0) { munch: Chew },
            },
            idle: random { nap: Loaf, wander: Loaf },
        }
    }
}

/// The game frames in which the creature's player is paused: after its
/// twentieth tick, five frames.
const PAUSED: std::ops::RangeInclusive<u64> = 20..=24;

/// The game frames in which the recorder is paused: the creature ticks,
/// unrecorded.
const UNRECORDED: std::ops::RangeInclusive<u64> = 30..=31;

/// Ticks the creature through its day, 34 ticks in 39 game frames (paused
/// in [`PAUSED`]), recording all but those of [`UNRECORDED`]; returns the
/// recorder and each recorded tick's active path (ids of `Creature`'s
/// shape) from Rust.
fn day() -> (replay::Recorder, Vec<Vec<NodeId>>) {
    let mut critter = Critter {
        hunger: 0.3,
        ..Critter::default()
    };
    let mut player = Player::new(Creature::with_seed(7));
    let mut recorder = replay::Recorder::new();
    let mut paths = Vec::new();
    let frame = &mut Frame::new(0.25);
    for number in 0..39 {
        if number == *UNRECORDED.start() {
            recorder.pause();
        } else if number == UNRECORDED.end() + 1 {
            recorder.resume();
        }
        recorder.frame(number);
        if number == *PAUSED.start() {
            player.pause(&mut critter, frame);
        } else if number == PAUSED.end() + 1 {
            player.resume(&mut critter, frame);
        }
        let t = paths.len();
        critter.hunger += 0.05;
        critter.food_seen = t >= 8;
        critter.threat = (13..16).contains(&t);
        if player
            .tick_traced(&mut critter, frame, &mut recorder)
            .is_none()
        {
            assert!(PAUSED.contains(&number));
            critter.hunger -= 0.05;
            continue;
        }
        let mut path = Vec::new();
        let state = player.tree();
        state.active_path(|node| path.extend(pictures::id_in(Creature::shape(), node)));
        if UNRECORDED.contains(&number) {
            continue;
        }
        // The recorder missed the events of the unrecorded ticks.
        if number == UNRECORDED.end() + 1 {
            recorder.path_from(state);
        }
        let recorded: Vec<NodeId> = recorder
            .last()
            .unwrap()
            .path_in(Creature::shape())
            .collect();
        assert_eq!(recorded, path, "tick {t}");
        paths.push(path);
    }
    assert_eq!(paths.len(), 32);
    let paused: Vec<_> = recorder.pauses().map(|p| p.frames()).collect();
    assert_eq!(paused, [PAUSED]);
    (recorder, paths)
}

// ================================================================ Chromium

/// Chromium's path: `/usr/bin/chromium`, else `chromium` on `PATH`.
fn find_chromium() -> Option<PathBuf> {
    let fixed = PathBuf::from("/usr/bin/chromium");
    if fixed.is_file() {
        return Some(fixed);
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join("chromium"))
        .find(|candidate| candidate.is_file())
}

/// Chromium, installed with `apt-get` if missing; fails the test, saying
/// why, if it cannot be. Once per process: the tests of this file run in
/// parallel, and two `apt-get`s at once fail on apt's lock (the second
/// waits here instead; apt itself waits for one of another process).
fn chromium() -> PathBuf {
    static FOUND: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    FOUND.get_or_init(install_chromium).clone()
}

fn install_chromium() -> PathBuf {
    if let Some(found) = find_chromium() {
        return found;
    }
    eprintln!("chromium not found: installing it with apt-get");
    let status = Command::new("sh")
        .args([
            "-c",
            "apt-get -o DPkg::Lock::Timeout=300 update \
             && apt-get -o DPkg::Lock::Timeout=300 install -y chromium",
        ])
        .env("DEBIAN_FRONTEND", "noninteractive")
        .status();
    match status {
        Ok(s) if s.success() => {}
        other => panic!(
            "the replay browser test needs Chromium: it is neither /usr/bin/chromium nor on PATH, \
             and `apt-get update && apt-get install -y chromium` failed ({other:?}); \
             install Chromium (as root on Debian: apt-get install -y chromium) and run again"
        ),
    }
    find_chromium()
        .expect("apt-get installed chromium, yet it is neither /usr/bin/chromium nor on PATH")
}

/// Runs headless Chromium on `url` with `extra` flags, in a fresh profile,
/// and returns its standard output. Fails the test if Chromium fails or
/// takes more than two minutes.
fn run_chromium(browser: &Path, work: &Path, url: &str, extra: &[&str]) -> String {
    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let run = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let profile = work.join(format!("profile-{}-{run}", std::process::id()));
    let _ = std::fs::remove_dir_all(&profile);
    std::fs::create_dir_all(&profile).unwrap();
    let mut command = Command::new(browser);
    command
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--virtual-time-budget=2000",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let child = command
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", browser.display()));
    let pid = child.id();
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = send.send(child.wait_with_output());
    });
    let output = match receive.recv_timeout(Duration::from_secs(120)) {
        Ok(output) => output.expect("chromium's output"),
        Err(_) => {
            // Ends the Chromium this test started, by its id.
            let _ = Command::new("kill").arg("-9").arg(pid.to_string()).status();
            panic!("chromium did not finish within two minutes on {url}");
        }
    };
    let _ = std::fs::remove_dir_all(&profile);
    assert!(
        output.status.success(),
        "chromium failed on {url}: {:?}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("chromium's DOM is UTF-8")
}

// ================================================================ the DOM

/// The start tags of the DOM that carry `data-node-id`, as (id, classes).
fn node_tags(dom: &str) -> Vec<(NodeId, Vec<String>)> {
    let mut tags = Vec::new();
    let mut from = 0;
    while let Some(at) = dom[from..].find("data-node-id=\"") {
        let at = from + at;
        let start = dom[..at].rfind('<').unwrap();
        let end = at + dom[at..].find('>').unwrap();
        let tag = &dom[start..end];
        let value = |name: &str| -> Option<&str> {
            let key = format!(" {name}=\"");
            let i = tag.find(&key)? + key.len();
            Some(&tag[i..i + tag[i..].find('"')?])
        };
        let id = value("data-node-id").unwrap().parse().unwrap();
        let classes = value("class")
            .unwrap_or("")
            .split_whitespace()
            .map(String::from)
            .collect();
        tags.push((id, classes));
        from = end;
    }
    tags
}

/// Checks the DOM of the page opened at tick `n`: every node drawn with
/// its name, exactly the nodes of `active` highlighted.
fn check_dom(dom: &str, n: usize, active: &[NodeId]) {
    assert!(
        dom.contains(&format!("data-tick=\"{n}\"")),
        "the page opened at tick {n}"
    );
    assert!(dom.contains("data-paused=\"false\""));
    check_rows(dom, active);
}

/// Checks the rows of the tree: every node drawn with its name, exactly
/// the nodes of `active` highlighted.
fn check_rows(dom: &str, active: &[NodeId]) {
    let tags = node_tags(dom);
    let shape = Creature::shape();
    assert_eq!(tags.len(), shape.len(), "one row per node: {tags:?}");
    for node in shape {
        let name = format!("<span class=\"name\">{}</span>", node.name);
        assert!(
            dom.contains(&name),
            "node {} ({}) is drawn",
            node.id,
            node.name
        );
    }
    let mut highlighted: Vec<NodeId> = tags
        .iter()
        .filter(|(_, classes)| classes.iter().any(|c| c == "active"))
        .map(|(id, _)| *id)
        .collect();
    highlighted.sort_unstable();
    let mut expected = active.to_vec();
    expected.sort_unstable();
    assert_eq!(highlighted, expected, "the active path");
    for (id, classes) in &tags {
        assert!(
            classes.iter().any(|c| c == "node"),
            "row {id} has class `node`"
        );
    }
    // Z2: the rows where a path ticked every tick ends are dashed (under
    // `flee`'s decide, every path of `eat` and `idle`).
    let polls: Vec<NodeId> = tags
        .iter()
        .filter(|(_, classes)| classes.iter().any(|c| c == "polls"))
        .map(|(id, _)| *id)
        .collect();
    let expected: Vec<NodeId> = shape.iter().filter(|n| n.polls()).map(|n| n.id).collect();
    assert_eq!(polls, expected, "the nodes that poll");
    assert!(!polls.is_empty());
}

/// A script appended to a replay: presses keys, clicks the sixth mark of
/// the timeline, moves the slider to frame 7, clicks the mark of the
/// pause, presses →, moves the slider into the pause, and writes the frame
/// selected after each (`p` when paused; and the address at the end) into
/// `<pre id="probe">`.
const PROBE: &str = r##"<script>
(function () {
  var out = [];
  function now(what) {
    var b = document.body;
    out.push(what + "=" + b.getAttribute("data-frame") + (b.getAttribute("data-paused") === "true" ? "p" : ""));
  }
  ["End", "Home", "ArrowRight", "ArrowRight", "ArrowLeft", "PageDown"].forEach(function (k) {
    document.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));
    now(k);
  });
  document.querySelectorAll("#marks .mark")[5].click();
  now("click5");
  var range = document.querySelector("input[type=range]");
  range.value = "7";
  range.dispatchEvent(new Event("input"));
  now("range7");
  document.querySelectorAll("#marks .mark")[20].click();
  now("click20");
  document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
  now("ArrowRight");
  range.value = "22";
  range.dispatchEvent(new Event("input"));
  now("range22");
  out.push(window.location.hash);
  var pre = document.createElement("pre");
  pre.id = "probe";
  pre.textContent = out.join(" ");
  document.body.appendChild(pre);
}());
</script>
</body>"##;

// SPEC I6, I1, I4
#[test]
fn i6_a_replay_draws_the_tree_and_highlights_each_ticks_path_in_chromium() {
    let (recorder, paths) = day();
    let eating = paths
        .iter()
        .position(|p| {
            p.iter()
                .any(|&id| Creature::shape()[usize::from(id)].name == "munch")
        })
        .expect("the creature ate");
    let fleeing = paths
        .iter()
        .position(|p| {
            p.iter()
                .any(|&id| Creature::shape()[usize::from(id)].name == "run")
        })
        .expect("the creature fled");
    assert_ne!(paths[eating], paths[fleeing]);

    let work = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("replay");
    std::fs::create_dir_all(&work).unwrap();
    let page = work.join("creature.html");
    let html = replay::to_html(Creature::shape(), &recorder, "A creature's day");
    std::fs::write(&page, &html).unwrap();
    let url = |n: usize| format!("file://{}#tick={n}", page.display());

    let browser = chromium();
    for n in [eating, fleeing] {
        let dom = run_chromium(&browser, &work, &url(n), &["--dump-dom"]);
        check_dom(&dom, n, &paths[n]);
    }
    // With no tick named, the page opens at the last one.
    let last = recorder.len() - 1;
    let dom = run_chromium(
        &browser,
        &work,
        &format!("file://{}", page.display()),
        &["--dump-dom"],
    );
    check_dom(&dom, last, &paths[last]);

    // The keyboard, the marks and the slider select ticks, and the
    // address follows: a probe appended to the page plays them.
    let probe = work.join("probe.html");
    std::fs::write(&probe, html.replace("</body>", PROBE)).unwrap();
    let dom = run_chromium(
        &browser,
        &work,
        &format!("file://{}", probe.display()),
        &["--dump-dom"],
    );
    let played = dom
        .split("<pre id=\"probe\">")
        .nth(1)
        .and_then(|rest| rest.split("</pre>").next());
    assert_eq!(
        played,
        Some(
            "End=38 Home=0 ArrowRight=1 ArrowRight=2 ArrowLeft=1 PageDown=11 click5=5 range7=7 \
             click20=20p ArrowRight=25 range22=20p #frame=20"
        )
    );

    // At a paused frame: the pause is selected, shown as paused, with the
    // path the tick before it left; the timeline has one mark per tick and
    // one, five frames wide, for the pause.
    let dom = run_chromium(
        &browser,
        &work,
        &format!("file://{}#frame=22", page.display()),
        &["--dump-dom"],
    );
    assert!(dom.contains("data-frame=\"20\"") && dom.contains("data-paused=\"true\""));
    assert!(!dom.contains("data-tick="), "no tick selected");
    check_rows(&dom, &paths[19]);
    assert_eq!(dom.matches("<span class=\"mark").count(), 33);
    assert_eq!(dom.matches("class=\"mark paused").count(), 1);
    assert!(dom.contains(
        "<span class=\"mark paused selected\" title=\"frames 20–24 · paused (not ticked)\" \
         style=\"flex-grow: 5;\">"
    ));
    assert!(dom.contains("Frames 20–24"), "the pane names the frames");
    assert!(dom.contains("The agent was not ticked in these 5 frames"));
    assert!(dom.contains("frame 0</span>") && dom.contains("frame 38</span>"));
    // The frames the recorder did not see: a break, not a pause.
    assert_eq!(dom.matches("<span class=\"gap\"").count(), 1);
    assert!(dom.contains("<span class=\"gap\" title=\"frames 30–31 not recorded\">⋯</span>"));

    // With no tick, the page says so and still draws the tree.
    let empty = work.join("empty.html");
    let html = replay::to_html(Creature::shape(), &replay::Recorder::new(), "Nothing yet");
    std::fs::write(&empty, html).unwrap();
    let dom = run_chromium(
        &browser,
        &work,
        &format!("file://{}", empty.display()),
        &["--dump-dom"],
    );
    assert!(dom.contains("No ticks were recorded."));
    let tags = node_tags(&dom);
    assert_eq!(tags.len(), Creature::shape().len(), "the tree is drawn");
    assert!(tags
        .iter()
        .all(|(_, classes)| !classes.iter().any(|c| c == "active")));
    assert!(!dom.contains("<section class=\"timeline\""));

    println!("replay page: {}", page.display());
    let paused_url = format!("file://{}#frame=22", page.display());
    for (name, url) in [("tick", url(eating)), ("paused", paused_url)] {
        let screenshot = work.join(format!("replay-screenshot-{name}.png"));
        let _ = std::fs::remove_file(&screenshot);
        let shot = format!("--screenshot={}", screenshot.display());
        run_chromium(&browser, &work, &url, &[&shot, "--window-size=1280,800"]);
        let png = std::fs::read(&screenshot).expect("chromium wrote the screenshot");
        assert!(
            png.starts_with(b"\x89PNG\r\n\x1a\n") && png.len() > 10_000,
            "a real PNG"
        );
        println!("replay screenshot ({url}): {}", screenshot.display());
    }
}

/// Keeps watch: runs until the alarm, and waits for nothing else.
#[derive(Default)]
struct Watch;
impl Behavior<Critter> for Watch {
    fn tick(&mut self, _: &mut Critter, _: &mut Ctx) -> Status {
        Status::Running
    }
    fn wake(&self) -> deciders::Wake {
        deciders::Wake::NEVER
    }
}

deciders::tree! {
    /// Naps 0.5 s, then keeps watch.
    tree Sentry for Critter {
        sequence { nap: wait(0.5), watch: Watch }
    }
}

/// I6, Z2: an agent of a crowd, recorded, sleeps through frames: the page
/// shows them asleep (not paused), says why, and shows the event that put
/// it to sleep.
#[test]
fn i6_the_frames_an_agent_of_a_crowd_sleeps_through_are_shown_asleep() {
    use deciders::batch::TraceOne;
    use deciders::brain::Brain;
    use deciders::crowd::Crowd;
    let mut crowd: Crowd<Sentry> = (0..3).map(|_| Brain::new(Sentry::new())).collect();
    let mut critters: Vec<Critter> = (0..3).map(|_| Critter::default()).collect();
    let mut recorder = replay::Recorder::new();
    for number in 0..14 {
        recorder.frame(number);
        let frame = &mut Frame::new(0.1);
        crowd.tick_all_traced(
            &mut critters,
            frame,
            |_, _, _, _| {},
            TraceOne::new(2, &mut recorder),
        );
    }
    // Frame 0 enters the nap, frame 1 falls asleep until its end (0.6 s);
    // frame 5 ends it and enters `watch`, frame 6 falls asleep for good.
    let ticks: Vec<u64> = recorder.ticks().map(|t| t.frame()).collect();
    assert_eq!(ticks, [0, 1, 5, 6]);
    let pauses: Vec<_> = recorder
        .pauses()
        .map(|p| (p.frames(), p.asleep()))
        .collect();
    assert_eq!(pauses, [(2..=4, true), (7..=12, true)]);
    // As a line of text (`LogLines`, `Lines`): the last sleep is for good.
    let last = recorder.last().and_then(|t| t.events().last());
    assert_eq!(
        last.map(ToString::to_string).as_deref(),
        Some("sleeps until an input changes")
    );

    let work = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("replay");
    std::fs::create_dir_all(&work).unwrap();
    let page = work.join("sentry.html");
    let html = replay::to_html(Sentry::shape(), &recorder, "A sentry in a crowd");
    assert!(
        html.contains("4 ticks · 9 frames asleep</div>"),
        "the header counts them"
    );
    std::fs::write(&page, &html).unwrap();
    let browser = chromium();
    let dom = run_chromium(
        &browser,
        &work,
        &format!("file://{}#frame=8", page.display()),
        &["--dump-dom"],
    );
    assert!(
        dom.contains("data-frame=\"7\""),
        "frame 8 is in the run of frames 7–12"
    );
    assert!(dom.contains("data-paused=\"true\""));
    assert!(dom.contains("<span class=\"chip s-asleep\">asleep</span>"));
    assert!(dom.contains("The agent slept in these 6 frames"));
    assert_eq!(
        dom.matches("class=\"mark paused asleep").count(),
        2,
        "two runs asleep"
    );
    // The tick that put it to sleep says until when.
    let dom = run_chromium(
        &browser,
        &work,
        &format!("file://{}#tick=1", page.display()),
        &["--dump-dom"],
    );
    assert!(
        dom.contains("falls asleep until 0.6 s (tree clock)"),
        "{dom}"
    );
    let screenshot = work.join("replay-screenshot-asleep.png");
    let _ = std::fs::remove_file(&screenshot);
    let shot = format!("--screenshot={}", screenshot.display());
    let url = format!("file://{}#frame=3", page.display());
    run_chromium(&browser, &work, &url, &[&shot, "--window-size=1280,640"]);
    let png = std::fs::read(&screenshot).expect("chromium wrote the screenshot");
    assert!(
        png.starts_with(b"\x89PNG\r\n\x1a\n") && png.len() > 10_000,
        "a real PNG"
    );
    println!("replay screenshot ({url}): {}", screenshot.display());
}
