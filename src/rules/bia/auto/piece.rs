//! A stand as the BiA auto-resolver sees it: the campaign stand turned into the
//! numbers the tables need, plus its state during the battle.

use crate::battle::finish::Fate;
use crate::battle::group_morale;
use crate::battle::result::{Knockout, Role};
use crate::battle::setup::{BiaProfile, StandSetup};
use crate::core::kinds::{
    AircraftSpeed, Cover, Equipment, Experience, StandType, Status, Training, UnitFlag,
    VehicleKind, Weapon,
};
use crate::rules::bia::air_defence::{foot_system, system_of, AdSystem};
use crate::rules::bia::armour::armour_value;
use crate::rules::bia::experience::{effective_training, experience};
use crate::rules::bia::fire::{firer_total, target_total, Firer, Target};
use crate::rules::bia::hit_effects::{hit_row, HitRow};
use crate::rules::bia::movement::{mover, moves};
use crate::rules::bia::range_table::{band_index, line, max_range, Line, BANDS};

/// Artillery stands this far behind its own line.
pub const ARTILLERY_BACK_CM: i64 = 30;

/// Whether a stand fires indirectly from behind its line: artillery, except
/// crew-served machine guns typed as artillery (an emplaced HMG), which sit
/// with the line and fire directly.
pub fn indirect(kind: StandType, weapon: Option<Weapon>) -> bool {
    kind == StandType::Artillery && !matches!(weapon, Some(Weapon::VehHmg | Weapon::VehLmg))
}

/// Where a piece is in the battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum State {
    Fighting,
    /// Gone to the aid post after too many hits.
    Ineffective,
    Destroyed,
    Captured,
    /// Left the field in good order: its group withdrew.
    Left,
    /// Ran from the enemy after failing morale, abandoning its casualties; still
    /// on the table (and a target) until it is out of reach.
    Fled,
    /// An orbital weapons platform: fires in the orbital phase, never on the
    /// table, never a target, not counted among the stands fighting.
    InOrbit,
}

/// Why a stand tests its individual morale (BiA's triggers); each is tested
/// once per stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    FirstFire,
    /// Attempting to cross a fire-swept zone or to enter the enemy position.
    EnterPosition,
    FirstHandToHand,
    /// Called at the table by the umpire.
    Umpire,
}

impl Trigger {
    pub fn as_str(self) -> &'static str {
        match self {
            Trigger::FirstFire => "under fire for the first time",
            Trigger::EnterPosition => {
                "about to cross a fire-swept zone or enter the enemy position"
            }
            Trigger::FirstHandToHand => "in hand-to-hand combat for the first time",
            Trigger::Umpire => "called by the umpire",
        }
    }

    fn bit(self) -> u8 {
        match self {
            Trigger::FirstFire => 1,
            Trigger::EnterPosition => 2,
            Trigger::FirstHandToHand => 4,
            Trigger::Umpire => 8,
        }
    }
}

/// BiA's order of individual morale tests by type: militia, aircraft, ground
/// force infantry, ground force vehicles, hovertanks.
pub fn test_order(p: &Piece) -> u8 {
    if p.is_aircraft {
        1
    } else if p.vehicle == Some(VehicleKind::Hovertank) {
        4
    } else if p.is_vehicle {
        3
    } else if p.militia {
        0
    } else {
        2
    }
}

/// How a fighting piece behaves this turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Posture {
    Advance,
    Hold,
    /// Held back by a failed morale test; an officer may rally it.
    Shaken,
}

