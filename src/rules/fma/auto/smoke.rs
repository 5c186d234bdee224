//! Smoke and gas clouds in a battle (L1279-1342): laying one with a grenade
//! or rocket (deviating like any explosive), the lines of fire it blocks,
//! the figures it catches when it lands or they move through it, and the
//! end-of-turn roll that clears it. Only the table lays clouds for now: the
//! auto-resolver has no smoke doctrine, so its battles keep `clouds` empty.

use serde::Serialize;

use super::events::Rolled;
use super::Battle;
use crate::battle::event::Happening;
use crate::core::dice::Roll;
use crate::rules::fma::die::Die;
use crate::rules::fma::explosives::{deviation, deviation_die, target_number, Explosive, CLOCK};
use crate::rules::fma::fire::Outcome;
use crate::rules::fma::smoke::{self, Agent, Delivery, Effect};

/// A smoke or gas marker on the table.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Cloud {
    pub(crate) x: f64,
    pub(crate) y: f64,
    pub(crate) agent: Agent,
}

/// What a cloud does, for the log.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SmokeEvent {
    Laid {
        firer: String,
        agent: Agent,
        delivery: Delivery,
        inches: i64,
        target_number: i64,
        rolled: Rolled,
        deviation: i64,
        direction: Option<Rolled>,
        x: i64,
        y: i64,
    },
    Caught {
        figure: String,
        agent: Agent,
        rolled: Option<Rolled>,
        result: Effect,
    },
    Dispersal {
        agent: Agent,
        x: i64,
        y: i64,
        rolled: Rolled,
        clears: bool,
    },
}

fn agent_word(a: Agent) -> &'static str {
    match a {
        Agent::Smoke => "smoke",
        Agent::Gas => "gas",
        Agent::Nerve => "nerve gas",
    }
}

impl Happening for SmokeEvent {
    fn phase(&self) -> &str {
        match self {
            SmokeEvent::Laid { .. } => "fire",
            SmokeEvent::Caught { .. } => "reaction",
            SmokeEvent::Dispersal { .. } => "end_of_turn",
        }
    }

    fn actor(&self) -> Option<&str> {
        match self {
            SmokeEvent::Laid { firer, .. } => Some(firer),
            SmokeEvent::Caught { figure, .. } => Some(figure),
            SmokeEvent::Dispersal { .. } => None,
        }
    }

    fn dice(&self) -> Vec<Roll> {
        let r = |x: &Rolled| Roll::number(x.die, x.roll);
        match self {
            SmokeEvent::Laid {
                rolled, direction, ..
            } => std::iter::once(rolled).chain(direction).map(r).collect(),
            SmokeEvent::Caught { rolled, .. } => rolled.iter().map(r).collect(),
            SmokeEvent::Dispersal { rolled, .. } => vec![r(rolled)],
        }
    }

    fn text(&self) -> String {
        match self {
            SmokeEvent::Laid {
                firer,
                agent,
                delivery,
                inches,
                target_number,
                rolled,
                deviation,
                direction,
                x,
                y,
            } => {
                let how = match delivery {
                    Delivery::HandGrenade => "throws a grenade",
                    Delivery::LaunchedGrenade => "launches a grenade",
                    Delivery::Rocket => "fires a rocket",
                    Delivery::Mortar => "calls a mortar round",
                };
                let landed = match direction {
                    Some(d) => format!("deviates {deviation}\" at {} o'clock", d.roll),
                    None => "on target".to_string(),
                };
                format!(
                    "{firer} {how} of {} {inches}\" (target number {target_number}): {rolled}, {landed}; the cloud stands at {x}\" across {y}\"",
                    agent_word(*agent)
                )
            }
            SmokeEvent::Caught {
                figure,
                agent,
                rolled,
                result,
            } => {
                let roll = rolled.map_or("sealed suit".to_string(), |r| r.to_string());
                let what = match result {
                    Effect::None => "unaffected",
                    Effect::Suppressed => "suppressed",
                    Effect::Down => "down",
                };
                format!(
                    "{figure} is caught in the {}: {roll}, {what}",
                    agent_word(*agent)
                )
            }
            SmokeEvent::Dispersal {
                agent,
                x,
                y,
                rolled,
                clears,
            } => format!(
                "the {} at {x}\" across {y}\": {rolled}, {}",
                agent_word(*agent),
                if *clears { "clears" } else { "stays" }
            ),
        }
    }
}

impl Battle<'_, '_> {
    fn spot(&self, f: usize) -> (f64, f64) {
        (self.s.places[f].x, self.p.ys[f])
    }

