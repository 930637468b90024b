/**
 * The ledger as the Balances API reads it (openapi/paths/accounts_{account_id}_ledger-entries*.yaml): every entry of
 * an account, filtered with AND (`currency`, `kind`, `transaction_id`, `source_id`, `created_gte` inclusive,
 * `created_lt` exclusive), sorted and paged by pagination.ts. Entries never change, so `updated_at` sorts as
 * `created_at`. ledger.ts writes them; these operations only read.
 */
import {account, type Context, type HandlerResult} from '../context';
import {matchesFilter, page, queryValue} from '../pagination';
import {ProblemError} from '../problems';
import type {LedgerEntryRecord, Resource} from '../state';

/** An entry as pagination.ts sorts it: its `updated_at` is its `created_at` (an entry is never updated). */
const sortable = (entry: LedgerEntryRecord): Resource => ({...entry, updated_at: entry.created_at});
const written = ({updated_at: _sameAsCreatedAt, ...entry}: Resource): Resource => entry;

function listLedgerEntries(ctx: Context): HandlerResult {
  const acc = account(ctx);
  const from = queryValue(ctx, 'created_gte');
  const until = queryValue(ctx, 'created_lt');
  const sourceId = queryValue(ctx, 'source_id');
  const entries = ctx.state.ledger
    .filter(
      (e) =>
        e.account_id === acc.id &&
        (sourceId === undefined || e.source.id === sourceId) &&
        (from === undefined || Date.parse(e.created_at) >= Date.parse(from)) &&
        (until === undefined || Date.parse(e.created_at) < Date.parse(until)),
    )
    .map(sortable)
    .filter((e) => matchesFilter(ctx, e, 'currency') && matchesFilter(ctx, e, 'kind') && matchesFilter(ctx, e, 'transaction_id'));
  return {status: 200, body: page(ctx, entries, written)};
}

function getLedgerEntry(ctx: Context): HandlerResult {
  const acc = account(ctx);
  const entry = ctx.state.ledger.find((e) => e.id === ctx.params.ledger_entry_id && e.account_id === acc.id);
  if (!entry) throw ProblemError.notFound('ledger entry', ctx.params.ledger_entry_id);
  return {status: 200, body: entry};
}

export const ledgerHandlers = {listLedgerEntries, getLedgerEntry};
