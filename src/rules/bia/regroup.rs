//! Regrouping: survivors of ineffective stands at the aid post merging into one
//! effective stand.

use serde::Serialize;

use super::hit_effects::HitRow;
use crate::core::kinds::Training;

/// A stand at the aid post, as regrouping sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AidPostStand {
    pub code: String,
    pub row: HitRow,
    pub training: Training,
    pub men: i64,
    pub hits: i64,
    pub actions: i64,
}

impl AidPostStand {
    pub fn fit(&self) -> i64 {
        (self.men - self.hits).max(0)
    }
}

/// The stand that a regroup makes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Merged {
    pub sources: Vec<String>,
    pub training: Training,
    pub men: i64,
    pub actions: i64,
}

/// Why stands cannot merge.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RegroupError {
    #[error("name at least two stands to regroup")]
    TooFew,
    #[error("{0} and {1} are different kinds of stand")]
    Mixed(String, String),
    #[error("{0} stands cannot regroup")]
    NotAllowed(String),
    #[error("together they have {fit} fit people; a regrouped stand needs {needed}")]
    TooWeak { fit: i64, needed: i64 },
}

/// Merges stands of one row: their fit people form one stand, with the lower
/// training and the head-count weighted average of actions (rounded down).
pub fn regroup(stands: &[AidPostStand]) -> Result<Merged, RegroupError> {
    let [first, ..] = stands else {
        return Err(RegroupError::TooFew);
    };
    if stands.len() < 2 {
        return Err(RegroupError::TooFew);
    }
    if let Some(other) = stands.iter().find(|s| s.row != first.row) {
        return Err(RegroupError::Mixed(first.code.clone(), other.code.clone()));
    }
    let effects = first.row.effects();
    if !effects.regroups {
        return Err(RegroupError::NotAllowed(format!("{:?}", first.row)));
    }
    let fit: i64 = stands.iter().map(AidPostStand::fit).sum();
    if fit < effects.destroyed {
        return Err(RegroupError::TooWeak {
            fit,
            needed: effects.destroyed,
        });
    }
    let weighted: i64 = stands.iter().map(|s| s.fit() * s.actions).sum();
    Ok(Merged {
        sources: stands.iter().map(|s| s.code.clone()).collect(),
        training: stands
            .iter()
            .map(|s| s.training)
            .min()
            .unwrap_or(first.training),
        men: fit,
        actions: weighted / fit.max(1),
    })
}

/// Pairs stands greedily: within each row, strongest first, each group growing
/// until it is strong enough; leftovers stay at the aid post.
pub fn auto_groups(stands: &[AidPostStand]) -> Vec<Vec<AidPostStand>> {
    let mut out = Vec::new();
    let mut rows: Vec<HitRow> = Vec::new();
    for s in stands {
        if !rows.contains(&s.row) {
            rows.push(s.row);
        }
    }
    for row in rows {
        if !row.effects().regroups {
            continue;
        }
        let mut pool: Vec<AidPostStand> = stands
            .iter()
            .filter(|s| s.row == row && s.fit() > 0)
            .cloned()
            .collect();
        pool.sort_by(|a, b| b.fit().cmp(&a.fit()).then(a.code.cmp(&b.code)));
        let mut group: Vec<AidPostStand> = Vec::new();
        for s in pool {
            group.push(s);
            let fit: i64 = group.iter().map(AidPostStand::fit).sum();
            if group.len() >= 2 && fit >= row.effects().destroyed {
                out.push(std::mem::take(&mut group));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(
        code: &str,
        row: HitRow,
        training: Training,
        men: i64,
        hits: i64,
        actions: i64,
    ) -> AidPostStand {
        AidPostStand {
            code: code.into(),
            row,
            training,
            men,
            hits,
            actions,
        }
    }

    #[test]
    fn two_hma_stands_with_two_hits_make_one() {
        let m = regroup(&[
            s("a", HitRow::Hma, Training::Regular, 4, 2, 10),
            s("b", HitRow::Hma, Training::Regular, 4, 2, 2),
        ])
        .unwrap();
        assert_eq!((m.men, m.actions), (4, 6));
    }

    #[test]
    fn refusals() {
        let weak = [
            s("a", HitRow::Hma, Training::Regular, 4, 3, 0),
            s("b", HitRow::Hma, Training::Regular, 4, 2, 0),
        ];
        assert_eq!(
            regroup(&weak),
            Err(RegroupError::TooWeak { fit: 3, needed: 4 })
        );
        let crews = [
            s("a", HitRow::VehicleCrews, Training::Regular, 4, 2, 0),
            s("b", HitRow::VehicleCrews, Training::Regular, 4, 2, 0),
        ];
        assert!(matches!(regroup(&crews), Err(RegroupError::NotAllowed(_))));
        let mixed = [
            s("a", HitRow::Hma, Training::Regular, 4, 2, 0),
            s("b", HitRow::Lta, Training::Regular, 4, 2, 0),
        ];
        assert!(matches!(regroup(&mixed), Err(RegroupError::Mixed(..))));
    }

    #[test]
    fn lower_training_wins() {
        let m = regroup(&[
            s("a", HitRow::Militia, Training::Trained, 8, 3, 0),
            s("b", HitRow::Militia, Training::Regular, 8, 3, 0),
        ])
        .unwrap();
        assert_eq!(m.training, Training::Trained);
        assert_eq!(m.men, 10);
    }

    #[test]
    fn auto_groups_greedily() {
        let pool = [
            s("a", HitRow::Hma, Training::Regular, 4, 2, 0),
            s("b", HitRow::Hma, Training::Regular, 4, 2, 0),
            s("c", HitRow::Hma, Training::Regular, 4, 3, 0),
        ];
        let groups = auto_groups(&pool);
        assert_eq!(groups.len(), 1);
        assert_eq!(
            groups[0]
                .iter()
                .map(|s| s.code.as_str())
                .collect::<Vec<_>>(),
            ["a", "b"]
        );
    }
}
