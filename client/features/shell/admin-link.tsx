import type { ReactNode } from 'react';
import { Link } from '../../ui/link.tsx';
import { paths } from '../../lib/paths.ts';
import { navLinkStyle } from './nav-style.ts';

/** Admins' way into their area; `dot` is where the chat feature shows its unread marker. */
export function AdminLink({ dot }: { dot?: ReactNode }) {
  return (
    <Link to={paths.admin.orders.to()} css={[navLinkStyle, { gap: 6 }]}>
      Admin
      {dot}
    </Link>
  );
}
