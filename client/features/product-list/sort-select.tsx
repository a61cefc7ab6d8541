import { useNavigate } from 'react-router-dom';
import type { Sort } from '#contracts/product.ts';
import { SORTS } from '#contracts/rules.ts';
import { Select } from '../../ui/select.tsx';
import { useAdoptDom } from '../../lib/use-adopt-dom.ts';
import type { ListUrl } from './use-list-url.ts';

const LABELS: Record<Sort, string> = {
  price_1: 'Price: low to high',
  'price_-1': 'Price: high to low',
  'rating_-1': 'Customer rating',
  name_1: 'Name: A to Z',
  'name_-1': 'Name: Z to A',
};

const OPTIONS = [{ value: '', label: 'Sort by' }, ...SORTS.map((s) => ({ value: s, label: LABELS[s] }))];

/** Changing the order navigates at once: the sort lives in the URL like the filters. */
export function SortSelect({ url }: { url: ListUrl }) {
  const navigate = useNavigate();
  const sortBy = (value: string) => navigate(url.sortHref((value || undefined) as Sort | undefined));
  // An order picked in the server's page before the scripts took over is applied, not dropped.
  const ref = useAdoptDom<HTMLSelectElement>((select) => {
    if (select.value !== (url.query.sort ?? '')) sortBy(select.value);
  });
  return (
    <Select
      ref={ref}
      label="Sort products"
      hideLabel
      options={OPTIONS}
      value={url.query.sort ?? ''}
      onChange={(e) => sortBy(e.target.value)}
    />
  );
}
