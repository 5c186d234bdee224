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
            Ok((
                (),
                format!(
                    "command {code}: supply {:?}, contact {:?}",
                    supply.map(|s| s.as_str()),
                    contact.map(|c| c.as_str())
                ),
            ))
        })?;
    } else if let Some(code) = &side {
        if medical.is_none() && treats_pw_well.is_none() {
            return Err(CliError::Usage(
                "give --medical or --treats-pw-well for a side".into(),
            ));
        }
        store.change("supply set", |tx| {
            logistics::set_side(tx, code, medical.map(|m| m.as_str()), treats_pw_well)?;
            Ok((
                (),
                format!(
                    "side {code}: medical {:?}, treats PW well {:?}",
                    medical.map(|m| m.as_str()),
                    treats_pw_well
                ),
            ))
        })?;
    }
    if ctx.json {
        status(ctx)
    } else {
        println!("Saved. Morale numbers follow from the new state (`bounce morale CODE`).");
        Ok(())
    }
}
