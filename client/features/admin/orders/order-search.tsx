import type { FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ORDER_SEARCH_INVALID, ORDER_SEARCH_PARAM, orderIdRange } from '#contracts/order-search.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { space } from '../../../ui/theme.ts';

export const ORDER_SEARCH_LABEL = 'Find an order';
export const ORDER_SEARCH_HINT = 'Its number (Order #1A2B3C4D) or its whole id';

/**
 * The admin's search, kept in the address bar's `?search=` (so Back and a reload keep it):
 * `filter` is what to ask the API, `error` why the text cannot be asked (a 400 would log out).
 */
export function useOrderSearch() {
  const { search } = useLocation();
  const text = (new URLSearchParams(search).get(ORDER_SEARCH_PARAM) ?? '').trim();
  const valid = text !== '' && orderIdRange(text) !== null;
  const filter: Record<string, string> = valid ? { [ORDER_SEARCH_PARAM]: text } : {};
  return {
    text,
    filter,
    error: text !== '' && !valid ? ORDER_SEARCH_INVALID : null,
  };
}

/** The search box above the orders table: a new search starts at page 1; an empty one lists every order. */
export function OrderSearch({ text, error }: { text: string; error: string | null }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const typed = String(new FormData(e.currentTarget).get(ORDER_SEARCH_PARAM) ?? '').trim();
    navigate(typed ? `${pathname}?${new URLSearchParams({ [ORDER_SEARCH_PARAM]: typed })}` : pathname);
  };
  return (
    <form
      role="search"
      aria-label="Orders"
      onSubmit={submit}
      css={{ display: 'flex', gap: space(2), alignItems: 'flex-end', flexWrap: 'wrap' }}
    >
      <div css={{ flex: '1 1 16rem', maxWidth: '28rem' }}>
        {/* A new search from the address bar (Back, a link) starts the box afresh. */}
        <TextField
          key={text}
          label={ORDER_SEARCH_LABEL}
          name={ORDER_SEARCH_PARAM}
          type="search"
          defaultValue={text}
          hint={ORDER_SEARCH_HINT}
          error={error}
        />
      </div>
      <div css={{ display: 'flex', gap: space(2), marginBottom: space(4) }}>
        <Button type="submit">Find order</Button>
        {text ? (
          <Button type="button" variant="secondary" onClick={() => navigate(pathname)}>
            Show all orders
          </Button>
        ) : null}
      </div>
    </form>
  );
}
