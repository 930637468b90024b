/**
 * The ledger as the Transactions API reads it: every money movement of an account, filtered with AND
 * (`client_reference`, `type`, `status`, `currency`, `created_after` inclusive, `created_before` exclusive), sorted and
 * paged by pagination.ts.
 */
import {account, find, type Context, type HandlerResult} from '../context';
import {matchesFilter, page, queryValue} from '../pagination';

function listTransactions(ctx: Context): HandlerResult {
  const acc = account(ctx);
  const after = queryValue(ctx, 'created_after');
  const before = queryValue(ctx, 'created_before');
  const currency = queryValue(ctx, 'currency');
  const items = Object.values(ctx.state.transactions).filter(
    (t) =>
      t.account_id === acc.id &&
      matchesFilter(ctx, t, 'type') &&
      matchesFilter(ctx, t, 'status') &&
      matchesFilter(ctx, t, 'client_reference') &&
      (currency === undefined || t.amount.currency === currency || t.trade?.buy.currency === currency) &&
      (after === undefined || Date.parse(t.created_at) >= Date.parse(after)) &&
      (before === undefined || Date.parse(t.created_at) < Date.parse(before)),
  );
  return {status: 200, body: page(ctx, items)};
}

export const transactionHandlers = {
  listTransactions,
  getTransaction: (ctx: Context): HandlerResult => {
    account(ctx);
    return {status: 200, body: find(ctx, ctx.state.transactions, 'transaction', ctx.params.transaction_id)};
  },
};
