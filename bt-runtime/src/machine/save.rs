//! Save games (feature `serde`): `Serialize` and `Deserialize` for a tree
//! state, written by hand where a derive would not do (O6), and
//! [`Lenient`], the load of a save of a tree that changed since.
//!
//! Its length: the state's own load reads its fields one by one (the
//! fingerprint first, each field checked), and the lenient load shares it;
//! together with the hand-written impls of the types below, over 600
//! lines.
//!
//! A tree that derives them, `#[derive(serde::Serialize,
//! serde::Deserialize)]` written on the tree inside `tree!`, gets them on
//! its state type and, forwarded by the macro, on every type of its state;
//! the runtime types those hold derive them under this feature. A state
//! saved in the middle of a run and loaded into the same program continues
//! tick for tick as the saved one would have: the active path with every
//! memory (behaviors' through their own `Serialize`), the tree clock, the
//! timers and cooldowns, the shuffle rounds, the generators' states, the
//! variables, the timestamps and the seed.
//!
//! By hand here:
//!
//! - [`Machine`]: its timestamps are an array as long as the tree declares
//!   (serde's arrays stop at 32); saved as a sequence, loaded into a fresh
//!   array, and a save with another count is an error.
//! - [`Timer`], [`Stamp`] and a [`Stimuli`] store's entries: "never" and
//!   "no timeout" are non-finite floats inside, which text formats such as
//!   JSON cannot write; saved as `Option<f64>` (`None`: never, no timeout).
//! - [`Stimuli`]: its slots are an array of the kind set's size, saved as a
//!   sequence like the timestamps.
//!
//! - [`Limit`](crate::Limit), [`WaitFor`](crate::nodes::events::WaitFor)
//!   and [`Log`](crate::decorator::Log) (in their modules): only the state
//!   a run made, never what the tree gives them (a function, a resource, a
//!   message): a `limit` whether it held a slot (`{"inside": true}`), a
//!   `wait_for` whether its event arrived (`{"seen": true}`), a `log`
//!   nothing. A loaded `wait_for` or `log` takes its pattern or messages
//!   back from the tree ([`Program`](crate::decorator::Program)) before it
//!   runs or is handed an event. **A `limit` node that was running when
//!   saved takes its slot again at its first tick after the load; if the
//!   resource is full then, the node fails as if refused, its running child
//!   halted first** (the resource is the game's and is not saved, so a
//!   loaded state holds no slot).
//!
//! **The shape fingerprint.** A save begins with its tree's
//! [`FINGERPRINT`](TreeParts::FINGERPRINT) and [`NAME`](TreeParts::NAME)
//! (`tree!` computes the fingerprint at compile time from the tree's nodes,
//! parameters, nesting and header). A load checks it first, before it
//! reads anything else of the save: a save of another shape is refused
//! (``save of tree `Guard` has shape fingerprint 0x…, this program's
//! `Guard` has 0x…: the tree changed since the save``), not loaded until
//! some field of the changed tree fails with an error that does not say
//! why; a save without one is refused (``missing field `fingerprint` ``).
//! In a map whose keys were reordered (`serde_json::Value` sorts them) the
//! fingerprint is checked where it comes. [`Lenient`] loads a save of
//! another shape anyway, restarting what it cannot trust, and says what.
//!
//! A save is the state's own data, for the program that wrote it (the same
//! tree, as its fingerprint checks, and types). Clocks and timers load bit for bit only through a
//! format that keeps an `f64` exactly (`serde_json` needs its
//! `float_roundtrip` feature).
//!
//! A save is trusted value by value: a load that succeeds gives a state
//! that ticks like one a run could reach, and a value no run makes is an
//! error naming the field (serde's `custom` errors, which a text format
//! locates):
//!
//! - Times (the tree clock, a store's clock, a timer's stamp, a
//!   timestamp, a `wait`'s, `timeout`'s or `delay`'s start) are finite,
//!   from 0 to [`MAX_TIME`], where an `f64` clock still resolves a
//!   millisecond (`clock: 1e16 is not a time of a save …`). A timestamp
//!   is not after the tree clock (`stamps: timestamp 0 is set after the
//!   clock …`); a deadline is not NaN.
//! - `active` is required: a save without it is refused (`missing field
//!   `active``), not loaded as "nothing running", whose behaviors would
//!   never get their `deactivate`. `null` is a state that runs nothing.
//! - Sequences are exactly as long as the tree declares timestamps and the
//!   kind set has kinds: `invalid length 3, expected a sequence
//!   of 2 elements`.
//! - A [`Stimuli`] store's `present` bits are those of its filled slots.
//! - A [`Player`](crate::lifecycle::Player)'s status byte carries the
//!   mask of its mode (`bits: …`).
//!
//! What is checked or corrected when it runs rather than on load: a
//! `repeat` or `retry` count saturates (a loaded `u64::MAX` does not
//! overflow); a timer stamped after the clock is due; and a node's own
//! parameters are the program's, never the save's: a running built-in
//! decorator, `wait` or `wait_until` of a tree that derives `Deserialize`
//! takes them from the tree before each tick
//! ([`Program`](crate::decorator::Program)), so `"max": null` does not
//! turn `repeat(3)` into `repeat(forever)` and a patched `timeout` reaches
//! loaded agents; a start after the clock is moved to the clock. The
//! parameters are still written, and ignored.

