/**
 * Every variant of a `oneOf` shows its own fields when its tab is selected, on the built page of withdraw-fiat
 * (the request body: a linked bank account or a beneficiary, each requiring its own identifier). The theme's lazy
 * schema tabs showed the first variant under both tabs once rendered at build time; this page is where it was seen.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import type {Locator, Page} from 'playwright-core';
import {useSiteInBrowser, withPage} from '../helpers/site';

const site = useSiteInBrowser();
const ROUTE = '/docs/api/fiat/withdraw-fiat';

/** The request body's variant tab group: its tabs and the panel each names. */
function variants(page: Page): {tab: (name: string) => Locator; panelOf: (name: string) => Promise<Locator>} {
  const group = page.locator('.novaramp-reference .novaramp-variants').first();
  const tab = (name: string) => group.getByRole('tab', {name, exact: true});
  return {
    tab,
    panelOf: async (name) => page.locator(`[id="${await tab(name).getAttribute('aria-controls')}"]`),
  };
}

/** The rows of a panel as a reader reads them: `name label qualifiers`. */
const rows = (panel: Locator) =>
  panel.locator(':scope > ul > li > div > .novaramp-ref-row, :scope > ul > li > details > summary > .novaramp-ref-row').allInnerTexts();

test('withdraw-fiat: each variant of the request body shows its own description and required field when selected', async () => {
  await withPage(site, ROUTE, async (page) => {
    const {tab, panelOf} = variants(page);
    const bank = await panelOf('To a linked bank account');
    const beneficiary = await panelOf('To a fiat beneficiary');
    assert.equal(await tab('To a linked bank account').getAttribute('aria-selected'), 'true');
    assert.ok(await bank.getByText("Pays one of the account holder's own verified bank accounts.").isVisible());
    assert.ok(await beneficiary.isHidden(), 'the second variant waits for its tab');
    const bankRows = (await rows(bank)).map((r) => r.replace(/\s+/g, ' '));
    assert.ok(bankRows.includes('bank_account_id BankAccountId REQUIRED'), bankRows.join(' | '));
    assert.ok(bankRows.includes('beneficiary_id FiatBeneficiaryId'), bankRows.join(' | '));

    await tab('To a fiat beneficiary').click();
    await beneficiary.getByText('Pays a verified fiat beneficiary.').waitFor();
    assert.ok(await bank.isHidden(), 'the first variant is hidden once the second is selected');
    assert.ok(await beneficiary.getByText("Pays one of the account holder's own verified bank accounts.").isHidden());
    const beneficiaryRows = (await rows(beneficiary)).map((r) => r.replace(/\s+/g, ' '));
    assert.ok(beneficiaryRows.includes('beneficiary_id FiatBeneficiaryId REQUIRED'), beneficiaryRows.join(' | '));
    assert.ok(beneficiaryRows.includes('bank_account_id BankAccountId'), beneficiaryRows.join(' | '));
    // Both variants share the fields beside the oneOf, with their own required flags.
    for (const r of [bankRows, beneficiaryRows])
      assert.ok(
        r.some((x) => x.startsWith('amount object REQUIRED')),
        r.join(' | '),
      );
    assert.equal(await tab('To a fiat beneficiary').getAttribute('aria-selected'), 'true');
    assert.equal(await tab('To a linked bank account').getAttribute('aria-selected'), 'false');
  });
});
