import { afterAll, describe, expect, test } from 'vitest';
import { createTestServices } from '../test/harness';
import { sharedCourse } from '../test/sharing';
import { actorKinds, can, decide, findSpace, spaceActions, spaceActor, type ActorKind, type SpaceAction } from './permissions';

const services = await createTestServices();
afterAll(() => services.close());

/** The model as a table a person can read: each actor's allowed actions on a public and on a private course. */
const expected: Record<ActorKind, { public: SpaceAction[]; private: SpaceAction[] }> = {
  anonymous: { public: [], private: [] },
  stranger: { public: ['preview', 'join'], private: [] },
  pendingInvitee: { public: ['preview', 'join', 'acceptInvitation'], private: ['preview', 'acceptInvitation'] },
  viewer: { public: ['preview', 'study', 'leave'], private: ['preview', 'study', 'leave'] },
  editor: { public: ['preview', 'study', 'editFiles', 'leave'], private: ['preview', 'study', 'editFiles', 'leave'] },
  publicMember: { public: ['preview', 'study', 'leave'], private: ['leave'] },
  revokedMember: { public: [], private: [] },
  owner: { public: ['preview', 'study', 'editFiles', 'manage'], private: ['preview', 'study', 'editFiles', 'manage'] },
};

describe('decide', () => {
  test.each(actorKinds)('%s: exactly the allowed actions on a public and a private course', (actor) => {
    for (const visibility of ['public', 'private'] as const) {
      const allowed = spaceActions.filter((action) => decide(actor, action, visibility));
      expect(allowed, visibility).toEqual(expected[actor][visibility]);
    }
    // 'shared' is for invited people, like 'private'.
    expect(spaceActions.filter((action) => decide(actor, action, 'shared'))).toEqual(expected[actor].private);
  });
});

describe('spaceActor', () => {
  test.each(['public', 'private'] as const)('finds every kind of actor on a %s course', async (visibility) => {
    const course = await sharedCourse(services, { visibility });
    const row = await findSpace(services.db, { uuid: course.uuid });
    expect(row?.id).toBe(course.spaceId);
    expect(await findSpace(services.db, { spaceId: course.spaceId })).toEqual(row);
    for (const kind of actorKinds) {
      const actor = await spaceActor(services.db, course.actors[kind]?.user.id ?? null, row!);
      expect(actor.kind, kind).toBe(kind);
      expect(can(actor, 'study'), kind).toBe(expected[kind][visibility].includes('study'));
    }
  });

  test('unknown ids and uuids find no space', async () => {
    expect(await findSpace(services.db, { uuid: crypto.randomUUID() })).toBeNull();
    expect(await findSpace(services.db, { spaceId: 'no-such-space' })).toBeNull();
  });
});
