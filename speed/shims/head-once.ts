// Stands in for react-helmet-async in the server bundle only (speed/lean-bundle.ts), with a
// HelmetProvider that works out the page's head once, when the render is read, instead of once per
// <Head>. Upstream, each <Head> a page renders reduces the props of every <Head> rendered so far and
// builds the server state from them: a page of k heads reduces k times, a tenth of a rendering
// thread's time on Autotask's operation pages (bench/README.md, "Speed tricks"). Here the heads are
// kept as they come and the last one's own reduction (the one upstream's state ends with) runs when
// Docusaurus reads `helmet` from the context, after the render: the same state, so the same head
// (tests/unit/head-once.test.ts renders pages of many heads with both). The rest is upstream's.
import {HelmetProvider as UpstreamHelmetProvider} from 'react-helmet-async';
// The real module: the bundler's alias (speed/lean-bundle.ts) skips this file.
export * from 'react-helmet-async';

/** A rendered <Head> as upstream's provider tracks it: its reduction of every head, ending in setHelmet. */
type HeadInstance = {emitChange(): void};

/** What upstream's provider gives its heads (react-helmet-async's HelmetData, pinned by hash). */
type HelmetValue = {
  setHelmet(state: unknown): void;
  helmetInstances: {get(): HeadInstance[]; add(head: HeadInstance): void; remove(head: HeadInstance): void};
};

type Props = ConstructorParameters<typeof UpstreamHelmetProvider>[0];

export class HelmetProvider extends UpstreamHelmetProvider {
  constructor(props: Props) {
    super(props);
    const context = (props as {context?: Record<string, unknown>}).context;
    // Only the server renders with a context to read; a browser's provider is upstream's.
    if (!context || typeof document !== 'undefined') return;
    const value = (this as unknown as {helmetData: {value: HelmetValue}}).helmetData.value;
    const heads: HeadInstance[] = [];
    // While false, each head's reduction sees no head (nothing to do); the last one sees them all.
    let reducing = false;
    let stale = false;
    // The state upstream's provider starts with, for a page without a head.
    let state = context.helmet;
    value.helmetInstances = {
      get: () => (reducing ? heads : []),
      add: (head) => {
        heads.push(head);
        stale = true;
      },
      remove: (head) => {
        heads.splice(heads.indexOf(head), 1);
        stale = true;
      },
    };
    value.setHelmet = (next) => {
      if (reducing) state = next;
    };
    Object.defineProperty(context, 'helmet', {
      configurable: true,
      enumerable: true,
      get: () => {
        if (stale && heads.length > 0) {
          reducing = true;
          try {
            heads.at(-1)!.emitChange();
          } finally {
            reducing = false;
          }
        }
        stale = false;
        return state;
      },
    });
  }
}
