//! The report as one self-contained HTML page: inline CSS and SVG, no scripts,
//! fonts or links to fetch, so it opens from disk, prints, and reads on a phone.
//! maud escapes every value, so names from the campaign file cannot inject
//! markup.

use maud::{html, Markup, PreEscaped, DOCTYPE};

use super::model::*;
use super::svg::{self, Bar, Lane, Mark, Series};
use super::text::{battle_losses, when};
use crate::campaign::records::parse_time;

/// Our own stylesheet; it holds no campaign data. On narrow screens each table
/// row becomes a small card, so nothing needs scrolling sideways.
const CSS: &str = r#"
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0 auto;
  max-width: 60rem; padding: 1rem; line-height: 1.4; color: #1b1b1b; background: #fff;
  overflow-wrap: break-word; }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
h2 { font-size: 1.3rem; border-bottom: 2px solid #ccc; margin-top: 2rem; }
h3 { font-size: 1.05rem; margin-bottom: .25rem; }
.muted { color: #666; fill: #666; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0 1rem; font-size: .9rem; }
th, td { border: 1px solid #ddd; padding: .25rem .4rem; text-align: left; vertical-align: top; }
th { background: #f3f3f3; overflow-wrap: normal; hyphens: auto; }
td { overflow-wrap: anywhere; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
svg.chart { display: block; width: 100%; height: auto; max-width: 100%; }
svg .grid { stroke: #e4e4e4; stroke-width: 1; }
svg .axis { stroke: #999; stroke-width: 2; }
svg .tick { font-size: 11px; fill: #555; }
ul.legend { list-style: none; padding: 0; margin: .25rem 0 1rem; display: flex; flex-wrap: wrap; gap: .25rem 1rem; font-size: .85rem; }
ul.legend li { display: flex; align-items: center; gap: .3rem; }
.swatch { display: inline-block; width: .9rem; height: .9rem; border-radius: 2px; }
figure { margin: 1rem 0; }
figcaption { font-weight: 600; margin-bottom: .25rem; }
@media (max-width: 640px) {
  body { padding: .5rem; }
  table, thead, tbody, tr, th, td { display: block; width: 100%; }
  thead { display: none; }
  tr { border: 1px solid #ccc; margin-bottom: .5rem; }
  td { border: none; border-bottom: 1px solid #eee; text-align: left; }
  td.num { text-align: left; white-space: normal; }
  td::before { content: attr(data-label) ": "; font-weight: 600; color: #444; }
}
@media print {
  body { max-width: none; padding: 0; font-size: 10pt; color: #000; }
  h2 { break-after: avoid; }
  figure, table, tr { break-inside: avoid; }
  th { background: #eee; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .swatch, svg { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
"#;

/// A table whose cells carry their column name, for the card layout on phones.
/// Columns named in `numeric` are right-aligned on wide screens.
fn table(header: &[&str], numeric: &[usize], rows: Vec<Vec<String>>) -> Markup {
    html! {
        table {
            thead { tr { @for h in header { th scope="col" { (h) } } } }
            tbody {
                @for row in &rows {
                    tr {
                        @for (i, cell) in row.iter().enumerate() {
                            td class=[numeric.contains(&i).then_some("num")]
                                data-label=(header.get(i).copied().unwrap_or("")) { (cell) }
                        }
                    }
                }
            }
        }
    }
}

/// From unhurt to lost: pale to dark, captured apart in purple.
const SEVERITY_COLORS: [&str; 7] = [
    "#a6d96a", "#fee08b", "#fdae61", "#f46d43", "#d73027", "#3b0a0a", "#7b3294",
];

/// From raw to veteran: light to dark.
const EXPERIENCE_COLORS: [&str; 5] = ["#deebf7", "#9ecae1", "#4292c6", "#2171b5", "#08306b"];

fn legend(names: &[String], colors: &[&str]) -> Markup {
    html! {
        ul.legend {
            @for (name, c) in names.iter().zip(colors) {
                li { span.swatch style={ "background:" (c) } {} (name) }
            }
        }
    }
}

/// Minutes since an arbitrary epoch, for placing in-game times on an axis.
fn minutes(t: &str) -> Option<f64> {
    parse_time(t)
        .ok()
        .map(|t| t.and_utc().timestamp() as f64 / 60.0)
}

fn side_section(s: &SideReport) -> Markup {
    html! {
        section {
            h2 { "Side " (s.code) " — " (s.name) }
            p {
                "Medical support " (s.medical) "; depot " (s.supply_points) " supply points"
                @if s.treats_pw_well { "; treats prisoners well" }
                "."
                @for d in &s.pending_deliveries {
                    " On the way: " (d.points) " supply points, arriving "
                    (d.arrives_at.as_deref().map(when).unwrap_or_default()) "."
                }
            }
            h3 { "Strength" }
            (table(
                &["command", "name", "player", "stands", "effective", "ineffective", "destroyed",
                  "other", "damaged", "men", "hits", "in hospital"],
                &[3, 4, 5, 6, 7, 8, 9, 10, 11],
                s.commands.iter().map(|c| {
                    let st = &c.strength;
                    vec![c.code.clone(), c.name.clone(), c.player.clone(), st.stands.to_string(),
                         st.effective.to_string(), st.ineffective.to_string(), st.destroyed.to_string(),
                         st.other.to_string(), st.damaged.to_string(), st.men.to_string(),
                         st.hits.to_string(), st.in_hospital.to_string()]
                }).collect(),
            ))
            h3 { "Experience, morale and supply" }
            (table(
                &["command", "raw", "novice", "experienced", "seasoned", "veteran", "morale",
                  "officers", "supply", "contact", "ammo", "low ammo"],
                &[1, 2, 3, 4, 5, 10, 11],
                s.commands.iter().map(|c| {
                    let e = &c.experience;
                    vec![c.code.clone(), e.raw.to_string(), e.novice.to_string(),
                         e.experienced.to_string(), e.seasoned.to_string(), e.veteran.to_string(),
                         c.morale.map(|m| if m.best == m.worst { m.best.to_string() } else { format!("{}–{}", m.best, m.worst) })
                             .unwrap_or_else(|| "-".into()),
                         c.officers.clone(), c.supply.clone(), c.contact.clone(),
                         format!("{}/{}", c.ammo.carried, c.ammo.full), c.ammo.low_stands.to_string()]
                }).collect(),
            ))
        }
    }
}

fn strength_chart(r: &Report) -> Markup {
    let series: Vec<Series> = r
        .strength_history
        .iter()
        .map(|l| Series {
            name: format!("{} / {}", l.side, l.command),
            points: l
                .points
                .iter()
                .filter_map(|p| Some((minutes(&p.at)?, p.effective as f64)))
                .collect(),
        })
        .collect();
    let first = r
        .strength_history
        .iter()
        .filter_map(|l| l.points.first())
        .map(|p| p.at.as_str())
        .min()
        .unwrap_or(&r.campaign.clock);
    let names: Vec<String> = series.iter().map(|s| s.name.clone()).collect();
    let colors: Vec<&str> = (0..names.len()).map(svg::color).collect();
    html! {
        figure {
            figcaption { "Effective stands of each command over campaign time" }
            (svg::step_chart("Effective stands of each command over campaign time", &series,
                (&when(first), &when(&r.campaign.clock))))
            (legend(&names, &colors))
        }
    }
}

fn losses_chart(r: &Report) -> Markup {
    let bars: Vec<Bar> = r
        .battles
        .iter()
        .filter(|b| b.status == "resolved")
        .map(|b| Bar {
            label: b.code.clone(),
            values: b.casualties().values().to_vec(),
        })
        .collect();
    let names: Vec<String> = Severities::NAMES.iter().map(|s| s.to_string()).collect();
    let caption = if r.side.is_some() {
        "Own casualties per battle by severity"
    } else {
        "Casualties per battle by severity"
    };
    html! {
        figure {
            figcaption { (caption) }
            (svg::stacked_bars(caption, &Severities::NAMES, &SEVERITY_COLORS, &bars))
            (legend(&names, &SEVERITY_COLORS))
        }
    }
}

fn experience_chart(r: &Report) -> Markup {
    let rows: Vec<Bar> = r
        .sides
        .iter()
        .map(|s| Bar {
            label: s.code.clone(),
            values: s.experience.values().to_vec(),
        })
        .collect();
    let names: Vec<String> = ExperienceCounts::LEVELS
        .iter()
        .map(|s| s.to_string())
        .collect();
    html! {
        figure {
            figcaption { "Stands by experience level, per side" }
            (svg::stacked_rows("Stands by experience level, per side", &ExperienceCounts::LEVELS,
                &EXPERIENCE_COLORS, &rows))
            (legend(&names, &EXPERIENCE_COLORS))
        }
    }
}

/// Palette slots for a battle's outcome on the timeline.
fn outcome_color(b: &BattleReport) -> usize {
    match b.winner.as_deref() {
        Some("attacker") => 0,
        Some("defender") => 1,
        Some(_) => 7,
        None => 8,
    }
}

fn chains_chart(r: &Report) -> Markup {
    let lanes: Vec<Lane> = r
        .chains
        .iter()
        .map(|c| Lane {
            label: c.code.clone(),
            marks: c
                .battles
                .iter()
                .filter_map(|code| r.battles.iter().find(|b| &b.code == code))
                .filter_map(|b| {
                    Some(Mark {
                        x: minutes(&b.at)?,
                        label: format!(
                            "{} ({}), {}: {}",
                            b.code,
                            b.name,
                            when(&b.at),
                            b.winner.as_deref().unwrap_or("planned")
                        ),
                        color: outcome_color(b),
                    })
                })
                .collect(),
        })
        .collect();
    let first = r.battles.iter().map(|b| b.at.as_str()).min().unwrap_or("");
    let last = r.battles.iter().map(|b| b.at.as_str()).max().unwrap_or("");
    let names = ["attacker won", "defender won", "draw", "planned"].map(String::from);
    html! {
        figure {
            figcaption { "Chains of linked battles" }
            (svg::timeline("Chains of linked battles", &lanes, (&when(first), &when(last))))
            (legend(&names, &[0, 1, 7, 8].map(svg::color)))
        }
    }
}

fn casualty_header() -> Vec<&'static str> {
    let mut h = vec!["battle", "side"];
    h.extend(Severities::NAMES);
    h.push("total");
    h
}

/// The `generator` mark every report carries, so that `demo` can tell a
/// report it may replace from a file of the user's with the same name.
pub const GENERATOR: &str = "bounce";

/// Whether `page` is a report this program wrote (it carries the mark).
pub fn is_report(page: &str) -> bool {
    page.contains(&format!(
        "<meta name=\"generator\" content=\"{GENERATOR}\">"
    ))
}

pub fn render(r: &Report) -> String {
    let view = match (&r.command, &r.side) {
        (Some(c), Some(s)) => format!("The page of command {c} (side {s})"),
        (_, Some(s)) => format!("What side {s} knows"),
        _ => "Umpire's report".to_string(),
    };
    let title = format!("{} — {}", r.campaign.name, view);
    let page = html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="generator" content=(GENERATOR);
                title { (title) }
                style { (PreEscaped(CSS)) }
            }
            body {
                header {
                    h1 { (r.campaign.name) }
                    p.muted { (view) ". Campaign clock " (when(&r.campaign.clock))
                        "; default ruleset " (r.campaign.ruleset) "." }
                }
                @for s in &r.sides { (side_section(s)) }
                @if r.side.is_some() {
                    section {
                        h2 { @if r.command.is_some() { "Our command's stands" } @else { "Our stands" } }
                        (table(&OwnStand::HEADER, &[6, 7, 9, 10],
                            r.stands.iter().map(OwnStand::cells).collect()))
                    }
                    section {
                        h2 { @if r.command.is_some() { "Enemy stands our command met" } @else { "Enemy stands met in battle" } }
                        @if r.enemy_seen.is_empty() {
                            p { "None yet." }
                        } @else {
                            p.muted { "Each as it was at the end of the latest battle where we met it." }
                            (table(&["stand", "side", "status", "last seen in", "at"], &[],
                                r.enemy_seen.iter().map(|e| vec![e.code.clone(), e.side.clone(),
                                    e.status.clone(), e.battle.clone(), when(&e.at)]).collect()))
                        }
                    }
                }
                section {
                    h2 { "Charts" }
                    (strength_chart(r))
                    (losses_chart(r))
                    (experience_chart(r))
                    (chains_chart(r))
                }
                section {
                    h2 { "Chains of linked battles" }
                    @if r.chains.is_empty() { p { "No battles yet." } }
                    @for c in &r.chains {
                        h3 { "Chain " (c.code) }
                        (table(&["battle", "name", "at", "ruleset", "winner", "turns", "losses"], &[5],
                            c.battles.iter().filter_map(|code| r.battles.iter().find(|b| &b.code == code))
                                .map(|b| vec![
                                    b.code.clone(), b.name.clone(), when(&b.at), b.ruleset.clone(),
                                    match (&b.winner, &b.winner_side) {
                                        (Some(w), Some(s)) => format!("{w} ({s})"),
                                        (Some(w), None) => w.clone(),
                                        _ => b.status.clone(),
                                    },
                                    b.turns.map(|t| t.to_string()).unwrap_or_else(|| "-".into()),
                                    battle_losses(b),
                                ]).collect()))
                    }
                }
                section {
                    h2 { "Casualties by battle" }
                    (table(&casualty_header(), &[2, 3, 4, 5, 6, 7, 8, 9],
                        r.battles.iter().filter(|b| b.status == "resolved").flat_map(|b| {
                            b.sides.iter().filter_map(|s| {
                                let c = s.casualties?;
                                let mut row = vec![b.code.clone(), s.side.clone()];
                                row.extend(c.values().iter().map(|v| v.to_string()));
                                row.push(c.total().to_string());
                                Some(row)
                            })
                        }).collect()))
                }
                section {
                    h2 { "Returns due from hospital" }
                    @if r.returns_due.is_empty() {
                        p { "Nobody in hospital." }
                    } @else {
                        (table(&["returns", "side", "command", "people"], &[3],
                            r.returns_due.iter().map(|d| vec![
                                d.returns_at.as_deref().map(when).unwrap_or_else(|| "-".into()),
                                d.side.clone(), d.command.clone(), d.people.to_string()]).collect()))
                    }
                }
                @if r.side.is_none() {
                    section {
                        h2 { "Latest changes" }
                        (table(&["#", "when (wall clock)", "command", "summary"], &[0],
                            r.journal.iter().map(|j| vec![j.id.to_string(), j.at.clone(),
                                j.command.clone(), j.summary.clone()]).collect()))
                    }
                }
            }
        }
    };
    page.into_string()
}
