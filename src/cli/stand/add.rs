//! `stand add`: a new stand in a unit, its code checked under the write lock.

use super::*;

pub(super) fn add(
    ctx: &Ctx,
    code: String,
    unit: String,
    stand_type: StandType,
    training: Training,
    men: i64,
    fields: StandFields,
) -> Result<(), CliError> {
    let mut s = StandRecord {
        code,
        unit,
        name: String::new(),
        stand_type,
        training,
        actions: 0,
        equipment: None,
        vehicle: None,
        speed: None,
        weapon: None,
        men,
        hits: 0,
        officer: false,
        status: Status::Effective,
        ammo: None,
        ammo_max: None,
        repair_until: None,
    };
    fields.apply(&mut s);
    insert(ctx, s)
}

fn insert(ctx: &Ctx, s: StandRecord) -> Result<(), CliError> {
    let mut store = Store::open(&ctx.db)?;
    check_code(&s.code).map_err(|p| CampaignError::Invalid {
        field: "CODE".into(),
        message: p.message,
    })?;
    let mut s = s;
    derived::normalise(&mut s);
    if let Some(p) = check_stand(&s).into_iter().next() {
        return Err(invalid(p));
    }
    let code = s.code.clone();
    store.try_change("stand add", |tx| {
        // The code is checked under the write lock, so two adds of one code
        // cannot both pass.
        if let Some(k) = known_codes(tx)?.get(&s.code) {
            return Err(CliError::Usage(format!(
                "`{}` is already used by a {}",
                s.code,
                k.kind.as_str()
            )));
        }
        check_unit(tx, &s.unit)?;
        insert_stand(tx, &s)?;
        Ok(((), format!("added stand {code} to {}", s.unit)))
    })?;
    report_saved(ctx, &store, &code, "Added")
}
