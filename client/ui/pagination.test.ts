import { describe, expect, it } from 'vitest';
import { visiblePages } from './pagination.tsx';

describe('which page links a long list shows', () => {
  it("when there are few pages, then every page has a link, as the spec's paginationLinksNumber links", () => {
    expect(visiblePages(2, 3)).toEqual([1, 2, 3]);
    expect(visiblePages(9, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('when there are 5,000 pages, then the first, the last and two either side of the current are linked, gaps marked', () => {
    expect(visiblePages(1, 5000)).toEqual([1, 2, 3, null, 5000]);
    expect(visiblePages(2500, 5000)).toEqual([1, null, 2498, 2499, 2500, 2501, 2502, null, 5000]);
    expect(visiblePages(5000, 5000)).toEqual([1, null, 4998, 4999, 5000]);
  });

  it('when only one page would hide behind a gap, then that page is linked instead', () => {
    expect(visiblePages(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, null, 20]);
  });
});
