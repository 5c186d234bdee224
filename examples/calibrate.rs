//! Writes docs/calibration.md and docs/calibration.svg: the odds of the
//! standard matchups, and attacker win rate against force ratio (1:1 to 6:1)
//! in the open, in cover and on bunkers, for quality differences, and for
//! every other registered ruleset in cover.
//!
//! `cargo run --release --example calibrate` (a few minutes on 2 cores);
//! `CALIBRATE_RUNS=200` for a quick look.

use std::fmt::Write as _;

use bounce::battle::ruleset::Ruleset;
use bounce::battle::setup::BattleSetup;
use bounce::engine::calibration::{
    curves, even_odds, fma_equal_in_the_open, fma_matchups, matchups, FMA_RANGES, RATIOS,
};
use bounce::engine::odds::{odds, Odds};
use bounce::engine::Registry;
use bounce::report::svg::{line_chart, standalone};

const SEED: u64 = 2157;

fn main() -> std::io::Result<()> {
    let runs: u64 = std::env::var("CALIBRATE_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000);
    let registry = Registry::standard();
    let bia = registry.get("bia").expect("bia is registered");
    let bar = indicatif::ProgressBar::new(0);

    // Each curve under BiA, then the cover curve under every other ruleset.
    let mut lines: Vec<(String, Vec<f64>)> = Vec::new();
    let all = curves();
    let mut jobs: Vec<(String, &dyn Ruleset, usize)> = all
        .iter()
        .enumerate()
        .map(|(k, c)| (format!("BiA: {}", c.name), bia, k))
        .collect();
    for r in registry.all().filter(|r| r.name() != "bia") {
        jobs.push((format!("{}: trained vs trained, cover", r.title()), r, 1));
    }
    bar.set_length((jobs.len() * RATIOS.len()) as u64 * runs);
    for (name, ruleset, k) in &jobs {
        let rates = all[*k]
            .battles
            .iter()
            .map(|b| {
                let b = &under(b, *ruleset);
                odds(*ruleset, b, SEED, runs, &|| bar.inc(1))
                    .map(|o| o.attacker_wins)
                    .unwrap_or(f64::NAN)
            })
            .collect();
        lines.push((name.clone(), rates));
    }
    let rulesets: Vec<&dyn Ruleset> = registry.all().collect();
    bar.set_length(bar.position() + (matchups().len() * rulesets.len()) as u64 * runs);
    let table: Vec<(&str, Odds)> = matchups()
        .into_iter()
        .map(|(name, setup)| {
            (
                name,
                odds(bia, &setup, SEED, runs, &|| bar.inc(1)).expect("odds"),
            )
        })
        .collect();
    // The same matchups under every other ruleset: attacker wins, or why not.
    let others: Vec<Vec<String>> = matchups()
        .into_iter()
        .map(|(_, setup)| {
            rulesets
                .iter()
                .filter(|r| r.name() != "bia")
                .map(
                    |r| match odds(*r, &under(&setup, *r), SEED, runs, &|| bar.inc(1)) {
                        Ok(o) => format!("{:.1}%", o.attacker_wins * 100.0),
                        Err(_) => "cannot fight it".to_string(),
                    },
                )
                .collect()
        })
        .collect();
    bar.finish_and_clear();

    let labels: Vec<String> = RATIOS.iter().map(|r| format!("{r}:1")).collect();
    let series: Vec<(String, Vec<Option<f64>>)> = lines
        .iter()
        .map(|(n, v)| {
            (
                n.clone(),
                v.iter()
                    .map(|x| x.is_finite().then_some(x * 100.0))
                    .collect(),
            )
        })
        .collect();
    let chart = line_chart(
        "Attacker win rate (%) against force ratio: trained LTA squads attacking four squads",
        &labels,
        &series,
        100.0,
    );
    std::fs::write("docs/calibration.svg", standalone(chart) + "\n")?;

    let mut md = String::new();
    let w = &mut md;
    writeln!(w, "# Calibration of the auto-resolvers\n").unwrap();
    writeln!(
        w,
        "Written by `cargo run --release --example calibrate` ({runs} runs a point, seed {SEED}); \
         do not edit by hand. `tests/cli/calibration.rs` and `tests/cli/bia_fidelity.rs` check that the \
         figures point the right way. The doctrine behind them is in `docs/auto-resolve.md`.\n"
    )
    .unwrap();
    writeln!(w, "## Win rate against force ratio\n").unwrap();
    writeln!(
        w,
        "Trained LTA squads (8 people, SLA squad weapons) attack four squads from 60 cm. \
         The ratio is attacking stands to defending ones.\n"
    )
    .unwrap();
    writeln!(
        w,
        "![attacker win rate against force ratio](calibration.svg)\n"
    )
    .unwrap();
    write!(w, "| curve | even odds at |").unwrap();
    for l in &labels {
        write!(w, " {l} |").unwrap();
    }
    writeln!(w, " largest half-step rise |").unwrap();
    writeln!(w, "|---|---|{}---|", "---|".repeat(labels.len())).unwrap();
    for (name, rates) in &lines {
        let even = even_odds(rates)
            .map(|x| format!("{x:.1}:1"))
            .unwrap_or_else(|| "beyond 6:1".into());
        write!(w, "| {name} | {even} |").unwrap();
        for r in rates {
            write!(w, " {:.0}% |", r * 100.0).unwrap();
        }
        let rise = rates.windows(2).map(|p| p[1] - p[0]).fold(0.0f64, f64::max);
        writeln!(w, " {:.0} points |", rise * 100.0).unwrap();
    }
    writeln!(w, "\n## Standard matchups (BiA)\n").unwrap();
    writeln!(w, "| matchup | attacker wins | defender wins | draw | mean turns | attacker hits p50 | defender hits p50 |").unwrap();
    writeln!(w, "|---|---|---|---|---|---|---|").unwrap();
    for (name, o) in &table {
        odds_row(w, name, o);
    }
    writeln!(w, "\n## The same matchups under every ruleset\n").unwrap();
    writeln!(
        w,
        "Attacker wins. Each ruleset fights the same campaign stands through its own \
         mapping (docs/rules-decisions.md), from the same opening range and cover.\n"
    )
    .unwrap();
    write!(w, "| matchup |").unwrap();
    for r in &rulesets {
        write!(w, " {} |", r.title()).unwrap();
    }
    writeln!(w).unwrap();
    writeln!(w, "|---|{}", "---|".repeat(rulesets.len())).unwrap();
    for ((name, o), rest) in table.iter().zip(&others) {
        write!(w, "| {name} | {:.1}% |", o.attacker_wins * 100.0).unwrap();
        for cell in rest {
            write!(w, " {cell} |").unwrap();
        }
        writeln!(w).unwrap();
    }
    md.push_str(READING);
    if let Ok(fma) = registry.get("fma") {
        fma_section(&mut md, fma, runs);
    }
    std::fs::write("docs/calibration.md", md)?;
    println!("Wrote docs/calibration.md and docs/calibration.svg ({runs} runs a point).");
    Ok(())
}

/// One matchup's line: win rates, length and the median hits each side.
fn odds_row(w: &mut String, name: &str, o: &Odds) {
    writeln!(
        w,
        "| {name} | {:.1}% | {:.1}% | {:.1}% | {:.1} | {} | {} |",
        o.attacker_wins * 100.0,
        o.defender_wins * 100.0,
        o.draws * 100.0,
        o.mean_turns,
        o.attacker_hits.p50,
        o.defender_hits.p50
    )
    .unwrap();
}

/// FMA's own matchups under both fire options, with what they say.
fn fma_section(md: &mut String, fma: &dyn Ruleset, runs: u64) {
    let w = md;
    writeln!(w, "\n## FMA matchups\n").unwrap();
    writeln!(w, "{FMA_INTRO}").unwrap();
    writeln!(w, "| matchup | attacker wins | defender wins | draw | mean turns | attacker figures down p50 | defender figures down p50 |").unwrap();
    writeln!(w, "|---|---|---|---|---|---|---|").unwrap();
    for (name, setup) in fma_matchups() {
        let o = odds(fma, &setup, SEED, runs, &|| ()).expect("odds");
        odds_row(w, &name, &o);
    }
    writeln!(w, "\n### Equal forces in the open, by opening range\n").unwrap();
    writeln!(w, "{FMA_RANGE_INTRO}").unwrap();
    writeln!(
        w,
        "| opening range | attacker wins | defender wins | draw | mean turns |"
    )
    .unwrap();
    writeln!(w, "|---|---|---|---|---|").unwrap();
    for r in FMA_RANGES {
        let o = odds(fma, &fma_equal_in_the_open(r), SEED, runs, &|| ()).expect("odds");
        writeln!(
            w,
            "| {r} cm | {:.1}% | {:.1}% | {:.1}% | {:.1} |",
            o.attacker_wins * 100.0,
            o.defender_wins * 100.0,
            o.draws * 100.0,
            o.mean_turns
        )
        .unwrap();
    }
    w.push_str(FMA_READING);
}

const FMA_INTRO: &str =
    "Teams are four-figure stands with rifles and flak vests (combat rifle, D6 \
armour): green = recruits (D6), regular = regular training (D8), veteran = regulars with 20 \
actions (D10). Rows marked \"open ground\" have `terrain = open`: no lines of cover \
anywhere, so the defender's own position (in the open, soft cover, hard cover) is the only \
difference between them. Rows marked \"hedges\" put lines of soft cover across the \
ground for both sides (the attackers bound from one to the next). Figures down are the \
aid-post hits. `tests/cli/fma.rs` and `tests/cli/fma_calibration.rs` check the directions \
that must hold.
";

const FMA_RANGE_INTRO: &str =
    "Three regular teams attack three in the open, on open ground, Detailed fire. \
The rifle reaches 36\" (91 cm) unaimed and 72\" (183 cm) aimed or on overwatch.
";

const FMA_READING: &str = "
- **Numbers beat a small team.** Two green teams beat one regular team
  wherever it stands under Detailed fire: a four-figure side breaks at its
  second figure down (half its strength), and eight shooters find that soon.
- **Quality tells under Detailed fire.** The target's quality die is what the
  firer must beat, so veterans (D10) win about four in five against regulars
  (D8) whichever side attacks. Under Quick & Dirty the target rolls armour,
  not quality, and the edge shrinks to the firer's die alone.
- **Cover under Detailed fire counts only for the impact** (the to-hit roll
  ignores it, as the text has it): on the same open ground soft cover is
  worth about a dozen points to equal regulars and hard cover about thirty.
  Under Quick & Dirty the cover die joins the target's roll and decides the
  fight.
- **Hedges across the ground slow the attack.** With lines of soft cover
  every 10\" for both sides the attackers win less, not more: crossing each
  line takes half a move (L694-695) and the teams whose turn it is to bound
  move from line to line instead of firing, while every defender fires.
- **No edge on equal terms while both sides are in reach.** The text names
  no side to act first (L601-609): the smaller side does, and on equal
  numbers a die decides each turn, so equal teams in the open win about as
  often as each other from 30 cm to 180 cm.
- **Crossing into reach costs the attacker**, the same at every range
  beyond it. The rifle reaches 72\" aimed; from farther off the attackers
  must walk into the defenders' reach while these watch. An attacker steps
  in only with the last MOVE of its activation (watchers fire between a
  figure's two actions), but the defenders who act after it in that turn
  fire at it while it has nothing left to fire back with: one free volley,
  which is why the odds drop between 180 and 190 cm and then stay level.
  Before, the odds swung by 15 points from one 10 cm step to the next as
  the range put a figure's entry on its first or its second MOVE.
- **Limits.** One line across the table: no flanking and no blocked line of
  sight; lines of soft cover every 10\" are the only terrain. The doctrine is
  plain (fire at what is in reach, attackers advance when nothing is,
  defenders hold on overwatch); nobody withdraws on purpose or treats the
  wounded. Vehicles fight only as crew figures in hard cover.
- **The force-ratio curve is steep, not broken.** FMA's curve above fights
  LTA squads of eight figures each, 32 a side at 1:1 and 48 at 1.5:1; with
  so many figures a side, chance evens out and the larger side wins almost
  always. Between the chart's points the curve rises smoothly: 4, 5, 6 and 7
  squads against 4 from 60 cm give the attacker about 5 %, 50 %, 94 % and
  99 %.
";

/// The battle as planned under `ruleset`: its name and its turn limit.
fn under(setup: &BattleSetup, ruleset: &dyn Ruleset) -> BattleSetup {
    let mut s = setup.clone();
    s.ruleset = ruleset.name().to_string();
    s.turn_limit = ruleset.turn_limit();
    s
}

const READING: &str = "
## Reading the figures

- **Cover and bunkers move the even-odds point.** Each step of protection
  (open, cover, bunker) costs the attacker one more point off every die, and
  the attackers must cross ground swept by fire to get at the position, so the
  ratio an attack needs rises with each step. Inside the position a bunker
  still counts as cover and cover as open, which is what assaults are for.
- **Quality tells.** Regulars attacking trained squads need a smaller ratio
  than trained squads do; trained squads attacking regulars need a larger one.
- **No cliff.** The BiA curves climb as S-curves: their steepest half-step
  is about 30–40 points, and none takes the attacker from a likely defeat to
  a likely win. Fire alone would give a cliff at this scale: an SLA squad hits
  on 4 at every band from 10 to 60 cm, a trained squad's morale number (4–5
  on 2d6) seldom fails, and every extra squad adds its dice every turn. Group
  morale is what gives the weaker side its chances: a platoon tests when a
  quarter, half and three quarters of its strength (the hits that would make
  all its squads ineffective) is hit, and a failed test takes it out of the
  fight while it can still shoot. When the tests counted a share of people
  instead, an LTA platoon first tested only when every squad was already
  ineffective, and the curves jumped 48–61 points from 1:1 to 1.5:1
  (docs/rules-decisions.md, group thresholds). `tests/cli/calibration.rs` fails if
  the cliff comes back.
- **Fire and group morale decide most infantry fights from 60 cm.** LTA
  squads go ineffective at two hits, stationary defenders fire before anyone
  moves, and a platoon whose strength is half gone will usually withdraw. An
  assault comes when the attackers start close: from the last bound (10 cm) a
  three-to-one attack on bunkers goes in about four times in five and carries
  the position about three times in five (`tests/cli/bia_fidelity.rs`).
- **Rulesets differ.** Each ruleset's cover curve uses the same stands as
  mapped into that system (docs/rules-decisions.md), so the curves show how
  far the systems agree on the same fight.
- **ACTION's scale.** One BiA d10 step is 10 points of an ACTION bonus, and
  evasion is based at 60 so that equal bonuses (99/200 to hit) stand for a BiA
  shot needing a 6. On the printed scale an opposed d100 between skills a few
  points apart is close to a coin toss; with the ×10 scale quality tells as it
  does under BiA. Cover's printed −2 is worth about 2 % a roll, against 10 %
  for BiA's cover step, so cover changes ACTION fights less; bunkers add 20 to
  the defence and stay as hard as in BiA. An element has two action points
  a turn, each an attack or a grid of open ground, and fights until its life
  levels are gone, so even fights last several turns; with cover worth
  little and every element attacking in each phase, ACTION's cover curve is
  the steepest of the four. Hovertanks alone against LTA squads with
  anti-tank teams win most ACTION fights and almost no BiA ones: their life
  levels come from the toughness table, and how that compares with BiA's
  penetration is an open question (docs/rules-decisions.md, ACTION).
- **Dirtside II** fights by units and confidence rather than stands and
  morale numbers. With the vehicle table in BiA's order (docs/rules-decisions.md)
  tanks attacking hovertanks lose about as often as under BiA. The systems
  part over militia: at DS2's scale a 40-strong stand fights as eight teams,
  and the count of elements weighs more than their armour class, so six HMA
  fire teams carry three militia stands in cover only about one time in ten
  (under BiA, always).
";
