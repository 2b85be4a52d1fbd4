//! Pictures of a tree: its static shape as a Graphviz DOT or a Mermaid
//! flowchart, with the active path highlighted if you wish (I4).
//!
//! Every generated tree has its shape as a table (`TreeType::shape()`, a
//! slice of [`NodeInfo`]); these functions draw it:
//!
//! - [`write_dot`] and [`to_dot`]: a Graphviz `digraph`, for `dot -Tsvg`;
//! - [`write_mermaid`] and [`to_mermaid`]: a Mermaid `flowchart TD`, which
//!   GitHub, GitLab and many documentation tools render inline.
//!
//! The `write_*` functions write into any [`core::fmt::Write`] (a `String`,
//! a `Formatter`) and allocate nothing themselves; the `to_*` functions
//! return a `String`.
//!
//! # What a picture shows
//!
//! - One node per entry of the shape, with the id `n0`, `n1`, … (the node's
//!   [`NodeInfo::id`]), labelled with the node's name, then its kind's
//!   keyword unless it is the name (an unnamed `sequence` is labelled
//!   `sequence` once), then its behavior type unless it is the name, one
//!   per line.
//! - One edge from each node to each of its children, in the order of the
//!   table, so children appear in the order they are written in the tree.
//! - A look per family of node kinds: composites are boxes, behavior leaves
//!   rounded boxes, decorators hexagons, conditions diamonds, and `subtree`
//!   references boxes with a double border (DOT) or subroutine boxes
//!   (Mermaid). A referenced tree is its own picture: draw its shape
//!   separately.
//! - The nodes where a running path ticked every tick ends
//!   ([`NodeInfo::polls`], Z2: the tree's `SLEEP` says why) with a dashed
//!   border: `style=dashed` and a tooltip in DOT, the class `polls` in
//!   Mermaid (`class n3 polls;`, defined dashed).
//! - The nodes whose ids are in `active`, and the edges between two of them,
//!   in red and bold; with no ids, nothing is highlighted.
//!
//! Names, kinds, behavior types and the tree's name are escaped for each
//! format, every character its grammar forbids or reads, so that any text
//! reads back as written and none ends a label or a statement: in DOT,
//! `"` and `\` (and `<`, `>`, `{`, `}`, `|`, so that the labels stay right
//! even if you switch the nodes to record shapes) take a backslash, and
//! `&` is `&amp;` (Graphviz reads entities in labels); in Mermaid, labels
//! are quoted and `"`, `#`, `%`, `<`, `>`, `&` and `` ` `` are written as
//! entities (`#quot;`, `#35;`, …), so that nothing reads as markup,
//! markdown, an entity or a directive (`%%{…}%%`). A line break in a name
//! is a line break of the label in both. No control character, nor any
//! character that breaks, reorders or hides text (U+2028, the
//! bidirectional controls, U+FEFF, …), is written raw: Mermaid writes it
//! as an entity (`#27;`), DOT shows it as the escape `{:?}` writes for it
//! (the label reads `\u{1b}`, `\t`), in labels and in the graph's name.
//!
//! # The active path
//!
//! [`Tree::active_path`](crate::Tree::active_path) hands out the active
//! nodes root first; the nodes of a tree used through a `subtree`
//! reference are nodes of *that* tree's shape, with that shape's ids, so
//! keep only the nodes of the tree you draw with [`id_in`]:
//!
//! ```
//! use deciders::{pictures, Behavior, Ctx, Frame, NodeId, Status};
//!
//! struct Critter { hungry: bool }
//! #[derive(Default)]
//! struct Eat;
//! impl Behavior<Critter> for Eat {}
//! #[derive(Default)]
//! struct Wander;
//! impl Behavior<Critter> for Wander {}
//!
//! deciders::tree! {
//!     tree Creature for Critter {
//!         priority {
//!             eat: when(decide = |c: &Critter| c.hungry) => Eat,
//!             wander: Wander,
//!         }
//!     }
//! }
//!
//! let mut state = Creature::new();
//! state.tick(&mut Critter { hungry: true }, &mut Frame::new(0.1));
//! let shape = Creature::shape();
//! let mut active: Vec<NodeId> = Vec::new();
//! state.active_path(|node| active.extend(pictures::id_in(shape, node)));
//! assert_eq!(active, [0, 1]); // root, eat
//!
//! let dot = pictures::to_dot(shape, &active);
//! assert!(dot.starts_with("digraph \"Creature\" {"));
//! assert!(dot.contains("n0 -> n1 [color=\"#d62728\", penwidth=2];"));
//! assert!(dot.contains("n0 -> n2;"));
//!
//! let mermaid = pictures::to_mermaid(shape, &active);
//! assert!(mermaid.starts_with("flowchart TD\n"));
//! assert!(mermaid.contains("n1(\"eat<br/>behavior<br/>Eat\"):::active;"));
//! ```
//!
//! Its length: the two writers share the walk and the escapes, about 520
//! lines with their docs, then the unit tests of the escapes.

