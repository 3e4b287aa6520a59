import { Award, Download, Flame, MessageCircle, PlayCircle, Target, Trophy } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CourseOutline } from '../../../contract/academy';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Tooltip, TooltipProvider } from '../../components/ui/tooltip';
import { continueLesson, recentAchievement } from './lesson-status';
import { ProgressRing } from './progress-visuals';
import { progressOf } from '../../lib/count';

const formatSize = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);

function ComingSoon({ icon, label }: { icon: React.ReactNode; label: string }) {
  return (
    <Tooltip content="Coming soon">
      {/* A disabled button gets no pointer or focus events; the wrapper carries the tooltip. */}
      <span tabIndex={0} className="block rounded-md">
        <Button variant="outline" className="w-full justify-start" disabled>
          {icon}
          {label}
        </Button>
      </span>
    </Tooltip>
  );
}

export function OutlineSidebar({
  outline,
  onStart,
  pending,
}: {
  outline: CourseOutline;
  onStart: (id: string) => void;
  pending: boolean;
}) {
  const [showResources, setShowResources] = useState(false);
  const { course } = outline;
  const next = continueLesson(outline);
  const achievement = recentAchievement(outline);
  const remaining = course.totalLessons - course.completedLessons;
  return (
    <TooltipProvider>
      <aside aria-label="Course progress" className="grid content-start gap-4">
        <Card>
          <CardHeader>
            <CardTitle>Your progress</CardTitle>
          </CardHeader>
          <CardContent className="flex items-center gap-4">
            <ProgressRing value={course.overallProgress} label="Course progress" size={72} />
            <div className="text-sm text-stone-700">
              <p>{progressOf(course.completedLessons, course.totalLessons, 'lesson')} completed</p>
              <p>
                {remaining} {remaining === 1 ? 'lesson' : 'lessons'} remaining
              </p>
            </div>
          </CardContent>
          {course.certificateId && (
            <CardContent className="border-t border-stone-100 pt-4">
              <Link
                to={`/certificates/${course.certificateId}`}
                className="inline-flex items-center gap-2 text-sm font-medium text-wood-700 underline"
              >
                <Award className="size-4" aria-hidden /> View your certificate
              </Link>
            </CardContent>
          )}
        </Card>

        <Card>
          <CardContent className="flex items-center gap-3 pt-5">
            <Flame className="size-6 text-orange-600" aria-hidden />
            <div>
              <p className="text-sm text-stone-600">Study streak</p>
              <p className="font-serif text-xl font-bold text-stone-900">
                {outline.streakDays} {outline.streakDays === 1 ? 'day' : 'days'}
              </p>
            </div>
          </CardContent>
        </Card>

        {next && (
          <Card className="border-wood-300 bg-wood-50">
            <CardHeader>
              <CardTitle>Continue Learning</CardTitle>
              <p className="text-sm text-stone-700">{next.title}</p>
            </CardHeader>
            <CardContent>
              <Button className="w-full" onClick={() => onStart(next.id)} disabled={pending}>
                <PlayCircle aria-hidden />
                {next.progressPercent > 0 ? `Continue (${next.progressPercent}%)` : 'Start lesson'}
              </Button>
            </CardContent>
          </Card>
        )}

        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Trophy className="size-5 text-amber-600" aria-hidden /> Recent achievement
            </CardTitle>
          </CardHeader>
          <CardContent className="text-sm text-stone-700">
            {achievement ? (
              <p>
                Completed <span className="font-medium text-stone-900">{achievement.title}</span>
              </p>
            ) : (
              <p>Complete your first lesson to earn one.</p>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Quick actions</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2">
            <Button
              variant="outline"
              className="justify-start"
              aria-expanded={showResources}
              aria-controls="course-resources"
              onClick={() => setShowResources((s) => !s)}
            >
              <Download aria-hidden /> Download resources
            </Button>
            {showResources && (
              <ul id="course-resources" className="grid gap-1 rounded-md bg-stone-50 p-3 text-sm">
                {outline.resources.length === 0 && <li>This course has no downloadable files.</li>}
                {outline.resources.map((r) => (
                  <li key={r.id}>
                    <a href={r.url} download className="font-medium text-wood-700 underline">
                      {r.title}
                    </a>{' '}
                    <span className="text-stone-600">
                      ({r.fileType.toUpperCase()}, {formatSize(r.sizeBytes)})
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <ComingSoon icon={<Target aria-hidden />} label="Practice mode" />
            <ComingSoon icon={<MessageCircle aria-hidden />} label="Ask instructor" />
          </CardContent>
        </Card>
      </aside>
    </TooltipProvider>
  );
}
