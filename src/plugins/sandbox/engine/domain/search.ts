/**
 * `QUERY /transactions/search`: the transactions of every account of the key that match the JSON body's filters
 * (SearchTransactionsRequest.yaml: AND between filters, OR within a list), sorted and paged by pagination.ts like
 * every list. The filters travel in the body, so the cursor is bound to the body as `page()` binds it to a query
 * string: a cursor sent with another body is `400 validation_failed` naming `cursor`.
 */
import type {Context, HandlerResult} from '../context';
import {toUnits} from '../money';
import {page} from '../pagination';
import {ProblemError} from '../problems';
import type {Resource} from '../state';

interface SearchFilters {
  account_ids?: string[];
  types?: string[];
  statuses?: string[];
  currencies?: string[];
  amount_gte?: string;
  amount_lt?: string;
  created_gte?: string;
  created_lt?: string;
}

/** Whether `list` is absent (no filter) or holds `value`. */
const within = (list: string[] | undefined, value: unknown): boolean => list === undefined || list.includes(String(value));

/** Two decimal strings compared exactly, as integers at the larger of their scales (no floating point). */
function compareDecimals(a: string, b: string): number {
  const scale = Math.max(a.split('.')[1]?.length ?? 0, b.split('.')[1]?.length ?? 0);
  const [x, y] = [toUnits(a, scale, 'amount'), toUnits(b, scale, 'amount')];
  return x < y ? -1 : x > y ? 1 : 0;
}

function searchTransactions(ctx: Context): HandlerResult {
  const filters = ctx.body as SearchFilters;
  for (const id of filters.account_ids ?? []) if (!(id in ctx.state.accounts)) throw ProblemError.notFound('account', id);
  if (filters.amount_gte !== undefined && filters.amount_lt !== undefined && compareDecimals(filters.amount_gte, filters.amount_lt) >= 0) {
    throw ProblemError.validation('amount_lt', 'out_of_range', 'amount_lt must be greater than amount_gte: the range is empty.');
  }
  const amountOf = (t: Resource) => (t.amount as {value: string; currency: string}) ?? {value: '0', currency: ''};
  const items = Object.values(ctx.state.transactions).filter((t) => {
    const amount = amountOf(t);
    const buy = (t.trade as {buy?: {currency: string}} | null)?.buy?.currency;
    return (
      within(filters.account_ids, t.account_id) &&
      within(filters.types, t.type) &&
      within(filters.statuses, t.status) &&
      (filters.currencies === undefined || filters.currencies.includes(amount.currency) || (buy !== undefined && filters.currencies.includes(buy))) &&
      (filters.amount_gte === undefined || compareDecimals(amount.value, filters.amount_gte) >= 0) &&
      (filters.amount_lt === undefined || compareDecimals(amount.value, filters.amount_lt) < 0) &&
      (filters.created_gte === undefined || Date.parse(String(t.created_at)) >= Date.parse(filters.created_gte)) &&
      (filters.created_lt === undefined || Date.parse(String(t.created_at)) < Date.parse(filters.created_lt))
    );
  });
  // The body joins the query the cursor is bound to (pagination.ts), under a name no query parameter has.
  const bound = {...ctx, query: {...ctx.query, '(body)': JSON.stringify(filters, Object.keys(filters).sort())}};
  return {status: 200, body: page(bound, items)};
}

export const searchHandlers = {searchTransactions};