use crate::base::shape::{NodeId, NodeInfo, NodeKind};
use crate::tools::describe::hostile;
use core::fmt::{self, Write};

/// The colour of highlighted nodes' borders and of highlighted edges.
const RED: &str = "#d62728";
/// The fill of highlighted nodes.
const PINK: &str = "#fde2e2";

/// How a node is drawn: one look per family of kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Family {
    /// A node with children chosen or run by a policy.
    Composite,
    /// A behavior leaf.
    Leaf,
    /// A decorator, around one child.
    Decorator,
    /// A condition leaf.
    Condition,
    /// A reference to another tree.
    Subtree,
}

impl Family {
    /// The family's name in the replay's page (`class="node leaf"`).
    pub(crate) fn name(self) -> &'static str {
        match self {
            Family::Composite => "composite",
            Family::Leaf => "leaf",
            Family::Decorator => "decorator",
            Family::Condition => "condition",
            Family::Subtree => "subtree",
        }
    }

    /// The family of `kind`.
    pub(crate) fn of(kind: NodeKind) -> Family {
        match kind {
            NodeKind::Behavior => Family::Leaf,
            NodeKind::Condition => Family::Condition,
            NodeKind::Decorator(_) => Family::Decorator,
            NodeKind::Subtree => Family::Subtree,
            NodeKind::Priority
            | NodeKind::Sequential
            | NodeKind::Sequence
            | NodeKind::ReactiveSequence
            | NodeKind::Fallback
            | NodeKind::Selector
            | NodeKind::Random
            | NodeKind::Shuffle
            | NodeKind::Scored
            | NodeKind::Parallel
            | NodeKind::Concurrent
            | NodeKind::IfThenElse
            | NodeKind::WhileDoElse
            | NodeKind::Switch => Family::Composite,
        }
    }

    /// Graphviz's `shape` and the `style` items of this family.
    fn dot(self) -> (&'static str, &'static str) {
        match self {
            Family::Composite => ("box", ""),
            Family::Leaf => ("box", "rounded"),
            Family::Decorator => ("hexagon", ""),
            Family::Condition => ("diamond", ""),
            Family::Subtree => ("box", ""),
        }
    }

    /// Mermaid's brackets around the quoted label of this family's nodes.
    fn mermaid(self) -> (&'static str, &'static str) {
        match self {
            Family::Composite => ("[", "]"),
            Family::Leaf => ("(", ")"),
            Family::Decorator => ("{{", "}}"),
            Family::Condition => ("{", "}"),
            Family::Subtree => ("[[", "]]"),
        }
    }
}

/// The lines of `node`'s label: its name, its kind's keyword unless it is
/// the name, its behavior type unless it is the name.
fn label(node: &NodeInfo) -> [Option<&'static str>; 3] {
    let keyword = node.kind.keyword();
    [
        Some(node.name),
        (keyword != node.name).then_some(keyword),
        node.behavior.filter(|&behavior| behavior != node.name),
    ]
}

