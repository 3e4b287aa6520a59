import { eq } from 'drizzle-orm';
import type { BuiltIn } from '../../contract/certificates';
import type { Db } from '../db/client';
import { certificates } from '../db/schema';

/** "Built in {course}" for a passport whose maker linked it to their certificate; null otherwise. */
export async function builtInCourse(db: Db, certificateId: string | null): Promise<BuiltIn> {
  if (!certificateId) return null;
  const [row] = await db
    .select({ certificateId: certificates.id, courseTitle: certificates.courseTitle })
    .from(certificates)
    .where(eq(certificates.id, certificateId));
  return row ?? null;
}
