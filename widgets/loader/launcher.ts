import { el, styleElement } from '../shared/dom.ts';
import type { WidgetSettings } from '../shared/types.ts';
import { launcherCss } from './launcher-styles.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';
const BUBBLE_PATH = 'M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z';

const icon = (doc: Document) => {
  const svg = doc.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  const path = doc.createElementNS(SVG_NS, 'path');
  path.setAttribute('d', BUBBLE_PATH);
  svg.append(path);
  return svg;
};

/**
 * The only thing on the page before the visitor interacts: a host element whose shadow root
 * holds the launcher button (and later the panel). `all: initial` on the host stops the
 * page's inherited styles; the shadow root keeps the widget's own styles inside.
 */
export const createLauncher = (doc: Document, settings: WidgetSettings) => {
  const host = el(doc, 'div', { 'data-statefront-chat': true });
  const side = settings.position === 'bottom-left' ? 'left' : 'right';
  host.setAttribute('style', `all:initial;position:fixed;bottom:20px;${side}:20px;z-index:2147483000;font-size:16px`);
  const root = host.attachShadow({ mode: 'open' });
  const dot = el(doc, 'span', { class: 'dot', hidden: true, 'aria-hidden': 'true' });
  const label = `Support chat: ${settings.title}`;
  const button = el(doc, 'button', { type: 'button', class: 'launcher', 'aria-label': label, 'aria-expanded': 'false' }, [icon(doc), dot]);
  root.append(styleElement(doc, launcherCss), button);
  (doc.body ?? doc.documentElement).append(host);
  return {
    host,
    root,
    button,
    setExpanded: (expanded: boolean) => button.setAttribute('aria-expanded', String(expanded)),
    setUnread: (count: number) => {
      dot.hidden = count === 0;
      button.setAttribute('aria-label', count ? `${label} (${count} unread)` : label);
    },
  };
};
