import { useLocation } from 'react-router-dom';

/** What an admin table's Edit link carries in the history state, so the edit page can go back to that page of the table. */
export type ReturnState = { returnTo: string };

/**
 * Where an edit page goes back to: the page of the list it was opened from (`/admin/users?page=3`),
 * else the list itself. Only a place on that list is taken from the history state, nothing else.
 */
export function useReturnTo(list: string): string {
  const { state } = useLocation();
  const from = (state as Partial<ReturnState> | null)?.returnTo;
  return typeof from === 'string' && (from === list || from.startsWith(`${list}?`)) ? from : list;
}