/// Writes the lines of `node`'s label, each escaped by `escape`, separated
/// by `newline`.
fn write_label<W: Write + ?Sized>(
    out: &mut W,
    node: &NodeInfo,
    newline: &str,
    escape: fn(&mut W, &str) -> fmt::Result,
) -> fmt::Result {
    for (i, line) in label(node).into_iter().flatten().enumerate() {
        if i > 0 {
            out.write_str(newline)?;
        }
        escape(out, line)?;
    }
    Ok(())
}

/// Writes `text`, each character for which `special` holds written by
/// `write` instead.
fn escaped<W: Write + ?Sized>(
    out: &mut W,
    text: &str,
    special: fn(char) -> bool,
    write: fn(&mut W, char) -> fmt::Result,
) -> fmt::Result {
    let mut rest = text;
    while let Some(at) = rest.find(special) {
        out.write_str(&rest[..at])?;
        let c = rest[at..].chars().next().unwrap_or_default();
        write(out, c)?;
        rest = &rest[at + c.len_utf8()..];
    }
    out.write_str(rest)
}

/// Writes `c`, a character [`hostile`] to text, for a DOT quoted
/// string: as the text `{:?}` writes for it in a string (`\t`, `\u{1b}`),
/// its backslash doubled (and its braces escaped in a label) so that
/// Graphviz shows it instead of reading it.
fn dot_visible<W: Write + ?Sized>(out: &mut W, c: char, label: bool) -> fmt::Result {
    match c {
        '\t' => out.write_str("\\\\t"),
        '\r' => out.write_str("\\\\r"),
        '\0' => out.write_str("\\\\0"),
        c if label => write!(out, "\\\\u\\{{{:x}\\}}", u32::from(c)),
        c => write!(out, "\\\\u{{{:x}}}", u32::from(c)),
    }
}

/// Writes `text` for a DOT quoted label: `"` and `\` (and the characters
/// a record label gives a meaning, `<>{}|`) take a backslash, a line break
/// is `\n`, `&` is `&amp;` (Graphviz reads entities in labels), and the
/// other control characters and [`hostile`] ones are shown as their
/// escapes (`\u{1b}`), never written raw.
fn escape_dot<W: Write + ?Sized>(out: &mut W, text: &str) -> fmt::Result {
    escaped(
        out,
        text,
        |c| matches!(c, '"' | '\\' | '<' | '>' | '{' | '}' | '|' | '&') || hostile(c),
        |out, c| match c {
            '\n' => out.write_str("\\n"),
            '&' => out.write_str("&amp;"),
            c if hostile(c) => dot_visible(out, c, true),
            c => {
                out.write_char('\\')?;
                out.write_char(c)
            }
        },
    )
}

/// Writes `text` for a DOT quoted ID (the graph's name): `"` and `\` take
/// a backslash, control characters and [`hostile`] ones are shown as
/// their escapes (`\n`, `\u{1b}`).
fn escape_dot_id<W: Write + ?Sized>(out: &mut W, text: &str) -> fmt::Result {
    escaped(
        out,
        text,
        |c| matches!(c, '"' | '\\') || hostile(c),
        |out, c| match c {
            '\n' => out.write_str("\\\\n"),
            c if hostile(c) => dot_visible(out, c, false),
            c => {
                out.write_char('\\')?;
                out.write_char(c)
            }
        },
    )
}

/// Writes `text` for a quoted Mermaid label: `"` is `#quot;`, a line
/// break is `<br/>`, and `#`, `%`, `<`, `>`, `&`, `` ` `` and the other
/// control characters and [`hostile`] ones are numeric entities
/// (`#35;`), so that nothing reads as markup, markdown, a directive
/// (`%%{…}%%`), an entity or the end of a line.
fn escape_mermaid<W: Write + ?Sized>(out: &mut W, text: &str) -> fmt::Result {
    escaped(
        out,
        text,
        |c| matches!(c, '"' | '#' | '%' | '<' | '>' | '&' | '`') || hostile(c),
        |out, c| match c {
            '"' => out.write_str("#quot;"),
            '\n' => out.write_str("<br/>"),
            c => write!(out, "#{};", u32::from(c)),
        },
    )
}

/// Whether the edge into `node` joins two highlighted nodes.
fn edge_active(node: &NodeInfo, parent: NodeId, active: &[NodeId]) -> bool {
    active.contains(&node.id) && active.contains(&parent)
}

