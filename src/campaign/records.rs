//! The campaign's entities as plain records: the shape of the campaign file
//! (SPEC 10). They are the store's row types (`store::records`), named here so
//! that the layers above read them as the campaign's vocabulary; the rules
//! about them live in this layer (`validate`, `derived`).

pub use crate::store::records::*;
