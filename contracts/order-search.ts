/**
 * `GET /api/orders/admin?search=` (spec addition): finds orders by the number customers see
 * (`Order #` and the first 8 characters of `_id`, upper case) or by the whole id. No zod here:
 * the client imports the names; the API reads the query with `orderIdRange`.
 */
export const ORDER_SEARCH_PARAM = 'search';

export const ORDER_SEARCH_INVALID = 'Search by the order number (the 8 characters after Order #) or the whole order id';

/** The ids whose hex digits start with the searched ones: the lowest and the highest, as UUIDs. */
export type OrderIdRange = { from: string; to: string };

const asUuid = (hex: string): string => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/**
 * Reads what an admin typed: `Order #1A2B3C4D`, `#1a2b3c4d`, `1A2B3C4D`, part of it, or the whole
 * id with or without dashes. Null when it is no order number or id (anything but hex digits
 * and dashes once `Order` and `#` are taken off); the caller answers 400 naming `search`.
 * As a range of ids (not a text match), the primary key's index finds it among any number of orders.
 */
export const orderIdRange = (text: string): OrderIdRange | null => {
  const hex = text
    .trim()
    .replace(/^order\s*/i, '')
    .replace(/^#\s*/, '')
    .replaceAll('-', '')
    .toLowerCase();
  if (!/^[0-9a-f]{1,32}$/.test(hex)) return null;
  return { from: asUuid(hex.padEnd(32, '0')), to: asUuid(hex.padEnd(32, 'f')) };
};
