import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ADMIN_SEARCH_MAX } from '#contracts/admin-page.ts';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';

/**
 * The address bar's `?search=`: what the products list shows and asks the API with (GET
 * /api/products/admin?search=), cut to the API's limit, since a refused admin call logs out.
 */
export const searchOf = (search: string): string => (new URLSearchParams(search).get('search') ?? '').trim().slice(0, ADMIN_SEARCH_MAX);

function SearchForm({ current }: { current: string }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // The typed text, like any form field; the search itself lives in the address bar.
  const [text, setText] = useState(current);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const wanted = text.trim();
    // A new search starts on page 1; a blank one shows every product again.
    navigate(wanted ? `${pathname}?${new URLSearchParams({ search: wanted })}` : pathname);
  };
  return (
    <form
      role="search"
      aria-label="Search products"
      onSubmit={submit}
      css={{ display: 'flex', gap: 8, alignItems: 'flex-end', flexWrap: 'wrap' }}
    >
      <div css={{ flex: 1, minWidth: 220, maxWidth: 420, '& > div': { marginBottom: 0 } }}>
        <TextField
          label="Search products by name"
          type="search"
          placeholder="e.g. laptop"
          maxLength={ADMIN_SEARCH_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <Button type="submit" variant="secondary">
        Search
      </Button>
      {current ? (
        <LinkButton variant="link" to={pathname}>
          Show all products
        </LinkButton>
      ) : null}
    </form>
  );
}

/** The products list's search box: finds products by name on the server, newest first, a page at a time. */
export function ProductsSearch() {
  const current = searchOf(useLocation().search);
  // Keyed by the search in the address bar, so Back or "Show all products" put its text in the box.
  return <SearchForm key={current} current={current} />;
}
