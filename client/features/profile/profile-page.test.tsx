// @vitest-environment happy-dom
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { click, getByLabelText, getByRoleName, queryByText, settle, submit, typeInto } from '../../testing/dom.ts';
import { mockFetch, type MockRoute } from '../../testing/fetch-mock.ts';
import { setupComponentTests } from '../../testing/render.tsx';
import { profile, renderAsUser } from '../../testing/user.tsx';
import { CURRENT_PASSWORD_HINT } from './profile-form.tsx';
import { UserProfilePage } from './profile-page.tsx';
import { KioskModeContext } from '../kiosk/kiosk-mode.ts';
import { ADDRESS_ON_FILE_TEXTS } from './address-on-file.tsx';

setupComponentTests();

const updated = {
  success: 'user updated',
  userUpdated: { _id: 'u1', name: 'Anna', lastName: 'Lee', email: 'ann@example.com', isAdmin: false },
};

/** The profile page with a way to leave it and open it again (the auth machine lives on). */
function Reopenable() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button onClick={() => setOpen(!open)}>{open ? 'Leave' : 'Open again'}</button>
      {open ? <UserProfilePage /> : null}
    </>
  );
}

async function renderProfile(put: MockRoute = { body: updated }) {
  const calls = mockFetch({ 'GET /api/users/profile/u1': { body: profile }, 'PUT /api/users/profile': put });
  const view = await renderAsUser(<Reopenable />, { route: '/user' });
  await settle();
  const c = view.container;
  const input = (label: string) => getByLabelText(c, label);
  const send = async () => {
    await submit(c.querySelector('form') as HTMLFormElement);
    await settle();
  };
  return { ...view, calls, input, send };
}

