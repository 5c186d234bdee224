//! Setting up an FMA battle: every fit person of a stand becomes a figure,
//! placed once per battle; each run starts from a copy of the places.

use super::bits::Bits;
use super::screen::Kit;
use super::Near;
use super::{
    figure_arm, fire_option, has_cover_lines, heavy_pa_option, Battle, Figure, Place, Prepared,
    StandState, State, COVER_EVERY, SPACING,
};
use crate::battle::log::Log;
use crate::battle::result::Role;
use crate::battle::ruleset::BattleError;
use crate::battle::setup::BattleSetup;
use crate::battle::shared_events::Shared;
use crate::core::dice::Roller;
use crate::core::kinds::{Cover as CampaignCover, StandType};
use crate::rules::fma::armour::{campaign_armour, powered, suit_burden, Cover};
use crate::rules::fma::quality::{motivation, quality_die};
use crate::rules::fma::reaction;
use crate::rules::fma::weapons::{self, Arm};
use std::cell::Cell;

impl<'a> Prepared<'a> {
    pub(crate) fn new(setup: &'a BattleSetup, log: bool) -> Result<Self, BattleError> {
        let option = fire_option(setup).map_err(BattleError::Setup)?;
        let heavy_pa = heavy_pa_option(setup).map_err(BattleError::Setup)?;
        let range_in = (setup.range_cm as f64 / 2.54).round().max(1.0);
        let defender_cover = match setup.defender_cover {
            CampaignCover::Open => Cover::None,
            CampaignCover::Cover => Cover::Soft,
            CampaignCover::Bunker => Cover::Hard,
        };
        let mut p = Prepared {
            setup,
            log,
            option,
            figures: Vec::new(),
            names: Vec::new(),
            stands: Vec::new(),
            stand_roles: Vec::new(),
            places: Vec::new(),
            start: [0, 0],
            range_in,
            defender_cover,
            cover_every: has_cover_lines(&setup.terrain).then_some(COVER_EVERY),
            ys: Vec::new(),
            leaders: Bits::default(),
            leader_words: Bits::default(),
            max_aimed_reach: 0.0,
            max_reach: 0.0,
            guns: Vec::new(),
            side_aimed_reach: [0.0; 2],
            smoke: Kit {
                by_figure: Vec::new(),
                rounds: Vec::new(),
            },
            windows: Vec::new(),
            only_watch: Bits::default(),
        };
        for role in [Role::Attacker, Role::Defender] {
            let force = setup.force(role);
            let first = p.figures.len();
            for s in &force.stands {
                let st = p.stands.len();
                p.stands.push(s);
                p.stand_roles.push(role);
                let n = (s.men - s.hits).max(0) as usize;
                let mounted = matches!(s.stand_type, StandType::Vehicle | StandType::Aircraft);
                for k in 1..=n {
                    let leader = k == 1;
                    let arm = figure_arm(s, k, n);
                    let gunner =
                        weapons::heavy(s.weapon) && arm == weapons::campaign_weapon(s.weapon);
                    p.figures.push(Figure {
                        role,
                        stand: st,
                        number: k,
                        quality: quality_die(s.training, s.actions, leader && s.officer),
                        motivation: motivation(s.morale.morale),
                        armour: campaign_armour(s.equipment, heavy_pa),
                        arm,
                        burden: suit_burden(s.equipment, gunner),
                        powered: powered(s.equipment),
                        leader,
                        mounted,
                        crewed: gunner && !mounted && matches!(arm, Arm::Gun(_)),
                        loads_for: None,
                        y: 0.0,
                    });
                    p.names.push(format!("{}#{k}", s.code));
                    let x = if role == Role::Attacker {
                        range_in
                    } else {
                        0.0
                    };
                    p.places.push(Place {
                        x,
                        y: 0.0,
                        cover: if mounted {
                            Cover::Hard
                        } else if role == Role::Defender {
                            defender_cover
                        } else {
                            Cover::None
                        },
                        up: true,
                        dead: false,
                        suppressed: false,
                        activated: false,
                        overwatch: false,
                        shot_at: false,
                        // A defender's weapon waits on its mount (the
                        // position was prepared); an attacker's is set up
                        // where the attack brings it.
                        set_up: role == Role::Defender,
                        moved: false,
                    });
                }
                let stand_first = p.figures.len() - n;
                super::crew::name_loader(&mut p.figures, stand_first);
            }
            let count = p.figures.len() - first;
            if count == 0 {
                return Err(BattleError::NoForce {
                    battle: setup.code.clone(),
                    role: role.as_str(),
                });
            }
            for (i, f) in p.figures[first..].iter_mut().enumerate() {
                f.y = (i as f64 - (count - 1) as f64 / 2.0) * SPACING;
            }
            p.start[role.index()] = count;
        }
        // Searches by reach rely on each side standing in order across.
        debug_assert!(p
            .figures
            .windows(2)
            .all(|w| w[0].role != w[1].role || w[0].y < w[1].y));
        p.ys = p.figures.iter().map(|f| f.y).collect();
        for (pl, fig) in p.places.iter_mut().zip(&p.figures) {
            pl.y = fig.y;
        }
        p.guns = p
            .figures
            .iter()
            .map(|f| match f.arm {
                Arm::Gun(w) if p.stands[f.stand].ammo > 0 => super::GunEntry {
                    gun: Some(w),
                    crewed: f.crewed,
                },
                _ => super::GunEntry {
                    gun: None,
                    crewed: f.crewed,
                },
            })
            .collect();
        debug_assert!(p.places.iter().zip(&p.ys).all(|(pl, &y)| pl.y == y));
        p.smoke = Kit::new(&p.figures, &p.stands);
        p.leaders = Bits::new(p.figures.len());
        let least = |role: Role| {
            p.figures
                .iter()
                .filter(|g| g.role == role)
                .map(|g| g.motivation)
                .min()
                .unwrap_or(i64::MAX / 4)
        };
        let least = [least(Role::Attacker), least(Role::Defender)];
        for (f, fig) in p.figures.iter().enumerate() {
            let can = fig.quality.sides()
                > reaction::transfer_target(fig.motivation, least[fig.role.index()]);
            p.leaders.set(f, fig.leader && can);
            if let Arm::Gun(w) = fig.arm {
                p.max_aimed_reach = p.max_aimed_reach.max(w.reach(true));
                p.max_reach = p.max_reach.max(w.reach(false));
                let side = &mut p.side_aimed_reach[fig.role.index()];
                *side = side.max(w.reach(true));
            }
        }
        p.leader_words = p.leaders.summary();
        p.windows = p.find_windows();
        p.only_watch = Bits::new(p.figures.len());
        for (f, fig) in p.figures.iter().enumerate() {
            let still = !fig.advances() && fig.may_idle() && p.guns[f].gun.is_some();
            p.only_watch.set(f, still);
        }
        Ok(p)
    }

