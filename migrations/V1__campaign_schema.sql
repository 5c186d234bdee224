-- The whole campaign model: clock and settings, sides, commands, the unit tree,
-- stands, planned and fought battles with their participants and event logs,
-- casualty records, supply deliveries, and the journal with its undo log.

CREATE TABLE campaign (
    id                 INTEGER PRIMARY KEY CHECK (id = 1),
    name               TEXT    NOT NULL,
    clock              TEXT    NOT NULL,            -- in-game time, ISO 8601
    ruleset            TEXT    NOT NULL DEFAULT 'bia',
    light_wound_days   INTEGER NOT NULL DEFAULT 7,
    serious_wound_days INTEGER NOT NULL DEFAULT 28,
    made_by_demo       INTEGER NOT NULL DEFAULT 0,
    created_at         TEXT    NOT NULL             -- wall clock
);

CREATE TABLE sides (
    id             INTEGER PRIMARY KEY,
    code           TEXT    NOT NULL UNIQUE,
    name           TEXT    NOT NULL,
    medical        TEXT    NOT NULL DEFAULT 'normal',
    treats_pw_well INTEGER NOT NULL DEFAULT 0,
    supply_points  INTEGER NOT NULL DEFAULT 0 CHECK (supply_points >= 0)
);

CREATE TABLE commands (
    id       INTEGER PRIMARY KEY,
    code     TEXT    NOT NULL UNIQUE,
    side_id  INTEGER NOT NULL REFERENCES sides(id),
    name     TEXT    NOT NULL,
    player   TEXT    NOT NULL DEFAULT '',
    officers TEXT    NOT NULL DEFAULT 'normal',
    supply   TEXT    NOT NULL DEFAULT 'normal',
    contact  TEXT    NOT NULL DEFAULT 'normal'
);

CREATE TABLE units (
    id         INTEGER PRIMARY KEY,
    code       TEXT    NOT NULL UNIQUE,
    command_id INTEGER NOT NULL REFERENCES commands(id),
    parent_id  INTEGER REFERENCES units(id),
    name       TEXT    NOT NULL,
    flags      TEXT    NOT NULL DEFAULT '',          -- comma-separated unit flags
    leadership INTEGER CHECK (leadership BETWEEN 1 AND 3),
    confidence TEXT
);

CREATE TABLE stands (
    id        INTEGER PRIMARY KEY,
    code      TEXT    NOT NULL UNIQUE,
    unit_id   INTEGER NOT NULL REFERENCES units(id),
    name      TEXT    NOT NULL DEFAULT '',
    type      TEXT    NOT NULL,
    training  TEXT    NOT NULL,
    actions   INTEGER NOT NULL DEFAULT 0 CHECK (actions >= 0),
    equipment TEXT,
    vehicle   TEXT,
    speed     TEXT,
    weapon    TEXT,
    men       INTEGER NOT NULL CHECK (men >= 0),
    hits      INTEGER NOT NULL DEFAULT 0 CHECK (hits >= 0),
    officer   INTEGER NOT NULL DEFAULT 0,
    status    TEXT    NOT NULL DEFAULT 'effective',
    ammo      INTEGER NOT NULL CHECK (ammo >= 0),
    ammo_max  INTEGER NOT NULL CHECK (ammo_max >= 0)
);
CREATE INDEX stands_unit ON stands(unit_id);

CREATE TABLE battles (
    id             INTEGER PRIMARY KEY,
    code           TEXT    NOT NULL UNIQUE,
    name           TEXT    NOT NULL,
    at             TEXT    NOT NULL,                 -- in-game start
    ruleset        TEXT    NOT NULL DEFAULT 'bia',
    mode           TEXT,                             -- auto | played | recorded, once fought
    seed           INTEGER,
    status         TEXT    NOT NULL DEFAULT 'planned',
    after_id       INTEGER REFERENCES battles(id),
    range_cm       INTEGER NOT NULL DEFAULT 60 CHECK (range_cm > 0),
    defender_cover TEXT    NOT NULL DEFAULT 'cover',
    terrain        TEXT    NOT NULL DEFAULT '',
    winner         TEXT,
    turns          INTEGER,
    end_reason     TEXT,
    ended_at       TEXT                             -- in-game end
);

-- The forces named when the battle was planned: unit or stand codes per role.
CREATE TABLE battle_forces (
    id       INTEGER PRIMARY KEY,
    battle_id INTEGER NOT NULL REFERENCES battles(id),
    role     TEXT    NOT NULL CHECK (role IN ('attacker', 'defender')),
    unit_id  INTEGER REFERENCES units(id),
    stand_id INTEGER REFERENCES stands(id),
    CHECK ((unit_id IS NULL) <> (stand_id IS NULL))
);
CREATE INDEX battle_forces_battle ON battle_forces(battle_id);

-- What each stand did and suffered in a fought battle.
CREATE TABLE battle_stands (
    id             INTEGER PRIMARY KEY,
    battle_id      INTEGER NOT NULL REFERENCES battles(id),
    stand_id       INTEGER NOT NULL REFERENCES stands(id),
    role           TEXT    NOT NULL,
    hits_taken     INTEGER NOT NULL DEFAULT 0,
    fired          INTEGER NOT NULL DEFAULT 0,
    under_fire     INTEGER NOT NULL DEFAULT 0,
    status_after   TEXT    NOT NULL,
    actions_gained INTEGER NOT NULL DEFAULT 0,
    ammo_spent     INTEGER NOT NULL DEFAULT 0,
    captured       INTEGER NOT NULL DEFAULT 0,
    UNIQUE (battle_id, stand_id)
);

CREATE TABLE battle_events (
    id        INTEGER PRIMARY KEY,
    battle_id INTEGER NOT NULL REFERENCES battles(id),
    seq       INTEGER NOT NULL,
    turn      INTEGER NOT NULL,
    phase     TEXT    NOT NULL,
    text      TEXT    NOT NULL,
    data      TEXT,                                  -- JSON detail: dice, modifiers
    UNIQUE (battle_id, seq)
);

CREATE TABLE casualties (
    id         INTEGER PRIMARY KEY,
    stand_id   INTEGER NOT NULL REFERENCES stands(id),
    battle_id  INTEGER REFERENCES battles(id),
    roll       INTEGER,
    severity   TEXT    NOT NULL,
    outcome    TEXT    NOT NULL,
    returns_at TEXT,
    returned   INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX casualties_stand ON casualties(stand_id);

CREATE TABLE deliveries (
    id         INTEGER PRIMARY KEY,
    side_id    INTEGER NOT NULL REFERENCES sides(id),
    points     INTEGER NOT NULL CHECK (points > 0),
    arrives_at TEXT,
    arrived    INTEGER NOT NULL DEFAULT 0
);

-- One row per changing command; the undo log holds, per entry, the SQL that
-- reverses each row change it made (captured by triggers).
CREATE TABLE journal (
    id      INTEGER PRIMARY KEY,
    at      TEXT NOT NULL,                           -- wall clock
    command TEXT NOT NULL,
    summary TEXT NOT NULL
);

CREATE TABLE undo_log (
    seq        INTEGER PRIMARY KEY,
    journal_id INTEGER,
    sql        TEXT NOT NULL
);
CREATE INDEX undo_log_journal ON undo_log(journal_id);
