import { useId, type ChangeEvent } from 'react';
import { LIMITS } from '#contracts/rules.ts';
import { errorStyle, fieldStyle, fieldWrap, labelStyle } from '../../../ui/text-field.tsx';
import { focusRing } from '../../../ui/theme.ts';

/** The spec's text for more than three images (section 8), misspelling kept. */
export const TOO_MANY_FILES = 'to many files';

/**
 * An images picker that refuses more than three files at once (spec sections 5 and 9): the
 * choice is cleared and 'to many files' is shown beside the field.
 */
export function FilesInput({
  label,
  error,
  onFiles,
  onTooMany,
  disabled,
}: {
  label: string;
  error?: string | null;
  onFiles: (files: File[]) => void;
  onTooMany: () => void;
  disabled?: boolean;
}) {
  const id = useId();
  const change = (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    if (files.length > LIMITS.maxImagesPerUpload) {
      e.target.value = '';
      onTooMany();
      onFiles([]);
      return;
    }
    onFiles(files);
  };
  return (
    <div css={fieldWrap}>
      <label htmlFor={id} css={labelStyle}>
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept="image/*"
        multiple
        disabled={disabled}
        css={[fieldStyle, focusRing]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={change}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" css={errorStyle}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
