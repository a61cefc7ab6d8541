import { css } from '@emotion/react';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { LIMITS } from '#contracts/rules.ts';
import { parseListPath, searchPath } from '#machines/filters/list-path.ts';
import { useCategories } from '../../lib/categories-store.ts';
import { SearchIcon } from '../../ui/icons.tsx';
import { colors, focusRing, media, radius, space } from '../../ui/theme.ts';
import { useAdoptDom } from '../../lib/use-adopt-dom.ts';
import { visuallyHiddenStyle } from '../../ui/visually-hidden.tsx';
import { useHydrated } from '../../lib/hydration.ts';

export const ALL = 'All';

const formStyle = css({
  display: 'flex',
  flex: '1 1 100%',
  order: 3,
  minWidth: 0,
  [media.lg]: { flex: '1 1 auto', order: 0, maxWidth: 640 },
});
// On a phone the category picker and the button give the text box their room: the picker shows
// the start of a long category name, the button its icon (its name stays for screen readers).
const pickerStyle = css({ maxWidth: '40%', [media.belowLg]: { maxWidth: '6.5rem', paddingRight: space(1) } });
const buttonTextStyle = css({ [media.belowLg]: visuallyHiddenStyle });
const control = css(
  {
    minHeight: 40,
    padding: `0 ${space(3)}`,
    border: `1px solid ${colors.border}`,
    font: 'inherit',
    color: colors.text,
    background: colors.background,
  },
  focusRing,
);

type Typed = { category: string; query: string };

/** The search a route is about: a list's category and query, else All and nothing. */
const fromRoute = (pathname: string): Typed => {
  const here = parseListPath(pathname);
  return { category: here?.categoryName ?? ALL, query: here?.searchQuery ?? '' };
};

/**
 * The header's search (spec sections 2 and 5): a category picker (All by default) and a text
 * box; Enter or the button goes to the matching list, a blank query to the plain or category list.
 */
export function SearchBox() {
  const { categories } = useCategories();
  const location = useLocation();
  const navigate = useNavigate();
  // What the shopper typed since the last navigation. Every navigation (a link, a search, Back)
  // drops it, so the box shows that route's search (on a list) or nothing, never a query left
  // over from another page. Reset while rendering, React's pattern for state tied to a prop.
  const [typed, setTyped] = useState<Typed | null>(null);
  const [seen, setSeen] = useState(location.key);
  if (seen !== location.key) {
    setSeen(location.key);
    setTyped(null);
  }
  const { category, query } = typed ?? fromRoute(location.pathname);
  const type = (change: Partial<Typed>) => setTyped({ category, query, ...change });
  // What was typed or picked in the server's page before the scripts took over stays in the box.
  const formRef = useAdoptDom<HTMLFormElement>((form) => {
    const typedQuery = form.querySelector<HTMLInputElement>('#header-search')?.value ?? query;
    const pickedCategory = form.querySelector<HTMLSelectElement>('#header-category')?.value ?? category;
    if (typedQuery !== query || pickedCategory !== category) setTyped({ category: pickedCategory, query: typedQuery });
  });
  // Until then the button (and Enter) cannot search: shown disabled, not a reload that drops the text.
  const hydrated = useHydrated();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    navigate(searchPath(category, query));
  };

  const names = categories.map((c) => c.name);
  if (category !== ALL && !names.includes(category)) names.push(category);

  return (
    <form role="search" css={formStyle} onSubmit={submit} ref={formRef}>
      <label htmlFor="header-category" css={visuallyHiddenStyle}>
        Category
      </label>
      <select
        id="header-category"
        css={[control, pickerStyle, { borderRadius: `${radius} 0 0 ${radius}` }]}
        value={category}
        onChange={(e) => type({ category: e.target.value })}
      >
        <option value={ALL}>{ALL}</option>
        {names.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      <label htmlFor="header-search" css={visuallyHiddenStyle}>
        Search products
      </label>
      <input
        id="header-search"
        type="search"
        placeholder="Type to search ..."
        css={[control, { flex: 1, minWidth: 0, borderLeft: 0, borderRight: 0 }]}
        maxLength={LIMITS.searchMax}
        value={query}
        onChange={(e) => type({ query: e.target.value })}
      />
      <button
        type="submit"
        disabled={!hydrated}
        css={[
          control,
          {
            display: 'inline-flex',
            alignItems: 'center',
            gap: space(2),
            background: colors.focus,
            fontWeight: 600,
            cursor: 'pointer',
            borderRadius: `0 ${radius} ${radius} 0`,
          },
        ]}
      >
        <SearchIcon />
        <span css={buttonTextStyle}>Search</span>
      </button>
    </form>
  );
}
