import { useLocation, useResolvedPath } from 'react-router-dom';
import { Link, type LinkProps } from './link.tsx';

/**
 * A link in a menu: `aria-current="page"` while the current path is its target or a path below
 * it, ignoring case, as react-router's `NavLink` marks it. Not in link.tsx, whose exports all
 * ride in every first load: only the admin's menu uses it.
 */
export function NavLink(props: LinkProps) {
  const here = useLocation().pathname.toLowerCase();
  const target = useResolvedPath(props.to).pathname.toLowerCase();
  const current = here === target || (target !== '/' && here.startsWith(target.endsWith('/') ? target : `${target}/`));
  return <Link aria-current={current ? 'page' : undefined} {...props} />;
}