use core::fmt;
use core::marker::PhantomData;

use crate::base::stamp::Stamp;
use crate::base::stamp::StampSlots;
use crate::base::stamp::VarSlot;
use crate::base::timer::{checked_time, Timer};
use crate::engine::definition::{ClockSlot, TreeParts};
use crate::machine::state::MachineState;
use crate::machine::Machine;
use crate::services::stimuli::{Entry, Stimuli, Stimulus};
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeSeq, Serializer};
use serde::{Deserialize, Serialize};

impl Serialize for Timer {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.last().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Timer {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match Option::<f64>::deserialize(d)? {
            None => Ok(Timer::new()),
            Some(t) => Ok(Timer::stamped(checked_time("timer", t)?)),
        }
    }
}

impl Serialize for Stamp {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.get().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Stamp {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match Option::<f64>::deserialize(d)? {
            None => Ok(Stamp::NEVER),
            Some(t) => Ok(Stamp::at(checked_time("stamps", t)?)),
        }
    }
}

/// An entry as saved: its deadline `None` when it has no timeout.
#[derive(Serialize, Deserialize)]
#[serde(rename = "Entry")]
struct SavedEntry<P> {
    payload: P,
    deadline: Option<f64>,
}

impl<P: Serialize> Serialize for Entry<P> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        SavedEntry {
            payload: &self.payload,
            deadline: self.deadline.is_finite().then_some(self.deadline),
        }
        .serialize(s)
    }
}

impl<'de, P: Deserialize<'de>> Deserialize<'de> for Entry<P> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let e = SavedEntry::<P>::deserialize(d)?;
        // An infinite deadline is "no timeout", as `None`; a deadline far
        // past the clock is a long timeout, which `add` can give too.
        if e.deadline.is_some_and(f64::is_nan) {
            return Err(de::Error::custom("deadline: NaN is not a deadline"));
        }
        Ok(Entry {
            payload: e.payload,
            deadline: e.deadline.unwrap_or(f64::INFINITY),
        })
    }
}

/// A slice of fixed length as a sequence.
struct Seq<'a, T>(&'a [T]);

impl<T: Serialize> Serialize for Seq<'_, T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for item in self.0 {
            seq.serialize_element(item)?;
        }
        seq.end()
    }
}

/// Loads a sequence into `slots`, which it must fill exactly: the array of
/// a state or a store, sized by the tree or the kind set.
struct Fill<'a, T>(&'a mut [T]);

