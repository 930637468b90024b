/** JSON values as a parsed OpenAPI document holds them: the one definition every tool uses. */
export type Json = null | boolean | number | string | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

/**
 * An object of a parsed document read loosely, each value narrowed where it is used: the spec-diff, lookup, MCP and
 * spec-table readers take documents this way (a test's hand-made spec, a snapshot) rather than as a checked `Json`.
 */
export type UnknownObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A string value of an object, or undefined. */
export const stringAt = (object: JsonObject, key: string): string | undefined => (typeof object[key] === 'string' ? (object[key] as string) : undefined);
