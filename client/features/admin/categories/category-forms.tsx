import * as z from 'zod/mini';
import type { Category, CategoryCreatedResponse, CategoryUpdatedResponse } from '#contracts/category.ts';
import { request } from '../../../lib/api.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useForm } from '../../../ui/use-form.ts';
import { useCategoriesChange } from '../products/use-categories-change.ts';

const createSchema = z.object({ category: z.string().check(z.trim(), z.minLength(1, 'Please enter a category name')) });
const editSchema = z.object({ description: z.string(), image: z.string() });
const attrSchema = z.object({
  key: z.string().check(z.trim(), z.minLength(1, 'Please enter an attribute key')),
  val: z.string().check(z.trim(), z.minLength(1, 'Please enter an attribute value')),
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

/** One category's description and picture (PUT /api/categories/{name}); the list reloads. */
export function EditCategoryForm({ category, onDone }: { category: Category; onDone: () => void }) {
  const { reload } = useCategoriesChange();
  const send = useSubmit(
    (values: { description: string; image: string }, signal) =>
      request<Category>('PUT', `/api/categories/${encodeURIComponent(category.name)}`, values, { signal }),
    () => {
      reload();
      onDone();
    },
  );
  const form = useForm(editSchema, { description: category.description, image: category.image }, (values) => send.submit(values));
  return (
    <form ref={form.formRef} noValidate onSubmit={form.submit} aria-label={`Edit category ${category.name}`}>
      {send.error ? <Alert tone="danger">{send.error}</Alert> : null}
      <TextField label="Description" {...form.field('description')} />
      <TextField label="Picture" hint="An image of the shop (/images/…), or empty for the neutral picture." {...form.field('image')} />
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

/** The category's attributes (the filters' keys and values) and `Add value` (POST /api/categories/attr); the list reloads. */
export function CategoryAttrsForm({ category }: { category: Category }) {
  const { replace } = useCategoriesChange();
  const send = useSubmit(
    (values: { key: string; val: string }, signal) =>
      request<CategoryUpdatedResponse>('POST', '/api/categories/attr', { ...values, categoryChoosen: category.name }, { signal }),
    (answer) => {
      form.reset({ key: '', val: '' });
      replace(answer.categoryUpdated);
    },
  );
  const form = useForm(attrSchema, { key: '', val: '' }, (values) => send.submit(values));
  return (
    <form ref={form.formRef} noValidate onSubmit={form.submit} aria-label={`Attributes of ${category.name}`}>
      <ul>
        {category.attrs.map((a) => (
          <li key={a.key}>{`${a.key}: ${a.value.join(', ')}`}</li>
        ))}
      </ul>
      {send.error ? <Alert tone="danger">{send.error}</Alert> : null}
      <TextField label="Attribute key" {...form.field('key')} />
      <TextField label="Attribute value" {...form.field('val')} />
      <Button type="submit" variant="secondary" disabled={send.sending}>
        Add value
      </Button>
    </form>
  );
}