impl<'de, T: Deserialize<'de>> DeserializeSeed<'de> for Fill<'_, T> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de, T: Deserialize<'de>> Visitor<'de> for Fill<'_, T> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a sequence of {} elements", self.0.len())
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let expected = Len(self.0.len());
        for (i, slot) in self.0.iter_mut().enumerate() {
            *slot = seq
                .next_element()?
                .ok_or_else(|| de::Error::invalid_length(i, &expected))?;
        }
        if seq.next_element::<de::IgnoredAny>()?.is_some() {
            return Err(de::Error::invalid_length(expected.0 + 1, &expected));
        }
        Ok(())
    }
}

/// What [`Fill`] expects, for its errors.
struct Len(usize);

impl de::Expected for Len {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a sequence of {} elements", self.0)
    }
}

/// Loads a sequence into a value built by `fresh`, through [`Fill`].
fn filled<'de, D, A, T>(d: D, mut fresh: A) -> Result<A, D::Error>
where
    D: Deserializer<'de>,
    A: AsMut<[T]>,
    T: Deserialize<'de>,
{
    Fill(fresh.as_mut()).deserialize(d)?;
    Ok(fresh)
}

/// A store as saved.
#[derive(Serialize)]
#[serde(rename = "Stimuli")]
struct StimuliRef<'a, P> {
    slots: Seq<'a, Option<Entry<P>>>,
    present: crate::Flags,
    clock: f64,
}

impl<K: Stimulus, P: Serialize> Serialize for Stimuli<K, P> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        StimuliRef {
            slots: Seq(self.slots.as_ref()),
            present: self.present,
            clock: self.clock,
        }
        .serialize(s)
    }
}

/// A store as loaded: its slots into the kind set's array.
#[derive(Deserialize)]
#[serde(rename = "Stimuli", bound = "P: Deserialize<'de>")]
struct StimuliOwned<K: Stimulus, P> {
    #[serde(deserialize_with = "slots::<K, P, _>")]
    slots: K::Slots<P>,
    present: crate::Flags,
    clock: f64,
}

fn slots<'de, K: Stimulus, P: Deserialize<'de>, D: Deserializer<'de>>(
    d: D,
) -> Result<K::Slots<P>, D::Error> {
    filled(d, K::empty())
}

impl<'de, K: Stimulus, P: Deserialize<'de>> Deserialize<'de> for Stimuli<K, P> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = StimuliOwned::<K, P>::deserialize(d)?;
        let clock = checked_time("clock", s.clock)?;
        // `present` is the set of the filled slots, bit for bit: a bit
        // without a slot would be a stimulus with no payload, a slot
        // without its bit a payload that `update` never expires.
        let filled = s
            .slots
            .as_ref()
            .iter()
            .enumerate()
            .filter(|(_, slot)| slot.is_some())
            .fold(0u64, |bits, (i, _)| {
                bits | 1u64.checked_shl(i as u32).unwrap_or(0)
            });
        if s.present.bits() != filled {
            return Err(de::Error::custom(format_args!(
                "present: the bits {:#b} are not those of the filled slots ({filled:#b})",
                s.present.bits()
            )));
        }
        Ok(Stimuli {
            slots: s.slots,
            present: s.present,
            clock,
        })
    }
}

/// A state as saved: its shape fingerprint and name first, then the
/// fields of [`Machine`], its timestamps as a sequence.
#[derive(Serialize)]
#[serde(
    rename = "Machine",
    bound = "D::Vars: Serialize, D::Root: Serialize, D::Persist: Serialize, D::Clock: Serialize, D::Seed: Serialize"
)]
struct MachineRef<'a, D: TreeParts> {
    fingerprint: u64,
    tree: &'static str,
    vars: &'a D::Vars,
    stamps: Seq<'a, Stamp>,
    active: &'a Option<D::Root>,
    persist: &'a D::Persist,
    clock: &'a D::Clock,
    seed: &'a D::Seed,
}

impl<D: TreeParts> Serialize for Machine<D>
where
    D::Vars: Serialize,
    D::Root: Serialize,
    D::Persist: Serialize,
    D::Clock: Serialize,
    D::Seed: Serialize,
{
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        MachineRef::<D> {
            fingerprint: D::FINGERPRINT,
            tree: D::NAME,
            vars: &self.vars,
            stamps: Seq(self.stamps.as_ref()),
            active: &self.active,
            persist: &self.persist,
            clock: &self.clock,
            seed: &self.seed,
        }
        .serialize(s)
    }
}

