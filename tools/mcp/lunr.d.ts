// lunr 2 ships no types (and @types/lunr is not installed): only what tools/mcp/search.ts calls.
declare module 'lunr' {
  namespace lunr {
    interface Token {
      toString(): string;
    }
    interface Query {
      term(term: string, options?: {presence?: number; wildcard?: number; boost?: number; editDistance?: number; usePipeline?: boolean}): Query;
    }
    namespace Query {
      const presence: {OPTIONAL: number; REQUIRED: number; PROHIBITED: number};
      const wildcard: {NONE: number; LEADING: number; TRAILING: number};
    }
    interface Result {
      ref: string;
      score: number;
      /** term → field → metadata (the search index keeps `position`: [start, length] pairs). */
      matchData: {metadata: Record<string, Record<string, {position?: [number, number][]}>>};
    }
    interface Index {
      query(build: (query: Query) => void): Result[];
    }
    namespace Index {
      function load(serialised: object): Index;
    }
    function tokenizer(text: string): Token[];
    /** The token, or undefined for an English stop word (which the index does not hold). */
    function stopWordFilter(token: Token): Token | undefined;
  }
  export = lunr;
}
