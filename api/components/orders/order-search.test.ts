import { describe, expect, it } from 'vitest';
import { orderIdRange } from '#contracts/order-search.ts';

const id = '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d';

describe('order search', () => {
  it.each(['Order #1A2B3C4D', 'order#1a2b3c4d', '#1A2B3C4D', '  1a2b3c4d ', '1A2B3C4D'])(
    'when the admin types the order number as "%s", then the range holds exactly the ids starting with it',
    (text) => {
      expect(orderIdRange(text)).toEqual({ from: '1a2b3c4d-0000-0000-0000-000000000000', to: '1a2b3c4d-ffff-ffff-ffff-ffffffffffff' });
    },
  );

  it('when the admin pastes the whole id, with or without dashes, then the range is that one id', () => {
    expect(orderIdRange(id)).toEqual({ from: id, to: id });
    expect(orderIdRange(id.replaceAll('-', '').toUpperCase())).toEqual({ from: id, to: id });
  });

  it.each(['john', 'Order #XYZ', '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d0', '', 'Order #', '1a2b 3c4d'])(
    'when the text "%s" is no order number or id, then there is no range',
    (text) => {
      expect(orderIdRange(text)).toBeNull();
    },
  );
});
