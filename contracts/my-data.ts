import type { Order } from './order.ts';
import type { User } from './user.ts';

/** A review as the shopper's own data export lists it. */
export type MyReview = { productId: string; productName: string; rating: number; comment: string; createdAt: string };

/**
 * GET /api/users/profile/export: everything the shop holds about the caller, as one JSON file
 * (`statefront-my-data.json`). Chat transcripts are not in it yet.
 */
export type MyData = { exportedAt: string; profile: User; orders: Order[]; reviews: MyReview[] };

export const MY_DATA_FILE = 'statefront-my-data.json';
