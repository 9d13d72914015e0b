// Replaces the server picker: the theme showed the chosen URL and hid the choice behind an Edit
// button that appears on hover. Each server is now a radio button, named and always visible, and
// the chosen server's variables are fields (a list of its values where the description gives one).
import {useEffect, useId, type ReactNode} from 'react';
import FormItem from '@theme/ApiExplorer/FormItem';
import {setServer, setServerVariable} from '@theme/ApiExplorer/Server/slice';
import {useTypedDispatch, useTypedSelector} from '@theme/ApiItem/hooks';
import Markdown from '@theme/Markdown';

type ServerVariable = {default?: string; enum?: string[]; description?: string};
type ServerObject = {url: string; description?: string; variables?: Record<string, ServerVariable>};
type ServerState = {server: {value?: ServerObject; options: ServerObject[]}};

/** "Local sandbox (run `npm run sandbox` …)" → the name "Local sandbox" and the note "run `npm run sandbox` …". */
function nameAndNote({url, description}: ServerObject): {name: string; note?: string} {
  const match = /^([^(]+?)\s*\((.*)\)\s*$/s.exec(description ?? '');
  if (match) return {name: match[1]!, note: match[2]};
  return {name: description || url};
}

export default function Server({labelId}: {labelId?: string}): ReactNode {
  const value = useTypedSelector((state: ServerState) => state.server.value);
  const options = useTypedSelector((state: ServerState) => state.server.options);
  const dispatch = useTypedDispatch();
  const group = useId();
  const chosen = options.find((server) => server.url === value?.url);
  const first = options[0];
  // Nothing chosen yet (or a stored choice this page does not offer): the first server.
  useEffect(() => {
    if (!chosen && first) dispatch(setServer(JSON.stringify(first)));
  }, [chosen, first, dispatch]);
  if (!first) return null;
  return (
    <FormItem>
      <div role="radiogroup" aria-labelledby={labelId} className="openapi-explorer__servers">
        {options.map((server) => {
          const {name, note} = nameAndNote(server);
          return (
            <div key={server.url} className="openapi-explorer__server-option">
              <label>
                <input
                  type="radio"
                  name={group}
                  value={server.url}
                  checked={server.url === (chosen ?? first).url}
                  onChange={() => dispatch(setServer(JSON.stringify(server)))}
                />{' '}
                {name}
              </label>
              <div className="openapi-explorer__server-details">
                <code>{server.url}</code>
                {note && <Markdown>{note}</Markdown>}
              </div>
            </div>
          );
        })}
      </div>
      {/* The chosen server as the state holds it: its variables' values are set there, not in the options. */}
      {Object.entries((value?.url === chosen?.url ? value : chosen)?.variables ?? {}).map(([name, variable]) => {
        const set = (value: string) => dispatch(setServerVariable(JSON.stringify({key: name, value})));
        const id = `${group}-${name}`;
        return (
          <div key={name} className="openapi-explorer__server-variable">
            <label htmlFor={id}>
              <code>{name}</code>
              {variable.description && ` (${variable.description})`}
            </label>
            {variable.enum ? (
              <select id={id} value={variable.default ?? ''} onChange={(event) => set(event.target.value)}>
                {variable.enum.map((value) => (
                  <option key={value}>{value}</option>
                ))}
              </select>
            ) : (
              <input id={id} type="text" value={variable.default ?? ''} onChange={(event) => set(event.target.value)} />
            )}
          </div>
        );
      })}
    </FormItem>
  );
}
