-- The ruleset platform: per-campaign options for each ruleset, damage that is
-- repaired in campaign time, and battle events as data (who acted, on whom,
-- with which dice).

CREATE TABLE ruleset_options (
    id      INTEGER PRIMARY KEY,
    ruleset TEXT NOT NULL,
    key     TEXT NOT NULL,
    value   TEXT NOT NULL,
    UNIQUE (ruleset, key)
);

-- A damaged or immobilised stand cannot fight before this in-game time.
ALTER TABLE stands ADD COLUMN repair_until TEXT;

ALTER TABLE battle_events ADD COLUMN side TEXT;
ALTER TABLE battle_events ADD COLUMN actor TEXT;
ALTER TABLE battle_events ADD COLUMN targets TEXT NOT NULL DEFAULT '[]';
ALTER TABLE battle_events ADD COLUMN dice TEXT NOT NULL DEFAULT '[]';

ALTER TABLE battle_stands ADD COLUMN damage TEXT;
ALTER TABLE battle_stands ADD COLUMN repair_days INTEGER;
