/**
 * `npm run sandbox`: the local sandbox on http://127.0.0.1:<SANDBOX_PORT, default 4010>: our APIs under
 * /api, any other API of lib/openapi/specs.ts under /apis/<id> (lib/sandbox/servers.ts). Every documented
 * call answers from its description (a streamed answer event by event); state is in memory and lost on exit.
 * For APIs that declare OAuth2, /oauth2 is their authorization server (sandbox/oauth2.ts).
 */
import {loadSpec} from '../lib/openapi';
import {openApiSpecs} from '../lib/openapi/specs';
import {defaultSandboxPort, sandboxBasePath, sandboxOAuth2} from '../lib/sandbox/servers';
import {createSandbox} from './app';
import {createSandboxServer} from './server';

const port = Number(process.env.SANDBOX_PORT ?? defaultSandboxPort);
void createSandbox().then((sandbox) => {
  createSandboxServer(sandbox).listen(port, '127.0.0.1', () => {
    console.log(`Orchard AI sandbox: http://127.0.0.1:${port}/api (any key works; state is in memory)`);
    // Any other API of lib/openapi/specs.ts, where it is served (lib/sandbox/servers.ts).
    for (const spec of openApiSpecs) {
      const base = sandboxBasePath(spec, loadSpec(spec));
      if (base !== '/api') console.log(`  ${spec.title}: http://127.0.0.1:${port}${base}`);
    }
    // The authorization server of the APIs that declare OAuth2 (sandbox/oauth2.ts).
    const {path, confidentialClient} = sandboxOAuth2;
    if (sandbox.oauth2Scopes.length > 0)
      console.log(
        `  OAuth 2.0: http://127.0.0.1:${port}${path} (any name signs in; client credentials: ${confidentialClient.id} / ${confidentialClient.secret})`,
      );
  });
});
