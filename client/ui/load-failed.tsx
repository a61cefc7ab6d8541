import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

/**
 * A screen whose data call failed (offline, the shop restarting): the reason, announced at once
 * (an alert), and `Try again`, a button the keyboard reaches, so nobody is left with a dead page
 * or an endless skeleton. The admin screens and the storefront's list and details share it.
 */
export function LoadFailed({ error, onRetry }: { error: string; onRetry: () => void }) {
  return (
    <Alert tone="danger" action={<Button onClick={onRetry}>Try again</Button>}>
      {error}
    </Alert>
  );
}
