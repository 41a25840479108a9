import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { COURSE_SUBJECTS, SHARING_LIMITS } from '../../shared/sharing';
import {
  cardState,
  challenge,
  challengeAttempt,
  challengeReport,
  chatMessage,
  deck,
  flashcard,
  lesson,
  lessonProgress,
  space,
  spaceInvitation,
  spaceMember,
  unit,
  user,
} from '../db/schema';
import { AppError } from '../errors';
import { insertCourse, insertFile, mutationError } from '../test/courses';
import { callerFor, createTestServices, createUser, requestApp, trpcQueryPath, type TestUser } from '../test/harness';
import { sharedCourse, type SharedCourse } from '../test/sharing';

/** What `spaces.*` do beyond who may call them (the matrix is in trpc/routers/spaces.test.ts), and bad input. */
const services = await createTestServices();
afterAll(() => services.close());

/** The refusal a call ended in: its code, the message the person reads and its translation key. */
async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string; key: string | undefined }> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    return { code: error.code, message: error.message, key: error.cause instanceof AppError ? error.cause.messageKey : undefined };
  }
  throw new Error('the call was not refused');
}

const as = (actor: TestUser | null) => callerFor(services, actor);

async function memberRow(course: SharedCourse, actor: TestUser) {
  const [row] = await services.db
    .select()
    .from(spaceMember)
    .where(and(eq(spaceMember.spaceId, course.spaceId), eq(spaceMember.userId, actor.user.id)));
  return row;
}

describe('members', () => {
  test("a member's avatar is listed only when it passes user.updateProfile's check; any other stored value is null", async () => {
    const course = await sharedCourse(services, { visibility: 'private' });
    const viewer = course.actors.viewer!;
    const listed = async (image: string) => {
      await services.db.update(user).set({ image }).where(eq(user.id, viewer.user.id));
      const members = await as(course.owner).spaces.getMembers({ spaceId: course.spaceId });
      return members.find((entry) => entry.userId === viewer.user.id)?.image;
    };
    expect(await listed('https://images.example.test/me.png')).toBe('https://images.example.test/me.png');
    expect(await listed('javascript:alert(1)')).toBeNull();
    expect(await listed(`https://images.example.test/${'a'.repeat(2_001)}`)).toBeNull();
  });
});

