//! `supply set`: a command's supply state and contact, a side's medical
//! support and how it treats prisoners.

use super::*;

/// The values `supply set` was given; `None` leaves one as it is.
pub(super) struct Values {
    pub supply: Option<Supply>,
    pub contact: Option<Contact>,
    pub medical: Option<Medical>,
    pub treats_pw_well: Option<bool>,
}

pub(super) fn set(
    ctx: &Ctx,
    command: Option<String>,
    side: Option<String>,
    values: Values,
) -> Result<(), CliError> {
    let Values {
        supply,
        contact,
        medical,
        treats_pw_well,
    } = values;
    let mut store = Store::open(&ctx.db)?;
    if let Some(code) = &command {
        if supply.is_none() && contact.is_none() {
            return Err(CliError::Usage(
                "give --supply or --contact for a command".into(),
            ));
        }
        store.change("supply set", |tx| {
            logistics::set_command(
                tx,
                code,
                supply.map(|s| s.as_str()),
                contact.map(|c| c.as_str()),
            )?;
            let changed = given(&[
                ("supply", supply.map(|s| s.as_str().to_string())),
                ("contact", contact.map(|c| c.as_str().to_string())),
            ]);
            Ok(((), format!("command {code}: {changed}")))
        })?;
    } else if let Some(code) = &side {
        if medical.is_none() && treats_pw_well.is_none() {
            return Err(CliError::Usage(
                "give --medical or --treats-pw-well for a side".into(),
            ));
        }
        store.change("supply set", |tx| {
            logistics::set_side(tx, code, medical.map(|m| m.as_str()), treats_pw_well)?;
            let changed = given(&[
                ("medical", medical.map(|m| m.as_str().to_string())),
                ("treats PW well", treats_pw_well.map(|t| t.to_string())),
            ]);
            Ok(((), format!("side {code}: {changed}")))
        })?;
    }
    if ctx.json {
        status(ctx)
    } else {
        println!("Saved. Morale numbers follow from the new state (`bounce morale CODE`).");
        Ok(())
    }
}

/// The settings given, for the journal: "supply poor, contact normal".
fn given(settings: &[(&str, Option<String>)]) -> String {
    settings
        .iter()
        .filter_map(|(name, value)| value.as_ref().map(|v| format!("{name} {v}")))
        .collect::<Vec<_>>()
        .join(", ")
}
