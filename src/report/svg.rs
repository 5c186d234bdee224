//! Small inline SVG charts, written with maud so every label is escaped. Each
//! chart draws in a fixed coordinate space given by its viewBox and is shown at
//! the width of its container, so it scales down to a phone without scrolling.
//! Elements are always closed explicitly: an HTML parser would nest unclosed
//! SVG elements inside each other.

use maud::{html, Markup};

/// Colours for series and segments, told apart in print as well as on screen.
pub const PALETTE: [&str; 10] = [
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
    "#bcbd22", "#17becf",
];

/// The colour of the `i`th series, cycling through the palette.
pub fn color(i: usize) -> &'static str {
    PALETTE[i % PALETTE.len()]
}

const W: f64 = 640.0;
const LEFT: f64 = 44.0;
const RIGHT: f64 = 12.0;
const TOP: f64 = 12.0;

/// A coordinate for an attribute: one decimal is finer than any screen needs.
fn n(v: f64) -> String {
    let s = format!("{v:.1}");
    s.strip_suffix(".0").map(String::from).unwrap_or(s)
}

/// The smallest "round" number (1, 2 or 5 times a power of ten) at or above `v`,
/// so axes end on a value people can read.
pub fn nice_max(v: f64) -> f64 {
    if v <= 5.0 {
        // Charts count stands and people: below five, whole steps of one.
        return 5.0;
    }
    let p = 10f64.powf(v.log10().floor());
    for m in [1.0, 2.0, 5.0, 10.0] {
        if v <= m * p {
            return m * p;
        }
    }
    10.0 * p
}

/// How many steps to divide an axis ending at a `nice_max` value into, so
/// that every step is a round number: 2×10ⁿ in fours, 1×10ⁿ and 5×10ⁿ in fives.
pub fn ticks(max: f64) -> u32 {
    let lead = max / 10f64.powf(max.log10().floor());
    if (lead - 2.0).abs() < 1e-9 {
        4
    } else {
        5
    }
}

/// Maps `v` in `from` linearly onto `to`; a zero-width domain maps to the start.
pub fn scale(v: f64, from: (f64, f64), to: (f64, f64)) -> f64 {
    let span = from.1 - from.0;
    if span.abs() < f64::EPSILON {
        return to.0;
    }
    to.0 + (v - from.0) / span * (to.1 - to.0)
}

fn frame(height: f64, label: &str, body: Markup) -> Markup {
    html! {
        svg class="chart" viewBox={ "0 0 " (n(W)) " " (n(height)) } width="100%"
            preserveAspectRatio="xMidYMid meet" role="img" aria-label=(label) {
            title { (label) }
            (body)
        }
    }
}

fn empty(label: &str) -> Markup {
    frame(
        60.0,
        label,
        html! {
            text x=(n(W / 2.0)) y="35" text-anchor="middle" class="muted" { "nothing to show yet" }
        },
    )
}

/// Horizontal grid lines with their values, for a y axis from 0 to `max`.
fn y_axis(max: f64, bottom: f64) -> Markup {
    let ticks = ticks(max);
    html! {
        @for i in 0..=ticks {
            @let v = max * f64::from(i) / f64::from(ticks);
            @let y = scale(v, (0.0, max), (bottom, TOP));
            line class="grid" x1=(n(LEFT)) x2=(n(W - RIGHT)) y1=(n(y)) y2=(n(y)) {}
            text class="tick" x=(n(LEFT - 4.0)) y=(n(y + 4.0)) text-anchor="end" { (n(v)) }
        }
    }
}

/// One line of a step chart: values hold until the next point.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    pub name: String,
    /// (x, y) in data units, x ascending.
    pub points: Vec<(f64, f64)>,
}