/// The fields of a saved [`Machine`], in the order they are written.
const FIELDS: &[&str] = &[
    "fingerprint",
    "tree",
    "vars",
    "stamps",
    "active",
    "persist",
    "clock",
    "seed",
];

/// A field of a saved [`Machine`]; any other is skipped.
#[derive(Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(field_identifier, rename_all = "lowercase")]
enum Field {
    Fingerprint,
    Tree,
    Vars,
    Stamps,
    Active,
    Persist,
    Clock,
    Seed,
    #[serde(other)]
    Other,
}

/// The error of a save of another shape (O6): naming the tree and both
/// fingerprints.
fn changed<D: TreeParts, E: de::Error>(saved: u64) -> E {
    E::custom(format_args!(
        "save of tree `{name}` has shape fingerprint {saved:#018x}, this program's `{name}` has {ours:#018x}: the tree changed since the save",
        name = D::NAME,
        ours = D::FINGERPRINT,
    ))
}

/// Loads a [`Machine`]: strictly (`lenient: false`), refusing a save of
/// another shape, or leniently ([`Lenient`]), restarting what a save of
/// another shape cannot be trusted with. The value is the state and the
/// parts restarted.
struct Load<D> {
    lenient: bool,
    tree: PhantomData<D>,
}

/// What a load has read so far.
struct Loading<D: TreeParts> {
    vars: Option<D::Vars>,
    stamps: Option<D::Stamps>,
    active: Option<Option<D::Root>>,
    persist: Option<D::Persist>,
    clock: Option<D::Clock>,
    seed: Option<D::Seed>,
    tree: bool,
}

impl<D: TreeParts> Loading<D> {
    fn new() -> Self {
        Loading {
            vars: None,
            stamps: None,
            active: None,
            persist: None,
            clock: None,
            seed: None,
            tree: false,
        }
    }

    /// The loaded state, every field present and the timestamps not after
    /// the clock.
    fn finish<E: de::Error>(self) -> Result<Machine<D>, E> {
        if !self.tree {
            return Err(E::missing_field("tree"));
        }
        let m = Machine {
            vars: self.vars.ok_or_else(|| E::missing_field("vars"))?,
            stamps: self.stamps.ok_or_else(|| E::missing_field("stamps"))?,
            // Required: a save without it is refused rather than loaded as
            // "nothing running" (whose behaviors would never be
            // deactivated).
            active: self.active.ok_or_else(|| E::missing_field("active"))?,
            persist: self.persist.ok_or_else(|| E::missing_field("persist"))?,
            clock: self.clock.ok_or_else(|| E::missing_field("clock"))?,
            seed: self.seed.ok_or_else(|| E::missing_field("seed"))?,
        };
        check_stamps(&m)?;
        Ok(m)
    }
}

/// A timestamp is not after the tree clock.
fn check_stamps<D: TreeParts, E: de::Error>(m: &Machine<D>) -> Result<(), E> {
    let now = m.clock.now();
    for (i, stamp) in m.stamps.as_ref().iter().enumerate() {
        if stamp.get().is_some_and(|t| t > now) {
            return Err(E::custom(format_args!(
                "stamps: timestamp {i} is set after the clock ({now} s)"
            )));
        }
    }
    Ok(())
}

/// Refuses a field written twice.
fn once<T, E: de::Error>(slot: &Option<T>, name: &'static str) -> Result<(), E> {
    if slot.is_some() {
        return Err(E::duplicate_field(name));
    }
    Ok(())
}

/// Loads the tree clock, a time of a save.
struct ClockSeed<D>(PhantomData<D>);

impl<'de, D: TreeParts> DeserializeSeed<'de> for ClockSeed<D>
where
    D::Clock: Deserialize<'de>,
{
    type Value = D::Clock;
    fn deserialize<De: Deserializer<'de>>(self, d: De) -> Result<D::Clock, De::Error> {
        let clock = D::Clock::deserialize(d)?;
        checked_time("clock", clock.now())?;
        Ok(clock)
    }
}