describe('profile page', () => {
  it('when the profile loads, then the form holds it and the email is read-only with how to change it', async () => {
    const { container, input } = await renderProfile();
    expect(queryByText(container, 'Change your profile')).not.toBeNull();
    expect(input('Your name').value).toBe('Ann');
    expect(input('City').value).toBe('Delhi');
    const email = input('Email address');
    expect(email.value).toBe('ann@example.com');
    expect(email.readOnly).toBe(true);
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /delete your account and create a new one/,
    );
    expect(input('Password').value).toBe('');
  });

  it('when required fields are empty or the passwords differ, then spec section 5 messages show and nothing is sent', async () => {
    const { container, input, send, calls } = await renderProfile();
    await typeInto(input('Your name'), ' ');
    await typeInto(input('Your last name'), '');
    await typeInto(input('Password'), 'abc12');
    await typeInto(input('Repeat Password'), 'abc13');
    await send();
    for (const text of [
      'Please enter a name',
      'Please enter your last name',
      'Please anter a valid password',
      'Both passwords should match',
    ]) {
      expect(queryByText(container, text), text).not.toBeNull();
    }
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('when a valid form is sent, then the profile body goes out and "User updated" shows', async () => {
    const { container, input, send, calls } = await renderProfile();
    await typeInto(input('Your name'), 'Anna');
    await typeInto(input('Password'), 'secret1');
    await typeInto(input('Repeat Password'), 'secret1');
    await send();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      name: 'Anna',
      lastName: 'Lee',
      password: 'secret1',
      phoneNumber: '555 123',
      address: '1 Main St',
      country: 'India',
      zipCode: '110001',
      city: 'Delhi',
      state: 'DL',
    });
    expect(queryByText(container, 'User updated')).not.toBeNull();
    expect(queryByText(container, 'Something went wrong')).toBeNull();
  });

  it('when the address is changed and Password is left empty, then it is saved with no password in the body and "User updated" shows', async () => {
    const { container, input, send, calls } = await renderProfile();
    await typeInto(input('Address'), '2 Side St');
    await send();
    expect(queryByText(container, 'Please anter a valid password')).toBeNull();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ name: 'Ann', address: '2 Side St' });
    expect(put?.body).not.toHaveProperty('password');
    expect(put?.body).not.toHaveProperty('currentPassword');
    expect(queryByText(container, 'User updated')).not.toBeNull();
  });

  it('when only the repeat is typed, then "Both passwords should match" shows and nothing is sent', async () => {
    const { container, input, send, calls } = await renderProfile();
    await typeInto(input('Repeat Password'), 'secret1');
    await send();
    expect(queryByText(container, 'Both passwords should match')).not.toBeNull();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('when the profile shows, then a labelled "Current password" field says it is needed only to change the password', async () => {
    const { input } = await renderProfile();
    const current = input('Current password');
    expect(current.type).toBe('password');
    expect(current.autocomplete).toBe('current-password');
    expect(current.value).toBe('');
    expect(document.getElementById(current.getAttribute('aria-describedby') ?? '')?.textContent).toBe(CURRENT_PASSWORD_HINT);
  });

  it('when a new password is sent with the current one, then the body carries currentPassword', async () => {
    const { input, send, calls } = await renderProfile();
    await typeInto(input('Current password'), 'old-secret');
    await typeInto(input('Password'), 'new-secret');
    await typeInto(input('Repeat Password'), 'new-secret');
    await send();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ password: 'new-secret', currentPassword: 'old-secret' });
  });

  it('when the server refuses the current password, then its message shows beside that field, which takes the focus', async () => {
    const refusal = { status: 400, body: { message: 'Your current password is not correct', field: 'currentPassword' } };
    const { container, input, send } = await renderProfile(refusal);
    await typeInto(input('Password'), 'new-secret');
    await typeInto(input('Repeat Password'), 'new-secret');
    await send();
    const current = input('Current password');
    expect(current.getAttribute('aria-invalid')).toBe('true');
    const described = (current.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('Your current password is not correct');
    expect(document.activeElement).toBe(current);
    expect(queryByText(container, 'Something went wrong')).toBeNull();
    expect(queryByText(container, 'User updated')).toBeNull();
  });

  const describedBy = (field: HTMLInputElement) =>
    (field.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);

  it("when address values are too short, invisible or malformed, then the API's messages show under their fields and nothing is sent", async () => {
    const { input, send, calls } = await renderProfile();
    const typed = {
      Address: ['x', 'Please enter a valid address'],
      City: ['\u200bD\u200b', 'Please enter a valid city'],
      State: ['D', 'Please enter a valid state'],
      Country: ['I', 'Please enter a valid country'],
      'Zip Code': ['1#', 'Please enter a valid zip code'],
      'Phone number': ['555', 'Please enter a valid phone number'],
    };
    for (const [label, [value]] of Object.entries(typed)) await typeInto(input(label), value!);
    await send();
    for (const [label, [, message]] of Object.entries(typed)) {
      expect(input(label).getAttribute('aria-invalid'), label).toBe('true');
      expect(describedBy(input(label)), label).toContain(message);
    }
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('when an address field holds only invisible characters, then it is sent empty and the names without them', async () => {
    const { input, send, calls } = await renderProfile();
    await typeInto(input('Your name'), ' A\u200bnna\u00a0');
    await typeInto(input('Address'), '\u200b');
    await send();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ name: 'Anna', address: '' });
  });

  it('when the server refuses an address value, then its message shows beside that field, which takes the focus', async () => {
    const refusal = { status: 400, body: { message: 'Please enter a valid zip code', field: 'zipCode' } };
    const { container, input, send } = await renderProfile(refusal);
    await send();
    const zip = input('Zip Code');
    expect(zip.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(zip)).toContain('Please enter a valid zip code');
    expect(document.activeElement).toBe(zip);
    expect(queryByText(container, 'Something went wrong')).toBeNull();
  });

  it('when the server refuses the update, then "Something went wrong" shows', async () => {
    const { container, input, send } = await renderProfile({ status: 500, body: { message: 'boom' } });
    await typeInto(input('Password'), 'secret1');
    await typeInto(input('Repeat Password'), 'secret1');
    await send();
    expect(queryByText(container, 'Something went wrong')).not.toBeNull();
    expect(queryByText(container, 'User updated')).toBeNull();
  });

  it.each([
    ['"User updated"', { body: updated }, 'User updated'],
    ['"Something went wrong"', { status: 500, body: { message: 'boom' } }, 'Something went wrong'],
  ] as const)('when the page is left after %s and opened again, then the older outcome is gone', async (_, put, text) => {
    const { container, send } = await renderProfile(put);
    await send();
    expect(queryByText(container, text)).not.toBeNull();
    await click(getByRoleName(container, 'button', 'Leave'));
    await click(getByRoleName(container, 'button', 'Open again'));
    await settle();
    expect(queryByText(container, 'Your name', 'label')).not.toBeNull();
    expect(queryByText(container, text)).toBeNull();
  });

  it('when the profile cannot be loaded, then the server message shows with a way to try again', async () => {
    mockFetch({ 'GET /api/users/profile/u1': { status: 500, body: { message: 'Database is resting' } } });
    const { container } = await renderAsUser(<UserProfilePage />, { route: '/user' });
    await settle();
    expect(queryByText(container, /^Database is resting/)).not.toBeNull();
    expect(getByRoleName(container, 'button', 'Try again')).toBeTruthy();
  });

  it('when the profile opens on a kiosk, then the address and phone read "••• on file" until the right password is given to Show', async () => {
    const kiosk = { active: true, handoffShown: () => {}, handoffHidden: () => {}, leave: () => {} };
    const calls = mockFetch({
      'GET /api/users/profile/u1': { body: profile },
      'POST /api/users/profile/check-password': ({ body }) =>
        (body as { currentPassword: string }).currentPassword === 'right-one'
          ? { status: 204 }
          : { status: 400, body: { message: 'Your current password is not correct', field: 'currentPassword' } },
    });
    const { container: c } = await renderAsUser(
      <KioskModeContext.Provider value={kiosk}>
        <UserProfilePage />
      </KioskModeContext.Provider>,
      { route: '/user' },
    );
    await settle();
    expect(getByLabelText(c, 'City').value).toBe(ADDRESS_ON_FILE_TEXTS.masked);
    expect(c.innerHTML).not.toContain('Delhi');
    await click(getByRoleName(c, 'button', ADDRESS_ON_FILE_TEXTS.show));
    await typeInto(getByLabelText(c, ADDRESS_ON_FILE_TEXTS.password), 'wrong');
    await click(getByRoleName(c, 'button', ADDRESS_ON_FILE_TEXTS.confirm));
    await settle();
    expect(queryByText(c, 'Your current password is not correct')).not.toBeNull();
    expect(c.innerHTML).not.toContain('Delhi');
    await typeInto(getByLabelText(c, ADDRESS_ON_FILE_TEXTS.password), 'right-one');
    await click(getByRoleName(c, 'button', ADDRESS_ON_FILE_TEXTS.confirm));
    await settle();
    expect(getByLabelText(c, 'City').value).toBe('Delhi');
    expect(calls.filter((x) => x.url.includes('check-password'))).toHaveLength(2);
  });
});
