import { useToast } from '../ui/toast.tsx';

/** A button that shows a success toast: what the toast tests press. */
export function ToastButton() {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast('Saved your changes', 'success')}>
      Save
    </button>
  );
}
