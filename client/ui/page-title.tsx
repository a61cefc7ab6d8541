import { useEffect } from 'react';

export const SHOP_NAME = 'Statefront';
export const SHOP_DESCRIPTION = 'Best Online Shop in India and Top in all over the world';
export const DEFAULT_TITLE = `${SHOP_NAME} - ${SHOP_DESCRIPTION}`;

/** Sets the document title while the calling page is shown; without a title, the shop's default. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SHOP_NAME}` : DEFAULT_TITLE;
    return () => {
      document.title = DEFAULT_TITLE;
    };
  }, [title]);
}
