import type { KeyboardEvent } from 'react';
import * as z from 'zod/mini';
import type { Category, CategoryCreatedResponse, CategoryUpdatedResponse } from '#contracts/category.ts';
import { api } from '../../../lib/api.ts';
import { useCategoriesChange } from './use-categories-change.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useForm } from '../../../ui/use-form.ts';

const categorySchema = z.object({ newCategory: z.string().check(z.trim(), z.minLength(1, 'Please enter a category name')) });
const NO_NAME = { newCategory: '' };

/** Saves an attribute on a category; the server answers every category, which replace ours (spec section 4). */
export const saveCategoryAttr = async (categoryChoosen: string, key: string, val: string): Promise<Category[]> => {
  const { categoryUpdated } = await api.post<CategoryUpdatedResponse>('/api/categories/attr', { key, val, categoryChoosen });
  return categoryUpdated;
};

/**
 * Creating a category beside the product form (Enter or the button), which then becomes the
 * product's. The list is replaced by the server's, since creating `A/B` may also create `A`.
 * Deleting one is the categories panel's (products page), never the product form's.
 */
export function NewCategoryField({ categories, onChoose }: { categories: Category[]; onChoose: (name: string) => void }) {
  const { replace, reload } = useCategoriesChange();
  const created = useSubmit(
    (category: string, signal: AbortSignal) => api.post<CategoryCreatedResponse>('/api/categories', { category }, { signal }),
    ({ categoryCreated }) => {
      replace([...categories.filter((c) => c.name !== categoryCreated.name), categoryCreated]);
      reload();
      onChoose(categoryCreated.name);
      form.reset(NO_NAME);
    },
  );
  // The typed name's own check is the form's; the call's refusal comes from its machine.
  const form = useForm(categorySchema, NO_NAME, ({ newCategory }) => created.submit(newCategory));

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    // Enter here creates the category; it never submits the product form.
    e.preventDefault();
    form.submit();
  };

  return (
    <div ref={form.formRef} css={{ display: 'grid', gap: 8, marginBottom: 16 }}>
      <div css={{ display: 'flex', gap: 8, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <div css={{ flex: 1, minWidth: 200 }}>
          <TextField
            label="Or create a new category"
            placeholder="e.g. Computers/Laptops"
            {...form.field('newCategory')}
            onKeyDown={onKeyDown}
            hint="Press Enter to create it"
          />
        </div>
        <Button variant="secondary" disabled={created.sending} onClick={() => form.submit()} css={{ marginTop: 28 }}>
          Create category
        </Button>
      </div>
      {created.error ? <Alert tone="danger">{created.error}</Alert> : null}
    </div>
  );
}
