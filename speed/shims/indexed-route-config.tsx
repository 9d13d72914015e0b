// Stands in for react-router-config in the server bundle only (speed/lean-bundle.ts): matchRoutes and
// renderRoutes try only the routes that may match the pathname (candidateRoutes,
// speed/shims/fast-route-match.tsx), found in an index of each route list made once, instead of every
// route of the list. Rendering a page matches its path against every route of its docs plugin: on
// Microsoft Graph's site (11,484 pages) even routes set aside one by one cost milliseconds a page.
// Same results otherwise: matchRoutes is upstream's over the candidates (the first that matches is
// the same), and renderRoutes gives react-router's <Switch> the candidates' <Route> elements.
import React, {type ReactNode} from 'react';
import {matchPath, Route, Router, Switch, useLocation} from 'react-router';
import type {MatchedRoute, RouteConfig, RouteConfigComponentProps} from 'react-router-config';
import type {SwitchProps} from 'react-router';

import {candidateRoutes} from './fast-route-match';

export function matchRoutes<Params extends {[K in keyof Params]?: string}>(
  routes: RouteConfig[],
  pathname: string,
  branch: MatchedRoute<Params>[] = [],
): MatchedRoute<Params>[] {
  candidateRoutes(routes, pathname).some((route) => {
    const match = route.path
      ? matchPath<Params>(pathname, route)
      : branch.length > 0
        ? branch[branch.length - 1]!.match
        : (
            Router as unknown as {computeRootMatch: (pathname: string) => MatchedRoute<Params>['match']}
          ).computeRootMatch(pathname);
    if (match) {
      branch.push({route, match});
      if (route.routes) matchRoutes(route.routes, pathname, branch);
    }
    return match;
  });
  return branch;
}

type RoutesProps = {routes: RouteConfig[]; extraProps: object; switchProps: SwitchProps};

/** react-router-config's <Switch> of routes, given only the routes that may match this location. */
function CandidateRoutes({routes, extraProps, switchProps}: RoutesProps): ReactNode {
  const contextLocation = useLocation();
  const {pathname} = switchProps.location ?? contextLocation;
  return React.createElement(
    Switch,
    switchProps,
    candidateRoutes(routes, pathname).map((route, index) =>
      React.createElement(Route, {
        key: route.key ?? index,
        path: route.path,
        exact: route.exact,
        strict: route.strict,
        render: (props: RouteConfigComponentProps) =>
          route.render
            ? route.render({...props, ...extraProps, route})
            : React.createElement(route.component as React.ComponentType<RouteConfigComponentProps>, {
                ...props,
                ...extraProps,
                route,
              }),
      }),
    ),
  );
}

export function renderRoutes(
  routes: RouteConfig[] | undefined,
  extraProps: object = {},
  switchProps: SwitchProps = {},
): ReactNode {
  return routes ? React.createElement(CandidateRoutes, {routes, extraProps, switchProps}) : null;
}
