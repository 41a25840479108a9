import { Link } from '@tanstack/react-router';
import { Folder } from 'lucide-react';
import type { ReactNode } from 'react';
import { FileTypeIcon } from './file-look';
import { sidebarRowClass } from './sidebar-row';
import { useCourses, useOpenFile } from './use-course-actions';

/** One entry the shell's sidebar search can match and list; `render` draws it with the highlighted label. */
export interface CourseSearchItem {
  key: string;
  text: string;
  render: (label: ReactNode) => ReactNode;
}

/** The student's courses and files for the sidebar search: a course leads to the dashboard, a file opens it. */
export function useCourseSearchItems(): CourseSearchItem[] {
  const courses = useCourses();
  const { open } = useOpenFile();
  return (courses.data ?? []).flatMap((course) => [
    {
      key: `course-${course.id}`,
      text: course.name,
      render: (label: ReactNode) => (
        <Link to="/dashboard" hash="files" className={sidebarRowClass}>
          <Folder aria-hidden="true" />
          <span className="truncate">{label}</span>
        </Link>
      ),
    },
    ...course.files.map((file) => ({
      key: `file-${file.id}`,
      text: file.name,
      render: (label: ReactNode) => (
        <button type="button" onClick={() => open(file.id)} className={sidebarRowClass}>
          <FileTypeIcon extension={file.extension} video={file.isVideo} />
          <span className="truncate">{label}</span>
        </button>
      ),
    })),
  ]);
}
