//! The integration tests, one binary: each module drives the real `bounce`
//! binary on temporary campaign files (through `common`) or the library's
//! drivers directly. One binary links once, where one program per file
//! linked the library 23 times.

mod common;

mod action;
mod action_fidelity;
mod aftermath;
mod air_support;
mod battles;
mod bia_fidelity;
mod calibration;
mod concurrency;
mod conformance;
mod creation;
mod demo;
mod dirtside;
mod dirtside_doctrine;
mod dirtside_fidelity;
mod dirtside_rules;
mod dirtside_speed;
mod dirtside_transport;
mod faults;
mod fma;
mod fma_calibration;
mod fma_table;
mod foundation;
mod limits;
mod logistics;
mod lossless;
mod morale_cli;
mod odds_compare;
mod orbital;
mod output_files;
mod plain_failures;
mod play;
mod play_resume;
mod player_view;
mod read_only;
mod readme;
mod record;
mod reliability;
mod report;
mod rules_cli;
mod schema_upgrade;
mod shell;
mod toy;
mod workbench;
