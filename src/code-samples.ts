/**
 * The rules of the site's call samples, one place for all who write or read them: the reference's
 * sample tabs (src/theme/ApiExplorer/CodeSnippets), the generator of those samples
 * (lib/samples/write.ts), their Markdown twins, the sample checker (lib/samples/) and the
 * tests. Pure data: the browser bundles it.
 */

/** The environment variable every sample reads the API key from. */
export const apiKeyVariable = 'ORCHARD_API_KEY';

/** The groupId every call sample's tabs share, so a reader's language choice carries across pages. */
export const sampleGroupId = 'code-samples';

/**
 * The sample languages, in tab order: `lang` as the reference's `x-codeSamples` name it, the TabItem
 * `value` and `label`, and the code block's `fence` language (its highlighting). The guides show the
 * first three (`inGuides`), the reference all four.
 */
export const sampleLanguages = [
  {lang: 'Shell', value: 'curl', label: 'curl', fence: 'bash', inGuides: true},
  {lang: 'Python', value: 'python', label: 'Python', fence: 'python', inGuides: true},
  {lang: 'JavaScript', value: 'nodejs', label: 'JavaScript', fence: 'javascript', inGuides: true},
  {lang: 'Go', value: 'go', label: 'Go', fence: 'go', inGuides: false},
] as const;

export type SampleLanguage = (typeof sampleLanguages)[number];

/** One sample of an operation, as `x-codeSamples` holds it. */
export type CodeSample = {lang: SampleLanguage['lang']; label: string; source: string};

/** The tabs of a sample group in the guides, in order. */
export const guideSampleTabs = sampleLanguages.filter((language) => language.inGuides);

/** The language of an `x-codeSamples` entry, if it is one of ours. */
export function sampleLanguage(lang: string): SampleLanguage | undefined {
  return sampleLanguages.find((language) => language.lang === lang);
}
