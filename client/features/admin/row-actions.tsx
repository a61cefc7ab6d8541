import { Button, LinkButton } from '../../ui/button.tsx';
import { actionsCell } from './admin-styles.ts';

type RowActionsProps = {
  editTo: string;
  /** Names the row for screen readers: "Edit jane@doe.com", "Delete Dell XPS". */
  label: string;
  onDelete: () => void;
};

/** The Edit/Delete cell of an admin list row. */
export function RowActions({ editTo, label, onDelete }: RowActionsProps) {
  return (
    <td css={actionsCell}>
      <LinkButton variant="secondary" to={editTo} aria-label={`Edit ${label}`}>
        Edit
      </LinkButton>
      <Button variant="danger" onClick={onDelete} aria-label={`Delete ${label}`}>
        Delete
      </Button>
    </td>
  );
}
