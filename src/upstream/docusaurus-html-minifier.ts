/**
 * The options Docusaurus minifies pages with (@docusaurus/bundler's minifyHtml, @swc/html), copied with tag omission
 * turned off: run again over a minified page, they only add back the end tags Docusaurus' `tagOmission:
 * 'keep-head-and-body'` left out. Used by src/plugins/html-end-tags; contract 'end tags omitted'.
 */
import type {Options} from '@swc/html';

export const SWC_OPTIONS_WITH_END_TAGS: Options = {
  tagOmission: false,
  removeComments: false,
  preserveComments: [],
  sortSpaceSeparatedAttributeValues: false,
  sortAttributes: false,
  normalizeAttributes: false,
  removeEmptyAttributes: false,
  removeRedundantAttributes: 'none',
  // Already minified by Docusaurus.
  minifyJs: false,
  minifyJson: false,
  minifyCss: false,
};
