import { useState, type ReactNode } from 'react';
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
 * dialog, `dialog` renders it, `error` is the server's refusal to show above the list.
 */
export function useConfirmedDelete<T>({ url, removed, onRemoved }: Options<T>): {
  ask: (item: T) => void;
  error: string | null;
  dialog: ReactNode;
} {
  const toast = useToast();
  // Which row the open dialog asks about: the dialog's own view, decided only by the admin's clicks.
  const [pending, setPending] = useState<T | null>(null);
  const deletion = useSubmit(
    (item: T, signal: AbortSignal) => api.delete(url(item), { signal }).then(() => item),
    (item) => {
      toast(removed(item), 'success');
      onRemoved(item);
    },
  );

  const remove = (item: T) => {
    setPending(null);
    deletion.submit(item);
  };

  const dialog = (
    <ConfirmDialog open={pending !== null} onCancel={() => setPending(null)} onConfirm={() => pending !== null && remove(pending)} />
  );
  return { ask: setPending, error: deletion.error, dialog };
}