/// Plain data, so a prepared battle's pieces copy cheaply for each run. The
/// fields are laid out (`repr(C)`, a piece to four 64-byte cache lines) by
/// who reads them: what every per-turn pass reads (first line); what a stand
/// reads to fire (second); what a shot reads of its target (third); the rest.
/// A shot then touches two lines of the firer and two of the target.
#[derive(Debug, Clone, Copy)]
#[repr(C, align(64))]
pub struct Piece {
    // Every per-turn pass.
    pub state: State,
    pub role: Role,
    pub posture: Posture,
    pub moved: bool,
    pub is_aircraft: bool,
    pub on_foot: bool,
    /// Triggers (bits of `Trigger::bit`) that call for a test at the next
    /// morale phase.
    pub test_pending: u8,
    /// Triggers already tested (bits of `Trigger::bit`).
    pub tested: u8,
    pub command: usize,
    /// People able to fight at the start (men less hits carried in).
    pub people: i64,
    pub hits: i64,
    /// Attackers: distance to the enemy line, in table cm.
    pub dist: i64,
    /// Distance behind its own side's line: artillery, and stands falling back.
    pub back: i64,
    pub captured: i64,
    pub ammo: i64,
    // Firing.
    pub line: Option<&'static Line>,
    pub reach: i64,
    /// The longest range at which the weapon has any penetration.
    pub pen_reach: i64,
    pub officers: i64,
    pub ammo_spent: i64,
    pub morale: i64,
    /// Best penetration of the weapon at any band.
    pub pen_max: Option<i8>,
    /// The firing modifiers this stand brings as firer, standing and moving.
    pub firer_mod: [i8; 2],
    pub weapon: Option<Weapon>,
    pub kind: StandType,
    pub ad: Option<AdSystem>,
    pub blast: bool,
    pub fired: bool,
    /// Fired this turn: a stand that gave suppressive fire does not fire
    /// again in the firing phase.
    pub fired_now: bool,
    pub speed: AircraftSpeed,
    // Being shot at.
    pub armour: i64,
    pub hits_before: i64,
    /// Hits (carried in and taken) that make it ineffective, and destroyed.
    pub ineffective_at: i64,
    pub destroyed_at: i64,
    /// The firing modifiers it brings as target, by `target_mod_index`.
    pub target_mod: [i8; 24],
    /// The cover the stand is in (defenders start in the battle's cover).
    pub cover: Cover,
    /// Moved non-tactically this turn (an easy target).
    pub non_tactical: bool,
    pub is_vehicle: bool,
    pub under_fire: bool,
    /// Came under artillery or orbital fire since its last morale phase.
    pub shelled: bool,
    pub equipment: Option<Equipment>,
    pub knockout: Option<Knockout>,
    // The rest.
    /// Foot soldiers on the militia, civilian or recruit rows of the hit table.
    pub militia: bool,
    pub vehicle: Option<VehicleKind>,
    pub training: Training,
    pub experience: Experience,
    pub tactical_move: i64,
    /// For an individually based figure (a one-man foot stand): the stand it
    /// is with, to whose fire it adds +1 instead of rolling its own die.
    pub host: Option<u32>,
    /// Figures still fighting with this stand, each +1 to its fire.
    pub escort: i8,
    /// Attacked by an aircraft since its last morale phase.
    pub air_attacked: bool,
    /// Retired to cover in this turn's morale phase: a move made this turn,
    /// which `moved` takes up once the turn's marks are reset.
    pub retired: bool,
    /// An aircraft taking evasive action this turn: −3 to fire at it, and it
    /// cannot fire (BiA L402, L476).
    pub evasive: bool,
    /// An attacker's move as ordered at the start of this turn; what the
    /// movement phase carries out unless morale holds the stand back.
    pub order: Order,
    /// Gone off the table while ineffective or fleeing: out of every enemy
    /// weapon's reach, or carried off by its withdrawing group. No longer a
    /// target; its state still says how it ended.
    pub off_table: bool,
}

/// The move an attacker is given in the orders phase. It stands for the
/// turn: a stand's morale may stop it, but losses elsewhere in the turn do
/// not change it (orders change only by an officer's whole turn, BiA L271).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    Stay,
    /// A bound towards the enemy, by its tactical move, to the 5 cm band.
    Bound,
    /// Into the enemy position from the 5 cm band.
    GoIn,
}

/// Where a target's share of the firing modifiers sits in `Piece::target_mod`.
pub fn target_mod_index(cover: Cover, moving: bool, non_tactical: bool, blast: bool) -> usize {
    (cover as usize) * 8
        + usize::from(moving) * 4
        + usize::from(non_tactical) * 2
        + usize::from(blast)
}

