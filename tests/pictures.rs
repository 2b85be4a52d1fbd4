//! Pictures of a tree's static shape (SPEC I4): `pictures::to_dot` and
//! `pictures::to_mermaid`, read back by small parsers of the two formats
//! (the parts of each grammar the export writes) and compared with the
//! shape: the nodes with their labels, the parent edges in child order, the
//! look of each kind family, and the highlighted nodes and edges.

use std::collections::{BTreeMap, BTreeSet};

use deciders::{pictures, Behavior, Ctx, Frame, NodeId, NodeInfo, NodeKind, Status};

// ================================================================ the trees

/// The agent: what the decides and conditions read.
#[derive(Default)]
struct Pet {
    hungry: bool,
    mood: u8,
}

/// A behavior that runs until it is halted.
#[derive(Default)]
struct Nap;
impl Behavior<Pet> for Nap {}

/// A behavior that succeeds at once.
#[derive(Default)]
struct Eat;
impl Behavior<Pet> for Eat {
    fn tick(&mut self, pet: &mut Pet, _: &mut Ctx) -> Status {
        pet.hungry = false;
        Status::Success
    }
}

/// A group behavior.
#[derive(Default)]
struct Purr;
impl Behavior<Pet> for Purr {}

/// A behavior written with a path and generics, so that its type has `<>`
/// and `::` in it.
struct Hold<T>(T);
impl<T> Hold<T> {
    fn new(value: T) -> Self {
        Hold(value)
    }
}
impl<T> Behavior<Pet> for Hold<T> {}

fn is_hungry(pet: &Pet) -> bool {
    pet.hungry
}

mod rooms {
    use super::*;
    deciders::tree! {
        /// A tree referenced by `Zoo`.
        pub tree Den for Pet {
            sequence { snooze: Nap, Eat }
        }
    }
}

deciders::tree! {
    /// One node of every family, most kinds, nested.
    tree Zoo for Pet {
        priority with Purr {
            feed: when(decide = is_hungry) => sequence {
                condition(is_hungry),
                timeout(5.0) { Eat },
                invert { fail },
            },
            play: when(decide = |p: &Pet| p.mood > 2) => fallback {
                repeat(3) { Hold::<u8>::new(1) },
                switch(|p: &Pet| p.mood) { small: 0 => Nap, _ => wait(1.0) },
            },
            home: subtree rooms::Den,
            idle: parallel(all) { Nap, selector { succeed, Nap } },
        }
    }
}

// ============================================================ DOT, parsed

/// A token of DOT: an identifier or number, a quoted string (its raw text
/// between the quotes, escapes kept), or punctuation.
#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Id(String),
    Str(String),
    Punct(&'static str),
}

fn dot_tokens(text: &str) -> Vec<Tok> {
    let mut toks = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
        } else if c == '"' {
            chars.next();
            let mut raw = String::new();
            loop {
                match chars.next().expect("unterminated string") {
                    '"' => break,
                    '\\' => {
                        raw.push('\\');
                        raw.push(chars.next().expect("escape at the end"));
                    }
                    c => raw.push(c),
                }
            }
            toks.push(Tok::Str(raw));
        } else if c.is_ascii_alphanumeric() || c == '_' || c == '.' {
            let mut id = String::new();
            while let Some(&c) = chars
                .peek()
                .filter(|c| c.is_ascii_alphanumeric() || **c == '_' || **c == '.')
            {
                id.push(c);
                chars.next();
            }
            toks.push(Tok::Id(id));
        } else if c == '-' {
            chars.next();
            assert_eq!(chars.next(), Some('>'), "only `->` starts with `-`");
            toks.push(Tok::Punct("->"));
        } else {
            chars.next();
            let p = ["{", "}", "[", "]", ";", ",", "="]
                .into_iter()
                .find(|p| p.starts_with(c))
                .unwrap_or_else(|| panic!("unexpected {c:?} in DOT"));
            toks.push(Tok::Punct(p));
        }
    }
    toks
}

