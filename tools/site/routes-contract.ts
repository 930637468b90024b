/** The route contract (tests/routes.txt, a copy of the site contract) and the deliberate additions to it. */
import fs from 'node:fs';
import path from 'node:path';
import {SITE_ROOT} from '../cli';

export interface RouteContract {
  routes: string[];
  aliases: {from: string; to: string}[];
  missing: string[];
}

export const ROUTES_FILE = path.join('tests', 'routes.txt');
export const EXTRA_ROUTES_FILE = path.join('tests', 'routes-extra.txt');

const lines = (file: string): string[] =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

export function readRoutes(siteDir = SITE_ROOT): RouteContract {
  const file = path.join(siteDir, ROUTES_FILE);
  const contract: RouteContract = {routes: [], aliases: [], missing: []};
  for (const line of lines(file)) {
    const [kind, ...rest] = line.split(/\s+/);
    if (kind === 'route') contract.routes.push(rest[0]);
    else if (kind === 'alias') contract.aliases.push({from: rest[0], to: rest[2]});
    else if (kind === 'missing') contract.missing.push(rest[0]);
    else throw new Error(`${file}: unknown line "${line}"`);
  }
  return contract;
}

/** Routes the site serves on purpose beyond routes.txt (one per line in tests/routes-extra.txt). */
export function readExtraRoutes(siteDir = SITE_ROOT): string[] {
  return lines(path.join(siteDir, EXTRA_ROUTES_FILE));
}

/** Every path a page may link to: the contract's routes, its aliases and the deliberate additions. */
export function linkableRoutes(siteDir = SITE_ROOT): string[] {
  const contract = readRoutes(siteDir);
  return [...contract.routes, ...contract.aliases.map((a) => a.from), ...readExtraRoutes(siteDir)];
}
