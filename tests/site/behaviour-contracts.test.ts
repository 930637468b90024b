/**
 * The seam's behaviour contracts (tests/helpers/behaviour-contracts.ts) on the fixture site of
 * tests/fixtures/contract-site/, built once here with the installed packages (a production Rspack build, as the
 * site's): each holds; and each, and only it, fails when its one assumption is broken on purpose.
 *
 * How each is broken (the list `MUTATIONS`): a contract about what runs in the browser (the try-it store, the forms'
 * props, the requests Send makes) is broken in a copy of the package's code as the fixture's build bundled it, served
 * in its place (the page's scripts rewritten as Chromium loads them), so no second build is needed; a contract about
 * a file Docusaurus generates (the client manifest, the docs plugin's props and global data) or the markup of a page
 * (the CSS-module class names) is broken in a copy of that built file. A full build per mutation would cost ten to
 * fifteen seconds of two cores each for the same evidence; one mutation, of the try-it store, is made the long way
 * too, to show the short ways see what it sees: a copy of the OpenAPI theme's package, changed, that the fixture is
 * built with again.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';
import type {Browser} from 'playwright-core';
import {launchChromium} from '../../tools/cli/chromium';
import {SITE_ROOT} from '../../tools/cli';
import {BEHAVIOUR_CONTRACTS, failing} from '../helpers/behaviour-contracts';
import {BROKEN_PACKAGES, buildContractSite, observeFiles, observeOperations, type Observed} from '../helpers/contract-site';

let outDir: string;
let browser: Browser;
let observed: Observed;

before(async () => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-contract-site-'));
  const {ms} = buildContractSite(outDir);
  console.log(`# the contract fixture built in ${(ms / 1000).toFixed(1)} s`);
  browser = await launchChromium('the behaviour contracts');
  observed = {...observeFiles(outDir), operations: await observeOperations(browser, outDir)};
});

after(async () => {
  await browser?.close();
  if (outDir) fs.rmSync(outDir, {recursive: true, force: true});
  fs.rmSync(BROKEN_PACKAGES, {recursive: true, force: true});
});

describe('behaviour contracts', () => {
  for (const contract of BEHAVIOUR_CONTRACTS) {
    test(`${contract.id} (${contract.assumption})`, () => {
      const problem = contract.check(observed);
      assert.equal(
        problem,
        undefined,
        `an upstream package no longer does what we rely on: ${contract.says}.\n  ${problem}\n  Assumption ${contract.assumption} of src/upstream/contracts.yaml.`,
      );
    });
  }
});

/** A copy of what was observed, to break. */
const copy = (): Observed => structuredClone(observed);

/** One assumption broken: in a copy of the built files, or of the bundled package code the browser runs. */
type Mutation =
  | {contract: string; breaks: string; files: (o: Observed) => void}
  | {contract: string; breaks: string; script: {find: RegExp; replace: string}}
  /** A copy of the OpenAPI theme with one of its files changed, which the fixture is built with again. */
  | {contract: string; breaks: string; themeCopy: {file: string; find: string; replace: string}};

const renameKey = (o: Record<string, unknown>, from: string, to: string): void => {
  o[to] = o[from];
  delete o[from];
};

