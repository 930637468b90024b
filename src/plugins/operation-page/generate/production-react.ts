/**
 * Imported first by `npm run gen:api` (scripts/gen-api.ts), which renders the reference pages with React on the
 * server: React picks its build when first loaded, and without NODE_ENV it loads the development build, whose element
 * checks and owner stacks made generation ~12% slower for byte-identical pages. A NODE_ENV already set is kept.
 */
process.env.NODE_ENV ??= 'production';
