/**
 * Where feedback is kept: an SQLite file by default (Node's built-in node:sqlite, write-ahead log,
 * every commit synced before it is acknowledged), or PostgreSQL when DATABASE_URL is set, so that
 * several instances behind a balancer share one database. Both run the migrations of
 * lib/feedback/migrations.ts when they open. What is stored is an entry and nothing about its sender:
 * no address, cookie or user agent.
 */
import {mkdirSync} from 'node:fs';
import path from 'node:path';
import {DatabaseSync} from 'node:sqlite';

import pg from 'pg';

import {repoRoot} from '../openapi';
import {migrations} from './migrations';

/** Who sent an entry: a reader through the page's form, or an agent (the MCP tool, a script's POST). */
export type FeedbackSource = 'reader' | 'agent';

export type NewFeedback = {
  /** The page's route, `/docs/quickstart` (checked against the build before it gets here). */
  page: string;
  /** Yes (true), no (false), or no vote (null: a comment only). */
  helpful: boolean | null;
  comment: string;
  /** On an operation page, the language of the code sample reported as not working. */
  sample: string | null;
  source: FeedbackSource;
};

export type FeedbackEntry = NewFeedback & {
  /** When it was received, ISO 8601 in UTC. */
  at: string;
};

/** Thrown when the database does not answer (PostgreSQL stopped, unreachable): the service says 503. */
export class StoreUnavailableError extends Error {}

export interface FeedbackStore {
  /** `sqlite` or `postgresql`, and where (the file, or the database's host and name, never its password). */
  readonly kind: 'sqlite' | 'postgresql';
  readonly where: string;
  /** Stores an entry; resolves once it is committed (and, for SQLite, synced to disk). */
  add(entry: NewFeedback, at?: Date): Promise<void>;
  /** Entries received at `since` or later, oldest first; at most `limit` of the newest. */
  list(options?: {since?: Date; limit?: number}): Promise<FeedbackEntry[]>;
  /** How many entries there are (at `since` or later). */
  count(options?: {since?: Date}): Promise<number>;
  /** Deletes entries received before `before` (and only those of `page`, when given); says how many. */
  remove(options: {before?: Date; page?: string}): Promise<number>;
  close(): Promise<void>;
}

/** Environment variables the store reads. */
export const storeVariables = {databaseUrl: 'DATABASE_URL', file: 'FEEDBACK_DB'} as const;

/** The SQLite file used when neither DATABASE_URL nor FEEDBACK_DB is set: in the git-ignored data/ folder. */
export const defaultDatabaseFile = path.join(repoRoot, 'data', 'feedback.sqlite');

type Row = {
  page: string;
  helpful: boolean | number | null;
  comment: string;
  sample: string | null;
  source: string;
  at: string | Date;
};

function entryOf(row: Row): FeedbackEntry {
  return {
    page: row.page,
    helpful: row.helpful === null ? null : Boolean(row.helpful),
    comment: row.comment,
    sample: row.sample,
    source: row.source === 'agent' ? 'agent' : 'reader',
    at: row.at instanceof Date ? row.at.toISOString() : row.at,
  };
}

const listColumns = 'page, helpful, comment, sample, source, at';

/** SQLite through node:sqlite: synchronous, each statement its own transaction, one writer at a time. */
class SqliteStore implements FeedbackStore {
  readonly kind = 'sqlite';
  private readonly db: DatabaseSync;

  constructor(readonly where: string) {
    mkdirSync(path.dirname(where), {recursive: true});
    this.db = new DatabaseSync(where);
    // WAL: readers never wait for the writer; FULL: a commit is on disk before it is acknowledged, so an
    // acknowledged entry survives a power cut as well as a killed process. Another process (the MCP
    // server) may hold the write lock for a moment: wait for it rather than fail.
    this.db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000;');
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
    );
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const applied = new Set(
        (this.db.prepare('SELECT version FROM schema_migrations').all() as {version: number}[]).map(
          (row) => row.version,
        ),
      );
      for (const migration of migrations.filter(({version}) => !applied.has(version))) {
        this.db.exec(migration.sqlite);
        this.db
          .prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)')
          .run(migration.version, migration.name, new Date().toISOString());
      }
      this.db.exec('COMMIT');
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
  }

  add(entry: NewFeedback, at = new Date()): Promise<void> {
    this.db
      .prepare('INSERT INTO feedback (page, helpful, comment, sample, source, at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(
        entry.page,
        entry.helpful === null ? null : Number(entry.helpful),
        entry.comment,
        entry.sample,
        entry.source,
        at.toISOString(),
      );
    return Promise.resolve();
  }

  list({since, limit}: {since?: Date; limit?: number} = {}): Promise<FeedbackEntry[]> {
    const rows = this.db
      .prepare(
        `SELECT * FROM (SELECT id, ${listColumns} FROM feedback WHERE at >= ? ORDER BY id DESC LIMIT ?) ORDER BY id`,
      )
      .all(since?.toISOString() ?? '', limit ?? -1) as Row[];
    return Promise.resolve(rows.map(entryOf));
  }

  count({since}: {since?: Date} = {}): Promise<number> {
    const row = this.db.prepare('SELECT count(*) AS n FROM feedback WHERE at >= ?').get(since?.toISOString() ?? '') as {
      n: number;
    };
    return Promise.resolve(Number(row.n));
  }

  remove({before, page}: {before?: Date; page?: string}): Promise<number> {
    const result = this.db
      .prepare('DELETE FROM feedback WHERE at < ? AND (? IS NULL OR page = ?)')
      .run(before?.toISOString() ?? '9999', page ?? null, page ?? null);
    return Promise.resolve(Number(result.changes));
  }

  close(): Promise<void> {
    if (this.db.isOpen) this.db.close();
    return Promise.resolve();
  }
}

