// Packages the tests use that ship no types (and have no @types package installed): only what is called.
declare module 'shell-quote' {
  export type ParseEntry = string | {op: string; pattern: string} | {comment: string};
  export function parse(cmd: string, env?: Record<string, string | undefined> | ((name: string) => string)): ParseEntry[];
}
declare module 'mustache' {
  const Mustache: {render(template: string, view: unknown): string};
  export default Mustache;
}
declare module 'negotiator' {
  export default class Negotiator {
    constructor(request: {headers: {accept?: string}});
    mediaType(available?: string[]): string | undefined;
  }
}
