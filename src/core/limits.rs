//! The one set of limits on the campaign's numbers and dates. Import, every
//! editing command and the clock keep to them, so no sum or product the
//! campaign computes from them can overflow, no date can pass the year 9999
//! (times are stored as text and compared as text), and no battle is so large
//! that it holds the write lock for long.

use chrono::{NaiveDate, NaiveDateTime};

/// People in one stand: four times the civilian crowd the hit-effects table
/// destroys at 50 (the shipped campaigns reach 46); FMA fights every figure,
/// and a battle of four such stands takes well under a second.
pub const MAX_MEN: i64 = 200;
/// Bytes read from a campaign or results file: the largest export of a
/// campaign of thousands of stands is a few megabytes, and an endless input
/// (`/dev/zero`, a pipe that never ends) must not eat the machine's memory.
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;
/// Actions fought by one stand (a battle adds at most 2).
pub const MAX_ACTIONS: i64 = 100_000;
/// Turns of fire a stand can carry.
pub const MAX_AMMO: i64 = 1_000;
/// Supply points in one side's depot.
pub const MAX_SUPPLY: i64 = 1_000_000_000;
/// Supply points in one delivery.
pub const MAX_DELIVERY: i64 = 1_000_000;
/// Days a wound keeps a person in hospital.
pub const MAX_WOUND_DAYS: i64 = 3_650;
/// Days one `advance --days` may move the clock.
pub const MAX_ADVANCE_DAYS: i64 = 100_000;
/// The opening range of a battle, in table cm.
pub const MAX_RANGE: i64 = 100_000;

/// The earliest date bounce reads.
pub fn first_time() -> NaiveDateTime {
    NaiveDate::from_ymd_opt(1000, 1, 1)
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .expect("a valid date")
}

/// The latest date bounce reads (four-digit years sort as text).
pub fn last_time() -> NaiveDateTime {
    NaiveDate::from_ymd_opt(9999, 12, 31)
        .and_then(|d| d.and_hms_opt(23, 59, 59))
        .expect("a valid date")
}

/// The latest the campaign clock, a battle or a delivery may be set to: far
/// enough before [`last_time`] that wounds, repairs and battles that follow
/// stay within it.
pub fn last_clock() -> NaiveDateTime {
    NaiveDate::from_ymd_opt(8999, 12, 31)
        .and_then(|d| d.and_hms_opt(23, 59, 59))
        .expect("a valid date")
}

/// `Err` with a sentence when `value` of `what` is outside `min..=max`.
pub fn within(what: &str, value: i64, min: i64, max: i64) -> Result<(), String> {
    if (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(format!(
            "{what} must be {} to {}, found {}",
            crate::core::text::thousands(min),
            crate::core::text::thousands(max),
            crate::core::text::thousands(value)
        ))
    }
}

/// `Err` with a sentence when a clock, battle or delivery time is past
/// [`last_clock`] or before [`first_time`].
pub fn clock_within(t: NaiveDateTime) -> Result<(), String> {
    if t < first_time() || t > last_clock() {
        Err(format!(
            "{} is outside the dates bounce keeps a campaign in ({} to {})",
            t.format("%Y-%m-%dT%H:%M:%S"),
            first_time().format("%Y-%m-%d"),
            last_clock().format("%Y-%m-%d")
        ))
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_leave_room_for_what_follows_them() {
        // The latest clock plus the longest wound and a day of battle stays
        // within the dates that sort as text.
        let latest =
            last_clock() + chrono::Duration::days(MAX_WOUND_DAYS) + chrono::Duration::days(1);
        assert!(latest < last_time());
        // Sums and products of the limits fit an i64.
        assert!(MAX_MEN.checked_mul(MAX_ACTIONS).is_some());
        assert!(within("men", 0, 1, 1_000)
            .unwrap_err()
            .contains("1 to 1,000"));
    }
}