/// Step lines over a shared x range, with the range's two ends labelled.
pub fn step_chart(label: &str, series: &[Series], x_labels: (&str, &str)) -> Markup {
    let xs = series.iter().flat_map(|s| s.points.iter().map(|p| p.0));
    let (x0, x1) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), x| {
        (a.min(x), b.max(x))
    });
    if !x0.is_finite() {
        return empty(label);
    }
    let y_top = nice_max(
        series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.1))
            .fold(0.0, f64::max),
    );
    let h = 260.0;
    let bottom = h - 28.0;
    let px = |x: f64| scale(x, (x0, x1), (LEFT, W - RIGHT));
    let py = |y: f64| scale(y, (0.0, y_top), (bottom, TOP));
    frame(
        h,
        label,
        html! {
            (y_axis(y_top, bottom))
            text class="tick" x=(n(LEFT)) y=(n(h - 8.0)) text-anchor="start" { (x_labels.0) }
            text class="tick" x=(n(W - RIGHT)) y=(n(h - 8.0)) text-anchor="end" { (x_labels.1) }
            @for (i, s) in series.iter().enumerate() {
                @let d = step_points(&s.points, &px, &py);
                g class="series" {
                    title { (s.name) }
                    polyline fill="none" stroke=(color(i)) stroke-width="2" points=(d) {}
                }
            }
        },
    )
}

/// The polyline of a step line: each value held flat until the next x.
fn step_points(points: &[(f64, f64)], px: &dyn Fn(f64) -> f64, py: &dyn Fn(f64) -> f64) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut prev: Option<f64> = None;
    for &(x, y) in points {
        if let Some(held) = prev {
            out.push(format!("{},{}", n(px(x)), n(held)));
        }
        out.push(format!("{},{}", n(px(x)), n(py(y))));
        prev = Some(py(y));
    }
    out.join(" ")
}

/// Where each segment of a stacked bar starts: the sum of those before it.
fn bases(values: &[i64]) -> Vec<i64> {
    values
        .iter()
        .scan(0i64, |acc, v| {
            let base = *acc;
            *acc += v;
            Some(base)
        })
        .collect()
}

/// One bar of a stacked bar chart: a value per category.
#[derive(Debug, Clone, PartialEq)]
pub struct Bar {
    pub label: String,
    pub values: Vec<i64>,
}

/// Vertical bars, each stacked by category in `categories` order and coloured
/// by `colors` (the palette where that runs short). Labels are
/// written under the bars while they fit, and are always in the tooltips.
pub fn stacked_bars(label: &str, categories: &[&str], colors: &[&str], bars: &[Bar]) -> Markup {
    if bars.is_empty() {
        return empty(label);
    }
    let y_top = nice_max(
        bars.iter()
            .map(|b| b.values.iter().sum::<i64>() as f64)
            .fold(0.0, f64::max),
    );
    let labelled = bars.len() <= 24;
    let h = if labelled { 300.0 } else { 250.0 };
    let bottom = if labelled { h - 70.0 } else { h - 12.0 };
    let slot = (W - LEFT - RIGHT) / bars.len() as f64;
    let bw = (slot * 0.7).max(0.5);
    let py = |y: f64| scale(y, (0.0, y_top), (bottom, TOP));
    frame(
        h,
        label,
        html! {
            (y_axis(y_top, bottom))
            @for (i, b) in bars.iter().enumerate() {
                @let x = LEFT + slot * i as f64 + (slot - bw) / 2.0;
                g class="bar" {
                    title { (b.label) ": " (b.values.iter().sum::<i64>()) }
                    @for (k, (v, base)) in b.values.iter().zip(bases(&b.values)).enumerate() {
                        @if *v > 0 {
                            rect x=(n(x)) width=(n(bw)) y=(n(py((base + v) as f64)))
                                height=(n(py(base as f64) - py((base + v) as f64))) fill=(colors.get(k).copied().unwrap_or_else(|| color(k))) {
                                title { (b.label) " — " (categories.get(k).copied().unwrap_or("")) ": " (v) }
                            }
                        }
                    }
                    @if labelled {
                        @let cx = x + bw / 2.0;
                        text class="tick" x=(n(cx)) y=(n(bottom + 10.0)) text-anchor="end"
                            transform={ "rotate(-40 " (n(cx)) " " (n(bottom + 10.0)) ")" } { (b.label) }
                    }
                }
            }
        },
    )
}

