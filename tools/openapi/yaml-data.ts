/**
 * YAML read as plain data, without source positions: the release snapshots, bundles and the combined spec, which
 * the gate, the changelog and the mock read in nearly every process of the fast tier. js-yaml reads them ~7 times
 * faster than `yaml` (all four releases: 93 ms against 677 ms) into the same values, key order included; `yaml`
 * stays where a reader needs a node's line (./locate.ts, the workflows) or writes YAML back.
 */
import {CORE_SCHEMA, load} from 'js-yaml';

/**
 * The data of a YAML text, read with YAML 1.2's core schema as `yaml` reads it (no timestamps, no merge keys).
 * Throws js-yaml's error, whose first line names the line and column.
 */
export const parseYamlData = (text: string): unknown => load(text, {schema: CORE_SCHEMA});
