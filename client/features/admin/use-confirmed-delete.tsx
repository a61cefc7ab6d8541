import { useState, type ReactNode } from 'react';
import { api, errorMessage } from '../../app/api.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { useToast } from '../../ui/toast.tsx';

type Options<T> = {
  /** The DELETE endpoint of one row. */
  url: (item: T) => string;
  /** The toast once it is gone, e.g. `Jane Doe was removed`. */
  removed: (item: T) => string;
  onRemoved: () => void;
};

/**
 * Delete a row of an admin list after 'Are you sure?' (spec section 5): `ask(row)` opens the
 * dialog, `dialog` renders it, `error` is the server's refusal to show above the list.
 */
export function useConfirmedDelete<T>({ url, removed, onRemoved }: Options<T>): { ask: (item: T) => void; error: string | null; dialog: ReactNode } {
  const toast = useToast();
  const [pending, setPending] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);

  const remove = async (item: T) => {
    setPending(null);
    setError(null);
    try {
      await api.delete(url(item));
      toast(removed(item), 'success');
      onRemoved();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const dialog = <ConfirmDialog open={pending !== null} onCancel={() => setPending(null)} onConfirm={() => pending !== null && void remove(pending)} />;
  return { ask: setPending, error, dialog };
}
