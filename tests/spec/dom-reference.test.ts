/**
 * The operation page's reference made interactive (src/plugins/static-reference/components/reference-dom.ts), in a DOM (happy-dom),
 * on fixture HTML laid out as tools/reference/html.tsx writes it: tabs (selection, the panel shown, the keyboard,
 * scroll buttons), deferred panels and `<details>` bodies filled when first shown, components shown apart loaded
 * when opened (their ids kept unique), in-reference links, and the alert when something fails to load. The same
 * module on real fixture specs in Chromium: tests/spec/one-process/reference-dom.test.ts.
 */
import {settle} from '../helpers/dom';
import assert from 'node:assert/strict';
import {afterEach, test} from 'node:test';
import {attachReference, type ReferenceSources} from '../../src/plugins/static-reference/components/reference-dom';
import type {ReferenceFile} from '../../src/data/static-reference';

const COMPONENT = 'payments/response/Address-0000abcd.json';

/** A reference: three response statuses (two deferred), a component shown apart, a `<details>` with a deferred body. relies on: openapi-tabs, heading-anchor */
const HTML = `
<div class="tabs-container">
  <ul role="tablist" aria-orientation="horizontal" class="tabs novaramp-ref-tabs novaramp-ref-status-tabs">
    <li role="tab" id="res-tab-0" aria-controls="res-panel-0" tabindex="0" aria-selected="true" class="tabs__item novaramp-ref-status">200</li>
    <li role="tab" id="res-tab-1" aria-controls="res-panel-1" tabindex="-1" aria-selected="false" class="tabs__item novaramp-ref-status">400</li>
    <li role="tab" id="res-tab-2" aria-controls="res-panel-2" tabindex="-1" aria-selected="false" class="tabs__item novaramp-ref-status">500</li>
  </ul>
  <div role="tabpanel" id="res-panel-0" aria-labelledby="res-tab-0" class="novaramp-ref-panel"><p>The payment.</p><a id="to-limit" href="#limit-field">limit</a><a id="to-nowhere" href="#nowhere">nowhere</a><a class="hash-link" id="own-anchor" href="#res-panel-0">#</a></div>
  <div role="tabpanel" id="res-panel-1" aria-labelledby="res-tab-1" class="novaramp-ref-panel" hidden data-deferred="0"></div>
  <div role="tabpanel" id="res-panel-2" aria-labelledby="res-tab-2" class="novaramp-ref-panel" hidden data-deferred="1"></div>
</div>
<ul>
  <li><details class="novaramp-ref-details" data-schema-file="${COMPONENT}"><summary>Fields of Address</summary><div><div class="novaramp-ref-details__content"></div></div></details></li>
  <li><details class="novaramp-ref-details" id="metadata"><summary>metadata</summary><div data-deferred="2"></div></details></li>
</ul>`;

const DEFERRED = ['<p>Bad request.</p>', '<p>Server error.</p>', '<p><span id="limit-field">limit</span>: the most per day.</p>'];

/** A component's file: a variant list whose second panel is deferred in the component's own file. */
const COMPONENT_FILE: ReferenceFile = {
  html: `<ul role="tablist"><li role="tab" id="v-tab-0" aria-controls="v-panel-0" aria-selected="true">Card</li><li role="tab" id="v-tab-1" aria-controls="v-panel-1" aria-selected="false">Bank</li></ul>
<div role="tabpanel" id="v-panel-0" aria-labelledby="v-tab-0"><a href="#v-panel-1">the bank variant</a></div><div role="tabpanel" id="v-panel-1" aria-labelledby="v-tab-1" hidden data-deferred="0"></div>`,
  deferred: ['<p id="iban">IBAN</p>'],
};

interface Fixture {
  root: HTMLElement;
  detach: () => void;
  /** How often each source was asked. */
  asked: {panels: number; component: string[]};
}

let detach: (() => void) | undefined;
afterEach(() => detach?.());

/** The fixture reference in the page, attached with `sources` (by default, both load). */
function attach(sources: Partial<ReferenceSources> = {}): Fixture {
  document.body.innerHTML = `<div class="novaramp-reference">${HTML}</div>`;
  const root = document.querySelector<HTMLElement>('.novaramp-reference')!;
  const asked = {panels: 0, component: [] as string[]};
  detach = attachReference(root, {
    panels: () => {
      asked.panels += 1;
      return sources.panels ? sources.panels() : Promise.resolve(DEFERRED);
    },
    component: (file) => {
      asked.component.push(file);
      return sources.component ? sources.component(file) : Promise.resolve(COMPONENT_FILE);
    },
  });
  return {root, detach, asked};
}

const $ = (selector: string) => document.querySelector<HTMLElement>(selector)!;
const selected = (root: Element) => Array.from(root.querySelectorAll('[role="tab"][aria-selected="true"]'), (t) => t.textContent);
// relies on: openapi-tabs
const shown = (root: Element) => Array.from(root.querySelectorAll('.tabs-container > [role="tabpanel"]:not([hidden])'), (p) => p.id);

