//! `report`: the umpire's report and each side's view, as text, JSON and HTML,
//! run through the real binary on temporary campaigns.

use std::collections::HashSet;

use crate::common::Campaign;
use scraper::{Html, Selector};
use serde_json::Value;

const HOSTILE: &str = "<script>alert(1)</script>";

/// The Full Moon campaign with its first battle fought, so there is history.
fn fought() -> Campaign {
    let c = Campaign::full_moon();
    c.ok(&["battle", "auto", "crater-rim", "--seed", "7"]);
    c
}

fn arr(v: &Value) -> &Vec<Value> {
    v.as_array().expect("array")
}

fn int(v: &Value) -> i64 {
    v.as_i64().unwrap_or_else(|| panic!("not an integer: {v}"))
}

/// Writes the HTML report (with extra arguments) and returns the page.
fn html(c: &Campaign, name: &str, extra: &[&str]) -> String {
    let file = c.path(name);
    let mut args = vec!["report", "--html", file.to_str().unwrap()];
    args.extend_from_slice(extra);
    let out = c.ok(&args);
    assert!(out.contains(name), "names the file: {out}");
    std::fs::read_to_string(file).expect("report written")
}

/// Every stand code in the campaign, by side.
fn codes_of(c: &Campaign, side: &str) -> HashSet<String> {
    arr(&c.json(&["roster", "--all", "--side", side]))
        .iter()
        .map(|s| s["code"].as_str().unwrap().to_string())
        .collect()
}

/// The words of a text: runs of the characters codes are made of.
fn words(text: &str) -> HashSet<String> {
    text.split(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '-' || ch == '_'))
        .filter(|w| !w.is_empty())
        .map(String::from)
        .collect()
}

#[test]
fn text_report_has_every_section() {
    let c = fought();
    let out = c.ok(&["report"]);
    for section in [
        "Full Moon — 2157-04-12",
        "umpire's report",
        "Side ifu — IFU Ground Forces",
        "Side luna — Lunar Defence Force",
        "Strength",
        "Experience, morale and supply",
        "Chains of linked battles",
        "Chain crater-rim (4 battles)",
        "Casualties by battle",
        "Returns due from hospital",
        "Latest changes",
        "battle auto",
    ] {
        assert!(out.contains(section), "missing {section:?}:\n{out}");
    }
    // The fought battle shows its outcome; the ones still planned say so.
    assert!(out.contains("attacker (ifu)"), "{out}");
    assert!(out.contains("planned"), "{out}");
}

#[test]
fn report_before_any_battle_says_so() {
    let c = Campaign::full_moon();
    let out = c.ok(&["report"]);
    assert!(out.contains("No battles fought yet."), "{out}");
    assert!(out.contains("Nobody in hospital."), "{out}");
    let doc = c.json(&["report"]);
    assert!(arr(&doc["returns_due"]).is_empty());
    assert!(arr(&doc["battles"])
        .iter()
        .all(|b| b["status"] == "planned" && b["winner"].is_null()));
}

