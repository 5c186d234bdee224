//! The report document. Its JSON form is part of the interface (documented in
//! `docs/report.md`), so every view keeps the same shape: what a side may not
//! see is left out of lists or set to null, never renamed.

use serde::Serialize;

/// The whole report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    pub campaign: CampaignPart,
    /// The side whose view this is; null for the umpire's full report.
    pub side: Option<String>,
    /// The command whose player's page this is (its side is `side`); null
    /// for the umpire's and a whole side's view.
    pub command: Option<String>,
    /// The viewer's own stands in full, every status: the side's in a side
    /// view, the command's in a player's page. Empty in the umpire's report
    /// (`bounce roster --all` lists every stand).
    pub stands: Vec<OwnStand>,
    /// Sides in full: all of them for the umpire, only the own side otherwise.
    pub sides: Vec<SideReport>,
    /// Enemy stands the side's stands met in fought battles, as last seen.
    /// Empty in the umpire's report, which shows every side in full instead.
    pub enemy_seen: Vec<SeenStand>,
    /// Battles in campaign order (for a side: only those it took part in).
    pub battles: Vec<BattleReport>,
    /// Battles linked by `after`, each chain in campaign order.
    pub chains: Vec<Chain>,
    /// Effective stands of each command over campaign time.
    pub strength_history: Vec<StrengthLine>,
    /// People in hospital, by command and return date.
    pub returns_due: Vec<ReturnDue>,
    /// The latest changes, newest first (the umpire's report only).
    pub journal: Vec<JournalEntry>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CampaignPart {
    pub name: String,
    pub clock: String,
    pub ruleset: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SideReport {
    pub code: String,
    pub name: String,
    pub medical: String,
    pub treats_pw_well: bool,
    /// Supply points in the side's depot.
    pub supply_points: i64,
    pub pending_deliveries: Vec<Delivery>,
    pub strength: Strength,
    pub experience: ExperienceCounts,
    pub commands: Vec<CommandReport>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Delivery {
    pub points: i64,
    pub arrives_at: Option<String>,
}

/// Stands by status. `effective + ineffective + destroyed + other == stands`;
/// `damaged` counts effective stands that carry hits, and `in_hospital` counts
/// people, not stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Strength {
    pub stands: i64,
    pub effective: i64,
    pub ineffective: i64,
    pub destroyed: i64,
    /// Captured, withdrawn or retired.
    pub other: i64,
    pub damaged: i64,
    pub men: i64,
    pub hits: i64,
    pub in_hospital: i64,
}

impl Strength {
    pub fn add(&mut self, o: &Strength) {
        self.stands += o.stands;
        self.effective += o.effective;
        self.ineffective += o.ineffective;
        self.destroyed += o.destroyed;
        self.other += o.other;
        self.damaged += o.damaged;
        self.men += o.men;
        self.hits += o.hits;
        self.in_hospital += o.in_hospital;
    }
}

/// Stands still in the campaign (not destroyed, captured or retired) by
/// experience level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct ExperienceCounts {
    pub raw: i64,
    pub novice: i64,
    pub experienced: i64,
    pub seasoned: i64,
    pub veteran: i64,
}

