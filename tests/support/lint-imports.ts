import path from 'node:path';

import {ESLint} from 'eslint';

const repoRoot = path.resolve(__dirname, '../..');
const eslint = new ESLint({cwd: repoRoot});

/** The messages of the import rules (eslint.config.mjs) for `file`, as if it were there, importing `specifier`. */
export async function importErrors(file: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import x from '${specifier}';\nexport default x;\n`, {
    filePath: path.join(repoRoot, file),
  });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}