/// Writes `shape` as a Graphviz DOT `digraph` named after the tree,
/// highlighting the nodes whose ids are in `active` and the edges between
/// them (see the [module](self) for what the picture shows).
///
/// Allocates nothing: everything goes straight to `out`.
///
/// ```
/// use deciders::{pictures, Behavior};
///
/// struct Bot;
/// #[derive(Default)]
/// struct Patrol;
/// impl Behavior<Bot> for Patrol {}
///
/// deciders::tree! {
///     tree Guard for Bot { sequence { look: succeed, Patrol } }
/// }
///
/// let mut dot = String::new();
/// pictures::write_dot(&mut dot, Guard::shape(), &[]).unwrap();
/// assert_eq!(
///     dot,
///     r#"digraph "Guard" {
///   graph [ordering=out];
///   node [fontname="Helvetica"];
///   n0 [label="root\nsequence", shape=box];
///   n1 [label="look\nbehavior\nSucceed", shape=box, style="rounded"];
///   n2 [label="Patrol\nbehavior", shape=box, style="rounded"];
///   n0 -> n1;
///   n0 -> n2;
/// }
/// "#
/// );
/// ```
pub fn write_dot<W: Write + ?Sized>(
    out: &mut W,
    shape: &[NodeInfo],
    active: &[NodeId],
) -> fmt::Result {
    out.write_str("digraph ")?;
    if let Some(root) = shape.first() {
        // A quoted ID, not a label: no line break, no record characters.
        out.write_char('"')?;
        escape_dot_id(out, root.tree)?;
        out.write_str("\" ")?;
    }
    out.write_str("{\n  graph [ordering=out];\n  node [fontname=\"Helvetica\"];\n")?;
    for node in shape {
        let family = Family::of(node.kind);
        let (shape, style) = family.dot();
        write!(out, "  n{} [label=\"", node.id)?;
        write_label(out, node, "\\n", escape_dot)?;
        write!(out, "\", shape={shape}")?;
        if family == Family::Subtree {
            out.write_str(", peripheries=2")?;
        }
        let lit = active.contains(&node.id);
        let styles = [
            style,
            if node.polls { "dashed" } else { "" },
            if lit { "filled,bold" } else { "" },
        ];
        let mut sep = ", style=\"";
        for item in styles.iter().filter(|s| !s.is_empty()) {
            write!(out, "{sep}{item}")?;
            sep = ",";
        }
        if sep == "," {
            out.write_char('"')?;
        }
        if lit {
            write!(out, ", color=\"{RED}\", fillcolor=\"{PINK}\"")?;
        }
        if node.polls {
            out.write_str(", tooltip=\"ticked every tick: never sleeps\"")?;
        }
        out.write_str("];\n")?;
    }
    for node in shape {
        let Some(parent) = node.parent else { continue };
        write!(out, "  n{parent} -> n{}", node.id)?;
        if edge_active(node, parent, active) {
            write!(out, " [color=\"{RED}\", penwidth=2]")?;
        }
        out.write_str(";\n")?;
    }
    out.write_str("}\n")
}

