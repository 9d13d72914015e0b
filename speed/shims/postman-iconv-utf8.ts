// Stands in for iconv-lite in the browser bundle: postman-collection requires it to read a response
// body in another charset than UTF-8 (Response#text), and the explorer reads answers with fetch, not
// through postman-collection: 0.45 MB of the explorer's scripts (its code pages' tables). Knowing no
// charset, postman-collection reads such a body as UTF-8.
export function encodingExists(): boolean {
  return false;
}

export function decode(): never {
  throw new Error('iconv-lite: the site reads answers as UTF-8 (speed/shims/postman-iconv-utf8.ts)');
}

export default {encodingExists, decode};