    /// Whether a cloud stands between two figures (L1294-1296).
    pub(crate) fn screened(&self, a: usize, b: usize) -> bool {
        !self.s.clouds.is_empty() && {
            let (pa, pb) = (self.spot(a), self.spot(b));
            self.s
                .clouds
                .iter()
                .any(|c| smoke::blocks(pa, pb, (c.x, c.y)))
        }
    }

    /// `f` lays a cloud aimed at `aim`: the deviation rules of explosives
    /// (L1282-1287), then everyone caught where it lands tests. `Err` when
    /// the aim point lies past ten bands or past the deviation ladder.
    pub(crate) fn lay_cloud(
        &mut self,
        f: usize,
        aim: (f64, f64),
        agent: Agent,
        delivery: Delivery,
    ) -> Result<(), String> {
        let band = match delivery {
            Delivery::Rocket => Explosive::Rocket.band(),
            Delivery::LaunchedGrenade => Explosive::LaunchedGrenade.band(),
            _ => Explosive::ThrownGrenade.band(),
        };
        let from = self.spot(f);
        let d = ((aim.0 - from.0).powi(2) + (aim.1 - from.1).powi(2)).sqrt();
        let tn = target_number(d, band)
            .ok_or_else(|| format!("{d:.0}\" is past ten bands of {band}\""))?;
        let quality = self.p.figures[f].quality;
        let (die, always) = deviation_die(quality, tn)
            .ok_or_else(|| format!("target number {tn} is past the deviation dice"))?;
        let rolled = self.roll(die);
        let dev = deviation(rolled.roll, tn, always);
        let (mut x, mut y) = aim;
        let mut direction = None;
        if dev > 0 {
            let dir = self.roll(Die::D12);
            let (along, across) = CLOCK[(dir.roll - 1) as usize];
            let len = d.max(1e-9);
            let (ux, uy) = ((aim.0 - from.0) / len, (aim.1 - from.1) / len);
            x += dev as f64 * (along * ux - across * uy);
            y += dev as f64 * (along * uy + across * ux);
            direction = Some(dir);
        }
        let cloud = Cloud { x, y, agent };
        self.s.clouds.push(cloud);
        self.log(Some(self.p.figures[f].role), move |b| SmokeEvent::Laid {
            firer: b.name(f),
            agent,
            delivery,
            inches: d.round() as i64,
            target_number: tn,
            rolled,
            deviation: dev,
            direction,
            x: x.round() as i64,
            y: y.round() as i64,
        });
        for g in 0..self.p.figures.len() {
            if self.up(g) && smoke::caught(self.spot(g), (x, y)) {
                self.caught(g, agent);
            }
        }
        Ok(())
    }

    /// After `f` moved from `from`: each cloud its path passed through
    /// catches it once (L1297-1303, L1334-1336).
    pub(crate) fn through_clouds(&mut self, f: usize, from: (f64, f64)) {
        let to = self.spot(f);
        let hit: Vec<Agent> = self
            .s
            .clouds
            .iter()
            .filter(|c| smoke::blocks(from, to, (c.x, c.y)))
            .map(|c| c.agent)
            .collect();
        for agent in hit {
            if self.up(f) {
                self.caught(f, agent);
            }
        }
    }

    fn caught(&mut self, g: usize, agent: Agent) {
        let fig = self.p.figures[g];
        // Power armour is the sealed suit the text names (L1304-1306).
        let sealed = fig.powered;
        let rolled = (!(sealed && agent == Agent::Smoke)).then(|| self.roll(fig.quality));
        let result = smoke::effect(agent, sealed, rolled.map_or(0, |r| r.roll), fig.motivation);
        self.log(Some(fig.role), move |b| SmokeEvent::Caught {
            figure: b.name(g),
            agent,
            rolled,
            result,
        });
        match result {
            Effect::None => {}
            Effect::Suppressed => self.set_suppressed(g, true),
            Effect::Down => self.apply(g, Outcome::Down),
        }
    }

    /// The end of a full turn: a D6 for every marker, 5-6 clears it
    /// (L1307-1314).
    pub(crate) fn disperse_clouds(&mut self) {
        let clouds = std::mem::take(&mut self.s.clouds);
        for c in clouds {
            let rolled = self.roll(smoke::DISPERSAL_DIE);
            let clears = smoke::clears(rolled.roll);
            self.log(None, move |_| SmokeEvent::Dispersal {
                agent: c.agent,
                x: c.x.round() as i64,
                y: c.y.round() as i64,
                rolled,
                clears,
            });
            if !clears {
                self.s.clouds.push(c);
            }
        }
    }
}
