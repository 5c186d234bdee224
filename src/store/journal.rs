//! The journal of changing commands, and undo: replaying the undo log of the
//! latest entries backwards restores the campaign exactly.

use rusqlite::{params, TransactionBehavior};
use serde::Serialize;

use super::error::{Result, StoreError};
use super::Store;

/// One journal entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Entry {
    pub id: i64,
    pub at: String,
    pub command: String,
    pub summary: String,
    /// Row changes the entry made (what undo will reverse).
    pub changes: i64,
}

impl Store {
    /// Journal entries, newest first.
    pub fn history(&self, limit: Option<usize>) -> Result<Vec<Entry>> {
        history_of(self.conn(), limit)
    }

    /// Reverts the latest `steps` entries (newest first) and removes them from
    /// the journal; with `dry_run`, only says which entries that would be.
    pub fn undo(&mut self, steps: usize, dry_run: bool) -> Result<Vec<Entry>> {
        if !dry_run {
            self.writable("run `undo`")?;
        }
        match self.copy_if_read_only()? {
            // A campaign that cannot be written is asked on a copy in memory.
            Some(mut copy) => undo_on(&mut copy, steps, true),
            None => undo_on(&mut self.conn, steps, dry_run),
        }
    }
}

fn undo_on(conn: &mut rusqlite::Connection, steps: usize, dry_run: bool) -> Result<Vec<Entry>> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    // Read inside the write lock, so two undos at once revert two entries.
    let entries = history_of(&tx, Some(steps))?;
    if entries.is_empty() {
        return Err(StoreError::Refused(
            "the journal is empty: there is nothing to undo".to_string(),
        ));
    }
    if entries.len() < steps {
        return Err(StoreError::Refused(format!(
            "only {} journal entries exist; cannot undo {steps}",
            entries.len()
        )));
    }
    tx.pragma_update(None, "defer_foreign_keys", "ON")?;
    for entry in &entries {
        let creates_campaign: bool = tx.query_row(
            "SELECT count(*) > 0 FROM undo_log WHERE journal_id = ?1 AND sql LIKE 'DELETE FROM campaign %'",
            [entry.id],
            |r| r.get(0),
        )?;
        if creates_campaign {
            return Err(StoreError::Refused(format!(
                "entry #{} ({}) created the campaign; delete the file instead of undoing it",
                entry.id, entry.command
            )));
        }
        let statements: Vec<String> = tx
            .prepare("SELECT sql FROM undo_log WHERE journal_id = ?1 ORDER BY seq DESC")?
            .query_map([entry.id], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        for sql in statements {
            tx.execute_batch(&sql)?;
        }
        tx.execute(
            "DELETE FROM undo_log WHERE journal_id = ?1",
            params![entry.id],
        )?;
        tx.execute("DELETE FROM journal WHERE id = ?1", params![entry.id])?;
    }
    if dry_run {
        tx.rollback()?;
    } else {
        tx.commit()?;
    }
    Ok(entries)
}

/// Journal entries, newest first, read through any connection or transaction.
fn history_of(conn: &rusqlite::Connection, limit: Option<usize>) -> Result<Vec<Entry>> {
    let mut stmt = conn.prepare(
        "SELECT j.id, j.at, j.command, j.summary,
                    (SELECT count(*) FROM undo_log u WHERE u.journal_id = j.id)
             FROM journal j ORDER BY j.id DESC LIMIT ?1",
    )?;
    let limit = limit.map(|l| l as i64).unwrap_or(-1);
    let rows = stmt.query_map([limit], |r| {
        Ok(Entry {
            id: r.get(0)?,
            at: r.get(1)?,
            command: r.get(2)?,
            summary: r.get(3)?,
            changes: r.get(4)?,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}
