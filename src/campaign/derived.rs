//! What follows from a stand's record by the rules: its experience level, its
//! morale number with reasons, and whether its status fits its hits.

pub use crate::rules::bia::experience::{effective_training, experience};

use super::error::CampaignError;
use super::error::Problem;
use super::records::StandRecord;
use super::validate::check_stand;
use crate::core::kinds::{Contact, Medical, Officers, Supply, UnitFlag};
use crate::rules::bia::morale::{morale_number, BattleContext, MoraleInput};
/// A morale number and every reason behind it, as the rulebook reaches it.
pub use crate::rules::bia::morale::{AppliedFactor, MoraleBreakdown};

/// Everything outside a battle that shapes a stand's morale.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoraleContext {
    /// Flags of the stand's unit and of every unit above it.
    pub flags: Vec<UnitFlag>,
    pub officers: Officers,
    pub supply: Supply,
    pub contact: Contact,
    pub medical: Medical,
    /// Every other side treats prisoners well (and there is another side).
    pub enemy_treats_pw_well: bool,
}

/// Less than a quarter of full ammunition counts as poorly equipped.
pub fn low_ammo(s: &StandRecord) -> bool {
    super::morale::low_ammo(s.ammo.unwrap_or(0), s.resolved_ammo_max())
}

/// A stand's morale context between battles, from what the campaign holds.
pub fn morale_context(
    conn: &crate::store::Db,
    stand: &str,
) -> Result<MoraleContext, crate::store::StoreError> {
    let row = crate::store::queries::morale_context(conn, stand)?;
    Ok(MoraleContext {
        flags: row.flags,
        officers: row.officers,
        supply: row.supply,
        contact: row.contact,
        medical: row.medical,
        enemy_treats_pw_well: super::morale::enemy_treats_pw_well(&row.other_sides_treat_pw_well),
    })
}

/// The rules' input for a stand's morale, in or out of a battle.
pub fn morale_input(s: &StandRecord, ctx: &MoraleContext, battle: BattleContext) -> MoraleInput {
    MoraleInput {
        training: s.training,
        actions: s.actions,
        stand_type: s.stand_type,
        equipment: s.equipment,
        vehicle: s.vehicle,
        flags: ctx.flags.clone(),
        officers: ctx.officers,
        supply: ctx.supply,
        contact: ctx.contact,
        medical: ctx.medical,
        enemy_treats_pw_well: ctx.enemy_treats_pw_well,
        low_ammo: low_ammo(s),
        battle,
    }
}

/// A stand's morale number between battles, with every reason.
pub fn morale(s: &StandRecord, ctx: &MoraleContext) -> Result<MoraleBreakdown, CampaignError> {
    Ok(morale_number(&morale_input(
        s,
        ctx,
        BattleContext::default(),
    ))?)
}

/// Applies promotions that follow from the record itself: civilians who have
/// fought 15 actions are recruits (SPEC 9.1).
pub fn normalise(s: &mut StandRecord) {
    s.training = effective_training(s.training, s.actions);
}

/// Every rule a stored stand breaks: the one validation that import, `stand
/// edit` and `check` share.
pub fn stand_problems(s: &StandRecord) -> Vec<Problem> {
    check_stand(s)
}
