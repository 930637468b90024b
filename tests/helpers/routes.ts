/** The project's copy of the route contract (tests/routes.txt) and the deliberate additions to it. */
import fs from 'node:fs';
import path from 'node:path';

export interface RouteContract {
  routes: string[];
  aliases: {from: string; to: string}[];
  missing: string[];
}

/** Tests run from the repository root (npm scripts always do). */
export const ROOT = process.cwd();

export function readRoutes(file = path.join(ROOT, 'tests', 'routes.txt')): RouteContract {
  const contract: RouteContract = {routes: [], aliases: [], missing: []};
  for (const raw of fs.readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [kind, ...rest] = line.split(/\s+/);
    if (kind === 'route') contract.routes.push(rest[0]);
    else if (kind === 'alias') contract.aliases.push({from: rest[0], to: rest[2]});
    else if (kind === 'missing') contract.missing.push(rest[0]);
    else throw new Error(`${file}: unknown line "${line}"`);
  }
  return contract;
}

/** Routes the site serves on purpose beyond routes.txt (one per line in tests/routes-extra.txt). */
export function readExtraRoutes(file = path.join(ROOT, 'tests', 'routes-extra.txt')): string[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}
