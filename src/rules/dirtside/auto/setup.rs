//! Setting up a Dirtside battle: campaign units and stands become units and
//! elements once per battle (leader, command unit, quality), and each run
//! starts from a copy with the full chit pot.

use super::{Battle, Element, Post, Prepared, State, Unit};
use crate::battle::drive::check_forces;
use crate::battle::log::Log;
use crate::battle::result::Role;
use crate::battle::ruleset::BattleError;
use crate::battle::setup::BattleSetup;
use crate::battle::shared_events::Shared;
use crate::core::dice::Roller;
use crate::core::kinds::{Cover as CampaignCover, StandType};
use crate::rules::dirtside::chits::Pot;
use crate::rules::dirtside::confidence::Level;
use crate::rules::dirtside::elements;
use crate::rules::dirtside::quality::Quality;

impl<'a> Prepared<'a> {
    pub(crate) fn new(setup: &'a BattleSetup, log: bool) -> Result<Self, BattleError> {
        check_forces(setup)?;
        let pot = Pot::from_options(&setup.options).map_err(BattleError::Setup)?;
        let range_in = ((setup.range_cm as f64) / 2.54).round() as i64;
        let mut p = Prepared {
            setup,
            log,
            codes: Vec::new(),
            unit_codes: Vec::new(),
            members: Vec::new(),
            elements: Vec::new(),
            units: Vec::new(),
            pot: pot.chits(),
            range_in,
        };
        for role in [Role::Attacker, Role::Defender] {
            let force = setup.force(role);
            let post = match (role, setup.defender_cover) {
                (Role::Attacker, _) | (_, CampaignCover::Open) => Post::Open,
                (_, CampaignCover::Cover) => Post::Soft,
                (_, CampaignCover::Bunker) => Post::Dug,
            };
            for s in &force.stands {
                let u = match (0..p.units.len())
                    .find(|&u| p.units[u].role == role && p.unit_codes[u] == s.unit)
                {
                    Some(u) => u,
                    None => {
                        let us = force.units.iter().find(|x| x.code == s.unit);
                        p.units.push(Unit {
                            role,
                            quality: Quality::Green,
                            leadership: us.map(|x| x.leadership.clamp(1, 3)).unwrap_or(2),
                            level: us
                                .map(|x| Level::from_campaign(x.confidence))
                                .unwrap_or(Level::Confident),
                            start: 0,
                            leader: p.elements.len(),
                            command: false,
                            first_loss: false,
                            half_tested: false,
                            marker: false,
                            activated: false,
                            out: false,
                            attacked_before: false,
                            skip_next: false,
                            evading: false,
                            dist: if role == Role::Attacker { range_in } else { 0 },
                            post,
                            moved: 0,
                        });
                        p.unit_codes.push(&s.unit);
                        p.members.push(Vec::new());
                        p.units.len() - 1
                    }
                };
                let over = setup.options.get(&elements::override_key(&s.code));
                let make =
                    elements::make(s, over.map(String::as_str)).map_err(BattleError::Setup)?;
                p.members[u].push(p.elements.len());
                p.codes.push(&s.code);
                p.elements.push(Element {
                    role,
                    unit: u,
                    make,
                    people: (s.men - s.hits).max(0),
                    commander: s.stand_type == StandType::Commander,
                    alive: true,
                    damaged: false,
                    immobilised: false,
                    systems_down: false,
                    lost: false,
                    knockout: None,
                    fired: false,
                    under_fire: false,
                    ammo_spent: 0,
                });
            }
        }
        for (u, unit) in p.units.iter_mut().enumerate() {
            let ms = &p.members[u];
            unit.start = ms.len();
            // The leader: a commander or officer's stand, else the first.
            let stands: Vec<&crate::battle::setup::StandSetup> = ms
                .iter()
                .filter_map(|&e| {
                    setup
                        .force(unit.role)
                        .stands
                        .iter()
                        .find(|s| s.code == p.codes[e])
                })
                .collect();
            unit.leader = ms
                .iter()
                .zip(&stands)
                .find(|(_, s)| s.stand_type == StandType::Commander || s.officer)
                .map(|(e, _)| *e)
                .unwrap_or(ms[0]);
            unit.command = stands.iter().all(|s| s.stand_type == StandType::Commander);
            // The unit's quality: the commonest among its stands, the better on a tie.
            let mut tally = [0usize; 3];
            for s in &stands {
                tally[Quality::of_stand(s.training, s.actions) as usize] += 1;
            }
            let best = *tally.iter().max().unwrap_or(&0);
            unit.quality = Quality::ALL
                .into_iter()
                .rev()
                .find(|q| tally[*q as usize] == best)
                .unwrap_or(Quality::Green);
        }
        Ok(p)
    }

    pub(crate) fn start(&self, dice: Roller) -> State {
        State {
            dice,
            pot: self.pot.clone(),
            elements: self.elements.clone(),
            units: self.units.clone(),
            turn: 0,
            log: Log::new(self.log),
            command_lost: [false; 2],
            over: None,
        }
    }
}

impl Battle<'_, '_> {
    pub(super) fn setup_event(&mut self) {
        let count = |r| self.p.units.iter().filter(|u| u.role == r).count();
        let mut ev = Shared::setup(
            self.p.setup,
            [count(Role::Attacker), count(Role::Defender)],
            "units",
            (self.p.range_in, "in"),
            Some(format!("{} chits in the pot", self.p.pot.len())),
        );
        if let Shared::Setup { cover, .. } = &mut ev {
            // Dirtside's own words for a position.
            *cover = match self.p.setup.defender_cover {
                CampaignCover::Open => Post::Open.name(),
                CampaignCover::Cover => Post::Soft.name(),
                CampaignCover::Bunker => Post::Dug.name(),
            }
            .to_string();
        }
        self.log(None, move |_| ev);
    }
}
