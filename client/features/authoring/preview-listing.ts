import type { CourseLanding } from '../../../contract/academy';
import type { AuthoringCourse } from '../../../contract/authoring';

/** "45 min", "1 h 5 min": a course's length from its lessons' minutes. */
export function minutesLabel(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h} h${m ? ` ${m} min` : ''}` : `${m} min`;
}

/**
 * A draft as its listing page will show it once published: the same fields the academy's listing answers, with
 * the author as instructor and no learners yet. Authored courses are free.
 */
export function previewListing(
  course: AuthoringCourse,
  author: { name: string; handle: string | null; avatar: string | null },
  shop: { name: string; slug: string } | null,
): CourseLanding {
  const lessons = course.sections.flatMap((s) => s.lessons);
  return {
    id: course.id,
    slug: course.slug,
    title: course.title,
    description: course.description,
    fullDescription: course.fullDescription,
    instructor: {
      name: author.name,
      handle: author.handle,
      bio: '',
      avatar: author.avatar,
      courses: 1,
      students: 0,
    },
    instructorHandle: author.handle,
    instructorShop: shop,
    level: course.level,
    category: course.category,
    duration: minutesLabel(lessons.reduce((sum, l) => sum + l.durationMinutes, 0)),
    lessons: lessons.length,
    students: 0,
    rating: 0,
    reviewCount: 0,
    price: 0,
    originalPrice: 0,
    tags: course.tags,
    coverImage: course.coverImage,
    enrolled: false,
    bookmarked: false,
    curriculum: course.sections.map((s) => ({
      id: s.id,
      title: s.title,
      lessons: s.lessons.map((l) => ({
        id: l.id,
        title: l.title,
        duration: l.durationMinutes,
        free: l.free,
      })),
    })),
    features: [],
    requirements: course.requirements,
    learn: course.learn,
    builds: null,
  };
}