/// A DOT quoted ID's text: `\X` is `X`.
fn dot_id(raw: &str) -> String {
    dot_lines(raw).join("\n")
}

/// A DOT label's text, as Graphviz reads it: first the entities (`&amp;`
/// is `&`: Graphviz decodes them in labels), then the escapes, `\n`
/// breaking a line and `\X` being `X`. No raw control character may be
/// left, nor a raw `&` that could start an entity.
fn dot_label(raw: &str) -> String {
    assert!(!raw.chars().any(hostile), "raw control in {raw:?}");
    let mut decoded = String::new();
    let mut rest = raw;
    while let Some(at) = rest.find('&') {
        decoded.push_str(&rest[..at]);
        rest = rest[at..]
            .strip_prefix("&amp;")
            .unwrap_or_else(|| panic!("a raw `&` in {raw:?}"));
        decoded.push('&');
    }
    decoded.push_str(rest);
    dot_lines(&decoded).join("\n")
}

/// The characters the pictures never write raw: control characters, and
/// those that break, reorder or hide text.
fn hostile(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{61c}'
                | '\u{200b}'..='\u{200f}'
                | '\u{2028}'..='\u{202e}'
                | '\u{2060}'
                | '\u{2066}'..='\u{2069}'
                | '\u{feff}'
        )
}

/// `text` as a DOT picture shows it: each hostile character but a line
/// break as the escape `{:?}` writes for it (`\t`, `\u{1b}`).
fn shown_in_dot(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\n' => "\n".to_string(),
            '\t' | '\r' | '\0' => c.escape_debug().to_string(),
            c if hostile(c) => c.escape_unicode().to_string(),
            c => c.to_string(),
        })
        .collect()
}

fn dot_lines(raw: &str) -> Vec<String> {
    let mut lines = vec![String::new()];
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next().unwrap() {
                'n' => lines.push(String::new()),
                c => lines.last_mut().unwrap().push(c),
            },
            c => lines.last_mut().unwrap().push(c),
        }
    }
    lines
}

type Attrs = BTreeMap<String, String>;

/// What a DOT picture says: the graph's name, its nodes with their
/// attributes, its edges in order with theirs.
#[derive(Debug, Default)]
struct Dot {
    name: Option<String>,
    nodes: BTreeMap<String, Attrs>,
    edges: Vec<(String, String, Attrs)>,
}

/// Parses `digraph [ID] { stmt* }`, each statement a node `ID [attrs]`, an
/// edge `ID -> ID [attrs]` or an attribute statement `graph|node|edge
/// [attrs]`, each optionally ended by `;`.
fn parse_dot(text: &str) -> Dot {
    let toks = dot_tokens(text);
    let mut at = 0;
    let mut next = || {
        at += 1;
        toks.get(at - 1).cloned()
    };
    assert_eq!(next(), Some(Tok::Id("digraph".into())));
    let mut dot = Dot::default();
    let mut tok = next();
    if let Some(Tok::Id(name) | Tok::Str(name)) = tok {
        dot.name = Some(name);
        tok = next();
    }
    assert_eq!(tok, Some(Tok::Punct("{")));
    let attrs = |next: &mut dyn FnMut() -> Option<Tok>| {
        let mut attrs = Attrs::new();
        loop {
            let key = match next() {
                Some(Tok::Punct("]")) => return attrs,
                Some(Tok::Punct(",")) => continue,
                Some(Tok::Id(key)) => key,
                t => panic!("attribute name expected, got {t:?}"),
            };
            assert_eq!(next(), Some(Tok::Punct("=")));
            let (Some(Tok::Id(value)) | Some(Tok::Str(value))) = next() else {
                panic!("attribute value expected")
            };
            assert!(attrs.insert(key, value).is_none(), "attribute given twice");
        }
    };
    let mut pending: Option<Tok> = None;
    loop {
        let tok = pending.take().or_else(&mut next);
        let id = match tok {
            Some(Tok::Punct("}")) => break,
            Some(Tok::Punct(";")) => continue,
            Some(Tok::Id(id)) => id,
            t => panic!("statement expected, got {t:?}"),
        };
        let mut tok = next();
        let target = if tok == Some(Tok::Punct("->")) {
            let Some(Tok::Id(target)) = next() else {
                panic!("edge target expected")
            };
            tok = next();
            Some(target)
        } else {
            None
        };
        let attrs = if tok == Some(Tok::Punct("[")) {
            attrs(&mut next)
        } else {
            pending = tok;
            Attrs::new()
        };
        match (id.as_str(), target) {
            (_, Some(target)) => dot.edges.push((id, target, attrs)),
            ("graph" | "node" | "edge", None) => {}
            (_, None) => assert!(dot.nodes.insert(id, attrs).is_none(), "node stated twice"),
        }
    }
    assert_eq!(next(), None, "nothing after the graph");
    dot
}

