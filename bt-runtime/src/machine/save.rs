//! Save games (feature `serde`): `Serialize` and `Deserialize` for a tree
//! state, written by hand where a derive would not do (O6).
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
//! What cannot be saved has no impl, so a tree holding it and deriving the
//! traits fails to compile, the error naming the type: a `limit` ([`Limit`](crate::Limit) holds a
//! slot counted in a resource shared with other agents, which a loaded
//! state could neither hold nor give back), `wait_for` (its pattern is a
//! function) and `log` (its messages are the tree's `&'static str`).
//!
//! A save is the state's own data, for the program that wrote it (the same
//! tree and types). Clocks and timers load bit for bit only through a
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
use crate::base::timer::{checked_time, Timer};
use crate::engine::definition::{ClockSlot, TreeParts};
use crate::machine::Machine;
use crate::services::stimuli::{Entry, Stimuli, Stimulus};
use serde::de::{self, DeserializeSeed, Deserializer, SeqAccess, Visitor};
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

/// A state as saved: the fields of [`Machine`], its timestamps as a
/// sequence.
#[derive(Serialize)]
#[serde(
    rename = "Machine",
    bound = "D::Vars: Serialize, D::Root: Serialize, D::Persist: Serialize, D::Clock: Serialize, D::Seed: Serialize"
)]
struct MachineRef<'a, D: TreeParts> {
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

/// A state as loaded: its timestamps into the tree's array.
#[derive(Deserialize)]
#[serde(
    rename = "Machine",
    bound = "D::Vars: Deserialize<'de>, D::Root: Deserialize<'de>, D::Persist: Deserialize<'de>, D::Clock: Deserialize<'de>, D::Seed: Deserialize<'de>"
)]
struct MachineOwned<D: TreeParts> {
    vars: D::Vars,
    #[serde(deserialize_with = "stamps::<D, _>")]
    stamps: D::Stamps,
    /// Required: a save without it is refused rather than loaded as
    /// "nothing running" (whose behaviors would never be deactivated).
    #[serde(deserialize_with = "active::<D, _>")]
    active: Option<D::Root>,
    persist: D::Persist,
    #[serde(deserialize_with = "clock::<D, _>")]
    clock: D::Clock,
    seed: D::Seed,
    #[serde(skip)]
    tree: PhantomData<D>,
}

fn stamps<'de, D: TreeParts, De: Deserializer<'de>>(d: De) -> Result<D::Stamps, De::Error> {
    filled(d, D::Stamps::fresh())
}

fn active<'de, D, De>(d: De) -> Result<Option<D::Root>, De::Error>
where
    D: TreeParts,
    D::Root: Deserialize<'de>,
    De: Deserializer<'de>,
{
    Option::deserialize(d)
}

fn clock<'de, D, De>(d: De) -> Result<D::Clock, De::Error>
where
    D: TreeParts,
    D::Clock: Deserialize<'de>,
    De: Deserializer<'de>,
{
    let clock = D::Clock::deserialize(d)?;
    checked_time("clock", clock.now())?;
    Ok(clock)
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
        let m = MachineOwned::<D>::deserialize(d)?;
        let _ = m.tree;
        let now = m.clock.now();
        for (i, stamp) in m.stamps.as_ref().iter().enumerate() {
            if stamp.get().is_some_and(|t| t > now) {
                return Err(de::Error::custom(format_args!(
                    "stamps: timestamp {i} is set after the clock ({now} s)"
                )));
            }
        }
        Ok(Machine {
            vars: m.vars,
            stamps: m.stamps,
            active: m.active,
            persist: m.persist,
            clock: m.clock,
            seed: m.seed,
        })
    }
}
