import type { FormEvent, KeyboardEvent, ReactNode } from 'react';
import type { Category } from '#contracts/category.ts';
import type { ProductAttr } from '#contracts/product.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Select } from '../../../ui/select.tsx';
import { TextArea, TextField } from '../../../ui/text-field.tsx';
import { formGrid } from '../admin-styles.ts';
import { AttributesTable } from './attributes-table.tsx';
import type { Form } from '../../../ui/use-form.ts';
import type { ProductDraft } from './product-fields.ts';

type Props = {
  /** The page's form (useForm) over the product's fields, and maybe more (the create page's images). */
  form: Pick<Form<ProductDraft>, 'values' | 'field' | 'set' | 'submit' | 'formRef'>;
  categories: Category[];
  submitLabel: string;
  busy: boolean;
  error: string | null;
  /** Shown inside the error's banner, announced with it (e.g. a link to where to go on). */
  errorAction?: ReactNode;
  /** The send is over for good (what it made is elsewhere): no submit button is offered. */
  submitGone?: boolean;
  onNewAttr?: (attr: ProductAttr) => void;
  /** Extra controls under the category (the category manager, the images). */
  children?: ReactNode;
};

/** Inputs where Enter is the browser's implicit submission; buttons and the textarea keep theirs. */
const SUBMITS_ON_ENTER = (el: EventTarget): boolean =>
  el instanceof HTMLInputElement && !['button', 'submit', 'reset', 'image', 'file'].includes(el.type);

/**
 * Spec section 5: Enter never submits the product form (in the attribute and category fields it
 * confirms them, their own handlers run first). One guard for every field, whatever the page
 * adds as children: only the submit button sends the product.
 */
const refuseEnterSubmit = (e: KeyboardEvent<HTMLFormElement>) => {
  if (e.key === 'Enter' && SUBMITS_ON_ENTER(e.target)) e.preventDefault();
};

/** The fields shared by the create and edit pages. */
export function ProductForm({ form, categories, submitLabel, busy, error, errorAction, submitGone = false, onNewAttr, children }: Props) {
  const draft = form.values;
  const attrs = categories.find((c) => c.name === draft.category)?.attrs ?? [];
  const submit = (e: FormEvent) => {
    if (busy || submitGone) e.preventDefault();
    else form.submit(e);
  };
  const known = categories.some((c) => c.name === draft.category);
  const options = [
    { value: '', label: 'Choose category' },
    ...(draft.category && !known ? [{ value: draft.category, label: draft.category }] : []),
    ...categories.map((c) => ({ value: c.name, label: c.name })),
  ];
  return (
    <form ref={form.formRef} css={formGrid} noValidate onSubmit={submit} onKeyDown={refuseEnterSubmit}>
      <TextField label="Name" required {...form.field('name')} />
      <TextArea label="Description" required rows={3} {...form.field('description')} />
      <div css={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))' }}>
        <TextField label="Count in stock" type="number" min={0} step={1} inputMode="numeric" required {...form.field('count')} />
        <TextField label="Price" type="number" min={0} step="0.01" inputMode="decimal" required {...form.field('price')} />
      </div>
      <Select label="Category" required {...form.field('category')} options={options} />
      {children}
      <AttributesTable
        rows={draft.attributesTable}
        onChange={(attributesTable) => form.set('attributesTable', attributesTable)}
        categoryAttrs={attrs}
        onNewAttr={onNewAttr}
      />
      {error ? (
        <Alert tone="danger" action={errorAction}>
          {error}
        </Alert>
      ) : null}
      {submitGone ? null : (
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving ...' : submitLabel}
        </Button>
      )}
    </form>
  );
}