// ======================================================== Mermaid, parsed

/// A Mermaid node: its brackets, its label's text (line breaks as `\n`),
/// its classes.
#[derive(Debug)]
struct MermaidNode {
    open: String,
    label: String,
    classes: Vec<String>,
}

/// What a Mermaid flowchart says.
#[derive(Debug, Default)]
struct Mermaid {
    direction: String,
    class_defs: BTreeSet<String>,
    nodes: BTreeMap<String, MermaidNode>,
    edges: Vec<(String, String)>,
    /// The indices of the edges a `linkStyle` styles.
    styled_edges: BTreeSet<usize>,
}

/// A quoted Mermaid label's text, its line breaks as `\n`: `<br/>` breaks
/// a line, `#quot;` is `"` and `#N;` the character `N`; no other markup
/// may be left.
fn mermaid_label(label: &str) -> String {
    label
        .split("<br/>")
        .map(|line| {
            for c in ['"', '<', '>', '&', '`', '%'] {
                assert!(!line.contains(c), "raw {c:?} in {line:?}");
            }
            assert!(!line.chars().any(hostile), "raw control in {line:?}");
            let mut out = String::new();
            let mut rest = line;
            while let Some(at) = rest.find('#') {
                out.push_str(&rest[..at]);
                let end = rest[at..].find(';').expect("an entity ends with `;`") + at;
                out.push(match &rest[at + 1..end] {
                    "quot" => '"',
                    n => char::from_u32(n.parse().expect("a numeric entity")).unwrap(),
                });
                rest = &rest[end + 1..];
            }
            out.push_str(rest);
            out
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Parses `flowchart DIR` and its statements, one a line, each ended by
/// `;`: `classDef NAME STYLE`, `linkStyle I,J STYLE`, a node
/// `ID OPEN"label"CLOSE[:::class]`, an edge `ID --> ID`.
fn parse_mermaid(text: &str) -> Mermaid {
    let mut lines = text.lines();
    let header = lines.next().expect("a header");
    let mut m = Mermaid {
        direction: header
            .strip_prefix("flowchart ")
            .expect("a flowchart")
            .to_string(),
        ..Mermaid::default()
    };
    for line in lines {
        let line = line.trim();
        let stmt = line
            .strip_suffix(';')
            .unwrap_or_else(|| panic!("no `;` ending {line:?}"));
        if let Some(def) = stmt.strip_prefix("classDef ") {
            m.class_defs
                .insert(def.split(' ').next().unwrap().to_string());
        } else if let Some(class) = stmt.strip_prefix("class ") {
            // `class n3 polls`: after the node's statement.
            let (id, name) = class.split_once(' ').expect("`class ID NAME`");
            m.nodes
                .get_mut(id)
                .unwrap_or_else(|| panic!("class of a node not stated yet: {line}"))
                .classes
                .push(name.to_string());
        } else if let Some(style) = stmt.strip_prefix("linkStyle ") {
            let indices = style.split(' ').next().unwrap();
            m.styled_edges
                .extend(indices.split(',').map(|i| i.parse::<usize>().unwrap()));
        } else if let Some((from, to)) = stmt
            .split_once(" --> ")
            .filter(|(a, b)| is_id(a) && is_id(b))
        {
            m.edges.push((from.to_string(), to.to_string()));
        } else {
            let (id, node) = parse_mermaid_node(stmt);
            assert!(
                m.nodes.insert(id, node).is_none(),
                "node stated twice: {line}"
            );
        }
    }
    m
}

fn is_id(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric())
}

fn parse_mermaid_node(stmt: &str) -> (String, MermaidNode) {
    let id_end = stmt
        .find(|c: char| !c.is_ascii_alphanumeric())
        .expect("a shape");
    let (id, rest) = stmt.split_at(id_end);
    let quote = rest.find('"').expect("a quoted label");
    let (open, rest) = rest.split_at(quote);
    let close_quote = rest[1..].find('"').expect("a closing quote") + 1;
    let label = &rest[1..close_quote];
    let rest = &rest[close_quote + 1..];
    let close: String = open
        .chars()
        .rev()
        .map(|c| match c {
            '[' => ']',
            '(' => ')',
            '{' => '}',
            c => panic!("unknown bracket {c:?}"),
        })
        .collect();
    let classes = rest
        .strip_prefix(close.as_str())
        .unwrap_or_else(|| panic!("{open} closed by {rest}"));
    let classes = classes.split(":::").skip(1).map(str::to_string).collect();
    let node = MermaidNode {
        open: open.to_string(),
        label: mermaid_label(label),
        classes,
    };
    (id.to_string(), node)
}

// ========================================================= what to expect

/// A node's label as the reference says: its name, its kind's keyword
/// unless it is the name, its behavior type unless it is the name, one a
/// line.
fn expected_label(node: &NodeInfo) -> String {
    let mut lines = vec![node.name.to_string()];
    if node.kind.keyword() != node.name {
        lines.push(node.kind.keyword().to_string());
    }
    match node.behavior {
        Some(b) if b != node.name => lines.push(b.to_string()),
        _ => {}
    }
    lines.join("\n")
}

/// The kind families, named by what they look like in each format.
fn family(kind: NodeKind) -> &'static str {
    match kind {
        NodeKind::Behavior => "leaf",
        NodeKind::Condition => "condition",
        NodeKind::Decorator(_) => "decorator",
        NodeKind::Subtree => "subtree",
        _ => "composite",
    }
}

fn id(n: NodeId) -> String {
    format!("n{n}")
}

/// The parent edges of `shape`, in table order.
fn parent_edges(shape: &[NodeInfo]) -> Vec<(String, String)> {
    shape
        .iter()
        .filter_map(|n| Some((id(n.parent?), id(n.id))))
        .collect()
}

/// Checks a DOT picture of `shape` against the shape and the highlighted
/// ids.
fn check_dot(shape: &[NodeInfo], active: &[NodeId], text: &str) {
    let dot = parse_dot(text);
    // The graph's name is a quoted string, where `\"` and `\\` are escapes.
    let name = dot.name.as_deref().map(dot_id);
    assert_eq!(name, Some(shown_in_dot(shape[0].tree).replace('\n', "\\n")));
    let ids: BTreeSet<String> = shape.iter().map(|n| id(n.id)).collect();
    assert_eq!(dot.nodes.keys().cloned().collect::<BTreeSet<_>>(), ids);
    for node in shape {
        let attrs = &dot.nodes[&id(node.id)];
        let label = shown_in_dot(&expected_label(node));
        assert_eq!(dot_label(&attrs["label"]), label, "{node:?}");
        let look = (
            attrs["shape"].as_str(),
            attrs.get("style").is_some_and(|s| s.contains("rounded")),
        );
        let want = match family(node.kind) {
            "leaf" => ("box", true),
            "condition" => ("diamond", false),
            "decorator" => ("hexagon", false),
            _ => ("box", false),
        };
        assert_eq!(look, want, "{node:?}");
        let double = attrs.get("peripheries").map(String::as_str) == Some("2");
        assert_eq!(double, node.kind == NodeKind::Subtree, "{node:?}");
        // Z2: a node where a path ticked every tick ends is dashed.
        let dashed = attrs.get("style").is_some_and(|s| s.contains("dashed"));
        assert_eq!(dashed, node.polls(), "{node:?}");
    }
    let edges: Vec<(String, String)> = dot
        .edges
        .iter()
        .map(|(a, b, _)| (a.clone(), b.clone()))
        .collect();
    assert_eq!(edges, parent_edges(shape));
    // Highlights: filled red nodes, red edges.
    let lit: BTreeSet<String> = dot
        .nodes
        .iter()
        .filter(|(_, a)| a.get("style").is_some_and(|s| s.contains("filled")))
        .inspect(|(_, a)| assert_eq!(a["color"], "#d62728"))
        .map(|(k, _)| k.clone())
        .collect();
    assert_eq!(lit, active_ids(shape, active));
    let lit_edges: BTreeSet<(String, String)> = dot
        .edges
        .iter()
        .filter(|(_, _, a)| a.get("color").is_some_and(|c| c == "#d62728"))
        .map(|(a, b, _)| (a.clone(), b.clone()))
        .collect();
    assert_eq!(lit_edges, active_edges(shape, active));
}

/// Checks a Mermaid picture of `shape` against the shape and the
/// highlighted ids.
fn check_mermaid(shape: &[NodeInfo], active: &[NodeId], text: &str) {
    let m = parse_mermaid(text);
    assert_eq!(m.direction, "TD");
    let ids: BTreeSet<String> = shape.iter().map(|n| id(n.id)).collect();
    assert_eq!(m.nodes.keys().cloned().collect::<BTreeSet<_>>(), ids);
    for node in shape {
        let drawn = &m.nodes[&id(node.id)];
        assert_eq!(drawn.label, expected_label(node), "{node:?}");
        let want = match family(node.kind) {
            "leaf" => "(",
            "condition" => "{",
            "decorator" => "{{",
            "subtree" => "[[",
            _ => "[",
        };
        assert_eq!(drawn.open, want, "{node:?}");
        let polls = drawn.classes.iter().any(|c| c == "polls");
        assert_eq!(polls, node.polls(), "{node:?}");
    }
    assert_eq!(
        m.class_defs.contains("polls"),
        shape.iter().any(NodeInfo::polls),
        "a class is defined where used"
    );
    assert_eq!(m.edges, parent_edges(shape));
    let lit: BTreeSet<String> = m
        .nodes
        .iter()
        .filter(|(_, n)| n.classes.iter().any(|c| c == "active"))
        .map(|(k, _)| k.clone())
        .collect();
    assert_eq!(lit, active_ids(shape, active));
    assert_eq!(
        m.class_defs.contains("active"),
        !lit.is_empty(),
        "a class is defined where used"
    );
    let lit_edges: BTreeSet<(String, String)> =
        m.styled_edges.iter().map(|&i| m.edges[i].clone()).collect();
    assert_eq!(lit_edges, active_edges(shape, active));
}

fn active_ids(shape: &[NodeInfo], active: &[NodeId]) -> BTreeSet<String> {
    shape
        .iter()
        .filter(|n| active.contains(&n.id))
        .map(|n| id(n.id))
        .collect()
}

fn active_edges(shape: &[NodeInfo], active: &[NodeId]) -> BTreeSet<(String, String)> {
    shape
        .iter()
        .filter_map(|n| Some((n.parent?, n.id)))
        .filter(|(p, c)| active.contains(p) && active.contains(c))
        .map(|(p, c)| (id(p), id(c)))
        .collect()
}

/// Both pictures of `shape`, checked, and run through `dot` if it is there.
fn check(shape: &[NodeInfo], active: &[NodeId]) {
    let dot = pictures::to_dot(shape, active);
    check_dot(shape, active, &dot);
    check_mermaid(shape, active, &pictures::to_mermaid(shape, active));
    graphviz_accepts(&dot);
}

/// Runs Graphviz's `dot` on the picture if it is installed.
fn graphviz_accepts(dot: &str) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let child = Command::new("dot")
        .arg("-Tsvg")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn();
    let Ok(mut child) = child else {
        println!("note: Graphviz `dot` is not installed; DOT output not run through it");
        return;
    };
    child
        .stdin
        .take()
        .unwrap()
        .write_all(dot.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "dot rejected:\n{dot}\n{stderr}");
}

