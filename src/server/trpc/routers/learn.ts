import { router } from '../init';

/** The Exams tab's learn procedures (issue 6); see README's API section. */
export const learnRouter = router({});
