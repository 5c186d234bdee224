//! Printing: one JSON document, or tables for people.

use serde::Serialize;
use tabled::settings::Style;
use tabled::{builder::Builder, Table};

/// Prints a value as pretty JSON on stdout.
pub fn json<T: Serialize + ?Sized>(value: &T) {
    println!(
        "{}",
        serde_json::to_string_pretty(value).expect("output values serialise to JSON")
    );
}

/// Builds a table from a header and rows of cells.
pub fn table<I, R>(header: &[&str], rows: I) -> Table
where
    I: IntoIterator<Item = R>,
    R: IntoIterator<Item = String>,
{
    let mut b = Builder::default();
    b.push_record(header.iter().map(|h| h.to_string()));
    for row in rows {
        b.push_record(row);
    }
    let mut t = b.build();
    t.with(Style::sharp());
    t
}

/// A two-column table of labels and values, without a header.
pub fn pairs(rows: Vec<[String; 2]>) -> Table {
    let mut b = Builder::default();
    for row in rows {
        b.push_record(row);
    }
    let mut t = b.build();
    t.with(Style::sharp().remove_horizontals());
    t
}

/// Prints a table with a title line above it.
pub fn titled(title: &str, table: Table) {
    println!("{title}");
    println!("{table}");
}
