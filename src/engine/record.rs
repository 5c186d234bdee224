//! Recorded battles: a results file written after a battle fought on the table,
//! checked against the battle's stands and turned into a `BattleResult`.

use serde::{Deserialize, Serialize};

use crate::battle::event::{Event, Happening};
use crate::battle::result::{
    BattleResult, Damage, DamageKind, Knockout, Role, StandOutcome, Winner,
};
use crate::battle::ruleset::Ruleset;
use crate::battle::setup::{BattleSetup, StandSetup};
use crate::campaign::error::CampaignError;
use crate::campaign::file::{locate, toml_error};
use crate::core::kinds::{StandType, Status};

/// Days a damaged vehicle is out when the results file does not say.
pub const DEFAULT_REPAIR_DAYS: i64 = 2;

/// The results file (SPEC 12.1).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultsFile {
    pub winner: Winner,
    pub turns: u32,
    #[serde(default)]
    pub end_reason: String,
    #[serde(default)]
    pub stands: Vec<StandResult>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StandResult {
    pub code: String,
    #[serde(default)]
    pub hits: i64,
    #[serde(default)]
    pub fired: bool,
    #[serde(default)]
    pub under_fire: bool,
    pub status: Option<Status>,
    #[serde(default)]
    pub ammo_spent: i64,
    #[serde(default)]
    pub captured: i64,
    /// Damage short of destruction: `damaged` or `immobilised`.
    pub damage: Option<DamageKind>,
    /// Days until repaired (default 2).
    pub repair_days: Option<i64>,
    /// Per person in order (FMA's `h1#1` first), for rulesets fought figure
    /// by figure: `up`, `suppressed`, `down` or `dead`. Gives the hits (down
    /// and dead) and who was killed outright (recorded dead at the aid post).
    pub figures: Option<Vec<FigureState>>,
}

/// How a figure ended a battle fought figure by figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FigureState {
    Up,
    Suppressed,
    Down,
    Dead,
}

/// The log entry of a recorded result.
#[derive(Serialize)]
struct Recorded<'a> {
    file: &'a str,
    winner: Winner,
    turns: u32,
    end_reason: &'a str,
    stands: usize,
}

impl Happening for Recorded<'_> {
    fn phase(&self) -> &str {
        "recorded"
    }
    fn text(&self) -> String {
        format!(
            "result recorded from {}: {} after {} turns ({}); {} stands reported",
            self.file,
            self.winner.as_str(),
            self.turns,
            self.end_reason,
            self.stands
        )
    }
}

