/**
 * What the spec-governance pipeline records and publishes (issue #12): releases of the spec and the classified
 * changes between two of them. Pure data and types: the release and diff tools (tools/spec-diff/) write it,
 * the changelog plugin, the operation pages, the MCP server and the tests read it.
 *
 * A release is a committed folder `RELEASES_DIR/<X.Y.Z>/` holding
 * - `release.json`: {@link ReleaseInfo};
 * - each API bundled by Redocly (all `$ref`s resolved), `<api>.yaml` for the eight APIs of `API_SPECS`, and the
 *   bundled AsyncAPI document `websocket.asyncapi.yaml`;
 * - `changes.json`: {@link SpecChange}[], the classified changes from the previous release (for the first
 *   release: from nothing, so every operation and webhook event is `added`), written by `npm run release`.
 * Changes since the latest release ("Unreleased") are never stored: they are computed from the working spec.
 */

/** Where the release snapshots live (one folder per version). */
export const RELEASES_DIR = 'openapi/releases';
/** Machine-readable changelog the build publishes (every release, newest first, plus Unreleased). */
export const CHANGELOG_ARTEFACT = 'changelog.json';

export interface ReleaseInfo {
  /** Semantic version, `X.Y.Z`. */
  version: string;
  /** Release day, `YYYY-MM-DD`. */
  date: string;
}

/** How a change affects clients built against the previous release. */
export const CHANGE_KINDS = ['breaking', 'non-breaking', 'deprecation', 'documentation'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];
/** What happened to the target. */
export type ChangeAction = 'added' | 'removed' | 'changed' | 'deprecated';
/** What changed. */
export type ChangeTarget =
  'operation' | 'parameter' | 'header' | 'request-field' | 'response-field' | 'enum-value' | 'security' | 'webhook' | 'server' | 'schema' | 'other';

export interface SpecChange {
  /** The API document: one of API_SPECS, or `websocket` for the AsyncAPI document. */
  api: string;
  kind: ChangeKind;
  action: ChangeAction;
  target: ChangeTarget;
  /**
   * The operation the change belongs to: `method` in lower case and `path` as in the spec; for a webhook
   * event `method` is `event` and `path` the event name; for an operation of the WebSocket API (AsyncAPI)
   * `method` is its action (`send` or `receive`, from the server's side) and `path` the operation's name.
   * Absent for document-level changes (servers, info).
   */
  operation?: {method: string; path: string; operationId?: string; docSlug?: string};
  /** JSON pointer into the bundled document the change was found in (the new one; the old one for removals). */
  pointer: string;
  /** One sentence a reader of the changelog understands, naming the field, parameter or value in backticks. */
  message: string;
  /**
   * Where the change is in the working spec's source files (absent in released snapshots). For a removal: the
   * nearest part still there (the `properties` of the schema that lost a field, the path item that lost an
   * operation).
   */
  location?: {file: string; line: number};
}

/** One entry of the published changelog. */
export interface ChangelogEntry {
  /** `X.Y.Z`, or `Unreleased` for the working spec against the latest release. */
  version: string;
  /** Release day; absent for Unreleased. */
  date?: string;
  changes: SpecChange[];
}
