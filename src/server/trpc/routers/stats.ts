import { router } from '../init';

/** The Exams tab's stats procedures (issue 6); see README's API section. */
export const statsRouter = router({});