/// Reads and checks a results file against the battle's participants.
pub fn read(
    name: &str,
    text: &str,
    setup: &BattleSetup,
    ruleset: &dyn Ruleset,
    seed: u64,
) -> Result<BattleResult, CampaignError> {
    let participants: Vec<(Role, &StandSetup)> = [Role::Attacker, Role::Defender]
        .into_iter()
        .flat_map(|role| setup.force(role).stands.iter().map(move |s| (role, s)))
        .collect();
    let file: ResultsFile = toml::from_str(text).map_err(|e| toml_error(name, text, &e))?;
    let bad = |index: usize, field: &str, message: String| {
        let (section, idx) = if field == "turns" {
            ("", 0)
        } else {
            ("stands", index)
        };
        CampaignError::InFile {
            file: name.to_string(),
            line: locate(text, section, idx, field),
            field: if section.is_empty() {
                field.to_string()
            } else {
                format!("stands.{field}")
            },
            message,
        }
    };
    if file.turns < 1 {
        return Err(bad(0, "turns", "a battle lasts at least one turn".into()));
    }
    let mut stands = Vec::new();
    for (i, s) in file.stands.iter().enumerate() {
        let Some(&(role, r)) = participants.iter().find(|p| p.1.code == s.code) else {
            return Err(bad(
                i,
                "code",
                format!("`{}` did not fight in this battle", s.code),
            ));
        };
        if stands.iter().any(|o: &StandOutcome| o.code == s.code) {
            return Err(bad(i, "code", format!("`{}` is listed twice", s.code)));
        }
        let fit = r.men - r.hits;
        let crewed = matches!(r.stand_type, StandType::Vehicle | StandType::Aircraft);
        let (hits, killed) = match &s.figures {
            None => (s.hits, 0),
            Some(_) if crewed => {
                return Err(bad(
                    i,
                    "figures",
                    "figures are for people on foot; give a vehicle's `hits`".into(),
                ))
            }
            Some(f) => {
                if f.len() as i64 != fit {
                    return Err(bad(
                        i,
                        "figures",
                        format!(
                            "{} figures given for a stand of {fit} fit to fight",
                            f.len()
                        ),
                    ));
                }
                let down = f
                    .iter()
                    .filter(|x| matches!(x, FigureState::Down | FigureState::Dead))
                    .count() as i64;
                let dead = f.iter().filter(|x| **x == FigureState::Dead).count() as i64;
                if s.hits != 0 && s.hits != down {
                    return Err(bad(
                        i,
                        "hits",
                        format!("{} hits, but the figures show {down} down or dead", s.hits),
                    ));
                }
                (down, dead)
            }
        };
        if hits < 0 || (!crewed && hits > fit) {
            return Err(bad(
                i,
                "hits",
                format!("{} hits on a stand with {fit} people fit to fight", hits),
            ));
        }
        if s.ammo_spent < 0 || s.ammo_spent > r.ammo {
            return Err(bad(
                i,
                "ammo_spent",
                format!(
                    "{} turns of fire spent, the stand carried {}",
                    s.ammo_spent, r.ammo
                ),
            ));
        }
        if s.captured < 0 || s.captured > fit {
            return Err(bad(
                i,
                "captured",
                format!("{} prisoners from {fit} people", s.captured),
            ));
        }
        let knockout = (crewed && hits > 0).then_some(Knockout::Killed);
        let derived = if crewed {
            if hits > 0 {
                Status::Destroyed
            } else {
                Status::Effective
            }
        } else {
            ruleset.status_after_hits(r, hits)
        };
        let status = s.status.unwrap_or(derived);
        if status == Status::Retired {
            return Err(bad(i, "status", format!("{status} is not a battle outcome; use effective, ineffective, destroyed, captured or withdrawn (fled)")));
        }
        let repair_days = s.repair_days.unwrap_or(DEFAULT_REPAIR_DAYS);
        if repair_days < 0 {
            return Err(bad(
                i,
                "repair_days",
                format!("{repair_days} days; repairs take 0 days or more"),
            ));
        }
        stands.push(StandOutcome {
            code: s.code.clone(),
            role,
            hits_taken: if crewed { 0 } else { hits },
            status_after: status,
            fired: s.fired,
            under_fire: s.under_fire,
            ammo_spent: s.ammo_spent,
            captured: s.captured,
            killed,
            knockout,
            damage: s.damage.map(|kind| Damage { kind, repair_days }),
        });
    }
    let end_reason = if file.end_reason.is_empty() {
        "recorded from the table".to_string()
    } else {
        file.end_reason.clone()
    };
    let recorded = Recorded {
        file: name,
        winner: file.winner,
        turns: file.turns,
        end_reason: &end_reason,
        stands: stands.len(),
    };
    Ok(BattleResult {
        ruleset: ruleset.name().to_string(),
        seed,
        winner: file.winner,
        turns: file.turns,
        events: vec![Event::of(file.turns, None, &recorded)],
        end_reason,
        stands,
        units: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::calibration::{battle, force, HOVERTANK, LTA_TRAINED};
    use crate::rules::bia::Bia;

    fn setup() -> BattleSetup {
        battle(
            force("a", &[(LTA_TRAINED, 2), (HOVERTANK, 1)]),
            force("d", &[(LTA_TRAINED, 2)]),
            60,
            crate::core::kinds::Cover::Cover,
        )
    }

    #[test]
    fn a_result_file_becomes_a_battle_result() {
        let text = "winner = \"attacker\"\nturns = 4\n[[stands]]\ncode = \"d-1\"\nhits = 3\nfired = true\nunder_fire = true\n[[stands]]\ncode = \"a-3\"\nhits = 1\n";
        let r = read("r.toml", text, &setup(), &Bia, 9).unwrap();
        assert_eq!((r.ruleset.as_str(), r.turns, r.seed), ("bia", 4, 9));
        let d1 = r.stands.iter().find(|s| s.code == "d-1").unwrap();
        assert_eq!(
            d1.status_after,
            Status::Ineffective,
            "three hits on LTA: ineffective at 2, destroyed at 4"
        );
        let tank = r.stands.iter().find(|s| s.code == "a-3").unwrap();
        assert_eq!(
            (tank.status_after, tank.knockout),
            (Status::Destroyed, Some(Knockout::Killed))
        );
        assert_eq!(r.events.len(), 1);
    }

    #[test]
    fn per_figure_results_give_hits_and_the_killed() {
        let figs = "[\"up\", \"dead\", \"down\", \"suppressed\", \"up\", \"dead\", \"up\", \"up\"]";
        let text = format!(
            "winner = \"attacker\"\nturns = 9\n[[stands]]\ncode = \"d-1\"\nfigures = {figs}\n"
        );
        let r = read("r.toml", &text, &setup(), &crate::rules::fma::Fma, 1).unwrap();
        let d1 = &r.stands[0];
        assert_eq!((d1.hits_taken, d1.killed), (3, 2));
        let short =
            "winner = \"attacker\"\nturns = 9\n[[stands]]\ncode = \"d-1\"\nfigures = [\"up\"]\n";
        assert!(read("r.toml", short, &setup(), &crate::rules::fma::Fma, 1)
            .unwrap_err()
            .to_string()
            .contains("1 figures given for a stand of 8"));
        let clash = format!("winner = \"attacker\"\nturns = 9\n[[stands]]\ncode = \"d-1\"\nhits = 1\nfigures = {figs}\n");
        assert!(read("r.toml", &clash, &setup(), &crate::rules::fma::Fma, 1).is_err());
    }

    #[test]
    fn bad_results_name_line_and_field() {
        for (text, field) in [
            ("winner = \"attacker\"\nturns = 0\n", "turns"),
            ("winner = \"attacker\"\nturns = 2\n[[stands]]\ncode = \"zz\"\n", "stands.code"),
            ("winner = \"attacker\"\nturns = 2\n[[stands]]\ncode = \"d-1\"\nhits = 9\n", "stands.hits"),
            ("winner = \"attacker\"\nturns = 2\n[[stands]]\ncode = \"d-1\"\nstatus = \"retired\"\n", "stands.status"),
            ("winner = \"attacker\"\nturns = 2\n[[stands]]\ncode = \"d-1\"\n[[stands]]\ncode = \"d-1\"\n", "stands.code"),
        ] {
            let e = read("r.toml", text, &setup(), &Bia, 1).unwrap_err().to_string();
            assert!(e.contains(&format!("field `{field}`")), "{text}: {e}");
        }
    }
}