describe('invitations', () => {
  test('an invitation is stored lower-cased, seen by the invitee, accepted with its role, and not sent twice', async () => {
    const course = await sharedCourse(services, { visibility: 'private' });
    const invitee = await createUser(services);
    const owner = as(course.owner);
    const invited = await owner.spaces.addMember({
      spaceId: course.spaceId,
      uuid: course.uuid,
      email: `  ${invitee.user.email.toUpperCase()} `,
      role: 'editor',
    });
    // The invitation itself, flat, with whether its email went out (README: spaces.addMember).
    expect(invited).toEqual({
      id: expect.any(String),
      email: invitee.user.email.toLowerCase(),
      role: 'editor',
      status: 'pending',
      createdAt: expect.any(String),
      emailSent: false,
    });

    const mine = await as(invitee).spaces.getMyInvitations();
    expect(mine).toEqual([
      expect.objectContaining({ id: invited.id, spaceId: course.spaceId, uuid: course.uuid, spaceName: 'Shared Biology', role: 'editor' }),
    ]);
    const landing = await as(invitee).spaces.getSpaceContent({ uuid: course.uuid });
    expect(landing.access).toMatchObject({ canAcceptInvitation: true, canStudy: false, canJoin: false });
    expect(landing.invitationId).toBe(invited.id);
    expect(landing.files.map((entry) => entry.fileId)).toEqual([course.visibleFile.id]);

    expect(await as(invitee).spaces.acceptInvitation({ invitationId: invited.id })).toEqual({ spaceId: course.spaceId, uuid: course.uuid });
    expect(await memberRow(course, invitee)).toMatchObject({ role: 'editor', isInvited: true, revokedAt: null });
    const context = await as(invitee).spaces.getSharedContext({ uuid: course.uuid, id: course.visibleFile.id });
    expect(context).toEqual({
      spaceName: 'Shared Biology',
      sharedSpaceId: course.spaceId,
      fileName: 'Cells.pdf',
      extension: 'pdf',
      videoId: null,
      directoryName: 'Shared Biology',
      directoryId: course.courseId,
      uuid: course.uuid,
      id: course.visibleFile.id,
      canEdit: true,
      isOwner: false,
    });
    expect((await as(invitee).spaces.getUserSpaces()).member).toEqual([expect.objectContaining({ id: course.spaceId, role: 'editor', isOwner: false })]);
    expect(await as(invitee).spaces.getMyInvitations()).toEqual([]);
    const invitations = await owner.spaces.getInvitations({ spaceId: course.spaceId });
    expect(invitations.find((entry) => entry.id === invited.id)?.status).toBe('accepted');
    expect((await owner.spaces.getMembers({ spaceId: course.spaceId })).map((entry) => entry.userId)).toContain(invitee.user.id);

    const again = await mutationError(services, course.owner, 'spaces.addMember', {
      spaceId: course.spaceId,
      uuid: course.uuid,
      email: invitee.user.email.toUpperCase(),
      role: 'viewer',
    });
    expect(again).toMatchObject({ status: 409, message: 'This email has already been invited', data: { messageKey: 'inviteAlreadyInvited' } });
  });

  test("someone else's invitation cannot be accepted, and an unknown one is not found", async () => {
    const course = await sharedCourse(services, { visibility: 'public' });
    const [pending] = await services.db
      .select({ id: spaceInvitation.id })
      .from(spaceInvitation)
      .where(and(eq(spaceInvitation.spaceId, course.spaceId), eq(spaceInvitation.status, 'pending')));
    expect(await refusal(as(course.actors.stranger).spaces.acceptInvitation({ invitationId: pending!.id }))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You have no invitation to this course.',
    });
    expect(await refusal(as(course.actors.stranger).spaces.acceptInvitation({ invitationId: randomUUID() }))).toMatchObject({
      code: 'NOT_FOUND',
      key: 'invitationNotFound',
    });
  });

  test('revoking ends access at once and keeps the row; a new invitation lets the member back in', async () => {
    const course = await sharedCourse(services, { visibility: 'public' });
    const viewer = course.actors.viewer!;
    // A public-link member invited to edit has a pending invitation: revoking them withdraws it.
    const publicMember = course.actors.publicMember!;
    await as(course.owner).spaces.addMember({ spaceId: course.spaceId, uuid: course.uuid, email: publicMember.user.email, role: 'editor' });
    await as(course.owner).spaces.removeMember({ spaceId: course.spaceId, memberId: course.memberIds.publicMember! });
    const left = await services.db.select().from(spaceInvitation).where(eq(spaceInvitation.email, publicMember.user.email.toLowerCase()));
    expect(left).toEqual([]);

    expect(await as(course.owner).spaces.removeMember({ spaceId: course.spaceId, memberId: course.memberIds.viewer! })).toEqual({ success: true });
    expect((await memberRow(course, viewer))?.revokedAt).toBeInstanceOf(Date);
    const revoked = { code: 'FORBIDDEN', message: 'Your access to this course was revoked. Ask its owner to invite you again.', key: 'spaceAccessRevoked' };
    expect(await refusal(as(viewer).spaces.getSharedContext({ uuid: course.uuid, id: course.visibleFile.id }))).toEqual(revoked);
    expect(await refusal(as(viewer).spaces.getSpaceByUuid({ uuid: course.uuid }))).toEqual(revoked);
    expect(await refusal(as(viewer).spaces.getSpaceContent({ spaceId: course.spaceId }))).toEqual(revoked);
    expect(await refusal(as(viewer).spaces.getSpaceContent({ uuid: course.uuid }))).toEqual(revoked);
    expect(await refusal(as(viewer).spaces.joinPublicSpace({ uuid: course.uuid }))).toEqual(revoked);
    expect((await as(viewer).spaces.getUserSpaces()).member).toEqual([]);
    expect((await as(course.owner).spaces.getMembers({ spaceId: course.spaceId })).map((entry) => entry.userId)).not.toContain(viewer.user.id);

    const again = await as(course.owner).spaces.addMember({ spaceId: course.spaceId, uuid: course.uuid, email: viewer.user.email, role: 'viewer' });
    expect(again.status).toBe('pending');
    await as(viewer).spaces.acceptInvitation({ invitationId: again.id });
    expect(await memberRow(course, viewer)).toMatchObject({ revokedAt: null, isInvited: true, role: 'viewer' });
    expect((await as(viewer).spaces.getSharedContext({ uuid: course.uuid, id: course.visibleFile.id })).canEdit).toBe(false);
  });

  test('removeMember answers NOT_FOUND for a member of another space', async () => {
    const course = await sharedCourse(services, { visibility: 'private' });
    const other = await sharedCourse(services, { visibility: 'private', name: 'Secret Chemistry' });
    const refused = await refusal(as(course.owner).spaces.removeMember({ spaceId: course.spaceId, memberId: other.memberIds.viewer! }));
    expect(refused).toMatchObject({ code: 'NOT_FOUND', key: 'spaceMemberNotFound' });
    expect((await memberRow(other, other.actors.viewer!))?.revokedAt).toBeNull();
  });
});