// ================================================================== tests

#[test]
fn i4_every_node_and_parent_edge_of_a_tree_is_drawn_with_its_look() {
    // SPEC I4
    let shape = Zoo::shape();
    let kinds: BTreeSet<&str> = shape.iter().map(|n| family(n.kind)).collect();
    assert_eq!(kinds.len(), 5, "the tree has every family: {kinds:?}");
    assert!(shape
        .iter()
        .any(|n| n.behavior.is_some_and(|b| b.contains('<'))));
    // Z2: below `feed`'s decide, every path of `play`, `home` and `idle`
    // is ticked every tick (and `switch` reads its value every tick).
    let polls: Vec<&str> = shape.iter().filter(|n| n.polls()).map(|n| n.name).collect();
    assert_eq!(polls, ["Hold", "small", "Wait", "home", "Nap", "Nap"]);
    check(shape, &[]);
    check(rooms::Den::shape(), &[]);
    // Every subset of a few nodes is highlighted as given, even one that
    // is not a path.
    check(shape, &[0, 1, 3]);
    check(shape, &[2, 5, 9]);
    let all: Vec<NodeId> = (0..shape.len() as NodeId).collect();
    check(shape, &all);
}

#[test]
fn i4_the_active_path_of_a_ticked_tree_is_highlighted() {
    // SPEC I4, I1: the path through a `subtree` reference keeps the
    // reference and drops the referenced tree's nodes.
    let mut pet = Pet {
        hungry: false,
        mood: 0,
    };
    let mut zoo = Zoo::new();
    zoo.tick(&mut pet, &mut Frame::new(0.1));
    let mut path = Vec::new();
    zoo.active_path(|n| path.push((n.name, n.tree)));
    assert_eq!(path, [("root", "Zoo"), ("home", "Zoo"), ("snooze", "Den")]);
    let shape = Zoo::shape();
    let mut active = Vec::new();
    zoo.active_path(|n| active.extend(pictures::id_in(shape, n)));
    let names: Vec<&str> = active.iter().map(|&i| shape[usize::from(i)].name).collect();
    assert_eq!(names, ["root", "home"]);
    check(shape, &active);
    // The referenced tree's own picture, with its part of the path.
    let mut inner = Vec::new();
    zoo.active_path(|n| inner.extend(pictures::id_in(rooms::Den::shape(), n)));
    assert_eq!(inner, [1], "Den's root is reported as `home`");
    check(rooms::Den::shape(), &inner);

    pet.mood = 3;
    zoo.tick(&mut pet, &mut Frame::new(0.1));
    active.clear();
    zoo.active_path(|n| active.extend(pictures::id_in(shape, n)));
    let names: Vec<&str> = active.iter().map(|&i| shape[usize::from(i)].name).collect();
    assert_eq!(names[..2], ["root", "play"]);
    assert!(names.len() >= 4, "{names:?}");
    check(shape, &active);
}

