import * as z from 'zod/mini';
import type { Category, CategoryCreatedResponse, CategoryEditBody } from '#contracts/category.ts';
import { request } from '../../../lib/api.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useForm } from '../../../ui/use-form.ts';
import { useCategoriesChange } from '../products/use-categories-change.ts';

const createSchema = z.object({ category: z.string().check(z.trim(), z.minLength(1, 'Please enter a category name')) });
const editSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Please enter a category name')),
  description: z.string(),
});

/** `New category`: a name (a path such as `Computers/Laptops`), POST /api/categories; the list reloads. */
export function CreateCategoryForm() {
  const { reload } = useCategoriesChange();
  const send = useSubmit(
    (values: { category: string }, signal) => request<CategoryCreatedResponse>('POST', '/api/categories', values, { signal }),
    () => {
      form.reset({ category: '' });
      reload();
    },
  );
  const form = useForm(createSchema, { category: '' }, (values) => send.submit(values));
  return (
    <form ref={form.formRef} noValidate onSubmit={form.submit} aria-label="New category">
      {send.error ? <Alert tone="danger">{send.error}</Alert> : null}
      <TextField label="Category name" hint="A sub-category is written Parent/Child." {...form.field('category')} />
      <Button type="submit" disabled={send.sending}>
        Create category
      </Button>
    </form>
  );
}

/** One category's name and description (PUT /api/categories/{name}); a new name renames its sub-categories too; the list reloads. */
export function EditCategoryForm({ category, onDone }: { category: Category; onDone: () => void }) {
  const { reload } = useCategoriesChange();
  const send = useSubmit(
    (values: { name: string; description: string }, signal) =>
      request<Category>(
        'PUT',
        `/api/categories/${encodeURIComponent(category.name)}`,
        { ...values, image: category.image } satisfies CategoryEditBody,
        { signal },
      ),
    () => {
      reload();
      onDone();
    },
  );
  const form = useForm(editSchema, { name: category.name, description: category.description }, (values) => send.submit(values));
  return (
    <form ref={form.formRef} noValidate onSubmit={form.submit} aria-label={`Edit category ${category.name}`}>
      {send.error ? <Alert tone="danger">{send.error}</Alert> : null}
      <TextField label="Name" hint="Renaming moves its sub-categories and products with it." {...form.field('name')} />
      <TextField label="Description" {...form.field('description')} />
      <div css={{ display: 'flex', gap: 8 }}>
        <Button type="submit" disabled={send.sending}>
          Save category
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
