/**
 * `tslib` for @docusaurus/utils-common in the browser bundle (./index.ts: why): the one helper it calls, as tslib
 * 2 writes it (tslib is not a dependency of ours, so it is not imported: its ES build by path would be an undeclared
 * one), so the rest of tslib stays out of main.js.
 */
// relies on: tslib-helpers
export function __importDefault<T>(mod: T): T | {default: T} {
  return mod && (mod as {__esModule?: boolean}).__esModule ? mod : {default: mod};
}
