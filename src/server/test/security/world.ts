import { eq } from 'drizzle-orm';
import { mindmap } from '../../db/schema';
import type { Services } from '../../services';
import type { ActorKind } from '../../sharing/permissions';
import { insertCourse, insertFile } from '../courses';
import { createUser, type TestUser } from '../harness';
import { sharedCourse, type SharedCourse } from '../sharing';
import { prepareStudyFile, type StudyFileTarget } from '../study-file';

/**
 * The data the whole-API access matrix and the fuzzing run against: a public shared course (sharedCourse: an owner and
 * one user for every actor kind of the permission model) whose visible file is ready for every study tab, an admin
 * (ADMIN_EMAILS), and a victim — a user with a course of their own nobody else may ever see anything of.
 */

/** The permission model's actor kinds, and an admin (ADMIN_EMAILS) who is a stranger to every course. */
export type ActorName = ActorKind | 'admin';

/**
 * The order the cells of one procedure run in: those whose success changes the course (the pending invitee accepting,
 * the owner removing or leaving) last.
 */
export const actorOrder = [
  'anonymous',
  'stranger',
  'admin',
  'revokedMember',
  'viewer',
  'editor',
  'publicMember',
  'pendingInvitee',
  'owner',
] as const satisfies readonly ActorName[];

/** The address ADMIN_EMAILS names in the services the world is made in (adminEnv). */
export const ADMIN_EMAIL = 'matrix-admin@example.test';
export const adminEnv = { ADMIN_EMAILS: ADMIN_EMAIL };

/** Names no answer may show to someone who may not see them; distinctive, so that a match is never a coincidence. */
export const COURSE_NAME = 'Xylotomy Seminar Q7';
export const VICTIM_COURSE_NAME = 'Vexillology Private Notes K9';
export const VICTIM_FILE_NAME = 'Zygomorphic Secrets.pdf';

export interface Victim {
  user: TestUser;
  courseId: string;
  fileId: string;
}

export interface World {
  services: Services;
  course: SharedCourse;
  /** The course's visible file, ready for every study tab. */
  study: StudyFileTarget;
  /** The id of a node of the visible file's mind map (its root). */
  mindmapNodeId: string;
  admin: TestUser;
  victim: Victim;
}

export async function createWorld(services: Services): Promise<World> {
  const course = await sharedCourse(services, { visibility: 'public', name: COURSE_NAME });
  const study = await prepareStudyFile(services, course.visibleFile.id);
  const [tree] = await services.db.select({ tree: mindmap.tree }).from(mindmap).where(eq(mindmap.fileId, study.fileId));
  if (!tree) throw new Error('the visible file has no mind map');
  const admin = await createUser(services, { email: ADMIN_EMAIL });
  const victimUser = await createUser(services);
  const victimCourse = await insertCourse(services, victimUser, { name: VICTIM_COURSE_NAME });
  const victimFile = await insertFile(services, victimUser, victimCourse.id, { name: VICTIM_FILE_NAME, status: 'ready', pages: 2 });
  return {
    services,
    course,
    study,
    mindmapNodeId: tree.tree.id,
    admin,
    victim: { user: victimUser, courseId: victimCourse.id, fileId: victimFile.id },
  };
}

/** The user behind an actor name in `course` (null: signed out); the admin is the world's. */
export function actorIn(world: World, course: SharedCourse, actor: ActorName): TestUser | null {
  return actor === 'admin' ? world.admin : course.actors[actor];
}

/** Every user of the world with the strings that identify them (id, email, username, name). */
export function identities(world: World, course: SharedCourse = world.course): Array<{ user: TestUser; strings: string[] }> {
  const users = [...Object.values(course.actors), ...Object.values(world.course.actors), world.admin, world.victim.user];
  const unique = new Map<string, TestUser>();
  for (const user of users) if (user) unique.set(user.user.id, user);
  return [...unique.values()].map((user) => ({
    user,
    strings: [user.user.id, user.user.email, user.user.username, user.user.name],
  }));
}

/** What identifies the course to someone who does not know it: its name, its files' names, and its ids. */
export function courseSecrets(world: World, course: SharedCourse = world.course): string[] {
  return [
    COURSE_NAME,
    course.courseId,
    course.spaceId,
    course.uuid,
    course.visibleFile.id,
    course.visibleFile.name,
    course.hiddenFile.id,
    course.hiddenFile.name,
  ];
}

/** What identifies the victim's course and file; nobody but the victim may ever be shown one of these. */
export function victimSecrets(world: World): string[] {
  const { victim } = world;
  const { user } = victim.user;
  return [VICTIM_COURSE_NAME, VICTIM_FILE_NAME, user.email, user.username, user.name, victim.courseId, victim.fileId];
}
