import type { ReactNode } from 'react';
import { LoadFailed } from '../../ui/load-failed.tsx';
import { TableSkeleton } from './table-skeleton.tsx';

type ListLoad<S> = { status: 'loading' | 'error' | 'success'; error?: string; reload: () => void; shown: S | undefined };

/**
 * An admin list's body: the skeleton until its first answer, then its rows, kept through a
 * refresh. A call that got no answer shows why with `Try again` (an alert, so a screen reader
 * hears it), above the rows already shown since they may be out of date, never an endless skeleton.
 */
export function AdminListBody<S>({ list, label, children }: { list: ListLoad<S>; label: string; children: (shown: S) => ReactNode }) {
  return (
    <>
      {list.status === 'error' ? <LoadFailed error={list.error ?? ''} onRetry={list.reload} /> : null}
      {list.shown !== undefined ? children(list.shown) : list.status === 'error' ? null : <TableSkeleton label={label} />}
    </>
  );
}
