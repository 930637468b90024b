// Types for the two deep imports of the page-weight shims (crypto-js ships none; tslib types only its root).
declare module 'crypto-js/sha1' {
  const SHA1: (message: string) => {toString(): string};
  export default SHA1;
}
declare module 'tslib/tslib.es6.mjs' {
  export {__importDefault} from 'tslib';
}