/// Horizontal bars, one row per label, each stacked by category; for
/// distributions such as stands by experience level.
pub fn stacked_rows(label: &str, categories: &[&str], colors: &[&str], rows: &[Bar]) -> Markup {
    if rows.is_empty() {
        return empty(label);
    }
    let x_top = nice_max(
        rows.iter()
            .map(|b| b.values.iter().sum::<i64>() as f64)
            .fold(0.0, f64::max),
    );
    let row_h = 30.0;
    let left = 96.0;
    let h = TOP + row_h * rows.len() as f64 + 24.0;
    let px = |v: f64| scale(v, (0.0, x_top), (left, W - RIGHT));
    frame(
        h,
        label,
        html! {
            @for i in 0..=ticks(x_top) {
                @let v = x_top * f64::from(i) / f64::from(ticks(x_top));
                line class="grid" x1=(n(px(v))) x2=(n(px(v))) y1=(n(TOP)) y2=(n(h - 20.0)) {}
                text class="tick" x=(n(px(v))) y=(n(h - 6.0)) text-anchor="middle" { (n(v)) }
            }
            @for (i, r) in rows.iter().enumerate() {
                @let y = TOP + row_h * i as f64 + 4.0;
                g class="row" {
                    text class="tick" x=(n(left - 6.0)) y=(n(y + 15.0)) text-anchor="end" { (r.label) }
                    @for (k, (v, base)) in r.values.iter().zip(bases(&r.values)).enumerate() {
                        @if *v > 0 {
                            rect x=(n(px(base as f64))) width=(n(px((base + v) as f64) - px(base as f64)))
                                y=(n(y)) height=(n(row_h - 8.0)) fill=(colors.get(k).copied().unwrap_or_else(|| color(k))) {
                                title { (r.label) " — " (categories.get(k).copied().unwrap_or("")) ": " (v) }
                            }
                        }
                    }
                }
            }
        },
    )
}

/// One mark on a timeline row.
#[derive(Debug, Clone, PartialEq)]
pub struct Mark {
    /// Position in data units (e.g. minutes of campaign time).
    pub x: f64,
    pub label: String,
    /// Index into the palette.
    pub color: usize,
}

/// One row of a timeline, such as a chain of linked battles.
#[derive(Debug, Clone, PartialEq)]
pub struct Lane {
    pub label: String,
    pub marks: Vec<Mark>,
}

/// Rows of marks on a shared time axis, each row joined by a line from its
/// first mark to its last.
pub fn timeline(label: &str, lanes: &[Lane], x_labels: (&str, &str)) -> Markup {
    let xs = lanes.iter().flat_map(|l| l.marks.iter().map(|m| m.x));
    let (x0, x1) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), x| {
        (a.min(x), b.max(x))
    });
    if !x0.is_finite() {
        return empty(label);
    }
    let left = 110.0;
    let lane_h = 26.0;
    let h = TOP + lane_h * lanes.len() as f64 + 24.0;
    let px = |x: f64| scale(x, (x0, x1), (left + 8.0, W - RIGHT - 8.0));
    frame(
        h,
        label,
        html! {
            text class="tick" x=(n(left + 8.0)) y=(n(h - 6.0)) text-anchor="start" { (x_labels.0) }
            text class="tick" x=(n(W - RIGHT)) y=(n(h - 6.0)) text-anchor="end" { (x_labels.1) }
            @for (i, lane) in lanes.iter().enumerate() {
                @let y = TOP + lane_h * i as f64 + lane_h / 2.0;
                @let first = lane.marks.iter().map(|m| px(m.x)).fold(f64::INFINITY, f64::min);
                @let last = lane.marks.iter().map(|m| px(m.x)).fold(f64::NEG_INFINITY, f64::max);
                g class="lane" {
                    text class="tick" x=(n(left)) y=(n(y + 4.0)) text-anchor="end" { (lane.label) }
                    @if first.is_finite() {
                        line class="axis" x1=(n(first)) x2=(n(last)) y1=(n(y)) y2=(n(y)) {}
                    }
                    @for m in &lane.marks {
                        circle cx=(n(px(m.x))) cy=(n(y)) r="6" fill=(color(m.color)) {
                            title { (m.label) }
                        }
                    }
                }
            }
        },
    )
}

