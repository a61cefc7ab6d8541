import { installChat, type ChatWindow } from './install.ts';
import { loadWidgetScript } from './load-script.ts';

declare const __STATEFRONT_WIDGET_FILE__: string;

// currentScript is only set while this script first runs, so it is read at once.
const script =
  (document.currentScript as HTMLScriptElement | null) ?? document.querySelector<HTMLScriptElement>('script[src*="/widgets/chat.js"]');

installChat({
  window: window as ChatWindow,
  script,
  loadWidget: (url) => loadWidgetScript(document, url),
  widgetFile: __STATEFRONT_WIDGET_FILE__,
});
