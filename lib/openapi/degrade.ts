/**
 * What happens when one output cannot be made for one operation (or one part) of a description: for a
 * description held strictly (ours, `strict` in lib/openapi/specs.ts) the build fails, naming the file;
 * for another provider's, that output leaves the operation out and says so in one warning line naming
 * the API, the operation and why, and every other output still has it (its page and twin above all).
 * Every output that can be left out says so through here, so the rule is one and the bench can count.
 */
import type {Conversion} from './document';
import {isStrict, type OpenApiSpecEntry} from './specs';

/** The outputs that may leave an operation of another provider's description out. */
export type Output =
  | 'code samples'
  | 'Postman collection'
  | 'sandbox'
  | 'MCP server'
  | 'Markdown twin'
  | 'changelog'
  | 'lint'
  | 'links'
  | 'reference page';

/** A reason cut to one line that a terminal shows whole. */
function oneLine(text: string, max = 300): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** Warnings said so far in this process, by API id (the bench and the tests read them). */
export const leftOutSoFar: {spec: string; output: Output; subject: string; why: string}[] = [];

/**
 * `output` cannot be made for `subject` (`GET /v1/files`, `the whole API`) of `spec`, because of `why`:
 * an Error naming the file for a strict description (thrown), else one warning line (written).
 */
export function leftOut(
  spec: Pick<OpenApiSpecEntry, 'id' | 'file' | 'strict'>,
  output: Output,
  subject: string,
  why: string,
): void {
  if (isStrict(spec)) throw new Error(`${spec.file}: ${output} of ${subject}: ${oneLine(why, 2000)}`);
  leftOutSoFar.push({spec: spec.id, output, subject, why: oneLine(why)});
  console.warn(`[warning] ${spec.id} (${spec.file}): ${subject} left out of the ${output}: ${oneLine(why)}`);
}

/**
 * What reading a Swagger 2.0 description (lib/openapi/swagger2.ts) or an OpenAPI 3.2 one
 * (lib/openapi/openapi32.ts) as 3.1 lost, each loss a warning line naming the API, its file and the
 * place; for a strict description, an Error naming them all.
 */
export function conversionLosses(spec: Pick<OpenApiSpecEntry, 'id' | 'file' | 'strict'>, conversion: Conversion): void {
  const {converter, from, warnings} = conversion;
  const lead = from === 'Swagger 2.0' ? `converted from Swagger 2.0 by ${converter}` : `read as OpenAPI 3.1 by ${converter}`;
  if (warnings.length === 0) return;
  if (isStrict(spec)) throw new Error(`${spec.file}: ${lead}, which lost:\n${warnings.map((line) => `  ${line}`).join('\n')}`);
  for (const warning of warnings) console.warn(`[warning] ${spec.id} (${spec.file}): ${lead}: ${oneLine(warning)}`);
}

/** The message of whatever was thrown. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
