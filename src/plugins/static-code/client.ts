/**
 * The copy button of every static code block (tools/reference/highlight.ts), through one listener on the document
 * instead of a React component per block: copies the block's code and shows the check mark for a second, as the
 * classic CodeBlock's button does.
 */
const COPIED = 'novaramp-code__copy--copied';

async function copy(text: string): Promise<void> {
  // The Clipboard API exists in secure contexts only (HTTPS, localhost); elsewhere the older selection copy.
  if (navigator.clipboard) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  document.execCommand('copy');
  area.remove();
  return undefined;
}

if (typeof document !== 'undefined') {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>('.novaramp-code__copy');
    const code = button?.closest('.novaramp-code')?.querySelector('code');
    if (!button || !code) return;
    void copy(code.textContent ?? '').then(() => {
      button.classList.add(COPIED);
      button.setAttribute('aria-label', 'Copied');
      window.setTimeout(() => {
        button.classList.remove(COPIED);
        button.setAttribute('aria-label', 'Copy code to clipboard');
      }, 1000);
    });
  });
}

export {};
