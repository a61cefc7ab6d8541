import { Component, createContext, type ContextType, type ErrorInfo, type ReactNode } from 'react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

type State = { error: Error | null };

/**
 * Who else must hear of a page that failed: kiosk mode provides it and returns to its attract
 * screen, so a kiosk never shows "Reload the page" (a reload while offline is an error page).
 */
export const PageCrashContext = createContext<((error: Error) => void) | null>(null);

/**
 * Catches a page that failed to render or whose chunk failed to load (e.g. after a deploy),
 * so the header and footer stay and the user can try again. With a `fallback`, a small part (the
 * header's menu) shows that instead, and the page around it goes on as it is.
 */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string; fallback?: ReactNode }, State> {
  static override contextType = PageCrashContext;
  declare context: ContextType<typeof PageCrashContext>;
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidUpdate(prev: { resetKey?: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Page failed to render', error, info.componentStack);
    if (this.props.fallback === undefined) this.context?.(error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    if (this.props.fallback !== undefined) return this.props.fallback;
    if (this.context) return null;
    return (
      <Alert tone="danger" action={<Button onClick={() => window.location.reload()}>Reload the page</Button>}>
        This page could not be shown. Reload the page to try again.
      </Alert>
    );
  }
}
