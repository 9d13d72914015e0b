// Stands in for pako on the site: reference pages are generated with `disableCompression` (raw JSON
// compresses better over the wire than base64-encoded gzip), so the theme never needs to ungzip.
export function ungzip(): never {
  throw new Error('Reference pages are generated uncompressed (disableCompression in docusaurus.config.ts).');
}
