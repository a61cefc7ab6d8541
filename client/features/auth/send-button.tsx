import type { ReactNode } from 'react';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';

/** A password page's submit button: disabled with a spinner saying `busyLabel` while its send is under way. */
export function SendButton({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: ReactNode }) {
  return (
    <Button type="submit" disabled={busy} aria-busy={busy}>
      {busy ? <Spinner label={busyLabel} /> : null}
      {children}
    </Button>
  );
}