impl<'de, D: TreeParts> Visitor<'de> for Load<D>
where
    D::Vars: Deserialize<'de>,
    D::Root: Deserialize<'de>,
    D::Persist: Deserialize<'de>,
    D::Clock: Deserialize<'de>,
    D::Seed: Deserialize<'de>,
{
    type Value = (Machine<D>, Vec<&'static str>);

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a save of tree `{}`", D::NAME)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        // A format that does not describe itself cannot skip what it does
        // not trust: a save of another shape is refused, lenient or not.
        let at = |i: usize| move || de::Error::invalid_length(i, &"a save of 8 fields");
        let saved: u64 = seq.next_element()?.ok_or_else(at(0))?;
        if saved != D::FINGERPRINT {
            return Err(changed::<D, _>(saved));
        }
        let _tree: de::IgnoredAny = seq.next_element()?.ok_or_else(at(1))?;
        let mut l = Loading::<D>::new();
        l.tree = true;
        l.vars = Some(seq.next_element()?.ok_or_else(at(2))?);
        l.stamps = Some(
            seq.next_element_seed(StampsSeed::<D>(PhantomData))?
                .ok_or_else(at(3))?,
        );
        l.active = Some(seq.next_element()?.ok_or_else(at(4))?);
        l.persist = Some(seq.next_element()?.ok_or_else(at(5))?);
        l.clock = Some(
            seq.next_element_seed(ClockSeed::<D>(PhantomData))?
                .ok_or_else(at(6))?,
        );
        l.seed = Some(seq.next_element()?.ok_or_else(at(7))?);
        Ok((l.finish()?, Vec::new()))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        // The fingerprint first, as a save writes it (O6): a save of
        // another shape is refused before anything else of it is read.
        // A map whose keys were reordered (`serde_json::Value` sorts them)
        // has it checked where it comes, and a save without it is
        // refused.
        let mut key = map.next_key::<Field>()?;
        let mut checked = false;
        if key == Some(Field::Fingerprint) {
            let saved: u64 = map.next_value()?;
            if saved != D::FINGERPRINT {
                if self.lenient {
                    return lenient::<D, A>(map);
                }
                return Err(changed::<D, _>(saved));
            }
            checked = true;
            key = map.next_key()?;
        }
        let mut l = Loading::<D>::new();
        while let Some(field) = key {
            match field {
                Field::Fingerprint => {
                    if checked {
                        return Err(de::Error::duplicate_field("fingerprint"));
                    }
                    let saved: u64 = map.next_value()?;
                    if saved != D::FINGERPRINT {
                        return Err(changed::<D, _>(saved));
                    }
                    checked = true;
                }
                Field::Tree => {
                    if l.tree {
                        return Err(de::Error::duplicate_field("tree"));
                    }
                    let name: String = map.next_value()?;
                    if name != D::NAME {
                        return Err(de::Error::custom(format_args!(
                            "tree: a save of tree `{name}` is not a save of `{}`",
                            D::NAME
                        )));
                    }
                    l.tree = true;
                }
                Field::Vars => {
                    once(&l.vars, "vars")?;
                    l.vars = Some(map.next_value()?);
                }
                Field::Stamps => {
                    once(&l.stamps, "stamps")?;
                    l.stamps = Some(map.next_value_seed(StampsSeed::<D>(PhantomData))?);
                }
                Field::Active => {
                    once(&l.active, "active")?;
                    l.active = Some(map.next_value()?);
                }
                Field::Persist => {
                    once(&l.persist, "persist")?;
                    l.persist = Some(map.next_value()?);
                }
                Field::Clock => {
                    once(&l.clock, "clock")?;
                    l.clock = Some(map.next_value_seed(ClockSeed::<D>(PhantomData))?);
                }
                Field::Seed => {
                    once(&l.seed, "seed")?;
                    l.seed = Some(map.next_value()?);
                }
                Field::Other => {
                    map.next_value::<de::IgnoredAny>()?;
                }
            }
            key = map.next_key()?;
        }
        if !checked {
            return Err(de::Error::missing_field("fingerprint"));
        }
        Ok((l.finish()?, Vec::new()))
    }
}

