//! Experience levels from actions fought, and the promotion of civilians.

use crate::core::kinds::{Experience, Training};

/// Actions at which a stand becomes seasoned, and veteran.
pub const SEASONED_AT: i64 = 15;
pub const VETERAN_AT: i64 = 30;

/// The experience level of a stand that has fought `actions` actions.
pub fn experience(training: Training, actions: i64) -> Experience {
    match actions {
        a if a <= 0 => {
            if training <= Training::Recruits {
                Experience::Raw
            } else {
                Experience::Novice
            }
        }
        a if a < SEASONED_AT => Experience::Experienced,
        a if a < VETERAN_AT => Experience::Seasoned,
        _ => Experience::Veteran,
    }
}

/// Civilians who survive long enough to be seasoned count as recruits.
pub fn effective_training(training: Training, actions: i64) -> Training {
    if training == Training::Civilian && actions >= SEASONED_AT {
        Training::Recruits
    } else {
        training
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn levels_by_actions() {
        use Experience::*;
        let cases = [
            (Training::Civilian, 0, Raw),
            (Training::Recruits, 0, Raw),
            (Training::Trained, 0, Novice),
            (Training::Regular, 0, Novice),
            (Training::SpecialForces, 0, Novice),
            (Training::Regular, 1, Experienced),
            (Training::Regular, 14, Experienced),
            (Training::Regular, 15, Seasoned),
            (Training::Regular, 29, Seasoned),
            (Training::Regular, 30, Veteran),
            (Training::Recruits, 100, Veteran),
        ];
        for (t, a, e) in cases {
            assert_eq!(experience(t, a), e, "{t} with {a} actions");
        }
    }

    #[test]
    fn civilians_become_recruits_at_fifteen() {
        assert_eq!(
            effective_training(Training::Civilian, 14),
            Training::Civilian
        );
        assert_eq!(
            effective_training(Training::Civilian, 15),
            Training::Recruits
        );
        assert_eq!(effective_training(Training::Trained, 40), Training::Trained);
    }

    proptest! {
        #[test]
        fn experience_never_goes_down(t in 0usize..5, a in 0i64..200, more in 0i64..50) {
            let t = Training::ALL[t];
            prop_assert!(experience(t, a) <= experience(t, a + more));
        }
    }
}
