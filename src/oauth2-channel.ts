// How the explorer's OAuth2 sign-in window (src/components/OAuth2Callback) hands the authorization
// server's answer back to the operation page that opened it (src/theme/ApiExplorer/OAuth2.tsx): on a
// BroadcastChannel, which only pages of the site's own origin share (it works even where a window
// has lost its opener).

export const oauth2ChannelName = 'orchard-explorer-oauth2';

/** The route of the sign-in window's page, under the site's base URL (lib/sandbox/servers.ts names it for the sandbox). */
export const oauth2CallbackRoute = 'oauth2-callback';

/** What the sign-in window passes on: the query the authorization server returned with (code, state, or error). */
export type OAuth2Callback = {type: 'oauth2-callback'; params: Record<string, string>};
