import { css } from '@emotion/react';
import { Outlet } from 'react-router-dom';
import { NavLink } from '../../ui/nav-link.tsx';
import { useAuthActor } from '../../lib/hooks.ts';
import { paths } from '../../lib/paths.ts';
import { colors, focusRing, media, radius, space } from '../../ui/theme.ts';

const shell = css({
  display: 'flex',
  flexDirection: 'column',
  gap: space(4),
  padding: `${space(4)} 0`,
  [media.lg]: { flexDirection: 'row' },
});
const menu = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: space(1),
  listStyle: 'none',
  margin: 0,
  padding: 0,
  [media.lg]: { flexDirection: 'column', width: 200, flexShrink: 0 },
});
const item = css(
  {
    display: 'block',
    width: '100%',
    padding: `${space(2)} ${space(3)}`,
    borderRadius: radius,
    color: colors.text,
    textDecoration: 'none',
    background: 'transparent',
    border: 0,
    font: 'inherit',
    textAlign: 'left',
    cursor: 'pointer',
    '&:hover': { background: colors.surface },
    '&[aria-current="page"]': { background: colors.primary, color: colors.onPrimary },
  },
  focusRing,
);

const LINKS = [
  { label: 'Orders', to: paths.admin.orders.to() },
  { label: 'Products', to: paths.admin.products.to() },
  { label: 'Categories', to: paths.admin.categories.to() },
  { label: 'Users', to: paths.admin.users.to() },
  { label: 'Chats', to: paths.admin.chats.to() },
  { label: 'Analytics', to: paths.admin.analytics.to() },
  { label: 'Problem reports', to: paths.admin.problemReports.to() },
  { label: 'Kiosks', to: paths.admin.kiosks.to() },
] as const;

/** Spec section 2: every admin route sits beside the side menu Orders … Analytics, Logout. */
export function AdminLayout() {
  const auth = useAuthActor();
  return (
    <div css={shell}>
      <nav aria-label="Admin">
        <ul css={menu}>
          {LINKS.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} css={item}>
                {l.label}
              </NavLink>
            </li>
          ))}
          <li>
            <button type="button" css={item} onClick={() => auth.send({ type: 'auth.logout' })}>
              Logout
            </button>
          </li>
        </ul>
      </nav>
      <div css={{ flex: 1, minWidth: 0 }}>
        <Outlet />
      </div>
    </div>
  );
}
