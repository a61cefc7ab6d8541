/**
 * What Read aloud says for an element: its accessible name, its role and its state, as a screen
 * reader would (a small part of the W3C's accessible name computation: what the kiosk's pages use).
 * A masked field's characters are never said: each is `dot`.
 */

const IMPLICIT_ROLES: Record<string, string> = {
  A: 'link',
  BUTTON: 'button',
  SELECT: 'list box',
  TEXTAREA: 'text field',
  H1: 'heading',
  H2: 'heading',
  H3: 'heading',
  H4: 'heading',
  IMG: 'image',
  DIALOG: 'dialog',
};
const INPUT_ROLES: Record<string, string> = {
  checkbox: 'check box',
  radio: 'radio button',
  range: 'slider',
  submit: 'button',
  button: 'button',
  password: 'password field',
};

const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** The element's text, leaving out what is hidden from assistive technology. */
const visibleText = (el: Element): string => {
  let text = '';
  for (const node of el.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) text += ` ${node.textContent ?? ''}`;
    else if (node instanceof Element && node.getAttribute('aria-hidden') !== 'true') {
      text += ` ${node instanceof HTMLImageElement ? node.alt : visibleText(node)}`;
    }
  }
  return clean(text);
};

const byIds = (el: Element, attribute: string): string =>
  clean(
    (el.getAttribute(attribute) ?? '')
      .split(/\s+/)
      .map((id) => (id ? visibleText(el.ownerDocument.getElementById(id) ?? el.ownerDocument.createElement('span')) : ''))
      .join(' '),
  );

export const accessibleName = (el: Element): string => {
  const labelledBy = byIds(el, 'aria-labelledby');
  if (labelledBy) return labelledBy;
  const label = clean(el.getAttribute('aria-label'));
  if (label) return label;
  if (el instanceof HTMLImageElement) return clean(el.alt);
  if (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) {
    const labels = [...(el.labels ?? [])].map((l) => visibleText(l)).join(' ');
    return clean(labels || el.getAttribute('placeholder') || el.title);
  }
  return visibleText(el) || clean(el.getAttribute('title'));
};

export const roleOf = (el: Element): string => {
  const explicit = el.getAttribute('role');
  if (explicit) return explicit === 'switch' ? 'switch' : explicit.replace(/dialog$/, ' dialog').trim();
  if (el instanceof HTMLInputElement) return INPUT_ROLES[el.type] ?? 'text field';
  if (el instanceof HTMLAnchorElement && !el.hasAttribute('href')) return '';
  return IMPLICIT_ROLES[el.tagName] ?? '';
};

const stateOf = (el: Element): string => {
  const checked =
    el.getAttribute('aria-checked') ?? (el instanceof HTMLInputElement && /checkbox|radio/.test(el.type) ? String(el.checked) : null);
  if (checked !== null) return checked === 'true' ? 'on' : 'off';
  if (/^H[1-6]$/.test(el.tagName)) return `level ${el.tagName[1]}`;
  if (el instanceof HTMLInputElement && el.type === 'range') return el.getAttribute('aria-valuetext') ?? el.value;
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
    if (!el.value) return '';
    return el.type === 'password' ? Array.from(el.value, () => 'dot').join(' ') : el.value;
  }
  if (el instanceof HTMLSelectElement) return clean(el.selectedOptions[0]?.textContent);
  if (el.getAttribute('aria-disabled') === 'true' || (el as HTMLButtonElement).disabled) return 'unavailable';
  return '';
};

/** What a dialog says as focus enters it: its name, its role and its description (`aria-describedby`), without a closing full stop. */
export const spokenDialog = (dialog: Element): string =>
  [spokenName(dialog), byIds(dialog, 'aria-describedby')].filter(Boolean).join(', ').replace(/\.$/, '');

/** `Add to cart, button`; `Read aloud, switch, on`; `Password, password field, dot dot dot`. */
export const spokenName = (el: Element): string => [accessibleName(el), roleOf(el), stateOf(el)].filter(Boolean).join(', ');
