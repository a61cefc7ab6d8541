import { Link } from '../../ui/link.tsx';
import { paths } from '../../lib/paths.ts';
import { usePageTitle } from '../../ui/page-title.tsx';

/** Spec section 2: any other path shows 'Page not exists 404'. */
export function NotFoundPage() {
  usePageTitle('Page not exists 404');
  return (
    <section>
      <h1>Page not exists 404</h1>
      <p>
        <Link to={paths.home.to()}>Go to the home page</Link>
      </p>
    </section>
  );
}
