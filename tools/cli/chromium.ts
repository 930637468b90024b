/**
 * Finds an installed Chrome, Chromium or Edge and launches it with playwright-core (Playwright's own browser
 * download is not possible on the CI machines). Used by the build (mermaid diagrams), the tests and the bench.
 * `CHROMIUM_PATH`, when set, is the only place looked at.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {chromium, type Browser} from 'playwright-core';

/** Where Chrome, Chromium and Edge install themselves on Linux, macOS and Windows, most specific first. */
function usualPlaces(): string[] {
  const programFiles = [process.env.PROGRAMFILES, process.env['PROGRAMFILES(X86)'], process.env.LOCALAPPDATA].filter(Boolean) as string[];
  const onPath = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .flatMap((dir) => ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'microsoft-edge'].map((n) => path.join(dir, n)));
  return [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/opt/google/chrome/chrome',
    '/usr/bin/microsoft-edge',
    '/snap/bin/chromium',
    ...onPath,
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
    '/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
    path.join(os.homedir(), 'Applications/Google Chrome.app/Contents/MacOS/Google Chrome'),
    ...programFiles.flatMap((dir) => [
      path.join(dir, 'Google', 'Chrome', 'Application', 'chrome.exe'),
      path.join(dir, 'Chromium', 'Application', 'chrome.exe'),
      path.join(dir, 'Microsoft', 'Edge', 'Application', 'msedge.exe'),
    ]),
    // A browser a developer installed with `npx playwright install chromium` elsewhere.
    chromium.executablePath(),
  ];
}

const isExecutable = (file: string): boolean => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

/** The browser to drive, or undefined when none is installed (or CHROMIUM_PATH names a missing file). */
export function findChromium(): string | undefined {
  const explicit = process.env.CHROMIUM_PATH;
  if (explicit) return isExecutable(explicit) ? explicit : undefined;
  return usualPlaces().find(isExecutable);
}

export async function launchChromium(purpose: string): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) {
    throw new Error(
      `No Chrome, Chromium or Edge found (${process.env.CHROMIUM_PATH ? `CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist` : 'looked in the usual places'}), needed for ${purpose}: install one (Debian: \`bash scripts/ensure-chromium.sh\`) or set CHROMIUM_PATH.`,
    );
  }
  return chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}
