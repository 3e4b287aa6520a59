import type { CourseBuild } from '../../../contract/certificates';
import type { Reading } from '../../../contract/academy';
import type { Db } from '../client';
import { courseSections, courses, lessonResources, lessons } from '../schema';

export interface LessonSeed {
  title: string;
  description?: string;
  videoUrl?: string | null;
  captionsUrl?: string | null;
  reading?: Reading | null;
  durationMinutes?: number;
  free?: boolean;
  resources?: { title: string; url: string; fileType: string; sizeBytes: number }[];
}

export interface SectionSeed {
  title: string;
  description?: string;
  lessons: LessonSeed[];
}

export interface CourseSeed {
  id: string;
  slug?: string;
  title?: string;
  description?: string;
  fullDescription?: string;
  instructorName?: string;
  instructorBio?: string;
  instructorAvatarUrl?: string | null;
  instructorUserId?: string | null;
  level?: 'beginner' | 'intermediate' | 'advanced';
  category?: 'classical' | 'acoustic' | 'electric' | 'repair';
  durationLabel?: string;
  price?: number;
  rating?: number;
  tags?: string[];
  coverImageUrl?: string | null;
  features?: string[];
  requirements?: string[];
  /** The instrument the course builds, if it builds one. */
  builds?: CourseBuild | null;
  sections?: SectionSeed[];
}

/** 25 percent off: the original price is the one the current price is 75 percent of. */
export const originalPriceFor = (price: number) => Math.round(price / 0.75);

/** Lesson ids are `{course id}-l{n}` in course order, sections `{course id}-s{n}`. */
export const lessonIdFor = (courseId: string, n: number) => `${courseId}-l${n}`;

const defaultSections = (): SectionSeed[] => [
  {
    title: 'Getting started',
    lessons: [
      { title: 'Welcome', free: true, videoUrl: '/videos/tonewood-and-bracing.webm', durationMinutes: 1 },
      { title: 'Tools of the bench', durationMinutes: 2 },
    ],
  },
  { title: 'Going further', lessons: [{ title: 'First cuts', durationMinutes: 3 }] },
];

/** Creates a course with its sections, lessons and resources; used by sample content and tests alike. */
export async function createCourse(db: Db, seed: CourseSeed) {
  const price = seed.price ?? 249;
  const [course] = await db
    .insert(courses)
    .values({
      id: seed.id,
      slug: seed.slug ?? seed.id,
      title: seed.title ?? `Course ${seed.id}`,
      description: seed.description ?? 'A short course.',
      fullDescription: seed.fullDescription ?? seed.description ?? 'A short course.',
      instructorName: seed.instructorName ?? 'Test Instructor',
      instructorBio: seed.instructorBio ?? '',
      instructorAvatarUrl: seed.instructorAvatarUrl ?? null,
      instructorUserId: seed.instructorUserId ?? null,
      level: seed.level ?? 'beginner',
      category: seed.category ?? 'classical',
      durationLabel: seed.durationLabel ?? '4 weeks',
      price,
      originalPrice: originalPriceFor(price),
      rating: seed.rating ?? 4.5,
      tags: seed.tags ?? [],
      coverImageUrl: seed.coverImageUrl ?? null,
      features: seed.features ?? [],
      requirements: seed.requirements ?? [],
      builds: seed.builds ?? null,
    })
    .returning();
  if (!course) throw new Error('course insert returned nothing');
  let order = 0;
  const sections = seed.sections ?? defaultSections();
  for (const [s, section] of sections.entries()) {
    const sectionId = `${seed.id}-s${s + 1}`;
    await db.insert(courseSections).values({
      id: sectionId,
      courseId: seed.id,
      title: section.title,
      description: section.description ?? '',
      orderIndex: s + 1,
    });
    for (const lesson of section.lessons) {
      order += 1;
      const id = lessonIdFor(seed.id, order);
      await db.insert(lessons).values({
        id,
        courseId: seed.id,
        sectionId,
        orderIndex: order,
        title: lesson.title,
        description: lesson.description ?? '',
        kind: lesson.videoUrl ? 'video' : 'reading',
        videoUrl: lesson.videoUrl ?? null,
        captionsUrl: lesson.captionsUrl ?? null,
        reading: lesson.reading ?? null,
        durationMinutes: lesson.durationMinutes ?? 1,
        isFree: lesson.free ?? false,
      });
      if (lesson.resources?.length)
        await db.insert(lessonResources).values(lesson.resources.map((r) => ({ ...r, lessonId: id })));
    }
  }
  return course;
}
