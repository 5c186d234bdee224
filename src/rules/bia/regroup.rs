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

/// People per stand by training (BiA L189–206): civilians around 50,
/// recruits about 30, trained squads 8 to 10 (the top of the range),
/// regulars fire teams of four, special forces pairs.
pub const STAND_SIZE: [(Training, i64); 5] = [
    (Training::Civilian, 50),
    (Training::Recruits, 30),
    (Training::Trained, 10),
    (Training::Regular, 4),
    (Training::SpecialForces, 2),
];

/// The most people a stand of this training holds.
pub fn stand_size(training: Training) -> i64 {
    STAND_SIZE
        .iter()
        .find(|(t, _)| *t == training)
        .map(|(_, n)| *n)
        .expect("every training is in the table")
}

/// The stand that a regroup makes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Merged {
    pub sources: Vec<String>,
    pub training: Training,
    pub men: i64,
    pub actions: i64,
    /// Fit people taken from each source, in order; the rest stay at the aid
    /// post with their stand.
    pub taken: Vec<i64>,
}

/// Why stands cannot merge.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RegroupError {
    #[error("name a stand to regroup")]
    TooFew,
    #[error("{0} and {1} are different kinds of stand")]
    Mixed(String, String),
    #[error("{0} stands cannot regroup")]
    NotAllowed(String),
    #[error("together they have {fit} fit people; a regrouped stand needs {needed}")]
    TooWeak { fit: i64, needed: i64 },
}

/// Merges stands of one row (or re-forms one stand): their fit people form
/// one stand, with the lower training and the head-count weighted average of
/// the actions of the people taken (rounded down). The new stand holds no
/// more than its training's stand size; people beyond it are taken from the
/// last sources last and stay at the aid post.
pub fn regroup(stands: &[AidPostStand]) -> Result<Merged, RegroupError> {
    let [first, ..] = stands else {
        return Err(RegroupError::TooFew);
    };
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
    let training = stands
        .iter()
        .map(|s| s.training)
        .min()
        .unwrap_or(first.training);
    let mut room = fit.min(stand_size(training).max(effects.destroyed));
    let taken: Vec<i64> = stands
        .iter()
        .map(|s| {
            let n = s.fit().min(room);
            room -= n;
            n
        })
        .collect();
    let men: i64 = taken.iter().sum();
    let weighted: i64 = stands.iter().zip(&taken).map(|(s, n)| n * s.actions).sum();
    Ok(Merged {
        sources: stands.iter().map(|s| s.code.clone()).collect(),
        training,
        men,
        actions: weighted / men.max(1),
        taken,
    })
}

/// Groups stands greedily: within each row, strongest first, each group
/// growing until it is strong enough (a stand strong enough on its own
/// re-forms alone); leftovers stay at the aid post.
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
            if fit >= row.effects().destroyed {
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
    fn stand_sizes_match_the_document() {
        // L189-206: civilians ~50, recruits ~30, trained 8-10, regulars 4, SF pairs.
        let printed = [
            (Training::Civilian, 50),
            (Training::Recruits, 30),
            (Training::Trained, 10),
            (Training::Regular, 4),
            (Training::SpecialForces, 2),
        ];
        for (t, n) in printed {
            assert_eq!(stand_size(t), n, "{t:?}");
        }
    }

    #[test]
    fn a_regroup_stops_at_the_stand_size_and_leaves_the_rest() {
        // Review case E: 3 + 4 fit HMA regulars make one team of four.
        let m = regroup(&[
            s("a2-1", HitRow::Hma, Training::Regular, 3, 0, 10),
            s("a2-2", HitRow::Hma, Training::Regular, 4, 0, 2),
        ])
        .unwrap();
        assert_eq!((m.men, m.taken.clone(), m.actions), (4, vec![3, 1], 8));
        // Trained militia: 12 fit make a squad of 10.
        let m = regroup(&[
            s("a", HitRow::Militia, Training::Trained, 8, 2, 0),
            s("b", HitRow::Militia, Training::Trained, 8, 2, 0),
        ])
        .unwrap();
        assert_eq!((m.men, m.taken), (10, vec![6, 4]));
    }

    #[test]
    fn one_stand_strong_enough_re_forms_alone() {
        let alone = [s("mil", HitRow::Militia, Training::Trained, 12, 4, 3)];
        let m = regroup(&alone).unwrap();
        assert_eq!((m.men, m.actions), (8, 3));
        assert_eq!(auto_groups(&alone).len(), 1);
        let short = [s("a2-1", HitRow::Hma, Training::Regular, 3, 0, 0)];
        assert_eq!(
            regroup(&short),
            Err(RegroupError::TooWeak { fit: 3, needed: 4 })
        );
        assert_eq!(regroup(&[]), Err(RegroupError::TooFew));
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
