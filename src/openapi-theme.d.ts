// Components of docusaurus-theme-openapi-docs whose shipped types are missing (Markdown) or narrower
// than the theme's own use of them (SchemaTabs takes TabItem children) in the ejected files of src/theme.
declare module '@theme/Markdown' {
  const Markdown: import('react').ComponentType<{text?: string; children?: import('react').ReactNode}>;
  export default Markdown;
}
declare module '@theme/SchemaTabs' {
  const SchemaTabs: import('react').ComponentType<{className?: string; children?: import('react').ReactNode; [key: string]: unknown}>;
  export default SchemaTabs;
}
