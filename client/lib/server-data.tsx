import { createContext, useContext, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { SHOP_DATA_ID, type ServerData } from '#contracts/server-render.ts';

const NONE: ServerData = {};

const ServerDataContext = createContext<ServerData>(NONE);

/** The server's renderer provides every answer it fetched for the page. */
export const ServerDataProvider = ServerDataContext.Provider;

/** The answer the page carries for `url`, if any: the fetch machine's initial data. */
export const useServerData = (url: string | null): unknown => {
  const data = useContext(ServerDataContext);
  return url !== null && Object.hasOwn(data, url) ? data[url] : undefined;
};

/**
 * In the browser the page's answers seed only the first screen: once the shopper has left the
 * address the page was loaded at, every screen asks the API, so nothing shown is older than the
 * visit to it.
 */
export function FirstScreenData({ data, children }: { data: ServerData; children: ReactNode }) {
  const { pathname, search } = useLocation();
  const first = useRef(pathname + search);
  const left = useRef(false);
  if (pathname + search !== first.current) left.current = true;
  return <ServerDataContext.Provider value={left.current ? NONE : data}>{children}</ServerDataContext.Provider>;
}

/** The answers the server inlined in the page (`#shop-data`), or none. */
export const readServerData = (doc: Pick<Document, 'getElementById'> = document): ServerData => {
  const text = doc.getElementById(SHOP_DATA_ID)?.textContent;
  if (!text) return NONE;
  try {
    const parsed = JSON.parse(text) as unknown;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as ServerData) : NONE;
  } catch {
    return NONE;
  }
};
