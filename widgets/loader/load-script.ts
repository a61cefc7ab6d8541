import type { WidgetModule } from '../shared/types.ts';

/** The IIFE global the widget bundle defines (vite.widgets.config.ts `lib.name`). */
export const WIDGET_GLOBAL = 'StatefrontChatWidget';

/**
 * Loads the widget bundle with a classic script tag: unlike a module import() it needs no
 * CORS headers from the shop, and the partner page's CSP rules for scripts apply as usual.
 */
export const loadWidgetScript = (doc: Document, url: string): Promise<WidgetModule> =>
  new Promise((resolve, reject) => {
    const win = doc.defaultView as (Window & Record<string, unknown>) | null;
    const script = doc.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => {
      const widget = win?.[WIDGET_GLOBAL] as WidgetModule | undefined;
      if (widget && typeof widget.mount === 'function') resolve(widget);
      else reject(new Error(`${url} did not define ${WIDGET_GLOBAL}`));
    };
    script.onerror = () => {
      script.remove();
      reject(new Error(`Could not load ${url}`));
    };
    (doc.head ?? doc.documentElement).append(script);
  });
