/**
 * The openapi/ files as the spec tables and the content checks read them, through the OpenAPI kernel's cached source
 * reader and `$ref`-following pointer walk (tools/openapi/source-values.ts); paths here are relative to openapi/.
 */
import path from 'node:path';
import {OPENAPI_DIR} from '../../data/api-table';
import {readSourceValue, resolveSourceValue, SourceValueError, sourceFileParses} from '../../../tools/openapi/source-values';

/** A mistake in a directive or in the spec it points at; the plugin prefixes the Markdown file and line. */
export class DirectiveError extends SourceValueError {}

/** How many times a spec file was really parsed by this process (the cache's test reads it). */
export const specFileParses = sourceFileParses;

const specDir = (siteDir: string) => path.resolve(siteDir, OPENAPI_DIR);

export const readSpecFile = (siteDir: string, rel: string): unknown => readSourceValue(specDir(siteDir), rel, OPENAPI_DIR);

/** The value at a JSON pointer of a spec file, following `$ref`s; with the file it was found in and its line there. */
export const resolvePointer = (siteDir: string, file: string, pointer: string): {value: unknown; file: string; line: number} =>
  resolveSourceValue(specDir(siteDir), file, pointer, OPENAPI_DIR);
