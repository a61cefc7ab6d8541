import { createContext, lazy, Suspense, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { Alert, type AlertTone } from './alert.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import type { ToastEntry } from './toast-stack.tsx';
type ShowToast = (message: ReactNode, tone?: AlertTone) => void;

const ToastContext = createContext<ShowToast | null>(null);

// Toasts come from forms (registering, the admin's edits), never from a first view: their
// look is a chunk fetched with the first one.
const ToastStack = lazy(() => import('./toast-stack.tsx').then((m) => ({ default: m.ToastStack })));

/** Holds the page's toasts; `useToast()` shows one from anywhere below. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [entries, setEntries] = useState<ToastEntry[]>([]);
  const next = useRef(0);
  const show = useCallback<ShowToast>((message, tone = 'info') => {
    next.current += 1;
    const id = next.current;
    setEntries((list) => [...list, { id, message, tone }]);
  }, []);
  const remove = useCallback((id: number) => setEntries((list) => list.filter((e) => e.id !== id)), []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      {entries.length > 0 && (
        // If the look cannot arrive (offline), the messages still show, as plain alerts.
        <ErrorBoundary
          fallback={entries.map((e) => (
            <Alert key={e.id} tone={e.tone}>
              {e.message}
            </Alert>
          ))}
        >
          <Suspense fallback={null}>
            <ToastStack entries={entries} remove={remove} />
          </Suspense>
        </ErrorBoundary>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a <ToastProvider> above it');
  return show;
}