const MUTATIONS: Mutation[] = [
  {
    contract: 'client manifest',
    // relies on: client-manifest-shape
    breaks: '@docusaurus/core writes client-manifest.json with `entrypoints` renamed `entries` (a copy of the built file)',
    files: (o) => renameKey(o.manifest as Record<string, unknown>, 'entrypoints', 'entries'),
  },
  {
    contract: 'docs version props',
    breaks: "the docs plugin's version props have `docsSidebars` renamed `sidebars` (a copy of the built props)",
    files: (o) => {
      for (const props of Object.values(o.docsProps) as {version?: Record<string, unknown>}[])
        if (props.version) renameKey(props.version, 'docsSidebars', 'sidebars');
    },
  },
  {
    contract: 'docs global data',
    // relies on: docs-global-data
    breaks: "the docs plugin's global data names a doc's `path` `permalink` (a copy of globalData.json)",
    files: (o) => {
      // relies on: docs-global-data
      const docs = (o.globalData as {'docusaurus-plugin-content-docs': {default: {versions: {docs: Record<string, unknown>[]}[]}}})[
        'docusaurus-plugin-content-docs'
      ].default.versions[0].docs;
      for (const doc of docs) renameKey(doc, 'path', 'permalink');
    },
  },
  {
    contract: 'try-it store',
    breaks: "the OpenAPI theme's ApiItem no longer prefills a parameter from its `example` (its bundled code)",
    script: {find: /(\w)\.schema\?\.default\?\?\1\.example\?\?/, replace: '$1.schema?.default??'},
  },
  {
    contract: 'try-it saved server',
    breaks: "the OpenAPI theme's ApiItem reads the saved server from another storage key (its bundled code)",
    script: {find: /(authPersistence\?\?"sessionStorage"\)\.getItem\()"server"\)/, replace: '$1"saved-server")'},
  },
  {
    contract: 'try-it form props',
    breaks: "the OpenAPI theme's ApiExplorer gives Request a second prop, `operation` (its bundled code)",
    script: {
      find: /(\.createElement\(\w+\.default,\{item:(\w+))(\}\),\w+\.default\.createElement\(\w+\.default,\{item:\2\}\)\))/,
      replace: '$1,operation:$2$3',
    },
  },
  {
    contract: 'try-it JSON body',
    breaks: "the OpenAPI theme's makeRequest sends a raw body JSON-encoded a second time (its bundled code)",
    script: {find: /case"raw":(\w+)=\((\w+)\.raw\?\?""\)\.toString\(\)/, replace: 'case"raw":$1=JSON.stringify(String($2.raw??""))'},
  },
  {
    contract: 'try-it form body',
    breaks: "the OpenAPI theme's makeRequest sends a urlencoded body as FormData (its bundled code)",
    script: {find: /case"urlencoded":if\((\w+)=new URLSearchParams,/, replace: 'case"urlencoded":if($1=new FormData,'},
  },
  {
    contract: 'sidebar link markup',
    breaks: 'the classic theme marks the current sidebar link `data-current` instead of `aria-current` (a copy of the built pages)',
    files: (o) => {
      for (const page of Object.keys(o.pages)) o.pages[page] = o.pages[page].replace(/\baria-current=("?)page\b/g, 'data-current=$1page');
    },
  },
  {
    contract: 'CSS module class names',
    breaks: "the classic theme's Admonition module names `admonitionContent` `admonitionBody` (a copy of the built pages)",
    files: (o) => {
      for (const page of Object.keys(o.pages)) o.pages[page] = o.pages[page].replace(/\badmonitionContent_/g, 'admonitionBody_');
    },
  },
  // Last: its build blocks this process, so no script mutation's observation may still be running (see below).
  {
    contract: 'try-it store',
    breaks: "the OpenAPI theme's ApiItem no longer prefills a parameter from its `example` (a copy of the package, built)",
    themeCopy: {file: 'lib/theme/ApiItem/index.js', find: '        p.example ??\n', replace: ''},
  },
];

test('every behaviour contract has a mutation, and every mutation names a contract', () => {
  assert.deepEqual([...new Set(MUTATIONS.map((m) => m.contract))].sort(), BEHAVIOUR_CONTRACTS.map((c) => c.id).sort());
});

type ScriptMutation = Extract<Mutation, {script: unknown}>;

/** What the page shows with one script mutation served, and how many scripts the mutation changed. */
interface ScriptObservation {
  operations: Observed['operations'];
  replaced: number;
}

let scriptObservations: Map<ScriptMutation, Promise<ScriptObservation>> | undefined;

/**
 * The observation of each script mutation, two at a time, started by the first test that needs one. Each is a
 * browser session of a few seconds that mostly waits on its page and on the scripts served rewritten, so two share
 * the two cores; each test still awaits and checks its own. They have all ended by the last script mutation's test,
 * so none runs during the theme copy's build, which blocks this process.
 */
function observeScriptMutation(mutation: ScriptMutation): Promise<ScriptObservation> {
  if (!scriptObservations) {
    scriptObservations = new Map();
    const lanes = [Promise.resolve(), Promise.resolve()];
    MUTATIONS.filter((m): m is ScriptMutation => 'script' in m).forEach((m, i) => {
      const observation = lanes[i % lanes.length].then(async () => {
        let replaced = 0;
        const operations = await observeOperations(browser, outDir, (script) => {
          const changed = script.replace(m.script.find, m.script.replace);
          if (changed !== script) replaced++;
          return changed;
        });
        return {operations, replaced};
      });
      // The lane goes on whatever this one's outcome; its test reports a failure.
      lanes[i % lanes.length] = observation.then(
        () => undefined,
        () => undefined,
      );
      scriptObservations!.set(m, observation);
    });
  }
  return scriptObservations.get(mutation)!;
}

describe('each contract, and only it, fails on its own broken assumption', () => {
  for (const mutation of MUTATIONS) {
    test(`${mutation.contract}: ${mutation.breaks}`, async () => {
      let broken = copy();
      if ('files' in mutation) mutation.files(broken);
      else if ('themeCopy' in mutation) {
        const {file, find, replace} = mutation.themeCopy;
        const theme = path.join(BROKEN_PACKAGES, 'node_modules/docusaurus-theme-openapi-docs');
        fs.rmSync(BROKEN_PACKAGES, {recursive: true, force: true});
        fs.cpSync(path.join(SITE_ROOT, 'node_modules/docusaurus-theme-openapi-docs'), theme, {recursive: true});
        const text = fs.readFileSync(path.join(theme, file), 'utf8');
        assert.ok(text.includes(find), `the OpenAPI theme's ${file} has no ${JSON.stringify(find)} (it changed: update the mutation)`);
        fs.writeFileSync(path.join(theme, file), text.replace(find, replace));
        const brokenOut = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-contract-site-broken-'));
        try {
          const {ms} = buildContractSite(brokenOut, {CONTRACT_SITE_OPENAPI_THEME: theme});
          console.log(`# the contract fixture with the broken theme built in ${(ms / 1000).toFixed(1)} s`);
          broken = {...observeFiles(brokenOut), operations: await observeOperations(browser, brokenOut)};
        } finally {
          fs.rmSync(brokenOut, {recursive: true, force: true});
        }
      } else {
        const {operations, replaced} = await observeScriptMutation(mutation);
        broken.operations = operations;
        assert.ok(replaced > 0, `no script of the fixture has ${mutation.script.find} (the bundled code changed: update the mutation)`);
      }
      const failed = failing(broken);
      assert.deepEqual(Object.keys(failed), [mutation.contract], JSON.stringify(failed, null, 2));
      console.log(`# ${mutation.contract}: ${failed[mutation.contract]}`);
    });
  }
});
