//! The report as plain text with tables, for the terminal and for printing
//! between sessions.

use std::fmt::Write;

use tabled::builder::Builder;
use tabled::settings::Style;

use super::model::*;

fn table(header: &[&str], rows: impl IntoIterator<Item = Vec<String>>) -> String {
    let mut b = Builder::default();
    b.push_record(header.iter().map(|h| h.to_string()));
    for r in rows {
        b.push_record(r);
    }
    let mut t = b.build();
    t.with(Style::sharp());
    t.to_string()
}

/// In-game times are stored ISO-style; people read them with a space.
pub fn when(t: &str) -> String {
    t.replacen('T', " ", 1)
}

/// One side's losses in a battle, e.g. `ifu 2/5 lost, 7 hits`.
pub fn losses(s: &BattleSide) -> String {
    format!(
        "{} {}/{} lost, {} hits",
        s.side, s.stands_lost, s.stands, s.hits_taken
    )
}

/// Both sides' losses in a battle, or a dash before it is fought.
pub fn battle_losses(b: &BattleReport) -> String {
    if b.status != "resolved" {
        return "-".into();
    }
    b.sides.iter().map(losses).collect::<Vec<_>>().join("; ")
}

pub fn render(r: &Report) -> String {
    let mut out = String::new();
    let view = r.view_words();
    let _ = writeln!(
        out,
        "{} — {} ({view}; default ruleset {})\n",
        r.campaign.name,
        when(&r.campaign.clock),
        r.campaign.ruleset
    );

    for s in &r.sides {
        let _ = writeln!(
            out,
            "Side {} — {}: medical {}, depot {} supply points{}",
            s.code,
            s.name,
            s.medical,
            s.supply_points,
            if s.treats_pw_well {
                ", treats prisoners well"
            } else {
                ""
            }
        );
        for d in &s.pending_deliveries {
            let _ = writeln!(
                out,
                "  on the way: {} supply points, arriving {}",
                d.points,
                d.arrives_at.as_deref().map(when).unwrap_or_default()
            );
        }
        let _ = writeln!(out, "Strength");
        out.push_str(&table(
            &[
                "command",
                "player",
                "stands",
                "effective",
                "ineffective",
                "destroyed",
                "other",
                "damaged",
                "men",
                "hits",
                "in hospital",
            ],
            s.commands.iter().map(|c| {
                let st = &c.strength;
                vec![
                    c.code.clone(),
                    c.player.clone(),
                    st.stands.to_string(),
                    st.effective.to_string(),
                    st.ineffective.to_string(),
                    st.destroyed.to_string(),
                    st.other.to_string(),
                    st.damaged.to_string(),
                    st.men.to_string(),
                    st.hits.to_string(),
                    st.in_hospital.to_string(),
                ]
            }),
        ));
        let _ = writeln!(out, "\nExperience, morale and supply");
        out.push_str(&table(
            &[
                "command",
                "raw",
                "novice",
                "experienced",
                "seasoned",
                "veteran",
                "morale",
                "officers",
                "supply",
                "contact",
                "ammo",
                "low ammo",
            ],
            s.commands.iter().map(|c| {
                let e = &c.experience;
                vec![
                    c.code.clone(),
                    e.raw.to_string(),
                    e.novice.to_string(),
                    e.experienced.to_string(),
                    e.seasoned.to_string(),
                    e.veteran.to_string(),
                    c.morale
                        .map(|m| {
                            if m.best == m.worst {
                                m.best.to_string()
                            } else {
                                format!("{}–{}", m.best, m.worst)
                            }
                        })
                        .unwrap_or_else(|| "-".into()),
                    c.officers.clone(),
                    c.supply.clone(),
                    c.contact.clone(),
                    format!("{}/{}", c.ammo.carried, c.ammo.full),
                    c.ammo.low_stands.to_string(),
                ]
            }),
        ));
        out.push_str("\n\n");
    }

    if r.side.is_some() {
        let whose = if r.command.is_some() {
            "Our command's stands"
        } else {
            "Our stands"
        };
        let _ = writeln!(out, "{whose}");
        out.push_str(&table(
            &OwnStand::HEADER,
            r.stands.iter().map(OwnStand::cells),
        ));
        out.push_str("\n\n");
        let met = if r.command.is_some() {
            "Enemy stands our command met in battle, as last seen"
        } else {
            "Enemy stands met in battle, as last seen"
        };
        let _ = writeln!(out, "{met}");
        if r.enemy_seen.is_empty() {
            let _ = writeln!(out, "None yet.");
        } else {
            out.push_str(&table(
                &["stand", "side", "status", "last seen in", "at"],
                r.enemy_seen.iter().map(|e| {
                    vec![
                        e.code.clone(),
                        e.side.clone(),
                        e.status.clone(),
                        e.battle.clone(),
                        when(&e.at),
                    ]
                }),
            ));
            out.push('\n');
        }
        out.push('\n');
    }

    let _ = writeln!(out, "Chains of linked battles");
    if r.chains.is_empty() {
        let _ = writeln!(out, "No battles yet.");
    }
    for c in &r.chains {
        let _ = writeln!(out, "Chain {} ({} battles)", c.code, c.battles.len());
        out.push_str(&table(
            &["battle", "at", "ruleset", "winner", "turns", "losses"],
            c.battles
                .iter()
                .filter_map(|code| r.battles.iter().find(|b| &b.code == code))
                .map(|b| {
                    vec![
                        format!("{} ({})", b.code, b.name),
                        when(&b.at),
                        b.ruleset.clone(),
                        match (&b.winner, &b.winner_side) {
                            (Some(w), Some(s)) => format!("{w} ({s})"),
                            (Some(w), None) => w.clone(),
                            _ => b.status.clone(),
                        },
                        b.turns.map(|t| t.to_string()).unwrap_or_else(|| "-".into()),
                        battle_losses(b),
                    ]
                }),
        ));
        out.push('\n');
    }

    let _ = writeln!(out, "\nCasualties by battle");
    let fought: Vec<&BattleReport> = r
        .battles
        .iter()
        .filter(|b| b.status == "resolved")
        .collect();
    if fought.is_empty() {
        let _ = writeln!(out, "No battles fought yet.");
    } else {
        let mut header = vec!["battle", "side"];
        header.extend(Severities::NAMES);
        header.push("total");
        out.push_str(&table(
            &header,
            fought.iter().flat_map(|b| {
                b.sides.iter().filter_map(|s| {
                    let c = s.casualties?;
                    let mut row = vec![b.code.clone(), s.side.clone()];
                    row.extend(c.values().iter().map(|v| v.to_string()));
                    row.push(c.total().to_string());
                    Some(row)
                })
            }),
        ));
        out.push('\n');
    }

    let _ = writeln!(out, "\nReturns due from hospital");
    if r.returns_due.is_empty() {
        let _ = writeln!(out, "Nobody in hospital.");
    } else {
        out.push_str(&table(
            &["returns", "side", "command", "people"],
            r.returns_due.iter().map(|d| {
                vec![
                    d.returns_at
                        .as_deref()
                        .map(when)
                        .unwrap_or_else(|| "-".into()),
                    d.side.clone(),
                    d.command.clone(),
                    d.people.to_string(),
                ]
            }),
        ));
        out.push('\n');
    }

    if r.side.is_none() {
        let _ = writeln!(out, "\nLatest changes");
        out.push_str(&table(
            &["#", "when (wall clock)", "command", "summary"],
            r.journal.iter().map(|j| {
                vec![
                    j.id.to_string(),
                    j.at.clone(),
                    j.command.clone(),
                    j.summary.clone(),
                ]
            }),
        ));
        out.push('\n');
    }
    out
}
