/**
 * For the tests of a check over the project's files (layers, theme-in-bundle): what the check says of made-up files
 * instead, each named with what reading it gives (its imports, its text).
 */
export const checkFakeFiles = <T, R>(check: (files: string[], read: (file: string) => T) => R, fake: Record<string, T>): R =>
  check(Object.keys(fake), (f) => fake[f]);
