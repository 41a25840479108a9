import {
  Atom,
  Briefcase,
  Calculator,
  Cpu,
  Dna,
  Globe2,
  Landmark,
  Languages,
  LayoutGrid,
  Music,
  Palette,
  Scale,
  Stethoscope,
  Users,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import type { CourseSubjectFilter } from '../../../shared/sharing';

/** The icon of each subject of spec §9 (the tag suggestions and the /courses filters). */
export const SUBJECT_ICONS: Record<CourseSubjectFilter, LucideIcon> = {
  All: LayoutGrid,
  Science: Atom,
  Medicine: Stethoscope,
  Engineering: Wrench,
  Law: Scale,
  Biology: Dna,
  Business: Briefcase,
  Math: Calculator,
  Arts: Palette,
  Geography: Globe2,
  'Computer Science': Cpu,
  Music,
  History: Landmark,
  'Social Studies': Users,
  Language: Languages,
};

/** The translation key of a subject's label; tags are stored in English, shown translated when they are subjects. */
export const subjectKey = (subject: CourseSubjectFilter) => `subjects.${subject.replace(/\s+/g, '')}` as const;