/// Writes `shape` as a Mermaid `flowchart TD`, highlighting the nodes whose
/// ids are in `active` (class `active`) and the edges between them (a
/// `linkStyle`); see the [module](self) for what the picture shows.
///
/// Allocates nothing: everything goes straight to `out`.
///
/// ```
/// use deciders::{pictures, Behavior};
///
/// struct Bot;
/// #[derive(Default)]
/// struct Patrol;
/// impl Behavior<Bot> for Patrol {}
///
/// deciders::tree! {
///     tree Guard for Bot { sequence { look: succeed, Patrol } }
/// }
///
/// let mut mermaid = String::new();
/// pictures::write_mermaid(&mut mermaid, Guard::shape(), &[0, 2]).unwrap();
/// assert_eq!(
///     mermaid,
///     r#"flowchart TD
///   classDef active fill:#fde2e2,stroke:#d62728,stroke-width:2px;
///   n0["root<br/>sequence"]:::active;
///   n1("look<br/>behavior<br/>Succeed");
///   n2("Patrol<br/>behavior"):::active;
///   n0 --> n1;
///   n0 --> n2;
///   linkStyle 1 stroke:#d62728,stroke-width:2px;
/// "#
/// );
/// ```
pub fn write_mermaid<W: Write + ?Sized>(
    out: &mut W,
    shape: &[NodeInfo],
    active: &[NodeId],
) -> fmt::Result {
    out.write_str("flowchart TD\n")?;
    let highlights = shape.iter().any(|node| active.contains(&node.id));
    if highlights {
        writeln!(
            out,
            "  classDef active fill:{PINK},stroke:{RED},stroke-width:2px;"
        )?;
    }
    for node in shape {
        let (open, close) = Family::of(node.kind).mermaid();
        write!(out, "  n{}{open}\"", node.id)?;
        write_label(out, node, "<br/>", escape_mermaid)?;
        write!(out, "\"{close}")?;
        if active.contains(&node.id) {
            out.write_str(":::active")?;
        }
        // Every statement ends with `;`: Mermaid drops the last `;` of a
        // line that looks like a style (`style…:…#…;`), which must not be
        // the one of an entity.
        out.write_str(";\n")?;
    }
    if shape.iter().any(|node| node.polls) {
        out.write_str("  classDef polls stroke-dasharray:5 5;\n")?;
        for node in shape.iter().filter(|node| node.polls) {
            writeln!(out, "  class n{} polls;", node.id)?;
        }
    }
    for node in shape {
        if let Some(parent) = node.parent {
            writeln!(out, "  n{parent} --> n{};", node.id)?;
        }
    }
    // Mermaid numbers edges in the order they are written.
    let edges = shape.iter().filter_map(|node| Some((node, node.parent?)));
    let mut first = true;
    for (index, (node, parent)) in edges.enumerate() {
        if edge_active(node, parent, active) {
            out.write_str(if first { "  linkStyle " } else { "," })?;
            write!(out, "{index}")?;
            first = false;
        }
    }
    if !first {
        writeln!(out, " stroke:{RED},stroke-width:2px;")?;
    }
    Ok(())
}

/// `shape` as a Graphviz DOT `digraph`, as [`write_dot`] writes it.
///
/// ```
/// use deciders::{pictures, Behavior};
/// struct Bot;
/// deciders::tree! { tree Idle for Bot { wait(1.0) } }
/// let dot = pictures::to_dot(Idle::shape(), &[0]);
/// assert!(dot.starts_with("digraph \"Idle\" {"));
/// assert!(dot.contains("n0 [label="));
/// ```
pub fn to_dot(shape: &[NodeInfo], active: &[NodeId]) -> String {
    let mut out = String::with_capacity(64 + 64 * shape.len());
    // Writing into a `String` cannot fail.
    let _ = write_dot(&mut out, shape, active);
    out
}

/// `shape` as a Mermaid `flowchart TD`, as [`write_mermaid`] writes it.
///
/// ```
/// use deciders::{pictures, Behavior};
/// struct Bot;
/// deciders::tree! { tree Idle for Bot { wait(1.0) } }
/// let mermaid = pictures::to_mermaid(Idle::shape(), &[]);
/// assert!(mermaid.starts_with("flowchart TD\n  n0("));
/// assert!(!mermaid.contains("active"));
/// ```
pub fn to_mermaid(shape: &[NodeInfo], active: &[NodeId]) -> String {
    let mut out = String::with_capacity(16 + 48 * shape.len());
    // Writing into a `String` cannot fail.
    let _ = write_mermaid(&mut out, shape, active);
    out
}