    pub(crate) fn start(&self, dice: Roller) -> State {
        State {
            dice,
            places: self.places.clone(),
            stands: vec![StandState::default(); self.stands.len()],
            turn: 0,
            log: Log::new(self.log),
            over: None,
            alive: self.marks(|pl| pl.up),
            ready: self.marks(|pl| pl.up && !pl.activated),
            pinned: self.marks(|pl| pl.up && pl.suppressed),
            watching: self.marks(|pl| pl.up && pl.overwatch),
            front: [None; 2],
            back: [Role::Attacker, Role::Defender].map(|r| self.back_at_start(r)),
            unsure: self.leaders.clone(),
            unsure_words: self.leader_words.clone(),
            first_ready: [0; 2],
            first_free: [0; 2],
            clock: 0,
            stamps: vec![0; self.places.len().div_ceil(super::geometry::BUCKET)],
            near: vec![Cell::new(Near::NONE); self.places.len()],
            remote: Bits::new(self.places.len()),
            clouds: Vec::new(),
            smoke_rounds: self.smoke.rounds.clone(),
        }
    }

    /// A side's back (`State::back`) as the battle starts.
    fn back_at_start(&self, role: Role) -> Option<(f64, u32)> {
        let xs = (0..self.figures.len())
            .filter(|&g| self.figures[g].role == role && self.places[g].up)
            .map(|g| self.places[g].x);
        super::geometry::least(xs)
    }

    fn marks(&self, on: impl Fn(&Place) -> bool) -> Bits {
        let mut b = Bits::new(self.places.len());
        for (f, pl) in self.places.iter().enumerate() {
            b.set(f, on(pl));
        }
        b
    }
}

impl Battle<'_, '_> {
    pub(super) fn setup_event(&mut self) {
        let mut ev = Shared::setup(
            self.p.setup,
            self.p.start,
            "figures",
            (self.p.range_in as i64, "in"),
            Some(format!("{} fire", self.p.option.name())),
        );
        if let Shared::Setup { cover, .. } = &mut ev {
            // FMA's own words for the defenders' cover.
            *cover = match self.p.defender_cover {
                Cover::None => "in the open",
                Cover::Soft => "in soft cover",
                Cover::Hard => "in hard cover",
            }
            .to_string();
        }
        self.log(None, move |_| ev);
    }
}
