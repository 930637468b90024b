/** A node of the Markdown tree (mdast) as the spec tables and the workflow steps read and build it. */
export interface MdNode {
  type: string;
  name?: string;
  value?: string;
  url?: string;
  depth?: number;
  align?: (string | null)[];
  attributes?: Record<string, string | null | undefined> | null;
  position?: {start: {line: number; column?: number}; end?: {line: number; column?: number}};
  children?: MdNode[];
  [key: string]: unknown;
}
