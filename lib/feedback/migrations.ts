/**
 * The feedback database's schema, as numbered steps: each store (lib/feedback/store.ts) runs the
 * steps it has not run yet when it opens, in order, inside one transaction, and records each in
 * `schema_migrations`. A change to the schema is a new step at the end, never an edit of one that
 * has shipped. The SQL differs only where the two databases do (types, the key).
 */
export type Migration = {version: number; name: string; sqlite: string; postgres: string};

export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'feedback entries',
    // `at`: ISO 8601 text in SQLite, which sorts as time does.
    sqlite: `
      CREATE TABLE feedback (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        page TEXT NOT NULL,
        helpful INTEGER CHECK (helpful IN (0, 1)),
        comment TEXT NOT NULL DEFAULT '',
        sample TEXT,
        source TEXT NOT NULL CHECK (source IN ('reader', 'agent')),
        at TEXT NOT NULL
      );
      CREATE INDEX feedback_at ON feedback (at);
      CREATE INDEX feedback_page ON feedback (page);`,
    postgres: `
      CREATE TABLE feedback (
        id BIGSERIAL PRIMARY KEY,
        page TEXT NOT NULL,
        helpful BOOLEAN,
        comment TEXT NOT NULL DEFAULT '',
        sample TEXT,
        source TEXT NOT NULL CHECK (source IN ('reader', 'agent')),
        at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX feedback_at ON feedback (at);
      CREATE INDEX feedback_page ON feedback (page);`,
  },
];
