/**
 * Day bounds as the list filters take them (`created_gte`, `created_lt`): the tests that follow a day in a fresh
 * sandbox, whose seeded deposits are a day before the key's first request, read yesterday and today.
 */
export function midnightUtc(days: number): string {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().replace(/\.\d+Z$/, 'Z');
}
