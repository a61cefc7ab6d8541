import type { FormEvent } from 'react';
import * as z from 'zod/mini';
import type { ReviewBody } from '#contracts/product.ts';
import { api } from '../../lib/api.ts';
import { useUserInfo } from '../../lib/hooks.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Select } from '../../ui/select.tsx';
import { TextArea } from '../../ui/text-field.tsx';
import { useForm } from '../../ui/use-form.ts';

/** Spec section 9: review ratings 1 (awful) to 5 (very good). */
const RATINGS = [
  { value: '', label: 'Choose a rating' },
  { value: '5', label: '5 (very good)' },
  { value: '4', label: '4 (good)' },
  { value: '3', label: '3 (average)' },
  { value: '2', label: '2 (bad)' },
  { value: '1', label: '1 (awful)' },
];

/** The review as typed; its output is the body, comment trimmed and rating a number. */
const reviewSchema = z.pipe(
  z.object({
    comment: z.string().check(z.trim(), z.minLength(1, 'Please write a comment')),
    rating: z.string().check(z.minLength(1, 'Please choose a rating')),
  }),
  z.transform(({ comment, rating }): ReviewBody => ({ comment, rating: Number(rating) })),
);
const EMPTY = { comment: '', rating: '' };
const SUCCESS = 'You successfuly reviewed the page!';

/** The review form: guests see it disabled with the spec's hint; users post and see the outcome. */
export function ReviewForm({ productId, onReviewed }: { productId: string; onReviewed: () => void }) {
  const user = useUserInfo();
  const { submit, reset, sending, sent, error } = useSubmit(
    (body: ReviewBody, signal) => api.post<string>(`/api/users/review/${encodeURIComponent(productId)}`, body, { signal }),
    () => {
      form.reset(EMPTY);
      onReviewed();
    },
  );
  const form = useForm(reviewSchema, EMPTY, submit);

  // An attempt refused by the form hides the outcome of the one before.
  const send = (e: FormEvent) => {
    if (!form.submit(e)) reset();
  };

  return (
    <form ref={form.formRef} aria-labelledby="review-form-title" noValidate onSubmit={send}>
      <h3 id="review-form-title">Write a review</h3>
      {user ? null : <Alert tone="info">Login first to write a review</Alert>}
      {sent ? <Alert tone="success">{SUCCESS}</Alert> : error ? <Alert tone="danger">{error}</Alert> : null}
      <fieldset disabled={!user || sending} css={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <TextArea label="Your review" rows={3} maxLength={2000} {...form.field('comment')} />
        <Select label="Rating" options={RATINGS} {...form.field('rating')} />
        <Button type="submit">{sending ? 'Sending ...' : 'Submit'}</Button>
      </fieldset>
    </form>
  );
}
