/**
 * The API section's sidebar (sidebarsApi.ts): a category per service of guide pages, and the reference,
 * made from lib/openapi/specs.ts and the sidebars gen-api-docs generates, one category per API.
 */
import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

import {openApiSpecs, referenceLandingDocId, referenceSidebarModule, type OpenApiSpec} from './openapi/specs';
import {services, type ServiceKey} from '../src/provider';
import {maxOperationCards, operationCardsProp} from '../src/components/OperationIndex/entries';

/** A sidebar as `npm run gen-api-docs` generates one per spec (its module's default export). */
type GeneratedSidebar = SidebarsConfig[string];
type SidebarItem = Extract<GeneratedSidebar, unknown[]>[number];

// One category per service with its task pages, linked to a generated index (/api/category/<service>).
export function serviceCategory(service: ServiceKey, label: string, pages: readonly string[]) {
  const id = services[service];
  return {
    type: 'category' as const,
    label,
    link: {
      type: 'generated-index' as const,
      slug: `/category/${id}`,
      description: `Guides for the ${label}.`,
    },
    items: pages.map((page) => `${id}/${page}`),
  };
}

/** The spec and its generated sidebar (a git-ignored module, named after the spec's reference folder). */
function reference(api: OpenApiSpec): OpenApiReference {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module's path comes from lib/openapi/specs.ts
  const generated = require(`../${referenceSidebarModule(api)}`) as {default: GeneratedSidebar};
  return [api, generated.default];
}

type OpenApiReference = [OpenApiSpec, GeneratedSidebar];
type ReferenceCategory = {
  type: 'category';
  label: string;
  description: string;
  link: {type: 'doc'; id: string};
  collapsed: boolean;
  customProps: {[operationCardsProp]: number};
  items: (SidebarItem | ReferenceCategory)[];
};

/** Operation pages in a generated sidebar, however deep its tag groups nest them. */
function countOperations(items: GeneratedSidebar): number {
  if (!Array.isArray(items)) return 0;
  return items.reduce<number>((count, item) => {
    if (typeof item !== 'object') return count;
    if (item.type === 'category') return count + countOperations(item.items as GeneratedSidebar);
    return count + (item.type === 'doc' && String(item.className ?? '').includes('api-method') ? 1 : 0);
  }, 0);
}

// A reference category opens on its landing page (/api/api-reference/<id>) and lists the operations
// grouped by tag; the generated sidebar's own link to the landing page is dropped as redundant.
function referenceCategory(
  api: OpenApiSpec,
  generated: GeneratedSidebar,
  nested: OpenApiReference[] = [],
): ReferenceCategory {
  if (!Array.isArray(generated))
    throw new Error(`lib/api-sidebar.ts: the generated sidebar of ${api.file} is not a list`);
  const landingId = referenceLandingDocId(api);
  const isLanding = (item: SidebarItem) => typeof item === 'object' && 'id' in item && item.id === landingId;
  const operations = countOperations(generated.filter((item) => !isLanding(item)));
  const extraItems = nested.map(([nestedApi, nestedSidebar]) => referenceCategory(nestedApi, nestedSidebar));
  // The card on /api/category/api-reference: the operations it holds (the default counts tag groups).
  const nestedCounts = nested.map(
    ([nestedApi, nestedSidebar]) => `, and the ${nestedApi.title}'s ${countOperations(nestedSidebar)}`,
  );
  return {
    type: 'category' as const,
    label: api.title,
    description: `${operations} operations${nestedCounts.join('')}.`,
    link: {type: 'doc' as const, id: landingId},
    collapsed: true,
    // What its landing page's index (src/components/OperationIndex) shows as cards, at most.
    customProps: {[operationCardsProp]: api.operationCards ?? maxOperationCards},
    items: [...generated.filter((item) => !isLanding(item)), ...extraItems],
  };
}

/**
 * One category per API of lib/openapi/specs.ts, in its order, each holding the APIs nested under it:
 * a new API gets its category with no change here.
 */
export function referenceCategories(): ReferenceCategory[] {
  const nestedUnder = (api: OpenApiSpec) => ('nestedUnder' in api ? api.nestedUnder : undefined);
  for (const api of openApiSpecs) {
    const parent = nestedUnder(api);
    if (parent !== undefined && !openApiSpecs.some((candidate) => candidate.id === parent && !nestedUnder(candidate)))
      throw new Error(
        `lib/openapi/specs.ts: ${api.id} is nested under "${parent}", which is not the id of an API listed at the top level`,
      );
  }
  return openApiSpecs
    .filter((api) => nestedUnder(api) === undefined)
    .map((api) =>
      referenceCategory(
        ...reference(api),
        openApiSpecs.filter((nested) => nestedUnder(nested) === api.id).map(reference),
      ),
    );
}
