// Stands in for @docusaurus/core's client/prefetch.js (the `<link rel="prefetch">` a <Link> in view
// asks for, once per chunk of the route it points to), with two changes: a file is prefetched once
// and not at all when the page has already fetched it or is loading it as a script, and each link
// is added when the browser is idle. Upstream adds one link per chunk per route (308 links for 27
// files on a reference page on a phone), all in the one task where the intersection observers
// report after hydration; it also prefetches the chunks the page itself has just run.
// Same export and behaviour otherwise: the XMLHttpRequest fallback where `prefetch` is unsupported
// (Safari), and a failed prefetch resolves quietly (the browser logs the 404).
const requested = new Set<string>();

// Asked once, on the first prefetch (upstream asks when the module loads).
let linkPrefetchSupported: boolean | undefined;
function supportsLinkPrefetch(): boolean {
  if (linkPrefetchSupported === undefined) {
    try {
      linkPrefetchSupported = document.createElement('link').relList.supports('prefetch');
    } catch {
      linkPrefetchSupported = false;
    }
  }
  return linkPrefetchSupported;
}

function linkPrefetch(url: string, done: () => void): void {
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.href = url;
  link.onload = done;
  link.onerror = done;
  document.head.appendChild(link);
}

function xhrPrefetch(url: string, done: () => void): void {
  const request = new XMLHttpRequest();
  request.open('GET', url, true);
  request.withCredentials = true;
  request.onloadend = done;
  request.send(null);
}

// The bundler removes a chunk's <script> once it has run, so a file fetched earlier is found in the
// resource timings instead (when their buffer is full, such a file is prefetched again: a cache hit).
function alreadyFetchedOrLoading(url: string): boolean {
  if (document.querySelector(`script[src="${CSS.escape(url)}"]`) !== null) return true;
  return performance.getEntriesByName(new URL(url, document.baseURI).href, 'resource').length > 0;
}

const whenIdle = (callback: () => void): void => {
  if ('requestIdleCallback' in window) window.requestIdleCallback(callback);
  else setTimeout(callback, 0);
};

export default function prefetch(url: string): Promise<void> {
  if (typeof document === 'undefined' || requested.has(url)) return Promise.resolve();
  requested.add(url);
  return new Promise((resolve) => {
    whenIdle(() => {
      if (alreadyFetchedOrLoading(url)) resolve();
      else (supportsLinkPrefetch() ? linkPrefetch : xhrPrefetch)(url, () => resolve());
    });
  });
}
