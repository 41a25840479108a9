import { router } from '../init';

/** Study tab procedures for the summary tab (issue 5); see README's API section. */
export const summaryRouter = router({});