impl Piece {
    pub fn new(s: &StandSetup, role: Role, command: usize, range: i64, cover: Cover) -> Piece {
        let training = effective_training(s.training, s.actions);
        // The campaign works out the number, every factor included (SPEC 4.4).
        let morale = i64::from(s.morale.morale);
        let is_vehicle = s.stand_type == StandType::Vehicle;
        let is_aircraft = s.stand_type == StandType::Aircraft;
        // An aircraft's multi-cannon strafes on the vehicle cannon's line
        // (BiA L480 gives it none of its own on the range table).
        let ground_weapon = match s.weapon {
            Some(Weapon::MultiCannon) if is_aircraft => Some(Weapon::VehCannon),
            w => w,
        };
        let weapon_line = ground_weapon.and_then(|w| line(w).ok());
        let (tactical_move, _) = moves(mover(s.stand_type, s.equipment, s.vehicle));
        let experience = experience(training, s.actions);
        let on_foot = !is_vehicle && !is_aircraft;
        let effects = hit_row(s.stand_type, s.training, s.equipment).effects();
        Piece {
            role,
            command,
            kind: s.stand_type,
            on_foot,
            militia: matches!(
                hit_row(s.stand_type, s.training, s.equipment),
                HitRow::Militia | HitRow::Civilians | HitRow::Recruits
            ),
            is_vehicle,
            is_aircraft,
            vehicle: s.vehicle,
            armour: s.vehicle.map(armour_value).unwrap_or(0),
            equipment: s.equipment,
            training,
            experience,
            weapon: s.weapon,
            line: weapon_line,
            pen_max: weapon_line
                .and_then(|l| l.cells.iter().flatten().filter_map(|c| c.pen).max())
                .map(|p| i8::try_from(p).expect("penetration fits a byte")),
            blast: weapon_line.is_some_and(|l| l.blast),
            reach: ground_weapon.and_then(|w| max_range(w).ok()).unwrap_or(0),
            pen_reach: weapon_line.map_or(0, |l| {
                BANDS
                    .iter()
                    .zip(l.cells)
                    .filter(|(_, c)| c.is_some_and(|c| c.pen.is_some()))
                    .map(|(b, _)| *b)
                    .max()
                    .unwrap_or(0)
            }),
            // Gun crews (artillery) keep to their guns.
            ad: s.weapon.and_then(|w| {
                if on_foot && s.stand_type != StandType::Artillery {
                    foot_system(s.equipment, w)
                } else {
                    system_of(w)
                }
            }),
            speed: s.speed.unwrap_or(AircraftSpeed::Slow),
            officers: i64::from(s.officer),
            morale,
            ineffective_at: effects.ineffective,
            destroyed_at: effects.destroyed,
            tactical_move,
            people: (s.men - s.hits).max(0),
            hits_before: s.hits,
            hits: 0,
            ammo: s.ammo,
            ammo_spent: 0,
            fired: false,
            fired_now: false,
            under_fire: false,
            test_pending: 0,
            tested: 0,
            state: if s.stand_type == StandType::Artillery && s.flags.contains(&UnitFlag::Orbital) {
                State::InOrbit
            } else {
                State::Fighting
            },
            posture: if role == Role::Attacker {
                Posture::Advance
            } else {
                Posture::Hold
            },
            moved: false,
            retired: false,
            order: Order::Stay,
            off_table: false,
            non_tactical: false,
            shelled: false,
            dist: if role == Role::Attacker { range } else { 0 },
            back: if indirect(s.stand_type, s.weapon) {
                ARTILLERY_BACK_CM
            } else {
                0
            },
            cover: if role == Role::Defender {
                cover
            } else {
                Cover::Open
            },
            knockout: None,
            host: None,
            escort: 0,
            air_attacked: false,
            evasive: false,
            captured: 0,
            firer_mod: [0; 2],
            target_mod: [0; 24],
        }
        .with_modifier_shares()
    }

    /// Works out the stand's share of every shot's modifiers, as firer and as
    /// target, once for the battle.
    fn with_modifier_shares(mut self) -> Piece {
        // The figures with a stand are added shot by shot (`escort`).
        debug_assert_eq!(self.escort, 0);
        let byte = |total: i64| i8::try_from(total).expect("a stand's modifiers fit a byte");
        self.firer_mod = [false, true].map(|moving| byte(firer_total(&self.as_firer(moving))));
        for cover in Cover::ALL.iter().copied() {
            for b in 0..8 {
                let (moving, non_tactical, blast) = (b & 4 != 0, b & 2 != 0, b & 1 != 0);
                let t = self.as_target(cover, moving, non_tactical);
                self.target_mod[target_mod_index(cover, moving, non_tactical, blast)] =
                    byte(target_total(&t, blast));
            }
        }
        self
    }

    /// The stand as the firing rules see a firer.
    pub fn as_firer(&self, moving: bool) -> Firer {
        Firer {
            training: self.training,
            experience: self.experience,
            on_foot: self.on_foot,
            equipment: self.equipment,
            moving,
            officers: self.officers + i64::from(self.escort),
        }
    }

