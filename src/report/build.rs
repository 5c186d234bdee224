//! Assembles the report from whole-campaign reads. Everything is joined in
//! memory with maps keyed by code, so the cost grows with the number of rows
//! read and never with a query per stand or per battle.

use std::collections::{BTreeMap, HashMap, HashSet};

use super::model::*;
use crate::campaign::derived::{effective_training, experience};
use crate::campaign::derived::{morale, MoraleContext};
use crate::core::kinds::{Experience, Status, UnitFlag};
use crate::store::queries::{self, SideRow};
use crate::store::report as q;
use crate::store::{Store, StoreError};

/// How many journal entries the umpire's report shows.
pub const JOURNAL_ENTRIES: usize = 10;

/// Statuses of stands that have left the campaign for good.
fn gone(status: Status) -> bool {
    matches!(
        status,
        Status::Destroyed | Status::Captured | Status::Retired
    )
}

/// Whose report: the umpire's (everything), a side's (what the side knows)
/// or one player's (their command in full, what their side knows, and of
/// the enemy only what their own stands met).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View<'a> {
    Umpire,
    Side(&'a str),
    Command(&'a str),
}

impl<'a> View<'a> {
    /// The umpire's view, or the side named.
    pub fn of_side(side: Option<&'a str>) -> Self {
        side.map_or(View::Umpire, View::Side)
    }
}

/// The report for one view. An unknown side or command is refused by name.
pub fn build(store: &Store, view: View<'_>) -> Result<Report, StoreError> {
    let conn = store.conn();
    let campaign = q::campaign(conn)?;
    let sides = queries::sides(conn)?;
    let commands = q::commands(conn)?;
    let command_side;
    let (side, command) = match view {
        View::Umpire => (None, None),
        View::Side(s) => {
            if !sides.iter().any(|x| x.code == s) {
                return Err(StoreError::unknown("side", s));
            }
            (Some(s), None)
        }
        View::Command(c) => {
            command_side = commands
                .iter()
                .find(|x| x.code == c)
                .map(|x| x.side.clone())
                .ok_or_else(|| StoreError::unknown("command", c))?;
            (Some(command_side.as_str()), Some(c))
        }
    };
    let own = |code: &str| side.is_none_or(|s| s == code);
    let units = q::units(conn)?;
    let stands = q::stands(conn)?;
    let deliveries = q::pending_deliveries(conn)?;
    let battles = q::battles(conn)?;
    let parts = q::parts(conn)?;
    let force_sides = q::force_sides(conn)?;
    let severities = q::casualties_by_battle(conn)?;
    let returns = q::returns_due(conn)?;

    // Morale context pieces: flags inherited down the unit tree, and each
    // command's and side's states.
    let unit_flags = inherited_flags(&units);
    let cmd_by_code: HashMap<&str, &q::CommandRow> =
        commands.iter().map(|c| (c.code.as_str(), c)).collect();
    let side_by_code: HashMap<&str, &SideRow> =
        sides.iter().map(|s| (s.code.as_str(), s)).collect();

    let mut in_hospital: HashMap<&str, i64> = HashMap::new();
    for r in &returns {
        *in_hospital.entry(r.command.as_str()).or_default() += r.people;
    }

    #[derive(Default)]
    struct Tally {
        strength: Strength,
        experience: ExperienceCounts,
        morale: Option<MoraleRange>,
        ammo: Ammo,
    }
    let mut tallies: HashMap<&str, Tally> = HashMap::new();
    for row in &stands {
        if !own(&row.side) {
            continue;
        }
        let s = &row.record;
        let t = tallies.entry(row.command.as_str()).or_default();
        let st = &mut t.strength;
        st.stands += 1;
        match s.status {
            Status::Effective => {
                st.effective += 1;
                // Damaged or immobilised in battle, not yet repaired.
                if s.repair_until.is_some() {
                    st.damaged += 1;
                }
            }
            Status::Ineffective => st.ineffective += 1,
            Status::Destroyed => st.destroyed += 1,
            _ => st.other += 1,
        }
        st.men += s.men;
        st.hits += s.hits;
        if gone(s.status) {
            continue;
        }
        let level = experience(effective_training(s.training, s.actions), s.actions);
        match level {
            Experience::Raw => t.experience.raw += 1,
            Experience::Novice => t.experience.novice += 1,
            Experience::Experienced => t.experience.experienced += 1,
            Experience::Seasoned => t.experience.seasoned += 1,
            Experience::Veteran => t.experience.veteran += 1,
        }
        let (ammo, full) = (s.ammo.unwrap_or(0), s.ammo_max.unwrap_or(0));
        t.ammo.carried += ammo;
        t.ammo.full += full;
        if ammo == 0 && full > 0 {
            t.ammo.empty_stands += 1;
        }
        if crate::campaign::derived::low_ammo(s) {
            t.ammo.low_stands += 1;
        }
        let ctx = cmd_by_code.get(row.command.as_str()).and_then(|c| {
            morale_context(
                c,
                side_by_code.get(row.side.as_str())?,
                &sides,
                unit_flags.get(s.unit.as_str()),
            )
        });
        if let Some(m) = ctx.and_then(|ctx| morale(s, &ctx).ok()) {
            let r = t.morale.get_or_insert(MoraleRange {
                best: m.morale,
                worst: m.morale,
            });
            r.best = r.best.min(m.morale);
            r.worst = r.worst.max(m.morale);
        }
    }

    let mut side_reports = Vec::new();
    for s in sides.iter().filter(|s| own(&s.code)) {
        let mut strength = Strength::default();
        let mut exp = ExperienceCounts::default();
        let mut cmds = Vec::new();
        for c in commands.iter().filter(|c| c.side == s.code) {
            let t = tallies.remove(c.code.as_str()).unwrap_or_default();
            let mut st = t.strength;
            st.in_hospital = in_hospital.get(c.code.as_str()).copied().unwrap_or(0);
            strength.add(&st);
            exp.add(&t.experience);
            cmds.push(CommandReport {
                code: c.code.clone(),
                name: c.name.clone(),
                player: c.player.clone(),
                officers: c.officers.clone(),
                supply: c.supply.clone(),
                contact: c.contact.clone(),
                strength: st,
                experience: t.experience,
                morale: t.morale,
                ammo: t.ammo,
            });
        }
        side_reports.push(SideReport {
            code: s.code.clone(),
            name: s.name.clone(),
            medical: s.medical.to_string(),
            treats_pw_well: s.treats_pw_well,
            supply_points: s.supply_points,
            pending_deliveries: deliveries
                .iter()
                .filter(|d| d.side == s.code)
                .map(|d| Delivery {
                    points: d.points,
                    arrives_at: d.arrives_at.clone(),
                })
                .collect(),
            strength,
            experience: exp,
            commands: cmds,
        });
    }

    // Which battles the viewer may see: all for the umpire; for a side, those
    // its stands fought in, and the planned attacks that are its own orders. A
    // defender does not learn of an attack before it comes.
    let planned: HashSet<&str> = battles
        .iter()
        .filter(|b| b.status != "resolved")
        .map(|b| b.code.as_str())
        .collect();
    let mut visible: HashSet<&str> = HashSet::new();
    for p in &parts {
        if own(&p.side) {
            visible.insert(&p.battle);
        }
    }
    for f in &force_sides {
        if own(&f.side) && f.role == "attacker" && planned.contains(f.battle.as_str()) {
            visible.insert(&f.battle);
        }
    }
    if side.is_none() {
        visible.extend(battles.iter().map(|b| b.code.as_str()));
    }

    let mut per_battle: HashMap<&str, Vec<BattleSide>> = HashMap::new();
    for f in &force_sides {
        let list = per_battle.entry(f.battle.as_str()).or_default();
        if !list.iter().any(|x| x.side == f.side) {
            list.push(BattleSide {
                side: f.side.clone(),
                role: f.role.clone(),
                stands: 0,
                stands_lost: 0,
                hits_taken: 0,
                casualties: None,
            });
        }
    }
    for p in &parts {
        let list = per_battle.entry(p.battle.as_str()).or_default();
        let i = match list.iter().position(|x| x.side == p.side) {
            Some(i) => i,
            None => {
                list.push(BattleSide {
                    side: p.side.clone(),
                    role: p.role.clone(),
                    stands: 0,
                    stands_lost: 0,
                    hits_taken: 0,
                    casualties: None,
                });
                list.len() - 1
            }
        };
        let bs = &mut list[i];
        bs.role = p.role.clone();
        bs.stands += 1;
        bs.hits_taken += p.hits_taken;
        if p.status_after != Status::Effective.as_str() {
            bs.stands_lost += 1;
        }
    }
    for list in per_battle.values_mut() {
        list.sort_by_key(|x| x.role != "attacker");
        for bs in list.iter_mut() {
            if own(&bs.side) {
                bs.casualties = Some(Severities::default());
            }
        }
    }
    for c in &severities {
        if !own(&c.side) {
            continue;
        }
        if let Some(list) = per_battle.get_mut(c.battle.as_str()) {
            if let Some(bs) = list.iter_mut().find(|x| x.side == c.side) {
                bs.casualties
                    .get_or_insert_with(Severities::default)
                    .count(&c.severity, c.count);
            }
        }
    }

    // Chains: every battle belongs to the chain of the first battle reached by
    // following `after` back.
    let after_of: HashMap<&str, Option<&str>> = battles
        .iter()
        .map(|b| (b.code.as_str(), b.after.as_deref()))
        .collect();
    let root_of = |code: &str| -> String {
        let mut cur = code;
        let mut seen = HashSet::new();
        while let Some(Some(prev)) = after_of.get(cur) {
            if !seen.insert(cur) || !after_of.contains_key(prev) {
                break;
            }
            cur = prev;
        }
        cur.to_string()
    };
    let mut chain_order: Vec<String> = Vec::new();
    let mut chain_members: HashMap<String, Vec<String>> = HashMap::new();
    let mut battle_reports = Vec::new();
    for b in battles.iter().filter(|b| visible.contains(b.code.as_str())) {
        let root = root_of(&b.code);
        let members = chain_members.entry(root.clone()).or_insert_with(|| {
            chain_order.push(root.clone());
            Vec::new()
        });
        members.push(b.code.clone());
        let sides_in = per_battle.remove(b.code.as_str()).unwrap_or_default();
        let winner_side = b.winner.as_deref().and_then(|w| {
            sides_in
                .iter()
                .find(|s| s.role == w)
                .map(|s| s.side.clone())
        });
        battle_reports.push(BattleReport {
            code: b.code.clone(),
            name: b.name.clone(),
            at: b.at.clone(),
            ended_at: b.ended_at.clone(),
            ruleset: b.ruleset.clone(),
            status: b.status.clone(),
            after: b.after.clone().filter(|a| visible.contains(a.as_str())),
            chain: root,
            winner: b.winner.clone(),
            winner_side,
            turns: b.turns,
            end_reason: b.end_reason.clone(),
            sides: sides_in,
        });
    }
    // A side that did not see a chain's first battle knows the chain by the
    // first battle of it that it did see.
    let mut chains = Vec::new();
    for root in chain_order {
        let members = chain_members.remove(&root).unwrap_or_default();
        let code = members.first().cloned().unwrap_or(root.clone());
        if code != root {
            for b in battle_reports.iter_mut().filter(|b| b.chain == root) {
                b.chain = code.clone();
            }
        }
        chains.push(Chain {
            code,
            battles: members,
        });
    }

    let enemy_seen = match side {
        None => Vec::new(),
        Some(s) => enemy_seen(&parts, &battles, s, command),
    };
    let own_stands = match view {
        View::Umpire => Vec::new(),
        _ => stands
            .iter()
            .filter(|r| own(&r.side) && command.is_none_or(|c| c == r.command))
            .map(|r| {
                let s = &r.record;
                let ctx = cmd_by_code.get(r.command.as_str()).and_then(|c| {
                    morale_context(
                        c,
                        side_by_code.get(r.side.as_str())?,
                        &sides,
                        unit_flags.get(s.unit.as_str()),
                    )
                });
                OwnStand {
                    code: s.code.clone(),
                    name: s.name.clone(),
                    command: r.command.clone(),
                    unit: s.unit.clone(),
                    stand_type: s.stand_type.to_string(),
                    training: effective_training(s.training, s.actions).to_string(),
                    experience: experience(effective_training(s.training, s.actions), s.actions)
                        .to_string(),
                    men: s.men,
                    hits: s.hits,
                    status: s.status.to_string(),
                    weapon: s.weapon.map(|w| w.to_string()),
                    ammo: s.ammo.unwrap_or(0),
                    ammo_max: s.ammo_max.unwrap_or(0),
                    morale: if gone(s.status) {
                        None
                    } else {
                        ctx.and_then(|ctx| morale(s, &ctx).ok()).map(|m| m.morale)
                    },
                }
            })
            .collect(),
    };

    let strength_history = strength_history(&stands, &parts, &battles, &campaign.clock, &own);

    let returns_due = returns
        .iter()
        .filter(|r| own(&r.side))
        .map(|r| ReturnDue {
            side: r.side.clone(),
            command: r.command.clone(),
            returns_at: r.returns_at.clone(),
            people: r.people,
        })
        .collect();

    let journal = if side.is_some() {
        Vec::new()
    } else {
        q::journal(conn, JOURNAL_ENTRIES)?
            .into_iter()
            .map(|j| JournalEntry {
                id: j.id,
                at: j.at,
                command: j.command,
                summary: j.summary,
            })
            .collect()
    };

    Ok(Report {
        campaign: CampaignPart {
            name: campaign.name,
            clock: campaign.clock,
            ruleset: campaign.ruleset,
        },
        side: side.map(String::from),
        command: command.map(String::from),
        stands: own_stands,
        sides: side_reports,
        enemy_seen,
        battles: battle_reports,
        chains,
        strength_history,
        returns_due,
        journal,
    })
}

/// Each unit's flags together with those of every unit above it.
fn inherited_flags(units: &[q::UnitRow]) -> HashMap<&str, Vec<UnitFlag>> {
    let by_code: HashMap<&str, &q::UnitRow> = units.iter().map(|u| (u.code.as_str(), u)).collect();
    let mut out = HashMap::new();
    for u in units {
        let mut flags: Vec<UnitFlag> = Vec::new();
        let mut cur = Some(u);
        let mut steps = 0;
        while let Some(unit) = cur {
            for f in unit.flags.split(',').filter(|f| !f.is_empty()) {
                if let Ok(flag) = f.parse::<UnitFlag>() {
                    if !flags.contains(&flag) {
                        flags.push(flag);
                    }
                }
            }
            steps += 1;
            // A damaged file with a loop in the tree must not hang the report.
            if steps > units.len() {
                break;
            }
            cur = unit.parent.as_deref().and_then(|p| by_code.get(p).copied());
        }
        out.insert(u.code.as_str(), flags);
    }
    out
}

fn morale_context(
    c: &q::CommandRow,
    s: &SideRow,
    sides: &[SideRow],
    flags: Option<&Vec<UnitFlag>>,
) -> Option<MoraleContext> {
    let others: Vec<&SideRow> = sides.iter().filter(|o| o.code != s.code).collect();
    Some(MoraleContext {
        flags: flags.cloned().unwrap_or_default(),
        officers: c.officers.parse().ok()?,
        supply: c.supply.parse().ok()?,
        contact: c.contact.parse().ok()?,
        medical: s.medical,
        enemy_treats_pw_well: crate::campaign::morale::enemy_treats_pw_well(
            &others.iter().map(|o| o.treats_pw_well).collect::<Vec<_>>(),
        ),
    })
}

/// Enemy stands that fought in a battle where the side had stands (with
/// `command`, where that command had stands: a player sees only what their
/// own stands met), each with its status after the latest such battle.
fn enemy_seen(
    parts: &[q::PartRow],
    battles: &[q::BattleRow],
    side: &str,
    command: Option<&str>,
) -> Vec<SeenStand> {
    let at: HashMap<&str, &str> = battles
        .iter()
        .map(|b| (b.code.as_str(), b.at.as_str()))
        .collect();
    let present: HashSet<&str> = parts
        .iter()
        .filter(|p| p.side == side && command.is_none_or(|c| c == p.command))
        .map(|p| p.battle.as_str())
        .collect();
    // Parts come in campaign order, so a later sighting replaces an earlier one.
    let mut seen: BTreeMap<&str, (usize, SeenStand)> = BTreeMap::new();
    for (i, p) in parts.iter().enumerate() {
        if p.side == side || !present.contains(p.battle.as_str()) {
            continue;
        }
        let first = seen.get(p.stand.as_str()).map(|(i, _)| *i).unwrap_or(i);
        seen.insert(
            &p.stand,
            (
                first,
                SeenStand {
                    code: p.stand.clone(),
                    side: p.side.clone(),
                    status: p.status_after.clone(),
                    battle: p.battle.clone(),
                    at: at.get(p.battle.as_str()).unwrap_or(&"").to_string(),
                },
            ),
        );
    }
    let mut out: Vec<(usize, SeenStand)> = seen.into_values().collect();
    out.sort_by_key(|(i, _)| *i);
    out.into_iter().map(|(_, s)| s).collect()
}

/// Effective stands per command over time, rebuilt from each stand's status
/// after its battles. A stand is taken as effective before its first battle
/// (it was fit to be sent), and a stand that never fought keeps its present
/// status throughout; changes between battles (regrouping, recovery) show in
/// the final point, which is the present state.
fn strength_history(
    stands: &[crate::store::queries::StandRow],
    parts: &[q::PartRow],
    battles: &[q::BattleRow],
    clock: &str,
    own: &dyn Fn(&str) -> bool,
) -> Vec<StrengthLine> {
    let fought: HashSet<&str> = parts.iter().map(|p| p.stand.as_str()).collect();
    let mut status: HashMap<&str, bool> = HashMap::new();
    let mut order: Vec<(&str, &str)> = Vec::new();
    let mut count: HashMap<&str, i64> = HashMap::new();
    for row in stands.iter().filter(|r| own(&r.side)) {
        if !count.contains_key(row.command.as_str()) {
            order.push((row.side.as_str(), row.command.as_str()));
        }
        let eff =
            fought.contains(row.record.code.as_str()) || row.record.status == Status::Effective;
        status.insert(row.record.code.as_str(), eff);
        *count.entry(row.command.as_str()).or_default() += i64::from(eff);
    }
    let start = battles
        .iter()
        .find(|b| b.status == "resolved")
        .map(|b| b.at.as_str())
        .unwrap_or(clock);
    let mut lines: HashMap<&str, Vec<StrengthPoint>> = order
        .iter()
        .map(|(_, c)| {
            (
                *c,
                vec![StrengthPoint {
                    at: start.to_string(),
                    battle: None,
                    effective: count[c],
                }],
            )
        })
        .collect();
    let ended: HashMap<&str, &str> = battles
        .iter()
        .map(|b| {
            (
                b.code.as_str(),
                b.ended_at.as_deref().unwrap_or(b.at.as_str()),
            )
        })
        .collect();
    let mut i = 0;
    while i < parts.len() {
        let battle = parts[i].battle.as_str();
        let mut changed: Vec<&str> = Vec::new();
        while i < parts.len() && parts[i].battle == battle {
            let p = &parts[i];
            i += 1;
            let Some(was) = status.get_mut(p.stand.as_str()) else {
                continue;
            };
            let now = p.status_after == Status::Effective.as_str();
            if *was != now {
                *was = now;
                *count.entry(p.command.as_str()).or_default() += if now { 1 } else { -1 };
                if !changed.contains(&p.command.as_str()) {
                    changed.push(p.command.as_str());
                }
            }
        }
        for c in changed {
            if let Some(line) = lines.get_mut(c) {
                line.push(StrengthPoint {
                    at: ended.get(battle).unwrap_or(&clock).to_string(),
                    battle: Some(battle.to_string()),
                    effective: count[c],
                });
            }
        }
    }
    let mut now: HashMap<&str, i64> = HashMap::new();
    for row in stands.iter().filter(|r| own(&r.side)) {
        *now.entry(row.command.as_str()).or_default() +=
            i64::from(row.record.status == Status::Effective);
    }
    order
        .into_iter()
        .map(|(side, c)| {
            let mut points = lines.remove(c).unwrap_or_default();
            points.push(StrengthPoint {
                at: clock.to_string(),
                battle: None,
                effective: now.get(c).copied().unwrap_or(0),
            });
            StrengthLine {
                side: side.to_string(),
                command: c.to_string(),
                points,
            }
        })
        .collect()
}
