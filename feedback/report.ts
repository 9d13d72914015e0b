/**
 * `npm run feedback:report`: each page's votes, share helpful and comments, the least helpful first,
 * from the database the service writes (DATABASE_URL, else FEEDBACK_DB or data/feedback.sqlite).
 * `--since 7d` (or a date), `--csv` (a row per entry), `--json` (as GET /api/feedback answers);
 * `--delete-before DATE` (with `--page /docs/x` for one page) deletes entries instead.
 */
import {parseArgs} from 'node:util';

import {pageReports, parseSince, reportCsv, reportTable} from '../lib/feedback/report';
import {openFeedbackStore} from '../lib/feedback/store';

function fail(message: string): never {
  console.error(`feedback:report: ${message}`);
  process.exit(1);
}

async function main() {
  let values;
  try {
    ({values} = parseArgs({
      options: {
        since: {type: 'string'},
        csv: {type: 'boolean', default: false},
        json: {type: 'boolean', default: false},
        'delete-before': {type: 'string'},
        page: {type: 'string'},
      },
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  const when = (option: string, text: string | undefined) => {
    if (text === undefined) return undefined;
    return parseSince(text) ?? fail(`--${option} takes a date (2026-11-01) or an age (7d, 24h, 30m), not ${text}`);
  };
  const since = when('since', values.since);
  const deleteBefore = when('delete-before', values['delete-before']);
  if (values.csv && values.json) fail('give --csv or --json, not both');
  if (values.page !== undefined && deleteBefore === undefined) fail('--page goes with --delete-before');
  const store = await openFeedbackStore().catch((error: unknown) => fail((error as Error).message));
  try {
    if (deleteBefore) {
      const deleted = await store.remove({before: deleteBefore, page: values.page});
      console.log(
        `Deleted ${deleted} entries received before ${deleteBefore.toISOString()}${values.page ? ` on ${values.page}` : ''}.`,
      );
      return;
    }
    const entries = await store.list({since});
    if (values.json)
      process.stdout.write(`${JSON.stringify({items: entries, pages: pageReports(entries)}, null, 2)}\n`);
    else if (values.csv) process.stdout.write(reportCsv(entries));
    else process.stdout.write(reportTable(pageReports(entries)));
  } finally {
    await store.close();
  }
}

void main();
