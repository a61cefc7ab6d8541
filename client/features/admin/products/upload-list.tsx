import { css } from '@emotion/react';
import { colors } from '../../../ui/theme.ts';
import type { FileUpload } from '#machines/product-images/file-uploads.ts';

const row = css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 160px 4ch', gap: 8, alignItems: 'center' });

/** Every byte sent, the answer not yet come: the shop is writing the photo's sizes. */
export const PROCESSING = 'Processing …';

/** One row a file: its name, a <progress> of the bytes really sent, and how it ended. */
export function UploadList({ uploads }: { uploads: readonly FileUpload[] }) {
  if (uploads.length === 0) return null;
  return (
    <ul aria-label="Image uploads" css={{ listStyle: 'none', padding: 0, display: 'grid', gap: 6 }}>
      {uploads.map((u) => {
        const percent = u.total > 0 ? Math.round((u.loaded / u.total) * 100) : 0;
        const processing = u.status === 'uploading' && u.total > 0 && u.loaded >= u.total;
        return (
          <li key={u.id}>
            <div css={row}>
              <span css={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{u.name}</span>
              <progress
                max={u.total || 1}
                value={u.loaded}
                aria-label={`Upload of ${u.name}`}
                data-status={u.status}
                css={{ width: '100%' }}
              />
              <span aria-hidden="true">{u.status === 'failed' ? '✗' : `${percent}%`}</span>
            </div>
            {processing ? (
              <p role="status" css={{ margin: '2px 0 0', color: colors.muted }}>
                {u.name}: {PROCESSING}
              </p>
            ) : null}
            {u.status === 'failed' ? (
              <p role="alert" css={{ color: colors.danger, margin: '2px 0 0' }}>
                {u.name}: {u.error}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
