import { router } from '../init';

/** Study tab procedures for the mindmap tab (issue 5); see README's API section. */
export const mindmapRouter = router({});
