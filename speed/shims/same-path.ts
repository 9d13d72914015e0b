// The isSamePath of speed/shims/fast-same-path.ts, apart so that Node tests can load it (that shim imports
// Docusaurus' bundler-only modules). tests/unit/fast-route-match.test.ts holds it to upstream's.
/** The form in which upstream's isSamePath compares paths: lower-cased, with a trailing slash. */
export const comparablePath = <Path extends string | undefined>(pathname: Path): Path =>
  (!pathname || pathname.endsWith('/') ? pathname : `${pathname}/`)?.toLowerCase() as Path;

/** Upstream's comparison. */
function normalizedSame(path1: string | undefined, path2: string | undefined): boolean {
  return comparablePath(path1) === comparablePath(path2);
}

/** Whether every character of `path` is ASCII (lower-casing then keeps its length). */
export function isAscii(path: string): boolean {
  for (let index = 0; index < path.length; index += 1) if (path.charCodeAt(index) >= 128) return false;
  return true;
}

/** Compare the 2 paths, case insensitive and ignoring trailing slash */
export function isSamePath(path1: string | undefined, path2: string | undefined): boolean {
  if (!path1 || !path2) return normalizedSame(path1, path2);
  const length1 = path1.endsWith('/') ? path1.length - 1 : path1.length;
  const length2 = path2.endsWith('/') ? path2.length - 1 : path2.length;
  if (length1 !== length2) return isAscii(path1) && isAscii(path2) ? false : normalizedSame(path1, path2);
  // From the end: two pages of one section differ there.
  for (let index = length1 - 1; index >= 0; index -= 1) {
    const code1 = path1.charCodeAt(index);
    const code2 = path2.charCodeAt(index);
    if (code1 === code2) continue;
    if (code1 >= 128 || code2 >= 128) return normalizedSame(path1, path2);
    // ASCII letters differ in case by the 32 bit; any other pair of ASCII characters differs.
    const lower1 = code1 | 32;
    if (lower1 !== (code2 | 32) || lower1 < 97 || lower1 > 122) return false;
  }
  return true;
}