/// A hand-built shape: a root and one child per name.
fn shape_of(tree: &'static str, names: &[&'static str]) -> Vec<NodeInfo> {
    let kinds = [
        NodeKind::Behavior,
        NodeKind::Condition,
        NodeKind::Subtree,
        NodeKind::Decorator("invert"),
    ];
    let root =
        deciders::__private::shape_node(0, "root", tree, NodeKind::Sequence, 0, 0, tree, 1, "");
    let children = names.iter().enumerate().map(|(i, &name)| {
        let kind = kinds[i % kinds.len()];
        let behavior = (kind == NodeKind::Behavior).then_some(names[names.len() - 1 - i]);
        deciders::__private::shape_node(
            i as NodeId + 1,
            name,
            tree,
            kind,
            0,
            1,
            behavior.unwrap_or(""),
            2 + i as u32,
            "",
        )
    });
    std::iter::once(root).chain(children).collect()
}

#[test]
fn i4_names_with_special_characters_round_trip() {
    // SPEC I4
    let names: &[&'static str] = &[
        r#"say "hi""#,
        r"back\slash\n",
        "<a>{b}|c",
        "#quot; #35; &amp; `code`",
        "new\nline",
        "-->; ]) }} %% end",
        "été ünï 🐑",
        "",
        "\\\"\\\\",
        "tab\there\r",
    ];
    let shape = shape_of("Odd \"tree\" <T>", names);
    check(&shape, &[]);
    check(&shape, &[0, 2, 5]);
}

