// Course reviews: what a learner writes, and the list the listing's Reviews tab shows.
import { z } from 'zod';
import { REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from './academy-values';

export const reviewInputSchema = z.object({
  rating: z.number().int().min(1, 'Choose 1 to 5 stars.').max(5, 'Choose 1 to 5 stars.'),
  text: z
    .string()
    .trim()
    .min(REVIEW_TEXT_MIN, `Write at least ${REVIEW_TEXT_MIN} characters.`)
    .max(REVIEW_TEXT_MAX, `Keep it under ${REVIEW_TEXT_MAX} characters.`),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

export const reviewSchema = z.object({
  id: z.string(),
  rating: z.number(),
  text: z.string(),
  author: z.object({ name: z.string(), handle: z.string().nullable() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The caller wrote it; editableUntil is when editing closes. */
  mine: z.boolean(),
  editableUntil: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});

export const reviewListSchema = z.object({
  average: z.number(),
  count: z.number(),
  /** How many reviews gave 1, 2, 3, 4 and 5 stars (index 0 is one star). */
  stars: z.array(z.number()).length(5),
  reviews: z.array(reviewSchema),
  page: z.number(),
  pageSize: z.number(),
  /** The caller's own review (on any page), and whether they may write one and why not. */
  mine: reviewSchema.nullable(),
  eligibility: z.object({ canReview: z.boolean(), reason: z.string().nullable() }),
});
export type ReviewList = z.infer<typeof reviewListSchema>;
