//! The campaign report: one document assembled from the campaign file, then
//! shown as tables, JSON or a self-contained HTML page with SVG charts. With a
//! side named, the document holds only what that side can know.

pub mod build;
pub mod html;
pub mod model;
pub mod svg;
pub mod text;

pub use build::{build, View};
pub use model::Report;