/** Connection failures, as node-postgres reports them: the database is down, not the request wrong. */
function isUnavailable(error: unknown): boolean {
  const {code, message = ''} = error as {code?: string; message?: string};
  return (
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'ENOTFOUND',
      'EPIPE',
      'EHOSTUNREACH',
      '57P01',
      '57P02',
      '57P03',
      '08000',
      '08003',
      '08006',
    ].includes(code ?? '') ||
    /timeout|Connection terminated|not queryable|Client has encountered a connection error/i.test(message)
  );
}

/** A migration lock only the feedback service takes: two instances starting at once migrate one after the other. */
const migrationLock = 7_245_001;

/** PostgreSQL through node-postgres' pool: a stopped server fails each query, and the next one reconnects. */
class PostgresStore implements FeedbackStore {
  readonly kind = 'postgresql';
  readonly where: string;
  private readonly pool: pg.Pool;

  constructor(url: string) {
    const parsed = new URL(url);
    this.where = `${parsed.host || 'local socket'}${parsed.pathname}`;
    this.pool = new pg.Pool({connectionString: url, max: 10, connectionTimeoutMillis: 3000, idleTimeoutMillis: 10_000});
    // An idle connection that the server closes (a restart) is reported here; the pool replaces it.
    this.pool.on('error', (error) => console.error(`feedback: PostgreSQL closed a connection: ${error.message}`));
  }

  async migrate(): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [migrationLock]);
      await client.query(
        'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL)',
      );
      const {rows} = await client.query<{version: number}>('SELECT version FROM schema_migrations');
      const applied = new Set(rows.map((row) => row.version));
      for (const migration of migrations.filter(({version}) => !applied.has(version))) {
        await client.query(migration.postgres);
        await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, now())', [
          migration.version,
          migration.name,
        ]);
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  private async query<R extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<pg.QueryResult<R>> {
    try {
      return await this.pool.query<R>(text, values);
    } catch (error) {
      if (isUnavailable(error))
        throw new StoreUnavailableError(`PostgreSQL at ${this.where} does not answer (${(error as Error).message})`);
      throw error;
    }
  }

  async add(entry: NewFeedback, at = new Date()): Promise<void> {
    await this.query(
      'INSERT INTO feedback (page, helpful, comment, sample, source, at) VALUES ($1, $2, $3, $4, $5, $6)',
      [entry.page, entry.helpful, entry.comment, entry.sample, entry.source, at],
    );
  }

  async list({since, limit}: {since?: Date; limit?: number} = {}): Promise<FeedbackEntry[]> {
    const {rows} = await this.query<Row>(
      `SELECT * FROM (SELECT id, ${listColumns} FROM feedback WHERE at >= $1 ORDER BY id DESC LIMIT $2) newest ORDER BY id`,
      [since ?? new Date(0), limit ?? null],
    );
    return rows.map(entryOf);
  }

  async count({since}: {since?: Date} = {}): Promise<number> {
    const {rows} = await this.query<{n: string}>('SELECT count(*) AS n FROM feedback WHERE at >= $1', [
      since ?? new Date(0),
    ]);
    return Number(rows[0]?.n ?? 0);
  }

  async remove({before, page}: {before?: Date; page?: string}): Promise<number> {
    const {rowCount} = await this.query('DELETE FROM feedback WHERE at < $1 AND ($2::text IS NULL OR page = $2)', [
      before ?? new Date('9999-01-01'),
      page ?? null,
    ]);
    return rowCount ?? 0;
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

/**
 * Opens the store the environment names (DATABASE_URL: PostgreSQL; else FEEDBACK_DB or
 * data/feedback.sqlite) and brings its schema up to date. Fails with a message that names the
 * database when it cannot.
 */
export async function openFeedbackStore(env: NodeJS.ProcessEnv = process.env): Promise<FeedbackStore> {
  const url = env[storeVariables.databaseUrl];
  if (url) {
    if (!URL.canParse(url) || !/^postgres(ql)?:$/.test(new URL(url).protocol))
      throw new Error(`${storeVariables.databaseUrl} must be a postgresql:// URL`);
    const store = new PostgresStore(url);
    try {
      await store.migrate();
    } catch (error) {
      await store.close();
      throw new Error(`cannot open PostgreSQL at ${store.where}: ${(error as Error).message}`);
    }
    return store;
  }
  const file = path.resolve(env[storeVariables.file] || defaultDatabaseFile);
  try {
    return new SqliteStore(file);
  } catch (error) {
    throw new Error(`cannot open the SQLite file ${file}: ${(error as Error).message}`);
  }
}
