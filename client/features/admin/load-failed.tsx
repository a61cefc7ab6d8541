import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';

/**
 * An admin screen whose data call got no answer (offline, the shop restarting): the reason and
 * `Try again`, never an endless skeleton. A failing answer logs out instead (useAdminGet).
 */
export function LoadFailed({ error, onRetry }: { error: string; onRetry: () => void }) {
  return (
    <Alert tone="danger" action={<Button onClick={onRetry}>Try again</Button>}>
      {error}
    </Alert>
  );
}
