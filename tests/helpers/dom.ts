/**
 * A browser's DOM for the fast tier's unit tests of the site's browser-side logic: happy-dom's window made the global
 * scope, on a page of the site, as soon as this module is imported (import it first, before the module under test).
 */
import {after} from 'node:test';
import {GlobalRegistrator} from '@happy-dom/global-registrator';

GlobalRegistrator.register({url: 'http://127.0.0.1:3000/docs/api/overview'});
after(() => GlobalRegistrator.unregister());

/** Lets the promises and timers already due run (what a handler that does not return its promise started). */
export const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
