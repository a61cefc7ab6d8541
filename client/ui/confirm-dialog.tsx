import { css } from '@emotion/react';
import { useId, useRef } from 'react';
import { Button } from './button.tsx';
import { colors, radius, space } from './theme.ts';
import { useModalDialog } from './use-modal-dialog.ts';

const dialogStyle = css({
  border: 0,
  borderRadius: radius,
  padding: space(6),
  maxWidth: 'min(90vw, 420px)',
  color: colors.text,
  boxShadow: '0 10px 40px rgba(0,0,0,0.3)',
  '&::backdrop': { background: 'rgba(15, 23, 42, 0.55)' },
});

export type ConfirmDialogProps = {
  open: boolean;
  /** Spec section 5: destructive actions ask 'Are you sure?'. */
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * A modal confirmation on the native <dialog>: the browser traps focus, Escape cancels and
 * focus returns to the opener when it closes.
 */
export function ConfirmDialog({
  open,
  title = 'Are you sure?',
  confirmLabel = 'Yes',
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useModalDialog(ref, open);
  return (
    <dialog
      ref={ref}
      css={dialogStyle}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} css={{ marginTop: 0, fontSize: '1.25rem' }}>
        {title}
      </h2>
      <div css={{ display: 'flex', gap: space(3), justifyContent: 'flex-end' }}>
        <Button variant="secondary" onClick={onCancel} autoFocus>
          {cancelLabel}
        </Button>
        <Button variant="danger" onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