/// Straight lines with a dot at each point over categories spaced evenly along
/// x (`x_labels`, one per point), y from 0 to `y_max`, with a legend. Series
/// may leave points out (`None`).
pub fn line_chart(
    label: &str,
    x_labels: &[String],
    series: &[(String, Vec<Option<f64>>)],
    y_max: f64,
) -> Markup {
    if x_labels.is_empty() || series.is_empty() {
        return empty(label);
    }
    // Two legend columns of 290 px hold names of about 40 characters at
    // the tick size; longer names get a column of their own.
    let columns = if series.iter().any(|(name, _)| name.chars().count() > 40) {
        1
    } else {
        2
    };
    let legend_rows = series.len().div_ceil(columns) as f64;
    let h = 300.0 + 18.0 * legend_rows;
    let bottom = 272.0;
    let last = (x_labels.len() - 1).max(1) as f64;
    let px = |i: usize| scale(i as f64, (0.0, last), (LEFT + 8.0, W - RIGHT - 8.0));
    let py = |y: f64| scale(y.clamp(0.0, y_max), (0.0, y_max), (bottom, TOP));
    frame(
        h,
        label,
        html! {
            (y_axis(y_max, bottom))
            @for (i, x) in x_labels.iter().enumerate() {
                text class="tick" x=(n(px(i))) y=(n(bottom + 16.0)) text-anchor="middle" { (x) }
            }
            @for (k, (name, values)) in series.iter().enumerate() {
                @let points: Vec<String> = values.iter().enumerate()
                    .filter_map(|(i, v)| v.map(|v| format!("{},{}", n(px(i)), n(py(v)))))
                    .collect();
                g class="series" {
                    title { (name) }
                    polyline fill="none" stroke=(color(k)) stroke-width="2" points=(points.join(" ")) {}
                    @for (i, v) in values.iter().enumerate() {
                        @if let Some(v) = v {
                            circle cx=(n(px(i))) cy=(n(py(*v))) r="3" fill=(color(k)) {}
                        }
                    }
                }
            }
            @for (k, (name, _)) in series.iter().enumerate() {
                @let x = LEFT + (k % columns) as f64 * 290.0;
                @let y = bottom + 36.0 + (k / columns) as f64 * 18.0;
                line x1=(n(x)) x2=(n(x + 18.0)) y1=(n(y - 4.0)) y2=(n(y - 4.0)) stroke=(color(k)) stroke-width="3" {}
                text class="tick" x=(n(x + 24.0)) y=(n(y)) { (name) }
            }
        },
    )
}

