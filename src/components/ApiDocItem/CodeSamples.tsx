/**
 * The operation's code samples, generated at build time (tools/api-pages/code-samples.ts) and rendered on the
 * server: every language is in the static HTML, highlighted by the classic CodeBlock, and switching
 * language needs no generator. Tabs keep the OpenAPI theme's class names (and its dark-mode styling) and
 * share its remembered choice (`docusaurus.tab.code-samples`).
 */
import React, {useEffect, useRef, useState, type KeyboardEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import {useStorageSlot} from '@docusaurus/theme-common';
import CodeBlock from '@theme/CodeBlock';
import {CODE_SAMPLE_LANGUAGES} from '@site/src/data/api-table';
import type {CodeSample} from '@site/src/data/operation';
// Registers the Java, PHP, Ruby and C# grammars with this chunk, before the first sample renders.
import './prism-languages';

const TAB_STORAGE = 'docusaurus.tab.code-samples';

export default function CodeSamples({samples}: {samples: CodeSample[]}): ReactNode {
  // Samples are generated in CODE_SAMPLE_LANGUAGES order, one per language.
  const tabs = CODE_SAMPLE_LANGUAGES.slice(0, samples.length).map((l, i) => ({...l, sample: samples[i]}));
  const [stored, slot] = useStorageSlot(TAB_STORAGE);
  const [selected, setSelected] = useState(0);
  const refs = useRef<(HTMLLIElement | null)[]>([]);
  // After hydration, reopen the language the visitor picked last (the server renders the first one).
  useEffect(() => {
    const index = tabs.findIndex((t) => t.language === stored);
    if (index >= 0) setSelected(index);
  }, [stored]); // eslint-disable-line react-hooks/exhaustive-deps
  if (tabs.length === 0) return null;
  const select = (index: number, focus = false) => {
    setSelected(index);
    slot.set(tabs[index].language);
    if (focus) refs.current[index]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step) select((index + step + tabs.length) % tabs.length, true);
  };
  return (
    <div className="openapi-tabs__code-container novaramp-code-samples">
      <ul role="tablist" aria-label="Code sample language" className="tabs openapi-tabs__code-list-container">
        {tabs.map((tab, i) => (
          <li
            key={tab.language}
            ref={(el) => {
              refs.current[i] = el;
            }}
            role="tab"
            id={`code-sample-tab-${tab.language}`}
            aria-controls={`code-sample-${tab.language}`}
            aria-selected={i === selected}
            tabIndex={i === selected ? 0 : -1}
            className={clsx('tabs__item', 'openapi-tabs__code-item', `openapi-tabs__code-item--${tab.logoClass}`, i === selected && 'active')}
            onClick={() => select(i)}
            onKeyDown={(e) => onKeyDown(e, i)}>
            <span>{tab.language}</span>
          </li>
        ))}
      </ul>
      {tabs.map((tab, i) => (
        <div
          key={tab.language}
          role="tabpanel"
          id={`code-sample-${tab.language}`}
          aria-labelledby={`code-sample-tab-${tab.language}`}
          hidden={i !== selected}
          className="openapi-tabs__code-panel">
          <CodeBlock language={tab.highlight} className="openapi-explorer__code-block" title={`${tab.sample.lang} · ${tab.sample.label}`}>
            {tab.sample.source}
          </CodeBlock>
        </div>
      ))}
    </div>
  );
}
