import { Star } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { Review, ReviewList } from '../../../contract/academy';
import { Button } from '../../components/ui/button';
import { useAuth } from '../../lib/auth';
import { useReviews } from './api';
import { formatDay } from '../../lib/format-date';

// Only a learner who may review gets the form, and with it zod (its schema): a guest's course page loads neither.
const ReviewForm = lazy(() => import('./review-form').then((m) => ({ default: m.ReviewForm })));

export function Stars({ value, label }: { value: number; label?: string }) {
  return (
    <span className="inline-flex items-center" role="img" aria-label={label ?? `${value} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          className={
            n <= Math.round(value) ? 'size-4 fill-amber-400 text-amber-500' : 'size-4 text-stone-300'
          }
          aria-hidden
        />
      ))}
    </span>
  );
}

function Summary({ list }: { list: ReviewList }) {
  return (
    <div className="flex flex-wrap items-center gap-6 rounded-xl border border-stone-200 bg-white p-5">
      <div>
        <p className="font-serif text-4xl font-bold text-stone-900">
          {list.count ? list.average.toFixed(1) : '–'}
        </p>
        <Stars value={list.average} label={`Average ${list.average.toFixed(1)} out of 5`} />
        <p className="text-sm text-stone-600">
          {list.count} {list.count === 1 ? 'review' : 'reviews'}
        </p>
      </div>
      <ul className="grid min-w-48 flex-1 gap-1 text-sm" aria-label="Reviews per rating">
        {[5, 4, 3, 2, 1].map((star) => {
          const n = list.stars[star - 1] ?? 0;
          return (
            <li key={star} className="flex items-center gap-2">
              <span className="w-12 text-stone-700">{star} star</span>
              <span className="h-2 flex-1 overflow-hidden rounded-full bg-stone-200" aria-hidden>
                <span
                  className="block h-full bg-amber-400"
                  style={{ width: `${list.count ? (n / list.count) * 100 : 0}%` }}
                />
              </span>
              <span className="w-8 text-right text-stone-700">{n}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ReviewItem({ review }: { review: Review }) {
  const date = formatDay(review.createdAt);
  return (
    <li className="rounded-xl border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Stars value={review.rating} />
        <span className="font-medium text-stone-900">{review.author.name}</span>
        <span className="text-sm text-stone-600">{date}</span>
      </div>
      <p className="mt-2 whitespace-pre-line text-stone-800">{review.text}</p>
    </li>
  );
}

/** The course landing's Reviews tab: the average and stars, the reviews newest first, and the caller's own form. */
export function CourseReviews({ courseId }: { courseId: string }) {
  const { user } = useAuth();
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useReviews(courseId, page);
  if (isPending) return <p className="text-stone-700">Loading reviews…</p>;
  if (isError) return <p className="text-stone-700">The reviews could not be loaded.</p>;
  const pages = Math.max(1, Math.ceil(data.count / data.pageSize));
  return (
    <div className="grid gap-6">
      <Summary list={data} />
      {data.mine || data.eligibility.canReview ? (
        <Suspense fallback={null}>
          <ReviewForm courseId={courseId} mine={data.mine} />
        </Suspense>
      ) : (
        user && (
          <p className="rounded-md bg-stone-100 p-3 text-sm text-stone-700">{data.eligibility.reason}</p>
        )
      )}
      {data.reviews.length === 0 ? (
        <p className="text-stone-700">No reviews yet.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Reviews">
          {data.reviews.map((r) => (
            <ReviewItem key={r.id} review={r} />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label="Review pages" className="flex items-center gap-3">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </Button>
          <span className="text-sm text-stone-700">
            Page {page} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Older
          </Button>
        </nav>
      )}
    </div>
  );
}
