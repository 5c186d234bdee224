//! `stand retire`: out of the campaign, kept in the records.

use super::*;

pub(super) fn retire(ctx: &Ctx, code: &str) -> Result<(), CliError> {
    save(ctx, code, "stand retire", |s| {
        if s.status == Status::Retired {
            return Err(CliError::Usage(format!(
                "stand `{}` is already retired",
                s.code
            )));
        }
        s.status = Status::Retired;
        Ok(())
    })
}
