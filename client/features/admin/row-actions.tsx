import { useLocation } from 'react-router-dom';
import { Button, LinkButton } from '../../ui/button.tsx';
import { actionsCell } from './admin-styles.ts';
import type { ReturnState } from './return-to.ts';

type RowActionsProps = {
  editTo: string;
  /** Names the row for screen readers: "Edit jane@doe.com", "Delete Dell XPS". */
  label: string;
  /** Without it the row has no Delete (the admin's own account). */
  onDelete?: () => void;
};

/** The Edit/Delete cell of an admin list row; Edit remembers the list's page to come back to. */
export function RowActions({ editTo, label, onDelete }: RowActionsProps) {
  const { pathname, search } = useLocation();
  return (
    <td css={actionsCell}>
      <LinkButton
        variant="secondary"
        to={editTo}
        state={{ returnTo: pathname + search } satisfies ReturnState}
        aria-label={`Edit ${label}`}
      >
        Edit
      </LinkButton>
      {onDelete ? (
        <Button variant="danger" onClick={onDelete} aria-label={`Delete ${label}`}>
          Delete
        </Button>
      ) : null}
    </td>
  );
}