test('a click on a tab selects it and shows its panel alone; a deferred panel is filled when first shown', async () => {
  const {root, asked} = attach();
  assert.deepEqual(shown(root), ['res-panel-0']);
  $('#res-tab-1').click();
  await settle();
  assert.deepEqual(selected(root), ['400']);
  assert.deepEqual(shown(root), ['res-panel-1']);
  assert.equal($('#res-tab-1').tabIndex, 0);
  assert.equal($('#res-tab-0').tabIndex, -1);
  assert.equal($('#res-tab-0').getAttribute('aria-selected'), 'false', 'the selection is `aria-selected`, which the stylesheet draws');
  assert.equal($('#res-panel-1').innerHTML, '<p>Bad request.</p>');
  assert.ok(!$('#res-panel-1').hasAttribute('data-deferred') && !$('#res-panel-1').hasAttribute('aria-busy'));

  $('#res-tab-0').click();
  $('#res-tab-1').click();
  await settle();
  assert.deepEqual(shown(root), ['res-panel-1']);
  assert.equal(asked.panels, 1, 'a filled panel is not filled again');
  assert.equal($('#res-panel-2').innerHTML, '', 'a panel never shown stays empty');
});

test('the keyboard: Enter selects a tab, the arrow keys move the focus along the list, wrapping around', async () => {
  const {root} = attach();
  const key = (el: HTMLElement, k: string) => el.dispatchEvent(new KeyboardEvent('keydown', {key: k, bubbles: true, cancelable: true}));
  key($('#res-tab-0'), 'ArrowLeft');
  assert.equal(document.activeElement, $('#res-tab-2'));
  key($('#res-tab-2'), 'ArrowRight');
  assert.equal(document.activeElement, $('#res-tab-0'));
  key($('#res-tab-0'), 'ArrowRight');
  assert.equal(document.activeElement, $('#res-tab-1'));
  assert.deepEqual(selected(root), ['200'], 'moving the focus selects nothing');
  key($('#res-tab-1'), 'Enter');
  await settle();
  assert.deepEqual(selected(root), ['400']);
  assert.deepEqual(shown(root), ['res-panel-1']);
});

test('a panel that fails to load shows an alert with a link to reload the page, and is tried again when shown again', async () => {
  let fail = true;
  const {root} = attach({panels: () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve(DEFERRED))});
  $('#res-tab-2').click();
  await settle();
  const alert = root.querySelector('#res-panel-2 [role="alert"]');
  assert.match(alert?.textContent ?? '', /This part of the reference could not be loaded\. Reload the page to see it\./);
  assert.equal(alert?.querySelector('a')?.getAttribute('href'), window.location.pathname);
  assert.ok(!$('#res-panel-2').hasAttribute('aria-busy'));

  fail = false;
  $('#res-tab-0').click();
  $('#res-tab-2').click();
  await settle();
  assert.equal($('#res-panel-2').innerHTML, '<p>Server error.</p>');
});

test('a component shown apart loads its fields when opened, once, its ids made unique, its own tabs working', async () => {
  const {root, asked} = attach();
  const details = root.querySelector<HTMLDetailsElement>(`details[data-schema-file="${COMPONENT}"]`)!;
  details.open = true;
  await settle();
  assert.deepEqual(asked.component, [COMPONENT]);
  assert.ok(details.hasAttribute('data-loaded'));
  const holder = details.querySelector<HTMLElement>('.novaramp-ref-details__content > [data-id-scope]')!;
  const scope = holder.getAttribute('data-id-scope')!;
  assert.match(scope, /^s\d+-$/);
  assert.deepEqual(
    Array.from(holder.querySelectorAll('[id]'), (el) => el.id),
    [`${scope}v-tab-0`, `${scope}v-tab-1`, `${scope}v-panel-0`, `${scope}v-panel-1`],
  );
  assert.equal(holder.querySelector('[role="tab"]')?.getAttribute('aria-controls'), `${scope}v-panel-0`);
  assert.equal(holder.querySelector('a')?.getAttribute('href'), `#${scope}v-panel-1`);

  // Its deferred panel comes from the component's file, not the page's.
  holder.querySelectorAll<HTMLElement>('[role="tab"]')[1].click();
  await settle();
  assert.equal(document.getElementById(`${scope}v-panel-1`)?.innerHTML, `<p id="${scope}iban">IBAN</p>`, 'its ids made unique too');
  assert.ok(document.getElementById(`${scope}v-panel-0`)?.hasAttribute('hidden'));
  assert.equal(asked.panels, 0);

  const asks = asked.component.length;
  details.open = false;
  details.open = true;
  await settle();
  assert.equal(asked.component.length, asks, 'opened again, it does not ask for its fields again');
  assert.equal(details.querySelectorAll('[data-id-scope]').length, 1, 'the fields are not added twice');
});

