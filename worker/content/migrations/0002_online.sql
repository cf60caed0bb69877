-- Online access (worker/online/store.ts): where each track's stream, each session's and workshop's
-- stream and recording, and the plans' app and Q&A links lead. `subject` names what it belongs to:
-- `track:business`, `session:aiStrategy`, `workshop:promptLab`, `extra:networking`, `extra:expertQa`.
-- A source is a Cloudflare Stream uid (`stream`, signed per viewer when keys are configured) or an
-- https address (`url`). Nothing here goes into an e-mail: each ticket's join link reads it per request.
CREATE TABLE online_sources (
  subject TEXT NOT NULL,
  role TEXT NOT NULL,
  kind TEXT NOT NULL,
  value TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  updated_by TEXT NOT NULL,
  PRIMARY KEY (subject, role)
);

-- Materials of a session or a workshop: a file in R2 (`file`, its key) or a link (`link`, https).
CREATE TABLE online_materials (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  subject TEXT NOT NULL,
  kind TEXT NOT NULL,
  title TEXT NOT NULL,
  value TEXT NOT NULL,
  type TEXT,
  bytes INTEGER,
  created_at INTEGER NOT NULL,
  created_by TEXT NOT NULL
);
CREATE INDEX online_materials_subject ON online_materials (subject, id);
