// @vitest-environment happy-dom
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '#machines/shared/storage.ts';
import { click, getByLabelText, getByRoleName, queryByText, settle, submit, typeInto } from '../../testing/dom.ts';
import { mockFetch } from '../../testing/fetch-mock.ts';
import { renderWithApp, setupComponentTests } from '../../testing/render.tsx';
import { LoginPage } from './login-page.tsx';
import { RegisterPage } from './register-page.tsx';

setupComponentTests();

const john = { _id: 'u1', name: 'John', lastName: 'Doe', email: 'john@example.com', isAdmin: false };

async function renderLogin(answer: { status?: number; body?: unknown }) {
  const calls = mockFetch({ 'POST /api/users/login': answer });
  const storages = { local: memoryStorage(), session: memoryStorage() };
  const view = await renderWithApp(<LoginPage />, { route: '/login', storages });
  const c = view.container;
  const login = async (email: string, password: string, keep = false) => {
    await typeInto(getByLabelText(c, 'Email address'), email);
    await typeInto(getByLabelText(c, 'Password'), password);
    if (keep) await click(getByLabelText(c, 'Do not logout'));
    await submit(c.querySelector('form') as HTMLFormElement);
    await settle();
  };
  return { ...view, calls, login, storages };
}

describe('login page', () => {
  it('when the credentials are wrong, then the banner says Wrong credentials', async () => {
    const { container, login, path } = await renderLogin({ status: 401, body: { message: 'wrong credentials' } });
    await login('john@example.com', 'nope');
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Wrong credentials');
    expect(path()).toBe('/login');
  });

  it('when fields are empty, then nothing is sent and the fields say what is missing', async () => {
    const { container, login, calls } = await renderLogin({ body: {} });
    await login('', '');
    expect(calls).toEqual([]);
    expect(queryByText(container, 'Please anter a valid email address')).not.toBeNull();
    expect(queryByText(container, 'Please anter a valid password')).not.toBeNull();
  });

  it('when a user logs in with Do not logout, then the choice is sent, the user is kept in local storage and /user opens', async () => {
    const { login, calls, path, storages } = await renderLogin({
      body: { success: 'user logged in', userLoggedIn: { ...john, doNotLogout: true } },
    });
    await login('john@example.com', 'secret1', true);
    expect(calls[0]?.body).toEqual({ email: 'john@example.com', password: 'secret1', doNotLogout: true });
    expect(path()).toBe('/user');
    expect(storages.local.getItem('userInfo')).toContain('john@example.com');
  });

  it('when an admin logs in, then the admin orders open', async () => {
    const { login, path } = await renderLogin({ body: { success: 'user logged in', userLoggedIn: { ...john, isAdmin: true } } });
    await login('john@example.com', 'secret1');
    expect(path()).toBe('/admin/orders');
  });

  it('when the form is shown, then it links to Register for newcomers', async () => {
    const { container } = await renderLogin({ body: {} });
    expect(getByRoleName(container, 'link', 'Register').getAttribute('href')).toBe('/register');
  });
});

describe('login page, other states', () => {
  it('when a logged-in user opens /login, then they are sent to their home', async () => {
    const local = memoryStorage({ userInfo: JSON.stringify({ ...john, doNotLogout: true }) });
    mockFetch({});
    const { path } = await renderWithApp(<LoginPage />, { route: '/login', storages: { local, session: memoryStorage() } });
    expect(path()).toBe('/user');
  });

  it('when registering failed and the user goes to /login, then the login page does not show that failure', async () => {
    mockFetch({ 'POST /api/users/register': { status: 409, body: { message: 'user exists', field: 'email' } } });
    const { container } = await renderWithApp(
      <Routes>
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/login" element={<LoginPage />} />
      </Routes>,
      { route: '/register', raw: true },
    );
    await typeInto(getByLabelText(container, 'Your name'), 'Ann');
    await typeInto(getByLabelText(container, 'Your last name'), 'Lee');
    await typeInto(getByLabelText(container, 'Email address'), 'ann@example.com');
    await typeInto(getByLabelText(container, 'Password'), 'secret1');
    await typeInto(getByLabelText(container, 'Repeat Password'), 'secret1');
    await submit(container.querySelector('form') as HTMLFormElement);
    await settle();
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('User with that email already exists!');
    await click(getByRoleName(container, 'link', 'Login'));
    expect(container.querySelector('h1')?.textContent).toBe('Login');
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });
});
