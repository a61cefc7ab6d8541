// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { getByLabelText, getByRoleName, queryByText, settle, settleUntil, submit, typeInto } from '../../testing/dom.ts';
import { mockFetch } from '../../testing/fetch-mock.ts';
import { renderWithApp, setupComponentTests } from '../../testing/render.tsx';
import { RegisterPage } from './register-page.tsx';

setupComponentTests();

const created = { _id: 'u9', name: 'Ann', lastName: 'Lee', email: 'ann@example.com', isAdmin: false };

async function renderRegister(
  answer: { status?: number; body?: unknown } = { status: 201, body: { success: 'User created', userCreated: created } },
) {
  const calls = mockFetch({ 'POST /api/users/register': answer });
  const view = await renderWithApp(<RegisterPage />, { route: '/register' });
  const c = view.container;
  const fill = async (v: Partial<Record<'name' | 'lastName' | 'email' | 'password' | 'repeat', string>>) => {
    if (v.name !== undefined) await typeInto(getByLabelText(c, 'Your name'), v.name);
    if (v.lastName !== undefined) await typeInto(getByLabelText(c, 'Your last name'), v.lastName);
    if (v.email !== undefined) await typeInto(getByLabelText(c, 'Email address'), v.email);
    if (v.password !== undefined) await typeInto(getByLabelText(c, 'Password'), v.password);
    if (v.repeat !== undefined) await typeInto(getByLabelText(c, 'Repeat Password'), v.repeat);
  };
  const send = async () => {
    await submit(c.querySelector('form') as HTMLFormElement);
    await settle();
  };
  return { ...view, calls, fill, send };
}

const valid = { name: 'Ann', lastName: 'Lee', email: 'ann@example.com', password: 'secret1', repeat: 'secret1' };

describe('register page', () => {
  it('when an empty form is sent, then every message of spec section 5 shows on the page and nothing is sent', async () => {
    const { container, calls, send } = await renderRegister();
    expect((container.querySelector('form') as HTMLFormElement).noValidate).toBe(true);
    await send();
    for (const text of [
      'Please enter a name',
      'Please enter your last name',
      'Please anter a valid email address',
      'Please anter a valid password',
    ]) {
      expect(queryByText(container, text), text).not.toBeNull();
    }
    expect(calls).toEqual([]);
  });

  it('when the password is shorter than 6 characters or the repeat differs, then those messages show', async () => {
    const { container, fill, send, calls } = await renderRegister();
    await fill({ ...valid, password: 'abc12', repeat: 'abc13' });
    await send();
    expect(queryByText(container, 'Please anter a valid password')).not.toBeNull();
    expect(queryByText(container, 'Both passwords should match')).not.toBeNull();
    expect(queryByText(container, 'Please enter a name')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('when the email has no domain, then the email message shows and is tied to the field', async () => {
    const { container, fill, send } = await renderRegister();
    await fill({ ...valid, email: 'ann@' });
    await send();
    const input = getByLabelText(container, 'Email address');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Please anter a valid email address');
  });

  it('when a mistake is corrected after sending, then its message goes away', async () => {
    const { container, fill, send } = await renderRegister();
    await fill({ ...valid, name: '' });
    await send();
    expect(queryByText(container, 'Please enter a name')).not.toBeNull();
    await fill({ name: 'Ann' });
    expect(queryByText(container, 'Please enter a name')).toBeNull();
  });

  it('when a valid form is sent, then the body of spec section 7 is posted with the anti-forgery header and the user lands on /user', async () => {
    const { fill, send, calls, path, container } = await renderRegister();
    await fill(valid);
    await send();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ name: 'Ann', lastName: 'Lee', email: 'ann@example.com', password: 'secret1' });
    expect(calls[0]?.headers['X-CSRF']).toBe('1');
    expect(path()).toBe('/user');
    // The toast is drawn after the navigation, by the user page's shell: under load that takes more than a few settles.
    await settleUntil(() => queryByText(document.body, 'User created'), "the 'User created' toast");
    expect(container.textContent).not.toContain('Please');
  });

  it('when the email is taken, then the page says so and stays', async () => {
    const { fill, send, container, path } = await renderRegister({ status: 409, body: { message: 'user exists', field: 'email' } });
    await fill(valid);
    await send();
    expect(queryByText(container, 'User with that email already exists!')).not.toBeNull();
    expect(path()).toBe('/register');
    expect(getByRoleName(container, 'button', 'Submit')).toBeTruthy();
  });
});
