//! The post-battle sequence as a pure computation (SPEC 4.2): aid-post rolls for
//! every person hit, what becomes of them, each stand's new strength, status,
//! experience and ammunition. The store writes the result in one transaction.

use chrono::{Duration, NaiveDateTime};

use super::records::StandRecord;
use crate::battle::result::{BattleResult, Knockout};
use crate::core::dice::Dice;
use crate::core::kinds::{Armour, Medical, Outcome, Severity, StandType, Status};
use crate::rules::bia;

/// Campaign settings the sequence reads.
/// Hours a stand that fled takes to rally before it can fight again.
pub const RALLY_HOURS: i64 = 24;

#[derive(Debug, Clone, Copy)]
pub struct Settings {
    pub light_wound_days: i64,
    pub serious_wound_days: i64,
    /// When the battle ended, in game time.
    pub ended_at: NaiveDateTime,
}

pub use crate::store::records::{Consequences, NewCasualty, StandAfter};

/// Experience credited for one battle: an action if the stand both fired and came
/// under fire, two if it was also hit.
pub fn actions_gained(fired: bool, under_fire: bool, hit: bool) -> i64 {
    match (fired && under_fire, hit) {
        (false, _) => 0,
        (true, false) => 1,
        (true, true) => 2,
    }
}

/// The casualty-table row for a stand's people; vehicle and aircraft crews wear
/// flak-vest protection at best (docs/rules-decisions.md).
pub fn armour_of(s: &StandRecord) -> Armour {
    match s.equipment {
        Some(e) => e.armour(),
        None => Armour::Flak,
    }
}

/// Runs the sequence for every stand in `result`; `stand` finds each stand's
/// record and its side's medical support.
pub fn consequences(
    result: &BattleResult,
    stand: impl Fn(&str) -> Option<(StandRecord, Medical)>,
    settings: Settings,
    dice: &mut Dice,
) -> Consequences {
    let mut casualties = Vec::new();
    let mut stands = Vec::new();
    for outcome in &result.stands {
        let Some((before, medical)) = stand(&outcome.code) else {
            continue;
        };
        let mut s = before.clone();
        let armour = armour_of(&s);
        let crewed = matches!(s.stand_type, StandType::Vehicle | StandType::Aircraft);
        let people_hit = match (crewed, outcome.knockout) {
            (true, Some(_)) => s.men - s.hits,
            _ => outcome.hits_taken,
        }
        .clamp(0, s.men - s.hits);
        let captured = outcome.captured.clamp(0, people_hit);
        let mut dead = 0;
        let mut hospital = 0;
        for i in 0..people_hit {
            let (roll, severity) = if i < captured {
                (None, Severity::Captured)
            } else if outcome.knockout == Some(Knockout::Exploded)
                || i < captured + outcome.killed.max(0)
            {
                // Blown up with the vehicle, or killed outright (an FMA KILL).
                (None, Severity::Dead)
            } else {
                let roll = dice.d10_zero();
                (Some(roll), bia::casualty(armour, roll))
            };
            let (outcome_kind, returns_at) = fate(severity, medical, &settings);
            match outcome_kind {
                Outcome::Dead | Outcome::Captured => dead += 1,
                Outcome::Hospital => hospital += 1,
                Outcome::Returned => {}
            }
            casualties.push(NewCasualty {
                stand: s.code.clone(),
                roll,
                severity,
                outcome: outcome_kind,
                returns_at,
            });
        }
        s.men -= dead;
        s.hits = (s.hits + hospital).min(s.men);
        s.status = if s.men == 0 {
            if outcome.status_after == Status::Captured {
                Status::Captured
            } else {
                Status::Destroyed
            }
        } else if outcome.knockout.is_some() {
            Status::Destroyed
        } else {
            outcome.status_after
        };
        let gained = actions_gained(outcome.fired, outcome.under_fire, outcome.hits_taken > 0);
        s.actions = (s.actions + gained).min(crate::core::limits::MAX_ACTIONS);
        s.training = bia::effective_training(s.training, s.actions);
        // Step 3 of the sequence: the people now in hospital count against the
        // hit-effects thresholds whatever the ruleset said (FMA fights a stand
        // on until its last figure is down).
        s.status = status_after_aid_post(&s);
        if super::recovery::recovers(&s) {
            // Every person hit came back from the aid post at once (scratches,
            // the unharmed): the stand is whole, so effective again.
            s.status = Status::Effective;
        }
        s.ammo = Some((s.ammo.unwrap_or(0) - outcome.ammo_spent).max(0));
        if s.status == Status::Withdrawn {
            // Fled: back with its side once it has rallied.
            s.repair_until = Some(settings.ended_at + Duration::hours(RALLY_HOURS));
        }
        if let (Some(d), Status::Effective) = (outcome.damage, s.status) {
            // Damaged or immobilised: out of battles until repaired.
            let days = d.repair_days.clamp(0, crate::core::limits::MAX_WOUND_DAYS);
            s.repair_until = Some(settings.ended_at + Duration::days(days));
        }
        stands.push(StandAfter {
            record: s,
            actions_gained: gained,
        });
    }
    Consequences { casualties, stands }
}

