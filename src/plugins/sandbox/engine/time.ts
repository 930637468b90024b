/** The sandbox's times as the API writes them; apart from context.ts so that delivery.ts needs no context. */

/** A sandbox time as the API writes timestamps (RFC 3339, seconds, UTC). */
export const timestamp = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** An event's `created_at`: UTC with milliseconds (Event.yaml), so that events of one second keep their order. */
export const eventTimestamp = (ms: number): string => new Date(ms).toISOString();
