/**
 * Quotes and trades: a preview locks a rate and a fee for 30 seconds of the key's clock (QuoteStatus.yaml); execute
 * turns an `open` quote into a completed `trade` transaction that writes its three ledger entries (`trade_sell` and
 * `trade_fee` debit the sell amount, fee included; `trade_buy` credits the buy amount); a quote whose `expires_at` has passed becomes `expired` (`quote.expired`) when the clock reaches it,
 * and executing it then fails with `409 quote_expired`.
 */
import {availableUnits} from '../balances';
import {QUOTE_TTL_MS, TRADE_FEE_BPS, TRADING_MINIMUMS, assetOf, rateOf} from '../catalog';
import {accountThatMovesFunds, account, announce, find, recordEvent, timestamp, update, type Context, type HandlerResult} from '../context';
import {newId} from '../ids';
import {writeTradeEntries} from '../ledger';
import {fromUnits, multiplyByRate, toUnits} from '../money';
import {ProblemError} from '../problems';
import type {Resource} from '../state';
import {newTransaction} from './funds';

function previewTradeOrder(ctx: Context): HandlerResult {
  const acc = accountThatMovesFunds(ctx);
  const sell = assetOf(String(ctx.body.sell_asset), 'sell_asset');
  const buy = assetOf(String(ctx.body.buy_asset), 'buy_asset');
  if (sell.code === buy.code) throw new ProblemError('unsupported_asset', `buy_asset: ${buy.code} is also the sell_asset; the two must differ.`);
  const {sell_amount: sellAmount, buy_amount: buyAmount} = ctx.body as {sell_amount?: string; buy_amount?: string};
  if ((sellAmount === undefined) === (buyAmount === undefined)) {
    const field = sellAmount === undefined ? 'sell_amount' : 'buy_amount';
    throw ProblemError.validation(field, sellAmount === undefined ? 'required' : 'unsupported_value', 'Send exactly one of sell_amount and buy_amount.');
  }
  const rate = rateOf(sell, buy);
  // sell = fee + net; buy = net × rate, fee = 25 bps of sell.
  let sellUnits: bigint;
  if (sellAmount !== undefined) {
    sellUnits = toUnits(sellAmount, sell.decimals, 'sell_amount');
  } else {
    const wanted = toUnits(buyAmount!, buy.decimals, 'buy_amount');
    const net = multiplyByRate(wanted, rateOf(buy, sell), buy.decimals, sell.decimals) + 1n;
    sellUnits = (net * 10_000n) / (10_000n - TRADE_FEE_BPS) + 1n;
  }
  const feeUnits = (sellUnits * TRADE_FEE_BPS) / 10_000n;
  const buyUnits = multiplyByRate(sellUnits - feeUnits, rate, sell.decimals, buy.decimals);
  const minimum = toUnits(TRADING_MINIMUMS[sell.code], sell.decimals, 'sell_amount');
  if (sellUnits < minimum)
    throw new ProblemError('amount_below_minimum', `sell_amount is below the ${sell.code} trading minimum of ${TRADING_MINIMUMS[sell.code]}.`);
  const available = availableUnits(ctx.state, acc.id, sell.code, ctx.now);
  if (available < sellUnits) {
    throw new ProblemError(
      'insufficient_funds',
      `The available ${sell.code} balance (${fromUnits(available, sell.decimals)}) is lower than the sell amount (${fromUnits(sellUnits, sell.decimals)}).`,
    );
  }
  const quote: Resource = {
    id: newId(ctx.state, 'quo'),
    account_id: acc.id,
    status: 'open',
    status_reason: null,
    sell: {value: fromUnits(sellUnits, sell.decimals), currency: sell.code},
    buy: {value: fromUnits(buyUnits, buy.decimals), currency: buy.code},
    rate,
    fee: {value: fromUnits(feeUnits, sell.decimals), currency: sell.code},
    transaction_id: null,
    expires_at: timestamp(ctx.now + QUOTE_TTL_MS),
    created_at: timestamp(ctx.now),
  };
  ctx.state.quotes[quote.id] = quote;
  announce(ctx, 'quote', quote);
  return {status: 201, body: quote};
}

const quote = (ctx: Context): Resource => find(ctx, ctx.state.quotes, 'quote', ctx.params.quote_id);

function executeTradeOrder(ctx: Context): HandlerResult {
  const acc = accountThatMovesFunds(ctx);
  const q = quote(ctx);
  if (q.status === 'executed')
    throw new ProblemError('quote_already_executed', `Quote ${q.id} was already executed (transaction ${String(q.transaction_id)}).`);
  if (q.status === 'cancelled')
    throw new ProblemError('resource_conflict', `Quote ${q.id} was cancelled (quote.cancelled) and cannot be executed; preview a new quote.`);
  if (q.status !== 'open') throw new ProblemError('quote_expired', `Quote ${q.id} is ${String(q.status)} since ${String(q.expires_at)}; preview a new quote.`);
  const sell = q.sell as {value: string; currency: string};
  const buy = q.buy as {value: string; currency: string};
  const decimals = assetOf(sell.currency, 'sell').decimals;
  const available = availableUnits(ctx.state, acc.id, sell.currency, ctx.now);
  if (available < toUnits(sell.value, decimals, 'sell')) {
    throw new ProblemError(
      'insufficient_funds',
      `The available ${sell.currency} balance (${fromUnits(available, decimals)}) is lower than the quote's sell amount (${sell.value}).`,
    );
  }
  const txn = newTransaction(ctx, {
    type: 'trade',
    status: 'completed',
    direction: 'exchange',
    amount: sell,
    fee: q.fee as {value: string; currency: string},
    trade: {quote_id: q.id, sell, buy, rate: String(q.rate)},
    client_reference: (ctx.body.client_reference as string | undefined) ?? null,
    metadata: ctx.body.metadata ?? {},
    completed_at: timestamp(ctx.now),
  });
  writeTradeEntries(ctx.state, txn, ctx.now);
  update(ctx, q, {status: 'executed', transaction_id: txn.id});
  announce(ctx, 'quote', q);
  recordEvent(ctx, 'trade.executed', txn);
  return {status: 201, body: txn};
}

/** Expires every `open` quote whose `expires_at` the key's clock has reached. */
export function expireQuotes(ctx: Context): void {
  for (const q of Object.values(ctx.state.quotes)) {
    if (q.status === 'open' && Date.parse(String(q.expires_at)) <= ctx.now) {
      Object.assign(q, {status: 'expired', status_reason: 'The quote expired before it was executed.'});
      announce(ctx, 'quote', q);
      recordEvent(ctx, 'quote.expired', q);
    }
  }
}

export const tradeHandlers = {
  previewTradeOrder,
  getQuote: (ctx: Context): HandlerResult => {
    account(ctx);
    return {status: 200, body: quote(ctx)};
  },
  executeTradeOrder,
};