/// The rest of a save of another shape, leniently (O6): the clock, the
/// variables, the timestamps (when the save has as many) and the seed are
/// kept; the active path and the persistent state are skipped, and restart.
fn lenient<'de, D: TreeParts, A: MapAccess<'de>>(
    mut map: A,
) -> Result<(Machine<D>, Vec<&'static str>), A::Error>
where
    D::Clock: Deserialize<'de>,
{
    let (mut clock, mut vars, mut seed, mut stamps) = (None, None, None, None);
    while let Some(key) = map.next_key::<Field>()? {
        match key {
            Field::Clock => clock = map.next_value::<Option<f64>>()?,
            Field::Vars => vars = map.next_value::<Option<crate::Flags>>()?,
            Field::Seed => seed = map.next_value::<Option<u64>>()?,
            Field::Stamps => stamps = map.next_value::<Option<Vec<Stamp>>>()?,
            _ => {
                map.next_value::<de::IgnoredAny>()?;
            }
        }
    }
    let mut restarted = vec!["active", "persist"];
    // A fresh state, its generators seeded from the save's seed.
    let mut m = Machine::<D>::with_seed(seed.unwrap_or(0));
    // The clock only where this program's tree keeps one.
    if let Some(t) = clock {
        let t = checked_time("clock", t)?;
        if let Ok(c) = D::Clock::deserialize(de::value::F64Deserializer::<A::Error>::new(t)) {
            m.clock = c;
        }
    }
    if let Some(flags) = vars {
        m.vars.load(flags);
    }
    let now = m.clock.now();
    match stamps {
        Some(saved)
            if saved.len() == m.stamps.as_ref().len()
                && saved.iter().all(|s| s.get().is_none_or(|t| t <= now)) =>
        {
            m.stamps.as_mut().copy_from_slice(&saved);
        }
        _ if m.stamps.as_ref().is_empty() => {}
        _ => restarted.push("stamps"),
    }
    Ok((m, restarted))
}

/// Loads the timestamps into the tree's array, exactly as many.
struct StampsSeed<D>(PhantomData<D>);

impl<'de, D: TreeParts> DeserializeSeed<'de> for StampsSeed<D> {
    type Value = D::Stamps;
    fn deserialize<De: Deserializer<'de>>(self, d: De) -> Result<D::Stamps, De::Error> {
        filled(d, D::Stamps::fresh())
    }
}

impl<'de, D: TreeParts> Deserialize<'de> for Machine<D>
where
    D::Vars: Deserialize<'de>,
    D::Root: Deserialize<'de>,
    D::Persist: Deserialize<'de>,
    D::Clock: Deserialize<'de>,
    D::Seed: Deserialize<'de>,
{
    fn deserialize<De: Deserializer<'de>>(d: De) -> Result<Self, De::Error> {
        let load = Load {
            lenient: false,
            tree: PhantomData,
        };
        Ok(d.deserialize_struct("Machine", FIELDS, load)?.0)
    }
}

