import type { ReactNode } from 'react';
import type { OpenChatSocket } from '#machines/chat/chat-socket.ts';
import type { StorageLike } from '#machines/shared/storage.ts';
import { memoryStorage } from '#machines/shared/storage.ts';
import { GlobalStyles } from '../ui/global-styles.tsx';
import { ToastProvider } from '../ui/toast.tsx';
import type { ServerData } from '#contracts/server-render.ts';
import { CategoriesContext } from '../lib/categories-store.ts';
import { ChatSocketContext, openShopSocket } from '../lib/chat-socket.ts';
import { devEventLog } from '../lib/event-log.ts';
import type { liveAuthMachine } from '../lib/machines.ts';
import { AuthContext, CartContext } from '../lib/contexts.ts';
import { CATEGORIES_URL } from '../lib/api-urls.ts';

/** Web Storage can be missing or blocked (private modes, sandboxed frames): fall back to memory. */
const storageOr = (pick: () => StorageLike): StorageLike => {
  try {
    const s = pick();
    s.getItem('probe');
    return s;
  } catch {
    return memoryStorage();
  }
};

export const browserStorages = () => ({
  local: storageOr(() => window.localStorage),
  session: storageOr(() => window.sessionStorage),
});

export type AppProvidersProps = {
  children: ReactNode;
  /** Tests pass in-memory storages and machines with fake effects. */
  storages?: { local: StorageLike; session: StorageLike };
  authLogic?: typeof liveAuthMachine;
  /** How the chats open their socket (tests play the server with a fake). */
  openSocket?: OpenChatSocket;
  /** The API answers the page was rendered from: the categories start ready with theirs. */
  serverData?: ServerData;
  /** The page was served without a session (the auth machine's input: its first restore need not ask). */
  servedToGuest?: boolean;
};

export function AppProviders({ children, storages, authLogic, openSocket = openShopSocket, serverData, servedToGuest }: AppProvidersProps) {
  const { local, session } = storages ?? browserStorages();
  const categories = serverData?.[CATEGORIES_URL];
  const categoriesInput = categories === undefined ? { url: null } : { url: CATEGORIES_URL, data: categories };
  return (
    <AuthContext.Provider logic={authLogic} options={{ input: { local, session, servedToGuest }, inspect: devEventLog?.inspect('auth') }}>
      <CartContext.Provider options={{ input: { storage: local }, inspect: devEventLog?.inspect('cart') }}>
        <ChatSocketContext.Provider value={openSocket}>
          <CategoriesContext.Provider options={{ input: categoriesInput, inspect: devEventLog?.inspect('fetch', { many: true }) }}>
            <ToastProvider>
              <GlobalStyles />
              {children}
            </ToastProvider>
          </CategoriesContext.Provider>
        </ChatSocketContext.Provider>
      </CartContext.Provider>
    </AuthContext.Provider>
  );
}
