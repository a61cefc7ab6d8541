import { useCallback, useEffect, useState } from 'react';
import { api, errorMessage, isAbort } from './api.ts';

export type ApiGetState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'error'; data?: undefined; error: string }
  | { status: 'success'; data: T; error?: undefined };

/**
 * GETs `url` while the calling component is shown (null waits). Leaving, or a new url,
 * aborts the request in flight, so a late answer never overwrites a newer one.
 */
export function useApiGet<T>(url: string | null): ApiGetState<T> & { reload: () => void } {
  const [state, setState] = useState<ApiGetState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (url === null) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    api.get<T>(url, { signal: controller.signal }).then(
      (data) => setState({ status: 'success', data }),
      (error: unknown) => {
        if (!controller.signal.aborted && !isAbort(error)) setState({ status: 'error', error: errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [url, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
