import { CHAT_TEXTS } from '#contracts/chat.ts';
import type { WidgetPosition, WidgetSettings } from '../shared/types.ts';

const POSITIONS: readonly WidgetPosition[] = ['bottom-right', 'bottom-left'];

const asBoolean = (value: unknown): boolean | undefined => {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return value === '' || value === 'true' || value === '1';
  return undefined;
};
const asPosition = (value: unknown): WidgetPosition | undefined => POSITIONS.find((position) => position === value);
const asTitle = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/**
 * The partner's settings: defaults, then `window.StatefrontChatConfig`, then the script tag's
 * `data-open`, `data-position` and `data-title` (the tag is the most specific, so it wins).
 * Unknown or malformed values fall back to the default instead of breaking the page.
 */
export const readSettings = (script: HTMLScriptElement | null, globalConfig: unknown): WidgetSettings => {
  const config = typeof globalConfig === 'object' && globalConfig !== null ? (globalConfig as Record<string, unknown>) : {};
  const data = script?.dataset ?? {};
  return {
    open: asBoolean(data.open) ?? asBoolean(config.open) ?? false,
    position: asPosition(data.position) ?? asPosition(config.position) ?? 'bottom-right',
    title: asTitle(data.title) ?? asTitle(config.title) ?? CHAT_TEXTS.title,
  };
};

/** The shop is wherever chat.js came from: the socket and the widget files live there. */
export const shopLocation = (script: HTMLScriptElement | null, pageUrl: string) => {
  const src = new URL(script?.src || '/widgets/chat.js', pageUrl);
  return { shopOrigin: src.origin, assetBase: new URL('.', src).href };
};
