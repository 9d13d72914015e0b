// The server a reader chose in the explorer, remembered per API in localStorage (src/explorer-storage.ts):
// every operation page of that API starts with it, and its code samples call it (CodeSnippets).
import {useEffect} from 'react';
import {useLocation} from '@docusaurus/router';
import {setServer, setServerVariable} from '@theme/ApiExplorer/Server/slice';
import {useTypedDispatch, useTypedSelector} from '@theme/ApiItem/hooks';

import {browserStorage, readServerChoice, serverChoice, serverKey} from '@site/src/explorer-storage';
import type {ServerLike} from '@site/src/server-url';

type ServerState = {server: {value?: ServerLike & {url: string}; options: (ServerLike & {url: string})[]}};

export default function RememberedServer(): null {
  const key = serverKey(useLocation().pathname);
  const chosen = useTypedSelector((state: ServerState) => state.server.value);
  const options = useTypedSelector((state: ServerState) => state.server.options);
  const dispatch = useTypedDispatch();

  // Once per page: the API's remembered server, when this operation offers it.
  useEffect(() => {
    const choice = readServerChoice(browserStorage('localStorage'), key);
    const server = choice && options.find((option) => option.url === choice.url);
    if (!choice || !server) return;
    dispatch(setServer(JSON.stringify(server)));
    for (const [name, value] of Object.entries(choice.variables))
      if (server.variables?.[name]) dispatch(setServerVariable(JSON.stringify({key: name, value})));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  // Each choice (a server, a variable's value) is remembered for the API's other pages.
  useEffect(() => {
    if (!chosen) return;
    try {
      browserStorage('localStorage')?.setItem(key, JSON.stringify(serverChoice(chosen)));
    } catch {
      // Storage full or refused: the choice holds for this page only.
    }
  }, [chosen, key]);

  return null;
}
