-- Published content: speakers, sessions, workshops, exhibitors and partners (worker/content/store.ts).
-- A record keeps its draft and, once published, the copy visitors see; `version` counts the draft's
-- saves, so a write that names an older version is refused instead of overwriting another's edit.
CREATE TABLE content_records (
  kind TEXT NOT NULL,
  id TEXT NOT NULL,
  version INTEGER NOT NULL,
  draft TEXT NOT NULL,
  published TEXT,
  published_version INTEGER,
  example INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  updated_by TEXT NOT NULL,
  published_at INTEGER,
  PRIMARY KEY (kind, id)
);

-- Who changed what: one row per save, deletion, publication and unpublication.
CREATE TABLE content_history (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  at INTEGER NOT NULL,
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  kind TEXT,
  id TEXT,
  version INTEGER,
  detail TEXT
);
CREATE INDEX content_history_record ON content_history (kind, id, seq);

-- Publications set for a later instant; `source` is 'organiser' or 'lists' (the edition's
-- 1 September lists, which publish themselves unless the organisers publish earlier).
CREATE TABLE content_schedule (
  sid INTEGER PRIMARY KEY AUTOINCREMENT,
  at INTEGER NOT NULL,
  source TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  created_by TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'pending'
);
CREATE UNIQUE INDEX content_schedule_lists ON content_schedule (at, source) WHERE source = 'lists';

-- Uploaded images (the bytes are in R2 under `key`): what the pages need to size them.
CREATE TABLE content_images (
  key TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  bytes INTEGER NOT NULL,
  uploaded_at INTEGER NOT NULL,
  uploaded_by TEXT NOT NULL
);

-- Small facts of the store: the revision of what is published (one more per publication), and
-- whether the example content was seeded.
CREATE TABLE content_state (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
