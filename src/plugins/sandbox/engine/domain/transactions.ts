/**
 * The transactions of an account, filtered with AND (`client_reference`, `type`, `status`, `currency`, `created_gte`
 * inclusive, `created_lt` exclusive), sorted and paged by pagination.ts. `created_after` and `created_before` are the
 * same bounds under their deprecated names: they still work, but a bound sent under both names is `400
 * validation_failed`.
 */
import {account, find, type Context, type HandlerResult} from '../context';
import {matchesFilter, page, queryValue} from '../pagination';
import {ProblemError} from '../problems';

/** The bound sent as `name` or its deprecated `formerName`, never both. */
function periodBound(ctx: Context, name: string, formerName: string): string | undefined {
  const current = queryValue(ctx, name);
  const former = queryValue(ctx, formerName);
  if (current !== undefined && former !== undefined) {
    throw ProblemError.validation(formerName, 'unsupported_value', `${formerName} is the deprecated name of ${name}; send the bound under one name only.`);
  }
  return current ?? former;
}

function listTransactions(ctx: Context): HandlerResult {
  const acc = account(ctx);
  const from = periodBound(ctx, 'created_gte', 'created_after');
  const until = periodBound(ctx, 'created_lt', 'created_before');
  const currency = queryValue(ctx, 'currency');
  const items = Object.values(ctx.state.transactions).filter(
    (t) =>
      t.account_id === acc.id &&
      matchesFilter(ctx, t, 'type') &&
      matchesFilter(ctx, t, 'status') &&
      matchesFilter(ctx, t, 'client_reference') &&
      (currency === undefined || t.amount.currency === currency || t.trade?.buy.currency === currency) &&
      (from === undefined || Date.parse(t.created_at) >= Date.parse(from)) &&
      (until === undefined || Date.parse(t.created_at) < Date.parse(until)),
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
