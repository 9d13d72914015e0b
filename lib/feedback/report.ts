/**
 * What maintainers read of the feedback: each page's votes, its share of helpful answers and its
 * comments, the least helpful pages first. `npm run feedback:report` prints it (a table, CSV or JSON)
 * and `GET /api/feedback` answers it as JSON. A comment is a reader's text: it is escaped for where it
 * is shown (control characters for a terminal, quotes and formulas for a spreadsheet).
 */
import type {FeedbackEntry} from './store';

export type PageReport = {
  page: string;
  yes: number;
  no: number;
  /** yes / (yes + no), or null without a vote. */
  helpfulShare: number | null;
  /** The page's entries that carry a comment or report a code sample, newest first. */
  comments: Omit<FeedbackEntry, 'page'>[];
};

/** One row per page, the least helpful first (the lowest share, then the most no's); pages without a vote last. */
export function pageReports(entries: readonly FeedbackEntry[]): PageReport[] {
  const byPage = new Map<string, PageReport>();
  for (const entry of entries) {
    let report = byPage.get(entry.page);
    if (!report) {
      report = {page: entry.page, yes: 0, no: 0, helpfulShare: null, comments: []};
      byPage.set(entry.page, report);
    }
    if (entry.helpful === true) report.yes += 1;
    if (entry.helpful === false) report.no += 1;
    if (entry.comment || entry.sample) {
      const {page: _page, ...comment} = entry;
      report.comments.push(comment);
    }
  }
  const reports = [...byPage.values()];
  for (const report of reports) {
    const votes = report.yes + report.no;
    report.helpfulShare = votes === 0 ? null : report.yes / votes;
    report.comments.sort((a, b) => b.at.localeCompare(a.at));
  }
  return reports.sort(
    (a, b) =>
      (a.helpfulShare ?? 2) - (b.helpfulShare ?? 2) ||
      b.no - a.no ||
      b.comments.length - a.comments.length ||
      a.page.localeCompare(b.page),
  );
}

/** Text for a terminal: control characters (an escape sequence that would recolour or clear it) shown as \u escapes. */
export function terminalSafe(text: string): string {
  // Cc: the C0 and C1 control characters (ESC among them); and the Unicode line separators.
  return text.replace(/[\p{Cc}\u2028\u2029]/gu, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A CSV field (RFC 4180), with a leading `'` where a spreadsheet would read a formula (=, +, -, @, tab, CR). */
export function csvField(value: string | number | boolean | null): string {
  let text = value === null ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const share = (report: PageReport) =>
  report.helpfulShare === null ? '–' : `${Math.round(report.helpfulShare * 100)}%`;

const vote = (helpful: boolean | null) => (helpful === null ? 'no vote' : helpful ? 'yes' : 'no');

/** The report as a table for a terminal: a line per page, its comments beneath. */
export function reportTable(reports: readonly PageReport[]): string {
  if (reports.length === 0) return 'No feedback yet.\n';
  const width = Math.min(60, Math.max(4, ...reports.map((report) => report.page.length)));
  const lines = [`${'page'.padEnd(width)}  ${'yes'.padStart(5)}  ${'no'.padStart(5)}  helpful  comments`];
  for (const report of reports) {
    lines.push(
      `${terminalSafe(report.page).padEnd(width)}  ${String(report.yes).padStart(5)}  ${String(report.no).padStart(5)}  ${share(report).padStart(7)}  ${report.comments.length}`,
    );
    for (const comment of report.comments) {
      const about = [
        vote(comment.helpful),
        comment.source,
        comment.at.slice(0, 10),
        comment.sample ? `${comment.sample} sample` : '',
      ]
        .filter(Boolean)
        .join(', ');
      lines.push(`    [${terminalSafe(about)}] ${terminalSafe(comment.comment || '(no comment)')}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Every entry as CSV, a row each, in the report's order of pages (newest first within a page). */
export function reportCsv(entries: readonly FeedbackEntry[]): string {
  const order = new Map(pageReports(entries).map((report, index) => [report.page, index]));
  const rows = [...entries].sort((a, b) => order.get(a.page)! - order.get(b.page)! || b.at.localeCompare(a.at));
  const header = ['page', 'helpful', 'comment', 'sample', 'source', 'at'];
  return `${[header, ...rows.map((row) => [row.page, row.helpful, row.comment, row.sample, row.source, row.at])]
    .map((fields) => fields.map(csvField).join(','))
    .join('\r\n')}\r\n`;
}

/**
 * A time given as `--since` or `?since=`: an ISO date or time (`2026-11-01`), or an age (`7d`, `24h`,
 * `30m`) before `now`. Undefined when the text is neither.
 */
export function parseSince(text: string, now = Date.now()): Date | undefined {
  const age = /^(\d{1,6})([dhm])$/.exec(text.trim());
  if (age) return new Date(now - Number(age[1]) * {d: 86_400_000, h: 3_600_000, m: 60_000}[age[2] as 'd' | 'h' | 'm']);
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text.trim())) return undefined;
  const date = new Date(text.trim());
  return Number.isNaN(date.getTime()) ? undefined : date;
}