/// A tiny generator, so that the round trip sees many strings without a
/// dependency.
fn next_random(state: &mut u64) -> u64 {
    *state = state
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *state >> 33
}

#[test]
fn i4_random_names_round_trip() {
    // SPEC I4
    const ALPHABET: &[char] = &[
        'a', 'Z', '0', ' ', '"', '\\', '<', '>', '{', '}', '|', '#', ';', '&', '`', '[', ']', '(',
        ')', '\n', '-', ':', '%', 'é', '→', '\t',
    ];
    let mut state = 7;
    for _ in 0..40 {
        let names: Vec<&'static str> = (0..6)
            .map(|_| {
                let len = next_random(&mut state) % 12;
                let name: String = (0..len)
                    .map(|_| ALPHABET[next_random(&mut state) as usize % ALPHABET.len()])
                    .collect();
                &*Box::leak(name.into_boxed_str())
            })
            .collect();
        let shape = shape_of("R", &names);
        let active: Vec<NodeId> = (0..7)
            .filter(|_| next_random(&mut state).is_multiple_of(2))
            .collect();
        check(&shape, &active);
    }
}

#[test]
fn i4_a_small_tree_in_full() {
    // SPEC I4: one exact picture of each format.
    let dot = pictures::to_dot(rooms::Den::shape(), &[0, 1]);
    assert_eq!(
        dot,
        r##"digraph "Den" {
  graph [ordering=out];
  node [fontname="Helvetica"];
  n0 [label="root\nsequence", shape=box, style="filled,bold", color="#d62728", fillcolor="#fde2e2"];
  n1 [label="snooze\nbehavior\nNap", shape=box, style="rounded,filled,bold", color="#d62728", fillcolor="#fde2e2"];
  n2 [label="Eat\nbehavior", shape=box, style="rounded"];
  n0 -> n1 [color="#d62728", penwidth=2];
  n0 -> n2;
}
"##
    );
    let mermaid = pictures::to_mermaid(rooms::Den::shape(), &[0, 1]);
    assert_eq!(
        mermaid,
        r#"flowchart TD
  classDef active fill:#fde2e2,stroke:#d62728,stroke-width:2px;
  n0["root<br/>sequence"]:::active;
  n1("snooze<br/>behavior<br/>Nap"):::active;
  n2("Eat<br/>behavior");
  n0 --> n1;
  n0 --> n2;
  linkStyle 0 stroke:#d62728,stroke-width:2px;
"#
    );
}

