/**
 * A description a test writes, in a folder of its own, and the sandbox answering it on a free port
 * (the slow tests of samples run theirs against it). `close` stops the server and removes the folder.
 */
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import type {AddressInfo} from 'node:net';
import os from 'node:os';
import path from 'node:path';

import type {OpenApiSpec} from '../../lib/openapi/specs';
import {createSandbox} from '../../sandbox/app';
import {createSandboxServer, type SandboxServerOptions} from '../../sandbox/server';

export type DescriptionSandbox = {spec: OpenApiSpec; file: string; origin: string; close: () => Promise<void>};

/** `description` (YAML) as the API `id`, answered by the sandbox at `origin` (its `/apis/<id>`). */
export async function describedSandbox(
  id: string,
  description: string,
  options: SandboxServerOptions = {},
): Promise<DescriptionSandbox> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `orchard-${id}-sandbox-`));
  const file = path.join(dir, `${id}.yaml`);
  writeFileSync(file, description);
  const title = id[0]!.toUpperCase() + id.slice(1);
  const spec = {id, file, title, referenceId: id} as unknown as OpenApiSpec;
  const server = createSandboxServer(await createSandbox({specs: [spec]}), options);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    spec,
    file,
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}/apis/${id}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, {recursive: true, force: true});
    },
  };
}