/// A tree state loaded leniently (O6): for a game that keeps its players'
/// saves across a patch that changed a tree.
///
/// A save of this program's tree shape loads exactly as the state's own
/// `Deserialize` would, with nothing restarted. A save of another shape
/// (its fingerprint differs: a node was added, removed, renamed, moved or
/// given other parameters, or the header's events, variables or timestamps
/// changed) is not refused: what does not depend on the nodes is kept, and
/// the rest restarts, as a fresh state would:
///
/// - kept: the tree clock (if this program's tree keeps one), the
///   variables' bits (as saved: a variable renamed or reordered keeps the
///   bit of its position), the seed (the generators are seeded from it
///   afresh), and the timestamps if the save has as many as this program's
///   tree declares (else they restart as never set: `"stamps"` is
///   restarted);
/// - restarted, always: `"active"` (nothing runs; the save's behaviors
///   are dropped unread and get no `deactivate`) and `"persist"` (every
///   timer, cooldown, count, shuffle round and generator as new).
///
/// [`restarted`](Lenient::restarted) lists those restarted parts, by
/// their field names in the save; empty when the save had this shape.
/// Skipping needs a format that describes itself (JSON, RON, …): in one
/// that does not (bincode), a save of another shape is refused as by the
/// strict load. So is a save whose fingerprint is not its first field
/// (keys reordered, as `serde_json::Value` sorts them: load from the
/// text). A value no run could write is refused as strictly.
///
/// It reads the state as a tree's derived `Serialize` writes it: a struct
/// with one field, `machine`.
///
/// ```ignore
/// let loaded: deciders::save::Lenient<Guard> = serde_json::from_str(&text)?;
/// if !loaded.restarted.is_empty() { /* tell the player */ }
/// let state: Guard = loaded.state;
/// ```
#[derive(Debug)]
pub struct Lenient<T> {
    /// The loaded state.
    pub state: T,
    /// The parts of the save that were not trusted and restarted, by field
    /// name (`"active"`, `"persist"`, `"stamps"`); empty when the save had
    /// this program's shape.
    pub restarted: Vec<&'static str>,
}

/// The one field of a tree's state as saved.
#[derive(Deserialize)]
#[serde(field_identifier, rename_all = "lowercase")]
enum Outer {
    Machine,
    #[serde(other)]
    Other,
}

impl<'de, D: TreeParts> DeserializeSeed<'de> for Load<D>
where
    D::Vars: Deserialize<'de>,
    D::Root: Deserialize<'de>,
    D::Persist: Deserialize<'de>,
    D::Clock: Deserialize<'de>,
    D::Seed: Deserialize<'de>,
{
    type Value = (Machine<D>, Vec<&'static str>);
    fn deserialize<De: Deserializer<'de>>(self, d: De) -> Result<Self::Value, De::Error> {
        d.deserialize_struct("Machine", FIELDS, self)
    }
}

/// Reads a tree's state, `{"machine": …}`, leniently.
struct LoadState<T>(PhantomData<T>);

impl<'de, T: MachineState> Visitor<'de> for LoadState<T>
where
    T::Vars: Deserialize<'de>,
    T::Root: Deserialize<'de>,
    T::Persist: Deserialize<'de>,
    T::Clock: Deserialize<'de>,
    T::Seed: Deserialize<'de>,
{
    type Value = Lenient<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a saved state of tree `{}`", T::NAME)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Lenient<T>, A::Error> {
        let load = Load::<T> {
            lenient: true,
            tree: PhantomData,
        };
        let (m, restarted) = seq
            .next_element_seed(load)?
            .ok_or_else(|| de::Error::invalid_length(0, &self))?;
        Ok(Lenient {
            state: T::from_machine(m),
            restarted,
        })
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Lenient<T>, A::Error> {
        let mut loaded = None;
        while let Some(key) = map.next_key::<Outer>()? {
            match key {
                Outer::Machine => {
                    once(&loaded, "machine")?;
                    loaded = Some(map.next_value_seed(Load::<T> {
                        lenient: true,
                        tree: PhantomData,
                    })?);
                }
                Outer::Other => {
                    map.next_value::<de::IgnoredAny>()?;
                }
            }
        }
        let (m, restarted) = loaded.ok_or_else(|| de::Error::missing_field("machine"))?;
        Ok(Lenient {
            state: T::from_machine(m),
            restarted,
        })
    }
}

impl<'de, T: MachineState> Deserialize<'de> for Lenient<T>
where
    T::Vars: Deserialize<'de>,
    T::Root: Deserialize<'de>,
    T::Persist: Deserialize<'de>,
    T::Clock: Deserialize<'de>,
    T::Seed: Deserialize<'de>,
{
    fn deserialize<De: Deserializer<'de>>(d: De) -> Result<Self, De::Error> {
        d.deserialize_struct(T::NAME, &["machine"], LoadState(PhantomData))
    }
}