impl ExperienceCounts {
    pub const LEVELS: [&'static str; 5] = ["raw", "novice", "experienced", "seasoned", "veteran"];

    pub fn values(&self) -> [i64; 5] {
        [
            self.raw,
            self.novice,
            self.experienced,
            self.seasoned,
            self.veteran,
        ]
    }

    pub fn add(&mut self, o: &ExperienceCounts) {
        self.raw += o.raw;
        self.novice += o.novice;
        self.experienced += o.experienced;
        self.seasoned += o.seasoned;
        self.veteran += o.veteran;
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CommandReport {
    pub code: String,
    pub name: String,
    pub player: String,
    pub officers: String,
    pub supply: String,
    pub contact: String,
    pub strength: Strength,
    pub experience: ExperienceCounts,
    /// Best and worst morale number among stands still in the campaign
    /// (lower is better); null when it has none.
    pub morale: Option<MoraleRange>,
    pub ammo: Ammo,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct MoraleRange {
    pub best: i32,
    pub worst: i32,
}

/// Turns of fire carried by the stands still in the campaign.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Ammo {
    pub carried: i64,
    pub full: i64,
    /// Stands below a quarter of their full load (poorly equipped).
    pub low_stands: i64,
    /// Stands that cannot fire at all.
    pub empty_stands: i64,
}

/// One of the viewer's own stands as it stands now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OwnStand {
    pub code: String,
    pub name: String,
    pub command: String,
    pub unit: String,
    #[serde(rename = "type")]
    pub stand_type: String,
    pub training: String,
    pub experience: String,
    pub men: i64,
    pub hits: i64,
    pub status: String,
    pub weapon: Option<String>,
    pub ammo: i64,
    pub ammo_max: i64,
    /// The morale number (lower is better); null for a stand out of the campaign.
    pub morale: Option<i32>,
}

impl OwnStand {
    pub const HEADER: [&'static str; 11] = [
        "stand",
        "command",
        "unit",
        "type",
        "training",
        "experience",
        "men",
        "hits",
        "status",
        "ammo",
        "morale",
    ];

    /// The cells of a row under `HEADER`.
    pub fn cells(&self) -> Vec<String> {
        vec![
            self.code.clone(),
            self.command.clone(),
            self.unit.clone(),
            self.stand_type.clone(),
            self.training.clone(),
            self.experience.clone(),
            self.men.to_string(),
            self.hits.to_string(),
            self.status.clone(),
            format!("{}/{}", self.ammo, self.ammo_max),
            self.morale.map_or_else(|| "-".into(), |m| m.to_string()),
        ]
    }
}

impl Report {
    /// Whose view this is, in words: "umpire's report", "the view of side
    /// luna", "the page of command luna-south (side luna)".
    pub fn view_words(&self) -> String {
        match (&self.command, &self.side) {
            (Some(c), Some(s)) => format!("the page of command {c} (side {s})"),
            (_, Some(s)) => format!("the view of side {s}"),
            _ => "umpire's report".to_string(),
        }
    }
}

/// An enemy stand as the side last saw it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeenStand {
    pub code: String,
    pub side: String,
    /// Its `status_after` in the latest battle where the side met it.
    pub status: String,
    pub battle: String,
    pub at: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BattleReport {
    pub code: String,
    pub name: String,
    pub at: String,
    pub ended_at: Option<String>,
    pub ruleset: String,
    /// `planned` or `resolved`.
    pub status: String,
    pub after: Option<String>,
    /// The chain the battle belongs to (its first battle's code).
    pub chain: String,
    /// `attacker`, `defender` or `draw`; null until fought.
    pub winner: Option<String>,
    /// The side that won; null for a draw or an unfought battle.
    pub winner_side: Option<String>,
    pub turns: Option<i64>,
    pub end_reason: Option<String>,
    pub sides: Vec<BattleSide>,
}

impl BattleReport {
    /// Casualties by severity over the sides whose aid posts are known.
    pub fn casualties(&self) -> Severities {
        let mut total = Severities::default();
        for s in &self.sides {
            if let Some(c) = &s.casualties {
                total.add(c);
            }
        }
        total
    }
}

/// One side's part in a battle. Figures are zero until the battle is fought.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BattleSide {
    pub side: String,
    /// `attacker` or `defender`.
    pub role: String,
    pub stands: i64,
    /// Stands that ended the battle other than effective.
    pub stands_lost: i64,
    pub hits_taken: i64,
    /// The aid post's verdicts; null for an enemy in a side's view.
    pub casualties: Option<Severities>,
}

/// Casualty records by severity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Severities {
    pub unharmed: i64,
    pub scratch: i64,
    pub light: i64,
    pub serious: i64,
    pub mortal: i64,
    pub dead: i64,
    pub captured: i64,
}

impl Severities {
    pub const NAMES: [&'static str; 7] = [
        "unharmed", "scratch", "light", "serious", "mortal", "dead", "captured",
    ];

    pub fn values(&self) -> [i64; 7] {
        [
            self.unharmed,
            self.scratch,
            self.light,
            self.serious,
            self.mortal,
            self.dead,
            self.captured,
        ]
    }

    pub fn total(&self) -> i64 {
        self.values().iter().sum()
    }

    /// Counts `n` records of a severity; an unknown name is ignored.
    pub fn count(&mut self, severity: &str, n: i64) {
        match severity {
            "unharmed" => self.unharmed += n,
            "scratch" => self.scratch += n,
            "light" => self.light += n,
            "serious" => self.serious += n,
            "mortal" => self.mortal += n,
            "dead" => self.dead += n,
            "captured" => self.captured += n,
            _ => {}
        }
    }

    pub fn add(&mut self, o: &Severities) {
        for (name, n) in Self::NAMES.iter().zip(o.values()) {
            self.count(name, n);
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Chain {
    pub code: String,
    pub battles: Vec<String>,
}

/// A command's effective stands over time: a point at the start, one after
/// each battle that changed it, and one for now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StrengthLine {
    pub side: String,
    pub command: String,
    pub points: Vec<StrengthPoint>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StrengthPoint {
    pub at: String,
    /// The battle that ended at this point; null for the start and for now.
    pub battle: Option<String>,
    pub effective: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReturnDue {
    pub side: String,
    pub command: String,
    pub returns_at: Option<String>,
    pub people: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct JournalEntry {
    pub id: i64,
    pub at: String,
    pub command: String,
    pub summary: String,
}
