//! Smoke and gas clouds in a battle (L1279-1342): laying one with a grenade
//! or rocket (deviating like any explosive), the lines of fire it blocks,
//! the figures it catches when it lands or they move through it, and the
//! end-of-turn roll that clears it. Who lays a cloud in auto-resolve, and
//! how fire looks past one, is the doctrine in `screen.rs`.

use serde::Serialize;

use super::events::Rolled;
use super::geometry::split;
use super::Battle;
use crate::battle::event::Happening;
use crate::battle::result::Role;
use crate::core::dice::Roll;
use crate::rules::fma::die::Die;
use crate::rules::fma::explosives::{
    deviation, deviation_die, target_number, Explosive, BLAST_INCHES, CLOCK,
};
use crate::rules::fma::fire::Outcome;
use crate::rules::fma::smoke::{self, Agent, Delivery, Effect};

/// A smoke or gas marker on the table. `State::clouds` keeps them in order
/// across the table (by `y`), so that a line looks only at those across
/// from it; `seq` keeps the order they were laid in for the dispersal roll.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Cloud {
    pub(crate) x: f64,
    pub(crate) y: f64,
    pub(crate) agent: Agent,
    pub(crate) seq: u32,
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
    /// A figure that would have fired (`how`: fire, overwatch, reaction)
    /// cannot: the line from `from` to `to` passes within the cloud at
    /// `cloud` (inches, to a tenth).
    Blocked {
        firer: String,
        target: String,
        how: &'static str,
        agent: Agent,
        from: [f64; 2],
        to: [f64; 2],
        cloud: [f64; 2],
        /// The cloud to the inch, as `Laid` gives it.
        at: [i64; 2],
    },
}

/// Inches to a tenth, for the log: no float noise in the JSON.
fn tenth(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

impl SmokeEvent {
    pub(crate) fn blocked(
        firer: String,
        target: String,
        how: &'static str,
        from: (f64, f64),
        to: (f64, f64),
        cloud: Cloud,
    ) -> SmokeEvent {
        SmokeEvent::Blocked {
            firer,
            target,
            how,
            agent: cloud.agent,
            from: [tenth(from.0), tenth(from.1)],
            to: [tenth(to.0), tenth(to.1)],
            cloud: [tenth(cloud.x), tenth(cloud.y)],
            at: [cloud.x.round() as i64, cloud.y.round() as i64],
        }
    }
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
            SmokeEvent::Laid { .. } | SmokeEvent::Blocked { .. } => "fire",
            SmokeEvent::Caught { .. } => "reaction",
            SmokeEvent::Dispersal { .. } => "end_of_turn",
        }
    }

    fn actor(&self) -> Option<&str> {
        match self {
            SmokeEvent::Laid { firer, .. } | SmokeEvent::Blocked { firer, .. } => Some(firer),
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
            SmokeEvent::Blocked { .. } => vec![],
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
            SmokeEvent::Blocked {
                firer,
                target,
                how,
                agent,
                at,
                ..
            } => {
                let what = match *how {
                    "overwatch" => "overwatch on",
                    "reaction" => "reaction fire at",
                    _ => "fire at",
                };
                format!(
                    "the {} at {}\" across {}\" blocks {firer}'s {what} {target}",
                    agent_word(*agent),
                    at[0],
                    at[1]
                )
            }
        }
    }
}

impl Battle<'_, '_> {
    pub(crate) fn spot(&self, f: usize) -> (f64, f64) {
        (self.s.places[f].x, self.s.places[f].y)
    }

    /// Whether a cloud stands between two figures (L1294-1296).
    #[inline]
    pub(crate) fn screened(&self, a: usize, b: usize) -> bool {
        !self.s.clouds.is_empty() && self.cloud_between(self.spot(a), self.spot(b)).is_some()
    }

    /// The clouds across from `at` within `reach` (by `y`, widened by a
    /// cloud's radius): every cloud that can block a line from `at` to a
    /// figure at most `reach` away across. A search that measures many lines
    /// from one firer finds these once (`screens`) instead of looking for
    /// each line's first cloud across again.
    pub(crate) fn clouds_across(&self, at: (f64, f64), reach: f64) -> &[Cloud] {
        let w = reach + smoke::CLOUD_RADIUS;
        let (lo, hi) = (at.1 - w, at.1 + w);
        let first = self.s.clouds.partition_point(|c| c.y < lo);
        let last = first + self.s.clouds[first..].partition_point(|c| c.y <= hi);
        &self.s.clouds[first..last]
    }

