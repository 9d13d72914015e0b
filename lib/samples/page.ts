/**
 * Reading a content page (MDX) for the sample checker: its code blocks, with the tab group and tab
 * each sits in, and its imports.
 */
import {parseContent} from '../content';

type MdNode = {
  type: string;
  name?: string | null;
  lang?: string | null;
  meta?: string | null;
  value?: string;
  depth?: number;
  attributes?: {type: string; name?: string; value?: unknown}[];
  children?: MdNode[];
  position?: {start: {line: number}};
};

export type TabItemNode = {value?: string; label?: string; line: number; blocks: CodeBlock[]};
export type TabsNode = {groupId?: string; line: number; items: TabItemNode[]};
export type CodeBlock = {
  lang: string;
  meta: string;
  value: string;
  line: number;
  tabs?: TabsNode;
  tabItem?: TabItemNode;
};

function attribute(node: MdNode, name: string): string | undefined {
  const found = node.attributes?.find((candidate) => candidate.type === 'mdxJsxAttribute' && candidate.name === name);
  return typeof found?.value === 'string' ? found.value : undefined;
}

type PageStructure = {blocks: CodeBlock[]; tabs: TabsNode[]; imports: string[]};

export function readStructure(text: string): PageStructure {
  const structure: PageStructure = {blocks: [], tabs: [], imports: []};
  const visit = (node: MdNode, tabs?: TabsNode, tabItem?: TabItemNode): void => {
    const line = node.position?.start.line ?? 0;
    if (node.type === 'mdxjsEsm' && node.value) structure.imports.push(node.value);
    if (node.type === 'mdxJsxFlowElement' && node.name === 'Tabs') {
      tabs = {groupId: attribute(node, 'groupId'), line, items: []};
      tabItem = undefined;
      structure.tabs.push(tabs);
    } else if (node.type === 'mdxJsxFlowElement' && node.name === 'TabItem' && tabs) {
      tabItem = {value: attribute(node, 'value'), label: attribute(node, 'label'), line, blocks: []};
      tabs.items.push(tabItem);
    } else if (node.type === 'code') {
      const block: CodeBlock = {
        lang: node.lang ?? '',
        meta: node.meta ?? '',
        value: node.value ?? '',
        line,
        tabs,
        tabItem,
      };
      structure.blocks.push(block);
      tabItem?.blocks.push(block);
    }
    for (const child of node.children ?? []) visit(child, tabs, tabItem);
  };
  visit(parseContent(text) as MdNode);
  return structure;
}