/// A chart as a file of its own: the SVG namespace and the few styles the
/// report's page would otherwise give it.
pub fn standalone(chart: Markup) -> String {
    const STYLE: &str = "<style>.grid{stroke:#e4e4e4;stroke-width:1}.tick{font-size:11px;fill:#555}.muted{fill:#666}</style>";
    let svg = chart.into_string().replacen(
        "<svg ",
        "<svg xmlns=\"http://www.w3.org/2000/svg\" style=\"background:#fff;font-family:sans-serif\" ",
        1,
    );
    // Attribute values are escaped, so the first `>` closes the root tag.
    match svg.find('>') {
        Some(k) => format!("{}{STYLE}{}", &svg[..=k], &svg[k + 1..]),
        None => svg,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOSTILE: &str = "<script>alert(1)</script>";

    fn count(s: &str, needle: &str) -> usize {
        s.matches(needle).count()
    }

    #[test]
    fn long_legend_names_get_a_column_of_their_own() {
        let xs: Vec<String> = vec!["1:1".into(), "2:1".into()];
        let legend_xs = |names: [&str; 2]| {
            let series: Vec<(String, Vec<Option<f64>>)> = names
                .iter()
                .map(|n| (n.to_string(), vec![Some(1.0); 2]))
                .collect();
            let chart = line_chart("x", &xs, &series, 100.0).into_string();
            // Legend texts are the ticks that are not axis labels.
            names
                .iter()
                .map(|n| {
                    let at = chart.find(&format!(">{n}</text>")).unwrap();
                    let tag = &chart[chart[..at].rfind("<text").unwrap()..at];
                    tag.split("x=\"")
                        .nth(1)
                        .unwrap()
                        .split('"')
                        .next()
                        .unwrap()
                        .to_string()
                })
                .collect::<Vec<_>>()
        };
        let short = legend_xs(["open", "cover"]);
        assert_ne!(short[0], short[1], "short names share a row");
        let long = legend_xs([
            "FMA playtest skirmish rules: trained vs trained, cover",
            "ACTION combat system: trained vs trained, cover",
        ]);
        assert_eq!(long[0], long[1], "long names stack in one column");
    }

    #[test]
    fn line_chart_draws_each_series_with_its_points_and_escapes_names() {
        let xs: Vec<String> = ["1:1", "2:1", "3:1"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let chart = line_chart(
            "win rate",
            &xs,
            &[
                ("open".into(), vec![Some(10.0), Some(60.0), Some(95.0)]),
                (HOSTILE.into(), vec![Some(0.0), None, Some(80.0)]),
            ],
            100.0,
        )
        .into_string();
        assert_eq!(count(&chart, "<polyline"), 2);
        assert_eq!(count(&chart, "<circle"), 5);
        assert!(!chart.contains(HOSTILE));
        assert!(chart.contains("2:1"));
        let file = standalone(line_chart(
            "x",
            &xs,
            &[("a".into(), vec![Some(1.0); 3])],
            100.0,
        ));
        assert!(file.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(file.contains("<style>"));
        assert_eq!(count(&file, "<svg"), 1);
        assert!(file.ends_with("</svg>"));
    }

    #[test]
    fn nice_max_rounds_up_to_readable_values() {
        assert_eq!(nice_max(0.0), 5.0);
        assert_eq!(nice_max(1.0), 5.0);
        assert_eq!(nice_max(3.0), 5.0);
        assert_eq!(nice_max(7.0), 10.0);
        assert_eq!(nice_max(26.0), 50.0);
        assert_eq!(nice_max(11.0), 20.0);
        assert_eq!(nice_max(4200.0), 5000.0);
    }

    #[test]
    fn axis_steps_are_whole_numbers() {
        for top in [5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0, 5000.0] {
            let step = top / f64::from(ticks(top));
            assert_eq!(step.fract(), 0.0, "top {top} step {step}");
        }
    }

    #[test]
    fn scale_maps_ends_and_middles() {
        assert_eq!(scale(0.0, (0.0, 10.0), (100.0, 200.0)), 100.0);
        assert_eq!(scale(10.0, (0.0, 10.0), (100.0, 200.0)), 200.0);
        assert_eq!(scale(5.0, (0.0, 10.0), (200.0, 100.0)), 150.0);
        assert_eq!(scale(3.0, (3.0, 3.0), (7.0, 9.0)), 7.0);
    }

    #[test]
    fn charts_scale_to_their_container() {
        let s = step_chart(
            "strength",
            &[Series {
                name: "a".into(),
                points: vec![(0.0, 3.0), (1.0, 2.0)],
            }],
            ("start", "now"),
        )
        .into_string();
        assert!(s.starts_with("<svg"));
        assert!(s.contains("viewBox=\"0 0 640 260\""));
        assert!(s.contains("width=\"100%\""));
        assert!(!s.contains("http"), "no namespace or other URL: {s}");
    }

    #[test]
    fn step_chart_holds_each_value_until_the_next_point() {
        let s = step_chart(
            "x",
            &[Series {
                name: "a".into(),
                points: vec![(0.0, 10.0), (1.0, 5.0)],
            }],
            ("", ""),
        )
        .into_string();
        // y top is 10; the plot runs from y=12 (10) to y=232 (0), x from 44 to 628.
        assert!(
            s.contains("points=\"44,12 628,12 628,122\""),
            "unexpected path: {s}"
        );
    }

    #[test]
    fn stacked_bars_draw_one_rect_per_non_zero_segment() {
        let s = stacked_bars(
            "losses",
            &["light", "dead"],
            &["#f90", "#000"],
            &[
                Bar {
                    label: "b1".into(),
                    values: vec![2, 1],
                },
                Bar {
                    label: "b2".into(),
                    values: vec![0, 3],
                },
            ],
        )
        .into_string();
        assert_eq!(count(&s, "<rect"), 3);
        assert_eq!(count(&s, "</rect>"), 3);
        assert_eq!(count(&s, "fill=\"#000\""), 2);
        // The tallest bar (3) sits under an axis ending at 5.
        assert!(s.contains(">5</text>"));
    }

    #[test]
    fn stacked_segments_sit_on_each_other() {
        let s = stacked_rows(
            "exp",
            &["raw", "veteran"],
            &[],
            &[Bar {
                label: "ifu".into(),
                values: vec![5, 5],
            }],
        )
        .into_string();
        // Axis 0..10 over x 96..628: the second segment starts where the first ends.
        assert!(s.contains("x=\"96\" width=\"266\""), "{s}");
        assert!(s.contains("x=\"362\" width=\"266\""), "{s}");
        assert!(s.contains(&format!("fill=\"{}\"", color(1))));
    }

    #[test]
    fn hostile_labels_are_escaped_everywhere() {
        let charts = [
            step_chart(
                HOSTILE,
                &[Series {
                    name: HOSTILE.into(),
                    points: vec![(0.0, 1.0)],
                }],
                (HOSTILE, HOSTILE),
            ),
            stacked_bars(
                HOSTILE,
                &[HOSTILE],
                &[],
                &[Bar {
                    label: HOSTILE.into(),
                    values: vec![1],
                }],
            ),
            stacked_rows(
                HOSTILE,
                &[HOSTILE],
                &[],
                &[Bar {
                    label: HOSTILE.into(),
                    values: vec![1],
                }],
            ),
            timeline(
                HOSTILE,
                &[Lane {
                    label: HOSTILE.into(),
                    marks: vec![Mark {
                        x: 0.0,
                        label: HOSTILE.into(),
                        color: 0,
                    }],
                }],
                (HOSTILE, HOSTILE),
            ),
        ];
        for c in charts {
            let s = c.into_string();
            assert!(!s.contains("<script"), "unescaped: {s}");
            assert!(s.contains("&lt;script&gt;"), "label missing: {s}");
        }
    }

    #[test]
    fn empty_data_says_so() {
        for s in [
            step_chart("a", &[], ("", "")),
            stacked_bars("a", &[], &[], &[]),
            stacked_rows("a", &[], &[], &[]),
            timeline("a", &[], ("", "")),
        ] {
            assert!(s.into_string().contains("nothing to show yet"));
        }
    }

    #[test]
    fn timeline_places_marks_in_time_order() {
        let s = timeline(
            "chains",
            &[Lane {
                label: "c".into(),
                marks: vec![
                    Mark {
                        x: 0.0,
                        label: "first".into(),
                        color: 0,
                    },
                    Mark {
                        x: 60.0,
                        label: "second".into(),
                        color: 1,
                    },
                ],
            }],
            ("", ""),
        )
        .into_string();
        assert_eq!(count(&s, "<circle"), 2);
        let first = s.find("first").unwrap();
        let second = s.find("second").unwrap();
        assert!(s[..first].contains("cx=\"118\""));
        assert!(s[first..second].contains("cx=\"620\""));
    }

    #[test]
    fn many_bars_drop_their_axis_labels_but_keep_tooltips() {
        let bars: Vec<Bar> = (0..30)
            .map(|i| Bar {
                label: format!("battle-{i}"),
                values: vec![1],
            })
            .collect();
        let s = stacked_bars("many", &["x"], &[], &bars).into_string();
        assert!(!s.contains("rotate("));
        assert!(s.contains("battle-29: 1"));
    }
}
