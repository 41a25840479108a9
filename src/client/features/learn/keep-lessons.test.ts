// @vitest-environment jsdom
import { afterEach, describe, expect, test } from 'vitest';
import type { TrpcClient } from '../../lib/trpc';
import { keepFinishedLessons } from './keep-lessons';

/**
 * Keeping finished lessons for offline replay is a side effect of finishing one: a browser that cannot keep anything
 * must neither break the finish nor leave a rejected promise behind (it did, in every browser without IndexedDB).
 */
function countingClient() {
  const asked: string[] = [];
  const client = {
    learn: {
      getReplay: {
        mutate: ({ lessonId }: { lessonId: string }) => {
          asked.push(lessonId);
          return Promise.reject(new Error('not reached in these tests'));
        },
      },
    },
  } as unknown as TrpcClient;
  return { client, asked };
}

const original = Object.getOwnPropertyDescriptor(globalThis, 'indexedDB');
afterEach(() => {
  if (original) Object.defineProperty(globalThis, 'indexedDB', original);
  else delete (globalThis as { indexedDB?: unknown }).indexedDB;
});

describe('keeping finished lessons on a device that cannot keep them', () => {
  test('without IndexedDB: resolves and asks the server for nothing', async () => {
    delete (globalThis as { indexedDB?: unknown }).indexedDB;
    const { client, asked } = countingClient();
    await expect(keepFinishedLessons(client, 'user-1', ['lesson-1', 'lesson-2'], {})).resolves.toBeUndefined();
    expect(asked).toEqual([]);
  });

  test('with IndexedDB refused (a private window): resolves and asks the server for nothing', async () => {
    Object.defineProperty(globalThis, 'indexedDB', {
      configurable: true,
      value: {
        open: () => {
          throw new DOMException('A mutation operation was attempted on a database that did not allow mutations.', 'InvalidStateError');
        },
      },
    });
    const { client, asked } = countingClient();
    await expect(keepFinishedLessons(client, 'user-1', ['lesson-1'], {})).resolves.toBeUndefined();
    expect(asked).toEqual([]);
  });
});