#[test]
fn json_counts_add_up() {
    let c = fought();
    let doc = c.json(&["report"]);
    assert_eq!(doc["side"], Value::Null);
    assert_eq!(doc["campaign"]["name"], "Full Moon");
    let roster_all = arr(&c.json(&["roster", "--all"])).len() as i64;
    let roster_active = arr(&c.json(&["roster"])).len() as i64;

    let mut stands = 0;
    let mut experienced = 0;
    for side in arr(&doc["sides"]) {
        let mut side_stands = 0;
        for cmd in arr(&side["commands"]) {
            let st = &cmd["strength"];
            let parts: i64 = ["effective", "ineffective", "destroyed", "other"]
                .iter()
                .map(|k| int(&st[k]))
                .sum();
            assert_eq!(parts, int(&st["stands"]), "{cmd}");
            assert!(int(&st["damaged"]) <= int(&st["effective"]), "{cmd}");
            side_stands += int(&st["stands"]);
            let levels: i64 = ["raw", "novice", "experienced", "seasoned", "veteran"]
                .iter()
                .map(|k| int(&cmd["experience"][k]))
                .sum();
            experienced += levels;
            let m = &cmd["morale"];
            assert!(int(&m["best"]) <= int(&m["worst"]), "{cmd}");
            assert!((1..=9).contains(&int(&m["best"])), "{cmd}");
            assert!(int(&cmd["ammo"]["carried"]) <= int(&cmd["ammo"]["full"]));
        }
        assert_eq!(side_stands, int(&side["strength"]["stands"]));
        assert!(side["supply_points"].is_i64());
        stands += side_stands;
    }
    assert_eq!(stands, roster_all);
    // Experience counts the stands still in the campaign: the default roster.
    assert_eq!(experienced, roster_active);

    let battles = arr(&doc["battles"]);
    assert_eq!(battles.len(), 4);
    let chains = arr(&doc["chains"]);
    assert_eq!(chains.len(), 1);
    assert_eq!(arr(&chains[0]["battles"]).len(), 4);
    assert!(battles.iter().all(|b| b["chain"] == "crater-rim"));
    assert_eq!(battles[1]["after"], "crater-rim");

    let rim = &battles[0];
    assert_eq!(rim["code"], "crater-rim");
    assert_eq!(rim["status"], "resolved");
    let shown = c.json(&["battle", "show", "crater-rim"]);
    assert_eq!(rim["winner"], shown["winner"]);
    assert_eq!(rim["turns"], shown["turns"]);
    let sides = arr(&rim["sides"]);
    assert_eq!(sides.len(), 2);
    assert_eq!(sides[0]["role"], "attacker");
    let fought_stands: i64 = sides.iter().map(|s| int(&s["stands"])).sum();
    assert_eq!(fought_stands, arr(&shown["stands"]).len() as i64);
    let hits: i64 = sides.iter().map(|s| int(&s["hits_taken"])).sum();
    let shown_hits: i64 = arr(&shown["stands"])
        .iter()
        .map(|s| int(&s["hits_taken"]))
        .sum();
    assert_eq!(hits, shown_hits);
    let records = arr(&c.json(&["casualties", "--battle", "crater-rim"])).len() as i64;
    let by_severity: i64 = sides
        .iter()
        .flat_map(|s| s["casualties"].as_object().unwrap().values())
        .map(int)
        .sum();
    assert_eq!(by_severity, records);
    assert!(records > 0, "the seed-7 battle has casualties");

    let pending = arr(&c.json(&["casualties", "--pending"])).len() as i64;
    let due: i64 = arr(&doc["returns_due"])
        .iter()
        .map(|r| int(&r["people"]))
        .sum();
    assert_eq!(due, pending);
    let hospital: i64 = arr(&doc["sides"])
        .iter()
        .map(|s| int(&s["strength"]["in_hospital"]))
        .sum();
    assert_eq!(hospital, pending);

    let journal = arr(&doc["journal"]);
    assert_eq!(journal.len(), 2);
    assert_eq!(journal[0]["command"], "battle auto");
    assert_eq!(journal[1]["command"], "import");

    // Strength over time: one line per command with stands, starting at the
    // battle and ending at the clock with the present count.
    let lines = arr(&doc["strength_history"]);
    assert_eq!(lines.len(), 6);
    for line in lines {
        let points = arr(&line["points"]);
        let last = points.last().unwrap();
        assert_eq!(last["at"], doc["campaign"]["clock"]);
        let cmd = arr(&doc["sides"])
            .iter()
            .flat_map(|s| arr(&s["commands"]))
            .find(|c| c["code"] == line["command"])
            .unwrap();
        assert_eq!(last["effective"], cmd["strength"]["effective"]);
    }
    assert!(doc["enemy_seen"].as_array().unwrap().is_empty());
}