test('a component that fails to load says so in its <details>', async () => {
  const {root} = attach({component: () => Promise.reject(new Error('404'))});
  const details = root.querySelector<HTMLDetailsElement>('details[data-schema-file]')!;
  details.open = true;
  await settle();
  assert.match(details.querySelector('.novaramp-ref-details__content [role="alert"]')?.textContent ?? '', /These fields could not be loaded/);
  assert.ok(!details.hasAttribute('data-loaded') && !details.hasAttribute('aria-busy'));
});

test('a <details> whose body was left out is filled when first opened', async () => {
  const {root} = attach();
  const details = root.querySelector<HTMLDetailsElement>('#metadata')!;
  details.open = true;
  await settle();
  assert.equal(details.querySelector(':scope > div')?.innerHTML, DEFERRED[2]);
  assert.ok(!details.querySelector('[data-deferred]'));
});

test('a link to a place of the reference not loaded yet opens what holds it, scrolls to it and puts it in the address', async () => {
  const scrolled: Element[] = [];
  const scrollIntoView = HTMLElement.prototype.scrollIntoView;
  HTMLElement.prototype.scrollIntoView = function (this: HTMLElement) {
    scrolled.push(this);
  };
  try {
    const {root} = attach();
    const click = new MouseEvent('click', {bubbles: true, cancelable: true});
    $('#to-limit').dispatchEvent(click);
    assert.ok(click.defaultPrevented, 'the browser does not follow the link itself');
    await settle();
    const details = root.querySelector<HTMLDetailsElement>('#metadata')!;
    assert.ok(details.open, 'the <details> around the target is open');
    assert.deepEqual(
      scrolled.map((el) => el.id),
      ['limit-field'],
    );
    assert.equal(window.location.hash, '#limit-field');

    // A link to an id the reference does not have does nothing.
    $('#to-nowhere').click();
    await settle();
    assert.equal(scrolled.length, 1);
    assert.equal(window.location.hash, '#limit-field');
    // Nor does a heading's own anchor (Docusaurus' hash-link), which the browser follows.
    const own = new MouseEvent('click', {bubbles: true, cancelable: true});
    $('#own-anchor').dispatchEvent(own);
    assert.ok(!own.defaultPrevented);
  } finally {
    HTMLElement.prototype.scrollIntoView = scrollIntoView;
  }
});

test('a link into a hidden deferred panel selects its tab first', async () => {
  const {root} = attach();
  // A link to the 500 panel, as a recursive schema's link points at its expansion.
  const a = document.createElement('a');
  a.href = '#res-panel-2';
  $('#res-panel-0').append(a);
  a.click();
  await settle();
  assert.deepEqual(selected(root), ['500']);
  assert.deepEqual(shown(root), ['res-panel-2']);
  assert.equal($('#res-panel-2').innerHTML, '<p>Server error.</p>');
});

test('a tab list wider than its column gets scroll buttons while it overflows', () => {
  const observed: {callback: ResizeObserverCallback; targets: Element[]}[] = [];
  const original = globalThis.ResizeObserver;
  globalThis.ResizeObserver = class {
    targets: Element[] = [];
    constructor(callback: ResizeObserverCallback) {
      observed.push({callback, targets: this.targets});
    }
    observe(el: Element) {
      this.targets.push(el);
    }
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  try {
    attach();
    const [{callback, targets}] = observed;
    const list = targets[0] as HTMLElement;
    assert.equal(list.getAttribute('role'), 'tablist');
    let width = 200;
    Object.defineProperty(list, 'clientWidth', {get: () => width});
    Object.defineProperty(list, 'scrollWidth', {get: () => 300});
    const resize = () => callback([{target: list} as unknown as ResizeObserverEntry], {} as ResizeObserver);
    resize();
    const buttons = () => Array.from(list.parentElement!.querySelectorAll('button.novaramp-ref-tabs-arrow'), (b) => b.getAttribute('aria-label'));
    assert.deepEqual(buttons(), ['Scroll tabs left', 'Scroll tabs right']);
    assert.equal(list.previousElementSibling?.tagName, 'BUTTON');
    assert.equal(list.nextElementSibling?.tagName, 'BUTTON');
    resize();
    assert.equal(buttons().length, 2, 'not added twice');
    (list.nextElementSibling as HTMLElement).click();
    assert.equal(list.scrollLeft, 90);
    width = 300;
    resize();
    assert.deepEqual(buttons(), []);
  } finally {
    globalThis.ResizeObserver = original;
  }
});

test('detached, the reference no longer reacts', async () => {
  const {root, detach: undo} = attach();
  undo();
  $('#res-tab-1').click();
  await settle();
  assert.deepEqual(selected(root), ['200']);
});
