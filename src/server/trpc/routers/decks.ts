import { router } from '../init';

/** Study tab procedures for the decks tab (issue 5); see README's API section. */
export const decksRouter = router({});
