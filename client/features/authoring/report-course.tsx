import { useMutation } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { courseReportInputSchema, type CourseReportInput } from '../../../contract/authoring';
import { FormError, formText } from '../../components/form-parts';
import { Button } from '../../components/ui/button';
import { FieldError, Label, Textarea } from '../../components/ui/input';
import { api } from '../../lib/api-client';
import { useSchemaSubmit } from '../../lib/use-schema-submit';

/** Report a course to the admins (anyone signed in): what is wrong with it, in a sentence or more. */
export function ReportCourse({ courseId }: { courseId: string }) {
  const [open, setOpen] = useState(false);
  const report = useSchemaSubmit(
    courseReportInputSchema,
    useMutation({
      mutationFn: (body: CourseReportInput) =>
        api('POST /api/lms/courses/:courseId/reports', { params: { courseId }, body }),
    }),
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    report.submitValues({ reason: formText(new FormData(event.currentTarget), 'reason') });
  };
  if (report.isSuccess)
    return (
      <p role="status" className="text-sm text-stone-700">
        Thank you: the report went to the admins, who will look at the course.
      </p>
    );
  if (!open)
    return (
      <Button variant="link" size="sm" className="px-0 text-stone-700" onClick={() => setOpen(true)}>
        <Flag aria-hidden /> Report this course
      </Button>
    );
  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-xl gap-2" aria-label="Report this course">
      <Label htmlFor="report-reason">What is wrong with this course?</Label>
      <Textarea
        id="report-reason"
        name="reason"
        maxLength={1000}
        autoFocus
        aria-invalid={report.fields.reason ? true : undefined}
        aria-describedby={report.fields.reason ? 'report-reason-error' : undefined}
      />
      <FieldError id="report-reason-error" message={report.fields.reason} />
      <FormError error={report.error} />
      <div className="flex gap-2">
        <Button type="submit" disabled={report.isPending}>
          Send report
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
