import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';

/** A tool result holding one JSON document, indented for the model and the person reading the transcript. */
export const jsonResult = (value: unknown): CallToolResult => ({content: [{type: 'text', text: JSON.stringify(value, null, 2)}]});

/** Every tool here only reads the build: nothing changes, nothing leaves the machine. */
export const READ_ONLY = {readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false} as const;
