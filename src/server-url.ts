// A server's URL as a call uses it, for the build (lib/openapi/document.ts: code samples, Postman,
// MCP) and the browser (the explorer's samples following the chosen server) alike.

/** A server of a description, as far as its URL is concerned. */
export type ServerLike = {url?: string; variables?: Record<string, {default?: string; enum?: string[]}>};

/**
 * The server's URL with each `{variable}` at its value (its default: `{scheme}://developer.uspto.gov` is
 * `https://…`), without its final slash: `https://api.example.com/` + `/v1/…` is one slash too many.
 */
export function serverUrl(server: ServerLike | undefined): string {
  return (server?.url ?? '')
    .replace(/\{(\w+)\}/g, (whole, name: string) => server?.variables?.[name]?.default ?? whole)
    .replace(/\/$/, '');
}

/** At most this many URLs of one server's variable values: a bound on what a description can list. */
export const maxServerChoices = 256;

/**
 * Every URL the explorer can call on `server`: each combination of its variables' listed values (a
 * variable without a list at its default), at most maxServerChoices of them.
 */
export function serverUrlChoices(server: ServerLike): string[] {
  let choices: ServerLike[] = [{...server, variables: {}}];
  for (const [name, variable] of Object.entries(server.variables ?? {})) {
    const values = variable.enum?.length ? variable.enum : [variable.default ?? ''];
    choices = choices
      .flatMap((choice) =>
        values.map((value) => ({...choice, variables: {...choice.variables, [name]: {default: value}}})),
      )
      .slice(0, maxServerChoices);
  }
  return [...new Set(choices.map(serverUrl))];
}