/// `node`'s id if `node` is an entry of `shape`, else `None`: what keeps,
/// out of an active path, the nodes of the tree being drawn and drops those
/// of the trees it references with `subtree` (numbered in their own
/// shapes). The reference itself is a node of `shape`, and so is what an
/// active path reports for the root of the referenced tree.
///
/// ```
/// use deciders::{pictures, Behavior, Ctx, Frame, NodeId};
/// struct Sheep;
/// #[derive(Default)]
/// struct Graze;
/// impl Behavior<Sheep> for Graze {}
///
/// deciders::tree! {
///     tree Meadow for Sheep { sequence { Graze } }
///     tree Flock for Sheep { sequence { succeed, eat: subtree Meadow } }
/// }
///
/// let mut flock = Flock::new();
/// flock.tick(&mut Sheep, &mut Frame::new(0.1));
/// let mut path = Vec::new();
/// flock.active_path(|node| path.push((node.name, node.id)));
/// // `eat` stands for `Meadow`'s root; `Graze` is node 1 of `Meadow`.
/// assert_eq!(path, [("root", 0), ("eat", 2), ("Graze", 1)]);
///
/// let mut active: Vec<NodeId> = Vec::new();
/// flock.active_path(|node| active.extend(pictures::id_in(Flock::shape(), node)));
/// assert_eq!(active, [0, 2]);
/// ```
pub fn id_in(shape: &[NodeInfo], node: &NodeInfo) -> Option<NodeId> {
    (shape.get(usize::from(node.id)) == Some(node)).then_some(node.id)
}

#[cfg(test)]
mod tests {
    // SPEC I4: the escapes, the looks and the highlights on hand-built
    // shapes; the structure of whole pictures of generated trees is checked
    // by the repository's `tests/pictures.rs`, which parses them.
    use super::*;
    use crate::base::shape::shape_node;

    fn node(id: NodeId, name: &'static str, kind: NodeKind, parent: Option<NodeId>) -> NodeInfo {
        let behavior = matches!(kind, NodeKind::Behavior).then_some("Act<u8>");
        shape_node(
            id,
            name,
            "T\"ree",
            kind,
            parent.unwrap_or(id),
            0,
            behavior.unwrap_or(""),
            0,
            "",
        )
    }

    fn shape() -> [NodeInfo; 5] {
        [
            node(0, "root", NodeKind::Fallback, None),
            node(1, "sees", NodeKind::Condition, Some(0)),
            node(2, "timeout", NodeKind::Decorator("timeout"), Some(0)),
            node(3, "say \"hi\" \\ {a|b}", NodeKind::Behavior, Some(2)),
            node(4, "rest", NodeKind::Subtree, Some(0)),
        ]
    }

    fn dot(text: &str) -> String {
        let mut out = String::new();
        escape_dot(&mut out, text).unwrap();
        out
    }

    fn mermaid(text: &str) -> String {
        let mut out = String::new();
        escape_mermaid(&mut out, text).unwrap();
        out
    }

