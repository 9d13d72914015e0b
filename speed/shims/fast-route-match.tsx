// Stands in for react-router in the server bundle only (speed/lean-bundle.ts), with matchPath and
// <Switch> that first set aside, by a length and one character, the routes whose literal path cannot
// match, and leave every other route to react-router's own matchPath. Rendering a page matches its
// path against every route of its docs plugin several times (react-router-config's matchRoutes for
// preloading and location normalising, <Switch>, the docs plugin's active-doc lookups): at 2,000
// operation pages that was 33 million matchPath calls, a fifth of rendering, growing with the square
// of the pages. Same exports and results otherwise: tests/unit/fast-route-match.test.ts compares
// both with react-router's on every pair of the site's routes and on crafted edge cases.
import React, {type ReactNode} from 'react';
// The real module: the bundler's alias (speed/lean-bundle.ts) skips this file.
import {matchPath as routerMatchPath, Switch as RouterSwitch, useLocation, type SwitchProps} from 'react-router';
export * from 'react-router';

import {isAscii} from './same-path';

/** What matchPath reads of a route (react-router's RouteProps, or Switch's child props). */
type RouteOptions = {path?: unknown; from?: unknown; exact?: boolean; strict?: boolean; sensitive?: boolean};

/**
 * A path path-to-regexp 1.x reads as plain text: no parameter (`:id`), group, wildcard or escape.
 * Such a path compiles to `^<path, its trailing slash optional unless strict>` followed by `/?$`
 * when exact, so a pathname it matches is at least as long as the path without that slash, at most
 * one character longer when exact, and has the path's last character at the same place.
 */
const notLiteral = /[\\:()*?+[\]{}]/;
const literalPaths = new Map<string, boolean>();
function isLiteral(path: string): boolean {
  let literal = literalPaths.get(path);
  if (literal === undefined) {
    literal = !notLiteral.test(path);
    literalPaths.set(path, literal);
  }
  return literal;
}

/** Whether `pathname` certainly does not match a route with these options (false: it may). */
export function cannotMatch(pathname: string, options: RouteOptions): boolean {
  const path = options.path;
  if (typeof path !== 'string' || !isLiteral(path)) return false;
  let length = path.length;
  if (!options.strict && length > 0 && path.charCodeAt(length - 1) === 47 /* / */) length -= 1;
  if (pathname.length < length || (options.exact === true && pathname.length > length + 1)) return true;
  if (length === 0) return false;
  const expected = path.charCodeAt(length - 1);
  const found = pathname.charCodeAt(length - 1);
  if (expected === found) return false;
  if (options.sensitive === true) return true;
  // Case-insensitive: only plain ASCII is decided here (a letter's two cases differ by the 32 bit);
  // any other character goes to react-router's own regular expression.
  if (expected >= 128 || found >= 128) return false;
  return !isAsciiLetter(expected) || !isAsciiLetter(found) || (expected | 32) !== (found | 32);
}

const isAsciiLetter = (code: number) => (code | 32) >= 97 && (code | 32) <= 122;

export const matchPath: typeof routerMatchPath = (pathname, props, parent) =>
  typeof props === 'object' && !Array.isArray(props) && cannotMatch(pathname, props as RouteOptions)
    ? null
    : routerMatchPath(pathname, props, parent);

/** react-router's <Switch> given only the children that may match: the first that matches is the same. */
export function Switch({children, location, ...props}: SwitchProps): ReactNode {
  const contextLocation = useLocation();
  const {pathname} = location ?? contextLocation;
  const candidates: ReactNode[] = [];
  React.Children.forEach(children, (child) => {
    if (!React.isValidElement<RouteOptions>(child)) return;
    // As <Switch> reads it: a child without a path (or with an empty one) always matches.
    const path = child.props.path || child.props.from;
    if (!cannotMatch(pathname, {...child.props, path})) candidates.push(child);
  });
  return (
    <RouterSwitch {...props} location={location}>
      {candidates}
    </RouterSwitch>
  );
}

/** What a route list's index holds: its exact literal routes by the path they match, the rest in order. */
type RouteIndex = {byPath: Map<string, number>; others: number[]};

const routeIndexes = new WeakMap<readonly RouteOptions[], RouteIndex>();

/**
 * The form in which an exact, not strict, case-insensitive route of a plain ASCII path matches a
 * pathname: one trailing slash dropped, lower-cased (path-to-regexp 1.x makes such a path
 * `^<path>(?:\/(?=$))?$` with the `i` flag). Undefined for a path that is not of that kind.
 */
function indexedPath(path: string): string | undefined {
  if (path === '' || path.endsWith('//') || !isLiteral(path) || !isAscii(path)) return undefined;
  return (path.endsWith('/') ? path.slice(0, -1) : path).toLowerCase();
}

function routeIndexOf(routes: readonly RouteOptions[]): RouteIndex {
  let found = routeIndexes.get(routes);
  if (found) return found;
  found = {byPath: new Map(), others: []};
  routes.forEach((route, position) => {
    const path =
      typeof route.path === 'string' && route.exact === true && route.strict !== true && route.sensitive !== true
        ? indexedPath(route.path)
        : undefined;
    if (path === undefined) found.others.push(position);
    else if (!found.byPath.has(path)) found.byPath.set(path, position);
  });
  routeIndexes.set(routes, found);
  return found;
}

/** Below this many routes a list is walked: its index would cost more than it saves. */
const indexedFrom = 32;

/**
 * The routes of `routes` that may match `pathname`, in their order: every route but the exact literal
 * ones whose path is not the pathname's (at most one of those is kept: the first, which is the one
 * react-router would reach). The first of them that matches is the first of `routes` that matches.
 */
export function candidateRoutes<Route extends RouteOptions>(
  routes: readonly Route[],
  pathname: string,
): readonly Route[] {
  if (routes.length < indexedFrom || !isAscii(pathname)) return routes;
  const {byPath, others} = routeIndexOf(routes);
  const hit = byPath.get((pathname.endsWith('/') ? pathname.slice(0, -1) : pathname).toLowerCase());
  const candidates: Route[] = [];
  let placed = hit === undefined;
  for (const position of others) {
    if (!placed && hit! < position) {
      candidates.push(routes[hit!]!);
      placed = true;
    }
    candidates.push(routes[position]!);
  }
  if (!placed) candidates.push(routes[hit!]!);
  return candidates;
}
