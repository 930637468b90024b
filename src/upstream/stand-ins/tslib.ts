/**
 * Stands in for `tslib` in the browser bundle (alias in src/plugins/page-weight/index.ts). Its only client-side user is
 * @docusaurus/utils-common, whose CommonJS `require("tslib")` would keep tslib's default export (an object
 * holding every helper) and so all of tslib in the main bundle of every page. It calls `__importDefault`
 * alone; a helper missing here would fail every page in the browser tests.
 */
export {__importDefault} from 'tslib/tslib.es6.mjs';
