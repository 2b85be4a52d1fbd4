//! The replay page: the recording as JSON inside one self-contained HTML
//! page, with its style and script (`replay.css`, `replay.js`).

use super::{Pause, Recorder, Tick};
use crate::base::shape::{NodeInfo, NodeKind};
use crate::base::status::{Exit, Status};
use crate::tools::pictures::id_in;
use crate::trace_hook::{Reject, TraceEvent};
use core::fmt::{self, Write};

/// The page's style.
const STYLE: &str = include_str!("replay.css");
/// The page's script: reads the recording and draws everything.
const SCRIPT: &str = include_str!("replay.js");

/// Writes a replay of `recorder`'s ticks over the tree of `shape` as one
/// self-contained HTML page titled `title` (see the [module](super) for
/// what it shows). The recording is embedded as JSON, every string
/// escaped so that no text, not even `</script>` in a log message, ends
/// the script early.
///
/// Writes straight into `out`; with no tick recorded, the page says so.
pub fn write_html<W: Write + ?Sized>(
    out: &mut W,
    shape: &[NodeInfo],
    recorder: &Recorder,
    title: &str,
) -> fmt::Result {
    out.write_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")?;
    out.write_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")?;
    out.write_str("<meta name=\"generator\" content=\"deciders replay\">\n<title>")?;
    escape_html(out, title)?;
    write!(out, "</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n")?;
    out.write_str("<header class=\"top\">\n  <div class=\"brand\">deciders replay</div>\n  <h1>")?;
    escape_html(out, title)?;
    out.write_str("</h1>\n  <div class=\"meta\" id=\"meta\">tree ")?;
    escape_html(out, shape.first().map_or("?", |root| root.tree))?;
    write!(out, " · {} ticks", recorder.len())?;
    let paused: u64 = recorder
        .pauses()
        .filter(|p| !p.asleep())
        .map(Pause::len)
        .sum();
    if paused > 0 {
        write!(out, " · {paused} paused frames")?;
    }
    let asleep: u64 = recorder
        .pauses()
        .filter(|p| p.asleep())
        .map(Pause::len)
        .sum();
    if asleep > 0 {
        write!(out, " · {asleep} frames asleep")?;
    }
    out.write_str("</div>\n</header>\n")?;
    if recorder.is_empty() {
        out.write_str("<p class=\"empty\" id=\"empty\">No ticks were recorded.</p>\n")?;
    }
    out.write_str("<noscript><p class=\"empty\">This replay needs JavaScript.</p></noscript>\n")?;
    out.write_str("<div id=\"app\"></div>\n")?;
    out.write_str("<script type=\"application/json\" id=\"replay-data\">")?;
    write_json(out, shape, recorder, title)?;
    write!(
        out,
        "</script>\n<script>\n{SCRIPT}</script>\n</body>\n</html>\n"
    )
}

/// A replay of `recorder`'s ticks as one HTML page, as [`write_html`]
/// writes it.
///
/// ```
/// use deciders::replay::{to_html, Recorder};
/// struct Bot;
/// deciders::tree! { tree Idle for Bot { wait(1.0) } }
/// let html = to_html(Idle::shape(), &Recorder::new(), "nothing yet");
/// assert!(html.contains("No ticks were recorded."));
/// assert!(!html.contains("http://") && !html.contains("https://"));
/// ```
pub fn to_html(shape: &[NodeInfo], recorder: &Recorder, title: &str) -> String {
    let events: usize = recorder.ticks().map(|t| t.events.len() + 2).sum();
    let mut out = String::with_capacity(STYLE.len() + SCRIPT.len() + 96 * (shape.len() + events));
    // Writing into a `String` cannot fail.
    let _ = write_html(&mut out, shape, recorder, title);
    out
}

/// Writes `text` for HTML text or a quoted attribute.
pub(super) fn escape_html<W: Write + ?Sized>(out: &mut W, text: &str) -> fmt::Result {
    let mut rest = text;
    while let Some(at) = rest.find(['&', '<', '>', '"', '\'']) {
        out.write_str(&rest[..at])?;
        out.write_str(match rest.as_bytes()[at] {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            _ => "&#39;",
        })?;
        rest = &rest[at + 1..];
    }
    out.write_str(rest)
}

/// Writes text inside a JSON string: `"` and `\` take a backslash, control
/// characters are `\u` escapes, and so are `<`, `>` and `&` (so that the
/// text cannot close the `<script>` holding it) and U+2028, U+2029.
struct JsonText<'a, W: ?Sized>(&'a mut W);

