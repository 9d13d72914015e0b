/**
 * The MCP server's search_docs finds what the site's search box finds, in the same order: for each
 * query, a person types it into the box, opens each of the top five suggestions in turn (going back
 * with the browser's Back button in between), and the addresses they land on are the first five URLs
 * search_docs gives.
 */
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {InMemoryTransport} from '@modelcontextprotocol/sdk/inMemory.js';
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {expect, test} from '@playwright/test';

import {createDocsMcpServer, loadDocsSite} from '../../mcp/server';
import {provider} from '../../src/provider';
import {gotoHydrated} from '../support/page';

const queries = ['api key', 'batch size', 'training job', 'sentiment'];

async function mcpSearch(query: string): Promise<string[]> {
  const server = createDocsMcpServer(await loadDocsSite());
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({name: 'search-parity', version: '1.0.0'});
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  try {
    const result = (await client.callTool({name: 'search_docs', arguments: {query}})) as CallToolResult;
    const [first] = result.content;
    const hits = JSON.parse((first as {text: string}).text) as {url: string}[];
    return hits.map(({url}) => url.slice(provider.docsUrl.length));
  } finally {
    await client.close();
  }
}

for (const query of queries) {
  test(`search_docs gives the search box's top five for "${query}"`, async ({page}) => {
    test.setTimeout(120_000);
    const expected = (await mcpSearch(query)).slice(0, 5);
    expect(expected.length, `search_docs finds hits for ${query}`).toBeGreaterThanOrEqual(3);
    const box = page.getByRole('combobox', {name: 'Search'}).or(page.getByRole('textbox', {name: 'Search'}));
    const landed: string[] = [];
    // From a page no suggestion leads to (the not-found page), so every choice changes the address.
    await gotoHydrated(page, '/search-parity-start');
    for (let rank = 0; rank < expected.length; rank += 1) {
      // Back to the start as a person goes back: the browser's Back button, without loading the page again.
      if (rank > 0) {
        await page.goBack();
        await expect(page).toHaveURL(/search-parity-start/);
      }
      await box.click();
      // The box keeps the last query across the Back: cleared, as a person selects it and types anew.
      await box.fill('');
      await box.pressSequentially(query, {delay: 50});
      // The box searches as the person types, so the list may still answer "batch si": the arrows
      // wait for the whole query's suggestions (new suggestions put the choice back on the first).
      await expect(page.getByRole('listbox')).toHaveAttribute('data-answered-query', query, {timeout: 30_000});
      await expect(page.getByRole('option').nth(expected.length - 1)).toBeVisible();
      await expect(box).toHaveValue(query);
      for (let step = 0; step < rank; step += 1) await box.press('ArrowDown');
      await box.press('Enter');
      await expect(page).not.toHaveURL(/search-parity-start/);
      const url = new URL(page.url());
      landed.push(`${url.pathname}${url.hash}`);
    }
    expect(landed).toEqual(expected);
  });
}
