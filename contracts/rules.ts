/**
 * The spec's fixed limits, messages and small pure rules, free of zod so that browser
 * bundles can import them without pulling the schema library in.
 */
export const LIMITS = {
  descriptionSnippet: 200,
  passwordMin: 6,
  maxImagesPerUpload: 3,
  /** Phone photos of 12–50 MP; contracts/images.ts holds the pixel limits. */
  maxImageBytes: 25 * 1024 * 1024,
  pageSize: 10,
  chatMessageMax: 2000,
  /** The header's search box takes no more; the API refuses a longer search with 400. */
  searchMax: 200,
  priceFilter: { min: 10, max: 1000, step: 10 },
} as const;

/** The spec's description snippet: 200 characters followed by '...'. */
export const snippet = (text: string): string => `${text.slice(0, LIMITS.descriptionSnippet)}...`;

export const toCents = (amount: number): number => Math.round(amount * 100);
export const fromCents = (cents: number): number => cents / 100;

/** The spec's client-side validation messages (section 5), misspellings kept. */
export const MESSAGES = {
  name: 'Please enter a name',
  lastName: 'Please enter your last name',
  email: 'Please anter a valid email address',
  password: 'Please anter a valid password',
  passwordsMatch: 'Both passwords should match',
  fillProfile: 'In order to make order, fill out your profile with correct address, city etc.',
} as const;

/** The answer (429, field `cartItems`) to an order over MAX_OPEN_ORDERS_PER_ACCOUNT. */
export const tooManyOpenOrders = (max: number): string =>
  `You have ${max} open orders: wait for one to be delivered or cancel one before placing another`;

/** In URLs a category's slashes are written as commas (spec section 2). */
export const categoryToUrl = (name: string): string => name.replaceAll('/', ',');
export const categoryFromUrl = (param: string): string => param.replaceAll(',', '/');
export const topLevelOf = (name: string): string => name.split('/')[0] ?? name;

export const SORTS = ['price_1', 'price_-1', 'rating_-1', 'name_1', 'name_-1'] as const;
export const PAYMENT_METHODS = ['pp', 'cod'] as const;
/** `switchedToCash`: a wallet order the buyer moved to cash on delivery after a declined payment. */
export const ORDER_EVENT_TYPES = ['created', 'paid', 'delivered', 'cancelled', 'switchedToCash'] as const;

/**
 * The profile's address fields (each may be empty, spec section 5), every one of which the
 * checkout needs before an order can be placed; value-rules.ts says what a valid one looks like
 * and which are missing. The list alone is here: the shop's first load (the auth machine) needs it,
 * not those rules.
 */
export const SHIPPING_FIELDS = ['address', 'city', 'country', 'zipCode', 'state', 'phoneNumber'] as const;
export type ShippingField = (typeof SHIPPING_FIELDS)[number];

/**
 * The body of a placeholder actor, `fromPromise(notProvided('name'))`, for an effect the caller
 * must attach with `.provide({ actors })`: the shop's machines (machines/shared/actors.ts) and the
 * API's own (api/realtime/hub-socket.machine.ts), which may share nothing else. It rejects as a
 * call that got no answer (status 0), naming the missing actor, instead of doing nothing.
 */
export const notProvided = (name: string) => (): Promise<never> =>
  Promise.reject({ status: 0, message: `The ${name} actor was not provided` });
