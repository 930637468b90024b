/**
 * The operation's code samples, generated and highlighted at build time (src/plugins/operation-page/generate/code-samples.ts) and
 * exported by the page as HTML: every language is in the static HTML, switching language needs neither a
 * generator nor a highlighter, and React does not walk the code. Tabs keep the OpenAPI theme's class names (and its
 * dark-mode styling) and share its remembered choice (`docusaurus.tab.code-samples`).
 */
import React, {useEffect, useRef, useState, type KeyboardEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import {useStorageSlot} from '@docusaurus/theme-common';

// relies on: code-samples-tab-storage
const TAB_STORAGE = 'docusaurus.tab.code-samples';

/** One language's sample as the page exports it. */
export interface CodeSampleHtml {
  language: string;
  logoClass: string;
  /** The highlighted code block. */
  html: string;
}

export default function CodeSamples({samples}: {samples: CodeSampleHtml[]}): ReactNode {
  const [stored, slot] = useStorageSlot(TAB_STORAGE);
  const [selected, setSelected] = useState(0);
  const refs = useRef<(HTMLLIElement | null)[]>([]);
  // After hydration, reopen the language the visitor picked last (the server renders the first one).
  useEffect(() => {
    const index = samples.findIndex((t) => t.language === stored);
    if (index >= 0) setSelected(index);
  }, [stored]); // eslint-disable-line react-hooks/exhaustive-deps
  if (samples.length === 0) return null;
  const select = (index: number, focus = false) => {
    setSelected(index);
    slot.set(samples[index].language);
    if (focus) refs.current[index]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step) select((index + step + samples.length) % samples.length, true);
  };
  return (
    // relies on: openapi-code-tabs
    <div className="openapi-tabs__code-container novaramp-code-samples">
      {/* relies on: openapi-code-tabs */}
      <ul role="tablist" aria-label="Code sample language" className="tabs openapi-tabs__code-list-container">
        {samples.map((tab, i) => (
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
            // relies on: openapi-code-tabs
            className={clsx('tabs__item', 'openapi-tabs__code-item', `openapi-tabs__code-item--${tab.logoClass}`, i === selected && 'active')}
            onClick={() => select(i)}
            onKeyDown={(e) => onKeyDown(e, i)}>
            <span>{tab.language}</span>
          </li>
        ))}
      </ul>
      {samples.map((tab, i) => (
        <div
          key={tab.language}
          role="tabpanel"
          id={`code-sample-${tab.language}`}
          aria-labelledby={`code-sample-tab-${tab.language}`}
          hidden={i !== selected}
          className="openapi-tabs__code-panel"
          dangerouslySetInnerHTML={{__html: tab.html}}
        />
      ))}
    </div>
  );
}
