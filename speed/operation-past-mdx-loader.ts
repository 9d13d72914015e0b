/**
 * The loader of the `operation-past-mdx` trick (speed/operation-past-mdx.ts): Docusaurus' mdx-loader,
 * with its own options, given an operation page (lib/openapi/api-page.ts) whose line
 * `export const api = JSON.parse("…")` holds a placeholder instead of the operation's JSON string,
 * which is put back into the JavaScript MDX makes. MDX's parser reads an ES export character by
 * character: the string is 97% of an operation page's bytes (47 KB a page at Kubernetes'), and the
 * loaders run on the one thread that bundling waits on. Any other file goes to mdx-loader as it is.
 * One loader in place of mdx-loader, not one before and one after it: each loader more in the chain
 * cost Autotask's bundling 3.5 s and 450 MB, even doing nothing.
 *
 * Rspack loads this file with Node's own TypeScript support (type stripping): it imports nothing
 * but packages.
 */
import mdxLoaderModule from '@docusaurus/mdx-loader';

/** What the mdx-loader reads in place of the operation's JSON string: a name no page writes. */
export const operationPlaceholder = '__orchardOperationJson__';

const exportStart = 'export const api = JSON.parse(';
const exportEnd = ');';

/** Where the operation's string literal lies in a page's MDX: [start, end), or undefined if it has none. */
export function operationLiteralRange(mdx: string): [number, number] | undefined {
  const first = mdx.startsWith(exportStart);
  const at = first ? 0 : mdx.indexOf(`\n${exportStart}`) + 1;
  if (!first && at === 0) return undefined;
  const lineEnd = mdx.indexOf('\n', at);
  const end = (lineEnd < 0 ? mdx.length : lineEnd) - exportEnd.length;
  const start = at + exportStart.length;
  if (mdx.slice(end, end + exportEnd.length) !== exportEnd || mdx[start] !== '"' || mdx[end - 1] !== '"')
    return undefined;
  return [start, end];
}

/**
 * The parts as one new string: `+` of slices would keep the whole source they were cut from alive for
 * as long as the result (V8's slices point into their parent), and mdx-loader keeps its input a while.
 */
const flat = (parts: string[]) => parts.join('');

type Callback = (error: Error | null | undefined, result?: string | Buffer) => void;
type LoaderContext = {resourcePath: string; async(): Callback};
type Loader = (this: LoaderContext, source: string) => void;

// The package's CommonJS exports, its loader as `default`, as Node's own TypeScript support imports them
// (the bundler's case); through tsx's interop (the tests), the loader itself.
const imported = mdxLoaderModule as unknown as Loader | {default: Loader};
const mdxLoader = typeof imported === 'function' ? imported : imported.default;

/** What MDX made of `compiled`'s page, with the operation's `literal` where MDX read the placeholder. */
export function withOperation(compiled: string, literal: string, file: string): string {
  const at = compiled.indexOf(operationPlaceholder);
  if (at < 0 || compiled.indexOf(operationPlaceholder, at + 1) >= 0)
    throw new Error(
      `${file}: MDX's output names ${operationPlaceholder} ${at < 0 ? 'nowhere' : 'twice'} (speed/operation-past-mdx-loader.ts)`,
    );
  return flat([compiled.slice(0, at), literal, compiled.slice(at + operationPlaceholder.length)]);
}

export default function operationPastMdxLoader(this: LoaderContext, source: string): void {
  const range = operationLiteralRange(source);
  if (!range) return mdxLoader.call(this, source);
  const literal = source.slice(range[0], range[1]);
  const callback = this.async();
  // mdx-loader answers through `this.async()`: its answer gets the operation back on the way.
  const context = Object.create(this, {
    async: {
      value: (): Callback => (error, result) => {
        if (error || result === undefined) return callback(error, result);
        try {
          callback(null, withOperation(result.toString(), literal, this.resourcePath));
        } catch (failure) {
          callback(failure as Error);
        }
      },
    },
  }) as LoaderContext;
  mdxLoader.call(context, flat([source.slice(0, range[0]), operationPlaceholder, source.slice(range[1])]));
}
