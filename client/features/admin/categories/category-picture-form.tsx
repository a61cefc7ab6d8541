import { useId, type ChangeEvent } from 'react';
import type { Category, CategoryEditBody } from '#contracts/category.ts';
import type { UploadResponse } from '#contracts/product.ts';
import { request } from '../../../lib/api.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { CategoryPicture } from '../../../ui/category-picture.tsx';
import { fieldStyle, fieldWrap, labelStyle } from '../../../ui/text-field.tsx';
import { focusRing } from '../../../ui/theme.ts';
import { useCategoriesChange } from '../products/use-categories-change.ts';

type Change = { upload: File } | { remove: true };

/**
 * The category's picture: a chosen file goes through the products' upload (checked, resized, the
 * shop's own file) and replaces the picture at once; `Remove picture` leaves the neutral one.
 */
export function CategoryPictureForm({ category }: { category: Category }) {
  const id = useId();
  const { reload } = useCategoriesChange();
  const send = useSubmit(
    (change: Change, signal) => {
      if ('remove' in change) {
        const body: CategoryEditBody = { description: category.description, image: '' };
        return request<unknown>('PUT', `/api/categories/${encodeURIComponent(category.name)}`, body, { signal });
      }
      const form = new FormData();
      form.append('images', change.upload, change.upload.name);
      const url = `/api/products/admin/upload?categoryName=${encodeURIComponent(category.name)}`;
      return request<UploadResponse>('POST', url, form, { signal });
    },
    () => reload(),
  );
  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) send.submit({ upload: file });
  };
  return (
    <div css={fieldWrap} aria-busy={send.sending || undefined}>
      <label htmlFor={id} css={labelStyle}>
        Picture
      </label>
      <div css={{ width: 160, marginBottom: 8 }}>
        <CategoryPicture image={category.image} width={160} />
      </div>
      {send.error ? <Alert tone="danger">{send.error}</Alert> : null}
      <input id={id} type="file" accept="image/*" disabled={send.sending} css={[fieldStyle, focusRing]} onChange={choose} />
      {category.image ? (
        <Button variant="secondary" disabled={send.sending} onClick={() => send.submit({ remove: true })}>
          Remove picture
        </Button>
      ) : null}
    </div>
  );
}