    /// Whether one of `clouds` (from `clouds_across` of `a`, wide enough
    /// for `b`) blocks the line from `a` to `b`: the answer of
    /// `cloud_between(a, b).is_some()`.
    #[inline]
    pub(crate) fn screens(&self, clouds: &[Cloud], a: (f64, f64), b: (f64, f64)) -> bool {
        let r = smoke::CLOUD_RADIUS;
        let (x0, x1) = (a.0.min(b.0) - r, a.0.max(b.0) + r);
        let (y0, y1) = (a.1.min(b.1) - r, a.1.max(b.1) + r);
        let found = clouds.iter().any(|c| {
            (y0..=y1).contains(&c.y) && (x0..=x1).contains(&c.x) && smoke::blocks(a, b, (c.x, c.y))
        });
        debug_assert_eq!(found, self.cloud_between(a, b).is_some());
        found
    }

    /// The first cloud whose marker the line from `a` to `b` passes within
    /// 3" of (L1294-1296).
    pub(crate) fn cloud_between(&self, a: (f64, f64), b: (f64, f64)) -> Option<Cloud> {
        self.clouds_on(a, b).next()
    }

    /// The clouds whose marker the line from `a` to `b` passes within 3"
    /// of: only those across from the line (within its box widened by 3")
    /// are measured.
    fn clouds_on(&self, a: (f64, f64), b: (f64, f64)) -> impl Iterator<Item = Cloud> + '_ {
        let r = smoke::CLOUD_RADIUS;
        let (x0, x1) = (a.0.min(b.0) - r, a.0.max(b.0) + r);
        let (y0, y1) = (a.1.min(b.1) - r, a.1.max(b.1) + r);
        let first = self.s.clouds.partition_point(|c| c.y < y0);
        self.s.clouds[first..]
            .iter()
            .take_while(move |c| c.y <= y1)
            .filter(move |c| (x0..=x1).contains(&c.x) && smoke::blocks(a, b, (c.x, c.y)))
            .copied()
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
        let seq = self.s.clouds.iter().map(|c| c.seq + 1).max().unwrap_or(0);
        let at = self.s.clouds.partition_point(|c| c.y <= y);
        self.s.clouds.insert(at, Cloud { x, y, agent, seq });
        self.log(Some(self.role(f)), move |b| SmokeEvent::Laid {
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
        // Only figures across from the cloud can be in it.
        let r = smoke::CLOUD_RADIUS;
        for role in [Role::Attacker, Role::Defender] {
            let side = self.side(role);
            let ys = &self.p.ys[side.clone()];
            let lo = side.start + split(ys, y - r, |gy| gy < y - r);
            let hi = side.start + split(ys, y + r, |gy| gy <= y + r);
            for g in lo..hi {
                if self.up(g) && smoke::caught(self.spot(g), (x, y)) {
                    self.caught(g, agent);
                }
            }
        }
        Ok(())
    }

    /// The figures up within a blast's 2" of `(ix, iy)`, in index order.
    /// Only those across from it can be: each side's window across (an
    /// inch to spare), attackers first, so the same figures in the same
    /// order as a test of every figure (kept in test builds).
    pub(crate) fn in_blast(&self, ix: f64, iy: f64) -> Vec<usize> {
        let blasted = |g: usize| {
            self.up(g)
                && ((self.s.places[g].x - ix).powi(2) + (self.p.figures[g].y - iy).powi(2)).sqrt()
                    <= BLAST_INCHES + 1e-9
        };
        let band = BLAST_INCHES + 1.0;
        let mut caught = Vec::new();
        for role in [Role::Attacker, Role::Defender] {
            let side = self.side(role);
            let ys = &self.p.ys[side.clone()];
            let lo = side.start + split(ys, iy - band, |gy| gy < iy - band);
            let hi = side.start + split(ys, iy + band, |gy| gy <= iy + band);
            caught.extend((lo..hi.max(lo)).filter(|&g| blasted(g)));
        }
        debug_assert_eq!(
            caught,
            (0..self.p.figures.len())
                .filter(|&g| blasted(g))
                .collect::<Vec<_>>()
        );
        caught
    }

    /// After `f` moved from `from`: each cloud its path passed through
    /// catches it once (L1297-1303, L1334-1336).
    pub(crate) fn through_clouds(&mut self, f: usize, from: (f64, f64)) {
        let to = self.spot(f);
        let hit: Vec<Agent> = self.clouds_on(from, to).map(|c| c.agent).collect();
        for agent in hit {
            if self.up(f) {
                self.caught(f, agent);
            }
        }
    }

    fn caught(&mut self, g: usize, agent: Agent) {
        let fig = &self.p.figures[g];
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
        if self.s.clouds.is_empty() {
            return;
        }
        let mut clouds = std::mem::take(&mut self.s.clouds);
        clouds.sort_by_key(|c| c.seq);
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
        self.s.clouds.sort_by(|a, b| a.y.total_cmp(&b.y));
    }
}
