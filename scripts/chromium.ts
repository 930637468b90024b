/** Debian's Chromium driven by playwright-core (browser downloads are not possible here): tests and build. */
import fs from 'node:fs';
import {chromium, type Browser} from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchChromium(purpose: string): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} not found, needed for ${purpose}: run \`bash scripts/ensure-chromium.sh\` (installs Debian's chromium) or set CHROMIUM_PATH.`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
