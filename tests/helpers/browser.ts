/** Debian's Chromium driven by playwright-core, for the browser tests (launch flags in scripts/chromium.ts). */
import type {Browser} from 'playwright-core';
import {CHROMIUM, launchChromium} from '../../scripts/chromium';

export {CHROMIUM};

export function launchBrowser(): Promise<Browser> {
  return launchChromium('the browser tests');
}