describe('joining and leaving', () => {
  test('joining a public course makes a public-link member; a pending invitee joining accepts the invitation', async () => {
    const course = await sharedCourse(services, { visibility: 'public' });
    const stranger = course.actors.stranger!;
    expect(await as(stranger).spaces.joinPublicSpace({ uuid: course.uuid })).toEqual({ spaceId: course.spaceId, uuid: course.uuid });
    expect(await memberRow(course, stranger)).toMatchObject({ isInvited: false, role: 'viewer', revokedAt: null });
    expect(await refusal(as(stranger).spaces.joinPublicSpace({ uuid: course.uuid }))).toMatchObject({ code: 'FORBIDDEN', key: 'spaceAlreadyMember' });

    await as(course.actors.pendingInvitee).spaces.joinPublicSpace({ uuid: course.uuid });
    expect(await memberRow(course, course.actors.pendingInvitee!)).toMatchObject({ isInvited: true });
    expect(await as(course.actors.pendingInvitee).spaces.getMyInvitations()).toEqual([]);
  });

  test('leaving deletes the membership, the invitation and the progress in this course only', async () => {
    const course = await sharedCourse(services, { visibility: 'private' });
    const editor = course.actors.editor!;
    const db = services.db;
    const [unitRow] = await db.insert(unit).values({ fileId: course.visibleFile.id, title: 'U', description: 'D', position: 0 }).returning();
    const [lessonRow] = await db.insert(lesson).values({ unitId: unitRow!.id, title: 'L', position: 0 }).returning();
    const [challengeRow] = await db
      .insert(challenge)
      .values({ lessonId: lessonRow!.id, type: 'true_false', question: 'Q?', explanation: 'E', payload: { answer: true }, position: 0 })
      .returning();
    await db.insert(challengeAttempt).values({
      userId: editor.user.id,
      challengeId: challengeRow!.id,
      lessonId: lessonRow!.id,
      unitId: unitRow!.id,
      status: 'correct',
      timeToCompleteMs: 1000,
      runId: 'run',
    });
    await db.insert(lessonProgress).values({ userId: editor.user.id, lessonId: lessonRow!.id, unitId: unitRow!.id });
    await db.insert(challengeReport).values({ userId: editor.user.id, challengeId: challengeRow!.id });
    const [generated] = await db.insert(deck).values({ fileId: course.visibleFile.id, title: 'Generated', generated: true }).returning();
    const [card] = await db.insert(flashcard).values({ deckId: generated!.id, kind: 'basic', front: 'F', back: 'B', position: 0 }).returning();
    await db.insert(cardState).values({
      userId: editor.user.id,
      cardId: card!.id,
      due: new Date(),
      stability: 1,
      difficulty: 1,
      elapsedDays: 0,
      scheduledDays: 0,
      reps: 1,
      lapses: 0,
      state: 1,
    });
    await db.insert(deck).values({ fileId: course.visibleFile.id, title: 'My cards', ownerId: editor.user.id });
    await db.insert(chatMessage).values({ userId: editor.user.id, directoryId: course.courseId, fileId: course.visibleFile.id, role: 'user', content: 'Hi' });
    // The editor's own course keeps its chat.
    const ownCourse = await insertCourse(services, editor, { name: 'Mine' });
    await db.insert(chatMessage).values({ userId: editor.user.id, directoryId: ownCourse.id, role: 'user', content: 'Mine' });

    expect(await as(editor).spaces.leaveSpace({ spaceId: course.spaceId })).toEqual({ success: true });
    expect(await memberRow(course, editor)).toBeUndefined();
    expect(await db.select().from(challengeAttempt).where(eq(challengeAttempt.userId, editor.user.id))).toEqual([]);
    expect(await db.select().from(lessonProgress).where(eq(lessonProgress.userId, editor.user.id))).toEqual([]);
    expect(await db.select().from(challengeReport).where(eq(challengeReport.userId, editor.user.id))).toEqual([]);
    expect(await db.select().from(cardState).where(eq(cardState.userId, editor.user.id))).toEqual([]);
    expect(await db.select().from(deck).where(eq(deck.ownerId, editor.user.id))).toEqual([]);
    expect((await db.select().from(chatMessage).where(eq(chatMessage.userId, editor.user.id))).map((row) => row.content)).toEqual(['Mine']);
    // The generated deck every student studies stays.
    expect(await db.select({ id: deck.id }).from(deck).where(eq(deck.id, generated!.id))).toHaveLength(1);
    const emails = (await as(course.owner).spaces.getInvitations({ spaceId: course.spaceId })).map((entry) => entry.email);
    expect(emails).not.toContain(editor.user.email.toLowerCase());
    expect(await refusal(as(editor).spaces.getSharedContext({ uuid: course.uuid, id: course.visibleFile.id }))).toMatchObject({ code: 'NOT_FOUND' });
    // Invited again, they can come back.
    const again = await as(course.owner).spaces.addMember({ spaceId: course.spaceId, uuid: course.uuid, email: editor.user.email, role: 'viewer' });
    await as(editor).spaces.acceptInvitation({ invitationId: again.id });
    expect(await memberRow(course, editor)).toMatchObject({ role: 'viewer', isInvited: true });
  });

  test('the owner cannot leave their own course', async () => {
    const course = await sharedCourse(services, { visibility: 'public' });
    expect(await refusal(as(course.owner).spaces.leaveSpace({ spaceId: course.spaceId }))).toMatchObject({ code: 'FORBIDDEN', key: 'spaceOwnCourse' });
  });
});

