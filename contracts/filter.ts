import { z } from 'zod';

/** Spec section 3: the list's filter object. */
export const Filter = z.object({
  price: z.number().optional(),
  rating: z.record(z.string(), z.boolean()).optional(),
  category: z.record(z.string(), z.boolean()).optional(),
  attrs: z.array(z.object({ key: z.string(), values: z.array(z.string()) })).optional(),
});
export type Filter = z.infer<typeof Filter>;
