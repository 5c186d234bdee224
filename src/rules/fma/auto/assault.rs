//! Close combat: the charge into contact and the clash of quality dice that
//! follows it (powered armour multiplies its roll).

use super::events::FmaEvent;
use super::Battle;
use crate::rules::fma::close_combat::{clash, multiplier, Clash};
use crate::rules::fma::fire::Outcome;

impl Battle<'_, '_> {
    pub(super) fn charge(&mut self, f: usize, e: usize) {
        let x = self.s.places[e].x;
        self.move_to(f, x, "charges");
    }

    pub(crate) fn close_combat(&mut self, a: usize, d: usize) -> Clash {
        let (af, df) = (self.p.figures[a], self.p.figures[d]);
        let (am, dm) = (multiplier(false, af.powered), multiplier(false, df.powered));
        let ar = self.roll(af.quality);
        let dr = self.roll(df.quality);
        let result = clash(ar.roll * am, dr.roll * dm);
        if self.s.log.is_on() {
            self.log(Some(af.role), move |b| FmaEvent::CloseCombat {
                attacker: b.name(a),
                defender: b.name(d),
                attacker_roll: ar,
                attacker_times: am,
                defender_roll: dr,
                defender_times: dm,
                result: result.word(),
            });
        }
        self.mark_fire(a, d);
        self.mark_fire(d, a);
        match result {
            Clash::AttackerWounds => self.apply(d, Outcome::Wound),
            Clash::AttackerKills => self.apply(d, Outcome::Kill),
            Clash::DefenderWounds => self.apply(a, Outcome::Wound),
            Clash::DefenderKills => self.apply(a, Outcome::Kill),
            Clash::NoEffect => {}
        }
        result
    }
}