/// A stand's campaign status once the aid post has sorted its people (SPEC 4.2
/// step 3): at or past the hit-effects row's ineffective threshold an effective
/// stand is ineffective, at the destroyed threshold (or with every person hit)
/// destroyed. A worse status the ruleset gave (withdrawn, captured, destroyed)
/// stands; a status is never improved here.
pub fn status_after_aid_post(s: &StandRecord) -> Status {
    use crate::rules::bia::hit_effects::{hit_row, status_for_hits};
    let row = hit_row(s.stand_type, s.training, s.equipment);
    let crewed = matches!(s.stand_type, StandType::Vehicle | StandType::Aircraft);
    match s.status {
        Status::Effective => status_for_hits(row, s.hits, s.men),
        Status::Ineffective if !crewed && s.hits >= row.effects().destroyed => Status::Destroyed,
        other => other,
    }
}

/// What a severity means for the person: back now, in hospital until a date, or gone.
pub fn fate(
    severity: Severity,
    medical: Medical,
    settings: &Settings,
) -> (Outcome, Option<NaiveDateTime>) {
    // Days are bounded by import and the commands; a file from before the
    // limits is held to the last date rather than overflowing.
    let back_after = |days: i64| {
        Some(
            Duration::try_days(days.clamp(0, crate::core::limits::MAX_WOUND_DAYS))
                .and_then(|d| settings.ended_at.checked_add_signed(d))
                .unwrap_or_else(crate::core::limits::last_time),
        )
    };
    match severity {
        Severity::Unharmed | Severity::Scratch => (Outcome::Returned, Some(settings.ended_at)),
        Severity::Light => (Outcome::Hospital, back_after(settings.light_wound_days)),
        Severity::Serious => (Outcome::Hospital, back_after(settings.serious_wound_days)),
        Severity::Mortal if medical == Medical::Excellent => {
            (Outcome::Hospital, back_after(settings.serious_wound_days))
        }
        Severity::Mortal | Severity::Dead => (Outcome::Dead, None),
        Severity::Captured => (Outcome::Captured, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::result::{Role, StandOutcome, Winner};
    use crate::core::kinds::{Equipment, Training, VehicleKind, Weapon};

    fn stand(
        code: &str,
        t: StandType,
        eq: Option<Equipment>,
        veh: Option<VehicleKind>,
        men: i64,
    ) -> StandRecord {
        StandRecord {
            code: code.into(),
            unit: "u".into(),
            name: String::new(),
            stand_type: t,
            training: Training::Regular,
            actions: 14,
            equipment: eq,
            vehicle: veh,
            speed: None,
            weapon: Some(Weapon::SlaSquad),
            men,
            hits: 0,
            officer: false,
            status: Status::Effective,
            ammo: Some(12),
            ammo_max: Some(12),
            repair_until: None,
        }
    }

    fn outcome(code: &str, hits: i64, status: Status, fired: bool, under: bool) -> StandOutcome {
        StandOutcome {
            code: code.into(),
            role: Role::Attacker,
            hits_taken: hits,
            status_after: status,
            fired,
            under_fire: under,
            ammo_spent: 3,
            captured: 0,
            killed: 0,
            knockout: None,
            damage: None,
        }
    }

    #[test]
    fn people_killed_outright_are_dead_without_a_roll_and_the_rest_roll() {
        let t0 = crate::campaign::records::parse_time("2157-04-12T06:00:00").unwrap();
        let settings = Settings {
            light_wound_days: 7,
            serious_wound_days: 28,
            ended_at: t0,
        };
        let team = stand("fma", StandType::Infantry, Some(Equipment::Hma), None, 4);
        let mut out = outcome("fma", 3, Status::Effective, true, true);
        out.killed = 2;
        let result = BattleResult {
            ruleset: "fma".into(),
            seed: 1,
            winner: Winner::Attacker,
            turns: 4,
            end_reason: "test".into(),
            stands: vec![out],
            units: vec![],
            events: vec![],
        };
        let lookup = |_: &str| Some((team.clone(), Medical::Normal));
        let mut probe = Dice::from_seed(5);
        let roll = probe.d10_zero();
        let got = consequences(&result, lookup, settings, &mut Dice::from_seed(5));
        let sev: Vec<(Option<u32>, Severity)> = got
            .casualties
            .iter()
            .map(|c| (c.roll, c.severity))
            .collect();
        assert_eq!(
            sev,
            vec![
                (None, Severity::Dead),
                (None, Severity::Dead),
                (Some(roll), bia::casualty(Armour::Hma, roll)),
            ]
        );
    }

    #[test]
    fn hand_built_result_gives_the_expected_campaign_changes() {
        let t0 = crate::campaign::records::parse_time("2157-04-12T06:00:00").unwrap();
        let settings = Settings {
            light_wound_days: 7,
            serious_wound_days: 28,
            ended_at: t0,
        };
        let hma = stand("hma", StandType::Infantry, Some(Equipment::Hma), None, 4);
        let tank = stand(
            "tank",
            StandType::Vehicle,
            None,
            Some(VehicleKind::Hovertank),
            3,
        );
        let boom = stand(
            "boom",
            StandType::Vehicle,
            None,
            Some(VehicleKind::TrackTank),
            2,
        );
        let quiet = stand("quiet", StandType::Infantry, Some(Equipment::Lta), None, 8);
        let mut tank_out = outcome("tank", 0, Status::Destroyed, true, true);
        tank_out.knockout = Some(Knockout::Killed);
        let mut boom_out = outcome("boom", 0, Status::Destroyed, false, true);
        boom_out.knockout = Some(Knockout::Exploded);
        let mut quiet_out = outcome("quiet", 2, Status::Ineffective, true, false);
        quiet_out.captured = 1;
        let result = BattleResult {
            ruleset: "bia".into(),
            seed: 1,
            winner: Winner::Defender,
            turns: 6,
            end_reason: "test".into(),
            stands: vec![
                outcome("hma", 2, Status::Ineffective, true, true),
                tank_out,
                boom_out,
                quiet_out,
            ],
            units: vec![],
            events: vec![],
        };
        let records = [hma, tank, boom, quiet];
        let lookup = |c: &str| {
            records
                .iter()
                .find(|r| r.code == c)
                .map(|r| (r.clone(), Medical::Normal))
        };
        let seed = 99;
        // The rolls the aid post will make, in order: 2 for hma, 3 for the tank crew, 1 for quiet.
        let mut probe = Dice::from_seed(seed);
        let rolls: Vec<u32> = (0..6).map(|_| probe.d10_zero()).collect();
        let got = consequences(&result, lookup, settings, &mut Dice::from_seed(seed));

        let expect = |armour: Armour, roll: u32| bia::casualty(armour, roll);
        let sev: Vec<Severity> = got.casualties.iter().map(|c| c.severity).collect();
        let mut want = vec![expect(Armour::Hma, rolls[0]), expect(Armour::Hma, rolls[1])];
        want.extend(rolls[2..5].iter().map(|r| expect(Armour::Flak, *r)));
        want.extend([
            Severity::Dead,
            Severity::Dead,
            Severity::Captured,
            expect(Armour::Lta, rolls[5]),
        ]);
        assert_eq!(sev, want);
        assert_eq!(got.casualties.len(), 2 + 3 + 2 + 2);

        for c in &got.casualties {
            let (outcome, back) = fate(c.severity, Medical::Normal, &settings);
            assert_eq!((c.outcome, c.returns_at), (outcome, back));
        }
        let gone = |code: &str| {
            got.casualties
                .iter()
                .filter(|c| {
                    c.stand == code && matches!(c.outcome, Outcome::Dead | Outcome::Captured)
                })
                .count() as i64
        };
        let hosp = |code: &str| {
            got.casualties
                .iter()
                .filter(|c| c.stand == code && c.outcome == Outcome::Hospital)
                .count() as i64
        };
        let after = |code: &str| got.stands.iter().find(|s| s.record.code == code).unwrap();

        let h = after("hma");
        assert_eq!(
            (h.record.men, h.record.hits),
            (4 - gone("hma"), hosp("hma"))
        );
        assert_eq!(
            h.record.status,
            if h.record.men == 0 {
                Status::Destroyed
            } else {
                Status::Ineffective
            }
        );
        assert_eq!((h.actions_gained, h.record.actions), (2, 16));
        assert_eq!(h.record.ammo, Some(9));

        assert_eq!(after("tank").record.status, Status::Destroyed);
        assert_eq!(after("tank").actions_gained, 1);
        let b = after("boom");
        assert_eq!(
            (b.record.men, b.record.status, b.actions_gained),
            (0, Status::Destroyed, 0)
        );
        let q = after("quiet");
        assert_eq!(q.actions_gained, 0);
        assert_eq!(q.record.men, 8 - gone("quiet"));
    }

    #[test]
    fn people_in_hospital_count_against_the_hit_effects_thresholds() {
        // Assault rifles: the militia row, ineffective at 3 hits, destroyed at 8.
        let mut s = stand(
            "mil",
            StandType::Infantry,
            Some(Equipment::AssaultRifles),
            None,
            6,
        );
        s.training = Training::Trained;
        for (hits, status, after) in [
            (2, Status::Effective, Status::Effective),
            (3, Status::Effective, Status::Ineffective),
            (6, Status::Effective, Status::Destroyed),
            (3, Status::Withdrawn, Status::Withdrawn),
            (3, Status::Ineffective, Status::Ineffective),
        ] {
            s.hits = hits;
            s.status = status;
            assert_eq!(status_after_aid_post(&s), after, "{hits} hits, {status}");
        }
        let mut lta = stand("lta", StandType::Infantry, Some(Equipment::Lta), None, 8);
        lta.training = Training::Trained;
        lta.hits = 4;
        lta.status = Status::Ineffective;
        assert_eq!(status_after_aid_post(&lta), Status::Destroyed);
    }

    #[test]
    fn mortal_wounds_depend_on_medical_support() {
        let t0 = crate::campaign::records::parse_time("2157-04-12T06:00:00").unwrap();
        let s = Settings {
            light_wound_days: 7,
            serious_wound_days: 28,
            ended_at: t0,
        };
        assert_eq!(
            fate(Severity::Mortal, Medical::Normal, &s),
            (Outcome::Dead, None)
        );
        assert_eq!(
            fate(Severity::Mortal, Medical::Excellent, &s),
            (Outcome::Hospital, Some(t0 + Duration::days(28)))
        );
        assert_eq!(
            fate(Severity::Light, Medical::None, &s),
            (Outcome::Hospital, Some(t0 + Duration::days(7)))
        );
        assert_eq!(
            fate(Severity::Scratch, Medical::None, &s),
            (Outcome::Returned, Some(t0))
        );
    }
}
