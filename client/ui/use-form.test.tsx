// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { getByLabelText, queryByText, submit, typeInto } from '../testing/dom.ts';
import { setupComponentTests } from '../testing/render.tsx';
import { Select } from './select.tsx';
import { TextField } from './text-field.tsx';
import { useForm } from './use-form.ts';

setupComponentTests();

const schema = z
  .object({
    name: z.string().check(z.trim(), z.minLength(1, 'Please enter a name')),
    size: z.string().check(z.minLength(1, 'Please choose a size')),
    code: z.string(),
    repeat: z.string(),
  })
  .check(z.refine((v) => v.code === v.repeat, { message: 'Both codes should match', path: ['repeat'] }));

function Probe({ onValid }: { onValid: (output: z.output<typeof schema>) => void }) {
  const form = useForm(schema, { name: '', size: '', code: '', repeat: '' }, onValid);
  return (
    <form ref={form.formRef} noValidate onSubmit={form.submit}>
      <TextField label="Name" {...form.field('name')} />
      <Select
        label="Size"
        options={[
          { value: '', label: 'Choose' },
          { value: 'm', label: 'M' },
        ]}
        {...form.field('size')}
      />
      <TextField label="Code" {...form.field('code')} />
      <TextField label="Repeat" {...form.field('repeat')} />
    </form>
  );
}

let root: Root | null = null;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
});

async function renderProbe() {
  const onValid = vi.fn();
  const container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  await act(async () => root?.render(<Probe onValid={onValid} />));
  const form = container.querySelector('form') as HTMLFormElement;
  const errorOf = (label: string) => {
    const input = getByLabelText<HTMLElement>(container, label);
    const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    return input.getAttribute('aria-invalid') === 'true' ? ids.map((id) => document.getElementById(id)?.textContent).join(' ') : null;
  };
  return { container, form, onValid, errorOf };
}

describe('useForm: one behaviour for every form', () => {
  it('when the user types before submitting, then no field turns red', async () => {
    const { container, errorOf } = await renderProbe();
    await typeInto(getByLabelText(container, 'Code'), 'abc');
    expect([errorOf('Name'), errorOf('Size'), errorOf('Repeat')]).toEqual([null, null, null]);
  });

  it('when an invalid form is submitted, then each invalid field shows its error, tied to it, and the first one has the focus', async () => {
    const { container, form, onValid, errorOf } = await renderProbe();
    await typeInto(getByLabelText(container, 'Code'), 'abc');
    await submit(form);
    expect(onValid).not.toHaveBeenCalled();
    expect([errorOf('Name'), errorOf('Size'), errorOf('Code'), errorOf('Repeat')]).toEqual([
      'Please enter a name',
      'Please choose a size',
      null,
      'Both codes should match',
    ]);
    expect(document.activeElement).toBe(getByLabelText(container, 'Name'));
  });

  it('when a field is corrected after a submit, then its error clears at once, and shows again if it turns invalid', async () => {
    const { container, form, errorOf } = await renderProbe();
    await submit(form);
    await typeInto(getByLabelText(container, 'Name'), 'Ann');
    expect(errorOf('Name')).toBeNull();
    expect(errorOf('Size')).toBe('Please choose a size');
    await typeInto(getByLabelText(container, 'Name'), '  ');
    expect(errorOf('Name')).toBe('Please enter a name');
  });

  it('when the first invalid field is further down, then the focus goes there', async () => {
    const { container, form } = await renderProbe();
    await typeInto(getByLabelText(container, 'Name'), 'Ann');
    await typeInto(getByLabelText(container, 'Size'), 'm');
    await typeInto(getByLabelText(container, 'Code'), 'x');
    await submit(form);
    expect(document.activeElement).toBe(getByLabelText(container, 'Repeat'));
  });

  it('when a valid form is submitted, then the schema output (trimmed) is handed on and no error shows', async () => {
    const { container, form, onValid } = await renderProbe();
    await typeInto(getByLabelText(container, 'Name'), ' Ann ');
    await typeInto(getByLabelText(container, 'Size'), 'm');
    await submit(form);
    expect(onValid).toHaveBeenCalledWith({ name: 'Ann', size: 'm', code: '', repeat: '' });
    expect(queryByText(container, /Please/)).toBeNull();
  });
});