    /// The stand as the firing rules see a target in `cover`.
    pub fn as_target(&self, cover: Cover, moving: bool, non_tactical: bool) -> Target {
        Target {
            training: self.training,
            experience: self.experience,
            on_foot: self.on_foot,
            is_vehicle: self.is_vehicle,
            is_aircraft: self.is_aircraft,
            equipment: self.equipment,
            cover,
            moving,
            non_tactical,
            chaff: false,
            locked_on: false,
            evasive: self.evasive,
        }
    }

    pub fn in_orbit(&self) -> bool {
        self.state == State::InOrbit
    }

    pub fn fighting(&self) -> bool {
        self.state == State::Fighting
    }

    /// Still on the table and a possible target: fighting, or going back
    /// ineffective or fleeing.
    pub fn on_field(&self) -> bool {
        match self.state {
            State::Fighting => true,
            State::Ineffective | State::Fled => !self.off_table,
            _ => false,
        }
    }

    /// Where the stand is, as the end of a battle counts it.
    pub fn fate(&self) -> Fate {
        match self.state {
            State::Fighting => Fate::Fighting,
            State::InOrbit => Fate::Reserve,
            State::Left => Fate::Left,
            State::Fled => Fate::Fled,
            State::Captured => Fate::Captured,
            State::Ineffective => Fate::Ineffective,
            State::Destroyed => Fate::Destroyed,
        }
    }

    /// The campaign status the battle leaves it in.
    pub fn status(&self) -> Status {
        self.fate().status()
    }

    /// Hits the stand can still take before it is ineffective: its share of
    /// its group's strength for the casualty thresholds.
    pub fn strength(&self) -> i64 {
        group_morale::strength_share(self.ineffective_at, self.hits_before, self.people)
    }

    /// Casualties as the group's thresholds count them: people hit or taken,
    /// up to the stand's strength, so hits on a stand already out of the
    /// fight, or a squad that surrenders, cost its group that squad's
    /// fighting strength and no more.
    pub fn losses(&self) -> i64 {
        group_morale::counted_losses(self.casualties(), self.strength())
    }

    /// Casualties for morale: people hit, or taken prisoner unhurt.
    pub fn casualties(&self) -> i64 {
        self.hits.max(self.captured.min(self.people))
    }

    pub fn has_tested(&self, t: Trigger) -> bool {
        self.tested & t.bit() != 0
    }

    /// Calls for a test at the next morale phase, unless this trigger was
    /// tested before.
    pub fn call_test(&mut self, t: Trigger) {
        if !self.has_tested(t) {
            self.test_pending |= t.bit();
        }
    }

    /// The test due now, if any: one roll answers every trigger that came up
    /// since the last morale phase, named by the first in BiA's list.
    pub fn take_test(&mut self) -> Option<Trigger> {
        let due = self.test_pending;
        self.test_pending = 0;
        self.tested |= due;
        [
            Trigger::FirstFire,
            Trigger::EnterPosition,
            Trigger::FirstHandToHand,
        ]
        .into_iter()
        .find(|t| due & t.bit() != 0)
    }

    pub fn test_due(&self) -> bool {
        self.test_pending != 0
    }

    /// Hard infantry: people in HMA or MA.
    pub fn hard(&self) -> bool {
        self.on_foot && matches!(self.equipment, Some(Equipment::Hma | Equipment::Ma))
    }

    /// An armoured personnel carrier (light track or hoverbus), as "in APC"
    /// and "enemy in HMA/APC" read it.
    pub fn apc(&self) -> bool {
        self.is_vehicle
            && matches!(
                self.vehicle,
                Some(VehicleKind::LightTrack | VehicleKind::Hoverbus)
            )
    }

    /// Whether this piece's weapon can ever hurt `target` (see `armour::can_harm`).
    pub fn can_hurt(&self, target: &Piece) -> bool {
        if self.weapon.is_none() {
            return false;
        }
        if target.is_aircraft {
            // Aircraft only through the air-defence table.
            return self.ad.is_some();
        }
        if self.line.is_none() {
            // An air-defence weapon engages nothing on the ground.
            return false;
        }
        // BiA's rule (`BiaProfile::harms`) with the weapon's best penetration.
        let civilian = self.equipment == Some(Equipment::CivilianWeapons);
        BiaProfile::harms(
            self.pen_max.map(i64::from),
            civilian,
            target.armour,
            target.hard(),
        )
    }

    /// Whether a hit from `range` cm could go through `armour` (a roll of 10
    /// plus the band's penetration beats it).
    pub fn penetrates_at(&self, range: i64, armour: i64) -> bool {
        let pen = band_index(range)
            .and_then(|b| self.line.and_then(|l| l.cells[b]))
            .and_then(|c| c.pen);
        armour > 0 && pen.is_some_and(|p| 10 + p > armour)
    }

