import { describe, expect, it } from 'vitest';
import { OrderUser } from './order.ts';
import { User } from './user.ts';

describe('OrderUser', () => {
  it("when a user's fields change, then an order's buyer changes with them: every field but the role and the sign-up date", () => {
    const userFields = Object.keys(User.shape).filter((key) => key !== 'isAdmin' && key !== 'createdAt');
    expect(Object.keys(OrderUser.shape)).toEqual(userFields);
    for (const key of userFields)
      expect(OrderUser.shape[key as keyof typeof OrderUser.shape]).toBe(User.shape[key as keyof typeof User.shape]);
  });
});
