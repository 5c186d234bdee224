//! `stand edit`: change the fields named, read and written in one transaction.

use super::*;

/// The fields `stand edit` was given; `None` leaves a field as it is.
pub(super) struct Changes {
    pub unit: Option<String>,
    pub stand_type: Option<StandType>,
    pub training: Option<Training>,
    pub men: Option<i64>,
    pub status: Option<Status>,
    pub add_men: Option<i64>,
    pub actions_of_new: i64,
    pub fields: StandFields,
}

pub(super) fn edit(ctx: &Ctx, code: &str, changes: Changes) -> Result<(), CliError> {
    let Changes {
        unit,
        stand_type,
        training,
        men,
        status,
        add_men,
        actions_of_new,
        fields,
    } = changes;
    if let Some(n) = add_men {
        if n < 1 || actions_of_new < 0 {
            return Err(CliError::Usage(format!(
                "--add-men needs at least 1 person and --actions-of-new at least 0, not {n} and {actions_of_new}"
            )));
        }
    }
    // Read, change and write under one write lock: another process's
    // edit of the same stand lands before or after this one, never lost.
    save(ctx, code, "stand edit", |s| {
        if let Some(v) = unit {
            s.unit = v;
        }
        if let Some(v) = stand_type {
            s.stand_type = v;
        }
        if let Some(v) = training {
            s.training = v;
        }
        if let Some(v) = men {
            s.men = v;
        }
        if let Some(v) = status {
            s.status = v;
        }
        fields.apply(s);
        if let Some(n) = add_men {
            crate::campaign::logistics::add_replacements(s, n, actions_of_new)
                .map_err(CliError::Usage)?;
        }
        if fields.ammo_max.is_some() && fields.ammo.is_none() {
            s.ammo = s.ammo.map(|a| a.min(s.ammo_max.unwrap_or(a)));
        }
        Ok(())
    })
}
