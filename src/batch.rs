// The runtime's `batch` module, re-exported item by item rather than as a
// module, so that `par_tick_all` can be documented here on every build: a
// dependency is compiled without `cfg(doc)`, so without the `rayon` feature
// the runtime's `par_tick_all` is not there to re-export, and this module
// shows a stub with its signature and documentation instead (built by
// rustdoc only).
#![doc = bt_runtime::__doc_batch!()]

pub use bt_runtime::batch::*;

// Named, so that docs.rs shows the feature it needs.
#[cfg(feature = "rayon")]
#[cfg_attr(docsrs, doc(cfg(feature = "rayon")))]
#[doc(inline)]
pub use bt_runtime::batch::par_tick_all;

#[cfg(all(doc, not(feature = "rayon")))]
bt_runtime::__par_tick_all! { |states, agents, dt, chunk, world, prep| {
    let _ = (states, agents, dt, chunk, world, prep);
    ::std::vec::Vec::new()
}}
