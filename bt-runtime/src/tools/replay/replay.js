// The replay page of `deciders` (written by `replay::write_html`): reads
// the recording from the JSON above, draws the tree once, and redraws the
// highlights, the tick summary and the events whenever a frame is selected.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("replay-data").textContent);
  var nodes = data.nodes || [];
  var ticks = data.ticks || [];
  var app = document.getElementById("app");
  var rows = [];      // the tree's row elements, by node id
  var current = -1;   // the index of the selected entry of the timeline (`entries`)

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    return e;
  }

  function nodeName(id) {
    var n = nodes[id];
    return n ? n.name : "#" + id;
  }

  // The name of an event's node, and whether it is another tree's.
  function who(e) {
    if (e.o) { return { name: e.o[0] + "::" + e.o[1], foreign: true }; }
    return { name: nodeName(e.n), foreign: false };
  }

  function fmt(x) {
    if (typeof x !== "number") { return String(x); }
    return Math.abs(x) >= 1e5 || (x !== 0 && Math.abs(x) < 1e-3) ? x.toExponential(2) : String(+x.toFixed(3));
  }

  // ---------------------------------------------------------------- the tree

  // For each node: the row of its last child, so that a vertical line
  // goes on below a row while its parent has children further down.
  function lastChildRows() {
    var last = nodes.map(function () { return -1; });
    nodes.forEach(function (n, i) {
      if (n.parent !== null && last[n.parent] !== undefined) { last[n.parent] = i; }
    });
    return last;
  }

  function ancestors(id) {
    var chain = [];
    var n = nodes[id];
    while (n && n.parent !== null && chain.length <= nodes.length) {
      chain.unshift(n.parent);
      n = nodes[n.parent];
    }
    return chain;
  }

  function line(cls, column) {
    var s = el("span", cls);
    s.style.left = (column * 24 + 11) + "px";
    return s;
  }

  // One row: the lines that join it to its parent and pass by it, its box.
  function nodeRow(n, i, last) {
    var row = el("div", "node fam-" + n.family + (n.polls ? " polls" : ""));
    row.setAttribute("data-node-id", String(n.id));
    var chain = ancestors(i);
    var depth = chain.length;
    row.style.paddingLeft = (depth * 24 + (depth ? 6 : 0)) + "px";
    row.lines = [];
    chain.forEach(function (a, c) {
      var direct = c === depth - 1;
      var parts = direct ? ["eu", "eh"] : [];
      if (last[a] > i) { parts.push(direct ? "ed" : "g"); }
      parts.forEach(function (p) {
        var s = line(p, c);
        row.lines.push({ span: s, owner: a, kind: p });
        row.appendChild(s);
      });
    });
    var box = el("span", "box");
    box.appendChild(el("span", "name", n.name));
    if (n.kind !== n.name) { box.appendChild(el("span", "kw", n.kind)); }
    if (n.behavior && n.behavior !== n.name) { box.appendChild(el("span", "ty", n.behavior)); }
    box.title = n.kind + (n.line ? " · line " + n.line : "") +
      (n.polls ? " · ticked every tick: never sleeps" : "");
    row.appendChild(box);
    row.tags = el("span", "tags");
    row.appendChild(row.tags);
    return row;
  }

  function legend() {
    var l = el("span", "legend");
    [["var(--path)", "active path"], ["var(--running)", "running"],
     ["var(--success)", "success"], ["var(--failure)", "failure"]].forEach(function (x) {
      var s = el("span", "swatch");
      s.style.background = x[0];
      l.appendChild(s);
      l.appendChild(document.createTextNode(x[1]));
    });
    if (nodes.some(function (n) { return n.polls; })) {
      var d = el("span", "swatch dashed");
      d.title = "a path that ends here is ticked every tick: it never sleeps";
      l.appendChild(d);
      l.appendChild(document.createTextNode("never sleeps"));
    }
    return l;
  }

  function drawTree(pane) {
    var h = el("h2", null, "Tree");
    h.appendChild(el("span", "tree-name", data.tree || ""));
    h.appendChild(legend());
    pane.appendChild(h);
    var tree = el("div", "tree");
    tree.id = "tree";
    var last = lastChildRows();
    nodes.forEach(function (n, i) {
      var row = nodeRow(n, i, last);
      rows[i] = row;
      tree.appendChild(row);
    });
    if (!nodes.length) { tree.appendChild(el("p", "empty", "The tree's shape is empty.")); }
    pane.appendChild(tree);
  }

  // ------------------------------------------------------------ highlights

  // The active nodes of a tick, and for each of them its last active child.
  function activeOf(tick) {
    var on = {};
    var lastActive = {};
    tick.path.forEach(function (p) {
      if (typeof p === "number" && nodes[p]) { on[p] = true; }
    });
    nodes.forEach(function (n, i) {
      if (on[i] && n.parent !== null) { lastActive[n.parent] = i; }
    });
    return { on: on, lastActive: lastActive };
  }

  function lineOn(l, row, i, act) {
    if (!act.on[l.owner]) { return false; }
    if (l.kind === "eu" || l.kind === "eh") { return !!act.on[i]; }
    return act.lastActive[l.owner] > i;
  }

  function tag(row, cls, text) {
    row.tags.appendChild(el("span", "tag " + cls, text));
  }

  // The tags a node gets from one event of the selected tick.
  function tagEvent(e, row) {
    switch (e.k) {
      case "activated": tag(row, "enter", "▶ entered"); break;
      case "accepted": tag(row, "", "accepted " + fmt(e.score)); break;
      case "rejected": tag(row, "", "rejected: " + reasonText(e)); row.classList.add("rejected"); break;
      case "chose": tag(row, "", "chose #" + e.index); break;
      case "ticked": tag(row, "s-" + e.status, e.status); break;
      case "deactivated": tag(row, "s-" + e.exit, e.exit === "Halted" ? "■ halted" : "■ done: " + e.exit); break;
      case "activate_failed": tag(row, "s-Failure", "activate failed"); break;
      case "subset_violation": tag(row, "s-Failure", "subset rule broken"); break;
      case "log": tag(row, "", "✎ log"); break;
      default: break;
    }
  }

  function highlight(tick) {
    var act = activeOf(tick);
    rows.forEach(function (row, i) {
      row.className = "node fam-" + nodes[i].family + (nodes[i].polls ? " polls" : "") +
        (act.on[i] ? " active" : "");
      row.tags.textContent = "";
      row.lines.forEach(function (l) {
        l.span.className = l.kind + (lineOn(l, row, i, act) ? " on" : "");
      });
    });
    // The nodes of other trees (used through `subtree`) under the drawn
    // node before them in the path.
    var under = {};
    var at = null;
    tick.path.forEach(function (p) {
      if (typeof p === "number") { at = p; return; }
      if (at !== null && rows[at]) { (under[at] = under[at] || []).push(p); }
    });
    Object.keys(under).forEach(function (id) {
      var names = under[id].map(function (p) { return p[1]; }).join(" › ");
      tag(rows[id], "foreign", "↳ " + under[id][0][0] + ": " + names);
    });
    var left = {};
    tick.events.forEach(function (e) {
      if (e.k === "deactivated" && typeof e.n === "number") { left[e.n] = true; }
    });
    tick.events.forEach(function (e) {
      if (typeof e.n !== "number" || !rows[e.n]) { return; }
      if (e.k === "ticked" && left[e.n]) { return; }
      tagEvent(e, rows[e.n]);
    });
  }

  // ------------------------------------------------------- the tick's pane

  function reasonText(e) {
    return e.reason === "decide" ? "decide scored " + fmt(e.score) : e.reason;
  }

  // An event as [icon, text].
  function describe(e) {
    switch (e.k) {
      case "accepted": return ["✓", "guard accepted, score " + fmt(e.score)];
      case "rejected": return ["✗", "guard rejected: " + reasonText(e)];
      case "chose": return ["★", "chose child #" + e.index + ", score " + fmt(e.score)];
      case "activated": return ["▶", "activated"];
      case "activate_failed": return ["✗", "activate failed"];
      case "ticked": return ["●", "ticked → " + e.status];
      case "deactivated": return ["■", e.exit === "Halted" ? "halted" : "completed: " + e.exit];
      case "subset_violation": return ["!", "subset rule broken (no child accepted)"];
      case "log": return ["✎", "log: "];
      case "sleeps": return ["☾", e.until === null ? "falls asleep until an input changes" : "falls asleep until " + fmt(e.until) + " s (tree clock)"];
      default: return ["?", e.text || e.k];
    }
  }

  function eventItem(e) {
    var li = el("li", "ev ev-" + e.k);
    var d = describe(e);
    var w = who(e);
    li.appendChild(el("span", "ic", d[0]));
    li.appendChild(el("span", "who" + (w.foreign ? " foreign" : ""), w.name));
    var what = el("span", "what", d[1]);
    if (e.k === "ticked" || e.k === "deactivated") {
      what.textContent = d[1].replace(/(Running|Success|Failure|halted)$/, "");
      var st = e.k === "ticked" ? e.status : e.exit;
      what.appendChild(el("span", "tag s-" + st, e.k === "deactivated" && st === "Halted" ? "halted" : st));
    }
    if (e.k === "log") { what.appendChild(el("span", "msg", e.message)); }
    li.appendChild(what);
    return li;
  }

  function pathView(tick) {
    var p = el("div", "path");
    p.id = "path";
    p.appendChild(el("span", "label", "active path"));
    if (!tick.path.length) { p.appendChild(el("span", "none", "nothing is active")); }
    tick.path.forEach(function (x, i) {
      if (i > 0) { p.appendChild(el("span", "sep", "›")); }
      var foreign = typeof x !== "number";
      p.appendChild(el("span", "step" + (foreign ? " foreign" : ""), foreign ? x[0] + "::" + x[1] : nodeName(x)));
    });
    return p;
  }

  function drawTick(pane, tick, e) {
    pane.textContent = "";
    pane.appendChild(el("h2", null, "Selected frame"));
    var s = el("div", "summary");
    s.appendChild(el("span", "big", "Frame " + e.first));
    s.appendChild(el("span", "tickno", "tick " + tick.n));
    var status = tick.status || "none";
    s.appendChild(el("span", "chip s-" + status, tick.status || "did not end"));
    s.appendChild(el("span", "clock", "tree clock " + fmt(tick.now) + " s"));
    pane.appendChild(s);
    pane.appendChild(pathView(tick));
    pane.appendChild(el("h3", null, "Events (" + tick.events.length + ")"));
    var list = el("ol", "events");
    list.id = "events";
    tick.events.forEach(function (e) { list.appendChild(eventItem(e)); });
    if (!tick.events.length) { list.appendChild(el("li", "noev", "no events")); }
    pane.appendChild(list);
  }

  // Frames in which the agent was not ticked: nothing ran, the tree clock
  // stood still, the path is the one the tick before left.
  function drawPause(pane, e, tick) {
    pane.textContent = "";
    pane.appendChild(el("h2", null, "Selected frames"));
    var s = el("div", "summary");
    s.appendChild(el("span", "big", e.first === e.last ? "Frame " + e.first : "Frames " + e.first + "–" + e.last));
    s.appendChild(el("span", e.asleep ? "chip s-asleep" : "chip s-paused", e.asleep ? "asleep" : "paused"));
    if (tick) { s.appendChild(el("span", "clock", "tree clock " + fmt(tick.now) + " s" + (e.asleep ? " at its last tick" : ""))); }
    pane.appendChild(s);
    var n = e.frames === 1 ? "this frame" : "these " + e.frames + " frames";
    var text = e.asleep ?
      "The agent slept in " + n + ": its last tick said it had nothing to do until then, so it was not ticked; its tree clock kept running." :
      "The agent was not ticked in " + n + ": nothing ran and its tree clock stood still.";
    text += tick ? " The active path is the one tick " + tick.n + " (frame " + tick.f + ") left." : " No tick was recorded before.";
    pane.appendChild(el("p", "pausenote", text));
    pane.appendChild(pathView(tick || { path: [] }));
  }

  // -------------------------------------------------------------- timeline

  // The timeline is in game frames: one entry per tick, and one per run of
  // frames in which the agent was not ticked (paused), in the order they
  // were recorded; each as wide as its frames.
  var paused = data.paused || [];
  var entries = [];
  (function () {
    var p = 0;
    var lastTick = -1;
    function pausesUntil(n) {
      while (p < paused.length && (n === null || paused[p].before <= n)) {
        var q = paused[p++];
        entries.push({ paused: true, asleep: !!q.asleep, first: q.first, last: q.last, frames: q.last - q.first + 1, tick: lastTick });
      }
    }
    ticks.forEach(function (tick, i) {
      pausesUntil(tick.n);
      entries.push({ paused: false, first: tick.f, last: tick.f, frames: 1, tick: i });
      lastTick = i;
    });
    pausesUntil(null);
    var at = 0;
    entries.forEach(function (e, i) {
      var before = entries[i - 1];
      e.gap = before && e.first > before.last + 1 ? [before.last + 1, e.first - 1] : null;
      e.at = at;
      at += e.frames;
    });
  }());
  var totalFrames = entries.length ? entries[entries.length - 1].at + entries[entries.length - 1].frames : 0;

  function framesText(e) {
    return e.first === e.last ? "frame " + e.first : "frames " + e.first + "–" + e.last;
  }

  var ui = {};

  // The children of the root: the branches the timeline colors ticks by.
  var LANES = ["#8b6fd1", "#26a0a6", "#d36b98", "#b8925a", "#6b84a8", "#a05195", "#8a9a3b", "#9aa3b5"];
  var branches = nodes.filter(function (n) { return n.parent === 0; });

  function laneOf(tick) {
    var b = tick.path[1];
    if (typeof b !== "number") { return null; }
    var i = branches.findIndex(function (n) { return n.id === b; });
    return i < 0 ? null : i;
  }

  function gapText(e) {
    var g = e.gap;
    return (g[0] === g[1] ? "frame " + g[0] : "frames " + g[0] + "–" + g[1]) + " not recorded";
  }

  function mark(e, i) {
    var m = el("span", "mark" + (e.paused ? " paused" : "") + (e.asleep ? " asleep" : ""));
    m.style.flexGrow = String(e.frames);
    var bar = el("i", "lane");
    var st = el("i", "st");
    var title;
    if (e.paused) {
      st.className = "st s-paused";
      title = framesText(e) + (e.asleep ? " · asleep (not ticked: nothing to do)" : " · paused (not ticked)");
    } else {
      var tick = ticks[e.tick];
      var lane = laneOf(tick);
      if (lane !== null) { bar.style.background = LANES[lane % LANES.length]; }
      st.className = "st s-" + (tick.status || "none");
      var where = lane === null ? "" : " · " + branches[lane].name;
      title = framesText(e) + " · tick " + tick.n + where + " · " + (tick.status || "did not end");
    }
    m.appendChild(bar);
    m.appendChild(st);
    m.title = title;
    m.addEventListener("click", function () { select(i); });
    return m;
  }

  function lanesLegend() {
    var l = el("div", "scale");
    l.appendChild(el("span", null, "frame " + entries[0].first));
    var mid = el("span", "lanes");
    branches.forEach(function (b, i) {
      var s = el("span", "swatch");
      s.style.background = LANES[i % LANES.length];
      mid.appendChild(s);
      mid.appendChild(document.createTextNode(b.name));
    });
    if (paused.some(function (q) { return !q.asleep; })) {
      mid.appendChild(el("span", "swatch pausedbar"));
      mid.appendChild(document.createTextNode("paused"));
    }
    if (paused.some(function (q) { return q.asleep; })) {
      mid.appendChild(el("span", "swatch asleepbar"));
      mid.appendChild(document.createTextNode("asleep"));
    }
    if (branches.length) {
      var st = el("span", "swatch stbar");
      mid.appendChild(st);
      mid.appendChild(document.createTextNode("root status"));
    }
    l.appendChild(mid);
    l.appendChild(el("span", null, "frame " + entries[entries.length - 1].last));
    return l;
  }

  function timeline() {
    var t = el("section", "timeline");
    var c = el("div", "controls");
    ui.first = el("button", null, "«");
    ui.first.title = "first frame (Home)";
    ui.prev = el("button", null, "‹");
    ui.prev.title = "previous tick or pause (←)";
    var track = el("div", "track");
    ui.scrub = el("input");
    ui.scrub.type = "range";
    ui.scrub.min = "0";
    ui.scrub.max = String(totalFrames - 1);
    ui.scrub.setAttribute("aria-label", "frame");
    ui.marks = el("div", "marks");
    ui.marks.id = "marks";
    ui.markEls = entries.map(function (e, i) {
      if (e.gap) {
        // Frames the recorder did not see: a break in the timeline.
        var g = el("span", "gap", "⋯");
        g.title = gapText(e);
        ui.marks.appendChild(g);
      }
      var m = mark(e, i);
      ui.marks.appendChild(m);
      return m;
    });
    track.appendChild(ui.scrub);
    track.appendChild(ui.marks);
    track.appendChild(lanesLegend());
    ui.next = el("button", null, "›");
    ui.next.title = "next tick or pause (→)";
    ui.last = el("button", null, "»");
    ui.last.title = "last frame (End)";
    ui.info = el("span", "tickinfo");
    [ui.first, ui.prev, track, ui.next, ui.last, ui.info].forEach(function (x) { c.appendChild(x); });
    t.appendChild(c);
    return t;
  }

  // The entry holding frame position `at` of the timeline (0 is the
  // first recorded frame).
  function entryAt(at) {
    for (var i = 0; i < entries.length; i++) {
      if (at < entries[i].at + entries[i].frames) { return i; }
    }
    return entries.length - 1;
  }

  function wire() {
    ui.scrub.addEventListener("input", function () { select(entryAt(+ui.scrub.value)); });
    ui.first.addEventListener("click", function () { select(0); });
    ui.prev.addEventListener("click", function () { select(current - 1); });
    ui.next.addEventListener("click", function () { select(current + 1); });
    ui.last.addEventListener("click", function () { select(entries.length - 1); });
    document.addEventListener("keydown", function (ev) {
      var to = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: entries.length - 1,
        PageUp: current - 10, PageDown: current + 10 }[ev.key];
      if (to === undefined || ev.altKey || ev.ctrlKey || ev.metaKey) { return; }
      ev.preventDefault();
      select(to);
    });
    window.addEventListener("hashchange", function () { select(fromHash(), true); });
  }

  // The entry the address names: `#frame=N` (the entry holding frame N,
  // else the first after it), `#tick=N` (tick N, else the first after
  // it); else the last.
  function fromHash() {
    var m = /(?:^#|&)(frame|tick)=(\d+)/.exec(window.location.hash);
    if (!m) { return entries.length - 1; }
    var n = +m[2];
    for (var i = 0; i < entries.length; i++) {
      var e = entries[i];
      if (m[1] === "frame" ? e.last >= n : !e.paused && ticks[e.tick].n >= n) { return i; }
    }
    return entries.length - 1;
  }

  function select(i, fromAddress) {
    i = Math.max(0, Math.min(entries.length - 1, i | 0));
    if (i === current) { return; }
    if (current >= 0 && ui.markEls[current]) { ui.markEls[current].classList.remove("selected"); }
    current = i;
    var e = entries[i];
    var tick = e.tick >= 0 ? ticks[e.tick] : null;
    ui.markEls[i].classList.add("selected");
    ui.scrub.value = String(e.at);
    ui.info.textContent = "";
    ui.info.appendChild(document.createTextNode(e.first === e.last ? "frame " : "frames "));
    ui.info.appendChild(el("b", null, e.first === e.last ? e.first : e.first + "–" + e.last));
    var which = e.paused ? (e.asleep ? "asleep · " : "paused · ") + e.frames + (e.frames === 1 ? " frame" : " frames") : "tick " + tick.n;
    ui.info.appendChild(el("span", "of", which + " · " + (i + 1) + " of " + entries.length));
    if (e.paused) {
      highlight(tick ? { path: tick.path, events: [] } : { path: [], events: [] });
      drawPause(ui.tickPane, e, tick);
      document.body.removeAttribute("data-tick");
    } else {
      highlight(tick);
      drawTick(ui.tickPane, tick, e);
      document.body.setAttribute("data-tick", String(tick.n));
    }
    document.body.setAttribute("data-frame", String(e.first));
    document.body.setAttribute("data-paused", String(e.paused));
    if (!fromAddress && window.history && window.history.replaceState) {
      try { window.history.replaceState(null, "", "#frame=" + e.first); } catch (err) { /* file: pages may refuse */ }
    }
  }

  function keysHelp() {
    var f = el("footer", "keys");
    [["←", "→"], ["Home", "End"]].forEach(function (k, j) {
      f.appendChild(el("kbd", null, k[0]));
      f.appendChild(document.createTextNode(" "));
      f.appendChild(el("kbd", null, k[1]));
      f.appendChild(document.createTextNode(j === 0 ? " previous / next tick or pause · " : " first / last frame · click the timeline to jump (in game frames; hatched: paused or asleep, not ticked; ⋯: not recorded)"));
    });
    return f;
  }

  function main() {
    if (entries.length) { app.appendChild(timeline()); }
    var panes = el("main", "panes");
    var treePane = el("section", "pane tree-pane");
    drawTree(treePane);
    panes.appendChild(treePane);
    ui.tickPane = el("section", "pane tick-pane");
    ui.tickPane.id = "tick";
    if (entries.length) { panes.appendChild(ui.tickPane); }
    app.appendChild(panes);
    if (!entries.length) { return; }
    app.appendChild(keysHelp());
    wire();
    select(fromHash(), true);
  }

  main();
}());
