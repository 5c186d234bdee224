//! Regrouping depleted units into one: the better leadership, the quality of
//! the larger unit (the better on a tie), and the average confidence rounded
//! toward the better level (SPEC 9.4, 4.5).

use serde::Serialize;

use super::confidence::Level;
use super::quality::Quality;

/// One unit as regrouping sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Remnant {
    pub quality: Quality,
    pub leadership: i64,
    pub confidence: Level,
    pub elements: i64,
}

impl Remnant {
    /// Reads `QUALITY:LEADERSHIP:LEVEL:ELEMENTS`.
    pub fn parse(s: &str) -> Result<Remnant, String> {
        let parts: Vec<&str> = s.split(':').collect();
        let [q, l, c, e] = parts.as_slice() else {
            return Err(format!(
                "`{s}`: write QUALITY:LEADERSHIP:LEVEL:ELEMENTS, e.g. veteran:2:broken:2"
            ));
        };
        let leadership: i64 = l
            .parse()
            .ok()
            .filter(|v| (1..=3).contains(v))
            .ok_or_else(|| format!("`{s}`: leadership is 1..3"))?;
        let elements: i64 = e
            .parse()
            .ok()
            .filter(|v| *v >= 1)
            .ok_or_else(|| format!("`{s}`: elements is a whole number, 1 or more"))?;
        Ok(Remnant {
            quality: Quality::parse(q)?,
            leadership,
            confidence: Level::parse(c)?,
            elements,
        })
    }
}

/// The new unit from two or more.
pub fn regroup(units: &[Remnant]) -> Option<Remnant> {
    if units.len() < 2 {
        return None;
    }
    let largest = units.iter().map(|u| u.elements).max()?;
    let quality = units
        .iter()
        .filter(|u| u.elements == largest)
        .map(|u| u.quality)
        .max()?;
    let leadership = units.iter().map(|u| u.leadership).min()?;
    let sum: usize = units.iter().map(|u| u.confidence.index()).sum();
    // The mean index rounded down is the better level.
    let confidence = Level::ALL[sum / units.len()];
    Some(Remnant {
        quality,
        leadership,
        confidence,
        elements: units.iter().map(|u| u.elements).sum(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_regroup_example() {
        let a = Remnant::parse("veteran:2:broken:2").unwrap();
        let b = Remnant::parse("regular:3:steady:3").unwrap();
        let n = regroup(&[a, b]).unwrap();
        assert_eq!(n.quality, Quality::Regular);
        assert_eq!(n.leadership, 2);
        assert_eq!(n.confidence, Level::Shaken);
        assert_eq!(n.elements, 5);
    }

    #[test]
    fn rounding_and_ties_go_to_the_better() {
        let a = Remnant::parse("green:3:co:2").unwrap();
        let b = Remnant::parse("veteran:1:br:2").unwrap();
        let n = regroup(&[a, b]).unwrap();
        assert_eq!(n.confidence, Level::Steady, "CO and BR average to ST");
        assert_eq!(
            n.quality,
            Quality::Veteran,
            "equal sizes take the better quality"
        );
        assert!(regroup(&[a]).is_none());
        assert!(Remnant::parse("green:4:co:2").is_err());
        assert!(Remnant::parse("green:2:co").is_err());
    }
}
