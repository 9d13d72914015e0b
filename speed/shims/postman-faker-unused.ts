// Stands in for faker's English locale in the browser bundle: postman-collection requires it for
// Postman's dynamic variables (`{{$randomFirstName}}`), which only its variable substitution calls,
// and the explorer substitutes none (it sends what the reader typed): 0.9 MB of the explorer's scripts.
// postman-collection takes faker's functions when it loads (`faker.address.city`): each is there, and
// throws if ever called.
const unused = (name: string): unknown =>
  new Proxy(() => undefined, {
    get(_, key) {
      // What a bundler's interop, a promise check and a debugger read of any module.
      if (typeof key === 'symbol' || key === '__esModule' || key === 'default' || key === 'then') return undefined;
      return unused(`${name}.${key}`);
    },
    apply() {
      throw new Error(`${name}: the site leaves out Postman's dynamic variables (speed/shims/postman-faker-unused.ts)`);
    },
  });

module.exports = unused('faker');
