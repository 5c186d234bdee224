-- A battle's briefing: the objective and what each side knows, as the umpire
-- wrote it for the players.
ALTER TABLE battles ADD COLUMN briefing TEXT NOT NULL DEFAULT '';