#[test]
fn html_is_one_self_contained_page_with_charts() {
    let c = fought();
    let page = html(&c, "report.html", &[]);
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(!page.to_lowercase().contains("<script"), "no scripts");
    assert!(!page.contains("http://") && !page.contains("https://"));
    assert!(!page.contains("<link") && !page.contains("@import") && !page.contains("url("));
    assert!(page.contains("@media print"), "a print stylesheet");
    assert!(page.contains("@media (max-width"), "a narrow-screen layout");

    let doc = Html::parse_document(&page);
    let sel = |s: &str| Selector::parse(s).unwrap();
    let viewport = doc
        .select(&sel("meta[name=viewport]"))
        .next()
        .expect("viewport meta");
    assert!(viewport
        .value()
        .attr("content")
        .unwrap()
        .contains("width=device-width"));
    let svgs: Vec<_> = doc.select(&sel("svg")).collect();
    assert_eq!(svgs.len(), 4, "strength, losses, experience, chains");
    for svg in &svgs {
        assert!(svg.value().attr("viewBox").is_some());
        assert_eq!(svg.value().attr("width"), Some("100%"));
    }
    // The losses chart has bars; the chains chart one mark per battle.
    assert!(doc.select(&sel("svg rect")).count() >= 2);
    assert_eq!(doc.select(&sel("svg circle")).count(), 4);
    // The SVG elements are closed, so shapes are siblings, not nested.
    assert_eq!(doc.select(&sel("rect rect, circle circle")).count(), 0);
    let text: String = doc.root_element().text().collect();
    for needle in ["IFU Ground Forces", "Crater Rim", "Latest changes"] {
        assert!(text.contains(needle), "{needle}");
    }
}

fn hostile_campaign() -> Campaign {
    let c = Campaign::empty();
    let file = c.write(
        "hostile.toml",
        &format!(
            r#"
[campaign]
name = "{h}"
start = "2157-04-12T05:00:00"

[[sides]]
code = "red"
name = "{h}"

[[sides]]
code = "blue"
name = "Blue \"&\" <b>bold</b>"

[[commands]]
code = "red-1"
side = "red"
name = "{h}"
player = "{h}"

[[commands]]
code = "blue-1"
side = "blue"
name = "Blue One"

[[units]]
code = "red-u"
command = "red-1"
name = "{h}"

[[units]]
code = "blue-u"
command = "blue-1"
name = "Blue unit"

[[stands]]
code = "red-a"
unit = "red-u"
name = "{h}"
type = "infantry"
training = "regular"
equipment = "hma"
weapon = "sla_squad"
men = 4

[[stands]]
code = "blue-a"
unit = "blue-u"
type = "infantry"
training = "trained"
equipment = "assault_rifles"
weapon = "rifles"
men = 4

[[battles]]
code = "clash"
name = "{h}"
at = "2157-04-12T06:00:00"
attacker = ["red-u"]
defender = ["blue-u"]
"#,
            h = HOSTILE
        ),
    );
    c.ok(&["import", file.to_str().unwrap()]);
    c.ok(&["battle", "auto", "clash", "--seed", "3"]);
    c
}

