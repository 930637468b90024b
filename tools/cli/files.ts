/** File writes the generators share. */
import fs from 'node:fs';
import path from 'node:path';

/**
 * Writes `data` to `file` unless it holds exactly that already: beside it first, then renamed over it, so a reader
 * (a dev server's watcher, another process) sees the old file or the new one, never half of one. Returns whether it
 * wrote.
 */
export function replaceIfChanged(file: string, data: string | Buffer): boolean {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  if (fs.existsSync(file) && fs.readFileSync(file).equals(bytes)) return false;
  fs.mkdirSync(path.dirname(file), {recursive: true});
  const temporary = `${file}.tmp-${process.pid}`;
  fs.writeFileSync(temporary, bytes);
  fs.renameSync(temporary, file);
  return true;
}
