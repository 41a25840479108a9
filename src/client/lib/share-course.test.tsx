// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shareCourse, useShareCourseHandler, type ShareTarget } from './share-course';

afterEach(cleanup);

const course: ShareTarget = { directoryId: 'course-1', courseName: 'Cell Biology' };

describe('shareCourse', () => {
  it('reaches the mounted Share flow, in its latest version, and nothing once it is gone', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender, unmount } = renderHook(({ handler }) => useShareCourseHandler(handler), { initialProps: { handler: first } });
    shareCourse(course);
    expect(first).toHaveBeenCalledWith(course);
    rerender({ handler: second });
    shareCourse({ sharedSpaceId: 'space-1' });
    expect(second).toHaveBeenCalledWith({ sharedSpaceId: 'space-1' });
    expect(first).toHaveBeenCalledTimes(1);
    unmount();
    shareCourse(course);
    expect(second).toHaveBeenCalledTimes(1);
  });
});