    /// Weapons with penetration prefer armoured targets.
    pub fn anti_armour(&self) -> bool {
        self.pen_max.is_some_and(|p| p >= 2)
    }
}

#[cfg(test)]
mod tests {
    use super::Piece;
    use crate::battle::result::Role;
    use crate::battle::setup::{MoraleNumber, StandSetup};
    use crate::core::kinds::{Cover, Training};

    fn lta_squad(hits_carried: i64) -> Piece {
        let s = StandSetup {
            training: Training::Trained,
            actions: 0,
            hits: hits_carried,
            morale: MoraleNumber {
                base: 4,
                factors: vec![],
                unclamped: 4,
                morale: 4,
            },
            ..StandSetup::example("s")
        };
        Piece::new(&s, Role::Defender, 0, 60, Cover::Cover)
    }

    #[test]
    fn strength_is_the_hits_left_before_ineffective() {
        // LTA: ineffective at 2 hits (BiA Hit Effects).
        assert_eq!(lta_squad(0).strength(), 2);
        assert_eq!(lta_squad(1).strength(), 1);
        assert_eq!(lta_squad(3).strength(), 0);
    }

    #[test]
    fn losses_count_hits_and_prisoners_only_up_to_the_stand_s_strength() {
        let mut p = lta_squad(0);
        p.hits = 1;
        assert_eq!(p.losses(), 1, "a fresh hit counts");
        p.hits = 3;
        assert_eq!(
            p.losses(),
            2,
            "hits on a stand already out are no fresh loss"
        );
        let mut p = lta_squad(0);
        p.hits = 1;
        p.captured = 8;
        assert_eq!(p.casualties(), 8, "all eight taken, the wounded one too");
        assert_eq!(p.losses(), 2, "a surrender costs the squad's strength");
    }

    /// A militia command of 26: three sections of eight (ineffective at 3
    /// hits) and two one-man commanders; strength 3 + 3 + 3 + 1 + 1 = 11.
    fn militia_command() -> Vec<Piece> {
        use crate::core::kinds::{Equipment, StandType, Weapon};
        let section = StandSetup {
            training: Training::Trained,
            equipment: Some(Equipment::AssaultRifles),
            weapon: Some(Weapon::Rifles),
            ..StandSetup::example("s")
        };
        let officer = StandSetup {
            stand_type: StandType::Commander,
            men: 1,
            officer: true,
            ..section.clone()
        };
        [&section, &section, &section, &officer, &officer]
            .map(|s| Piece::new(s, Role::Defender, 0, 60, Cover::Cover))
            .to_vec()
    }

    #[test]
    fn a_26_man_militia_command_is_not_at_three_quarters_after_9_hits_on_one_section_and_another() {
        use crate::battle::group_morale::{Group, Member, Threshold};
        let mut pieces = militia_command();
        let members: Vec<Member> = pieces
            .iter()
            .map(|p| Member {
                morale: 5,
                people: p.people,
                strength: p.strength(),
            })
            .collect();
        let group = Group::of(Role::Defender, &members);
        assert_eq!((group.people, group.strength), (26, 11));
        // Nine casualties: the first section destroyed (8 hits), one hit on
        // the second. The first section is out: its share of 3 is lost, the
        // five hits beyond are not fresh losses.
        pieces[0].hits = 8;
        pieces[1].hits = 1;
        let losses: i64 = pieces.iter().map(Piece::losses).sum();
        assert_eq!(losses, 4);
        assert_eq!(group.due(losses).map(|(t, _)| t), Some(Threshold::First));
        // Three sections out (ineffective at 3 each) is three-quarters of
        // what the command can take: 9 of 11.
        pieces[1].hits = 3;
        pieces[2].hits = 3;
        let losses: i64 = pieces.iter().map(Piece::losses).sum();
        assert_eq!(
            group.due(losses).map(|(t, _)| t),
            Some(Threshold::ThreeQuarters)
        );
    }

    #[test]
    fn a_piece_is_four_cache_lines_laid_out_by_who_reads_them() {
        assert_eq!(std::mem::size_of::<Piece>(), 256);
        assert_eq!(std::mem::offset_of!(Piece, line), 64);
        assert_eq!(std::mem::offset_of!(Piece, armour), 128);
        assert!(std::mem::offset_of!(Piece, knockout) < 192);
    }
}
