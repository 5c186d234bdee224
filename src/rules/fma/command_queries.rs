//! `rules fma isolation` and `rules fma command`: whether a figure is
//! isolated and must test on activation (L962-978), and whether a leader
//! can pass an action to a friend and how likely it goes through
//! (L980-1004). Answers in words and JSON, as the other queries.

use serde_json::json;

use super::die::Die;
use super::reaction;
use crate::battle::ruleset::Answer;

/// The chance that `die` beats `target`, rounded clear of summing noise.
fn beats(die: Die, target: i64) -> f64 {
    let p =
        die.faces().filter(|&r| reaction::passes(r, target)).count() as f64 / die.sides() as f64;
    (p * 1e12).round() / 1e12
}

fn check_roll(die: Die, roll: Option<i64>) -> Result<Option<i64>, String> {
    match roll {
        Some(r) if !die.faces().contains(&r) => {
            Err(format!("a {die} shows 1..{}, not {r}", die.sides()))
        }
        r => Ok(r),
    }
}

fn check_inches(what: &str, v: Option<f64>) -> Result<(), String> {
    match v {
        Some(d) if d.is_nan() || d < 0.0 => Err(format!("{what} is 0 or more, not {d}")),
        _ => Ok(()),
    }
}

/// Isolation at activation: no friend in sight within the quality die's
/// size in inches (`friend`: the nearest one, `None` when none is in sight)
/// calls a reaction test; a failure takes no actions but counts as
/// activated.
pub fn isolation(
    quality: Die,
    motivation: i64,
    friend: Option<f64>,
    roll: Option<i64>,
) -> Result<Answer, String> {
    check_inches("--nearest-friend", friend)?;
    let roll = check_roll(quality, roll)?;
    let radius = quality.sides();
    let near = match friend {
        Some(d) => format!("nearest friend {d}\""),
        None => "no friend in sight".to_string(),
    };
    if !reaction::isolated(quality, friend) {
        return Ok(Answer {
            json: json!({"quality": quality, "radius": radius, "nearest_friend": friend,
                "isolated": false}),
            text: format!("{quality} figure, {near}: within {radius}\", not isolated, no test"),
        });
    }
    let target = reaction::target(motivation, 0);
    let head = format!(
        "{quality} figure, {near}: isolated (beyond {radius}\"), tests {quality} against {target}"
    );
    Ok(match roll {
        Some(r) => {
            let acts = reaction::passes(r, target);
            Answer {
                json: json!({"quality": quality, "radius": radius, "nearest_friend": friend,
                    "isolated": true, "target": target, "roll": r, "acts": acts}),
                text: format!(
                    "{head}: {r}, {}",
                    if acts {
                        "passes and acts"
                    } else {
                        "fails: no actions this turn, but counts as activated"
                    }
                ),
            }
        }
        None => {
            let p = beats(quality, target);
            Answer {
                json: json!({"quality": quality, "radius": radius, "nearest_friend": friend,
                    "isolated": true, "target": target, "p": {"acts": p,
                    "does_nothing": ((1.0 - p) * 1e12).round() / 1e12}}),
                text: format!("{head}: acts {p:.4}, does nothing {:.4}", 1.0 - p),
            }
        }
    })
}

/// A leader passing one action: the friend must be in sight within the
/// leader's command radius (its quality die's size in inches), and the
/// leader's die must beat both motivations added; a failure loses the
/// leader's action.
pub fn command(
    leader: Die,
    leader_motivation: i64,
    figure_motivation: i64,
    inches: f64,
    roll: Option<i64>,
) -> Result<Answer, String> {
    check_inches("--inches", Some(inches))?;
    let roll = check_roll(leader, roll)?;
    let radius = reaction::command_radius(leader);
    if inches > radius as f64 {
        return Ok(Answer {
            json: json!({"leader": leader, "radius": radius, "inches": inches,
                "in_radius": false}),
            text: format!(
                "{leader} leader, friend {inches}\" away: beyond the command radius of {radius}\", no transfer"
            ),
        });
    }
    let target = reaction::transfer_target(leader_motivation, figure_motivation);
    let head = format!(
        "{leader} leader, friend {inches}\" away (radius {radius}\"): {leader} against {leader_motivation} + {figure_motivation} = {target}"
    );
    Ok(match roll {
        Some(r) => {
            let done = reaction::passes(r, target);
            Answer {
                json: json!({"leader": leader, "radius": radius, "inches": inches,
                    "in_radius": true, "target": target, "roll": r, "transferred": done}),
                text: format!(
                    "{head}: {r}, {}",
                    if done {
                        "the friend takes one action at once"
                    } else {
                        "the leader's action is lost"
                    }
                ),
            }
        }
        None => {
            let p = beats(leader, target);
            Answer {
                json: json!({"leader": leader, "radius": radius, "inches": inches,
                    "in_radius": true, "target": target, "p": {"transferred": p,
                    "lost": ((1.0 - p) * 1e12).round() / 1e12}}),
                text: format!("{head}: transferred {p:.4}, lost {:.4}", 1.0 - p),
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_texts_command_example_and_isolation_radius() {
        // L992-1004: a Veteran 1 leader, a Green 3 friend 7" off: within
        // 10", a 5 passes and a 4 fails.
        let a = command(Die::D10, 1, 3, 7.0, Some(5)).unwrap();
        assert_eq!(a.json["transferred"], true, "{}", a.text);
        let a = command(Die::D10, 1, 3, 7.0, Some(4)).unwrap();
        assert_eq!(a.json["transferred"], false, "{}", a.text);
        let a = command(Die::D10, 1, 3, 7.0, None).unwrap();
        assert_eq!(a.json["p"]["transferred"], 0.6);
        assert_eq!(
            command(Die::D8, 1, 1, 9.0, None).unwrap().json["in_radius"],
            false
        );
        // A Green figure is isolated beyond 6", a Veteran beyond 10".
        assert_eq!(
            isolation(Die::D6, 2, Some(6.0), None).unwrap().json["isolated"],
            false
        );
        let a = isolation(Die::D6, 2, Some(7.0), None).unwrap();
        assert_eq!(a.json["p"]["acts"], 0.666666666667, "{}", a.text);
        assert_eq!(
            isolation(Die::D10, 3, None, Some(3)).unwrap().json["acts"],
            false
        );
        assert!(isolation(Die::D8, 2, Some(-1.0), None).is_err());
        assert!(command(Die::D8, 2, 2, 3.0, Some(9)).is_err());
    }
}
