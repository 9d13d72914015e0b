/**
 * Where `npm run serve` (scripts/serve.ts) listens: `--port` and `--host` as `docusaurus serve` takes
 * them, else the PORT and HOST variables, else 127.0.0.1:3000. An option it does not know, or a port
 * that is no port, is refused with what it takes: `-- --port 4000` was once served on 3000 unsaid.
 */
import {parseArgs} from 'node:util';

export type ServeOptions = {port: number; host: string};

export function serveOptions(args: readonly string[], env: NodeJS.ProcessEnv = process.env): ServeOptions {
  let values: {port?: string; host?: string};
  try {
    ({values} = parseArgs({args: [...args], options: {port: {type: 'string'}, host: {type: 'string'}}, strict: true}));
  } catch (error) {
    throw new Error(`${(error as Error).message}; npm run serve takes --port <number> and --host <address>`, {
      cause: error,
    });
  }
  const given = values.port ?? env.PORT ?? '3000';
  const port = Number(given);
  if (!/^\d+$/.test(given) || port < 1 || port > 65535)
    throw new Error(`the port ${JSON.stringify(given)} is no port (1 to 65535): npm run serve -- --port 4000`);
  return {port, host: values.host ?? env.HOST ?? '127.0.0.1'};
}
