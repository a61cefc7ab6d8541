// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { click, getByRoleName } from '../testing/dom.ts';
import { setupComponentTests } from '../testing/render.tsx';
import { Link } from '../ui/link.tsx';
import { KioskRouter } from './kiosk-router.tsx';

setupComponentTests();

function Where() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output>{`${useNavigationType()} ${location.pathname}${location.search} ${JSON.stringify(location.state)} ${location.key}`}</output>
      <Link to="/product-list?keyword=tab" state={{ from: 'home' }}>
        Tablets
      </Link>
      <button type="button" onClick={() => navigate('/cart')}>
        Cart
      </button>
      <button type="button" onClick={() => navigate('/login', { replace: true })}>
        Log in
      </button>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
    </>
  );
}

const open = async () => {
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  await act(async () =>
    root.render(
      <KioskRouter>
        <Where />
      </KioskRouter>,
    ),
  );
  const shown = () => (container.querySelector('output')?.textContent ?? '').split(' ');
  return { container, shown, unmount: () => act(async () => root.unmount()) };
};

describe('KioskRouter', () => {
  it('when a kiosk shopper follows links and goes back, then the shop moves through its pages and the address bar stays', async () => {
    const before = window.location.href;
    const { container, shown, unmount } = await open();
    expect(shown()).toEqual(['POP', '/', 'null', 'default']);

    await click(getByRoleName(container, 'link', 'Tablets'));
    const [action, path, state, key] = shown();
    expect([action, path, state]).toEqual(['PUSH', '/product-list?keyword=tab', '{"from":"home"}']);
    expect(key).not.toBe('default');

    await click(getByRoleName(container, 'button', 'Cart'));
    expect(shown().slice(0, 2)).toEqual(['PUSH', '/cart']);
    await click(getByRoleName(container, 'button', 'Log in'));
    expect(shown().slice(0, 2)).toEqual(['REPLACE', '/login']);

    // Back returns to the list as it was left (its key, so its scroll position), then to the start.
    await click(getByRoleName(container, 'button', 'Back'));
    expect(shown()).toEqual(['POP', '/product-list?keyword=tab', '{"from":"home"}', key]);
    await click(getByRoleName(container, 'button', 'Back'));
    await click(getByRoleName(container, 'button', 'Back'));
    expect(shown()).toEqual(['POP', '/', 'null', 'default']);
    expect(window.location.href).toBe(before);
    await unmount();
  });
});
