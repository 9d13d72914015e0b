/**
 * Two mistakes a maintainer makes that Docusaurus does not name the files of:
 * - two pages built at one route (SPEC.md §1: duplicate routes only warn). Docusaurus warns with the
 *   route only; this warning names both files, so the maintainer knows which slug to change.
 * - a page that no sidebar lists, which Docusaurus builds without a sidebar (SPEC.md §2: every route
 *   but the home page shows one). The build fails naming the file and the sidebar file to add it to;
 *   the dev server warns, so a page being written can be previewed before it has its entry.
 * Both are read from the loaded content, before anything is bundled or rendered.
 */
import type {LoadedContent as DocsContent} from '@docusaurus/plugin-content-docs';
import type {LoadedContent as PagesContent} from '@docusaurus/plugin-content-pages';
import type {AllContent, Plugin} from '@docusaurus/types';

/** A page and the file it is built from, relative to the site (`docs/models.md`). */
type SourcedPage = {permalink: string; file: string};

const siteRelative = (source: string) => source.replace(/^@site\//, '');

const docsOf = (allContent: AllContent) =>
  Object.entries((allContent['docusaurus-plugin-content-docs'] ?? {}) as Record<string, DocsContent | undefined>);

/** Every page built from a file of the site: the docs of every docs instance and the pages of src/pages. */
function sourcedPages(allContent: AllContent): SourcedPage[] {
  const docs = docsOf(allContent).flatMap(([, content]) =>
    (content?.loadedVersions ?? []).flatMap((version) => version.docs),
  );
  const pages = Object.values((allContent['docusaurus-plugin-content-pages'] ?? {}) as Record<string, PagesContent>)
    .flat()
    .filter(Boolean);
  return [...docs, ...pages].map((page) => ({permalink: page.permalink, file: siteRelative(page.source)}));
}

/** One line per route that two or more files build, naming the route and the files. */
export function duplicateRoutes(allContent: AllContent): string[] {
  const filesByRoute = new Map<string, string[]>();
  for (const {permalink, file} of sourcedPages(allContent)) {
    const route = permalink.replace(/(.)\/$/, '$1');
    filesByRoute.set(route, [...(filesByRoute.get(route) ?? []), file]);
  }
  return [...filesByRoute]
    .filter(([, files]) => files.length > 1)
    .map(
      ([route, files]) =>
        `Duplicate route ${route}: ${files.join(' and ')} ${files.length === 2 ? 'both' : 'all'} build it, and readers get only one of them. Change the slug (or the file name) of ${files.length === 2 ? 'one' : 'all but one'}.`,
    );
}

/**
 * One line per doc that no sidebar lists and whose front matter names no sidebar to show
 * (`displayed_sidebar`): the file, its id, and `sidebarFiles[instance id]`, where to add it.
 */
export function pagesInNoSidebar(allContent: AllContent, sidebarFiles: Readonly<Record<string, string>>): string[] {
  return docsOf(allContent).flatMap(([instance, content]) =>
    (content?.loadedVersions ?? []).flatMap((version) =>
      version.docs
        .filter((doc) => !doc.sidebar && !doc.frontMatter.displayed_sidebar)
        .map((doc) => {
          const sidebarFile = sidebarFiles[instance] ?? `the sidebar file of the docs instance "${instance}"`;
          return `${siteRelative(doc.source)}: no sidebar lists this page, so it would be built without one. Add '${doc.id}' to ${sidebarFile} (or set displayed_sidebar in its front matter).`;
        }),
    ),
  );
}

/** An error that prints as its lines, without a stack: it says all a maintainer needs. */
class ContentError extends Error {
  constructor(lines: string[]) {
    super(lines.join('\n'));
    this.name = 'ContentError';
    this.stack = `${this.name}: ${this.message}`;
  }
}

/** The plugin, given each docs instance's sidebar file (relative to the site) by instance id. */
export default function contentChecks(sidebarFiles: Readonly<Record<string, string>>) {
  return (): Plugin => contentChecksPlugin(sidebarFiles);
}

function contentChecksPlugin(sidebarFiles: Readonly<Record<string, string>>): Plugin {
  const production = process.env.NODE_ENV === 'production';
  return {
    name: 'content-checks',
    allContentLoaded({allContent}) {
      for (const line of duplicateRoutes(allContent)) console.warn(`[WARNING] ${line}`);
      const unlisted = pagesInNoSidebar(allContent, sidebarFiles);
      if (unlisted.length === 0) return;
      if (!production) for (const line of unlisted) console.warn(`[WARNING] ${line}`);
      else
        throw new ContentError([
          `${unlisted.length} page${unlisted.length === 1 ? '' : 's'} in no sidebar:`,
          ...unlisted,
        ]);
    },
  };
}