impl<W: Write + ?Sized> Write for JsonText<'_, W> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        let special = |c: char| {
            matches!(c, '"' | '\\' | '<' | '>' | '&' | '\u{2028}' | '\u{2029}') || c.is_control()
        };
        let mut rest = text;
        while let Some(at) = rest.find(special) {
            self.0.write_str(&rest[..at])?;
            let c = rest[at..].chars().next().unwrap_or_default();
            match c {
                '"' => self.0.write_str("\\\"")?,
                '\\' => self.0.write_str("\\\\")?,
                '\n' => self.0.write_str("\\n")?,
                '\t' => self.0.write_str("\\t")?,
                c => {
                    let mut units = [0; 2];
                    for unit in c.encode_utf16(&mut units) {
                        write!(self.0, "\\u{unit:04x}")?;
                    }
                }
            }
            rest = &rest[at + c.len_utf8()..];
        }
        self.0.write_str(rest)
    }
}

/// Writes `text` as a JSON string.
pub(super) fn json_str<W: Write + ?Sized>(out: &mut W, text: &str) -> fmt::Result {
    out.write_char('"')?;
    JsonText(out).write_str(text)?;
    out.write_char('"')
}

/// Writes a number as JSON: a finite one as a number, `NaN` and the
/// infinities as the strings `"NaN"`, `"inf"` and `"-inf"`.
pub(super) fn json_num<W: Write + ?Sized>(out: &mut W, x: f64) -> fmt::Result {
    if x.is_finite() {
        write!(out, "{x}")
    } else if x.is_nan() {
        out.write_str("\"NaN\"")
    } else if x > 0.0 {
        out.write_str("\"inf\"")
    } else {
        out.write_str("\"-inf\"")
    }
}

/// A score as JSON: the `f32`'s own shortest digits.
pub(super) fn json_score<W: Write + ?Sized>(out: &mut W, x: f32) -> fmt::Result {
    if x.is_finite() {
        write!(out, "{x}")
    } else {
        json_num(out, f64::from(x))
    }
}

/// The name of a status in the page.
pub(super) fn status_name(status: Status) -> &'static str {
    match status {
        Status::Running => "Running",
        Status::Success => "Success",
        Status::Failure => "Failure",
    }
}

/// The family of a node kind, for the page's look.
pub(super) fn family(kind: NodeKind) -> &'static str {
    crate::tools::pictures::Family::of(kind).name()
}

/// Writes the recording as one JSON object: the title, the nodes of
/// `shape` and the ticks.
pub(super) fn write_json<W: Write + ?Sized>(
    out: &mut W,
    shape: &[NodeInfo],
    recorder: &Recorder,
    title: &str,
) -> fmt::Result {
    out.write_str("{\"title\":")?;
    json_str(out, title)?;
    out.write_str(",\"tree\":")?;
    json_str(out, shape.first().map_or("", |root| root.tree))?;
    out.write_str(",\"nodes\":[")?;
    for (i, node) in shape.iter().enumerate() {
        out.write_str(if i == 0 { "\n" } else { ",\n" })?;
        write_node(out, node)?;
    }
    out.write_str("],\n\"paused\":[")?;
    for (i, pause) in recorder.pauses().enumerate() {
        if i > 0 {
            out.write_char(',')?;
        }
        write!(
            out,
            "{{\"before\":{},\"first\":{},\"last\":{}",
            pause.before, pause.first, pause.last
        )?;
        out.write_str(if pause.asleep {
            ",\"asleep\":true}"
        } else {
            "}"
        })?;
    }
    out.write_str("],\n\"ticks\":[")?;
    for (i, tick) in recorder.ticks().enumerate() {
        out.write_str(if i == 0 { "\n" } else { ",\n" })?;
        write_tick(out, shape, tick)?;
    }
    out.write_str("]}")
}

/// Writes one node of the shape.
pub(super) fn write_node<W: Write + ?Sized>(out: &mut W, node: &NodeInfo) -> fmt::Result {
    write!(out, "{{\"id\":{},\"name\":", node.id)?;
    json_str(out, node.name)?;
    out.write_str(",\"kind\":")?;
    json_str(out, node.kind.keyword())?;
    write!(out, ",\"family\":\"{}\",\"parent\":", family(node.kind))?;
    match node.parent {
        Some(parent) => write!(out, "{parent}")?,
        None => out.write_str("null")?,
    }
    write!(out, ",\"depth\":{},\"behavior\":", node.depth)?;
    match node.behavior {
        Some(behavior) => json_str(out, behavior)?,
        None => out.write_str("null")?,
    }
    write!(out, ",\"line\":{}", node.line)?;
    if node.polls {
        out.write_str(",\"polls\":true")?;
    }
    out.write_char('}')
}