describe('visibility, details and files', () => {
  test("a member's shared context of a video link carries its video id, so the viewer can embed it", async () => {
    const course = await sharedCourse(services, { visibility: 'public' });
    const video = await insertFile(services, course.owner, course.courseId, {
      name: 'Lecture video.txt',
      extension: 'txt',
      mimeType: 'text/plain',
      videoId: 'dQw4w9WgXcQ',
      status: 'ready',
      pages: 1,
    });
    const context = await as(course.actors.viewer).spaces.getSharedContext({ uuid: course.uuid, id: video.id });
    expect(context).toMatchObject({ fileName: 'Lecture video.txt', videoId: 'dQw4w9WgXcQ' });
  });

  test('making a public course private needs MAKE PRIVATE while public-link members exist; they lose access, invited ones keep it', async () => {
    const course = await sharedCourse(services, { visibility: 'public' });
    const owner = as(course.owner);
    expect((await owner.spaces.getSpaceContent({ spaceId: course.spaceId })).publicMemberCount).toBe(1);
    expect((await as(course.actors.viewer).spaces.getSpaceContent({ spaceId: course.spaceId })).publicMemberCount).toBe(0);
    const unconfirmed = await mutationError(services, course.owner, 'spaces.updateSpace', { id: course.spaceId, uuid: course.uuid, visibility: 'private' });
    expect(unconfirmed).toMatchObject({
      status: 400,
      message: '1 person joined through the public link and will lose access. Type MAKE PRIVATE to confirm.',
      data: { messageKey: 'spaceConfirmMakePrivate', messageParams: { count: 1 } },
    });
    const wrong = await refusal(owner.spaces.updateSpace({ id: course.spaceId, uuid: course.uuid, visibility: 'private', confirm: 'make private' }));
    expect(wrong.key).toBe('spaceConfirmMakePrivate');
    expect(await owner.spaces.updateSpace({ id: course.spaceId, uuid: course.uuid, visibility: 'private', confirm: 'MAKE PRIVATE' })).toEqual({
      visibility: 'private',
    });
    const nowPrivate = { code: 'FORBIDDEN', message: 'This course is private now. Only people its owner invites can open it.', key: 'spacePrivate' };
    expect(await refusal(as(course.actors.publicMember).spaces.getSpaceByUuid({ uuid: course.uuid }))).toEqual(nowPrivate);
    expect(await refusal(as(course.actors.publicMember).spaces.getSpaceContent({ spaceId: course.spaceId }))).toEqual(nowPrivate);
    // Someone who never was a member cannot tell the private course from an unknown one.
    expect(await refusal(as(course.actors.stranger).spaces.getSpaceByUuid({ uuid: course.uuid }))).toMatchObject({ code: 'NOT_FOUND', key: 'spaceNotFound' });
    expect((await as(course.actors.publicMember).spaces.getUserSpaces()).member).toEqual([]);
    expect((await as(course.actors.viewer).spaces.getSharedContext({ uuid: course.uuid, id: course.visibleFile.id })).spaceName).toBe('Shared Biology');
    expect(await owner.spaces.updateSpace({ id: course.spaceId, uuid: course.uuid, visibility: 'public' })).toEqual({ visibility: 'public' });
    // Without public-link members, making private is immediate.
    const quiet = await sharedCourse(services, { visibility: 'public' });
    await as(quiet.actors.publicMember).spaces.leaveSpace({ spaceId: quiet.spaceId });
    expect(await as(quiet.owner).spaces.updateSpace({ id: quiet.spaceId, uuid: quiet.uuid, visibility: 'private' })).toEqual({ visibility: 'private' });
  });

  test('details: tags from the subject list, each once, at most ten; the description at most 2000 characters', async () => {
    const course = await sharedCourse(services, { visibility: 'public' });
    const owner = as(course.owner);
    const ids = { id: course.spaceId, uuid: course.uuid };
    await owner.spaces.updateSpace({ ...ids, description: '  Cells.  ', tags: ['biology', 'Computer Science'] });
    const [stored] = await services.db.select({ description: space.description, tags: space.tags }).from(space).where(eq(space.id, course.spaceId));
    expect(stored).toEqual({ description: 'Cells.', tags: ['Biology', 'Computer Science'] });

    const cases: Array<[string, { description: string; tags: string[] }, string]> = [
      ['a duplicate tag', { description: '', tags: ['Biology', 'BIOLOGY'] }, 'Tag already exists'],
      ['a tag outside the list', { description: '', tags: ['All'] }, 'Choose the tags from the list of subjects.'],
      ['a 500-character tag', { description: '', tags: ['x'.repeat(500)] }, 'Choose the tags from the list of subjects.'],
      ['eleven tags', { description: '', tags: COURSE_SUBJECTS.slice(0, 11) as unknown as string[] }, 'A course may have at most 10 tags.'],
      ['a 2001-character description', { description: 'd'.repeat(2001), tags: [] }, 'The description may have at most 2000 characters.'],
    ];
    for (const [name, details, message] of cases) {
      expect({ name, ...(await refusal(owner.spaces.updateSpace({ ...ids, ...details }))) }).toMatchObject({ name, code: 'BAD_REQUEST', message });
    }
    const [unchanged] = await services.db.select({ tags: space.tags }).from(space).where(eq(space.id, course.spaceId));
    expect(unchanged?.tags).toEqual(['Biology', 'Computer Science']);
    expect(SHARING_LIMITS.maxTags).toBe(10);
  });

  test('file visibility: members see visible files only, and the last visible file cannot be hidden', async () => {
    const course = await sharedCourse(services, { visibility: 'public' });
    const owner = as(course.owner);
    const ids = { spaceId: course.spaceId, uuid: course.uuid };
    const last = await mutationError(services, course.owner, 'spaces.toggleContentVisibility', { ...ids, fileId: course.visibleFile.id, isVisible: false });
    expect(last).toMatchObject({ status: 400, message: 'At least one file must remain visible in the shared course!', data: { messageKey: 'spaceLastVisibleFile' } });

    expect((await owner.spaces.getSpaceContent({ spaceId: course.spaceId })).files.map((entry) => [entry.file.name, entry.isVisible])).toEqual([
      ['Cells.pdf', true],
      ['Draft.pdf', false],
    ]);
    const viewer = as(course.actors.viewer);
    expect((await viewer.spaces.getSpaceContent({ uuid: course.uuid })).files.map((entry) => entry.file.name)).toEqual(['Cells.pdf']);
    expect(await refusal(viewer.spaces.getSharedContext({ uuid: course.uuid, id: course.hiddenFile.id }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'File not found. Try to refresh the page.',
    });
    expect(await owner.spaces.getSharedContext({ uuid: course.uuid, id: course.hiddenFile.id })).toMatchObject({ canEdit: true, isOwner: true });

    expect(await owner.spaces.toggleContentVisibility({ ...ids, fileId: course.hiddenFile.id, isVisible: true })).toEqual({
      fileId: course.hiddenFile.id,
      isVisible: true,
    });
    await owner.spaces.toggleContentVisibility({ ...ids, fileId: course.visibleFile.id, isVisible: false });
    expect((await viewer.spaces.getAllSharedCoursesWithFiles())[0]?.files.map((entry) => entry.name)).toEqual(['Draft.pdf']);

    // A file of another course of the owner is not part of this one.
    const otherCourse = await insertCourse(services, course.owner, { name: 'Other' });
    const otherFile = await insertFile(services, course.owner, otherCourse.id, { name: 'Other.pdf' });
    expect(await refusal(owner.spaces.toggleContentVisibility({ ...ids, fileId: otherFile.id, isVisible: false }))).toMatchObject({ code: 'NOT_FOUND' });
  });

  test('createSpace shares a course once: asked again it answers the same space', async () => {
    const owner = await createUser(services);
    const course = await insertCourse(services, owner, { name: 'Physics' });
    expect(await as(owner).spaces.isDirectoryShared({ directoryId: course.id })).toEqual({ isShared: false, spaceInfo: null });
    const created = await as(owner).spaces.createSpace({ name: '  ', description: '', visibility: 'public', directoryId: course.id });
    expect(await as(owner).spaces.createSpace({ name: 'Physics', description: '', visibility: 'private', directoryId: course.id })).toEqual(created);
    expect(await as(owner).spaces.isDirectoryShared({ directoryId: course.id })).toEqual({
      isShared: true,
      spaceInfo: { id: created.id, uuid: created.uuid, visibility: 'public', isOwner: true },
    });
    const content = await as(owner).spaces.getSpaceContent({ spaceId: created.id });
    expect(content).toMatchObject({ name: 'Physics', visibility: 'public', isOwner: true, role: 'owner', membershipId: null, files: [] });
    const stranger = await createUser(services);
    expect(await refusal(as(stranger).spaces.createSpace({ name: 'Mine', description: '', visibility: 'public', directoryId: course.id }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Course not found. Try to refresh the page.',
    });
  });
});

describe('descriptions and public courses', () => {
  test('generateDescriptionAndTags describes the course in chunks, stores it, and refuses others and signed-out callers', async () => {
    const course = await sharedCourse(services, { visibility: 'public' });
    const owner = as(course.owner);
    const generated = await owner.spaces.generateDescriptionAndTags({ spaceId: course.spaceId, userId: course.owner.user.id, onlyDescription: false });
    expect(generated.chunks.length).toBeGreaterThan(1);
    for (const tag of generated.tags) expect(COURSE_SUBJECTS).toContain(tag);
    const [stored] = await services.db.select().from(space).where(eq(space.id, course.spaceId));
    expect(stored).toMatchObject({ description: generated.chunks.join('').trim(), tags: generated.tags, hasGeneratedDescription: true });

    await owner.spaces.updateSpace({ id: course.spaceId, uuid: course.uuid, description: 'x', tags: ['Law'] });
    const onlyDescription = await owner.spaces.generateDescriptionAndTags({ spaceId: course.spaceId, userId: course.owner.user.id, onlyDescription: true });
    expect(onlyDescription.tags).toEqual(['Law']);
    const [kept] = await services.db.select({ tags: space.tags }).from(space).where(eq(space.id, course.spaceId));
    expect(kept?.tags).toEqual(['Law']);

    const signedOut = await requestApp(services, '/api/trpc/spaces.generateDescriptionAndTags', {
      method: 'POST',
      json: { json: { spaceId: course.spaceId, userId: course.owner.user.id, onlyDescription: false } },
    });
    expect(signedOut.status).toBe(401);
    expect(((await signedOut.json()) as { error: { json: { message: string } } }).error.json.message).toBe('You must be logged in to generate content');
    expect(
      await refusal(as(course.owner).spaces.generateDescriptionAndTags({ spaceId: course.spaceId, userId: course.actors.viewer!.user.id, onlyDescription: false })),
    ).toMatchObject({ code: 'FORBIDDEN', key: 'spaceOtherUser' });
  });

  test('listPublicCourses: public only, search in name, description and tags, subject filter, newest first, joined flag', async () => {
    const tag = `zq${randomUUID().slice(0, 8)}`;
    const first = await sharedCourse(services, { visibility: 'public', name: `Old ${tag} Course` });
    const second = await sharedCourse(services, { visibility: 'public', name: 'Plain' });
    await as(second.owner).spaces.updateSpace({ id: second.spaceId, uuid: second.uuid, description: `About ${tag.toUpperCase()} 100%`, tags: ['Math'] });
    const hidden = await sharedCourse(services, { visibility: 'private', name: `Private ${tag}` });
    const reader = as(first.actors.viewer);
    const found = await reader.spaces.listPublicCourses({ search: tag });
    expect(found.map((entry) => entry.id)).toEqual([second.spaceId, first.spaceId]);
    expect(found.map((entry) => entry.joined)).toEqual([false, true]);
    expect(found[1]).toMatchObject({ ownerName: first.owner.user.name, fileCount: 1, memberCount: 3, tags: ['Biology'] });
    expect(found.map((entry) => entry.id)).not.toContain(hidden.spaceId);
    expect((await reader.spaces.listPublicCourses({ search: tag, subject: 'Math' })).map((entry) => entry.id)).toEqual([second.spaceId]);
    expect((await reader.spaces.listPublicCourses({ search: tag, subject: 'All' })).length).toBe(2);
    // '%' is a character, not a wildcard.
    expect((await reader.spaces.listPublicCourses({ search: `${tag} 100%` })).map((entry) => entry.id)).toEqual([second.spaceId]);
    expect((await reader.spaces.listPublicCourses({ search: '%' })).every((entry) => entry.description.includes('%') || entry.name.includes('%'))).toBe(true);
    // Tags are searched as words, not as their stored JSON: '"' finds nothing of it.
    expect((await reader.spaces.listPublicCourses({ search: 'biolog' })).map((entry) => entry.id)).toContain(first.spaceId);
    expect((await reader.spaces.listPublicCourses({ search: '"' })).map((entry) => entry.id)).not.toContain(first.spaceId);
    expect(await refusal(reader.spaces.listPublicCourses({ search: 's'.repeat(101) }))).toMatchObject({ code: 'BAD_REQUEST', key: 'courseSearchTooLong' });
  });
});

describe('bad input', () => {
  test('guessed and malformed uuids: not found, or refused as malformed', async () => {
    const course = await sharedCourse(services, { visibility: 'public' });
    const user = as(course.actors.stranger);
    expect(await refusal(user.spaces.getSpaceByUuid({ uuid: randomUUID() }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Shared course not found. Check the link or ask its owner for a new one.',
      key: 'spaceNotFound',
    });
    for (const uuid of ['abc', `${course.uuid}x`, "' or 1=1 --", '']) {
      expect(await refusal(user.spaces.getSpaceByUuid({ uuid }))).toMatchObject({ code: 'BAD_REQUEST' });
    }
    const response = await requestApp(services, trpcQueryPath('spaces.getSpaceContent', { uuid: 'not-a-uuid' }), { headers: course.actors.stranger!.headers });
    expect(response.status).toBe(400);
    expect(await refusal(user.spaces.getSpaceContent({ spaceId: course.spaceId, extra: 1 } as never))).toMatchObject({ code: 'BAD_REQUEST' });
  });

  test("an id of another space with this space's uuid is not found, and names neither", async () => {
    const course = await sharedCourse(services, { visibility: 'public' });
    const secret = await sharedCourse(services, { visibility: 'private', name: 'Secret Chemistry' });
    // Started one at a time: a promise made before it is awaited would reject unhandled.
    const calls = [
      () => as(course.owner).spaces.updateSpace({ id: secret.spaceId, uuid: course.uuid, visibility: 'public' }),
      () => as(course.owner).spaces.addMember({ spaceId: secret.spaceId, uuid: course.uuid, email: 'a@example.test', role: 'viewer' }),
      () => as(course.owner).spaces.toggleContentVisibility({ spaceId: secret.spaceId, uuid: course.uuid, fileId: secret.hiddenFile.id, isVisible: true }),
      () => as(course.owner).spaces.getInvitations({ spaceId: secret.spaceId }),
      () => as(course.owner).spaces.getSharedContext({ uuid: course.uuid, id: secret.visibleFile.id }),
      () => as(course.owner).spaces.getSpaceContent({ spaceId: secret.spaceId }),
    ];
    for (const call of calls) {
      const refused = await refusal(call());
      expect(refused.code).toBe('NOT_FOUND');
      expect(refused.message).not.toMatch(/Secret|Chemistry|Shared Biology/);
    }
    const [row] = await services.db.select({ visibility: space.visibility }).from(space).where(eq(space.id, secret.spaceId));
    expect(row?.visibility).toBe('private');
  });

  test('invitations to blank, malformed, 300-character and own addresses are refused with clear messages', async () => {
    const course = await sharedCourse(services, { visibility: 'private' });
    const ids = { spaceId: course.spaceId, uuid: course.uuid, role: 'viewer' as const };
    const cases: Array<[string, string, string]> = [
      ['blank', '', 'Please enter an email address'],
      ['spaces', '   ', 'Please enter an email address'],
      ['malformed', 'not-an-email', 'Please enter a valid email address.'],
      ['two at signs', 'a@@example.test', 'Please enter a valid email address.'],
      ['300 characters', `${'a'.repeat(288)}@example.test`, 'An email address may have at most 254 characters.'],
      ["the owner's own", course.owner.user.email.toUpperCase(), 'You own this course, so you cannot invite yourself.'],
    ];
    for (const [name, email, message] of cases) {
      const refused = await mutationError(services, course.owner, 'spaces.addMember', { ...ids, email });
      expect({ name, status: refused.status, message: refused.message }).toEqual({ name, status: 400, message });
    }
    const huge = await refusal(as(course.owner).spaces.addMember({ ...ids, email: 'a'.repeat(6000) }));
    expect(huge.code).toBe('BAD_REQUEST');
    expect(await services.db.select().from(spaceInvitation).where(eq(spaceInvitation.spaceId, course.spaceId))).toHaveLength(3);
  });

  test('the 501st invitation is refused', async () => {
    const course = await sharedCourse(services, { visibility: 'private' });
    const rows = Array.from({ length: SHARING_LIMITS.maxInvitationsPerSpace - 3 }, (_, index) => ({
      spaceId: course.spaceId,
      email: `bulk${index}@example.test`,
      invitedBy: course.owner.user.id,
    }));
    await services.db.insert(spaceInvitation).values(rows);
    const refused = await mutationError(services, course.owner, 'spaces.addMember', { spaceId: course.spaceId, uuid: course.uuid, email: 'one-more@example.test', role: 'viewer' });
    expect(refused).toMatchObject({ status: 400, message: 'This course has reached the limit of 500 invitations.', data: { messageKey: 'inviteLimitReached' } });
    expect(await services.db.select().from(spaceInvitation).where(eq(spaceInvitation.spaceId, course.spaceId))).toHaveLength(500);
  });
});
