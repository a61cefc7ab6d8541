import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { UserInfo } from '#contracts/user.ts';
import type { SessionQuery, SessionResponse } from '#machines/auth/auth.machine.ts';
import { memoryStorage, type StorageLike } from '#machines/shared/storage.ts';
import { liveAuthMachine } from '../lib/machines.ts';
import { AppProviders, type AppProvidersProps } from '../app/providers.tsx';
import { SessionEffects } from '../app/session-effects.tsx';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

export type Rendered = {
  container: HTMLElement;
  /** The router's current path, as the user would see it in the address bar. */
  path: () => string;
  unmount: () => Promise<void>;
};

let currentPath = '';
function PathProbe() {
  const { pathname, search } = useLocation();
  currentPath = pathname + search;
  return null;
}

export type RenderOptions = {
  route?: string;
  /** Route pattern the element is mounted at (default: every path). */
  pattern?: string;
  storages?: { local: StorageLike; session: StorageLike };
  /**
   * Who the server's session belongs to when nothing is stored (the auth machine asks on
   * start). Answered without a request, so tests counting calls see only their own; default
   * none. Pass `authLogic: liveAuthMachine` to have it asked through fetch instead.
   */
  session?: UserInfo | null;
  authLogic?: AppProvidersProps['authLogic'];
  /** The chats' socket opener; by default a socket that never connects, so no test reaches a network. */
  openSocket?: AppProvidersProps['openSocket'];
  /** Mount the whole route table instead of a single element. */
  raw?: boolean;
};

const mounted: Root[] = [];

const sessionAnswer = (user: UserInfo | null) =>
  liveAuthMachine.provide({
    actors: {
      fetchSession: fromPromise<SessionResponse, SessionQuery>(async () => {
        if (user) return { user };
        throw { status: 401, message: 'Please log in first' };
      }),
    },
  });

const neverOpens: NonNullable<AppProvidersProps['openSocket']> = () => new Promise(() => undefined);

/** Mounts `ui` inside the app's providers and a memory router, as the real app does. */
export async function renderWithApp(ui: ReactNode, options: RenderOptions = {}): Promise<Rendered> {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  mounted.push(root);
  const storages = options.storages ?? { local: memoryStorage(), session: memoryStorage() };
  // A style cache of its own, in this document's head: the files of a worker share their modules
  // (vitest.config.ts), so emotion's default cache may hold style tags an earlier file's test removed.
  const styles = createCache({ key: 'css' });
  await act(async () => {
    root.render(
      <CacheProvider value={styles}>
        <AppProviders
          storages={storages}
          authLogic={options.authLogic ?? sessionAnswer(options.session ?? null)}
          openSocket={options.openSocket ?? neverOpens}
        >
          <MemoryRouter initialEntries={[options.route ?? '/']}>
            <SessionEffects />
            <PathProbe />
            {options.raw ? (
              ui
            ) : (
              <Routes>
                <Route path={options.pattern ?? '*'} element={ui} />
                {options.pattern ? <Route path="*" element={null} /> : null}
              </Routes>
            )}
          </MemoryRouter>
        </AppProviders>
      </CacheProvider>,
    );
  });
  return {
    container,
    path: () => currentPath,
    unmount: async () => {
      await act(async () => root.unmount());
      container.remove();
    },
  };
}

/**
 * Call once at the top of a client test file: React's act environment, a clean DOM, storage
 * between tests (each render gets fresh app actors), and a failure on any unexpected console.error.
 */
export function setupComponentTests(): void {
  let errors: unknown[][] = [];
  beforeEach(() => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    errors = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      errors.push(args);
    });
  });
  afterEach(async () => {
    while (mounted.length) {
      const root = mounted.pop();
      await act(async () => root?.unmount());
    }
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
    expect(errors, 'unexpected console.error').toEqual([]);
  });
}
