import * as z from 'zod/mini';
import type { Category, CategoryUpdatedResponse } from '#contracts/category.ts';
import { request } from '../../../lib/api.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useForm } from '../../../ui/use-form.ts';
import { useCategoriesChange } from '../products/use-categories-change.ts';

const attrSchema = z.object({
  key: z.string().check(z.trim(), z.minLength(1, 'Please enter an attribute key')),
  val: z.string().check(z.trim(), z.minLength(1, 'Please enter an attribute value')),
});

type Attr = { key: string; val: string };
const enc = encodeURIComponent;

/**
 * The category's attributes (the filters' keys and values): `Add value` (POST
 * /api/categories/attr) and a remove button on each value (DELETE …/attrs/{key}/{value}), which
 * the server refuses while a product of the category has that value, saying so here.
 */
export function CategoryAttrsForm({ category }: { category: Category }) {
  const { replace } = useCategoriesChange();
  const add = useSubmit(
    (values: Attr, signal) =>
      request<CategoryUpdatedResponse>('POST', '/api/categories/attr', { ...values, categoryChoosen: category.name }, { signal }),
    (answer) => {
      form.reset({ key: '', val: '' });
      replace(answer.categoryUpdated);
    },
  );
  const remove = useSubmit(
    ({ key, val }: Attr, signal) =>
      request<CategoryUpdatedResponse>('DELETE', `/api/categories/${enc(category.name)}/attrs/${enc(key)}/${enc(val)}`, undefined, {
        signal,
      }),
    (answer) => replace(answer.categoryUpdated),
  );
  const form = useForm(attrSchema, { key: '', val: '' }, (values) => add.submit(values));
  return (
    <form ref={form.formRef} noValidate onSubmit={form.submit} aria-label={`Attributes of ${category.name}`}>
      <ul aria-label={`Attribute values of ${category.name}`}>
        {category.attrs.map((a) => (
          <li key={a.key}>
            {`${a.key}: `}
            {a.value.map((v) => (
              <Button
                key={v}
                variant="secondary"
                disabled={remove.sending}
                aria-label={`Remove ${a.key}: ${v}`}
                onClick={() => remove.submit({ key: a.key, val: v })}
                css={{ marginRight: 4 }}
              >
                {`${v} ×`}
              </Button>
            ))}
          </li>
        ))}
      </ul>
      {remove.error ? <Alert tone="danger">{remove.error}</Alert> : null}
      {add.error ? <Alert tone="danger">{add.error}</Alert> : null}
      <TextField label="Attribute key" {...form.field('key')} />
      <TextField label="Attribute value" {...form.field('val')} />
      <Button type="submit" variant="secondary" disabled={add.sending}>
        Add value
      </Button>
    </form>
  );
}