#[test]
fn i4_hostile_names_are_escaped_in_both_formats() {
    // SPEC I4: names and a tree name that try to break out of a label, a
    // statement or a line, or to reach a terminal or a page: each format
    // escapes every character its grammar forbids, and the control
    // characters are shown, never written raw.
    let names: &[&'static str] = &[
        "\u{1b}[31mred\u{1b}[0m",
        "a\nb: forged line",
        "<script>alert(1)</script>",
        "x\"] --> evil[\"",
        "}} ]] ) -->|y| z; %%{init: {'theme':'dark'}}%%",
        "&quot; &amp; &#92;n",
        "nul\0 del\u{7f} csi\u{9b} sep\u{2028} rlo\u{202e} bom\u{feff}",
        "cr\r tab\t",
        "ends with \\",
    ];
    let shape = shape_of("Tree\u{1b}]0;title\u{7}\n\"x\"", names);
    check(&shape, &[]);
    check(&shape, &[0, 1, 4]);

    let dot = pictures::to_dot(&shape, &[]);
    let mermaid = pictures::to_mermaid(&shape, &[]);
    for text in [&dot, &mermaid] {
        assert!(!text.chars().any(|c| hostile(c) && c != '\n'), "{text}");
        assert!(!text.contains("<script>"), "{text}");
    }
    assert!(!mermaid.contains("%%"), "no Mermaid directive or comment");
    // One statement a line: no name starts a line of its own.
    assert_eq!(dot.lines().count(), 3 + shape.len() + names.len() + 1);
    assert_eq!(mermaid.lines().count(), 1 + shape.len() + names.len());
    // Exactly, for a few.
    assert!(dot.starts_with("digraph \"Tree\\\\u{1b}]0;title\\\\u{7}\\\\n\\\"x\\\"\" {\n"));
    // A label that ends with a backslash.
    assert!(dot.contains(
        r#"n1 [label="\\u\{1b\}[31mred\\u\{1b\}[0m\nbehavior\nends with \\", shape=box"#
    ));
    assert!(dot.contains(r#"[label="&amp;quot; &amp;amp; &amp;#92;n\ncondition", shape=diamond]"#));
    assert!(dot.contains(r#"n8 [label="cr\\r tab\\t\ninvert", shape=hexagon]"#));
    assert!(mermaid.contains(r##"n1("#27;[31mred#27;[0m<br/>behavior<br/>ends with \");"##));
    assert!(mermaid.contains(r##"n3[["#60;script#62;alert(1)#60;/script#62;<br/>subtree"]];"##));
    assert!(mermaid.contains(
        r##"n5("}} ]] ) --#62;|y| z; #37;#37;{init: {'theme':'dark'}}#37;#37;<br/>behavior");"##
    ));
    assert!(mermaid.contains("sep#8232; rlo#8238; bom#65279;"));
    assert!(mermaid.contains(r#"n8{{"cr#13; tab#9;<br/>invert"}};"#));
    graphviz_shows(&dot, "\\u{1b}[31mred\\u{1b}[0m");
}

/// Checks, if Graphviz's `dot` is installed, that the SVG it draws from
/// `dot` shows `text` as a line of a label (XML-escaped), and no control
/// character.
fn graphviz_shows(dot: &str, text: &str) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let Ok(mut child) = Command::new("dot")
        .arg("-Tsvg")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
    else {
        println!("note: Graphviz `dot` is not installed; its SVG not checked");
        return;
    };
    child
        .stdin
        .take()
        .unwrap()
        .write_all(dot.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let svg = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success());
    assert!(!svg.chars().any(|c| c.is_control() && c != '\n'), "{svg}");
    assert!(svg.contains(&format!(">{text}</text>")), "{svg}");
    assert!(
        svg.contains(">&amp;quot; &amp;amp; &amp;#92;n</text>"),
        "{svg}"
    );
    assert!(svg.contains(">ends with \\</text>"), "{svg}");
}
