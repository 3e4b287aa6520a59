import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  adminUnpublishInputSchema,
  type AdminUnpublishInput,
  type CourseReport,
} from '../../../contract/authoring';
import { formText } from '../../components/form-parts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { FieldError, Label, Textarea } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { errorText } from '../../lib/api';
import { api, invalidateReads } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-date';
import { useSchemaSubmit } from '../../lib/use-schema-submit';
import { useCourseReports } from './api';
import { label } from './labels';

/** The admin's unpublish of a reported course, with the reason its author is shown. */
function UnpublishForm({ report }: { report: CourseReport }) {
  const client = useQueryClient();
  const unpublish = useSchemaSubmit(
    adminUnpublishInputSchema,
    useMutation({
      mutationFn: (body: AdminUnpublishInput) =>
        api('POST /api/admin/courses/:courseId/unpublish', { params: { courseId: report.courseId }, body }),
      onSuccess: async () => {
        toast({ title: 'Course unpublished', description: 'Its author sees your reason.' });
        await invalidateReads(client, 'GET /api/admin/course-reports', 'GET /api/lms/courses/explore');
      },
      onError: (error) =>
        toast({ title: 'Not unpublished', description: errorText(error), variant: 'destructive' }),
    }),
  );
  const id = `unpublish-${report.id}`;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    unpublish.submitValues({ reason: formText(new FormData(event.currentTarget), 'reason') });
  };
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mt-3 grid gap-2"
      aria-label={`Unpublish ${report.courseTitle}`}
    >
      <Label htmlFor={id}>Reason the author is told</Label>
      <Textarea
        id={id}
        name="reason"
        rows={2}
        maxLength={1000}
        aria-invalid={unpublish.fields.reason ? true : undefined}
        aria-describedby={unpublish.fields.reason ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} message={unpublish.fields.reason} />
      <Button
        type="submit"
        variant="destructive"
        size="sm"
        className="justify-self-start"
        disabled={unpublish.isPending}
      >
        Unpublish {report.courseTitle}
      </Button>
    </form>
  );
}

/** Reports of courses, newest first; a published one can be unpublished with a reason. */
export function CourseReportsPanel() {
  const reports = useCourseReports();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section aria-labelledby="course-reports" className="mt-10">
      <h2 id="course-reports" className="font-serif text-2xl font-semibold text-wood-900">
        Course reports
      </h2>
      {reports.isPending ? (
        <Spinner />
      ) : reports.isError ? (
        <p role="alert" className="text-red-700">
          {errorText(reports.error, 'The reports could not be loaded')}
        </p>
      ) : reports.data.length === 0 ? (
        <p className="mt-2 text-stone-600">No course has been reported.</p>
      ) : (
        <ul className="mt-3 grid gap-3">
          {reports.data.map((r) => (
            <li key={r.id} className="rounded-xl border border-stone-200 bg-white p-4">
              <p className="flex flex-wrap items-center gap-2">
                <Link to={`/listing/${r.courseSlug}`} className="font-medium text-wood-800 underline">
                  {r.courseTitle}
                </Link>
                <Badge variant={r.courseStatus === 'published' ? 'success' : 'outline'}>
                  {label(r.courseStatus)}
                </Badge>
              </p>
              <p className="mt-1 text-sm text-stone-600">
                Reported by {r.reporterName} on{' '}
                <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
              </p>
              <p className="mt-2 whitespace-pre-line break-words text-stone-800">{r.reason}</p>
              {r.courseStatus === 'published' &&
                (open === r.id ? (
                  <UnpublishForm report={r} />
                ) : (
                  <Button variant="outline" size="sm" className="mt-2" onClick={() => setOpen(r.id)}>
                    Unpublish with a reason<span className="sr-only">: {r.courseTitle}</span>
                  </Button>
                ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
