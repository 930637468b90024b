/**
 * Markdown pages' tabs as static HTML (issue #47: the guides back to their first-visit weight). The classic
 * theme's Tabs and TabItem, in a guide (its own `<Tabs groupId="lang">`, each embedded step's samples), weighed
 * 2.4 KiB gzip of its first visit, for tabs that hold static HTML. ./remark.ts writes the classic markup as plain
 * elements instead (the page imports no component); ./client.ts and ./client-tabs.ts do what the classic Tabs do
 * through one listener on the document; ./styles.css has the classic Tabs' own rules.
 * Covered by tests/spec/static-tabs.test.ts (the markup) and tests/site/static-tabs.test.ts (the behaviour in Chromium).
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export default function staticTabsPlugin(): Plugin {
  return {
    name: 'novaramp-static-tabs',
    getClientModules: () => [path.resolve(__dirname, 'styles.css'), path.resolve(__dirname, 'client.ts')],
  };
}
