// Files ./index.ts writes into `.docusaurus/operation-entries/` before the client bundle is made.
declare module '@generated/operation-entries/*.json' {
  const value: unknown;
  export default value;
}
