import type { ReactNode } from 'react';
import { api } from '../../lib/api.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { useToast } from '../../ui/toast.tsx';

type Options<T> = {
  /** The DELETE endpoint of one row. */
  url: (item: T) => string;
  /** The toast once it is gone, e.g. `Jane Doe was removed`. */
  removed: (item: T) => string;
  /** Runs once the row is gone, with it (reload the list, drop it from a shared one). */
  onRemoved: (item: T) => void;
};

/**
 * Delete a row of an admin list after 'Are you sure?' (spec section 5): `ask(row)` opens the
 * dialog, `dialog` renders it, `error` is the server's refusal to show above the list. The
 * question is the deletion's submit machine's (`asking`): Yes sends the row it asked about.
 */
export function useConfirmedDelete<T>({ url, removed, onRemoved }: Options<T>): {
  ask: (item: T) => void;
  error: string | null;
  dialog: ReactNode;
} {
  const toast = useToast();
  const deletion = useSubmit(
    (item: T, signal: AbortSignal) => api.delete(url(item), { signal }).then(() => item),
    (item) => {
      toast(removed(item), 'success');
      onRemoved(item);
    },
  );

  const dialog = <ConfirmDialog open={deletion.asking} onCancel={deletion.dismiss} onConfirm={deletion.confirm} />;
  return { ask: deletion.ask, error: deletion.error, dialog };
}
