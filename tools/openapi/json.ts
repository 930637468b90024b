/** JSON values as a parsed OpenAPI document holds them: the one definition every tool uses. */
export type Json = null | boolean | number | string | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

export const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A string value of an object, or undefined. */
export const stringAt = (object: JsonObject, key: string): string | undefined => (typeof object[key] === 'string' ? (object[key] as string) : undefined);