/// Writes one tick: its number, frame, clock, status, path and events.
pub(super) fn write_tick<W: Write + ?Sized>(
    out: &mut W,
    shape: &[NodeInfo],
    tick: &Tick,
) -> fmt::Result {
    write!(out, "{{\"n\":{},\"f\":{},\"now\":", tick.number, tick.frame)?;
    json_num(out, tick.now)?;
    out.write_str(",\"status\":")?;
    match tick.status {
        Some(status) => write!(out, "\"{}\"", status_name(status))?,
        None => out.write_str("null")?,
    }
    out.write_str(",\"path\":[")?;
    for (i, node) in tick.path.iter().enumerate() {
        if i > 0 {
            out.write_char(',')?;
        }
        match id_in(shape, node) {
            Some(id) => write!(out, "{id}")?,
            None => write_foreign(out, node)?,
        }
    }
    out.write_str("],\"events\":[")?;
    for (i, event) in tick.events.iter().enumerate() {
        out.write_str(if i == 0 { "\n " } else { ",\n " })?;
        write_event(out, shape, event)?;
    }
    out.write_str("]}")
}

/// Writes a node of another tree than the drawn one as `["Tree","name"]`.
pub(super) fn write_foreign<W: Write + ?Sized>(out: &mut W, node: &NodeInfo) -> fmt::Result {
    out.write_char('[')?;
    json_str(out, node.tree)?;
    out.write_char(',')?;
    json_str(out, node.name)?;
    out.write_char(']')
}

/// Writes the kind of an event and its node: `"k":"activated","n":3`, or
/// `"o":["Tree","name"]` for a node of another tree.
pub(super) fn write_head<W: Write + ?Sized>(
    out: &mut W,
    shape: &[NodeInfo],
    kind: &str,
    node: &NodeInfo,
) -> fmt::Result {
    write!(out, "{{\"k\":\"{kind}\",")?;
    match id_in(shape, node) {
        Some(id) => write!(out, "\"n\":{id}"),
        None => {
            out.write_str("\"o\":")?;
            write_foreign(out, node)
        }
    }
}

/// Writes why a guard rejected its node.
pub(super) fn write_reason<W: Write + ?Sized>(out: &mut W, reason: Reject) -> fmt::Result {
    let text = match reason {
        Reject::DecisionFlags => "decision flags",
        Reject::StimuliFlags => "stimuli flags",
        Reject::Vars => "variables",
        Reject::Timer => "timer not due",
        Reject::Delegate => "no child accepted",
        Reject::Decide(score) => {
            out.write_str(",\"reason\":\"decide\",\"score\":")?;
            return json_score(out, score);
        }
    };
    write!(out, ",\"reason\":\"{text}\"")
}

/// Writes one event as a JSON object.
pub(super) fn write_event<W: Write + ?Sized>(
    out: &mut W,
    shape: &[NodeInfo],
    event: &TraceEvent,
) -> fmt::Result {
    match *event {
        TraceEvent::Accepted { node, score, .. } => {
            write_head(out, shape, "accepted", node)?;
            out.write_str(",\"score\":")?;
            json_score(out, score)?;
        }
        TraceEvent::Rejected { node, reason, .. } => {
            write_head(out, shape, "rejected", node)?;
            write_reason(out, reason)?;
        }
        TraceEvent::Chose {
            node, index, score, ..
        } => {
            write_head(out, shape, "chose", node)?;
            write!(out, ",\"index\":{index},\"score\":")?;
            json_score(out, score)?;
        }
        TraceEvent::Activated { node, .. } => write_head(out, shape, "activated", node)?,
        TraceEvent::ActivateFailed { node, .. } => {
            write_head(out, shape, "activate_failed", node)?;
        }
        TraceEvent::Ticked { node, status, .. } => {
            write_head(out, shape, "ticked", node)?;
            write!(out, ",\"status\":\"{}\"", status_name(status))?;
        }
        TraceEvent::Deactivated { node, exit, .. } => {
            write_head(out, shape, "deactivated", node)?;
            let exit = match exit {
                Exit::Completed(status) => status_name(status),
                Exit::Halted => "Halted",
            };
            write!(out, ",\"exit\":\"{exit}\"")?;
        }
        TraceEvent::SubsetViolation { node, .. } => {
            write_head(out, shape, "subset_violation", node)?;
        }
        TraceEvent::Log { node, message, .. } => {
            write_head(out, shape, "log", node)?;
            out.write_str(",\"message\":")?;
            json_str(out, message)?;
        }
        TraceEvent::Sleeps { until } => {
            out.write_str("{\"k\":\"sleeps\",\"until\":")?;
            match until.deadline() {
                Some(t) => json_num(out, t)?,
                None => out.write_str("null")?,
            }
        }
        other => {
            out.write_str("{\"k\":\"other\",\"text\":\"")?;
            write!(JsonText(out), "{other:?}")?;
            out.write_char('"')?;
        }
    }
    out.write_char('}')
}
