// @vitest-environment happy-dom
import { act } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { click, getByRoleName } from '../testing/dom.ts';
import { renderWithApp, setupComponentTests } from '../testing/render.tsx';
import { Link } from '../ui/link.tsx';
import { NavLink } from '../ui/nav-link.tsx';

setupComponentTests();

/** Clicks `el` and says whether the app took the click (prevented the browser's own navigation). */
const press = async (el: Element, init: MouseEventInit): Promise<{ defaultPrevented: boolean }> => {
  let defaultPrevented = false;
  // After React's handlers: note what they decided, then keep happy-dom from following the href.
  const after = (event: Event) => {
    defaultPrevented = event.defaultPrevented;
    event.preventDefault();
  };
  document.addEventListener('click', after);
  try {
    await act(async () => {
      el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
    });
  } finally {
    document.removeEventListener('click', after);
  }
  return { defaultPrevented };
};

describe('Link', () => {
  it('when a shopper clicks it, then the app navigates without a page load and the link is a real href', async () => {
    const { container, path } = await renderWithApp(<Link to="/product-details/p1?x=1">Tablet</Link>, { route: '/' });
    const link = getByRoleName(container, 'link', 'Tablet');
    expect(link.getAttribute('href')).toBe('/product-details/p1?x=1');
    const event = await press(link, {});
    expect(event.defaultPrevented).toBe(true);
    expect(path()).toBe('/product-details/p1?x=1');
  });

  it('when it is clicked with Ctrl, Meta or Shift, or it opens in another target, then the browser keeps the click', async () => {
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      const { container, path, unmount } = await renderWithApp(<Link to="/cart">Cart</Link>, { route: '/' });
      const event = await press(getByRoleName(container, 'link', 'Cart'), init);
      expect(event.defaultPrevented, JSON.stringify(init)).toBe(false);
      expect(path()).toBe('/');
      await unmount();
    }
    const { container, path } = await renderWithApp(
      <Link to="/cart" target="_blank">
        Cart
      </Link>,
      { route: '/' },
    );
    expect((await press(getByRoleName(container, 'link', 'Cart'), {})).defaultPrevented).toBe(false);
    expect(path()).toBe('/');
  });

  it('when its own onClick prevents the default, then it does not navigate', async () => {
    const { container, path } = await renderWithApp(
      <Link to="/cart" onClick={(e) => e.preventDefault()}>
        Cart
      </Link>,
      { route: '/' },
    );
    expect((await press(getByRoleName(container, 'link', 'Cart'), {})).defaultPrevented).toBe(true);
    expect(path()).toBe('/');
  });

  it('when it carries state and replace, then the next page reads the state and the entry was replaced', async () => {
    function Probe() {
      const location = useLocation();
      return <output>{`${useNavigationType()} ${JSON.stringify(location.state)}`}</output>;
    }
    const { container, path } = await renderWithApp(
      <>
        <Link to="/product-list/2" replace state={{ focus: 'Page 2' }}>
          Page 2
        </Link>
        <Probe />
      </>,
      { route: '/product-list' },
    );
    await click(getByRoleName(container, 'link', 'Page 2'));
    expect(path()).toBe('/product-list/2');
    expect(container.querySelector('output')?.textContent).toBe('REPLACE {"focus":"Page 2"}');
  });
});

describe('NavLink', () => {
  const menu = (
    <nav>
      <NavLink to="/admin/orders">Orders</NavLink>
      <NavLink to="/admin/products">Products</NavLink>
      <NavLink to="/">Home</NavLink>
    </nav>
  );

  it('when the path is its target, or a path below it in any case, then only it is marked current', async () => {
    for (const route of ['/admin/orders', '/Admin/Orders/', '/admin/orders/2']) {
      const { container, unmount } = await renderWithApp(menu, { route });
      expect(getByRoleName(container, 'link', 'Orders').getAttribute('aria-current'), route).toBe('page');
      expect(getByRoleName(container, 'link', 'Products').hasAttribute('aria-current'), route).toBe(false);
      expect(getByRoleName(container, 'link', 'Home').hasAttribute('aria-current'), route).toBe(false);
      await unmount();
    }
  });

  it('when the path only starts with the same letters, then it is not current', async () => {
    const { container } = await renderWithApp(menu, { route: '/admin/orders-archive' });
    expect(getByRoleName(container, 'link', 'Orders').hasAttribute('aria-current')).toBe(false);
  });

  it('when a click moves to another item, then the mark moves with it', async () => {
    const { container } = await renderWithApp(menu, { route: '/admin/orders' });
    await click(getByRoleName(container, 'link', 'Products'));
    expect(getByRoleName(container, 'link', 'Products').getAttribute('aria-current')).toBe('page');
    expect(getByRoleName(container, 'link', 'Orders').hasAttribute('aria-current')).toBe(false);
  });
});
