/**
 * The list rules of docs/api/pagination.md and docs/api/sorting.md, shared by every list operation: `limit` (1–100),
 * `sort` (`created_at`, `-created_at`, `updated_at`, `-updated_at`; ties broken by id), each defaulting to what the
 * operation's parameter declares (the one statement of a list's default order, Sort.yaml), and an
 * opaque `cursor` that continues exactly the query it came from (same sort and filters, else `400 validation_failed`
 * naming `cursor`) for 24 hours.
 */
import type {Context} from './context';
import {ProblemError} from './problems';
import type {Resource} from './state';

const CURSOR_TTL_MS = 24 * 3600_000;

interface CursorContent {
  /** The sort and filters of the query, as one string. */
  query: string;
  /** The sort value and id of the last item of the page before. */
  after: [string, string];
  issuedAt: number;
}

const encode = (content: CursorContent): string => btoa(JSON.stringify(content)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

function decode(cursor: string): CursorContent | undefined {
  try {
    const content = JSON.parse(atob(cursor.replace(/-/g, '+').replace(/_/g, '/'))) as CursorContent;
    return typeof content.query === 'string' && Array.isArray(content.after) && typeof content.issuedAt === 'number' ? content : undefined;
  } catch {
    return undefined;
  }
}

/** The query's single value of `name` (a repeated parameter keeps its last value). */
export function queryValue(ctx: Context, name: string): string | undefined {
  const value = ctx.query[name];
  return Array.isArray(value) ? value[value.length - 1] : value;
}

/** The `default` the operation's query parameter `name` declares; a list without one is a spec the engine cannot serve. */
function declaredDefault(ctx: Context, name: string): string {
  const value = ctx.operation?.queryDefaults[name];
  if (value === undefined) throw new Error(`${ctx.operation?.operationId ?? 'this operation'} declares no default for ${name}`);
  return value;
}

/**
 * One page of `items` (already filtered by the operation's filters) as the list envelope:
 * `{data, has_more, next_cursor}`.
 */
export function page(ctx: Context, items: Resource[], render: (item: Resource) => unknown = (item) => item): Record<string, unknown> {
  const sort = queryValue(ctx, 'sort') ?? declaredDefault(ctx, 'sort');
  const limit = Number(queryValue(ctx, 'limit') ?? declaredDefault(ctx, 'limit'));
  const field = sort.replace(/^-/, '');
  const descending = sort.startsWith('-');
  const query = JSON.stringify(
    Object.entries(ctx.query)
      .filter(([name]) => name !== 'cursor' && name !== 'limit')
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  const key = (item: Resource): [string, string] => [String(item[field] ?? ''), item.id];
  const compare = (a: [string, string], b: [string, string]) => (a[0].localeCompare(b[0]) || a[1].localeCompare(b[1])) * (descending ? -1 : 1);
  let ordered = [...items].sort((a, b) => compare(key(a), key(b)));
  const cursor = queryValue(ctx, 'cursor');
  if (cursor !== undefined) {
    const content = decode(cursor);
    if (!content || content.query !== query || ctx.now - content.issuedAt > CURSOR_TTL_MS) {
      const why = !content
        ? 'is not a cursor this API returned'
        : content.query !== query
          ? 'continues a query with another sort or other filters'
          : 'expired (24 hours)';
      throw ProblemError.validation('cursor', 'invalid_format', `cursor ${why}; start again from the first page without a cursor.`);
    }
    ordered = ordered.filter((item) => compare(key(item), content.after) > 0);
  }
  const data = ordered.slice(0, limit);
  const hasMore = ordered.length > limit;
  return {
    data: data.map(render),
    has_more: hasMore,
    next_cursor: hasMore ? encode({query, after: key(data[data.length - 1]), issuedAt: ctx.now}) : null,
  };
}

/** Whether `item[field]` equals the query's `name` (when the query has it). */
export const matchesFilter = (ctx: Context, item: Resource, name: string, field = name): boolean =>
  queryValue(ctx, name) === undefined || item[field] === queryValue(ctx, name);
