import { fromCallback } from 'xstate';
import type { UserInfo } from '#contracts/user.ts';
import { isUserInfo, USER_KEY } from './user-storage.ts';

/** The channel every tab of the shop shares (same origin only, by the browser's rule). */
export const AUTH_CHANNEL = 'statefront-auth';

/** What one tab tells the others: the browser's one session cookie changed hands. */
export type TabMessage = { type: 'loggedOut' } | { type: 'user'; userInfo: UserInfo };

/** What the auth machine sends the actor. */
export type OtherTabsCommand = { type: 'tabs.tell'; message: TabMessage };

/** What the actor delivers into the auth machine. */
export type OtherTabsEvent =
  { type: 'auth.storageChanged' } | { type: 'auth.elsewhere.loggedOut' } | { type: 'auth.elsewhere.user'; userInfo: UserInfo };

/** The part of BroadcastChannel used here, so tests and browsers without it can pass their own. */
export type ChannelLike = {
  postMessage: (message: unknown) => void;
  close: () => void;
  onmessage: ((event: { data: unknown }) => void) | null;
};

export type TabsEnvironment = {
  /** Opens the shared channel; absent where the browser has no BroadcastChannel. */
  openChannel?: (name: string) => ChannelLike;
  /** Calls `listener` with the key of each storage event another tab causes; returns the unsubscribe. */
  listenStorage?: (listener: (key: string | null) => void) => () => void;
};

/** A message from another tab is data from outside the machine: only well-formed ones count. */
export const eventOfMessage = (data: unknown): OtherTabsEvent | null => {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as { type?: unknown; userInfo?: unknown };
  if (message.type === 'loggedOut') return { type: 'auth.elsewhere.loggedOut' };
  if (message.type === 'user' && isUserInfo(message.userInfo)) return { type: 'auth.elsewhere.user', userInfo: message.userInfo };
  return null;
};

/**
 * The other tabs of this browser as one actor: their broadcasts and their writes to local
 * storage arrive in the auth machine as events; what the machine tells goes out on the channel.
 * A tab never hears its own broadcast (BroadcastChannel's rule), so nothing echoes.
 */
export const otherTabsActor = ({ openChannel, listenStorage }: TabsEnvironment) =>
  fromCallback<OtherTabsCommand, void>(({ sendBack, receive }) => {
    const channel = openChannel?.(AUTH_CHANNEL);
    if (channel) {
      channel.onmessage = ({ data }) => {
        const event = eventOfMessage(data);
        if (event) sendBack(event);
      };
    }
    receive(({ message }) => channel?.postMessage(message));
    // key null: another tab cleared the whole storage.
    const stopStorage = listenStorage?.((key) => {
      if (key === USER_KEY || key === null) sendBack({ type: 'auth.storageChanged' });
    });
    return () => {
      stopStorage?.();
      if (channel) {
        channel.onmessage = null;
        channel.close();
      }
    };
  });
