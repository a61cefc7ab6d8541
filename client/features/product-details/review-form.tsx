import { useState, type FormEvent } from 'react';
import type { ReviewBody } from '#contracts/product.ts';
import { api } from '../../lib/api.ts';
import { useUserInfo } from '../../lib/hooks.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Select } from '../../ui/select.tsx';
import { TextArea } from '../../ui/text-field.tsx';
import { useFieldErrors } from '../../ui/use-field-errors.ts';

/** Spec section 9: review ratings 1 (awful) to 5 (very good). */
const RATINGS = [
  { value: '', label: 'Choose a rating' },
  { value: '5', label: '5 (very good)' },
  { value: '4', label: '4 (good)' },
  { value: '3', label: '3 (average)' },
  { value: '2', label: '2 (bad)' },
  { value: '1', label: '1 (awful)' },
];

type Values = { comment: string; rating: string };
type Errors = { comment?: string; rating?: string };

const validate = ({ comment, rating }: Values): Errors => {
  const found: Errors = {};
  if (!comment.trim()) found.comment = 'Please write a comment';
  if (!rating) found.rating = 'Please choose a rating';
  return found;
};
const SUCCESS = 'You successfuly reviewed the page!';

/** The review form: guests see it disabled with the spec's hint; users post and see the outcome. */
export function ReviewForm({ productId, onReviewed }: { productId: string; onReviewed: () => void }) {
  const user = useUserInfo();
  const [comment, setComment] = useState('');
  const [rating, setRating] = useState('');
  const { errors, check, recheck } = useFieldErrors(validate);
  const { submit, reset, sending, sent, error } = useSubmit(
    (body: ReviewBody, signal) => api.post<string>(`/api/users/review/${encodeURIComponent(productId)}`, body, { signal }),
    () => {
      setComment('');
      setRating('');
      onReviewed();
    },
  );

  const send = (e: FormEvent) => {
    e.preventDefault();
    if (!check({ comment, rating })) return reset();
    submit({ comment: comment.trim(), rating: Number(rating) });
  };

  return (
    <form aria-labelledby="review-form-title" noValidate onSubmit={send}>
      <h3 id="review-form-title">Write a review</h3>
      {user ? null : <Alert tone="info">Login first to write a review</Alert>}
      {sent ? <Alert tone="success">{SUCCESS}</Alert> : error ? <Alert tone="danger">{error}</Alert> : null}
      <fieldset disabled={!user || sending} css={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <TextArea
          label="Your review"
          rows={3}
          value={comment}
          error={errors.comment}
          onChange={(e) => {
            setComment(e.target.value);
            recheck({ comment: e.target.value, rating });
          }}
          maxLength={2000}
        />
        <Select
          label="Rating"
          options={RATINGS}
          value={rating}
          error={errors.rating}
          onChange={(e) => {
            setRating(e.target.value);
            recheck({ comment, rating: e.target.value });
          }}
        />
        <Button type="submit">{sending ? 'Sending ...' : 'Submit'}</Button>
      </fieldset>
    </form>
  );
}
