import { useState, type KeyboardEvent } from 'react';
import * as z from 'zod/mini';
import type { CategoryAttr } from '#contracts/category.ts';
import type { ProductAttr } from '#contracts/product.ts';
import { Button } from '../../../ui/button.tsx';
import { Select } from '../../../ui/select.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useForm } from '../../../ui/use-form.ts';
import { tableStyle, tableWrap } from '../admin-styles.ts';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';

/** A product has one value per attribute key: setting a key again replaces its value. */
export const setAttr = (rows: ProductAttr[], attr: ProductAttr): ProductAttr[] =>
  rows.some((r) => r.key === attr.key) ? rows.map((r) => (r.key === attr.key ? attr : r)) : [...rows, attr];

/** Spec section 5: a new attribute needs both a key and a value (sent trimmed). */
const newAttrSchema = z.object({
  newKey: z.string().check(z.trim(), z.minLength(1, 'Please enter the new attribute')),
  newValue: z.string().check(z.trim(), z.minLength(1, 'Please enter its value')),
});
const NO_ATTR = { newKey: '', newValue: '' };

type Props = {
  rows: ProductAttr[];
  onChange: (rows: ProductAttr[]) => void;
  /** The chosen category's attributes, offered as choices. */
  categoryAttrs: CategoryAttr[];
  /** A brand-new key and value, confirmed with Enter (the page may also save it to the category). */
  onNewAttr?: (attr: ProductAttr) => void;
};

/**
 * The product's attributes. Spec section 5: a new attribute needs both key and value and is
 * confirmed with Enter; Enter in these fields never submits the product form.
 */
export function AttributesTable({ rows, onChange, categoryAttrs, onNewAttr }: Props) {
  const [chosenKey, setChosenKey] = useState('');
  const newAttr = useForm(newAttrSchema, NO_ATTR, ({ newKey, newValue }) => {
    const attr = { key: newKey, value: newValue };
    onChange(setAttr(rows, attr));
    onNewAttr?.(attr);
    newAttr.reset(NO_ATTR);
  });
  const values = categoryAttrs.find((a) => a.key === chosenKey)?.value ?? [];

  const confirmOnEnter = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    newAttr.submit();
  };

  return (
    <fieldset css={{ border: 0, padding: 0, margin: '0 0 1rem' }}>
      <legend css={{ fontWeight: 700, marginBottom: 8 }}>Attributes</legend>
      {categoryAttrs.length > 0 ? (
        <div css={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))' }}>
          <Select
            label="Choose attribute"
            value={chosenKey}
            onChange={(e) => setChosenKey(e.target.value)}
            options={[{ value: '', label: 'Choose attribute' }, ...categoryAttrs.map((a) => ({ value: a.key, label: a.key }))]}
          />
          <Select
            label="Choose attribute value"
            value={rows.find((r) => r.key === chosenKey)?.value ?? ''}
            disabled={!chosenKey}
            onChange={(e) => e.target.value && onChange(setAttr(rows, { key: chosenKey, value: e.target.value }))}
            options={[{ value: '', label: 'Choose attribute value' }, ...values.map((v) => ({ value: v, label: v }))]}
          />
        </div>
      ) : null}
      <div ref={newAttr.formRef} css={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))' }}>
        <TextField
          label="Create new attribute"
          placeholder="first choose or create category"
          {...newAttr.field('newKey')}
          onKeyDown={confirmOnEnter}
        />
        <TextField
          label="Attribute value"
          placeholder="first choose or create category"
          {...newAttr.field('newValue')}
          onKeyDown={confirmOnEnter}
          hint="Press Enter to add the attribute"
        />
      </div>
      {rows.length > 0 ? (
        <ScrollRegion label="Attributes" css={tableWrap}>
          <table css={tableStyle}>
            <caption css={{ textAlign: 'left', fontWeight: 700 }}>Attributes table</caption>
            <thead>
              <tr>
                <th scope="col">Attribute</th>
                <th scope="col">Value</th>
                <th scope="col">Delete</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key}>
                  <td>{r.key}</td>
                  <td>{r.value}</td>
                  <td>
                    <Button
                      variant="secondary"
                      aria-label={`Delete attribute ${r.key}`}
                      onClick={() => onChange(rows.filter((x) => x.key !== r.key))}
                    >
                      ✕
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
    </fieldset>
  );
}