#[test]
fn hostile_names_are_escaped_in_html() {
    let c = hostile_campaign();
    for (name, extra) in [
        ("all.html", vec![]),
        ("red.html", vec!["--side", "red"]),
        ("blue.html", vec!["--side", "blue"]),
    ] {
        let page = html(&c, name, &extra);
        assert!(!page.contains(HOSTILE), "{name}: raw name in the page");
        assert!(!page.contains("<b>bold"), "{name}: raw markup in the page");
        let doc = Html::parse_document(&page);
        let scripts = Selector::parse("script").unwrap();
        assert_eq!(doc.select(&scripts).count(), 0, "{name}: script element");
        let bold = Selector::parse("b").unwrap();
        assert_eq!(doc.select(&bold).count(), 0, "{name}: injected element");
        // The names are still there, as text.
        let text: String = doc.root_element().text().collect();
        assert!(text.contains(HOSTILE), "{name}: name shown as text");
    }
    // The page title and the charts' labels carry the name too.
    let page = std::fs::read_to_string(c.path("all.html")).unwrap();
    assert!(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
}

#[test]
fn hostile_names_survive_text_and_json_unchanged() {
    let c = hostile_campaign();
    let doc = c.json(&["report"]);
    assert_eq!(doc["campaign"]["name"], HOSTILE);
    assert_eq!(doc["sides"][0]["name"], HOSTILE);
    assert_eq!(doc["battles"][0]["name"], HOSTILE);
    assert!(c.ok(&["report"]).contains(HOSTILE));
}

#[test]
fn side_view_shows_only_what_the_side_knows() {
    let c = fought();
    let ifu = codes_of(&c, "ifu");
    let shown = c.json(&["battle", "show", "crater-rim"]);
    let met: HashSet<String> = arr(&shown["stands"])
        .iter()
        .filter(|s| s["side"] == "ifu")
        .map(|s| s["code"].as_str().unwrap().to_string())
        .collect();
    assert!(!met.is_empty() && met.len() < ifu.len());

    let doc = c.json(&["report", "--side", "luna"]);
    assert_eq!(doc["side"], "luna");
    let sides = arr(&doc["sides"]);
    assert_eq!(sides.len(), 1, "only the own side in full");
    assert_eq!(sides[0]["code"], "luna");
    // Enemy stands: exactly those that fought luna, as they left the battle.
    let seen: HashSet<String> = arr(&doc["enemy_seen"])
        .iter()
        .map(|s| s["code"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(seen, met);
    for s in arr(&doc["enemy_seen"]) {
        assert_eq!(s["side"], "ifu");
        assert_eq!(s["battle"], "crater-rim");
        let part = arr(&shown["stands"])
            .iter()
            .find(|p| p["code"] == s["code"])
            .unwrap();
        assert_eq!(s["status"], part["status_after"]);
        let keys: HashSet<&str> = s.as_object().unwrap().keys().map(|k| k.as_str()).collect();
        for secret in [
            "morale",
            "experience",
            "training",
            "actions",
            "ammo",
            "hits",
        ] {
            assert!(!keys.contains(secret), "enemy stand shows {secret}");
        }
    }
    // No enemy depot, hospital, morale or experience anywhere in the document.
    assert!(arr(&doc["returns_due"]).iter().all(|r| r["side"] == "luna"));
    assert!(arr(&doc["strength_history"])
        .iter()
        .all(|l| l["side"] == "luna"));
    assert!(
        arr(&doc["journal"]).is_empty(),
        "the journal is the umpire's"
    );
    let text = serde_json::to_string(&doc).unwrap();
    for cmd in ["ifu-inf", "ifu-armd", "ifu-sup", "IFU Ground Forces"] {
        assert!(!text.contains(cmd), "enemy {cmd} in the side view");
    }
    // Battles: the one luna fought, and no planned attack on luna.
    let battles: Vec<&str> = arr(&doc["battles"])
        .iter()
        .map(|b| b["code"].as_str().unwrap())
        .collect();
    assert_eq!(battles, ["crater-rim", "copernicus-road"]);
    let rim = &arr(&doc["battles"])[0];
    for s in arr(&rim["sides"]) {
        if s["side"] == "luna" {
            assert!(s["casualties"].is_object());
        } else {
            assert!(s["casualties"].is_null(), "enemy aid post is hidden");
        }
    }

    // The text and HTML views name no ifu stand luna did not meet.
    let out = c.ok(&["report", "--side", "luna"]);
    let page = html(&c, "luna.html", &["--side", "luna"]);
    for (what, body) in [("text", &out), ("html", &page)] {
        let unmet: Vec<&String> = words(body)
            .iter()
            .filter(|w| ifu.contains(*w) && !met.contains(*w))
            .map(|w| ifu.get(w).unwrap())
            .collect();
        assert!(unmet.is_empty(), "{what} names unmet ifu stands {unmet:?}");
        assert!(!body.contains("ifu-inf"), "{what} names an ifu command");
        assert!(!body.contains("Latest changes"), "{what} shows the journal");
    }
    assert!(out.contains("Enemy stands met in battle"));
    // The check above can fail: the view does name the ifu stands luna met.
    for body in [&out, &page] {
        let w = words(body);
        assert!(met.iter().all(|m| w.contains(m)), "met stands listed");
    }
}

#[test]
fn attacking_side_sees_its_planned_attacks_and_defender_does_not() {
    let c = Campaign::full_moon();
    let ifu: Vec<String> = arr(&c.json(&["report", "--side", "ifu"])["battles"])
        .iter()
        .map(|b| b["code"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(ifu, ["crater-rim", "dome-seven", "kepler-raid"]);
    let luna: Vec<String> = arr(&c.json(&["report", "--side", "luna"])["battles"])
        .iter()
        .map(|b| b["code"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(luna, ["copernicus-road"]);
}

#[test]
fn unknown_side_is_refused_by_name() {
    let c = fought();
    let msg = c.fails(2, &["report", "--side", "martians"]);
    assert!(msg.contains("martians"), "{msg}");
    let file = c.path("nope.html");
    let msg = c.fails(
        2,
        &[
            "report",
            "--side",
            "martians",
            "--html",
            file.to_str().unwrap(),
        ],
    );
    assert!(msg.contains("martians"), "{msg}");
    assert!(!file.exists(), "no page for an unknown side");
}

#[test]
fn html_with_json_says_where_the_page_went() {
    let c = fought();
    let file = c.path("r.html");
    let doc = c.json(&["report", "--html", file.to_str().unwrap()]);
    assert_eq!(doc["file"], file.to_str().unwrap());
    assert_eq!(
        int(&doc["bytes"]),
        std::fs::metadata(&file).unwrap().len() as i64
    );
}

#[test]
fn demo_writes_the_html_report_beside_its_database() {
    let c = Campaign::empty();
    let out = c.ok(&["demo"]);
    let page = c.path("bounce-report.html");
    assert!(page.exists(), "report next to {}", c.db.display());
    assert!(out.contains("bounce-report.html"), "{out}");
    let page = std::fs::read_to_string(page).unwrap();
    assert!(page.contains("<svg") && page.contains("Full Moon"));
}

/// The shape of a JSON document: every key with the type of its value; arrays
/// by the union of their elements' shapes; maps keyed by codes or dates would
/// make the shape depend on data, so the report has none.
fn shape(v: &Value) -> Value {
    match v {
        Value::Null => Value::String("null".into()),
        Value::Bool(_) => Value::String("bool".into()),
        Value::Number(n) if n.is_i64() || n.is_u64() => Value::String("integer".into()),
        Value::Number(_) => Value::String("number".into()),
        Value::String(_) => Value::String("string".into()),
        Value::Array(items) => {
            let mut union = serde_json::Map::new();
            let mut scalars = std::collections::BTreeSet::new();
            for item in items {
                match shape(item) {
                    Value::Object(fields) => {
                        for (k, s) in fields {
                            let slot = union.entry(k).or_insert(Value::Null);
                            // A field null in one element and set in another
                            // keeps the set shape.
                            if slot.is_null() || *slot == Value::String("null".into()) {
                                *slot = s;
                            }
                        }
                    }
                    Value::String(s) => {
                        scalars.insert(s);
                    }
                    other => {
                        scalars.insert(other.to_string());
                    }
                }
            }
            let mut out = Vec::new();
            if !union.is_empty() {
                out.push(Value::Object(union));
            }
            out.extend(scalars.into_iter().map(Value::String));
            Value::Array(out)
        }
        Value::Object(fields) => {
            Value::Object(fields.iter().map(|(k, v)| (k.clone(), shape(v))).collect())
        }
    }
}

#[test]
fn json_shape_is_the_documented_one() {
    const GOLDEN: &str = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/golden/report-shape.json"
    );
    let c = fought();
    let doc = c.json(&["report"]);
    let got = serde_json::to_string_pretty(&shape(&doc)).unwrap() + "\n";
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(GOLDEN, &got).expect("write golden file");
    }
    let want = std::fs::read_to_string(GOLDEN).expect("the shape file is checked in");
    assert!(
        got == want,
        "the report's JSON shape changed; update docs/report.md, then BLESS=1 cargo test --test cli report::\n{got}"
    );
}
