/**
 * A request body's example as the explorer's body editor starts with it. A page shortens long examples
 * (lib/openapi/page-examples.ts); the plugin's copy then keeps a request body's example whole under
 * `wholeExampleKey` as well, so that a reader who sends it as it comes sends a body the API (or the
 * local sandbox, for a webhook's payload) accepts, not one with properties cut.
 */
export const wholeExampleKey = 'x-whole-example';

export type ExplorerExample = {summary?: string; value?: unknown};
export type NamedExample = ExplorerExample & {[wholeExampleKey]?: ExplorerExample};

/** The example the explorer starts from: whole, with its own summary, where the page shows it shortened. */
export function explorerExample(example: NamedExample): ExplorerExample {
  return example[wholeExampleKey] ?? example;
}