    // SPEC I4
    #[test]
    fn i4_escapes_each_special_character_of_each_format() {
        assert_eq!(dot("plain é"), "plain é");
        assert_eq!(dot(r#"a"b\c"#), r#"a\"b\\c"#);
        assert_eq!(dot("<a>{b}|c\nd"), r"\<a\>\{b\}\|c\nd");
        assert_eq!(mermaid("plain é [x](y)"), "plain é [x](y)");
        assert_eq!(mermaid(r#"a"b\c"#), r"a#quot;b\c");
        assert_eq!(
            mermaid("#quot;<a>&`\n\t"),
            "#35;quot;#60;a#62;#38;#96;<br/>#9;"
        );
        assert_eq!(dot(""), "");
        assert_eq!(mermaid("\""), "#quot;");
        // Entities, controls shown as their escapes, directives.
        assert_eq!(
            dot("a&b\u{1b}\t\r\0\u{2028}"),
            r"a&amp;b\\u\{1b\}\\t\\r\\0\\u\{2028\}"
        );
        assert_eq!(
            mermaid("50%\u{1b}\u{2028}\u{202e}"),
            "50#37;#27;#8232;#8238;"
        );
        let mut id = String::new();
        escape_dot_id(&mut id, "a\nb\u{1b}\"\\{&").unwrap();
        assert_eq!(id, r#"a\\nb\\u{1b}\"\\{&"#);
    }

    // SPEC I4
    #[test]
    fn i4_labels_skip_what_repeats_the_name() {
        let s = shape();
        assert_eq!(label(&s[0]), [Some("root"), Some("fallback"), None]);
        assert_eq!(label(&s[2]), [Some("timeout"), None, None]);
        let mut leaf = s[3];
        assert_eq!(leaf.behavior, Some("Act<u8>"));
        leaf.name = "Act<u8>";
        assert_eq!(label(&leaf), [Some("Act<u8>"), Some("behavior"), None]);
    }

    // SPEC I4
    #[test]
    fn i4_dot_snapshot() {
        let expected = r##"digraph "T\"ree" {
  graph [ordering=out];
  node [fontname="Helvetica"];
  n0 [label="root\nfallback", shape=box, style="filled,bold", color="#d62728", fillcolor="#fde2e2"];
  n1 [label="sees\ncondition", shape=diamond];
  n2 [label="timeout", shape=hexagon, style="filled,bold", color="#d62728", fillcolor="#fde2e2"];
  n3 [label="say \"hi\" \\ \{a\|b\}\nbehavior\nAct\<u8\>", shape=box, style="rounded,filled,bold", color="#d62728", fillcolor="#fde2e2"];
  n4 [label="rest\nsubtree", shape=box, peripheries=2];
  n0 -> n1;
  n0 -> n2 [color="#d62728", penwidth=2];
  n2 -> n3 [color="#d62728", penwidth=2];
  n0 -> n4;
}
"##;
        assert_eq!(to_dot(&shape(), &[0, 2, 3]), expected);
    }

    // SPEC I4
    #[test]
    fn i4_mermaid_snapshot() {
        let expected = r#"flowchart TD
  classDef active fill:#fde2e2,stroke:#d62728,stroke-width:2px;
  n0["root<br/>fallback"]:::active;
  n1{"sees<br/>condition"};
  n2{{"timeout"}};
  n3("say #quot;hi#quot; \ {a|b}<br/>behavior<br/>Act#60;u8#62;");
  n4[["rest<br/>subtree"]]:::active;
  n0 --> n1;
  n0 --> n2;
  n2 --> n3;
  n0 --> n4;
  linkStyle 3 stroke:#d62728,stroke-width:2px;
"#;
        assert_eq!(to_mermaid(&shape(), &[0, 4]), expected);
    }

    // SPEC I4
    #[test]
    fn i4_no_active_ids_no_highlight_and_unknown_ids_are_ignored() {
        for active in [&[][..], &[9, 77]] {
            let (d, m) = (to_dot(&shape(), active), to_mermaid(&shape(), active));
            assert!(!d.contains("bold") && !d.contains("penwidth"), "{d}");
            assert!(!m.contains("active") && !m.contains("linkStyle"), "{m}");
        }
        assert_eq!(
            to_dot(&[], &[]),
            "digraph {\n  graph [ordering=out];\n  node [fontname=\"Helvetica\"];\n}\n"
        );
        assert_eq!(to_mermaid(&[], &[0]), "flowchart TD\n");
    }

    // SPEC I4
    #[test]
    fn i4_id_in_keeps_only_the_entries_of_the_shape() {
        let s = shape();
        assert_eq!(id_in(&s, &s[3]), Some(3));
        let mut other = s[3];
        other.tree = "Other";
        assert_eq!(id_in(&s, &other), None);
        other = s[1];
        other.id = 7;
        assert_eq!(id_in(&s, &other), None);
    }

    // SPEC I4
    #[test]
    fn i4_writes_into_a_formatter_without_allocating_itself() {
        struct Dot<'a>(&'a [NodeInfo]);
        impl fmt::Display for Dot<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write_dot(f, self.0, &[1])
            }
        }
        assert_eq!(Dot(&shape()).to_string(), to_dot(&shape(), &[1]));
        // A writer that fails stops the writing with its error.
        struct Full;
        impl Write for Full {
            fn write_str(&mut self, _: &str) -> fmt::Result {
                Err(fmt::Error)
            }
        }
        assert!(write_mermaid(&mut Full, &shape(), &[]).is_err());
        assert!(write_dot(&mut Full as &mut dyn Write, &shape(), &[]).is_err());
    }
}
