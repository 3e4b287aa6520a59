import { Star } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { reviewInputSchema, type Review } from '../../../contract/academy';
import { zodFields } from '../../../contract/errors';
import { Button } from '../../components/ui/button';
import { Label, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api';
import { useReviewMutation } from './api';

/** Writing, editing (for 30 days) or deleting the caller's review; the same rules as the server's schema. */
export function ReviewForm({ courseId, mine }: { courseId: string; mine: Review | null }) {
  const [rating, setRating] = useState(mine?.rating ?? 0);
  const [text, setText] = useState(mine?.text ?? '');
  const [editing, setEditing] = useState(!mine);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useReviewMutation(courseId);
  const editable = !mine || new Date(mine.editableUntil) > new Date();

  const fail = (error: Error) => {
    const body = error instanceof ApiError ? error.body : null;
    setErrors(body?.fields ?? { _: body?.error ?? 'Could not save your review. Please try again.' });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reviewInputSchema.safeParse({ rating, text });
    if (!parsed.success) {
      setErrors(zodFields(parsed.error));
      return;
    }
    setErrors({});
    mutation.mutate(
      { id: mine?.id, input: parsed.data },
      {
        onSuccess: () => {
          setEditing(false);
          toast({ title: mine ? 'Review updated' : 'Thank you for your review' });
        },
        onError: fail,
      },
    );
  };
  const remove = () =>
    mutation.mutate(
      { id: mine?.id, remove: true },
      { onSuccess: () => toast({ title: 'Review deleted' }), onError: fail },
    );

  if (mine && !editing)
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-md bg-wood-50 p-3 text-sm text-stone-800">
        <span>You reviewed this course.</span>
        {editable && (
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            Edit review
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={remove} disabled={mutation.isPending}>
          Delete review
        </Button>
        {errors._ && <p className="w-full text-red-700">{errors._}</p>}
      </div>
    );

  return (
    <form onSubmit={submit} className="grid gap-3 rounded-xl border border-stone-200 bg-white p-5" noValidate>
      <h2 className="font-serif text-lg font-semibold text-stone-900">
        {mine ? 'Edit your review' : 'Review this course'}
      </h2>
      <fieldset>
        <legend className="text-sm font-medium text-stone-800">Your rating</legend>
        <div className="mt-1 flex gap-1" role="radiogroup" aria-describedby="review-rating-error">
          {[1, 2, 3, 4, 5].map((n) => (
            <button
              key={n}
              type="button"
              role="radio"
              aria-checked={rating === n}
              aria-label={`${n} ${n === 1 ? 'star' : 'stars'}`}
              onClick={() => setRating(n)}
              className="rounded p-1"
            >
              <Star
                className={n <= rating ? 'size-6 fill-amber-400 text-amber-500' : 'size-6 text-stone-400'}
                aria-hidden
              />
            </button>
          ))}
        </div>
        {errors.rating && (
          <p id="review-rating-error" className="text-sm text-red-700">
            {errors.rating}
          </p>
        )}
      </fieldset>
      <div className="grid gap-1">
        <Label htmlFor="review-text">Your review</Label>
        <Textarea
          id="review-text"
          value={text}
          maxLength={2000}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={!!errors.text}
          aria-describedby="review-text-error"
        />
        {errors.text && (
          <p id="review-text-error" className="text-sm text-red-700">
            {errors.text}
          </p>
        )}
      </div>
      {errors._ && <p className="text-sm text-red-700">{errors._}</p>}
      <div className="flex gap-2">
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving...' : mine ? 'Save review' : 'Post review'}
        </Button>
        {mine && (
          <Button type="button" variant="outline" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
