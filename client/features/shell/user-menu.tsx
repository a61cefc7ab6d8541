import { css } from '@emotion/react';
import { useEffect, useRef } from 'react';
import { Link } from '../../ui/link.tsx';
import type { UserInfo } from '#contracts/user.ts';
import { useAuthActor } from '../../lib/hooks.ts';
import { paths } from '../../lib/paths.ts';
import { useReportProblem } from '../../lib/report-problem.ts';
import { colors, focusRing, media, radius, space } from '../../ui/theme.ts';
import { navLinkStyle } from './nav-style.ts';

const menuStyle = css({
  position: 'absolute',
  right: 0,
  zIndex: 20,
  minWidth: 180,
  margin: `${space(1)} 0 0`,
  padding: space(1),
  listStyle: 'none',
  background: colors.background,
  border: `1px solid ${colors.border}`,
  borderRadius: radius,
  boxShadow: '0 6px 20px rgba(0,0,0,0.2)',
});
// A long name ends in an ellipsis on a phone rather than pushing the cart to a third header row.
const nameStyle = css({ [media.belowLg]: { maxWidth: '8.5rem', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } });
const itemStyle = css(
  {
    display: 'block',
    width: '100%',
    padding: `${space(2)} ${space(3)}`,
    color: colors.text,
    textAlign: 'left',
    textDecoration: 'none',
    background: 'transparent',
    border: 0,
    borderRadius: radius,
    font: 'inherit',
    cursor: 'pointer',
    '&:hover': { background: colors.surface },
  },
  focusRing,
);

/** A menu entry that does something here rather than going to a page. */
function MenuAction({ label, onChoose }: { label: string; onChoose: () => void }) {
  return (
    <li>
      <button type="button" css={itemStyle} onClick={onChoose}>
        {label}
      </button>
    </li>
  );
}

/**
 * Spec section 2: a logged-in non-admin's dropdown titled "First Last" with My orders,
 * My profile and Logout. A native <details> keeps it keyboard operable without scripts;
 * it also closes on Escape, on a click outside and after a choice.
 */
export function UserMenu({ user }: { user: UserInfo }) {
  const auth = useAuthActor();
  const report = useReportProblem();
  const ref = useRef<HTMLDetailsElement>(null);
  const close = () => ref.current?.removeAttribute('open');

  useEffect(() => {
    const onPointer = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) close();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !ref.current?.open) return;
      close();
      ref.current.querySelector('summary')?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, []);

  return (
    <details ref={ref} css={{ position: 'relative' }}>
      <summary css={[navLinkStyle, { listStyle: 'none', '&::-webkit-details-marker': { display: 'none' } }]}>
        <span css={nameStyle}>{`${user.name} ${user.lastName}`}</span>
        <span aria-hidden="true" css={{ marginLeft: 6, fontSize: '0.7em' }}>
          ▼
        </span>
      </summary>
      <ul css={menuStyle}>
        <li>
          <Link to={paths.user.myOrders.to()} css={itemStyle} onClick={close}>
            My orders
          </Link>
        </li>
        <li>
          <Link to={paths.user.profile.to()} css={itemStyle} onClick={close}>
            My profile
          </Link>
        </li>
        {report ? (
          <MenuAction
            label="Report a problem"
            onChoose={() => {
              close();
              report();
            }}
          />
        ) : null}
        <MenuAction
          label="Logout"
          onChoose={() => {
            close();
            auth.send({ type: 'auth.logout' });
          }}
        />
      </ul>
    </details>
  );
}
