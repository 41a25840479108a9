import { router } from '../init';

/** Study tab procedures for the chat tab (issue 5); see README's API section. */
export const chatRouter = router({});
